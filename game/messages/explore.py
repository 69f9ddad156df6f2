"""French wording of the « Explorateur »: form errors by code, link errors, and the risk bars.

The engine raises GameError with a stable `code`; this module says it to the reader, next to the
field at fault, in the reader's words (cartes, rangées, J2 for the second player).
"""

from __future__ import annotations

from . import specials as special_names
from .typography import NBSP, NNBSP, count, elide, grouped, quote, row_name

PERCENT = f"{NNBSP}%"


def player_name(index: int) -> str:
    """Readers call the players J1 (themselves), J2, J3…; `index` is 0 for J2."""
    return f"J{index + 2}"


def field_name(field: str) -> str:
    """A form field as a reader names it (for messages that are not shown beside the field)."""
    if field.startswith("rows["):
        return row_name(int(field[5:-1]))
    if field.startswith("known.p"):
        return f"cartes connues de J{field[7:]}"
    if field.startswith("hands."):   # a scenario's hand, by its player's name there
        return f"la main {elide('de', field[6:])}"
    return {"hand": "votre main", "gone": "cartes déjà ramassées", "players": "nombre de joueurs",
            "known": "cartes connues des autres", "seed": "graine", "variant": "variante",
            "marked": "rangées marquées", "stopped": "rangées arrêtées",
            "specials": "vos cartes spéciales", "held": "cartes spéciales",
            "their_specials": "cartes spéciales des adversaires",
            "limit": "taille des rangées"}.get(field, field)


def not_a_number(text: str) -> str:
    return f"{quote(text)} n’est pas un numéro de carte{NBSP}: écrivez des cartes de 1 à 104 séparées par des espaces."


def bad_known(text: str) -> str:
    return (f"{quote(text)} ne se lit pas{NBSP}: écrivez par exemple «{NBSP}J2{NBSP}: 5 17{NNBSP};"
            f" J3{NBSP}: 40{NBSP}».")


def bad_counts(text: str) -> str:
    return (f"{quote(text)} ne se lit pas{NBSP}: écrivez un nombre pour tous (par exemple «{NBSP}3{NBSP}») "
            f"ou un nombre par adversaire, comme «{NBSP}J2{NBSP}: 3{NNBSP}; J3{NBSP}: 1{NBSP}».")


FIXED = {
    "specials_only": "Les marqueurs, les Stops et les cartes spéciales demandent la règle des cartes spéciales.",
    "not_a_row": (f"Écrivez les numéros des rangées concernées, de 1 à 5, chacun une fois "
                  f"(par exemple «{NBSP}2{NBSP}» ou «{NBSP}1 3{NBSP}»)."),
    "all_stopped": f"Un Stop ne ferme jamais toutes les rangées{NBSP}: au moins une reste ouverte.",
    "specials_hand": "Vous tenez au plus trois cartes spéciales, celles distribuées au début de la manche.",
    "their_specials_range": ("Chaque adversaire tient de zéro à trois cartes spéciales (trois sont "
                             "distribuées à chacun)."),
    "variant_unknown": "L’explorateur connaît le jeu classique, la variante Tactique et les cartes spéciales.",
    "seed_range": f"La graine est un nombre entier de 0 à 4{NNBSP}294{NNBSP}967{NNBSP}295.",
    "samples_range": f"Le nombre de tirages va de 1 à 1{NNBSP}000{NNBSP}000.",
    "link_version": (f"Ce lien vient d’une version de l’explorateur que cette page ne sait pas lire{NBSP}: "
                     "l’éditeur repart d’une table vide."),
    "link_invalid": f"Ce lien décrit une position impossible{NBSP}: l’éditeur repart d’une table vide.",
    "link_damaged": f"Ce lien est abîmé (coupé ou modifié){NBSP}: l’éditeur repart d’une table vide.",
    "shape": f"Cette position est mal formée{NBSP}: rechargez la page pour repartir d’une table vide.",
}
"""The messages of the codes that need no fact of the position."""


