"""Worker messages of the « Jouer une manche » page (`play_*`, routed here by game.web.HANDLERS
and listed in CONTRIBUTING.md « Worker messages »), any variant.

The page holds the session state (see game.session for why) and sends it with every move; each
answer carries the new state and the view: the reader's hand, the table and the steps of the turn
drawn by the engine, so the page only swaps markup. A function here returns its answer or raises;
game.web words every refusal in the one shape, with `refuse` (or `refuse_file`,
`refuse_saved_game`) below for the engine's GameErrors.
"""

from __future__ import annotations

from . import session, variants
from .errors import GameError, Refusal, fault
from .messages import advice as words
from .messages import reader_errors
from .untrusted import is_whole

FIELDS = {"name_empty": ("reader", words.BAD_NAME), "name_long": ("reader", words.BAD_NAME),
          "bots": ("bots", words.BAD_BOTS), "variant": ("variante", words.BAD_VARIANT),
          "unknown_variant": ("variante", words.BAD_VARIANT)}


def _form_options(request) -> dict:
    given = request.get("options") if isinstance(request, dict) else None
    return given if isinstance(given, dict) else {}


def refuse(error: GameError, request: dict | None = None) -> Refusal:
    """A move or a new game the engine refuses, on the form field at fault when there is one."""
    try:
        variant = variants.get(_form_options(request).get("variant", variants.DEFAULT))
    except GameError:
        variant = None
    field = (error.field or "").removeprefix("options.")
    spec = variant.options.get(field) if variant is not None else None
    if error.code == "too_few_bots":
        least = variant.min_players - 1 if variant is not None else 1
        at, message = "bots", reader_errors.too_few_robots(least)
    elif error.code in FIELDS or field == "reader":   # hostile text as a name (a lone surrogate…)
        at, message = FIELDS.get(error.code, ("reader", words.BAD_NAME))
    elif spec is not None:   # an option, checked or hostile
        at, message = spec.field or field, _option_refusal(spec)
    elif field.split("[")[0] == "bots" or error.code in ("shape", "hostile", "bot_level"):
        # Nothing a reader can type: the page sent what it never offers (a robot level…).
        at, message = "bots" if field.startswith("bots") else None, reader_errors.BAD_REQUEST
    else:
        at, message = None, words.REFUSED
    return Refusal([fault(at, message, error.message)])


def refuse_saved_game(error: GameError, request: dict | None = None) -> Refusal:
    """A kept game the engine cannot rebuild: the page must clear it (`discard`)."""
    return Refusal([fault(None, words.SAVED_GAME_REFUSED, error.message)], discard=True)


def refuse_file(error: GameError, request: dict | None = None) -> Refusal:
    return Refusal([fault("fichier", words.BAD_FILE, error.message)])


def _option_refusal(spec: variants.Option) -> str:
    if spec.wording is not None:
        return spec.wording
    if spec.kind == "int":
        return reader_errors.option_number(spec.low, spec.high)
    return reader_errors.OPTION_CHOICE


def read_options(variant: variants.Variant, given: dict) -> dict:
    """The options a reader chose in the form, read by the variant's own specs (its registry
    entry): the page sends every field of its form whatever the variant, so only this variant's
    options are read and a missing one takes its default. Refusal on each field at fault."""
    options, errors = {}, []
    for name, spec in variant.options.items():
        if name not in given:
            options[name] = spec.default
            continue
        try:
            options[name] = spec.read(given[name])
        except ValueError as error:
            errors.append(fault(spec.field or name, _option_refusal(spec),
                                f"option {name} of {variant.name}: {str(error)!r} refused"))
    if errors:
        raise Refusal(errors)
    return variants.check_options(variant, options)


def _answer(pair: tuple, steps: list | None = None) -> dict:
    state, st = pair
    return {"ok": True, "state": state, "view": session.view(state, st), "steps": steps or []}


def new_message(request: dict) -> dict:
    given = _form_options(request)
    variant = variants.get(given.get("variant", variants.DEFAULT))
    options = read_options(variant, given)
    seed = request.get("seed", 0)
    if not is_whole(seed) or not 0 <= seed <= 10**9:
        seed = 0
    bots = request.get("bots", [])
    return _answer(session.start(request.get("reader", ""), bots if isinstance(bots, list) else [],
                                 {"variant": variant.name, **options}, seed=seed))


def _decision(wanted: str, key: str | None, steps: str | None = None):
    """The message of a reader's decision `request[key]`: "turn" `steps` are the last turn's,
    "rest" those after the `shown` ones the page drew up to the step that asked the reader."""
    def message(request: dict) -> dict:
        state, st = session.decide(request.get("state"), wanted, request.get(key) if key else None,
                                   steps=steps is not None)
        if steps is None:
            return _answer((state, st))
        done = request.get("shown", 0) if steps == "rest" else 0
        return _answer((state, st), session.round_steps(state, st, last=True)[done if is_whole(done)
                                                                  and done >= 0 else 0:])
    return message


card_message = _decision("play", "card", steps="turn")
choose_message = _decision("row", "row", steps="rest")
move_message = _decision("move", "index", steps="rest")
pick_message = _decision("pick", "card")
next_message = _decision("round_over", None)


def advice_message(request: dict) -> dict:
    return {"ok": True, "advice": session.advice(request.get("state"))}


def review_message(request: dict) -> dict:
    return {"ok": True, "steps": session.round_steps(request.get("state"))}


def export_message(request: dict) -> dict:
    return {"ok": True, "scenario": session.scenario(request.get("state"))}


def view_message(request: dict) -> dict:
    return _answer(session.restore(request.get("state")))


def load_message(request: dict) -> dict:
    state, st = session.load(request.get("scenario"))
    steps = session.round_steps(state, st)
    return _answer((state, st), steps if len(steps) > 1 else [])
