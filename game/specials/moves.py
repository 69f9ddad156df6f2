"""Each special card's effect and legality (RULES §3), applied to a `SpecialRound`. A move is a
plain dict, as in the JSON scenario format (game/specials/README.md); every check raises `Refused`,
and the round applies a move atomically, so a refused move changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.card_faces import HEADS
from game.errors import GameError

from .cards import FIFTH_ROW, INSERT, KINDS, NEGATIVE, REPLACE, ROWS, SEVEN, SLIDE, STOP
from ..untrusted import is_whole

FIELDS = {
    FIFTH_ROW: (), SEVEN: (), INSERT: ("row", "position"), REPLACE: ("with",),
    SLIDE: ("from_row", "from_index", "to_row", "to_index"), STOP: ("row",), NEGATIVE: ("chosen",),
}


class Refused(GameError):
    """An illegal special move: `special` names the card, `reason` is a stable key."""

    def __init__(self, special: str, reason: str, message: str, *, player=None, card=None, turn=None,
                 details: dict | None = None):
        super().__init__(f"{special}: {message}", player=player, card=card, turn=turn,
                         code=f"special_{reason}")
        self.special = special
        self.reason = reason
        self.details = details or {}


@dataclass(frozen=True)
class RowChoice:
    """What placing a card returns instead of placing it when the card is lower than every open
    row and no row was named: the decision its player owes (the rows they may take, priced)."""
    player: str
    card: int
    options: list[dict]


def check_shape(move, player: str, card: int, turn: int) -> str:
    """The move's kind, once its fields are the ones that kind needs."""
    def fail(message):
        raise GameError(f"turn {turn}: {message}", player=player, card=card, turn=turn,
                        code="special_shape")

    if not isinstance(move, dict) or move.get("card") not in KINDS:
        fail(f"{player}'s special move needs \"card\", one of {', '.join(KINDS)}")
    kind = move["card"]
    extra = sorted(set(move) - set(FIELDS[kind]) - {"card"})
    if extra:
        fail(f"{kind} takes no field {', '.join(extra)} (its fields: "
             f"{', '.join(FIELDS[kind]) or 'none'})")
    missing = [f for f in FIELDS[kind] if not is_whole(move.get(f))]
    if missing:
        fail(f"{kind} needs {', '.join(missing)} (whole numbers)")
    return kind


def _fifth_row(rnd, player, card, move, choice, refuse):
    rows = rnd.table.rows
    if len(rows) != ROWS:
        refuse("five_rows", "a 5th row can be opened only while exactly 4 rows are on the table")
    rnd.log_event("FifthRow", player=player, card=card, row=len(rows))
    rows.append([card])


def _seven(rnd, player, card, move, choice, refuse):
    table = rnd.table
    row = table.target(card)
    if row is None:
        refuse("seven_too_low", f"{card} is lower than every open row: it has no row to go to")
    if row in table.marked:
        refuse("seven_marked", f"row {row} already has a 7 qui prend marker", row=row)
    rnd.log_event("Marked", player=player, card=card, row=row, after=table.rows[row][-1],
                  length=len(table.rows[row]) + 1)
    table.rows[row].append(card)
    table.marked.add(row)


def _check_row(table, row, refuse, *, open_=True):
    if not 0 <= row < len(table.rows):
        refuse("no_row", f"there is no row {row}", row=row)
    if open_ and not table.is_open(row):
        refuse("stopped", f"row {row} is stopped", row=row)


def _insert(rnd, player, card, move, choice, refuse):
    table, row, pos = rnd.table, move["row"], move["position"]
    _check_row(table, row, refuse)
    cards = table.rows[row]
    if not 0 <= pos < len(cards):
        refuse("insert_position", f"position {pos} is not at the start of row {row} or between two "
               f"of its cards (0..{len(cards) - 1})", row=row, position=pos)
    if not _fits(cards, card, pos):
        refuse("insert_order", f"{card} at position {pos} would break the ascending order of row "
               f"{row} {cards}", row=row, position=pos)
    full = table.is_full(row)
    cards.insert(pos, card)
    rnd.log_event("Inserted", player=player, card=card, row=row, position=pos,
                  before=cards[pos - 1] if pos else None, following=cards[pos + 1], length=len(cards))
    if full:
        rnd.take(player, card, row, "insert")


def _replace(rnd, player, card, move, choice, refuse):
    new, hand = move["with"], rnd.hands[player]
    if new not in hand:
        refuse("not_in_hand", f"{player} no longer holds card {new}", new=new)
    hand.remove(new)
    hand.append(card)
    hand.sort()
    rnd.log_event("Replaced", player=player, card=card, new=new)
    rnd.queue[rnd.pos] = (new, player)
    return rnd.place(player, new, choice)


