"""The browser's Pyodide (Python 3.14) deals, plays and draws Junior exactly as CPython does."""

import json

import pytest

# Whole games of each level from seeded deals, with their replay steps (text and SVG included).
CODE = """
import json, sys
from game.junior.scenario import to_scenario
from game.junior.variant import replay
from game.junior.state import run_game
games = []
for level in ("base", "avance", "expert"):
    for seed in (1, 2):
        first, moves, final = run_game(level, ["Léa", "Tom", "Zoé"], seed,
                                       bot={"Léa": "heuristic", "Tom": "random", "Zoé": "heuristic"})
        games.append({"deck": first["deck"], "moves": moves, "final": final,
                      "steps": replay(to_scenario(first, moves))})
out = json.dumps({"python": sys.version.split()[0], "games": games}, ensure_ascii=False)
"""


@pytest.mark.node
def test_pyodide_plays_the_same_games_as_cpython(pyodide):
    python, out = pyodide.run(CODE)
    browser = json.loads(out)
    assert python.startswith("3.14") and browser["python"] == python
    here = {}
    exec(CODE, here)
    cpython = json.loads(here["out"])
    assert browser["games"] == cpython["games"]
