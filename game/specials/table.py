"""The variable table of the special-cards variant: 4 or 5 rows, 7 qui prend markers, Stops.

`SpecialTable` only overrides the hooks the classic `Table` was built with:
`capacity` (a marked row is full whatever its length, so the next card is
its 7th and takes it) and `is_open` (a stopped row is absent for placement
and taking). `take` adds the variant's two twists: with 5 rows the taker also
takes the card just played and the row disappears (back to 4 rows), and
every Stop goes as soon as any row is taken.
"""

from __future__ import annotations

from game.errors import GameError
from game.classic.table import LIMIT, Table, check_rows

from .cards import MAX_ROWS, ROWS
from ..untrusted import is_whole


def _without(indexes, gone: int) -> set:
    """Row indexes after row `gone` disappeared: the rows below it move up one place."""
    return {i - (i > gone) for i in indexes if i != gone}


class SpecialTable(Table):
    __slots__ = ("marked", "stopped")

    def __init__(self, rows, limit: int = LIMIT, marked=(), stopped=()):
        super().__init__(rows, limit)
        self.marked = set(marked)    # rows holding a 7 qui prend marker
        self.stopped = set(stopped)  # rows closed by a Stop

    def capacity(self, row: int) -> int:
        """A marked row counts as holding 6 cards: it is full at its current length."""
        return len(self.rows[row]) if row in self.marked else self.limit

    def is_open(self, row: int) -> bool:
        return row not in self.stopped

    def is_full(self, row: int) -> bool:
        """Whether the next card placed in this row takes it."""
        return len(self.rows[row]) >= self.capacity(row)

    def take(self, row: int, card: int) -> list[int]:
        """Take a row for `card`: restart it with the card, or, with 5 rows, remove it and the card."""
        if len(self.rows) == MAX_ROWS:
            return self._remove(row) + [card]
        taken = self.rows[row]
        self.rows[row] = [card]
        self.marked.discard(row)
        self.stopped.clear()
        return taken

    def take_all_but_last(self, row: int) -> list[int]:
        """Insérer's take: the row's last card stays as its first (with 5 rows, the row goes)."""
        if len(self.rows) == MAX_ROWS:
            return self._remove(row)
        cards = self.rows[row]
        self.rows[row] = cards[-1:]
        self.marked.discard(row)
        self.stopped.clear()
        return cards[:-1]

    def _remove(self, row: int) -> list[int]:
        taken = self.rows.pop(row)
        self.marked = _without(self.marked, row)
        self.stopped.clear()
        return taken

    def clone(self) -> "SpecialTable":
        return SpecialTable(self.rows, self.limit, self.marked, self.stopped)

    def state(self) -> dict:
        """Plain JSON: the rows and which of them carry a marker or a Stop."""
        return {"rows": self.to_json(), "marked": sorted(self.marked), "stopped": sorted(self.stopped)}


def check_table(rows, marked=(), stopped=(), *, where: str = "rows") -> None:
    """Raise GameError unless rows, markers and Stops make a legal table of the variant."""
    if not isinstance(rows, list) or len(rows) not in (ROWS, MAX_ROWS):
        raise GameError(f"{where}: the special-cards table has 4 or 5 rows", field=where, code="rows_shape")
    check_rows(rows, limit=LIMIT + 1, where=where)   # shape, deck, no card twice, ascending
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
                            f"may hold 6", field=f"{where}[{i}]", code="row_too_long")
    if len(set(stopped)) >= len(rows):
        raise GameError("\"stopped\": at least one row must stay open", field="stopped", code="shape")
