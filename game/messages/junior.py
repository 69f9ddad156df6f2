"""French wording for « 6 qui prend Junior »: cow names, event sentences, refusals, drawing labels.

The engine (game/junior) speaks in type letters, card ids and 0-based rows; every word a reader sees
comes from here. Typography (game.messages.typography): U+00A0 before « : », the narrow U+202F before « ; ! ? ».
"""

from __future__ import annotations

from game.card_faces import COWS, TYPES

from .typography import (NBSP, NNBSP, cards, elide, fr_list, in_words, ordinal_row, ordinal_rows,
                         plural, row_name)  # NBSP before « : », narrow NNBSP before ; ! ?

TITLE = "6 qui prend Junior"
"""The game's name as readers see it (Jouer, the tools)."""

COW_TYPES = {   # letter: name, origin after « vache » (elided or contracted « de »), colour, shape
    "A": ("Afrique", "d’Afrique", "jaune", "lune"),
    "B": ("Allemagne", "d’Allemagne", "bleu", "goutte"),
    "C": ("Inde", "d’Inde", "violet", "grappe de raisin"),
    "D": ("Japon", "du Japon", "blanc", "carré plein"),
    "E": ("Amérique du Nord", "d’Amérique du Nord", "rouge", "cœur"),
    "F": ("Écosse", "d’Écosse", "vert", "étoile"),
}
TYPE_NAMES, TYPE_OF, TYPE_COLOURS, TYPE_SHAPES = (
    {letter: words[k] for letter, words in COW_TYPES.items()} for k in range(4))
LEVEL_NAMES = {
    "base": f"jeu de base (5{NBSP}ans et{NBSP}+)",
    "avance": f"niveau avancé (6{NBSP}ans et{NBSP}+)",
    "expert": f"niveau expert (7{NBSP}ans et{NBSP}+)",
}
MENU = {"base": "Junior, jeu de base", "avance": "Junior, niveau avancé", "expert": "Junior, niveau expert"}
"""Each level's name in Jouer's variant menu."""

# Visible words and titles inside drawings.
ROW_CARD = "Rangée"
LEGEND_TITLE = "Légende des vaches"
EMPTY_ROW = "vide"
TAKEN_TAG = "ramassée"


COMPOSITION_CAPTION = "Composition proposée des 52 cartes Vache"
COMPOSITION_HEADERS = ("Carte", "Vaches", "Nombre")


def composition_note(per_type: dict, total: int) -> str:
    """The line under the composition table."""
    counts = sorted(set(per_type.values()))
    each = f"sur {cards(counts[0])}" if len(counts) == 1 else "sur un nombre variable de cartes"
    return f"Chaque type de vache figure {each}{NNBSP}; {cards(total)} en tout."


# ---------------------------------------------------------------- small phrases

def cows_text(letters: str, last: str = "et") -> str:
    """« Afrique et Inde » for "AC"."""
    return fr_list((TYPE_NAMES[t] for t in letters), last)


def cows_of(letters: str, last: str = "et") -> str:
    """« d’Afrique et du Japon » for "AD": the origins after « vache »."""
    return fr_list((TYPE_OF[t] for t in letters), last)


def card_name(card: int) -> str:
    """« carte Afrique et Inde »: readers know cards by their cows, not by an id."""
    return f"carte {cows_text(COWS[card])}"


def card_title(card: int) -> str:
    """The <title> of a drawn card: « Carte Vache : Afrique, Inde »."""
    return f"Carte Vache{NBSP}: " + ", ".join(TYPE_NAMES[t] for t in COWS[card])


def type_title(letter: str) -> str:
    """« Afrique (jaune, lune) »: the legend entry of one type."""
    return f"{TYPE_NAMES[letter]} ({TYPE_COLOURS[letter]}, {TYPE_SHAPES[letter]})"


def row_title(row: int, cards) -> str:
    """« Rangée 2 : Afrique ; Inde et Japon » (or « vide »), for screen readers."""
    cows = f"{NNBSP}; ".join(cows_text(COWS[c]) for c in cards)
    return f"{row_name(row, capital=True)}{NBSP}: {cows or EMPTY_ROW}"


def table_title(rows) -> str:
    """« Table de jeu. Rangée 1 : Afrique ; Inde. Rangée 2 : vide. … »: the whole table in words."""
    return "Table de jeu. " + " ".join(row_title(i, r) + "." for i, r in enumerate(rows))


def hand_label(player: str) -> str:
    """« Main de Léa », « Main d’Olivier »."""
    return f"Main {elide('de', player)}"


