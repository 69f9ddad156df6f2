"""CPython and Pyodide (the reader's runtime, here under Node) give the same steps, byte for byte.

The same game.web messages (every worked example of the built site, special-card ones included,
random full rounds, as many as the Hypothesis profile asks, choices and « Et si… ? » edits) are
answered by both runtimes and compared answer by answer: rows, penalties, French text and the step
markup the browser shows.
"""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import settings

from game import variants, web
from game.classic.replay import replay
from game.specials.cards import KINDS, MAX_ROWS

# Pyodide's answers to the batch: game.web.handle, as the browser's worker calls it.
ANSWER = """
import json
from game.web import handle
out = json.dumps([json.loads(handle(json.dumps(m, ensure_ascii=False))) for m in json.loads(DATA)])
"""
RANDOM_ROUNDS = max(10, round(settings.default.max_examples * 0.16))
"""Random full rounds compared, from the Hypothesis profile: 80 under ci (`make test`), 16 under dev."""

pytestmark = [pytest.mark.node]


def example_scenarios(site: Path) -> dict[str, dict]:
    """Every example's scenario, read from the built pages' data-scenario attributes."""
    found = {}
    pattern = re.compile(r'<section class="exemple" id="([^"]+)"[^>]*\bdata-scenario="([^"]*)"')
    for page in sorted(site.rglob("*.html")):
        for anchor, attribute in pattern.findall(page.read_text(encoding="utf-8")):
            found[anchor] = json.loads(html.unescape(attribute))
    return found


def random_round(rng: random.Random) -> dict:
    """A full classic round (10 turns) with random hands; each too-low card takes a random row."""
    players = [f"J{i + 1}" for i in range(rng.randint(2, 10))]
    deck = list(range(1, 105))
    rng.shuffle(deck)
    rows = [[deck.pop()] for _ in range(4)]
    hands = {p: [deck.pop() for _ in range(10)] for p in players}
    turns = [{"plays": {p: hands[p][t] for p in players}} for t in range(10)]
    scenario = {"rows": rows, "turns": turns}
    while True:  # ask the engine where a choice is needed, answer it, replay
        last = replay(scenario, draw=False, pause=True)[-1]
        if last["kind"] != "choice":
            return scenario
        turn = scenario["turns"][last["turn"] - 1]
        options = [o["row"] for o in last["choice"]["options"]]
        turn.setdefault("choices", {})[last["choice"]["player"]] = rng.choice(options)


def messages(site: Path) -> list[dict]:
    out = []
    examples = example_scenarios(site)
    assert len(examples) >= 6, f"expected the six worked examples, found {sorted(examples)}"
    specials = [a for a, s in examples.items() if variants.name_of(s) == "speciales"]
    assert len(specials) >= len(KINDS), f"expected one example per special card, found {specials}"
    for anchor, scenario in examples.items():
        out.append({"id": anchor, "type": "replay", "scenario": scenario})
        rows = [" ".join(map(str, r)) for r in scenario["rows"]]
        plays = [{p: str(c) for p, c in t["plays"].items()} for t in scenario["turns"]]
        out.append({"id": anchor + "/what_if", "type": "what_if", "scenario": scenario,
                    "rows": rows, "plays": plays})
        bad = [dict(p) for p in plays]
        first = next(iter(bad[0]))
        bad[0][first] = "105"
        out.append({"id": anchor + "/bad", "type": "what_if", "scenario": scenario,
                    "rows": rows, "plays": bad})
        special = variants.name_of(scenario) == "speciales"
        for step in variants.of(scenario).replay(scenario, draw=False):
            if step.get("choice"):
                # A 5e série may open a 5th row before the choice: offer it too.
                for row in range(MAX_ROWS if special else len(scenario["rows"])):
                    out.append({"id": f"{anchor}/{step['n']}/{row}", "type": "choose",
                                "scenario": scenario, "step": step["n"], "row": row})
    rng = random.Random(20261130)
    for k in range(RANDOM_ROUNDS):
        out.append({"id": f"random-{k}", "type": "replay", "scenario": random_round(rng)})
    return out


def test_pyodide_and_cpython_agree_on_every_step(built_site, pyodide):
    batch = messages(built_site)
    python, out = pyodide.run(ANSWER, batch)
    assert python.startswith("3.14"), python  # really the other runtime
    answers = json.loads(out)
    assert len(answers) == len(batch)
    steps_compared = 0
    for message, theirs in zip(batch, answers):
        ours = json.loads(web.handle(json.dumps(message, ensure_ascii=False)))
        if ours.get("ok"):
            assert theirs.get("ok"), (message["id"], theirs)
            assert len(theirs["steps"]) == len(ours["steps"]), message["id"]
            for mine, other in zip(ours["steps"], theirs["steps"]):
                assert other == mine, f"{message['id']} step {mine['n']}"
                steps_compared += 1
        assert theirs == ours, message["id"]
    assert steps_compared > RANDOM_ROUNDS * 20
