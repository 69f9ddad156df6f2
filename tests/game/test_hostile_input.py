"""Every entry point fed hostile input: nothing lost, nothing hangs, no traceback (issues 12, 15).

One mutation (`mutated`: a valid base, then one to three nodes replaced by a hostile value, removed,
added or duplicated) drives the three doors hostile JSON can come through:
- the replay entry points (parse, replay, result, compare of every variant): a result that prints
  as clean JSON, or a GameError with a one-line message;
- every worker message type of `game.web.HANDLERS`, from valid requests built on real states of
  every variant (tests/worker_requests.py), and every field a reader types: an answer within a time
  bound, valid JSON, either a valid answer or the one refusal shape {ok: false, errors: [{field,
  message, detail}]} in French, on the reader's field; a tampered saved game is refused and flagged
  for discard; the catch-all (« Le moteur n’a pas pu… », a bug reached) fails;
- `python -m game replay -`: a valid result (exit 0) or one line `error: …` (exit 2).
The pinned regressions of the worker facade are in test_facade_regressions.py, the plain-JSON
check under all of this in test_untrusted.py.
"""

from __future__ import annotations

import copy
import io
import json
import re
import sys
from dataclasses import asdict
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_budget import scaled
from worker_requests import reader_fields, valid_requests

from json_tree import nested, parent_of, paths
from time_limit import time_limit
from game import session, web
from game.__main__ import main
from game.classic.replay import replay as classic_replay
from game.classic.replay import run as classic_run
from game.classic.scenario import parse as classic_parse
from game.errors import GameError
from game.junior.scenario import load as junior_load
from game.junior.scenario import to_scenario
from game.junior.state import run_game
from game.junior.variant import replay as junior_replay
from game.junior.variant import result as junior_result
from game.messages import reader_errors
from game.specials.replay import compare as specials_compare
from game.specials.replay import replay as specials_replay
from game.specials.scenario import parse as specials_parse

HERE = Path(__file__).parent
SECONDS = 5
CATCH_ALL = reader_errors.ENGINE_FAILED
FUZZ = dict(deadline=None, database=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# --- one mutation ---------------------------------------------------------------------------------

KEYS = ["rows", "turns", "plays", "choices", "hands", "players", "variant", "limit", "specials",
        "marked", "stopped", "held", "card", "with", "row", "level", "goal", "deck", "moves", "player",
        "state", "game", "options", "Alice", "", "\ud800"]
HOSTILE = [float("nan"), float("inf"), -float("inf"), 10**400, -(10**12), 2**53 + 1, 10**9, 104, 105,
           0, -1, 1.5, 40.0, True, False, None, "", " ", "²", "9" * 5000, "\ud800", "abc", "speciales",
           "remplacer", "stop", "fewest", "expert", "AF", [], {}, [[[[]]]], {"a": {}}]
TYPED = ["²", "9" * 5000, "abc", "1.5", "-1", "", " ", "12 12", "J99999999 : 5", "0", "\u00a0"]
"""What a reader may type in a field of the page."""

leaves = st.sampled_from(HOSTILE).map(copy.deepcopy) | st.integers(-300, 300) | st.text(max_size=6) \
    | st.builds(nested, st.sampled_from([31, 33, 300]))   # 100,000 levels: test_untrusted.py
values = st.recursive(leaves, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=5), inner, max_size=3),
                      max_leaves=6)


@st.composite
def mutated(draw, bases: list):
    """One of `bases`, then one to three nodes replaced, removed, added or duplicated."""
    data = copy.deepcopy(draw(st.sampled_from(bases)))
    for _ in range(draw(st.integers(1, 3))):
        choices = [p for p in paths(data, limit=8) if p]
        if not choices:
            break
        path = draw(st.sampled_from(choices))
        parent = parent_of(data, path)
        action = draw(st.sampled_from(["replace", "replace", "replace", "delete", "add", "duplicate"]))
        if action == "replace":
            parent[path[-1]] = draw(values)
        elif action == "delete":
            del parent[path[-1]]
        elif action == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(KEYS))] = draw(values)
        elif action == "duplicate" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[path[-1]]))
    return data


# --- the replay entry points ---------------------------------------------------------------------

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


@pytest.mark.parametrize("name", ENTRY_POINTS)
def test_a_mutated_scenario_gives_a_result_or_a_game_error(name):
    entry, bases = ENTRY_POINTS[name]
    for data in bases:   # the bases are valid: a mutation, not a base, is what is exercised
        entry(copy.deepcopy(data))

    @settings(parent=scaled(0.5), **FUZZ)
    @given(mutated(bases))
    def check(data):
        result_or_game_error(entry, data)

    check()


# --- the worker -----------------------------------------------------------------------------------

EXTRA = {"play_view": {"discard"}, **{k: {"used", "highest"} for k in web.HANDLERS if k.startswith("explore_")}}
"""The keys a refusal of these types may carry beside ok, errors and id."""


def send(kind: str, request: dict) -> dict:
    text = json.dumps({"type": kind, **request, "id": 7}, ensure_ascii=True)   # NaN stays NaN
    with time_limit(SECONDS):
        raw = web.handle(text)
    raw.encode("utf-8")   # valid text for JavaScript: no lone surrogate echoed back
    answer = json.loads(raw, parse_constant=lambda c: pytest.fail(f"{c} in the answer"))
    assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool), raw[:200]
    if kind == request.get("type", kind):
        assert answer.get("id") == 7
    return answer


