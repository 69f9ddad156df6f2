"""« Jouer une manche »: the reader against robots, in any variant of the registry.

Why the state is a plain JSON dict held by the page rather than objects kept in the worker's
Python: every message then carries everything it needs, so a message is a pure function
(state, move) → (new state, view). That makes the session testable in CPython without a browser
and lets the page keep a game across an engine restart or a reload.

The game itself is the variant's State (game/state.py): the session stores its `to_json()`
(players, seed, options, moves) and rebuilds it with `from_json`, which re-checks every move. So
a tampered saved game is refused, never trusted, and every loop is bounded by its moves.
Nothing is random at play time except through seeds derived from the session seed, so the same
state and move always give the same answer (the robots' random draws included).

Session (JSON):
    {"v": 2, "variant": name, "reader": name, "bots": {name: "random"|"heuristic"},
     "game": State.to_json()}
"""

from __future__ import annotations

import copy

from . import state as protocol
from . import variants
from .errors import GameError
from .messages import advice as words
from .rng import Rng
from .state import MAX_MOVES, bot_factory
from .untrusted import check_plain, is_whole

VERSION = 2
LEVELS = ("random", "heuristic")
BOT_NAMES = ("Alice", "Bruno", "Chloé", "David", "Emma", "Farid", "Gaëlle", "Hugo", "Inès", "Jules")
NAME_MAX = 20


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


def new_session(reader: str, levels: list[str], options: dict | None = None,
                seed: int = 0) -> dict:
    """A new game: the reader and one robot per level in `levels`, first round dealt.

    `options["variant"]` names the variant (default classic); the other options are the
    variant's own (target, strict, rounds for the classic family; level for Junior).
    """
    reader = check_name(reader)
    options = dict(options or {})
    variant = variants.get(options.pop("variant", variants.DEFAULT))
    if variant.seat_view is None:
        raise GameError(f"« Jouer une manche » does not offer {variant.name} yet", code="variant")
    if not isinstance(levels, list) or len(levels) > variant.max_players - 1:
        raise GameError(f"{variant.min_players - 1} to {variant.max_players - 1} robots for "
                        f"{variant.name}", code="bots")
    if len(levels) < variant.min_players - 1:
        raise GameError(f"at least {variant.min_players - 1} robot(s) for {variant.name}",
                        code="too_few_bots")
    for level in levels:
        if not isinstance(level, str) or level not in LEVELS:
            raise GameError(f"unknown robot level {str(level)[:20]!r}", field="bots", code="bot_level")
        bot_factory(variant, level)
    options = variants.check_options(variant, options)
    names = [n for n in BOT_NAMES if n.casefold() != reader.casefold()][:len(levels)]
    st = variant.new_game([reader, *names], seed=int(seed), options=options)
    session = {"v": VERSION, "variant": variant.name, "reader": reader,
               "bots": dict(zip(names, levels)), "game": None}
    return _save(session, _advance(session, st))


# --- the state the page holds ---------------------------------------------------------------

_kept: list = []
"""[(session, its game, a copy of its saved game)] as `_save` last wrote it: a message's later
readings of that same session (its view, its turn's steps) reuse the game instead of replaying
every move again. Only the very object `_save` returned, unchanged, is trusted."""


def _restore(session) -> tuple[dict, object]:
    """The session checked and its game rebuilt move by move; GameError (code "session") if not."""
    if _kept and _kept[0][0] is session and session.get("game") == _kept[0][2]:
        return copy.deepcopy(session), _kept[0][1]
    if not isinstance(session, dict) or session.get("v") != VERSION:
        raise GameError("not a game session of this version", code="session")
    try:
        check_plain(session)   # hostile JSON (lone surrogates, huge numbers, deep nesting) first
    except GameError as error:
        raise GameError(error.message, code="session") from None
    variant = variants.get(session.get("variant"))
    reader, bots, game = session.get("reader"), session.get("bots"), session.get("game")
    if not isinstance(bots, dict) or not isinstance(game, dict) or not isinstance(game.get("moves"), list):
        raise GameError("a session has robots and a game", code="session")
    if len(game["moves"]) > MAX_MOVES or any(level not in LEVELS for level in bots.values()):
        raise GameError("a session's robots or moves are not valid", code="session")
    check_name(reader)
    if game.get("players") != [reader, *bots] or game.get("variant") != variant.name:
        raise GameError("players and robots do not match", code="session")
    st = protocol.from_json(game)   # the one path that checks a saved game, for every variant
    return copy.deepcopy(session), st


