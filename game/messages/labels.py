"""French labels used inside drawings: titles read by screen readers and the few visible words.

They live here, not in draw.py, because messages/ is the only place with French wording.
Typography (see typography.py): a non-breaking space before « : », a narrow one before « ; ».
"""

from __future__ import annotations

from game.card_faces import HEADS
from game.messages.typography import NBSP, NNBSP, cards, elide, fr_list, heads, number, row_name

# Visible words drawn in the SVG or around it.
TAKEN_TAG = "ramassée"
CHOICE_HEADERS = ("Rangée", "Cartes", "Têtes de bœuf")
CHOSEN = "choisie"


def ordinal(n: int) -> tuple[str, str]:
    """« 6ᵉ » as (number, superscript), drawn on the danger slot; « 1ʳᵉ » for the first."""
    return (str(n), "re" if n == 1 else "e")


def danger_slot_label(n: int) -> str:
    """The title of the dashed slot drawn alone in the drawings' key."""
    return f"Case en pointillés{NBSP}: la place d’une {n}ᵉ carte"


def card_label(card: int) -> str:
    """« Carte 55 : 7 têtes de bœuf »."""
    return f"Carte {card}{NBSP}: {heads(HEADS[card])}"


def row_label(index: int, row) -> str:
    """« Rangée 2 : 26, 27, 35 (trois cartes) »; an empty row says so."""
    name = row_name(index, capital=True)
    if not row:
        return f"{name}{NBSP}: vide"
    numbers = ", ".join(str(c) for c in row)
    return f"{name}{NBSP}: {numbers} ({cards(len(row))})"


def table_label(rows, *, placed: int | None = None, taken: int | None = None,
                heading: str | None = None) -> str:
    """The whole table in one sentence for the <title>, with what the highlights show."""
    parts = [heading or "Table"]
    if placed is not None:
        parts.append(f"carte {placed} posée")
    if taken is not None:
        parts.append(f"{row_name(taken)} ramassée")
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


# --- the cards of a turn and the cards taken (drawn beside the table of each step) -------------

# What the drawing of a turn says of each revealed card, by its state at this step.
REVEALED_STATES = {"placed": "déjà posée", "current": "en cours de pose", "waiting": "à poser"}


def turn_heading(turn: int) -> str:
    """« Tour 1 »: the label drawn beside the revealed cards of a turn."""
    return f"Tour {turn}"


def short_name(player: str, width: int = 7) -> str:
    """A name that fits under a drawn card; the drawing's <title> keeps it whole."""
    player = str(player)
    return player if len(player) <= width else player[:width - 1] + "…"


def revealed_label(turn: int, revealed, special_name=None) -> str:
    """« Tour 1, cartes révélées dans l’ordre de pose : 12 d’Alice, déjà posée ; 35 de Bruno,
    en cours de pose ; 55 de Chloé, à poser. » (`special_name(kind)` names a special card)."""
    parts = []
    for entry in revealed:
        text = f"{entry['card']} {elide('de', str(entry['player']))}"
        if entry.get("special") and special_name is not None:
            text += f" avec la carte «{NBSP}{special_name(entry['special'])}{NBSP}»"
        parts.append(f"{text}, {REVEALED_STATES[entry['state']]}")
    return f"{turn_heading(turn)}, cartes révélées dans l’ordre de pose{NBSP}: {f'{NNBSP}; '.join(parts)}."


def taker_label(player: str) -> str:
    """« Bruno ramasse : », written before the cards a player takes at this step."""
    return f"{player} ramasse{NBSP}:"


def taken_title(cards) -> str:
    """« Cartes 23, 25, 28, 29 et 30 : 9 têtes de bœuf »: the <title> of the cards taken."""
    word = "Carte" if len(cards) == 1 else "Cartes"
    return f"{word} {fr_list(cards)}{NBSP}: {heads(sum(HEADS[c] for c in cards))}"
