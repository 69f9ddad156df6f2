"""The JSON scenario format of the special-cards variant, documented in game/specials/README.md:
a classic scenario plus markers, Stops, held special cards and each turn's special cards.
`parse` checks what the shape can tell; the replay (replay.py) what only playing can.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.classic.cards import HIGHEST, is_card
from game.errors import GameError
from game.classic.scenario import (add_players, check_card, check_count, check_hands, check_outline,
                                   players_of)
from game.classic.table import LIMIT, check_rows

from .cards import KINDS, MAX_PLAYERS, MAX_ROWS, MIN_PLAYERS, REPLACE, ROWS, special_deck
from .moves import check_shape
from ..untrusted import is_whole

VARIANT = "speciales"
KEYS = {"variant", "rows", "marked", "stopped", "hands", "held", "turns", "players"}
TURN_KEYS = {"plays", "choices", "specials", "waiting"}


@dataclass
class Scenario:
    rows: list
    marked: list
    stopped: list
    players: list
    hands: dict
    held: dict
    turns: list   # [(plays, choices, specials)]
    waiting: str | None = None   # the player whose decision the last turn waits for


def _check_variant(data) -> None:
    if data.get("variant", VARIANT) != VARIANT:
        raise GameError(f"a scenario with special cards has \"variant\": \"{VARIANT}\"", field="variant",
                        code="shape")


def parse(data) -> Scenario:
    """Check a scenario's shape; what only playing can tell (legality) is checked by the replay."""
    check_outline(data, KEYS, _check_variant)
    rows, marked, stopped = data["rows"], data.get("marked", []), data.get("stopped", [])
    check_table(rows, marked, stopped)
    hands = data.get("hands")
    players = players_of(data["turns"], hands, TURN_KEYS)   # from the turns, then the hands
    turns = []
    for t, turn in enumerate(data["turns"], 1):
        plays, choices, specials = turn["plays"], turn.get("choices", {}), turn.get("specials", {})
        for key, value in (("choices", choices), ("specials", specials)):
            if not isinstance(value, dict):
                raise GameError(f"turn {t}: \"{key}\" must be an object {{player: …}}", turn=t,
                                field=f"turns[{t - 1}].{key}", code="shape")
            for p in value:
                if p not in plays:
                    raise GameError(f"turn {t}: {p} has {key} but plays no card this turn", player=p,
                                    turn=t, field=f"turns[{t - 1}].{key}.{p}", code="shape")
        by_card: dict[int, str] = {}
        for p, card in plays.items():
            check_card(card, p, t, f"turns[{t - 1}].plays.{p}", HIGHEST)
            if card in by_card:
                raise GameError(f"turn {t}: {by_card[card]} and {p} both play {card}", player=p, card=card,
                                turn=t, field=f"turns[{t - 1}].plays.{p}", code="card_twice")
            by_card[card] = p
        for p, move in specials.items():
            check_shape(move, p, plays[p], t)
        turns.append((dict(plays), dict(choices), dict(specials)))
    waiting = _waiting(data["turns"])
    if hands is not None:
        check_hands(hands, {c: "on the table" for r in rows for c in r}, HIGHEST)
    else:
        hands = {p: [] for p in players}
        for plays, _, specials in turns:
            for p, card in [*plays.items(),
                            *((p, m["with"]) for p, m in specials.items() if m["card"] == REPLACE)]:
                if card not in hands[p]:   # a card back from Remplacer is the same card
                    hands[p].append(card)
    held = data.get("held")
    if held is None:
        held = {p: special_deck() for p in players}
    elif not isinstance(held, dict) or not all(isinstance(h, list) and all(k in KINDS for k in h)
                                               for h in held.values()):
        raise GameError(f"\"held\" must be an object {{player: [special cards]}} among {', '.join(KINDS)}",
                        field="held", code="shape")
    add_players(players, held, "\"held\": a player name cannot be empty", field="held")
    check_count(data, players, MIN_PLAYERS, MAX_PLAYERS, "the special cards are", " (RULES §3)")
    _check_replacements(turns, rows, data.get("hands"))
    return Scenario([list(r) for r in rows], list(marked), list(stopped), players, hands, held, turns,
                    waiting)


