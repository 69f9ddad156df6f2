"""The worker facade: one JSON message in, one JSON answer out, for every variant and every tool.

The page holds no rule and no drawing: the answer carries each step's markup drawn by the
variant's `step_html`, as the build draws the static page. It is tested in CPython too.

One table (`HANDLERS`) routes every message type to its function, here or in a tool's module
imported on its first message (the example pages never load the explorer). A function returns
its answer or raises: `Refusal` (a reader's fields refused, French), `GameError` (the engine
refuses; the route's `refuse` words it), anything else is a bug and gets the catch-all answer.
So there is one error path and one refusal shape: see CONTRIBUTING.md « Worker messages », the
reference of every message and answer.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from types import ModuleType

from game import variants
from game.errors import GameError, Refusal, fault
from game.messages import reader_errors
from game.messages.blocks import step_label
from game.untrusted import check_plain, is_whole

MAX_MESSAGE = 1_000_000   # characters: a real message is a few kilobytes
JS_LARGEST = 2**53
EXTRA_KEYS = frozenset({"discard", "used", "highest"})   # the documented extra keys of a refusal


def handle(message_json: str) -> str:
    """Answer one JSON message from the page; never raises (the worker must keep running)."""
    request = None
    try:
        try:
            request = _read(message_json)
            answer = _run(request)
        except Refusal as refusal:
            answer = _refusal(refusal)
    except Exception as error:   # the catch-all: a bug of ours, never a reader's input
        answer = _refusal(Refusal([fault(None, reader_errors.ENGINE_FAILED,
                                         f"{type(error).__name__}: {str(error)[:200]}")]))
    ident = request.get("id") if isinstance(request, dict) else None
    if isinstance(ident, str) and len(ident) <= 100 and ident.isprintable() \
            and not any(0xD800 <= ord(c) <= 0xDFFF for c in ident) \
            or type(ident) is int and abs(ident) <= JS_LARGEST:
        answer["id"] = ident
    try:
        return json.dumps(answer, ensure_ascii=False, allow_nan=False)
    except (ValueError, TypeError) as error:   # a bug too: still a valid answer
        return json.dumps(_refusal(Refusal([fault(None, reader_errors.ENGINE_FAILED,
                                                  f"answer not JSON: {str(error)[:100]}")])))


def _bad_request(detail: str, field: str | None = None) -> Refusal:
    return Refusal([fault(field, reader_errors.BAD_REQUEST, detail)])


def _read(message_json) -> dict:
    """The message as a dict; Refusal for anything the page never sends."""
    if not isinstance(message_json, str) or len(message_json) > MAX_MESSAGE:
        raise _bad_request("message too long or not text")
    try:
        request = json.loads(message_json)
    except (ValueError, RecursionError) as error:   # 5,000-digit numbers, deep nesting
        raise _bad_request(f"not JSON: {str(error)[:100]}") from None
    if not isinstance(request, dict):
        raise _bad_request("a message is a JSON object")
    return request


def _run(request: dict) -> dict:
    kind = request.get("type")
    if not isinstance(kind, str) or kind not in HANDLERS:
        raise _bad_request(f"unknown message type {str(kind)[:40]!r}", "type")
    route = HANDLERS[kind]
    module = route.module()
    try:
        try:
            # Hostile JSON (NaN, lone surrogates, huge numbers, deep nesting): code "hostile",
            # `field` its path. Any number the page sends is a JavaScript one, exact up to 2**53.
            check_plain(request, largest=JS_LARGEST)
        except GameError as error:
            raise GameError(error.message, field=error.field, code="hostile") from None
        return getattr(module, route.name)(request)
    except GameError as error:
        raise getattr(module, route.refuse)(error, request) from None


def _refusal(refusal: Refusal) -> dict:
    """The one refusal shape (see the module docstring), whoever raised it."""
    errors = [fault(e.get("field"), e["message"], str(e.get("detail") or "")) for e in refusal.errors]
    unknown = set(refusal.extra) - EXTRA_KEYS
    if unknown or not errors:
        raise TypeError(f"a refusal has errors and documented keys only, not {sorted(unknown)}")
    return {"ok": False, "errors": errors, **refusal.extra}


# --- the step player's messages -------------------------------------------------------------------

def refuse(error: GameError, request: dict | None = None) -> Refusal:
    """An engine refusal of a scenario, worded for the reader."""
    wording = reader_errors.BAD_REQUEST if error.code == "hostile" else reader_errors.for_error(error)
    return Refusal([fault(error.field, wording, error.message)])


def _scenario(request: dict) -> tuple[dict, variants.Variant]:
    scenario = request.get("scenario")
    if not isinstance(scenario, dict):
        raise GameError("the message has no scenario object", code="shape")
    return scenario, variants.of(scenario)


def steps_for(scenario: dict, *, markup: bool = True) -> list[dict]:
    """The replay's steps as the page needs them (markup, its label, text, what the reader can act
    on); without `markup`, no `html`: the page already shows the build's drawing of each step."""
    variant = variants.of(scenario)
    page = variant.page_step or (lambda scenario, step: {**step, "html": variant.step_html(step)})
    steps = [{**page(scenario, step), "label": step_label(step["n"], step["kind"])}
             for step in variant.replay(scenario, draw=False, pause=True)]
    if not markup:
        for step in steps:
            del step["html"]
    return steps


