"""The JSON scenario format for Junior (game/junior/README.md): a scenario read into a first
state and moves, and back. Mistakes raise GameError in English; an illegal move, the rules'
refusal with `field` "moves[i]" (`where(error)` joins both) and its `code` and `facts`.
"""

from __future__ import annotations

import copy

from game.errors import GameError
from game.untrusted import check_plain, is_whole

from .cows import ALL_TYPES, COWS, ROWS, TYPES, cards_with, cows, is_cow_card, row_types
from .rules import EXPERT_TAKE_AT, HAND_SIZE, new_state, play

KEYS = {"variant", "level", "players", "rows", "deck", "hands", "goal", "moves", "played"}
MOVE_KEYS = {"player", "card", "row"}


# ---------------------------------------------------------------- scenario → initial state and moves

def _resolve_cards(scenario) -> dict:
    """Turn every card token of rows, hands and deck into an id, ints first so letters never collide."""
    rows, hands = scenario.get("rows", [[], [], [], []]), scenario.get("hands", {})
    lists = ([(f"rows[{i}]", row) for i, row in enumerate(rows)]
             + [(f"hands.{p}", hand) for p, hand in hands.items()]
             + [("deck", scenario.get("deck", []))])
    used = set()
    for where, cards in lists:
        if not isinstance(cards, list):
            raise GameError(f"{where} must be a list of cards", field=where)
    for where, cards in lists:
        for t in filter(is_whole, cards):
            if not is_cow_card(t):
                raise GameError(f"{where}: {t} is not a Junior card id (1..{len(COWS) - 1})", field=where,
                                code="card_out_of_deck")
            if t in used:
                raise GameError(f"{where}: card {t} appears twice", field=where, code="card_twice")
            used.add(t)
    ids = [[t if is_whole(t) else _allocate(where, t, used) for t in cards]
           for where, cards in lists]
    return {"rows": ids[:len(rows)], "hands": dict(zip(hands, ids[len(rows):-1])), "deck": ids[-1]}


def _allocate(where, token, used) -> int:
    """The lowest unused id whose cows are exactly the letters of token."""
    if not (isinstance(token, str) and token and set(token.upper()) <= set(TYPES)
            and len(set(token.upper())) == len(token)):
        raise GameError(f"{where}: {token!r} is neither a card id nor cow letters A..F", field=where)
    for card in cards_with(token):
        if card not in used:
            used.add(card)
            return card
    raise GameError(f"{where}: no card {token!r} left (the deck has {len(cards_with(token))})",
                    field=where)


def load(scenario) -> tuple[dict, list]:
    """Check a scenario's shape; return its initial state and its moves (not yet applied)."""
    check_plain(scenario)
    if not isinstance(scenario, dict):
        raise GameError("a Junior scenario is a JSON object")
    unknown = set(scenario) - KEYS
    if unknown:
        raise GameError(f"unknown scenario keys: {', '.join(sorted(map(str, unknown)))}")
    if scenario.get("variant", "junior") != "junior":
        raise GameError("a Junior scenario has \"variant\": \"junior\"", field="variant")
    for key in ("level", "players"):
        if key not in scenario:
            raise GameError(f"missing scenario key {key!r}", field=key)
    players = scenario["players"]
    if not isinstance(players, list):
        raise GameError("players must be a list of names", field="players")
    for p in players:
        if not isinstance(p, str) or not p.strip():
            raise GameError(f"players: {p!r} is not a name (a non-empty string)", field="players",
                            code="shape")
    _check_goal(scenario.get("level"), scenario.get("goal"))
    rows = scenario.get("rows", [])
    if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
        raise GameError(f"rows must be a list of {ROWS} rows, each a list of cards, not {rows!r}"[:200],
                        field="rows", code="shape")
    hands = scenario.get("hands", {})
    if not isinstance(hands, dict) or set(hands) - set(players):
        raise GameError(f"hands must map players among {players!r} to cards", field="hands")
    cards = _resolve_cards(scenario)
    state = new_state(scenario["level"], players, rows=cards["rows"] or None, deck=cards["deck"],
                      hands=cards["hands"], goal=scenario.get("goal"))
    check_table(state)
    moves = scenario.get("moves", [])
    if not isinstance(moves, list):
        raise GameError("moves must be a list", field="moves")
    # Types only (true is not card 1, 1.0 not row 1): legality is the rules' French refusal.
    for i, m in enumerate(moves):
        where = f"moves[{i}]"
        if not isinstance(m, dict) or "row" not in m or set(m) - MOVE_KEYS:
            raise GameError(f"{where} must be an object with 'row' and optional 'player', 'card'",
                            field=where)
        card, row, player = m.get("card"), m["row"], m.get("player", "")
        if not (card is None or isinstance(card, str) or is_whole(card)):
            raise GameError(f"{where}: card must be a card id or cow letters, not {card!r}",
                            field=where, code="shape")
        if not is_whole(row):
            raise GameError(f"{where}: row must be a whole number (0..{ROWS - 1}), not {row!r}",
                            field=where, code="shape")
        if not isinstance(player, str):
            raise GameError(f"{where}: player must be a name, not {player!r}", field=where,
                            code="shape")
    played = scenario.get("played")
    if "played" in scenario and not (is_whole(played) and 0 <= played < len(moves)):
        raise GameError(f"played must count fewer of the moves than the {len(moves)} written, not "
                        f"{str(played)[:20]}", field="played", code="shape")
    return state, moves


