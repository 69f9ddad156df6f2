"""The special-cards table: 4 or 5 rows, 7 qui prend markers, Stops, over the classic `Table`'s
hooks (`capacity`: a marked row is full at any length; `is_open`: a stopped row is absent).
"""

from __future__ import annotations

from game.errors import GameError
from game.classic.table import LIMIT, Table, check_rows

from .cards import MAX_ROWS, ROWS
from ..untrusted import is_whole


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

    def take(self, row: int, card: int, *, insert: bool = False) -> list[int]:
        """Take a row for `card`: restart it with the card (Insérer: with the row's last card,
        which stays), or, with 5 rows, remove it, the card just played included."""
        self.stopped.clear()
        if len(self.rows) == MAX_ROWS:
            self.marked = {i - (i > row) for i in self.marked if i != row}   # rows below move up
            return self.rows.pop(row) + ([] if insert else [card])
        taken = self.rows[row]
        self.rows[row] = taken[-1:] if insert else [card]
        self.marked.discard(row)
        return taken[:-1] if insert else taken

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