def replay_message(request: dict) -> dict:
    scenario, _ = _scenario(request)
    markup = request.get("markup", True)
    if not isinstance(markup, bool):
        raise GameError(f"markup must be true or false, not {str(markup)[:20]!r}", code="shape")
    return {"ok": True, "scenario": scenario, "steps": steps_for(scenario, markup=markup)}


def choose_message(request: dict) -> dict:
    scenario, variant = _scenario(request)
    n, row = request.get("step"), request.get("row")
    if not is_whole(n) or not is_whole(row):
        raise GameError(f"step and row must be integers, not {str(n)[:20]!r} and "
                        f"{str(row)[:20]!r}", code="shape")
    steps = variant.replay(scenario, draw=False, pause=True)
    if not 0 <= n < len(steps) or steps[n].get("choice") is None or variant.with_choice is None:
        raise GameError(f"step {n} is not a decision of this scenario", code="no_such_step")
    return changed_answer(variant.with_choice(scenario, steps[n], row))


def what_if_message(request: dict) -> dict:
    scenario, variant = _scenario(request)
    if variant.what_if is None:
        raise GameError(f"no « what if » form for {variant.name}", code="shape")
    variant.replay(scenario, draw=False, pause=True)   # the example itself must be sound first
    rows, plays = request.get("rows", []), request.get("plays", [])
    if not isinstance(rows, list) or not isinstance(plays, list) or not all(isinstance(p, dict) for p in plays):
        raise GameError("rows and plays must be lists", code="shape")
    changed, errors = variant.what_if(scenario, rows, plays)
    if errors:
        raise Refusal(errors)
    return changed_answer(changed)


def changed_answer(changed: dict) -> dict:
    """An example the reader changed: its steps, each step's « Ouvrir dans l’explorateur »
    ({fragment, text}, null where the explorer cannot open it; [] when it cannot open any) and,
    when its variant writes one, the box under it (« Et sans la carte spéciale ? ») retold."""
    from .explore.codec import links_for

    steps = steps_for(changed)
    comparison = variants.of(changed).comparison
    return {"ok": True, "scenario": changed, "steps": steps, "links": links_for(changed, len(steps)) or [],
            **({"comparison": comparison(changed)} if comparison else {})}


# --- the one table ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Route:
    """Where a message type goes: the function `name` of module `path` (imported on its first
    message), and `refuse(error, request) -> Refusal` there, which words the engine's GameError
    for the reader."""

    path: str
    name: str
    refuse: str = "refuse"

    def module(self) -> ModuleType:
        return importlib.import_module(self.path)


def _routes(path: str, prefix: str, kinds: str, **refuse: str) -> dict[str, Route]:
    """The message type `prefix + kind` → the function `kind_message` of `path`."""
    return {prefix + kind: Route(path, f"{kind}_message", refuse.get(kind, "refuse"))
            for kind in kinds.split()}


HANDLERS: dict[str, Route] = {
    **_routes(__name__, "", "replay choose what_if"),
    **_routes("game.web_play", "play_", "new card choose pick move next advice review export load "
              "view", load="refuse_file", view="refuse_saved_game"),
    **_routes("game.explore.web", "explore_", "check estimate encode decode export import link"),
}


__all__ = ["handle", "steps_for", "refuse", "HANDLERS", "Route"]