BY_RULES = {
    "row_too_long": (f"Une rangée tient au plus cinq cartes{NBSP}: la sixième carte posée la ramasse.",
                     f"Une rangée tient au plus cinq cartes, six si elle porte le marqueur du 7 qui "
                     f"prend{NBSP}: la carte suivante la ramasse."),
    "rows_count": ("La table compte quatre rangées.",
                   f"La table compte quatre rangées, ou cinq après une carte «{NBSP}5ᵉ série{NBSP}»."),
    "hand_size": (f"Votre main compte de 1 à 10 cartes{NBSP}: une par tour restant.",
                  f"Votre main compte de 1 à 12 cartes{NBSP}: une par tour restant."),
    "players_range": ("On joue de 2 à 10 joueurs, vous compris.",
                      "Avec les cartes spéciales, on joue de 2 à 8 joueurs, vous compris."),
}
"""The codes whose message needs no fact but the rules: (classic wording, special cards')."""


def for_code(code: str, *, card=None, highest: int = 104, hand: int = 10, players: int = 4,
             field: str = "", variant: str = "classic", facts: dict | None = None) -> str:
    """The French message for a position's GameError code (see game/explore/position.py)."""
    if code in FIXED:
        return FIXED[code]
    if code in BY_RULES:
        return BY_RULES[code][variant == "speciales"]
    if code == "specials_exhausted":
        kind = (facts or {}).get("kind", "stop")
        shown = ("chaque rangée marquée en montre une déjà jouée" if kind == "sept_qui_prend"
                 else "chaque rangée arrêtée en montre une déjà jouée")
        return (f"Le paquet ne compte que quatre cartes {quote(special_names.NAMES[kind])}{NBSP}: "
                f"{shown}{', et votre main en ajoute' if field == 'specials' else ''}.")
    if code == "card_out_of_deck":
        if card is None:
            return f"Ce n’est pas une carte{NBSP}: les cartes vont de 1 à {highest}."
        extra = (f" (en Tactique à {count(players, 'joueur')}, le paquet s’arrête à {highest})"
                 if highest != 104 else "")
        return f"La carte {card} n’est pas dans le paquet{NBSP}: les cartes vont de 1 à {highest}{extra}."
    if code == "card_twice":
        return f"La carte {card} est déjà ailleurs dans la position{NBSP}: chaque carte n’existe qu’une fois."
    if code == "row_empty":
        return f"Une rangée commence par au moins une carte{NBSP}: un nombre de 1 à {highest}."
    if code == "row_not_ascending":
        return f"Une rangée monte de gauche à droite{NBSP}: le {card} ne peut pas venir après une carte plus forte."
    if code == "known_too_many":
        return (f"Chacun a autant de cartes que vous ({hand})" f"{NBSP}: on ne peut pas en connaître "
                "davantage chez un adversaire.")
    if code == "no_such_opponent":
        return f"À {count(players, 'joueur')}, vos adversaires vont de J2 à J{players}."
    if code == "not_enough_cards":
        return (f"Il ne reste pas assez de cartes inconnues pour donner "
                f"{count(hand, 'carte', feminine=True)} à chacun de vos {count(players - 1, 'adversaire')}"
                f"{NBSP}: retirez des cartes ou des joueurs.")
    return f"Cette position n’est pas valable ({field_name(field)})."


OPEN_LINK = "Ouvrir dans l’explorateur"
"""The link from a worked example, a step of its player or « Jouer une manche » to the explorer."""


def link_text(step: int, player: str, cards: int) -> str:
    """What the link opens, after it: « : la table de départ, avec en main la carte d’Alice »."""
    table = "la table de départ" if step == 0 else f"la table de l’étape {step}"
    hand = "la carte" if cards == 1 else "les cartes"
    return f"{NBSP}: {table}, avec en main {hand} {elide('de', player)}."


NO_LINK = f"L’explorateur ne sait pas ouvrir cette étape{NBSP}: il faut une carte à jouer."
SCENARIO_UNREADABLE = (f"Ce texte n’est pas un scénario lisible{NBSP}: collez le JSON de "
                       f"«{NBSP}python -m game replay{NBSP}» ou d’une manche enregistrée.")
