"""The three levels of « 6 qui prend Junior » (RULES §4): state, legal moves, one move.

A state is plain data (dicts, lists, str, int, bool) so it goes to JSON and back unchanged, and a
snapshot can be taken after any move. `play` never mutates its input: it works on a copy and raises
`GameError` before returning, so a refused move leaves the caller's state exactly as it was.

State keys:
  level      "base" | "avance" | "expert"
  goal       "most" (base, avancé) or "fewest" (expert, or avancé's competitive option)
  players    names in turn order; the first one starts
  rows       four lists of cow card ids, left to right (the row card itself is not stored)
  deck       card ids, top first
  hands      {player: [ids]} (always empty at base level: the top card is revealed instead)
  albums     {player: [ids]} the cards a player has won or taken (the « album photo »)
  current    index in players of whose turn it is
  turn       moves played so far
  over       True once deck and hands are empty

Events are plain dicts with a "type" starting "junior_" and JSON values only (str, int, bool,
None, lists, dicts with str keys): they are their own JSON form, so `json.loads(json.dumps(e)) == e`.
"""

from __future__ import annotations

import copy

from game.errors import GameError
from game.events import register_dict_types
from game.rng import Rng

from .cows import (ALL_TYPES, COWS, MAX_PLAYERS, MIN_PLAYERS, ROWS, cows, is_cow_card, junior_deck,
                   row_types)
from ..untrusted import is_whole

EVENT_TYPES = ("junior_setup", "junior_reveal", "junior_place", "junior_complete", "junior_draw",
               "junior_take", "junior_game_end", "junior_tally")
"""Each has its French sentence in game/messages/junior.py (test_every_event_speaks_french)."""
register_dict_types(*EVENT_TYPES)   # game.events.all_types() lists every variant's types

LEVELS = ("base", "avance", "expert")
HAND_SIZE = 3
EXPERT_TAKE_AT = 6  # laying the 6th cow card of a row takes the five others


# ---------------------------------------------------------------- set-up

def default_goal(level: str) -> str:
    """Who wins when the scenario does not say: the fewest cards at expert level (they are
    penalties there), the most cards otherwise (RULES §4)."""
    return "fewest" if level == "expert" else "most"


def new_state(level: str, players, *, rows=None, deck=(), hands=None, goal=None, albums=None) -> dict:
    """A state from explicit contents: what scenarios and deals both build on."""
    if level not in LEVELS:
        raise GameError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
    players = list(players)
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise GameError(f"Junior is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}")
    if len(set(players)) != len(players) or not all(isinstance(p, str) and p for p in players):
        raise GameError(f"players must be distinct non-empty names: {players!r}")
    goal = default_goal(level) if goal is None else goal
    if goal not in ("most", "fewest"):
        raise GameError(f"unknown goal {goal!r}: expected 'most' or 'fewest'")
    state = {
        "level": level,
        "goal": goal,
        "players": players,
        "rows": [list(r) for r in (rows or [[] for _ in range(ROWS)])],
        "deck": list(deck),
        "hands": {p: list((hands or {}).get(p, [])) for p in players},
        "albums": {p: list((albums or {}).get(p, [])) for p in players},
        "current": 0,
        "turn": 0,
        "over": False,
    }
    if len(state["rows"]) != ROWS:
        raise GameError(f"Junior has {ROWS} rows, not {len(state['rows'])}")
    for where, given in (("hands", hands or {}), ("albums", albums or {})):
        if set(given) - set(players):
            raise GameError(f"{where} name players not in {players!r}: {sorted(set(given) - set(players))!r}")
    if level == "base" and any(state["hands"].values()):
        raise GameError("the base level has no hands: each player reveals the top card of the deck")
    if level != "base" and state["deck"] and not any(state["hands"].values()):
        raise GameError(f"at the {level} level players hold cards: give 'hands' as well as a deck")
    seen: set[int] = set()
    for card in all_cards(state):
        if not is_cow_card(card):
            raise GameError(f"{card!r} is not a Junior card id (1..{len(COWS) - 1})")
        if card in seen:
            raise GameError(f"card {card} appears twice")
        seen.add(card)
    _advance(state, first=0)   # the game may already be over, or the first player hold nothing
    return state


