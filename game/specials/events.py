"""Events of the special cards, in the dataclass style of `game.events`. Every type starts with
`special_`, so `game.messages.explain` hands them to `game.messages.specials`; placements, too-low
cards, row choices and ordinary takes reuse the classic events.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.events import Event, register


def event(cls):
    """A frozen, slotted event class, registered for `game.events.all_types`."""
    return register(dataclass(frozen=True, slots=True)(cls))


@event
class SpecialPlayed(Event):
    """A player lays a special card on their placement turn (before their number card)."""
    type: ClassVar[str] = "special_played"
    turn: int
    player: str
    special: str   # a kind from game.specials.cards.KINDS
    card: int      # the number card they revealed


@event
class FifthRow(Event):
    """5e série: the number card starts a new, fifth row."""
    type: ClassVar[str] = "special_fifth_row"
    turn: int
    player: str
    card: int
    row: int


@event
class Marked(Event):
    """7 qui prend: the card goes where the normal rules send it and counts as the 6th card."""
    type: ClassVar[str] = "special_marked"
    turn: int
    player: str
    card: int
    row: int
    after: int     # last card of the row before
    length: int    # cards really in the row after (it counts as 6 whatever this is)


@event
class SeventhTake(Event):
    """The next card placed in a marked row is its 7th: its player takes the row's number cards."""
    type: ClassVar[str] = "special_seventh_take"
    turn: int
    player: str
    card: int
    row: int
    cards: tuple
    heads: int


@event
class Inserted(Event):
    """Insérer: the card goes into a row at a position that keeps it ascending."""
    type: ClassVar[str] = "special_inserted"
    turn: int
    player: str
    card: int
    row: int
    position: int   # index of the card in the row after insertion (0: first)
    before: int | None   # card just before it, None at the start
    following: int      # card just after it
    length: int


@event
class InsertTake(Event):
    """Insérer made a row of 6 (or a marked row's 7th): take all but the last card."""
    type: ClassVar[str] = "special_insert_take"
    turn: int
    player: str
    card: int
    row: int
    cards: tuple
    heads: int
    stays: int | None   # the last card, now first of the row; None when the 5th row went away


@event
class Replaced(Event):
    """Remplacer: the revealed card goes back to the hand, another is played in its slot."""
    type: ClassVar[str] = "special_replaced"
    turn: int
    player: str
    card: int       # the card taken back
    new: int        # the card played instead


@event
class Slid(Event):
    """Glisser: one number card moves from one row to another, keeping both ascending."""
    type: ClassVar[str] = "special_slid"
    turn: int
    player: str
    moved: int
    from_row: int
    to_row: int
    to_index: int


@event
class Stopped(Event):
    """Stop: the row is closed (no adding, removing or taking) until any row is taken."""
    type: ClassVar[str] = "special_stopped"
    turn: int
    player: str
    row: int


@event
class StopsRemoved(Event):
    """A row was taken: every Stop leaves the table."""
    type: ClassVar[str] = "special_stops_removed"
    turn: int
    rows: tuple    # the rows that were stopped, numbered as before the take


@event
class RowRemoved(Event):
    """With 5 rows, a take also takes the card just played: the row goes, 4 rows remain."""
    type: ClassVar[str] = "special_row_removed"
    turn: int
    player: str
    card: int
    row: int
    cards: tuple   # every card taken, the one just played included
    heads: int
    reason: str    # "sixth", "seventh", "too_low" or "insert"


@event
class Negative(Event):
    """Négatif = positif: the chosen card's heads count in the player's favour."""
    type: ClassVar[str] = "special_negative"
    turn: int
    player: str
    chosen: int
    heads: int     # heads printed on the chosen card
    drop: int      # 2 × heads: how much lower the round total is than after an ordinary take


@event
class TooLowOpen(Event):
    """A too-low card while some rows are stopped: only the open rows count, and can be taken."""
    type: ClassVar[str] = "special_too_low"
    turn: int
    player: str
    card: int
    lowest: int      # the smallest end among the open rows
    stopped: tuple   # the stopped rows, which neither count nor can be taken
