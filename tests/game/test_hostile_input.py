"""Every entry point fed hostile input: the worker facade, the saved games and the CLI.

The contract (issue « Nothing lost, nothing hangs, no traceback »): the worker always answers
with JSON (`ok`, and for a refusal French `errors`), a tampered saved game is refused, and the
CLI either prints a valid result (exit 0) or one line `error: …` with nothing on stdout (exit 2).
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import session, web
from game.messages import reader_errors
from game.__main__ import main

SCENARIOS = sorted((Path(__file__).parent / "classic" / "scenarios").glob("*.json"))
EXAMPLES = [json.loads(p.read_text(encoding="utf-8")) for p in SCENARIOS]
SPECIALS = [json.loads(p.read_text(encoding="utf-8"))["scenario"]
            for p in sorted((Path(__file__).parent / "specials" / "scenarios").glob("*.json"))]
JUNIOR = [json.loads(p.read_text(encoding="utf-8"))
          for p in sorted((Path(__file__).parent / "junior" / "scenarios").glob("*.json"))]
VALID = EXAMPLES + SPECIALS + JUNIOR

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12)


def mutate(value, data):
    """Replace one node of a JSON value (chosen by hypothesis) with a hostile one."""
    if isinstance(value, dict) and value and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(value)))
        return {**value, key: mutate(value[key], data)}
    if isinstance(value, list) and value and data.draw(st.booleans()):
        i = data.draw(st.integers(0, len(value) - 1))
        return value[:i] + [mutate(value[i], data)] + value[i + 1:]
    return data.draw(json_values | st.sampled_from([10**400, "\ud800", -1, 0, 105, True, [], {}]))


def ask(message) -> dict:
    """The answer, which is never the catch-all (a bug reached): see test_worker_messages.py for
    the same property over every message type."""
    answer = json.loads(web.handle(json.dumps(message)))
    assert isinstance(answer["ok"], bool)
    if not answer["ok"]:
        assert answer["errors"] and all(isinstance(e["message"], str) and e["message"] for e in answer["errors"])
        assert all(set(e) == {"field", "message", "detail"} for e in answer["errors"]), answer
        assert reader_errors.engine_failed() not in [e["message"] for e in answer["errors"]], answer
    return answer


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_the_worker_answers_every_mutated_message(data):
    scenario = data.draw(st.sampled_from(VALID))
    message = data.draw(st.sampled_from([
        {"type": "replay", "scenario": scenario},
        {"type": "choose", "scenario": scenario, "step": 3, "row": 1},
        {"type": "what_if", "scenario": scenario, "rows": ["1", "2", "3", "4"], "plays": [{"a": "5"}]},
        {"type": "play_new", "reader": "Zoé", "bots": ["heuristic"], "options": {"variant": "speciales"}},
    ]))
    ask(mutate(message, data))


@settings(deadline=None)
@given(raw=st.text(max_size=60))
def test_the_worker_answers_any_text(raw):
    answer = json.loads(web.handle(raw))
    assert answer["ok"] is False


@pytest.fixture(scope="module")
def saved():
    state = session.new_session("Zoé", ["heuristic", "random"], {"variant": "classic"}, seed=3)
    for _ in range(4):
        view = session.view(state)
        if view["phase"] == "row":
            state = session.choose_row(state, view["choice"]["options"][0]["row"])
        else:
            state = session.play_card(state, view["hand"][0]["card"])
    return state


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture], deadline=None)
@given(data=st.data())
def test_a_tampered_saved_game_is_refused_in_french_and_flagged_for_discard(saved, data):
    tampered = mutate(saved, data)
    answer = ask({"type": "play_view", "state": tampered})
    if not answer["ok"]:
        assert answer.get("discard") is True and "effacée" in answer["errors"][0]["message"]


def test_the_saved_game_that_hung_the_worker_is_refused(saved):
    # Issue 12: {"choices": {"Zoé": null}} made the old session loop forever.
    tampered = json.loads(json.dumps(saved))
    tampered["game"]["moves"].append({"kind": "row", "player": "Zoé", "row": None})
    answer = ask({"type": "play_view", "state": tampered})
    assert answer["ok"] is False and answer["discard"] is True


def run_cli(argv, stdin: bytes, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(data=st.data())
def test_the_cli_prints_a_result_or_one_error_line(data, monkeypatch, capsys):
    scenario = mutate(data.draw(st.sampled_from(VALID)), data)
    try:
        raw = json.dumps(scenario, ensure_ascii=False).encode("utf-8", "surrogatepass")
    except ValueError:       # a number too long for json: still bytes a user could send
        raw = b'{"rows": ' + b"9" * 5000 + b"}"
    code, out, err = run_cli(["replay", "-"], raw, monkeypatch, capsys)
    if code == 0:
        json.loads(out)
        assert err == ""
    else:
        assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1


@pytest.mark.parametrize("raw", [b"\xff\xfe", b"[" * 100_000, b'{"rows": ' + b"1" * 5000 + b"}",
                                 '{"rows": [[1]], "turns": [{"plays": {"\\ud800": 3}}]}'.encode()])
def test_the_cli_refuses_unreadable_input_with_exit_2(raw, monkeypatch, capsys):
    code, out, err = run_cli(["replay", "-"], raw, monkeypatch, capsys)
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1


@pytest.mark.parametrize("argv", [["--games", "0"], ["--games", "-5"], ["--target", "100000000"],
                                  ["--players", "11"], ["--variant", "speciales", "--players", "9"],
                                  ["--rounds", "0"], ["--variant", "speciales", "--target", "10"]])
def test_simulate_checks_every_argument(argv, monkeypatch, capsys):
    code, out, err = run_cli(["simulate", *argv], b"", monkeypatch, capsys)
    assert code == 2 and out == "" and err.startswith("error: --")
