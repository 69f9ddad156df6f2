"""« Jouer une manche »: the reader against robots, in any variant of the registry.

Why the state is a plain JSON dict held by the page rather than objects kept in the worker's
Python: every message then carries everything it needs, so a message is a pure function
(state, move) → (new state, view). That makes the session testable in CPython without a browser
and lets the page keep a game across an engine restart or a reload.

The game itself is the variant's State (game/state.py): the session stores its `to_json()`
and rebuilds it with `from_json`, which re-checks every move, once per message (`restore`; the
functions below then take the rebuilt State). So a tampered saved game is refused, never
trusted, and every loop is bounded by its moves. Nothing is random at play time except through
seeds derived from the session seed, so the same state and move always give the same answer.

Session (JSON):
    {"v": 2, "variant": name, "reader": name, "bots": {name: "random"|"heuristic"},
     "game": State.to_json()}
"""

from __future__ import annotations

import copy

from . import state as protocol
from . import variants
from .playback import Recording
from .errors import GameError
from .messages import advice as words
from .rng import Rng
from .state import bot_factory
from .untrusted import check_plain, is_whole

VERSION = 2
BOT_NAMES = ("Alice", "Bruno", "Chloé", "David", "Emma", "Farid", "Gaëlle", "Hugo", "Inès", "Jules")
NAME_MAX = 20
READER_MOVES = {"play": ("card", "card"), "row": ("row", "row"), "pick": ("pick", "card")}
"""The phases where the reader's move is one value: (the move's kind, the value's key)."""


# --- starting -----------------------------------------------------------------------------------

def check_name(name) -> str:
    """The reader's name: shown in every explanation, so short, non-empty text."""
    if not isinstance(name, str):
        raise GameError("the name is not text", code="name_empty")
    name = " ".join(name.split())
    if not name:
        raise GameError("empty name", code="name_empty")
    if len(name) > NAME_MAX:
        raise GameError(f"name longer than {NAME_MAX} characters", code="name_long")
    if any(0xD800 <= ord(c) <= 0xDFFF or ord(c) < 32 for c in name):
        raise GameError("the name holds control characters", code="name_empty")
    return name


def start(reader: str, levels: list[str], options: dict | None = None,
          seed: int = 0) -> tuple[dict, object]:
    """A new game and its State: the reader and one robot per level in `levels`, first round
    dealt. `options["variant"]` names the variant (default classic), the others are its own."""
    reader = check_name(reader)
    options = dict(options or {})
    variant = variants.get(options.pop("variant", variants.DEFAULT))
    if variant.seat is None:
        raise GameError(f"« Jouer une manche » does not offer {variant.name} yet", code="variant")
    if not isinstance(levels, list) or len(levels) > variant.max_players - 1:
        raise GameError(f"{variant.min_players - 1} to {variant.max_players - 1} robots for "
                        f"{variant.name}", code="bots")
    if len(levels) < variant.min_players - 1:
        raise GameError(f"at least {variant.min_players - 1} robot(s) for {variant.name}",
                        code="too_few_bots")
    for level in levels:   # the registry's one check, on the form's robots field
        try:
            bot_factory(variant, level)
        except GameError as error:
            raise error.replace(field="bots") from None
    options = variants.check_options(variant, options)
    names = [n for n in BOT_NAMES if n.casefold() != reader.casefold()][:len(levels)]
    st = variant.new_game([reader, *names], seed=int(seed), options=options)
    session = {"v": VERSION, "variant": variant.name, "reader": reader,
               "bots": dict(zip(names, levels)), "game": None}
    return _advance(session, st)


def load(data: dict) -> tuple[dict, object]:
    """A session from a scenario with hands (an export), and its State: the first player of
    "hands" is the reader, the others heuristic robots; recorded turns are kept."""
    variant = variants.of(data)
    if variant.seat is None or variant.seat.from_scenario is None:
        raise GameError(f"{variant.name} rounds cannot be loaded", code="hands")
    st = variant.seat.from_scenario(data, seed=0, options={})
    reader = check_name(st.players[0])
    session = {"v": VERSION, "variant": variant.name, "reader": reader,
               "bots": dict.fromkeys(st.players[1:], "heuristic"), "game": None}
    want = st.pending
    if want is not None and want.get("player") not in (None, reader) and want["kind"] != "card":
        raise GameError("a robot's decision is missing", code="missing_choice")
    return _advance(session, st)


