"""French wording of the guide's drawn blocks (site_builder/blocks): section names, titles,
captions and table headings, kept here so the site builder holds no French of its own."""

from __future__ import annotations

from .typography import NBSP, NNBSP, in_words, plural


def example_label(ident: str) -> str:
    """The accessible name of a worked example that has no title of its own."""
    return f"Exemple {ident}"


COMPARISON_TITLE = f"Et sans la carte spéciale{NNBSP}?"
"""Heading of the box under an example with special cards: heads with and without them."""


def all_cards_label(count: int) -> str:
    return f"Les {count}{NBSP}cartes et leurs têtes de bœuf"


HEADS_CAPTION = "Têtes de bœuf par carte"
HEADS_COLUMNS = ("Têtes par carte", "Cartes", "Têtes en tout")
TOTAL = "Total"


def special_cards_label(count: int) -> str:
    return f"Les {in_words(count, feminine=True)} cartes spéciales"


KEY_LABEL = "Comment lire les dessins"
"""The accessible name of the ```legende-dessins figure."""

KEY_COLOURS = {1: "blanche", 2: "bleue", 3: "jaune", 5: "rouge", 7: "violette"}
"""A card's colour by its heads, as cards.css paints it (the heads are drawn too)."""


def key_card_text(heads: int) -> str:
    """« Carte blanche : 1 tête »: one entry of the drawings' key."""
    return f"Carte {KEY_COLOURS[heads]}{NBSP}: {plural(heads, 'tête')}"


def key_danger_text(n: int) -> str:
    """The dashed slot after the fifth card: whoever lays a card there takes the row."""
    return (f"Case «{NBSP}{n}ᵉ{NBSP}» en pointillés{NBSP}: une carte qui arrive là fait ramasser "
            f"les cinq autres")


CARD_TO_PLACE = f"Carte à poser{NBSP}:"
"""Before the card drawn in a ```junior-ou figure."""

JUNIOR_SIMPLIFIED = (f"Situation simplifiée{NBSP}: seules les cartes utiles à l’exemple sont "
                     f"dessinées. Dans une vraie partie, la pioche, les rangées et les albums en "
                     f"compteraient d’autres.")
"""Above every Junior example: its table is made to show one rule, not a moment of a real game
(albums empty while most of the deck is gone, a first row of five with nothing taken)."""


JOUER = {
    "no_js": (f"Cet outil a besoin de JavaScript{NBSP}: il fait tourner le moteur du jeu dans votre "
              "navigateur. Sans JavaScript, vous pouvez suivre les ", " ou tenir les scores d’une "
              "vraie partie avec le ", "."),
    "examples": "exemples commentés", "sheet": "compteur à imprimer",
    "players": "Les joueurs", "name": "Votre prénom", "default_name": "Camille",
    "robot_count": "Nombre de robots", "robot_level": "Niveau des robots",
    "robot_levels": {"heuristic": "prudents", "random": "débutants", "mix": "un sur deux"},
    "game": "La partie", "variant": "Variante",
    "speed": "Vitesse des cartes posées", "speeds": {"1600": "lente", "800": "normale", "0": "immédiate"},
    "start": "Commencer la partie", "load": "Ou charger une manche enregistrée (JSON)",
    # the build puts « (environ 4,4 Mo) » in the span: download_size()
    "download": "Le premier départ télécharge le moteur du jeu, une seule fois",
}
"""The words of « Jouer une manche »'s form (site_builder/blocks/jouer.py); each variant's own
options bring their labels with them (game/variants.py `Option`)."""


def megabytes(size_bytes: int) -> str:
    """« 4,4 Mo »: the engine's download as every page says it (one decimal, a decimal comma)."""
    return f"{size_bytes / 1e6:.1f}".replace(".", ",") + f"{NBSP}Mo"


def download_size(download_bytes: int) -> str:
    """« (environ 4,4 Mo) »: what starting the engine downloads, said where the reader starts it
    (filled in by the build, site_builder/commands/build.py `announce_engine_download`)."""
    return f"{NBSP}(environ {megabytes(download_bytes)})"
