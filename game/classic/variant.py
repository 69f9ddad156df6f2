"""The classic game and its Pro variants (Tactique, Logique) as entries of the variant registry."""

from __future__ import annotations

from functools import partial

from ..messages.classic import MENU, TITLES
from ..variants import Seat, Variant
from . import page, seat, state
from .bots import HeuristicBot
from .draw import step_html
from .cards import HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, ROWS, classic_deck, tactique_deck
from .play import MOST, OPTIONS, REACHES, Options
from .replay import replay, run, step_hooks
from .table import LIMIT


def tool_numbers(name: str) -> dict:
    """Classic, Tactique, Logique: 10 cards each, 4 rows; the end is a target or a number of rounds."""
    default = Options()
    return {
        # number cards in play by number of players (Tactique and Logique use 1..10n+4 only)
        "deal": {"hand": HAND_SIZE, "specials": 0, "rows": ROWS,
                 "deck": {str(n): len(classic_deck() if name == "classic" else tactique_deck(n))
                          for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}},
        "max_rows": ROWS, "row_limit": LIMIT,
        # Options.game_over: after the round where the highest total `compare`s the target
        # (with strict, « plus de 66 », `strict_compare`), or after `rounds` rounds when set
        "end": {"target": default.target, "compare": REACHES[False][0], "strict_compare": REACHES[True][0],
                "strict": default.strict, "rounds": default.rounds, "target_max": MOST, "rounds_max": MOST},
        "winners": "fewest", "negative_scores": False,
    }


MOST_CARDS = {"heuristic": 2_000_000, "random": 30_000_000}
"""Cards the robots of a `simulate` run may play: about a minute on a slow machine (two shared
cores), at ~50,000 cards a second with heuristic robots, ~1,000,000 with random ones (Logique's
draft: ~300,000, a third of the random robots' cards)."""
ROUNDS_AT_66 = {2: 7, 3: 5, 4: 5, 5: 5}
"""Rounds a game to 66 lasts on average (4 from 6 players); they grow with the target."""


def run_cost(name: str, players: int, options: dict, bot: str) -> tuple:
    if "rounds" in options:
        rounds, why = options["rounds"], f"{options['rounds']} rounds"
    else:   # measured at the default target: scale it
        target = options.get("target", Options.target)
        rounds = -(-ROUNDS_AT_66.get(players, 4) * target // Options.target)
        why = f"about {rounds} rounds to reach {target}"
    most = MOST_CARDS[bot] // (3 if name == "logique" and bot == "random" else 1)
    return rounds * players * HAND_SIZE, why, most


def variant(name: str) -> Variant:
    return Variant(
        name=name, title=TITLES[name], menu=MENU[name], min_players=MIN_PLAYERS, max_players=MAX_PLAYERS,
        replay=replay, result=run, step_html=step_html, page_step=page.page_step,
        with_choice=page.with_choice,
        new_game=partial(state.new_game, variant=name),
        from_json=state.from_json,
        bots={"heuristic": HeuristicBot},   # "random": game.state.RandomBot
        options=OPTIONS,
        simulator="game.classic.simulate",
        what_if=page.edited_scenario,
        seat=Seat(view=seat.seat_view, round_scenario=seat.round_scenario, steps=step_hooks,
                  from_scenario=seat.from_scenario, advice=seat.advice),
        tool_numbers=partial(tool_numbers, name), run_cost=partial(run_cost, name),
    )
