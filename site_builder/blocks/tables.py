"""The small static blocks: ```rangees (a table written by hand), ```table-des-tetes,
```cartes-speciales and ```legende-dessins (empty bodies: the engine draws them). No replay,
only drawings."""

from __future__ import annotations

from collections import Counter

from game.classic.cards import HIGHEST, heads
from game.classic.draw import card_svg, danger_slot_svg, table_svg
from game.messages import blocks as say

from . import register, register_drawing
from .lines import NUMBER_RE, LineReader, kind
from .markup import Markup, render

MAX_ROWS = 5  # 4 rows, or 5 with the « 5e série » special card
ROW_LINE = kind("row", "cards", r"^(?P<value>.+)$")
"""Every line of a ```rangees block is a row: the reader only skips blanks and comments."""


def cards(value: str, number: int, fail) -> list[int] | None:
    """`12 13 14` → [12, 13, 14]; None (after `fail`) when a token is not a card."""
    out = []
    for token in value.split():
        if not NUMBER_RE.match(token) or not 1 <= int(token) <= HIGHEST:
            fail(number, f"{token!r} is not a card (a number from 1 to {HIGHEST})")
            return None
        out.append(int(token))
    return out


def parse_rows(body: list[str], fence_line: int, fail) -> list[list[int]] | None:
    """A ```rangees block: one row per line, cards separated by spaces."""
    reader = LineReader(body, fence_line, fail, [ROW_LINE], block="rangees")
    rows = []
    for line in reader.lines:
        row = cards(line.value, line.number, reader.fail)
        if row is None:
            continue
        if row != sorted(row):
            reader.fail(line.number, f"a row must be in ascending order: {line.value}")
        rows.append(row)
    if not rows and not reader.errors:
        reader.fail(fence_line, "a 'rangees' block needs at least one row of cards")
    if len(rows) > MAX_ROWS:
        reader.fail(fence_line, f"a 'rangees' block has at most {MAX_ROWS} rows, got {len(rows)}")
    return None if reader.errors else rows


@register("rangees")
def render_rows(body, fence_line, path, fail) -> str | None:
    rows = parse_rows(body, fence_line, fail)
    return None if rows is None else render("rows.html", svg=Markup(table_svg(rows)))


def heads_table_html() -> str:
    """The 104 cards with their heads, then the count per value and the total."""
    counts = Counter(heads(card) for card in range(1, HIGHEST + 1))
    total_cards = sum(counts.values())
    return render("heads_table.html",
                  cards=[Markup(card_svg(card)) for card in range(1, HIGHEST + 1)],
                  cards_label=say.all_cards_label(total_cards), caption=say.HEADS_CAPTION,
                  columns=say.HEADS_COLUMNS, counts=sorted(counts.items()), total_label=say.TOTAL,
                  total_cards=total_cards,
                  total_heads=sum(value * count for value, count in counts.items()))


def special_cards_html() -> str:
    """The special cards of « 6 qui surprend ! », each carrying its name (drawn and in <title>)."""
    from game.specials.cards import KINDS
    from game.specials.draw import special_card_svg

    return render("special_cards.html", label=say.special_cards_label(len(KINDS)),
                  cards=[Markup(special_card_svg(kind)) for kind in KINDS])


KEY_CARDS = (3, 5, 10, 11, 55)  # one card per value of heads: 1, 2, 3, 5, 7


def drawings_key_html() -> str:
    """The key of the drawings: a card's colour by its heads, and the dashed « 6ᵉ » slot."""
    entries = [(Markup(card_svg(card)), say.key_card_text(heads(card))) for card in KEY_CARDS]
    entries.append((Markup(danger_slot_svg()), say.key_danger_text(6)))
    return render("drawings_key.html", label=say.KEY_LABEL, entries=entries)


register_drawing("table-des-tetes", heads_table_html)
register_drawing("legende-dessins", drawings_key_html)
register_drawing("cartes-speciales", special_cards_html)