# --- the state the page holds ---------------------------------------------------------------

def restore(session, *, steps: bool = False) -> tuple[dict, object]:
    """A session the page kept, checked, and its game rebuilt move by move: (a copy of the
    session, saved again from its game, and the State); GameError (code "session") if not.
    With `steps` the State also draws its round as its moves are played, these and the ones to
    come (game.playback.Recording, read by `round_steps`)."""
    if not isinstance(session, dict) or session.get("v") != VERSION:
        raise GameError("not a game session of this version", code="session")
    try:
        check_plain(session)   # hostile JSON (lone surrogates, huge numbers, deep nesting) first
    except GameError as error:
        raise GameError(error.message, code="session") from None
    variant = variants.get(session.get("variant"))
    if variant.seat is None:
        raise GameError(f"« Jouer une manche » does not offer {variant.name}", code="session")
    reader, bots, game = session.get("reader"), session.get("bots"), session.get("game")
    if not isinstance(bots, dict) or not isinstance(game, dict) \
            or any(level not in protocol.levels(variant) for level in bots.values()):
        raise GameError("a session has valid robots and a game", code="session")
    check_name(reader)
    if game.get("players") != [reader, *bots] or game.get("variant") != variant.name:
        raise GameError("players and robots do not match", code="session")
    hooks = variant.seat.steps if steps else None
    # The one path that checks a saved game, for every variant.
    st = protocol.from_json(game, watch=None if hooks is None else lambda st: Recording(st, hooks))
    return _save(copy.deepcopy(session), st), st


def _save(session: dict, st) -> dict:
    session["game"] = st.to_json()
    return session


class _Robot:
    """A session's robot: a fresh generator for each move, derived from the game's seed and the
    moves so far, so a saved game always gets the same answer (nothing random at play time)."""

    def __init__(self, factory, player: str):
        self.factory, self.player = factory, player

    def move(self, st) -> dict:
        rng = Rng("/".join(str(p) for p in (st.seed, len(st.moves), self.player)))
        return self.factory(rng).move(st)


def _advance(session: dict, st) -> tuple[dict, object]:
    """Let the robots decide until the reader must (or the round or the game is over); then
    save the game."""
    variant, reader = variants.get(session["variant"]), session["reader"]
    robots = {p: _Robot(bot_factory(variant, level), p) for p, level in session["bots"].items()}
    protocol.play_out(st, robots, until=lambda want: want["kind"] == "next_round"
                      or want["player"] == reader)
    return _save(session, st), st


def phase(session: dict, st=None) -> str:
    """What the game waits for: play, row, pick, move (any other decision), round_over, game_over."""
    if st is None:
        session, st = restore(session)
    want = st.pending
    if want is None:
        return "game_over"
    kind = want["kind"]
    if kind == "card" and any("row" in move for move in st.legal_moves()[:1]):
        return "move"   # a card and where it goes in one decision (Junior): listed, not clicked
    return {"card": "play", "row": "row", "pick": "pick", "next_round": "round_over"}.get(kind, "move")


# --- moves ------------------------------------------------------------------------------------------

def decide(session, wanted: str, value=None, *, steps: bool = False) -> tuple[dict, object]:
    """The reader's decision `value` where the game waits for `wanted` (a phase; for "move" the
    index in `view()["decision"]["options"]`), then the robots' moves until the reader must
    decide again: the new session and its State (drawing its round with `steps`, for
    `round_steps`). GameError (nothing changed) if not now."""
    session, st = restore(session, steps=steps)
    if phase(session, st) != wanted \
            or wanted in READER_MOVES and st.pending["player"] != session["reader"]:
        raise GameError(f"the game is not waiting for a {wanted!r} move", code="not_now")
    if wanted == "round_over":
        move = {"kind": "next_round"}
    elif wanted == "move":
        legal = st.legal_moves()
        if not is_whole(value) or not 0 <= value < len(legal):
            raise GameError(f"no move {str(value)[:20]}", code="not_now")
        move = legal[value]
    else:
        kind, key = READER_MOVES[wanted]
        move = {"kind": kind, key: value, "player": session["reader"]}
    st.apply(move)   # GameError: nothing changed
    return _advance(session, st)


# --- reading -----------------------------------------------------------------------------------------