def check_table(state) -> None:
    """Refuse a table the level's rules cannot lay (game/junior/README.md), naming the row."""
    level = state["level"]
    for player, hand in state["hands"].items():
        if len(hand) > HAND_SIZE:
            raise GameError(f"hands.{player}: a hand holds at most {HAND_SIZE} cards, not {len(hand)}",
                            field=f"hands.{player}", code="hand_too_big")
    for i, row in enumerate(state["rows"]):
        where = f"rows[{i}]"
        if level == "expert":
            if not 1 <= len(row) < EXPERT_TAKE_AT:
                raise GameError(f"{where}: an expert row holds 1 to {EXPERT_TAKE_AT - 1} cards (one is "
                                f"dealt to each row; the {EXPERT_TAKE_AT}th card takes the others), "
                                f"not {len(row)}", field=where,
                                code="row_empty" if not row else "row_too_long")
            # RULES §4: a card goes only onto a rightmost card it shares a cow with; a row starts
            # afresh (with any card) only when a stuck player takes it.
            for k in range(1, len(row)):
                if not cows(row[k]) & cows(row[k - 1]):
                    raise GameError(f"{where}: card {row[k]} ({COWS[row[k]]}) shares no cow with the "
                                    f"card before it ({COWS[row[k - 1]]}), so it could not have been "
                                    f"laid there", field=where, code="row_impossible")
            continue
        if row_types(row) == ALL_TYPES:
            raise GameError(f"{where}: the row holds all six cow types, so the card completing it "
                            f"would have won it", field=where, code="row_complete")
        for k, card in enumerate(row):
            if cows(card) - row_types(row[:k]):
                continue
            other = next((r for r, cards in enumerate(state["rows"]) if cows(card) - row_types(cards)), None)
            if other is not None:
                missing = "".join(sorted(cows(card) - row_types(state["rows"][other])))
                raise GameError(f"{where}: card {card} ({COWS[card]}) brings no new cow to its row, "
                                f"which only rule 2 allows (no new cow anywhere), yet rows[{other}] "
                                f"lacks {missing}", field=where, code="row_impossible")


def _check_goal(level, goal) -> None:
    """RULES §4: base counts the most cards, expert the fewest; only avancé offers both."""
    fixed = {"base": "most", "expert": "fewest"}.get(level) if isinstance(level, str) else None
    if goal is not None and fixed is not None and goal != fixed:
        raise GameError(f"goal {goal!r} contradicts the {level} level, where the {fixed} cards win "
                        f"(RULES §4)", field="goal", code="shape")


def _move_card(state, player, token, i):
    """The id a move plays: the top card at base level, else the named card of the hand."""
    if state["level"] == "base":
        if token is None:
            return state["deck"][0] if state["deck"] else None
    elif token is None:
        raise GameError(f"moves[{i}]: name the card played from the hand", field=f"moves[{i}]")
    if isinstance(token, str):
        pool = state["deck"][:1] if state["level"] == "base" else state["hands"].get(player, [])
        for card in pool:
            if COWS[card] == "".join(sorted(token.upper())):
                return card
        raise GameError(f"moves[{i}]: {player} has no card {token!r} to play", field=f"moves[{i}]",
                        player=player)
    return token


def state_moves(st, moves, start: int = 0):
    """The scenario's moves (from `moves[start]`) as State moves (game/junior/state.py), each
    written when its turn comes: the player and « the top card » depend on the game so far."""
    for i, m in enumerate(moves, start):
        if st.is_over:
            raise GameError(f"moves[{i}]: the game is already over", field=f"moves[{i}]")
        player = m.get("player", st.pending["player"])
        card = _move_card(st.data, player, m.get("card"), i)
        if player != st.pending["player"]:
            play(st.data, player, card, m["row"])   # the rules' own refusal (whose turn it is)
        yield {"kind": "card", "player": player, "card": card, "row": m["row"]}


def named(error: GameError, i: int) -> GameError:
    """A refused move named for the page: field "moves[i]"."""
    return error.replace(field=f"moves[{i}]")


def where(error: GameError) -> str:
    """« moves[2]: card 43 (F) … »: an error with the place it comes from, for authors and the CLI."""
    if error.field and not error.message.startswith(error.field):
        return f"{error.field}: {error.message}"
    return error.message


def to_scenario(state, moves) -> dict:
    """A scenario (ids only) that replays these moves from this state."""
    out = {"variant": "junior", "level": state["level"], "players": list(state["players"]), "goal": state["goal"],
           "rows": copy.deepcopy(state["rows"]), "deck": list(state["deck"]),
           "moves": copy.deepcopy(moves)}
    if state["level"] != "base":
        out["hands"] = copy.deepcopy(state["hands"])
    return out