def _slide(rnd, player, card, move, choice, refuse):
    table, rows = rnd.table, rnd.table.rows
    fr, fi, to, ti = move["from_row"], move["from_index"], move["to_row"], move["to_index"]
    for r in (fr, to):
        _check_row(table, r, refuse, open_=False)
    if fr == to:
        refuse("slide_same_row", "the card must move to another row", row=fr)
    for r in (fr, to):
        _check_row(table, r, refuse)
    if not 0 <= fi < len(rows[fr]):
        refuse("slide_no_card", f"row {fr} has no card at position {fi}", row=fr, position=fi)
    if len(rows[fr]) == 1:
        refuse("slide_empties", f"moving {rows[fr][0]} would empty row {fr}", row=fr)
    if len(rows[to]) + 1 > table.capacity(to):
        refuse("slide_overfills", f"row {to} is full", row=to)
    moved, target = rows[fr][fi], rows[to]
    if not 0 <= ti <= len(target) or not _fits(target, moved, ti):
        refuse("slide_order", f"{moved} at position {ti} would break the ascending order of row "
               f"{to} {target}", row=to, position=ti, moved=moved)
    del rows[fr][fi]
    target.insert(ti, moved)
    rnd.log_event("Slid", player=player, moved=moved, from_row=fr, to_row=to, to_index=ti)
    return rnd.place(player, card, choice)


def _stop(rnd, player, card, move, choice, refuse):
    table, row = rnd.table, move["row"]
    _check_row(table, row, refuse, open_=False)
    if row in table.stopped:
        refuse("stop_stopped", f"row {row} is already stopped", row=row)
    if len(table.open_rows()) <= 1:
        refuse("stop_last", f"row {row} is the last open row", row=row)
    table.stopped.add(row)
    rnd.log_event("Stopped", player=player, row=row)
    return rnd.place(player, card, choice)


def _negative(rnd, player, card, move, choice, refuse):
    row = rnd.table.target(card)
    if row is not None and not rnd.table.is_full(row):
        refuse("negative_no_take", f"{card} goes to row {row} without taking it", row=row)
    chosen = move["chosen"]
    taken = rnd.place(player, card, choice)
    if isinstance(taken, RowChoice):
        return taken
    if chosen not in taken:
        refuse("negative_not_taken", f"card {chosen} is not among the cards taken ({taken})",
               chosen=chosen)
    rnd.credits[player] += 2 * HEADS[chosen]
    rnd.log_event("Negative", player=player, chosen=chosen, heads=HEADS[chosen], drop=2 * HEADS[chosen])
    return taken


def _fits(row: list[int], card: int, pos: int) -> bool:
    return (pos == 0 or row[pos - 1] < card) and (pos == len(row) or card < row[pos])


def candidates(rnd, player: str) -> list[tuple[dict, int | None]]:
    """Special moves the next card's player could make, as (move, row choice or None): what
    `legal_moves` and the robots try on a copy of the round (the effects refuse the rest)."""
    card, _ = rnd.next_card()
    table, rows = rnd.table, rnd.table.rows
    open_rows = table.open_rows()
    out: list[tuple[dict, int | None]] = []
    for kind in sorted(set(rnd.specials[player])):
        if kind == FIFTH_ROW and len(rows) == ROWS:
            out.append(({"card": kind}, None))
        elif kind == SEVEN:
            row = table.target(card)
            if row is not None and row not in table.marked:
                out.append(({"card": kind}, None))
        elif kind == INSERT:
            out.extend(({"card": kind, "row": r, "position": p}, None)
                       for r in open_rows for p in range(len(rows[r])) if _fits(rows[r], card, p))
        elif kind == REPLACE:
            out.extend(({"card": kind, "with": c}, None) for c in rnd.hands[player])
        elif kind == SLIDE:
            out.extend(({"card": kind, "from_row": fr, "from_index": fi, "to_row": to,
                         "to_index": ti}, None)
                       for fr in open_rows if len(rows[fr]) > 1 for fi, moved in enumerate(rows[fr])
                       for to in open_rows if to != fr and not table.is_full(to)
                       for ti in range(len(rows[to]) + 1) if _fits(rows[to], moved, ti))
        elif kind == STOP and len(open_rows) > 1:
            out.extend(({"card": kind, "row": r}, None) for r in open_rows)
        elif kind == NEGATIVE:   # the costliest card of each row the card may take
            row, extra = table.target(card), [card] if len(rows) > ROWS else []
            takes = [(r, r) for r in open_rows] if row is None else \
                [(row, None)] if table.is_full(row) else []
            out.extend(({"card": kind, "chosen": max(rows[r] + extra, key=lambda c: HEADS[c])},
                        choice) for r, choice in takes)
    return out


EFFECTS = {FIFTH_ROW: _fifth_row, SEVEN: _seven, INSERT: _insert, REPLACE: _replace, SLIDE: _slide,
           STOP: _stop, NEGATIVE: _negative}
"""Each special card's effect (RULES §3), called by the round once the card is laid, with
`refuse(reason, message, **details)`: it returns what placing the number card gave (the cards
taken or a `RowChoice`, the round then undoing the effect), or None when it laid that card."""
