"""The browser's Pyodide (Python 3.14) deals, plays, explains and draws the special-card
variant exactly as CPython does: whole bot games and the page's examples, step by step."""

import json
from pathlib import Path

import pytest

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))

CODE = """
import json, sys
SCENARIOS = json.loads(DATA)
from game.messages import explain
from game.rng import Rng
from game.specials.bots import SpecialBot
from game.specials.replay import replay
from game.specials.state import SpecialState
from game.state import RandomBot, play_out
games = []
for seed in (1, 2, 3):
    st = SpecialState(["Léa", "Tom", "Zoé", "Noé"], seed=seed)
    rng = Rng(seed)
    play_out(st, {"Léa": SpecialBot(), "Tom": RandomBot(rng), "Zoé": SpecialBot(), "Noé": RandomBot(rng)})
    games.append({"totals": st.totals, "events": [e.to_dict() for e in st.log],
                  "text": [explain(e) for e in st.log]})
examples = [replay(s) for s in SCENARIOS]
out = json.dumps({"python": sys.version.split()[0], "games": games, "examples": examples},
                 ensure_ascii=False)
"""


@pytest.mark.node
def test_pyodide_plays_the_same_special_games_as_cpython(pyodide):
    scenarios = [json.loads(p.read_text(encoding="utf-8"))["scenario"] for p in SCENARIOS]
    python, out = pyodide.run(CODE, scenarios)
    browser = json.loads(out)
    assert python.startswith("3.14") and browser["python"] == python
    here = {"DATA": json.dumps(scenarios)}
    exec(CODE, here)
    cpython = json.loads(here["out"])
    assert browser["games"] == cpython["games"]
    assert browser["examples"] == cpython["examples"]
    assert any(e["type"].startswith("special_") for g in cpython["games"] for e in g["events"])
