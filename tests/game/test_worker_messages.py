"""Every worker message type of the one handler table, fed mutated valid requests (issues 12, 15).

For each type of `game.web.HANDLERS`, valid requests built from real states of every variant
(tests/worker_requests.py) are mutated by Hypothesis: any node replaced by a hostile value
(NaN, Infinity, a 5,000-digit number, « ² », a lone surrogate, deep nesting, a wrong type), or one
field the reader types replaced by text a reader could type. The answer must come within a time
bound and be valid JSON: a valid answer, or a refusal of the one shape, {ok: false, errors:
[{field, message, detail}]} (plus the type's documented keys), with a French message and, for a
reader's field, that field. The catch-all answer (« Le moteur n’a pas pu… », a bug reached) fails.
"""

from __future__ import annotations

import copy
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_budget import scaled
from worker_requests import reader_fields, valid_requests

from json_tree import nested, parent_of, paths
from time_limit import time_limit
from game import web
from game.messages import reader_errors

SECONDS = 5
CATCH_ALL = reader_errors.engine_failed()
EXTRA = {"play_view": {"discard"}, **{k: {"used", "highest"} for k in web.HANDLERS if k.startswith("explore_")}}
HOSTILE = [float("nan"), float("inf"), -float("inf"), 10**400, -(10**12), 2**53 + 1, 1.5, -1, 0, 105,
           True, False, None, "", " ", "²", "9" * 5000, "\ud800", "abc", [], {}, [[[[]]]], {"a": {}}]
TYPED = ["²", "9" * 5000, "abc", "1.5", "-1", "", " ", "12 12", "J99999999 : 5", "0", "\u00a0"]
"""What a reader may type in a field of the page."""


leaves = st.sampled_from(HOSTILE).map(copy.deepcopy) | st.integers(-300, 300) | st.text(max_size=6) \
    | st.builds(nested, st.sampled_from([31, 40, 300]))
values = st.recursive(leaves, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=6)


@st.composite
def mutated(draw, kind: str):
    """A valid request of `kind`, then one to three nodes replaced, removed or duplicated."""
    request = copy.deepcopy(draw(st.sampled_from(valid_requests()[kind])))
    for _ in range(draw(st.integers(1, 3))):
        choices = [p for p in paths(request) if p]
        if not choices:
            break
        path = draw(st.sampled_from(choices))
        action = draw(st.sampled_from(["replace", "replace", "replace", "delete", "duplicate"]))
        parent = parent_of(request, path)
        if action == "replace":
            parent[path[-1]] = draw(values)
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, list):
            parent.append(copy.deepcopy(parent[path[-1]]))
    return request


@st.composite
def typed(draw, kind: str):
    """A valid request of `kind` with one field the reader types replaced: (request, field)."""
    candidates = [r for r in valid_requests()[kind] if reader_fields(kind, r)]
    request = copy.deepcopy(draw(st.sampled_from(candidates)))
    path, field = draw(st.sampled_from(reader_fields(kind, request)))
    parent_of(request, path)[path[-1]] = draw(st.sampled_from(TYPED) | st.text(max_size=8))
    return request, field





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
    return answer


def _properties():
    budget = scaled(0.3)

    def mutation_test(kind):
        @settings(parent=budget, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
        @given(request=mutated(kind))
        def test(request):
            check(kind, request)
        return test

    def typing_test(kind):
        @settings(parent=budget, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
        @given(case=typed(kind))
        def test(case):
            request, field = case
            answer = check(kind, request)
            if not answer["ok"]:
                fields = [e["field"] for e in answer["errors"]]
                assert field in fields or _blames_a_related_field(kind, field, fields), (field, answer)
        return test

    return mutation_test, typing_test


def _blames_a_related_field(kind: str, field: str, fields: list) -> bool:
    """In the explorer, one edit may make another field wrong: a card typed in the hand that is
    already among the cards out of play, the known cards of an opponent who no longer plays, a
    card beyond Tactique's smaller deck. The refusal still names fields of the form."""
    return kind.startswith("explore_") and all(fields)


MUTATION_TEST, TYPING_TEST = _properties()


@pytest.mark.parametrize("kind", sorted(web.HANDLERS))
def test_every_message_type_answers_a_mutated_request_in_the_one_shape(kind):
    MUTATION_TEST(kind)()


TYPED_KINDS = sorted(k for k in web.HANDLERS if any(reader_fields(k, r) for r in valid_requests()[k]))


@pytest.mark.parametrize("kind", TYPED_KINDS)
def test_a_field_the_reader_typed_wrong_is_refused_on_that_field(kind):
    TYPING_TEST(kind)()


def test_the_typed_fields_cover_the_play_explore_and_what_if_forms():
    assert {"play_new", "what_if", "explore_check", "explore_estimate", "explore_encode",
            "explore_export"} <= set(TYPED_KINDS)


@pytest.mark.parametrize("kind", sorted(web.HANDLERS))
def test_the_valid_requests_are_answered_ok(kind):
    """The bases are valid (a mutation, not the base, is what the properties exercise)."""
    answers = [check(kind, copy.deepcopy(r)) for r in valid_requests()[kind]]
    assert any(a["ok"] for a in answers), answers[0]


def test_the_catch_all_counts_as_a_failure_here(monkeypatch):
    """The assertion above rejects the catch-all: a handler that breaks is caught by it."""
    from game import web_play
    monkeypatch.setattr(web_play, "advice_message", lambda request: 1 / 0)
    answer = send("play_advice", valid_requests()["play_advice"][0])
    with pytest.raises(AssertionError, match="catch-all"):
        assert_refusal_shape("play_advice", answer)