def hand_title(player: str, cards) -> str:
    """« Main de Léa : Afrique ; Inde et Japon »."""
    return f"{hand_label(player)}{NBSP}: " + f"{NNBSP}; ".join(cows_text(COWS[c]) for c in cards)


def taker_label(player: str, kind: str) -> str:
    """Before the cards a player wins (a complete row, « junior_complete ») or takes (expert)."""
    if kind == "junior_complete":
        return f"{player} range dans son album{NBSP}:"
    return f"{player} ramasse{NBSP}:"


def taken_title(cards) -> str:
    """<title> of the cards won or taken at a step: « Cartes : Afrique ; Inde et Japon »."""
    return f"Cartes{NBSP}: " + f"{NNBSP}; ".join(cows_text(COWS[c]) for c in cards)


def albums_text(counts: dict, level: str | None = None) -> str:
    """« Albums : Emma 6 cartes, Olivier 0 carte »: a score line, in digits like every score;
    at the expert level the cards are a penalty, not a photo album: « Cartes ramassées : … »."""
    label = "Cartes ramassées" if level == "expert" else "Albums"
    return f"{label}{NBSP}: " + ", ".join(f"{p} {plural(n, 'carte')}" for p, n in counts.items())


def where_sentence(card: int, options: list[int], rule: str) -> str:
    """The caption of a « où poser » figure: where the card may go, and why.

    With no row for this card (expert level) the caption says only that this card cannot be
    played: its player takes a row only when no card of the hand fits (RULES §4).
    """
    name = card_name(card)
    if rule == "any":
        return (f"La {name} n’apporte de nouvelle vache à aucune rangée{NBSP}: elle peut aller "
                f"dans n’importe laquelle des quatre.")
    if not options:
        return (f"La {name} ne partage aucune vache avec la dernière carte d’une rangée{NBSP}: "
                f"elle ne peut aller nulle part. Son joueur en joue une autre de sa main s’il le peut{NNBSP}; "
                f"sinon, il ramasse une rangée de son choix et y pose une carte.")
    why = ("elle y ajoute au moins une vache qui n’y était pas encore" if rule == "new"
           else f"la dernière carte de {'cette rangée' if len(options) == 1 else 'ces rangées'} "
                f"a une vache en commun avec elle")
    return f"La {name} peut aller dans {ordinal_rows(options)}{NBSP}: {why}."


# ---------------------------------------------------------------- events

def _setup(e) -> str:
    text = f"{LEVEL_NAMES[e['level']].capitalize()} avec {fr_list(e['players'])}."
    sizes = e.get("hand_sizes", [3])
    # An example may start late in a game, hands not full: say only what the drawing shows.
    hands = f"chacun a {cards(sizes[0])} en main" if len(sizes) == 1 and sizes[0] else ""
    if e["level"] == "expert":
        text += " Une carte Vache commence chaque rangée" + (f"{NNBSP}; {hands}." if hands else ".")
    elif e["level"] == "avance" and hands:
        text += f" {hands[0].upper()}{hands[1:]}."
    return text


def _reveal(e) -> str:
    # the card itself is named by the placing sentence that follows: not said twice
    return f"{e['player']} retourne la carte du dessus de la pioche."


def _place(e) -> str:
    who, card, row = e["player"], card_name(e["card"]), ordinal_row(e["row"])
    rule = e["rule"]
    if rule == "any":
        return (f"Toutes les vaches de la {card} sont déjà dans chaque rangée{NBSP}: elle peut aller "
                f"n’importe où. {who} la pose dans {row}.")
    if rule == "empty":
        return f"{who} pose sa {card} dans la rangée vide."
    if rule == "shared":
        shared = e["shared"]
        what = (f"une vache {cows_of(shared)}" if len(shared) == 1
                else f"des vaches {cows_of(shared)}")
        text = f"{who} pose sa {card} dans {row}{NBSP}: la dernière carte de cette rangée a aussi {what}."
    else:
        added = e["added"]
        what = (f"pas encore de vache {cows_of(added)}" if len(added) == 1
                else " ".join(f"ni vache {TYPE_OF[t]}" for t in added))
        text = f"{who} pose sa {card} dans {row}, qui n’avait {what}."
    others = [r for r in e["options"] if r != e["row"]]
    if others:
        text += f" Cette carte pouvait aussi aller dans {ordinal_rows(others)}."
    return text


def _complete(e) -> str:
    return (f"{ordinal_row(e['row']).capitalize()} a maintenant les six types de vaches{NBSP}: "
            f"{e['player']} gagne les {cards(e['count'])} de la rangée et les range dans son album photo. "
            f"La carte Rangée reste en place.")


