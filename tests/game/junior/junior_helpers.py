"""Helpers shared by the Junior tests (a distinct name: test folders share one import path)."""

import copy
import json
from pathlib import Path

import pytest

from game.errors import GameError
from game.junior.cows import cards_with
from game.junior.rules import play
from game.junior.state import from_scenario
from game.messages import reader_errors

SCENARIOS = Path(__file__).parent / "scenarios"


def card(letters: str, nth: int = 0) -> int:
    """The id of the nth card with exactly these cows (tests name cards as players see them)."""
    return cards_with(letters)[nth]


def scenario(name: str) -> dict:
    return json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))


def final_state(scenario) -> dict:
    """The state once every move of the scenario is played."""
    return from_scenario(scenario).data


def refused(state, player, card_id, row) -> GameError:
    """Play an illegal move; assert it raises GameError and leaves the state untouched."""
    before = copy.deepcopy(state)
    with pytest.raises(GameError) as info:
        play(state, player, card_id, row)
    assert state == before
    return info.value


def french(error: GameError) -> str:
    """What a reader sees of a refusal: the engine's English worded by game.messages."""
    return reader_errors.for_error(error)
