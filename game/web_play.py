"""Worker messages of the « Jouer une manche » page (routed here by game.web.HANDLERS), any variant.

The page holds the session state (see game.session for why) and sends it with every move; each
answer carries the new state and the view: the reader's hand, the table and the steps of the turn
drawn by the engine, so the page only swaps markup.

- `play_new`    {reader, bots: [level…], options: {variant, …the variant's options}, seed}
- `play_card`   {state, card}     `play_choose` {state, row}     `play_pick` {state, card}
- `play_move`   {state, index}: any other decision (special cards…), by its index in
                `view.decision.options`
- `play_next`   {state}           `play_advice` {state}          `play_review` {state}
- `play_export` {state} → {scenario}                            `play_load` {scenario}
- `play_view`   {state}: the view of a kept state (the page resumes a game after a reload)
Answers: {ok, state, view, steps} (steps: the turn just played, as the worked examples show them);
a refusal is {ok: false, errors: [{field, message}]} with a French message.
"""

from __future__ import annotations

from . import session
from .errors import GameError
from .messages import advice as words

FIELDS = {"name_empty": ("reader", words.bad_name), "name_long": ("reader", words.bad_name),
          "bots": ("bots", words.bad_bots), "variant": ("variante", words.bad_variant),
          "unknown_variant": ("variante", words.bad_variant)}


def _answer(state: dict, steps: list | None = None) -> dict:
    return {"ok": True, "state": state, "view": session.view(state), "steps": steps or []}


def _refuse(error: GameError, field: str | None = None, message=None) -> dict:
    field, wording = FIELDS.get(error.code, (field, message or words.refused))
    return {"ok": False, "errors": [{"field": field, "message": wording()}], "detail": error.message}


def _int(value, field: str, wording):
    if isinstance(value, bool) or not isinstance(value, (int, str)) or not str(value).strip().isdigit():
        raise _Bad(field, wording)
    return int(value)


class _Bad(Exception):
    def __init__(self, field, wording):
        super().__init__(field)
        self.field, self.wording = field, wording


def new_message(request: dict) -> dict:
    given = request.get("options") or {}
    if not isinstance(given, dict):
        given = {}
    variant = str(given.get("variant", "classic"))
    try:
        options = {"variant": variant}
        if variant in ("classic", "tactique", "logique"):
            target = _int(given.get("target", 66), "target", words.bad_target)
            if not 1 <= target <= 10_000:
                raise _Bad("target", words.bad_target)
            rounds = (None if given.get("rounds") in (None, "", 0)
                      else _int(given["rounds"], "rounds", words.bad_rounds))
            if rounds is not None and not 1 <= rounds <= 1_000:
                raise _Bad("rounds", words.bad_rounds)
            options.update(target=target, strict=given.get("strict") is True, rounds=rounds)
        elif variant == "junior":
            level = given.get("level", "base")
            options["level"] = level if level in ("base", "avance", "expert") else "base"
        seed = request.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= 10**9:
            seed = 0
    except _Bad as bad:
        return {"ok": False, "errors": [{"field": bad.field, "message": bad.wording()}]}
    bots = request.get("bots", [])
    try:
        state = session.new_session(request.get("reader", ""), bots if isinstance(bots, list) else [],
                                    options, seed=seed)
    except GameError as error:
        return _refuse(error)
    return _answer(state)


def card_message(request: dict) -> dict:
    try:
        state = session.play_card(request.get("state"), request.get("card"))
    except GameError as error:
        return _refuse(error)
    return _answer(state, session.turn_steps(state))


def choose_message(request: dict) -> dict:
    try:
        state = session.choose_row(request.get("state"), request.get("row"))
    except GameError as error:
        return _refuse(error)
    # The choice step was already shown: send the rest of the turn, from the choice on.
    steps = session.turn_steps(state)
    done = request.get("shown", 0)
    done = done if isinstance(done, int) and not isinstance(done, bool) and done >= 0 else 0
    return _answer(state, steps[done:])


def move_message(request: dict) -> dict:
    try:
        state = session.play_move(request.get("state"), request.get("index"))
    except GameError as error:
        return _refuse(error)
    return _answer(state, session.turn_steps(state))


def pick_message(request: dict) -> dict:
    try:
        state = session.pick_card(request.get("state"), request.get("card"))
    except GameError as error:
        return _refuse(error)
    return _answer(state)


def next_message(request: dict) -> dict:
    try:
        state = session.next_round(request.get("state"))
    except GameError as error:
        return _refuse(error)
    return _answer(state)


def advice_message(request: dict) -> dict:
    try:
        return {"ok": True, "advice": session.advice(request.get("state"))}
    except GameError as error:
        return _refuse(error)


def review_message(request: dict) -> dict:
    try:
        return {"ok": True, "steps": session.round_steps(request.get("state"))}
    except GameError as error:
        return _refuse(error)


def export_message(request: dict) -> dict:
    try:
        return {"ok": True, "scenario": session.scenario(request.get("state"))}
    except GameError as error:
        return _refuse(error)


def view_message(request: dict) -> dict:
    try:
        return _answer(session.check_state(request.get("state")))
    except GameError as error:
        return {"ok": False, "errors": [{"field": None, "message": words.saved_game_refused()}],
                "detail": error.message, "discard": True}


def load_message(request: dict) -> dict:
    try:
        state = session.load(request.get("scenario"))
    except GameError as error:
        return {"ok": False, "errors": [{"field": "fichier", "message": words.bad_file()}],
                "detail": error.message}
    steps = session.round_steps(state)
    return _answer(state, steps if len(steps) > 1 else [])


HANDLERS = {
    "play_new": new_message, "play_card": card_message, "play_choose": choose_message,
    "play_pick": pick_message, "play_move": move_message, "play_next": next_message, "play_advice": advice_message,
    "play_review": review_message, "play_export": export_message, "play_load": load_message,
    "play_view": view_message,
}
