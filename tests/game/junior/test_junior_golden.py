"""Golden playthroughs of Junior: the French text of one seeded game per level, word for word.

One line per event, through `game.messages.explain` (the dispatcher the site uses). Any change of
a rule, a bot, the deal or a French sentence shows as a diff, to be read and accepted on purpose:

    GOLDEN_UPDATE=1 .venv/bin/python -m pytest tests/game/junior/test_junior_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.junior.scenario import to_scenario
from game.junior.variant import result
from game.junior.state import run_game
from game.messages import explain

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("GOLDEN_UPDATE") == "1"
PLAYERS = ["Léa", "Olivier", "Emma"]
GAMES = {
    "base-3-joueurs-graine-1.txt": ("base", 1),
    "avance-3-joueurs-graine-2.txt": ("avance", 2),
    "expert-3-joueurs-graine-3.txt": ("expert", 3),
}


def playthrough(level, seed) -> str:
    first, moves, _ = run_game(level, PLAYERS, seed)
    return "".join(explain(e) + "\n" for e in result(to_scenario(first, moves))["events"])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name):
    text = playthrough(*GAMES[name])
    path = GOLDEN / name
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing: run GOLDEN_UPDATE=1 pytest {__file__}"
    assert text == path.read_text(encoding="utf-8")
