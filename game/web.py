"""The worker facade: one JSON message in, one JSON answer out, for every variant.

The page holds no rule and no drawing: it posts a message, the worker calls `handle`, and the
answer carries each step's markup drawn by the variant's `step_html`, the same function the build
uses for the static page. Running in CPython too, this module is tested without a browser.

Messages (`type`), the same shape whatever the variant (the scenario names it, game/variants.py):
- `replay`   {scenario}                      → {scenario, steps}
- `choose`   {scenario, step, row}           → {scenario, steps}: the player deciding at step
                                               `step` (its `n`) takes row `row` instead
- `what_if`  {scenario, rows: [str], plays: [{player: str}]} → {scenario, steps}
             (variants with a « Et si… ? » form: the classic family)
- `play_*`   « Jouer une manche » against robots, any variant (game/web_play.py)
- `explore_*` « Explorateur »: a position, its permalink and each card's risk (game/explore/web.py)
Every answer has `ok`; the request's `id` is echoed. A refusal is always
{ok: false, errors: [{field, message, detail?}]}: `message` is French for the reader, `field`
names the form field at fault (`rows[i]`, `turns[t].plays.<player>`) or is null, `detail` is the
engine's English message for developers.
"""

from __future__ import annotations

import json

from game import variants
from game.errors import GameError
from game.messages import reader_errors

MAX_MESSAGE = 1_000_000   # characters: a real message is a few kilobytes


def handle(message_json: str) -> str:
    """Answer one JSON message from the page; never raises (the worker must keep running)."""
    request: dict = {}
    try:
        if not isinstance(message_json, str) or len(message_json) > MAX_MESSAGE:
            raise GameError("message too long or not text", code="shape")
        request = json.loads(message_json)
        if not isinstance(request, dict) or request.get("type") not in HANDLERS:
            raise GameError(f"unknown message type {str(request.get('type') if isinstance(request, dict) else request)[:40]!r}",
                            code="shape")
        answer = HANDLERS[request["type"]](request)
    except GameError as error:
        answer = refusal(error)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as error:
        answer = {"ok": False, "errors": [{"field": None, "message": reader_errors.engine_failed()}],
                  "detail": f"{type(error).__name__}: {str(error)[:200]}"}
    if isinstance(request, dict) and "id" in request:
        answer["id"] = request["id"]
    return json.dumps(answer, ensure_ascii=False)


def refusal(error: GameError, field: str | None = None, message: str | None = None) -> dict:
    """The one error shape: a French message for the reader, the engine's words as detail."""
    return {"ok": False, "errors": [{"field": error.field if field is None else field,
                                     "message": message or reader_errors.for_error(error),
                                     "detail": error.message}]}


def _scenario(request: dict) -> dict:
    scenario = request.get("scenario")
    if not isinstance(scenario, dict):
        raise GameError("the message has no scenario object", field=None, code="shape")
    return scenario


def steps_for(scenario: dict) -> list[dict]:
    """The replay's steps as the page needs them (markup, text, what the reader can act on)."""
    variant = variants.of(scenario)
    return [variant.page_step(scenario, step) for step in variant.replay(scenario, draw=False, pause=True)]


def replay_message(request: dict) -> dict:
    scenario = _scenario(request)
    return {"ok": True, "scenario": scenario, "steps": steps_for(scenario)}


def _int(value, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameError(f"{field} must be an integer, not {str(value)[:20]!r}", code="shape")
    return value


def choose_message(request: dict) -> dict:
    scenario = _scenario(request)
    variant = variants.of(scenario)
    n, row = _int(request.get("step"), "step"), _int(request.get("row"), "row")
    steps = variant.replay(scenario, draw=False, pause=True)
    if not 0 <= n < len(steps) or steps[n].get("choice") is None:
        raise GameError(f"step {n} is not a decision of this scenario", code="no_such_step")
    changed = variant.with_choice(scenario, steps[n], row)
    return {"ok": True, "scenario": changed, "steps": steps_for(changed)}


def what_if_message(request: dict) -> dict:
    scenario = _scenario(request)
    variant = variants.of(scenario)
    if variant.what_if is None:
        raise GameError(f"no « what if » form for {variant.name}", code="shape")
    rows, plays = request.get("rows", []), request.get("plays", [])
    if not isinstance(rows, list) or not isinstance(plays, list) or not all(isinstance(p, dict) for p in plays):
        raise GameError("rows and plays must be lists", code="shape")
    changed, errors = variant.what_if(scenario, rows, plays)
    if errors:
        return {"ok": False, "errors": errors}
    return {"ok": True, "scenario": changed, "steps": steps_for(changed)}


def _play(request: dict) -> dict:
    """« Jouer une manche »: imported only when asked, the example pages never need it."""
    from game import web_play
    return web_play.HANDLERS[request["type"]](request)


def _explore(request: dict) -> dict:
    """« Explorateur » (game/explore/): imported only when its page asks."""
    from game.explore import web as explore_web
    return explore_web.HANDLERS[request["type"]](request)


# One table for every page; the tools' modules are imported on their first message.
HANDLERS = {"replay": replay_message, "choose": choose_message, "what_if": what_if_message}
PLAY = ("play_new", "play_move", "play_card", "play_choose", "play_pick", "play_next",
        "play_advice", "play_review", "play_export", "play_load", "play_view")
EXPLORE = ("explore_check", "explore_estimate", "explore_encode", "explore_decode",
           "explore_export", "explore_import", "explore_link")
HANDLERS.update({name: _play for name in PLAY})
HANDLERS.update({name: _explore for name in EXPLORE})


__all__ = ["handle", "steps_for", "refusal", "HANDLERS"]