def deal(level: str, players, seed, *, goal=None) -> dict:
    """A shuffled game ready for its first move: expert rows first, then hands one card at a time."""
    deck = junior_deck()
    Rng(seed).shuffle(deck)  # random() only: the same deal on CPython 3.11 and Pyodide 3.14
    rows = [[deck.pop(0)] if level == "expert" else [] for _ in range(ROWS)]
    hands = {p: [] for p in players}
    if level in ("avance", "expert"):
        for _ in range(HAND_SIZE):
            for p in players:
                hands[p].append(deck.pop(0))
    return new_state(level, players, rows=rows, deck=deck, hands=hands, goal=goal)


def all_cards(state) -> list[int]:
    """Every card id in the state, wherever it is (rows, deck, hands, albums)."""
    out = [c for r in state["rows"] for c in r] + list(state["deck"])
    for p in state["players"]:
        out += state["hands"][p] + state["albums"][p]
    return out


# ---------------------------------------------------------------- where a card may go

def rows_for(rows, card: int, level: str) -> tuple[list[int], str]:
    """Rows a card may go to on this table, and the rule that allows them.

    Base and avancé: rows where it adds a cow type not yet there ("new"); if none, every row
    ("any"). Expert: rows whose rightmost card shares a cow type ("shared"); possibly none.
    """
    mine = cows(card)
    if level == "expert":
        return [i for i, r in enumerate(rows) if r and mine & cows(r[-1])], "shared"
    gaining = [i for i, r in enumerate(rows) if mine - row_types(r)]
    if gaining:
        return gaining, "new"
    return list(range(len(rows))), "any"


def playable_cards(state, player: str) -> list[int]:
    """The cards this player may choose from now: the top card at base level, else the hand."""
    if state["level"] == "base":
        return state["deck"][:1]
    return list(state["hands"][player])


def is_stuck(state, player: str) -> bool:
    """Expert only: no card of the hand fits any row, so the player must take a row first."""
    if state["level"] != "expert" or not state["hands"][player]:
        return False
    return not any(rows_for(state["rows"], c, "expert")[0] for c in state["hands"][player])


def legal_moves(state, player: str) -> list[tuple[int, int]]:
    """Every (card, row) the player may play now, in card then row order.

    When an expert player is stuck, every (card, row) is legal: the move takes that row, then lays
    the card in the emptied row.
    """
    if state["over"] or player not in state["players"]:
        return []
    cards = playable_cards(state, player)
    if is_stuck(state, player):
        return [(c, r) for c in cards for r in range(ROWS)]
    return [(c, r) for c in cards for r in rows_for(state["rows"], c, state["level"])[0]]


def to_play(state) -> str | None:
    """The player whose turn it is, or None once the game is over."""
    return None if state["over"] else state["players"][state["current"]]


# ---------------------------------------------------------------- one move

def play(state, player: str, card: int, row: int) -> tuple[dict, list[dict]]:
    """Play one move; returns the new state and its events. Refusals raise GameError, unchanged state."""
    _refuse_if_illegal(state, player, card, row)
    s = copy.deepcopy(state)
    s["turn"] += 1
    turn = s["turn"]
    level = s["level"]
    events: list[dict] = []
    if level == "base":
        s["deck"].pop(0)
        events.append({"type": "junior_reveal", "turn": turn, "player": player, "card": card,
                       "cows": COWS[card]})
    else:
        s["hands"][player].remove(card)

    stuck = level == "expert" and is_stuck(state, player)
    if stuck:
        events.append(_take(s, turn, player, row, list(s["rows"][row]), "stuck"))
        options, rule = list(range(ROWS)), "empty"
    else:
        options, rule = rows_for(s["rows"], card, level)
    target = s["rows"][row]
    before = row_types(target)
    after = target[-1] if target else None
    target.append(card)
    events.append({
        "type": "junior_place", "turn": turn, "player": player, "card": card, "cows": COWS[card],
        "row": row, "rule": rule, "options": options,
        "added": "".join(sorted(cows(card) - before)),
        "after": after, "shared": "".join(sorted(cows(card) & cows(after))) if after else "",
        "length": len(target),
    })
    if level != "expert" and row_types(target) == ALL_TYPES:
        taken = list(target)
        target.clear()
        s["albums"][player] += taken
        events.append({"type": "junior_complete", "turn": turn, "player": player, "row": row,
                       "cards": taken, "count": len(taken), "album": len(s["albums"][player])})
    elif level == "expert" and len(target) == EXPERT_TAKE_AT:
        events.append(_take(s, turn, player, row, target[:-1], "sixth"))

    if level != "base" and s["deck"]:
        drawn = s["deck"].pop(0)
        s["hands"][player].append(drawn)
        events.append({"type": "junior_draw", "turn": turn, "player": player, "card": drawn,
                       "left": len(s["deck"])})
    _advance(s)
    if s["over"]:
        events.append(game_end_event(s))
    return s, events


