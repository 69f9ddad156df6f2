"""The browser's Pyodide (Python 3.14) deals, plays, explains and draws the special-card
variant exactly as CPython does: whole bot games and the page's examples, step by step."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[3]
SCRIPT = Path(__file__).parents[2] / "run_in_pyodide.mjs"
SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))

CODE = """
import json, sys
from game.messages import explain
from game.rng import Rng
from game.specials.bots import RandomSpecialBot, SpecialBot
from game.specials.scenario import replay
from game.specials.state import new_game
from game.specials.variant import Seat
from game.state import play_out
games = []
for seed in (1, 2, 3):
    st = new_game(["Léa", "Tom", "Zoé", "Noé"], seed=seed)
    rng = Rng(seed)
    play_out(st, {"Léa": Seat(SpecialBot()), "Tom": Seat(RandomSpecialBot(rng)), "Zoé": Seat(SpecialBot()),
                  "Noé": Seat(RandomSpecialBot(rng, 0.8))})
    games.append({"totals": st.game.totals, "events": [e.to_dict() for e in st.log],
                  "text": [explain(e) for e in st.log]})
examples = [replay(s) for s in SCENARIOS]
out = json.dumps({"python": sys.version.split()[0], "games": games, "examples": examples},
                 ensure_ascii=False)
"""


@pytest.mark.node
def test_pyodide_plays_the_same_special_games_as_cpython(tmp_path):
    if shutil.which("node") is None or not (ROOT / "node_modules/pyodide/pyodide.mjs").exists():
        pytest.fail("needs Node.js and node_modules/pyodide: run `make setup`")
    scenarios = [json.loads(p.read_text(encoding="utf-8"))["scenario"] for p in SCENARIOS]
    code = f"SCENARIOS = json.loads({json.dumps(json.dumps(scenarios))})\n"
    code = "import json\n" + code + CODE
    path = tmp_path / "code.py"
    path.write_text(code, encoding="utf-8")
    done = subprocess.run(["node", str(SCRIPT), str(path)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    browser = json.loads(done.stdout)
    assert browser["python"].startswith("3.14")
    here = {}
    exec(code, here)
    cpython = json.loads(here["out"])
    assert browser["games"] == cpython["games"]
    assert browser["examples"] == cpython["examples"]
    assert any(e["type"].startswith("special_") for g in cpython["games"] for e in g["events"])
