"""French messages for a reader's mistakes in the « Et si… ? » form of the step player.

Readers see these next to the field they typed in, so each one says what is wrong and what would
be right, in the reader's words (cards, rangées), never the engine's English.
"""

from __future__ import annotations

from . import junior
from .typography import NBSP, NNBSP, cards, grouped
from ..untrusted import is_whole


def empty_field() -> str:
    return f"Indiquez une carte{NBSP}: un nombre de 1 à 104."


def empty_row() -> str:
    return f"Une rangée commence par au moins une carte{NBSP}: un nombre de 1 à 104."


def not_a_number(text: str) -> str:
    return f"«{NBSP}{text}{NBSP}» n’est pas un numéro de carte{NBSP}: écrivez une carte de 1 à 104."


def out_of_range(card: int) -> str:
    return f"La carte {card} n’existe pas{NBSP}: les cartes vont de 1 à 104."


def already_on_table(card: int) -> str:
    return f"La carte {card} est déjà sur la table."


def played_twice(card: int) -> str:
    return f"La carte {card} est déjà jouée à un autre tour ou par un autre joueur."


def in_two_hands(card: int) -> str:
    return f"La carte {card} est déjà dans une main ou sur la table{NBSP}: chaque carte n’existe qu’une fois."


def already_played(card: int) -> str:
    return f"La carte {card} est déjà jouée par un joueur."


def twice_in_rows(card: int) -> str:
    return f"La carte {card} est déjà dans une autre rangée."


def not_ascending(before: int, after: int) -> str:
    return (f"Une rangée monte de gauche à droite{NBSP}: le {after} ne peut pas suivre le {before}.")


def row_too_long(limit: int) -> str:
    return f"Une rangée tient au plus {cards(limit)}."


def too_many_fields() -> str:
    return f"Le formulaire ne correspond pas à l’exemple{NBSP}: rechargez la page."


def unplayable() -> str:
    return f"Le moteur refuse ce scénario{NBSP}: vérifiez les cartes jouées."


def engine_failed() -> str:
    return f"Le moteur n’a pas pu rejouer ce scénario{NBSP}: rechargez la page pour réessayer."


def not_a_card(text: str) -> str:
    """A number far too long to be a card (« 99999… »): shown shortened."""
    shown = text if len(text) <= 8 else text[:6] + "…"
    return f"«{NBSP}{shown}{NBSP}» n’est pas une carte{NBSP}: les cartes vont de 1 à 104."


def option_number(low: int, high: int) -> str:
    return f"Indiquez un nombre entier de {grouped(low)} à {grouped(high)}."


def option_choice() -> str:
    return "Ce choix n’est pas proposé pour cette variante."


def too_few_robots(least: int) -> str:
    robots = "un robot" if least == 1 else f"{least}{NNBSP}robots"
    return f"Cette variante se joue contre au moins {robots}{NBSP}: ajoutez-en."


def bad_request() -> str:
    return (f"La page a envoyé une demande que le moteur ne comprend pas{NBSP}: "
            f"rechargez la page pour réessayer.")


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
            return played_twice(card)
        if where.startswith("hands"):
            return in_two_hands(card)
        return already_on_table(card)
    return unplayable()
