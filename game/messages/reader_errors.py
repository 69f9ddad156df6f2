"""French messages for a reader's mistakes in the « Et si… ? » form of the step player.

Readers see these next to the field they typed in, so each one says what is wrong and what would
be right, in the reader's words (cards, rangées), never the engine's English.
"""

from __future__ import annotations

from . import junior
from .typography import NBSP, NNBSP, cards, grouped
from ..untrusted import is_whole

EMPTY_FIELD = f"Indiquez une carte{NBSP}: un nombre de 1 à 104."
EMPTY_ROW = f"Une rangée commence par au moins une carte{NBSP}: un nombre de 1 à 104."
TOO_MANY_FIELDS = f"Le formulaire ne correspond pas à l’exemple{NBSP}: rechargez la page."
UNPLAYABLE = f"Le moteur refuse ce scénario{NBSP}: vérifiez les cartes jouées."
ENGINE_FAILED = (f"Le moteur n’a pas pu rejouer ce scénario{NBSP}: rechargez la page pour "
                 f"réessayer.")
OPTION_CHOICE = "Ce choix n’est pas proposé pour cette variante."
BAD_REQUEST = (f"La page a envoyé une demande que le moteur ne comprend pas{NBSP}: "
               f"rechargez la page pour réessayer.")

TWICE = {
    "table": "est déjà sur la table.",
    "played": "est déjà jouée à un autre tour ou par un autre joueur.",
    "hands": f"est déjà dans une main ou sur la table{NBSP}: chaque carte n’existe qu’une fois.",
    "play": "est déjà jouée par un joueur.",
    "rows": "est déjà dans une autre rangée.",
}
"""Where a card typed or dealt a second time already was → what « La carte 12 » is told."""


def twice(card: int, where: str) -> str:
    """« La carte 12 est déjà sur la table. »: a card in two places, by `TWICE`'s `where`."""
    return f"La carte {card} {TWICE[where]}"


def not_a_number(text: str) -> str:
    return f"«{NBSP}{text}{NBSP}» n’est pas un numéro de carte{NBSP}: écrivez une carte de 1 à 104."


def out_of_range(card: int) -> str:
    return f"La carte {card} n’existe pas{NBSP}: les cartes vont de 1 à 104."


def not_ascending(before: int, after: int) -> str:
    return (f"Une rangée monte de gauche à droite{NBSP}: le {after} ne peut pas suivre le {before}.")


def row_too_long(limit: int) -> str:
    return f"Une rangée tient au plus {cards(limit)}."


def not_a_card(text: str) -> str:
    """A number far too long to be a card (« 99999… »): shown shortened."""
    shown = text if len(text) <= 8 else text[:6] + "…"
    return f"«{NBSP}{shown}{NBSP}» n’est pas une carte{NBSP}: les cartes vont de 1 à 104."


def option_number(low: int, high: int) -> str:
    return f"Indiquez un nombre entier de {grouped(low)} à {grouped(high)}."


def too_few_robots(least: int) -> str:
    robots = "un robot" if least == 1 else f"{least}{NNBSP}robots"
    return f"Cette variante se joue contre au moins {robots}{NBSP}: ajoutez-en."


def for_error(error) -> str:
    """The French words for an engine refusal (a GameError), chosen by its `code`.

    Junior's rule refusals (codes `junior_…`) are worded by game.messages.junior from the
    error's `facts`; anything else a reader cannot fix is « unplayable ».
    """
    code, card = error.code or "", error.card
    if code.startswith("junior_") and error.facts is not None:
        return junior.REFUSALS[code](error.facts)
    if code == "card_out_of_deck" and is_whole(card):
        return out_of_range(card)
    if code == "card_twice" and is_whole(card):
        where = error.field or ""   # where the second copy was found says what went wrong
        if ".plays" in where:
            return twice(card, "played")
        return twice(card, "hands" if where.startswith("hands") else "table")
    return UNPLAYABLE
