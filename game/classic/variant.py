"""The classic game and its Pro variants (Tactique, Logique) as entries of the variant registry."""

from __future__ import annotations

from functools import partial

from ..messages.classic import MENU, TITLES
from ..variants import Variant
from . import page, seat, state
from .bots import HeuristicBot
from .draw import step_html
from .cards import MAX_PLAYERS, MIN_PLAYERS
from .play import OPTIONS
from .replay import replay, run


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
        seat_view=seat.seat_view, round_scenario=seat.round_scenario, round_steps=seat.round_steps,
        from_scenario=seat.from_scenario,
        advice=seat.advice,
    )