def _take(s, turn, player, row, cards, reason) -> dict:
    """Move cards of a row to the player's album (expert: stuck or 6th card)."""
    s["albums"][player] += cards
    for c in cards:
        s["rows"][row].remove(c)
    return {"type": "junior_take", "turn": turn, "player": player, "row": row, "cards": list(cards),
            "count": len(cards), "reason": reason, "album": len(s["albums"][player])}


def _refuse_if_illegal(state, player, card, row) -> None:
    """Raise GameError naming card and row when the move breaks a rule.

    The message is the engine's English; `code` and `facts` let game.messages.junior word it in
    French for readers (the browser lets them try moves).
    """
    def refuse(code, message, field=None, **facts):
        raise GameError(message, player=player if isinstance(player, str) else None,
                        card=card if isinstance(card, int) else None, turn=state["turn"] + 1,
                        field=field, code=code, facts={"player": player, "card": card, "row": row, **facts})

    if state["over"]:
        refuse("junior_over", "the game is over")
    players = state["players"]
    if player not in players:
        refuse("junior_unknown_player", f"{player!r} does not play in this game (players: "
               f"{', '.join(players)})", players=list(players))
    current = to_play(state)
    if player != current:
        refuse("junior_not_your_turn", f"it is {current}'s turn, not {player}'s", current=current)
    if not (is_whole(row) and 0 <= row < ROWS):
        refuse("junior_no_such_row", f"no row {row!r}: rows are 0 to {ROWS - 1}", "row")
    if isinstance(card, bool):   # JSON true equals 1 in Python: it is no card
        card = repr(card)
    if state["level"] == "base":
        top = state["deck"][0]
        if card != top:
            refuse("junior_not_top_card", f"at the base level {player} plays the top card of the "
                   f"deck ({_named(top)}), not {card!r}", "card", top=top)
    elif card not in state["hands"][player]:
        refuse("junior_not_in_hand", f"card {card!r} is not in {player}'s hand", "card")
    if is_stuck(state, player):
        return
    options, _ = rows_for(state["rows"], card, state["level"])
    if row in options:
        return
    field = f"rows[{row}]"
    may_go = f"it may go to row(s) {', '.join(map(str, options))}" if options else "it fits no row"
    if state["level"] == "expert":
        target = state["rows"][row]
        last = target[-1] if target else None
        why = (f"cannot go to row {row}, which is empty" if last is None
               else f"shares no cow with the last card of row {row} ({_named(last)})")
        refuse("junior_no_shared_cow", f"card {_named(card)} {why}: {may_go}", field,
               last=last, options=options)
    refuse("junior_no_new_cow", f"card {_named(card)} adds no new cow to row {row}: it must go to "
           f"row(s) {', '.join(map(str, options))}", field, options=options)


def _named(card: int) -> str:
    """« 43 (F) »: a card id with its cow letters, for English messages."""
    return f"{card} ({COWS[card]})"


def _advance(s, first: int = 1) -> None:
    """Pass the turn on (`first=0`: a fresh state keeps it if it can), skipping players with
    nothing to play; mark the end when nobody has anything."""
    n = len(s["players"])
    for step in range(first, first + n):
        i = (s["current"] + step) % n
        if s["deck"] if s["level"] == "base" else s["hands"][s["players"][i]]:
            s["current"] = i
            return
    s["over"] = True


# ---------------------------------------------------------------- scores

def counts(state) -> dict[str, int]:
    """Cards in each player's album."""
    return {p: len(state["albums"][p]) for p in state["players"]}


def winners(state) -> list[str]:
    """Players with the most (or fewest) album cards; ties share the win."""
    c = counts(state)
    best = (max if state["goal"] == "most" else min)(c.values())
    return [p for p in state["players"] if c[p] == best]


def game_end_event(state) -> dict:
    return {"type": "junior_game_end", "counts": counts(state), "winners": winners(state),
            "goal": state["goal"]}