def assert_refusal_shape(kind: str, answer: dict) -> None:
    """The one refusal shape, a French message, never the catch-all."""
    assert set(answer) - {"ok", "errors", "id"} <= EXTRA.get(kind, set()), sorted(answer)
    assert isinstance(answer["errors"], list) and answer["errors"], answer
    for error in answer["errors"]:
        assert set(error) == {"field", "message", "detail"}, error
        assert error["field"] is None or isinstance(error["field"], str)
        assert isinstance(error["detail"], str) and error["detail"]
        message = error["message"]
        assert isinstance(message, str) and message, error
        assert message != CATCH_ALL, f"the catch-all answered: {error['detail']}"
        words = re.sub(r"«\u00a0.*?\u00a0»", "«»", message, flags=re.S)   # not what the reader typed
        assert "'" not in words and " :" not in words, message   # French typography
        assert not any(word in words for word in (" the ", " must ", "Error")), message


def check(kind: str, request: dict) -> dict:
    answer = send(kind, request)
    if not answer["ok"]:
        assert_refusal_shape(kind, answer)
        if kind == "play_view":   # a saved game the page must not keep
            assert answer.get("discard") is True and "effacée" in answer["errors"][0]["message"]
    return answer


@pytest.mark.parametrize("kind", sorted(web.HANDLERS))
def test_every_message_type_answers_a_mutated_request_in_the_one_shape(kind):
    answers = [check(kind, copy.deepcopy(r)) for r in valid_requests()[kind]]
    assert any(a["ok"] for a in answers), answers[0]   # the bases are valid

    @settings(parent=scaled(0.3), **FUZZ)
    @given(mutated(valid_requests()[kind]))
    def fuzz(request):
        check(kind, request)

    fuzz()


TYPED_KINDS = sorted(k for k in web.HANDLERS if any(reader_fields(k, r) for r in valid_requests()[k]))


@st.composite
def typed(draw, kind: str):
    """A valid request of `kind` with one field the reader types replaced: (request, field)."""
    candidates = [r for r in valid_requests()[kind] if reader_fields(kind, r)]
    request = copy.deepcopy(draw(st.sampled_from(candidates)))
    path, field = draw(st.sampled_from(reader_fields(kind, request)))
    parent_of(request, path)[path[-1]] = draw(st.sampled_from(TYPED) | st.text(max_size=8))
    return request, field


def _blames_a_related_field(kind: str, fields: list) -> bool:
    """In the explorer, one edit may make another field wrong: a card typed in the hand that is
    already among the cards out of play, the known cards of an opponent who no longer plays, a
    card beyond Tactique's smaller deck. The refusal still names fields of the form."""
    return kind.startswith("explore_") and all(fields)


@pytest.mark.parametrize("kind", TYPED_KINDS)
def test_a_field_the_reader_typed_wrong_is_refused_on_that_field(kind):
    @settings(parent=scaled(0.3), **FUZZ)
    @given(typed(kind))
    def fuzz(case):
        request, field = case
        answer = check(kind, request)
        if not answer["ok"]:
            fields = [e["field"] for e in answer["errors"]]
            assert field in fields or _blames_a_related_field(kind, fields), (field, answer)

    fuzz()


def test_the_typed_fields_cover_the_play_explore_and_what_if_forms():
    assert {"play_new", "what_if", "explore_check", "explore_estimate", "explore_encode",
            "explore_export"} <= set(TYPED_KINDS)


def test_the_catch_all_counts_as_a_failure_here(monkeypatch):
    """The assertion above rejects the catch-all: a handler that breaks is caught by it."""
    from game import web_play
    monkeypatch.setattr(web_play, "advice_message", lambda request: 1 / 0)
    answer = send("play_advice", valid_requests()["play_advice"][0])
    with pytest.raises(AssertionError, match="catch-all"):
        assert_refusal_shape("play_advice", answer)


@settings(deadline=None)
@given(raw=st.text(max_size=60))
def test_the_worker_answers_any_text(raw):
    answer = json.loads(web.handle(raw))
    assert answer["ok"] is False


def test_the_saved_game_that_hung_the_worker_is_refused():
    # Issue 12: {"choices": {"Zoé": null}} made the old session loop forever.
    state = session.start("Zoé", ["heuristic", "random"], {"variant": "classic"}, seed=3)[0]
    state["game"]["moves"].append({"kind": "row", "player": "Zoé", "row": None})
    answer = check("play_view", {"state": state})
    assert answer["ok"] is False and answer["discard"] is True


# --- the command line -----------------------------------------------------------------------------

def run_cli(argv, stdin: bytes, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


@settings(parent=scaled(0.5), suppress_health_check=[HealthCheck.function_scoped_fixture], **{
    k: v for k, v in FUZZ.items() if k != "suppress_health_check"})
@given(scenario=mutated(CLASSIC + SPECIALS + JUNIOR))
def test_the_cli_prints_a_result_or_one_error_line(scenario, monkeypatch, capsys):
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