def _save(session: dict, st) -> dict:
    session["game"] = st.to_json()
    _kept[:] = [(session, st, copy.deepcopy(session["game"]))]
    return session


def _restore_to_move(session) -> tuple[dict, object]:
    """As `_restore`, for a move: the game will change, so it is no longer kept."""
    session, st = _restore(session)
    _kept.clear()
    return session, st


def check_state(session) -> dict:
    """A session kept by the page (localStorage), checked by rebuilding its game."""
    session, st = _restore(session)
    return _save(session, st)


def _bot(session: dict, st, player: str):
    """The robot of `player` for this decision, its generator derived from the session seed."""
    variant = variants.get(session["variant"])
    rng = Rng("/".join(str(p) for p in (st.seed, len(st.moves), player)))
    return bot_factory(variant, session["bots"][player])(rng)


def _advance(session: dict, st):
    """Let the robots decide until the reader must (or the round or the game is over)."""
    for _ in range(MAX_MOVES):
        want = st.pending
        if want is None or want["kind"] == "next_round" or want["player"] == session["reader"]:
            return st
        st.apply(_bot(session, st, want["player"]).move(st))
    raise GameError("the robots did not finish their moves", code="too_long")


def phase(session: dict, st=None) -> str:
    """What the game waits for: play, row, pick, move (any other decision), round_over, game_over."""
    if st is None:
        session, st = _restore(session)
    want = st.pending
    if want is None:
        return "game_over"
    kind = want["kind"]
    if kind == "next_round":
        return "round_over"
    if kind == "card" and any("row" in move for move in st.legal_moves()[:1]):
        return "move"   # a card and where it goes in one decision (Junior): listed, not clicked
    return {"card": "play", "row": "row", "pick": "pick"}.get(kind, "move")


# --- moves ------------------------------------------------------------------------------------------

def _reader_move(session: dict, move: dict, expected: str) -> dict:
    session, st = _restore_to_move(session)
    if phase(session, st) != expected or st.pending.get("player") != session["reader"]:
        raise GameError(f"the game is not waiting for a {expected!r} move", code="not_now")
    st.apply({**move, "player": session["reader"]})   # GameError: nothing changed
    return _save(session, _advance(session, st))


def play_card(session: dict, card: int) -> dict:
    """The reader plays `card`; the robots play theirs; the turn resolves up to the reader's choice."""
    return _reader_move(session, {"kind": "card", "card": card}, "play")


def choose_row(session: dict, row: int) -> dict:
    """The reader's too-low card takes `row`; the rest of the turn resolves."""
    return _reader_move(session, {"kind": "row", "row": row}, "row")


def pick_card(session: dict, card: int) -> dict:
    """Logique: the reader drafts `card`; the robots draft until the reader's next pick."""
    return _reader_move(session, {"kind": "pick", "card": card}, "pick")


def play_move(session: dict, index: int) -> dict:
    """Any other decision (a special card, a cow card and its row): the `index`-th legal move,
    as listed by `view()["decision"]["options"]`."""
    session, st = _restore_to_move(session)
    if phase(session, st) != "move":
        raise GameError("the game is not waiting for such a move", code="not_now")
    legal = st.legal_moves()
    if not is_whole(index) or not 0 <= index < len(legal):
        raise GameError(f"no move {str(index)[:20]}", code="not_now")
    st.apply(legal[index])
    return _save(session, _advance(session, st))


def next_round(session: dict) -> dict:
    """Deal the next round once the current one is scored and the game goes on."""
    session, st = _restore_to_move(session)
    if phase(session, st) != "round_over":
        raise GameError("the round is not over, or the game is", code="not_now")
    st.apply({"kind": "next_round"})
    return _save(session, _advance(session, st))


# --- reading -----------------------------------------------------------------------------------------

