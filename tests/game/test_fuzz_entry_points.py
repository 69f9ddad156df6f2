"""Every replay entry point, fed mutated scenarios: a result or a GameError, nothing else (issue 12).

Valid scenarios (tests/game/classic/scenarios, tests/game/specials/scenarios, tests/game/junior/scenarios
and a few dealt Junior games) are mutated by Hypothesis: a value replaced by anything JSON can
hold (and a few things it cannot), a key removed or added, an element duplicated. Each entry point
must return a result that prints as clean JSON, or raise GameError with a one-line message; any
other exception, or taking longer than a few seconds (a hang), fails.
"""

from __future__ import annotations

import copy
import json
from dataclasses import asdict
from pathlib import Path

import pytest
from hypothesis_budget import scaled
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from json_tree import nested, parent_of, paths
from time_limit import time_limit
from game.classic.replay import replay as classic_replay
from game.classic.scenario import parse as classic_parse
from game.classic.replay import run as classic_run
from game.errors import GameError
from game.junior.scenario import load as junior_load
from game.junior.variant import replay as junior_replay
from game.junior.variant import result as junior_result
from game.junior.scenario import to_scenario
from game.junior.state import run_game
from game.specials.replay import compare as specials_compare
from game.specials.scenario import parse as specials_parse
from game.specials.replay import replay as specials_replay

HERE = Path(__file__).parent
SECONDS = 5


def _read(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    return data["scenario"] if "scenario" in data else data


def _junior_dealt() -> list[dict]:
    out = []
    for level, seed in (("avance", 1), ("expert", 2), ("base", 3)):
        first, moves, _ = run_game(level, ["Léa", "Tom", "Zoé"], seed)
        out.append(to_scenario(first, moves[:6]))
    return out


CLASSIC = [_read(p) for p in sorted((HERE / "classic" / "scenarios").glob("*.json"))]
SPECIALS = [_read(p) for p in sorted((HERE / "specials" / "scenarios").glob("*.json"))]
JUNIOR = [_read(p) for p in sorted((HERE / "junior" / "scenarios").glob("*.json"))] + _junior_dealt()

KEYS = ["rows", "turns", "plays", "choices", "hands", "players", "variant", "limit", "specials",
        "marked", "stopped", "held", "card", "with", "row", "level", "goal", "deck", "moves", "player",
        "Alice", "", "\ud800"]
ODD = [10**4000, -(10**12), 10**9, 104, 105, 0, -1, 1.5, 40.0, float("nan"), float("inf"), True, False,
       None, "", " ", "\ud800", "speciales", "remplacer", "stop", "fewest", "expert", "AF", (1, 2)]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-200, 200) | st.floats(allow_nan=False) | st.text(max_size=4)
    | st.sampled_from(ODD),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(KEYS), inner, max_size=3),
    max_leaves=8,
) | st.builds(nested, st.sampled_from([31, 33, 200]))
"""Deeper nesting (100,000 levels) is tested in test_untrusted.py; 200 already passes the limit."""


@st.composite
def mutated(draw, bases):
    data = copy.deepcopy(draw(st.sampled_from(bases)))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(list(paths(data, limit=8))))
        if not path:
            continue
        parent = parent_of(data, path)
        action = draw(st.sampled_from(["replace", "replace", "delete", "add", "duplicate"]))
        if action == "replace":
            parent[path[-1]] = draw(json_values)
        elif action == "delete":
            del parent[path[-1]]
        elif action == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(KEYS))] = draw(json_values)
        elif action == "duplicate" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[path[-1]]))
    return data


def result_or_game_error(entry, data) -> None:
    with time_limit(SECONDS):
        try:
            out = entry(data)
        except GameError as error:
            message = str(error)
            assert message and "\n" not in message, repr(message)
            message.encode("utf-8")   # printable as it is: no lone surrogate from the input
            return
    json.dumps(out, ensure_ascii=False, allow_nan=False).encode("utf-8")


ENTRY_POINTS = {
    "classic parse": (lambda d: asdict(classic_parse(d)), CLASSIC),
    "classic replay": (classic_replay, CLASSIC),
    "classic run": (classic_run, CLASSIC),
    "specials parse": (lambda d: asdict(specials_parse(d)), SPECIALS),
    "specials replay": (specials_replay, SPECIALS),
    "specials compare": (specials_compare, SPECIALS),
    "junior load": (lambda d: junior_load(d)[0], JUNIOR),
    "junior replay": (junior_replay, JUNIOR),
    "junior result": (junior_result, JUNIOR),
}


@pytest.mark.parametrize("name", ENTRY_POINTS)
def test_mutated_scenarios_give_a_result_or_a_game_error(name):
    entry, bases = ENTRY_POINTS[name]

    @settings(parent=scaled(0.5), deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(mutated(bases))
    def check(data):
        result_or_game_error(entry, data)

    check()


@pytest.mark.parametrize("name", ENTRY_POINTS)
def test_the_unmutated_scenarios_replay(name):
    """The bases are valid: a mutation, not the base, is what the property above exercises."""
    entry, bases = ENTRY_POINTS[name]
    for data in bases:
        entry(copy.deepcopy(data))
