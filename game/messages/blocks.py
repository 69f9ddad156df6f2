"""French wording of the guide's drawn blocks (site_builder/blocks): section names, titles,
captions and table headings, kept here so the site builder holds no French of its own."""

from __future__ import annotations

from .typography import NBSP


def example_label(ident: str) -> str:
    """The accessible name of a worked example that has no title of its own."""
    return f"Exemple {ident}"


COMPARISON_TITLE = f"Et si je ne jouais pas ma carte spéciale{NBSP}?"
"""Heading of the box under an example with special cards: heads with and without them."""


def all_cards_label(count: int) -> str:
    return f"Les {count} cartes et leurs têtes de bœuf"


HEADS_CAPTION = "Têtes de bœuf par carte"
HEADS_COLUMNS = ("Têtes par carte", "Cartes", "Têtes en tout")
TOTAL = "Total"


def special_cards_label(count: int) -> str:
    return f"Les {count} cartes spéciales"


CARD_TO_PLACE = f"Carte à poser{NBSP}:"
"""Before the card drawn in a ```junior-ou figure."""


def where_sentence(card: int, options: list[int], rule: str) -> str:
    """The caption of a ```junior-ou figure: where the card may go, and why.

    `rule` is the engine's reason (game.junior.rules.rows_for): "any" (no row gains a new cow),
    "new" (the card brings a new cow), otherwise a cow shared with the row's last card."""
    from . import junior  # needs the Junior cows: imported only for Junior pages

    name = junior.card_name(card)
    if rule == "any":
        return (f"La {name} n’apporte de nouvelle vache à aucune rangée{NBSP}: elle peut aller "
                f"dans n’importe laquelle des quatre.")
    if not options:
        return (f"La {name} ne partage aucune vache avec la dernière carte d’une rangée{NBSP}: "
                f"son joueur doit ramasser une rangée de son choix, puis y poser une carte.")
    why = ("elle y ajoute au moins une vache qui n’y était pas encore" if rule == "new"
           else "la dernière carte de ces rangées a une vache en commun avec elle")
    if len(options) == 1:
        why = why.replace("ces rangées", "cette rangée")
    return f"La {name} peut aller dans {junior.rows_text(options)}{NBSP}: {why}."
