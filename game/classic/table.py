"""The rows on the table and the placement rule every other rule builds on. A taken row starts
again in place, so indexes never change; the special cards override `capacity` and `is_open`.
"""

from __future__ import annotations

from .cards import HEADS, is_card
from ..errors import GameError

LIMIT = 5
"""Cards a row holds in the classic game: the next card placed there takes them."""


class Table:
    """The rows of a round; plain data (`to_json`) plus the placement rule."""

    __slots__ = ("rows", "limit")

    def __init__(self, rows, limit: int = LIMIT):
        self.rows = [list(r) for r in rows]
        self.limit = limit

    # --- facts the rules ask -------------------------------------------------
    def capacity(self, row: int) -> int:
        """Cards row `row` holds before the next card takes it."""
        return self.limit

    def is_open(self, row: int) -> bool:
        """Whether a card may be placed in, or a player take, this row."""
        return True

    def target(self, card: int) -> int | None:
        """The row a card must go to: the one whose last card is the greatest lower than it.

        None when the card is lower than every open row's last card (a too-low card).
        """
        best, best_end = None, 0
        for i, row in enumerate(self.rows):
            end = row[-1]
            if best_end < end < card and self.is_open(i):
                best, best_end = i, end
        return best

    def lowest_end(self) -> int:
        return min(row[-1] for i, row in enumerate(self.rows) if self.is_open(i))

    def open_rows(self) -> list[int]:
        return [i for i in range(len(self.rows)) if self.is_open(i)]

    def options(self) -> list[dict]:
        """What each row a too-low card's player may take would cost them."""
        return [{"row": i, "cards": list(self.rows[i]), "heads": self.heads(i)}
                for i in self.open_rows()]

    def heads(self, row: int) -> int:
        return sum(HEADS[c] for c in self.rows[row])

    def cards(self) -> list[int]:
        return [c for row in self.rows for c in row]

    # --- changes ----------------------------------------------------------------
    def take(self, row: int, card: int) -> list[int]:
        """Remove a row's cards (returned) and start the row again with `card`."""
        taken = self.rows[row]
        self.rows[row] = [card]
        return taken

    def clone(self) -> "Table":
        return Table(self.rows, self.limit)

    def to_json(self) -> list[list[int]]:
        return [list(r) for r in self.rows]


def check_rows(rows, *, limit: int = LIMIT, highest: int = 104, where: str = "rows") -> None:
    """Raise GameError unless `rows` is a legal starting table (RULES §1)."""
    if not isinstance(rows, list) or not rows:
        raise GameError(f"{where} must be a non-empty list of rows", field=where, code="rows_shape")
    seen: dict[int, int] = {}
    for i, row in enumerate(rows):
        here = f"{where}[{i}]"
        if not isinstance(row, list) or not row:
            raise GameError(f"row {i} must be a non-empty list of cards", field=here, code="row_empty")
        if len(row) > limit:
            raise GameError(f"row {i} has {len(row)} cards; a row holds at most {limit}",
                            field=here, code="row_too_long")
        for card in row:
            if not is_card(card) or card > highest:
                raise GameError(f"card {card!r} in row {i} is not in the deck (1..{highest})",
                                card=card if isinstance(card, int) else None, field=here,
                                code="card_out_of_deck")
            if card in seen:
                raise GameError(f"card {card} is on the table twice (rows {seen[card]} and {i})",
                                card=card, field=here, code="card_twice")
            seen[card] = i
        if any(a >= b for a, b in zip(row, row[1:])):
            raise GameError(f"row {i} is not ascending: {row}", field=here, code="row_not_ascending")
