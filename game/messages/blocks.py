"""French wording of the drawings and of the guide's drawn blocks (site_builder/blocks): the
words drawn inside the SVG and their titles read by screen readers, section names, captions and
table headings, kept here so neither the drawings nor the site builder hold French of their own.
Typography (see typography.py): a non-breaking space before « : », a narrow one before « ; ».
"""

from __future__ import annotations

from game.card_faces import HEADS

from .typography import (NBSP, NNBSP, cards, elide, fr_list, heads, in_words, number, plural,
                         row_name)

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


# --- the page player's decision boxes (game/player_boxes.py): written hidden in each step, shown
# with it by the player --------------------------------------------------------------------------

def decision_legend(player: str, card: int) -> str:
    """« Décision d’Alice (carte 12) : quelle rangée ramasser ? »"""
    return f"Décision {elide('de', player)} (carte {card}){NBSP}: quelle rangée ramasser{NNBSP}?"


def decision_option(row: int, row_heads: int, player: str, total: int | None, chosen: bool) -> str:
    """« Rangée 2 : 1 tête de bœuf (total d’Alice à la fin du tour : 1) — choix affiché »: one
    button of a decision box; `total` is the chooser's score at the end of the turn, if known."""
    label = f"{row_name(row, capital=True)}{NBSP}: {heads(row_heads)}"
    if total is not None:
        label += f" (total {elide('de', player)} à la fin du tour{NBSP}: {number(total)})"
    return label + (" — choix affiché" if chosen else "")


def move_legend(player: str) -> str:
    """Junior: the box that puts a step's card in another row."""
    return f"Et si {player} avait posé sa carte ailleurs{NNBSP}?"


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


# --- the guide's blocks ----------------------------------------------------------------------

def example_label(ident: str) -> str:
    """The accessible name of a worked example that has no title of its own."""
    return f"Exemple {ident}"


STEP_KINDS = {"start": "au départ", "reveal": "on révèle", "take": "ramassage", "end": "à la fin",
              "choice": "à vous de choisir"}


def step_label(n: int, kind: str) -> str:
    """The label over a step's drawing (site.css sets it in capitals): « Étape 2 · ramassage »,
    « Étape 3 » for a kind with no word of its own."""
    return f"Étape {n} · {STEP_KINDS[kind]}" if kind in STEP_KINDS else f"Étape {n}"


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


PLAYER_CONTROLS = {
    # js/controls.js and js/example-player.js take these over; their own words are
    # game/messages/scripts.py STEP_PLAYER (`position_start` is written by both).
    "first": "Début",
    "prev": "Précédent",
    "next": "Suivant",
    "last": "Fin",
    "slider": "Étape",
    "what_if": f"Et si…{NNBSP}?",
    "quiz": f"Quiz{NBSP}: devinez où va chaque carte avant de la voir posée",
}
"""The words of the step player's controls, the quiz's box and « Et si… ? » as the build writes
them (templates/blocks/step_controls.html, example.html), hidden until the player shows them."""


COMPTEUR = {
    "no_js": "Le compteur a besoin de JavaScript. Sans lui, imprimez la feuille vierge ci-dessous.",
    "players": "Les joueurs",
    "add_name": "Prénom d’un joueur",
    "add": "Ajouter",
    "options": "Fin de la partie",
    "target": "Seuil",
    "heads": "têtes de bœuf",
    "strict": f"il faut dépasser le seuil (la lecture «{NBSP}plus de 66{NBSP}»)",
    "rounds": "Ou nombre de manches fixé",
    "none": "aucun",
    "bga": f"décompte de Board Game Arena{NBSP}: chacun part du seuil et perd un point par tête",
    "sheet": "La feuille de score",
    "correct": f"Une manche mal notée{NNBSP}? Choisissez son numéro dans la feuille pour la corriger.",
    "undo": "Supprimer la dernière manche",
    "csv": "Exporter en CSV",
    "cancel": "Annuler",
    "specials": f"avec les cartes spéciales ({{rounds}}{NNBSP}; avec «{NBSP}Négatif = positif{NBSP}», "
                "une manche peut être négative, par exemple {minus_three} pour un 55 choisi dans "
                f"une rangée de 11{NBSP}têtes)",
}
"""The score sheet as the build writes it (site_builder/blocks/compteur.py); js/compteur.js fills
it in with its own words (game/messages/scripts.py SCORE_SHEET)."""


def megabytes(size_bytes: int) -> str:
    """« 4,4 Mo »: the engine's download as every page says it (one decimal, a decimal comma)."""
    return f"{size_bytes / 1e6:.1f}".replace(".", ",") + f"{NBSP}Mo"


def download_size(download_bytes: int) -> str:
    """« (environ 4,4 Mo) »: what starting the engine downloads, said where the reader starts it
    (filled in by the build, site_builder/commands/build.py `announce_engine_download`)."""
    return f"{NBSP}(environ {megabytes(download_bytes)})"
