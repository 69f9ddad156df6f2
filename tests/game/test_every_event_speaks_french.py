"""Every event type of every variant has a French sentence (game.messages.explain).

Events are gathered from whole games played by random and heuristic robots through the state
protocol (every variant of the registry, several seeds, every Junior level) and from the
special-card test scenarios; the test fails if a declared event type never shows up (add a game
or a scenario that makes it happen) or if any sentence is empty or leaks code (`None`, braces).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game import events as classic_events
from game import state as protocol
from game import variants
from game.messages import explain
from game.specials import events as special_events
from game.junior.scenario import to_scenario
from game.junior.state import run_game

SPECIALS = Path(__file__).parent / "specials" / "scenarios"
LEAKS = re.compile(r"None|\{|\}|\[|\]|\bTrue\b|\bFalse\b|_")


def declared_types() -> set[str]:
    declared = classic_events.all_types()   # the registry: every variant's event types
    special = {cls.type for cls in vars(special_events).values()
               if isinstance(cls, type) and issubclass(cls, classic_events.Event) and cls.type.startswith("special_")}
    assert special <= declared, "the special cards register their events"
    assert {"junior_setup", "junior_tally"} <= declared, "Junior registers its plain-dict events"
    return declared


@pytest.fixture(scope="module")
def gathered() -> dict[str, dict]:
    seen: dict[str, dict] = {}
    plans = [(name, {}) for name in variants.names() if name != "junior"]
    plans += [("junior", {"level": level}) for level in ("base", "avance", "expert")]
    for name, options in plans:
        variant = variants.get(name)
        for seed in range(6):
            for level in ("random", "heuristic"):
                state = variant.new_game(["Alice", "Bruno", "Chloé", "David"], seed=seed, options=options)
                bots = protocol.make_bots(variant, state.players, level, seed)
                while state.pending is not None:
                    player = state.pending.get("player")
                    for event in state.apply(bots[player].move(state) if player else state.legal_moves()[0]):
                        data = event if isinstance(event, dict) else event.to_dict()
                        seen.setdefault(data["type"], data)
    # A Junior game replayed part way: its last step tallies the cards (junior_tally).
    first, moves, _ = run_game("avance", ["Léa", "Tom", "Zoé"], 1)
    for step in variants.get("junior").replay(to_scenario(first, moves[:5])):
        for event in step["events"]:
            seen.setdefault(event["type"], event)
    for path in sorted(SPECIALS.glob("*.json")):
        scenario = json.loads(path.read_text(encoding="utf-8"))["scenario"]
        for event in variants.of(scenario).result(scenario)["events"]:
            seen.setdefault(event["type"], event)
    return seen


def test_every_registered_event_type_has_its_sentence_and_no_sentence_is_orphan():
    from game.messages import WORDING
    assert set(WORDING) == classic_events.all_types()


def test_every_declared_event_type_happens_in_some_game(gathered):
    missing = declared_types() - set(gathered)
    assert not missing, f"no game or scenario produces: {sorted(missing)}"


def test_every_event_has_a_clean_french_sentence(gathered):
    for kind, event in sorted(gathered.items()):
        text = explain(event)
        assert text and (text[0].isupper() or text[0] == "«"), (kind, text)   # never a bare number first
        assert not LEAKS.search(text), (kind, text)
        assert text.rstrip()[-1] in ".!?»)", (kind, text)
