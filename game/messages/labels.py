"""French labels used inside drawings: titles read by screen readers and the few visible words.

They live here, not in draw.py, because messages/ is the only place with French wording.
Typography (see typography.py): a non-breaking space before « : », a narrow one before « ; ».
"""

from __future__ import annotations

from game.card_faces import HEADS
from game.messages.typography import NBSP, NNBSP, elide, number, plural

# Visible words drawn in the SVG or around it.
TAKEN_TAG = "ramassée"
CHOICE_HEADERS = ("Rangée", "Cartes", "Têtes de bœuf")
CHOSEN = "choisie"


def ordinal(n: int) -> tuple[str, str]:
    """« 6ᵉ » as (number, superscript), drawn on the danger slot; « 1ʳᵉ » for the first."""
    return (str(n), "re" if n == 1 else "e")


def heads_text(count: int) -> str:
    """« 1 tête de bœuf », « 7 têtes de bœuf »."""
    return plural(count, "tête de bœuf", "têtes de bœuf")


def cards_text(count: int) -> str:
    """« 1 carte », « 3 cartes »."""
    return plural(count, "carte", "cartes")


def row_name(index: int) -> str:
    """Rows are 0-based in code and 1-based for readers: row_name(0) == « Rangée 1 »."""
    return f"Rangée{NBSP}{index + 1}"


def card_label(card: int) -> str:
    """« Carte 55 : 7 têtes de bœuf »."""
    return f"Carte {card}{NBSP}: {heads_text(HEADS[card])}"


def row_label(index: int, cards) -> str:
    """« Rangée 2 : 26, 27, 35 (3 cartes) »; an empty row says so."""
    if not cards:
        return f"{row_name(index)}{NBSP}: vide"
    numbers = ", ".join(str(c) for c in cards)
    return f"{row_name(index)}{NBSP}: {numbers} ({cards_text(len(cards))})"


def table_label(rows, *, placed: int | None = None, taken: int | None = None,
                heading: str | None = None) -> str:
    """The whole table in one sentence for the <title>, with what the highlights show."""
    parts = [heading or "Table"]
    if placed is not None:
        parts.append(f"carte {placed} posée")
    if taken is not None:
        parts.append(f"{row_name(taken).lower()} ramassée")
    rows_text = f"{NNBSP}; ".join(row_label(i, row) for i, row in enumerate(rows))
    return f"{', '.join(parts)}{NBSP}: {rows_text}."


def penalties_text(penalties: dict) -> str:
    """« Pénalités : Alice 5, Bruno 0 » (têtes de bœuf ramassées, in the players' order)."""
    if not penalties:
        return f"Pénalités{NBSP}: aucune"
    scores = ", ".join(f"{player} {number(heads)}" for player, heads in penalties.items())
    return f"Pénalités{NBSP}: {scores}"


def choice_caption(player: str, card: int) -> str:
    """Caption of the table of options when a card is lower than every row."""
    return f"Rangées {elide('que', player)} peut ramasser avec la carte {card}"