def _waiting(turns: list) -> str | None:
    """`"waiting": player` on the last turn: a round being played (« Jouer une manche ») stops
    at that player's placement, whose decision is not made yet; `replay(pause=True)` ends there."""
    for t, turn in enumerate(turns, 1):
        if "waiting" not in turn:
            continue
        player = turn["waiting"]
        where = f"turns[{t - 1}].waiting"
        if t != len(turns):
            raise GameError(f"turn {t}: only the last turn may wait for a decision", turn=t, field=where,
                            code="shape")
        if not isinstance(player, str) or player not in turn["plays"]:
            raise GameError(f"turn {t}: \"waiting\" names a player of this turn, not {str(player)[:20]!r}",
                            turn=t, field=where, code="shape")
        if player in turn.get("choices", {}) or player in turn.get("specials", {}):
            raise GameError(f"turn {t}: {player} waits for a decision the turn already gives", player=player,
                            turn=t, field=where, code="shape")
        return player
    return None


def _check_replacements(turns, rows, hands) -> None:
    """Remplacer's `with`: a number card of the deck its player may still hold (RULES §3).

    Not on the starting table, not revealed by anyone this turn, not placed in an earlier
    turn, not in another player's hand; the replay then checks it is in the player's own hand.
    """
    gone = {c: "on the table" for r in rows for c in r}
    for t, (plays, _, specials) in enumerate(turns, 1):
        revealed = {card: p for p, card in plays.items()}
        placed = dict(revealed)
        for p, move in specials.items():
            if move["card"] != REPLACE:
                continue
            new, field = move["with"], f"turns[{t - 1}].specials.{p}.with"

            def refuse(why):
                raise GameError(f"turn {t}: {p}'s remplacer: card {new} {why}", player=p, card=plays[p],
                                turn=t, field=field, code="special_with")

            if not is_card(new):
                refuse("is not a number card (1..104)")
            if new in gone:
                refuse(f"is already {gone[new]}")
            if new in revealed:
                refuse(f"is the card {revealed[new]} reveals this turn")
            if new in placed:
                refuse(f"is already played this turn by {placed[new]}")
            owner = next((q for q, hand in (hands or {}).items() if new in hand), p)
            if owner != p:
                refuse(f"is in {owner}'s hand")
            del placed[plays[p]]      # the revealed card goes back to the hand
            placed[new] = p
        for card, p in placed.items():
            gone.setdefault(card, f"placed by {p} in turn {t}")


def check_table(rows, marked=(), stopped=()) -> None:
    """Raise GameError unless rows, markers and Stops make a legal table of the variant."""
    if not isinstance(rows, list) or len(rows) not in (ROWS, MAX_ROWS):
        raise GameError("rows: the special-cards table has 4 or 5 rows", field="rows",
                        code="rows_shape")
    check_rows(rows, limit=LIMIT + 1)   # shape, deck, no card twice, ascending
    for name, indexes in (("marked", marked), ("stopped", stopped)):
        if not isinstance(indexes, (list, tuple, set)):
            raise GameError(f"\"{name}\" must be a list of row indexes, not {indexes!r}", field=name,
                            code="shape")
        for i in indexes:
            if not is_whole(i) or not 0 <= i < len(rows):
                raise GameError(f"\"{name}\": {i!r} is not a row index (0..{len(rows) - 1})", field=name,
                                code="shape")
    for i, row in enumerate(rows):
        if len(row) > LIMIT and i not in set(marked):
            raise GameError(f"row {i} has {len(row)} cards; only a row with a 7 qui prend marker "
                            f"may hold 6", field=f"rows[{i}]", code="row_too_long")
    if len(set(stopped)) >= len(rows):
        raise GameError("\"stopped\": at least one row must stay open", field="stopped", code="shape")