def _take(e) -> str:
    who, row = e["player"], ordinal_row(e["row"])
    if e["reason"] == "sixth":
        # the totals are the line under the drawing (albums_text): not repeated here
        return (f"C’est la sixième carte de cette rangée{NBSP}: {who} ramasse les "
                f"{in_words(e['count'], feminine=True)} autres, et sa carte reste seule dans la rangée.")
    return (f"Aucune carte {elide('de', who)} ne partage de vache avec la dernière carte d’une rangée{NBSP}: "
            f"{who} ramasse {row} ({cards(e['count'])}).")


def _draw(e) -> str:
    if e["left"] == 0:
        return f"{e['player']} pioche la dernière carte de la pioche."
    return f"{e['player']} pioche une carte (il en reste {in_words(e['left'], feminine=True)} dans la pioche)."


def _game_end(e) -> str:
    winners = e["winners"]
    # the counts themselves are the line under the drawing (albums_text): not said twice
    most = "le plus" if e["goal"] == "most" else "le moins"
    if e["goal"] == "most" and not e["counts"][winners[0]]:
        return (f"Fin de la partie. Personne n’a gagné de carte{NBSP}: "
                f"{fr_list(winners)} sont à égalité.")
    if len(winners) == 1:
        return f"Fin de la partie. {winners[0]} gagne avec {most} de cartes."
    return f"Fin de la partie. {fr_list(winners)} gagnent ensemble, à égalité avec {most} de cartes."


def _tally(e) -> str:
    # the counts are the line under the drawing: the sentence only says where the example stops,
    # and, for an example the reader changed, which of its written moves the new table refuses
    stop = "L’exemple s’arrête ici, avant la fin de la partie"
    refused = e.get("refused")
    if refused is None:
        return stop + "."
    why = REFUSALS.get(refused["code"])
    return (f"{stop}{NBSP}: le coup qu’il prévoyait ensuite pour {refused['player']} n’est plus "
            f"permis sur cette table." + (f" {why(refused['facts'])}" if why and refused["facts"] else ""))


WORDING = {
    "junior_setup": _setup,
    "junior_reveal": _reveal,
    "junior_place": _place,
    "junior_complete": _complete,
    "junior_take": _take,
    "junior_draw": _draw,
    "junior_game_end": _game_end,
    "junior_tally": _tally,
}


# ---------------------------------------------------------------- refusals of a move

def _not_in_hand(f) -> str:
    card = f["card"]
    what = f"{card_name(card)} ({card})" if isinstance(card, int) and 0 < card < len(COWS) else repr(card)
    return f"La {what} n’est pas dans la main {elide('de', f['player'])}."


def _no_shared_cow(f) -> str:
    card, row, last = card_name(f["card"]), ordinal_row(f["row"]), f["last"]
    if last is None:
        text = f"La {card} ne peut pas aller dans {row}, qui est vide."
    else:
        text = f"La {card} ne partage aucune vache avec la dernière carte de {row} ({cows_text(COWS[last])})."
    if f["options"]:
        text += f" Elle peut aller dans {ordinal_rows(f['options'])}."
    return text


REFUSALS = {
    "junior_over": lambda f: "La partie est terminée.",
    "junior_unknown_player": lambda f: (
        f"{f['player']} ne joue pas dans cette partie (joueurs{NBSP}: {fr_list(f['players'])})."),
    "junior_not_your_turn": lambda f: (
        f"Ce n’est pas à {f['player']} de jouer{NBSP}: c’est au tour {elide('de', f['current'])}."),
    "junior_no_such_row": lambda f: (
        f"Il n’y a pas de rangée {f['row']!r}{NBSP}: les rangées sont numérotées de 0 à 3 dans "
        f"le scénario."),
    "junior_not_top_card": lambda f: (
        f"Au jeu de base, {f['player']} joue la carte du dessus de la pioche (carte {f['top']}, "
        f"{cows_text(COWS[f['top']])}), pas la carte {f['card']}."),
    "junior_not_in_hand": _not_in_hand,
    "junior_no_new_cow": lambda f: (
        f"La {card_name(f['card'])} n’ajoute aucune nouvelle vache à "
        f"{ordinal_row(f['row'])}{NBSP}: elle doit aller dans {ordinal_rows(f['options'])}, où "
        f"elle ajoute une vache."),
    "junior_no_shared_cow": _no_shared_cow,
}
"""A Junior rule refusal's code → its French sentence, from the GameError's `facts`
(game.messages.reader_errors.for_error), as WORDING words events."""

assert set(TYPE_NAMES) == set(TYPES)
