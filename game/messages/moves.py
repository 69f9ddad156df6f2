"""French labels of the decisions « Jouer une manche » offers as a list of moves.

The page shows each legal move as a button with this label (special cards, for now), so a
variant needs no page code of its own: the engine lists the moves, this module words them.
"""

from __future__ import annotations

from .specials import NAMES
from .typography import NBSP, NNBSP, quote, row_name


def _special(move: dict) -> str:
    kind = move["card"]
    name = quote(NAMES[kind])
    if kind == "stop":
        return f"jouer {name} sur la {row_name(move['row'])}"
    if kind == "inserer":
        return f"jouer {name}{NBSP}: dans la {row_name(move['row'])}, en position {move['position'] + 1}"
    if kind == "remplacer":
        return f"jouer {name}{NBSP}: reprendre la carte et poser le {move['with']} à sa place"
    if kind == "glisser":
        return (f"jouer {name}{NBSP}: la carte en position {move['from_index'] + 1} de la "
                f"{row_name(move['from_row'])} va en position {move['to_index'] + 1} de la "
                f"{row_name(move['to_row'])}")
    if kind == "negatif_positif":
        return f"jouer {name}{NBSP}: annuler les têtes du {move['chosen']}"
    return f"jouer {name}"


def special_move(card: int, move: dict) -> str:
    """« Jouer « Stop » sur la rangée 2 », « Poser le 37 sans carte spéciale », « … puis ramasser … »."""
    special, row = move.get("special"), move.get("row")
    text = _special(special) if special else f"poser le {card} sans carte spéciale"
    text = text[0].upper() + text[1:]
    if row is not None:
        text += f", puis ramasser la {row_name(row)}"
    return text


def special_decision(card: int) -> str:
    return (f"Votre {card} va être posé{NBSP}: jouez-vous une carte spéciale avant{NNBSP}? "
            f"S’il est plus petit que toutes les rangées ouvertes, choisissez aussi la rangée à ramasser.")


def play_card(card: int) -> str:
    """« jouer le 37 »: the first decision of a special-cards turn, as the robot advises it."""
    return f"jouer le {card}"


def advice(label: str) -> str:
    return (f"Le conseil du robot prudent{NBSP}: {label[0].lower()}{label[1:]}. Il ne connaît pas "
            f"les cartes des autres joueurs{NBSP}: ce n’est qu’un avis.")


def junior_move(card: str, row: str) -> str:
    """« Poser la carte Afrique et Inde dans la deuxième rangée »."""
    return f"Poser la {card} dans {row}"


def junior_decision(stuck: bool) -> str:
    if stuck:
        return (f"Aucune de vos cartes ne va dans une rangée{NBSP}: vous ramassez une rangée, puis "
                f"vous y posez une carte. Choisissez laquelle.")
    return f"À vous{NBSP}: choisissez une carte et la rangée où la poser."