OUTDATED = f"Ces chiffres sont ceux de la position d’avant{NBSP}: «{NBSP}Quel risque{NNBSP}?{NBSP}» les refait."
EXPORT_REFUSED = f"La position a une erreur, signalée plus haut{NBSP}: corrigez-la pour l’exporter."
ESTIMATE_STALE = (f"Ces résultats partiels viennent d’un autre calcul (graine, mode ou nombre de "
                  f"tirages changés){NBSP}: relancez l’estimation.")


def scenario_refused(detail_field: str) -> str:
    return f"Le moteur refuse ce scénario ({field_name(detail_field)})."


# --- the risk bars --------------------------------------------------------------------------------

def number(value: float, digits: int = 2) -> str:
    """A decimal number as French print writes it: a comma, no useless zeros."""
    text = f"{value:.{digits}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text.replace(".", ",").replace("-", "\u2212")


def percent(p: float) -> str:
    """4,2 %, 31 %, 99,9 %: never « 0 % » or « 100 % » for what is not certain."""
    value = 100 * p
    if 0 < value < 0.1:
        return f"moins de 0,1{PERCENT}"
    if 99.9 < value < 100:
        return f"plus de 99,9{PERCENT}"
    digits = 0 if 10 <= value <= 99 or value in (0, 100) else 1
    return number(round(value, digits), digits) + PERCENT


def heads_word(value: float) -> str:
    """« tête » below 2 in size (French: « 1,5 tête », « −1 tête »), « têtes » from 2 on."""
    return "tête de bœuf" if abs(value) < 2 else "têtes de bœuf"


def risk_sentence(card: int, take: tuple, heads: tuple) -> str:
    """What one card risks: the take probability and the expected heads, each with its interval."""
    p, low, high = take
    mean, hlow, hhigh = heads
    if p == 0:
        bound = percent(high) if high >= 0.001 else f"0,1{PERCENT}"
        return (f"Avec le {card}{NBSP}: aucun tirage ne vous fait ramasser{NNBSP}; le risque reste "
                f"sous {bound}.")
    if p == 1 and hlow == hhigh:
        return (f"Avec le {card}{NBSP}: vous ramassez dans tous les tirages, "
                f"{number(mean)} {heads_word(mean)}.")
    between = f" (entre {percent(low)} et {percent(high)})"
    if percent(low) == percent(high):   # « plus de 99,9 % (entre plus de 99,9 % et plus de 99,9 %) »
        between = ""
    return (f"Avec le {card}{NBSP}: {percent(p)} de risque de ramasser une rangée{between}{NNBSP}; "
            f"en moyenne {number(mean)} {heads_word(mean)} (entre {number(hlow)} et {number(hhigh)}).")


def bar_label(card: int, p: float) -> str:   # not « 0 % » where the sentence says it is only small
    return f"Risque avec le {card}{NBSP}: {percent(p) if p else 'nul sur ces tirages'}"


def summary(done: int, samples: int, seed: int, mode: str, finished: bool) -> str:
    who = "au hasard parmi leurs cartes" if mode == "uniform" else "comme le robot prudent"
    done_text = f"{grouped(done)}{NNBSP}tirage{'s' if done > 1 else ''}"
    state = "" if finished else f" sur {grouped(samples)} prévus"
    return (f"Estimation sur {done_text}{state} (graine {seed}){NNBSP}; vos adversaires jouent {who}.")


# The room the figures take (game/explore/web.py room_html, shown by js/explorer.js keepRoom): from
# the press of « Quel risque ? » on, each line of the estimate is as tall as the longest it may hold
# (its gauge, `data-gabarit`, hidden), so nothing under the figures moves when they come. The
# longest, swept: tests/game/explore.
WAITING = "Calcul du risque de chaque carte en cours…"
RISK_GAUGE = risk_sentence(104, (0.9995, 0.9985, 0.9999), (-26.99, -27.21, -26.77))
SUMMARY_GAUGE = summary(19_750, 20_000, 2**32 - 1, "uniform", False)
