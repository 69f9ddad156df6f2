"""« 6 qui surprend ! » (special cards) as an entry of the variant registry."""

from __future__ import annotations

from functools import partial

from ..classic import page
from ..classic.cards import HIGHEST
from ..classic.table import LIMIT
from ..messages import specials as say
from ..variants import Seat, Variant
from . import cards, seat, state
from .bots import SpecialBot
from .cards import MAX_PLAYERS, MAX_ROWS, MIN_PLAYERS
from .draw import comparison_html, step_html
from .replay import compare, replay, run, step_hooks


def tool_numbers() -> dict:
    """« 6 qui surprend ! »: 12 number cards and 3 special cards each, exactly 2 rounds."""
    return {
        "deal": {"hand": cards.NUMBER_CARDS_EACH, "specials": cards.SPECIAL_CARDS_EACH,
                 "rows": cards.ROWS, "deck": {str(n): HIGHEST for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}},
        "max_rows": MAX_ROWS, "row_limit": LIMIT,
        "end": {"target": None, "compare": None, "strict_compare": None, "strict": False,
                "rounds": cards.ROUNDS},
        "winners": "fewest",
        "negative_scores": True,   # Négatif = positif: a round's heads may go below zero (−3)
    }


def run_cost(players: int, options: dict, bot: str) -> tuple:
    """~8,000 cards a second with heuristic robots, ~10,000 with random ones (which list every
    legal move, each special card tried on a copy of the round): about a minute."""
    return (cards.ROUNDS * players * cards.NUMBER_CARDS_EACH, f"{cards.ROUNDS} rounds",
            {"heuristic": 250_000, "random": 600_000}[bot])


def variant(name: str) -> Variant:
    return Variant(
        name=name, title=say.TITLE, menu=say.MENU, min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS, replay=replay, result=run, step_html=step_html,
        page_step=partial(page.page_step, draw=step_html, replay=replay, rows=MAX_ROWS),
        # A 5e série may add a row during the replay: the bound is the variant's, the engine
        # checks the rest.
        with_choice=partial(page.with_choice, rows=MAX_ROWS),
        new_game=state.SpecialState, from_json=state.from_json,
        bots={"heuristic": SpecialBot},
        seat=Seat(view=seat.seat_view, move_label=seat.move_label, decision_text=seat.decision_text,
                  round_scenario=seat.round_scenario, steps=partial(step_hooks, draw=False, stop=None),
                  from_scenario=state.from_scenario, advice=seat.advice),
        comparison=lambda scenario: comparison_html(scenario, compare(scenario)),
        tool_numbers=tool_numbers, run_cost=run_cost,
    )
