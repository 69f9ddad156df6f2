"""The browser's Pyodide (Python 3.14) deals, plays and draws Junior exactly as CPython does."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[3]
SCRIPT = Path(__file__).parents[2] / "run_in_pyodide.mjs"

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
def test_pyodide_plays_the_same_games_as_cpython(tmp_path):
    if shutil.which("node") is None or not (ROOT / "node_modules/pyodide/pyodide.mjs").exists():
        pytest.fail("needs Node.js and node_modules/pyodide: run `make setup`")
    code = tmp_path / "code.py"
    code.write_text(CODE, encoding="utf-8")
    done = subprocess.run(["node", str(SCRIPT), str(code)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    browser = json.loads(done.stdout)
    assert browser["python"].startswith("3.14")
    here = {}
    exec(CODE, here)
    cpython = json.loads(here["out"])
    assert browser["games"] == cpython["games"]