def scenario(session: dict) -> dict:
    """The current round as the variant's JSON scenario (hands included); a turn still waiting
    for the reader is left out, so `python -m game replay` accepts it."""
    session, st = restore(session)
    variant = variants.get(session["variant"])
    if variant.seat.round_scenario is None:
        raise GameError(f"no export for {variant.name}", code="not_now")
    return variant.seat.round_scenario(st)


def advice(session: dict) -> dict:
    """What the heuristic robot would do in the reader's place, and why (French)."""
    session, st = restore(session)
    variant = variants.get(session["variant"])
    if phase(session, st) in ("round_over", "game_over") or variant.seat.advice is None:
        return {"kind": None, "text": words.NOTHING_TO_ADVISE}
    return variant.seat.advice(st, session["reader"])


def round_steps(session: dict, st=None, *, last: bool = False) -> list[dict]:
    """Every step of the round so far (none during a draft), from the table before its first
    turn: « revoir la manche ». They come from the events its moves returned as the game was
    rebuilt and played (`Seat.steps`): a State not restored `with steps` is restored so. With
    `last`, what the page draws after a move: the last turn's steps (a step of kind "choice"
    ends a turn waiting for the reader), or the variant's own stretch (`Seat.last_stretch`:
    Junior's players move one at a time)."""
    if not isinstance(st, Recording):
        session, st = restore(session, steps=True)
    variant = variants.get(session["variant"])
    steps = st.steps() if isinstance(st, Recording) else []
    if last and len(steps) < 2:
        steps = []
    elif last and variant.seat.last_stretch is not None:
        steps = variant.seat.last_stretch(steps, session["reader"])
    elif last:
        steps = [s for s in steps if s["turn"] == steps[-1]["turn"] > 0]
    return [_step_view(variant, s) for s in steps]


def _step_view(variant, step: dict) -> dict:
    """A step as the reader sees it from their seat: the examples draw every hand (Junior
    avancé and expert), a game against robots keeps theirs hidden."""
    if step.get("hands"):
        step = {**step, "hands": {}}
    view = {"n": step["n"], "turn": step["turn"], "kind": step["kind"], "text": step["text"],
            "html": variant.step_html(step), "penalties": step.get("penalties", step.get("albums"))}
    if "player" in step:   # the one who moves (Junior: one player per step)
        view["player"] = step["player"]
    return view


def view(session: dict, st=None) -> dict:
    """Everything the page shows, as data and engine-drawn markup (the page only swaps it in)."""
    if st is None:
        session, st = restore(session)
    variant = variants.get(session["variant"])
    now = phase(session, st)
    reader = session["reader"]
    seat = variant.seat.view(st, reader)
    returns = st.returns()   # who leads: the best returns(); nobody while everyone is level
    ahead = [p for p in st.players if returns[p] == max(returns.values())]
    scores = [{"player": p, "bot": session["bots"].get(p), "level": words.level_name(session["bots"].get(p)),
               "round": seat["round_scores"].get(p, 0), "total": seat["totals"][p],
               "countdown": seat["countdown"].get(p)}
              for p in st.players]
    out = {"variant": variant.name, "title": variant.title, "phase": now, "round": seat["round"],
           "turn": seat["turn"], "turns": seat.get("turns"), "reader": reader,
           "players": list(st.players), "scores": scores, "target": seat.get("target"),
           "options": seat.get("options", {}), "hand": seat["hand"], "table": seat["table"],
           "extra": seat.get("extra", ""),
           "status": words.status(now, seat["round"], seat["turn"], reader, seat.get("turns")),
           "pool": [], "choice": None, "decision": None, "winners": [], "summary": None,
           "leaders": [] if len(ahead) == len(st.players) else ahead}
    want = st.pending
    if now == "pick":
        out["pool"] = seat["pool"]
        out["picks"] = seat.get("picks", "")
    elif now == "row":
        out["choice"] = {"card": want["card"], "options": [
            {**o, "label": words.row_option(o["row"], o["cards"], o["heads"])} for o in want["options"]]}
    elif now == "move":
        out["decision"] = {"text": variant.seat.decision_text(st, reader),
                           "options": [{"index": i, "label": variant.seat.move_label(st, m)}
                                       for i, m in enumerate(st.legal_moves())]}
    if now in ("round_over", "game_over"):
        out["summary"] = seat.get("summary") or words.round_summary(seat["round"], seat["last_round"],
                                                                    seat["totals"])
    if now == "game_over":
        out["winners"] = st.winners()
        out["summary"] += " " + words.game_summary(seat["rounds_played"], st.winners(), reader)
    return out
