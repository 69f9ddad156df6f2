"""French wording of the guide's drawn blocks (site_builder/blocks): section names, titles,
captions and table headings, kept here so the site builder holds no French of its own."""

from __future__ import annotations

from . import junior
from .typography import NBSP, NNBSP, in_words


def example_label(ident: str) -> str:
    """The accessible name of a worked example that has no title of its own."""
    return f"Exemple {ident}"


COMPARISON_TITLE = f"Et sans la carte spéciale{NNBSP}?"
"""Heading of the box under an example with special cards: heads with and without them."""


def all_cards_label(count: int) -> str:
    return f"Les {count} cartes et leurs têtes de bœuf"


HEADS_CAPTION = "Têtes de bœuf par carte"
HEADS_COLUMNS = ("Têtes par carte", "Cartes", "Têtes en tout")
TOTAL = "Total"


def special_cards_label(count: int) -> str:
    return f"Les {in_words(count, feminine=True)} cartes spéciales"


CARD_TO_PLACE = f"Carte à poser{NBSP}:"
"""Before the card drawn in a ```junior-ou figure."""


def where_sentence(card: int, options: list[int], rule: str) -> str:
    """The caption of a ```junior-ou figure: where the card may go, and why (the wording lives
    with the other Junior sentences, game.messages.junior)."""
    return junior.where_sentence(card, options, rule)
