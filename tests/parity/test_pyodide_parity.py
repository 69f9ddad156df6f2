"""The site's real worker, in Pyodide (the reader's runtime, here under Node) on the build's trimmed
standard library, answers every message exactly as CPython does, byte for byte (issues 11 and 25).

One batch, one boot: every worked example of the built site (special-card ones included) replayed,
changed by « Et si… ? » (valid and refused) and chosen at each decision; random full rounds, as
many as the Hypothesis profile asks; and every valid request of every message type of every variant
(tests/worker_requests.py). js/worker.js runs under Node (run_worker.mjs) against the built site,
with no Cache Storage, so it starts Python the normal way from the files the build wrote: a module
the trim left out fails here, not at a reader's click; a rule or a sentence that differs between
Python 3.11 and Pyodide's 3.14 fails here too (rows, penalties, French text, step markup).
"""

from __future__ import annotations

import html
import json
import random
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from hypothesis import settings

from game import variants, web
from game.classic.replay import replay
from game.specials.cards import KINDS, MAX_ROWS
from worker_requests import valid_requests

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("run_worker.mjs")
RANDOM_ROUNDS = max(10, round(settings.default.max_examples * 0.16))
"""Random full rounds compared, from the Hypothesis profile: 16 under dev (`make test`), 80 under deep."""

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


def every_request() -> list[dict]:
    """Every valid request of every message type (real states of every variant), plus the
    worker's own probe."""
    batch = [{"id": "probe", "type": "snapshot-probe"}]
    for kind, requests in sorted(valid_requests().items()):
        batch += [{**request, "type": kind, "id": f"{kind}/{n}"} for n, request in enumerate(requests)]
    return batch


def run_worker(site: Path, batch: list[dict], tmp_path: Path) -> dict:
    node = shutil.which("node")
    assert node, "Node.js is needed: the worker runs under Node"
    path = tmp_path / "messages.json"
    path.write_text(json.dumps(batch, ensure_ascii=False), encoding="utf-8")
    result = subprocess.run([node, str(RUNNER), str(site), str(path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout)


def test_the_site_ships_the_trimmed_library_and_no_lock_file(built_site):
    manifest = json.loads((built_site / "engine.json").read_text())
    library = built_site / manifest["stdlib"]
    assert manifest["stdlib"].startswith("stdlib-") and library.stat().st_size < 600_000
    names = zipfile.ZipFile(library).namelist()
    assert "json/__init__.py" in names and "html/entities.py" in names   # the engine's imports
    assert "pyodide/__init__.py" in names and "_pyodide/__init__.py" in names   # Pyodide's
    assert "unittest/__init__.py" not in names and "email/__init__.py" not in names
    vendor = sorted(p.name for p in (built_site / manifest["pyodide"]).iterdir())
    assert vendor == ["pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide.mjs"]
    assert manifest["lock"]["packages"] == {} and manifest["lock"]["info"]["abi_version"]
    assert "snapshot" not in manifest and not list(built_site.glob("*.snapshot.gz"))


# A message the worker cannot hand to Python (run_worker.mjs: reading it throws): the worker says
# the engine failed, with the error, instead of leaving the page waiting, and answers the next ones.
UNREADABLE = {"id": "unreadable", "type": "snapshot-probe", "throws": "cannot be read"}


def test_the_worker_in_pyodide_answers_every_message_as_cpython(built_site, tmp_path):
    batch = messages(built_site)
    batch = batch[:1] + [UNREADABLE] + batch[1:] + every_request()
    output = run_worker(built_site, batch, tmp_path)
    assert output["boot"] == "runtime"   # Pyodide started from the trimmed library, no snapshot
    assert len(output["answers"]) == len(batch)
    failed = output["answers"][1]
    assert failed.pop("detail").startswith("Error: cannot be read"), failed
    assert failed == {"id": "unreadable", "ok": False, "failed": True}
    del batch[1], output["answers"][1]
    steps_compared, kinds = 0, set()
    for message, theirs in zip(batch, output["answers"]):
        ours = json.loads(web.handle(json.dumps(message, ensure_ascii=False)))
        if ours.get("ok") and "steps" in ours:
            assert theirs.get("ok"), (message["id"], theirs)
            assert len(theirs["steps"]) == len(ours["steps"]), message["id"]
            for mine, other in zip(ours["steps"], theirs["steps"]):
                assert other == mine, f"{message['id']} step {mine['n']}"
                steps_compared += 1
        assert theirs == ours, message["id"]
        kinds.add(message["type"])
    assert steps_compared > RANDOM_ROUNDS * 20
    assert kinds - {"snapshot-probe"} == set(web.HANDLERS)