def scenario(session: dict) -> dict:
    """The current round as the variant's JSON scenario (hands included); a turn still waiting
    for the reader is left out, so `python -m game replay` accepts it."""
    session, st = _restore(session)
    variant = variants.get(session["variant"])
    if variant.round_scenario is None:
        raise GameError(f"no export for {variant.name}", code="not_now")
    return variant.round_scenario(st)


def load(data: dict, levels: dict | None = None, options: dict | None = None, seed: int = 0) -> dict:
    """A session from a scenario with hands (an export): the first player of "hands" is the reader,
    the others become robots (heuristic unless `levels` says otherwise); recorded turns are kept."""
    variant = variants.of(data)
    if variant.from_scenario is None:
        raise GameError(f"{variant.name} rounds cannot be loaded", code="hands")
    st = variant.from_scenario(data, seed=int(seed), options=dict(options or {}))
    reader = check_name(st.players[0])
    session = {"v": VERSION, "variant": variant.name, "reader": reader,
               "bots": {p: (levels or {}).get(p, "heuristic") for p in st.players[1:]}, "game": None}
    want = st.pending
    if want is not None and want.get("player") not in (None, reader) and want["kind"] != "card":
        raise GameError("a robot's decision is missing", code="missing_choice")
    return _save(session, _advance(session, st))


def advice(session: dict) -> dict:
    """What the heuristic robot would do in the reader's place, and why (French)."""
    session, st = _restore(session)
    variant = variants.get(session["variant"])
    now = phase(session, st)
    if now in ("round_over", "game_over") or variant.advice is None:
        return {"kind": None, "text": words.nothing_to_advise()}
    return variant.advice(st, session["reader"])


def turn_steps(session: dict) -> list[dict]:
    """What the page draws after a move: the replay steps of the last turn as the examples show
    them (a step of kind "choice" ends a turn waiting for the reader), or the variant's own
    stretch (`Variant.last_stretch`: Junior's players move one at a time)."""
    variant, reader, steps = _replayed(session)
    if len(steps) < 2:
        return []
    if variant.last_stretch is not None:
        shown = variant.last_stretch(steps, reader)
    else:
        turn = steps[-1]["turn"]
        shown = [s for s in steps if s["turn"] == turn and turn > 0]
    return [_step_view(variant, s) for s in shown]


def round_steps(session: dict) -> list[dict]:
    """Every step of the round, from the table before the first turn: « revoir la manche »."""
    variant, _, steps = _replayed(session)
    return [_step_view(variant, s) for s in steps]


def _replayed(session: dict) -> tuple:
    """(variant, reader, the round's steps up to now: `Variant.round_steps`) — none for a variant
    without them, or during a draft."""
    session, st = _restore(session)
    variant = variants.get(session["variant"])
    return variant, session["reader"], [] if variant.round_steps is None else variant.round_steps(st)


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


def leaders(st) -> list:
    """Who leads now (the best `returns()`: fewest heads, or most cards in Junior base); nobody
    while everyone is level, as at the start."""
    returns = st.returns()
    best = max(returns.values())
    ahead = [p for p in st.players if returns[p] == best]
    return [] if len(ahead) == len(st.players) else ahead


def view(session: dict) -> dict:
    """Everything the page shows, as data and engine-drawn markup (the page only swaps it in)."""
    session, st = _restore(session)
    variant = variants.get(session["variant"])
    now = phase(session, st)
    reader = session["reader"]
    seat = variant.seat_view(st, reader)
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
           "leaders": leaders(st)}
    want = st.pending
    if now == "pick":
        out["pool"] = seat["pool"]
        out["picks"] = seat.get("picks", "")
    elif now == "row":
        out["choice"] = {"card": want["card"], "options": [
            {**o, "label": words.row_option(o["row"], o["cards"], o["heads"])} for o in want["options"]]}
    elif now == "move":
        out["decision"] = {"text": variant.decision_text(st, reader),
                           "options": [{"index": i, "label": variant.move_label(st, m)}
                                       for i, m in enumerate(st.legal_moves())]}
    if now in ("round_over", "game_over"):
        out["summary"] = seat.get("summary") or words.round_summary(seat["round"], seat["last_round"],
                                                                    seat["totals"])
    if now == "game_over":
        out["winners"] = st.winners()
        out["summary"] += " " + words.game_summary(seat["rounds_played"], st.winners(), reader)
    return out
