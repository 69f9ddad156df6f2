"""French sentences for the special-cards variant « 6 qui surprend ! » (RULES §3).

`WORDING` words every `special_*` event; `NAMES[kind]` gives a special card's French name (printed
on the card); `refusal(error)` words a refused special move for readers.
"""

from __future__ import annotations

from .classic import choice_verdict, placed
from .typography import NBSP, NNBSP, cards, elide, fr_list, heads, number, row_name

TITLE = f"6 qui prend{NNBSP}! avec les cartes spéciales"
MENU = f"cartes spéciales (6 qui surprend{NNBSP}!)"
"""The game's name as readers see it (Jouer, the tools)."""

NAMES = {
    "cinquieme_serie": "5\u1d49 série",
    "sept_qui_prend": "7 qui prend",
    "inserer": "Insérer",
    "remplacer": "Remplacer",
    "glisser": "Glisser",
    "stop": "Stop",
    "negatif_positif": f"Négatif{NBSP}= positif",
}

def name_lines(kind: str) -> tuple[str, ...]:
    """The name as printed on a drawn card, on two lines when it is too long for one."""
    if kind == "negatif_positif":
        return ("Négatif", "= positif")
    return (NAMES[kind],)


def _played(e: dict) -> str:
    return (f"Avant de poser son {e['card']}, {e['player']} joue la carte spéciale "
            f"«{NBSP}{NAMES[e['special']]}{NBSP}».")


def _fifth_row(e: dict) -> str:
    return (f"Le {e['card']} ouvre une cinquième rangée, la {row_name(e['row'])}. "
            f"Tant qu’il y a cinq rangées, celui qui ramasse une rangée ramasse aussi la carte "
            f"qu’il vient de jouer{NBSP}: on revient ainsi à quatre rangées.")


def _marked(e: dict) -> str:
    return (f"Le {e['card']} va après le {e['after']}, dans la {row_name(e['row'])}, comme le veulent les "
            f"règles normales, mais il compte comme sixième carte{NBSP}: {e['player']} ne "
            f"ramasse rien. Le marqueur «{NBSP}7 qui prend{NBSP}» occupe la septième place{NBSP}: "
            f"qui posera la prochaine carte dans cette rangée la ramassera.")


def _seventh_take(e: dict) -> str:
    return (f"La {row_name(e['row'])} porte un marqueur «{NBSP}7 qui prend{NBSP}»{NBSP}: le {e['card']} "
            f"y serait la septième carte. {e['player']} ramasse les {cards(len(e['cards']))} de la "
            f"rangée ({fr_list(e['cards'])}), soit {heads(e['heads'])}, et le marqueur est défaussé.")


def _inserted(e: dict) -> str:
    where = (f"en tête de la {row_name(e['row'])}, devant le {e['following']}" if e["before"] is None
             else f"dans la {row_name(e['row'])}, entre le {e['before']} et le {e['following']}")
    text = f"{e['player']} insère le {e['card']} {where}{NBSP}: l’ordre croissant est respecté."
    if e["length"] > 5:
        text += f" La rangée compte maintenant {cards(e['length'])}."
    return text


def _insert_take(e: dict) -> str:
    if e["stays"] is None:
        return (f"La rangée déborde{NBSP}: {e['player']} ramasse les {cards(len(e['cards']))} de la "
                f"rangée ({fr_list(e['cards'])}), soit {heads(e['heads'])}.")
    return (f"La rangée déborde{NBSP}: {e['player']} ramasse {cards(len(e['cards']))} "
            f"({fr_list(e['cards'])}), la sienne comprise, soit {heads(e['heads'])}. "
            f"La dernière, le {e['stays']}, reste et commence la {row_name(e['row'])}.")


def _replaced(e: dict) -> str:
    return (f"{e['player']} reprend son {e['card']} en main et joue à sa place le {e['new']}, "
            f"tout de suite, selon les règles normales.")


def _slid(e: dict) -> str:
    return (f"{e['player']} déplace le {e['moved']} de la {row_name(e['from_row'])} vers la "
            f"{row_name(e['to_row'])}, en respectant l’ordre croissant.")


def _stopped(e: dict) -> str:
    return (f"{e['player']} bloque la {row_name(e['row'])}{NBSP}: personne ne peut y ajouter de carte, "
            f"en retirer ni la ramasser, jusqu’à ce qu’une rangée soit ramassée.")


def _stops_removed(e: dict) -> str:
    rows = fr_list(row_name(r) for r in e["rows"])
    word = "la carte Stop" if len(e["rows"]) == 1 else "les cartes Stop"
    return f"Une rangée vient d’être ramassée{NBSP}: {word} ({rows}) quitte{'nt' if len(e['rows']) > 1 else ''} la table."


REASONS = {"sixth": "serait la sixième carte de la", "seventh": "serait la septième carte de la",
           "too_low": "ne peut aller nulle part et son joueur ramasse la", "insert": "fait déborder la"}


ROW_GOES = f"La rangée disparaît{NNBSP}; il reste quatre rangées, renumérotées dans l’ordre."


def _row_removed(e: dict) -> str:
    return (f"Le {e['card']} {REASONS[e['reason']]} {row_name(e['row'])}. Comme il y a cinq rangées, "
            f"{e['player']} ramasse la rangée et aussi sa propre carte{NBSP}: "
            f"{fr_list(e['cards'])}, soit {heads(e['heads'])}. {ROW_GOES}")


def choice_and_removal(made: dict, removed: dict) -> str:
    """A too-low card's row choice while five rows exist, and that row taken with the card: one
    statement of each fact (the row chosen and taken once, its price once, then the total)."""
    card = removed["card"]
    row_cards = [c for c in removed["cards"] if c != card]
    return (f"{removed['player']} ramasse la {row_name(removed['row'])} ({fr_list(row_cards)}), "
            f"soit {heads(made['heads'])}{choice_verdict(made)}. Comme il y a cinq rangées, son "
            f"{card} part avec la rangée{NBSP}: {heads(removed['heads'])} en tout. {ROW_GOES}")


def _negative(e: dict) -> str:
    return (f"Grâce à «{NBSP}{NAMES['negatif_positif']}{NBSP}», {e['player']} choisit le {e['chosen']}{NBSP}: "
            f"les {heads(e['heads'])} de cette carte comptent en sa faveur. Son total de la manche "
            f"baisse de {e['drop']} par rapport à un ramassage ordinaire.")


def _not_counted(stopped) -> str:
    return (f"la {row_name(stopped[0])}, bloquée, ne compte pas" if len(stopped) == 1
            else f"les rangées bloquées ({fr_list(r + 1 for r in stopped)}) ne comptent pas")


def _too_low(e: dict) -> str:
    return (f"Le {e['card']} est plus petit que la dernière carte de chaque rangée ouverte (la plus "
            f"petite est le {e['lowest']}){NNBSP}; {_not_counted(e['stopped'])}. {e['player']} doit "
            f"ramasser l’une des autres rangées, au choix.")


def _place(e: dict) -> str:
    # Not the classic « qui posera la prochaine carte ici ramassera »: a « 7 qui prend » would not.
    text, passed = placed(e) + ".", e["passed"]
    if passed:
        text = placed(e, "le bout de rangée ouverte") + f"{NNBSP}; {_not_counted(passed)}."
    if e["length"] >= 5:
        text += (f" La rangée compte maintenant {cards(e['length'])}{NBSP}: la prochaine carte posée "
                 f"ici serait la sixième.")
    return text


WORDING = {
    "special_too_low": _too_low, "special_place": _place,
    "special_played": _played, "special_fifth_row": _fifth_row, "special_marked": _marked,
    "special_seventh_take": _seventh_take, "special_inserted": _inserted,
    "special_insert_take": _insert_take, "special_replaced": _replaced, "special_slid": _slid,
    "special_stopped": _stopped, "special_stops_removed": _stops_removed,
    "special_row_removed": _row_removed, "special_negative": _negative,
}


# --- refusals: a reader tried an illegal special move ------------------------------------

REFUSALS = {
    "not_held": "vous n’avez pas cette carte en main.",
    "five_rows": "il y a déjà cinq rangées sur la table.",
    "seven_too_low": ("le {card} est plus petit que la dernière carte de chaque rangée ouverte{NBSP}: "
                      "il n’a pas de rangée où aller."),
    "seven_marked": "la {row} porte déjà un marqueur «{NBSP}7 qui prend{NBSP}».",
    "no_row": "cette rangée n’existe pas.",
    "stopped": "la {row} est bloquée par une carte Stop.",
    "insert_position": "on ne peut insérer une carte qu’en tête de rangée ou entre deux cartes.",
    "insert_order": "à cet endroit, le {card} casserait l’ordre croissant.",
    "not_in_hand": "le {new} n’est plus dans votre main.",
    "slide_same_row": "la carte doit changer de rangée.",
    "slide_no_card": "il n’y a pas de carte à cet endroit.",
    "slide_empties": "la {row} serait vide.",
    "slide_overfills": "la {row} est déjà pleine.",
    "slide_order": "à cet endroit, le {moved} casserait l’ordre croissant.",
    "stop_stopped": "la {row} est déjà bloquée.",
    "stop_last": "au moins une rangée doit rester ouverte.",
    "negative_no_take": "vous n’êtes pas en train de ramasser une rangée.",
    "negative_not_taken": "le {chosen} ne fait pas partie des cartes ramassées.",
}
"""A refused special move's reason → its template, filled by `refusal` (`row`: « rangée 2 »)."""


def refusal(error) -> str:
    """« Impossible de jouer la carte Stop : … » for a `game.specials.moves.Refused`."""
    d = error.details
    facts = {"new": None, "moved": None, "chosen": None, **d, "card": error.card, "NBSP": NBSP,
             "row": row_name(d["row"]) if "row" in d else "rangée"}
    reason = REFUSALS[error.reason].format(**facts)
    return f"Impossible de jouer la carte {NAMES[error.special]}{NBSP}: {reason}"


# --- words inside drawings --------------------------------------------------------------

def card_title(kind: str) -> str:
    """<title> of a drawn special card."""
    return f"Carte spéciale{NBSP}: {NAMES[kind]}"


def table_note(marked, stopped) -> str:
    """What the markers and Stops of a drawn table mean, appended to its <title>."""
    parts = [f"{row_name(r)} avec un marqueur «{NBSP}7 qui prend{NBSP}»" for r in marked]
    parts += [f"{row_name(r)} bloquée par une carte Stop" for r in stopped]
    text = fr_list(parts)
    return text[:1].upper() + text[1:] + "." if parts else ""   # not str.capitalize: « Stop » keeps its S


def held_caption(count: int) -> str:
    """Above the special cards the reader still holds in « Jouer une manche »."""
    if count == 0:
        return "Vous n’avez plus de carte spéciale."
    return f"Vos cartes spéciales ({count}){NBSP}:"


def played_label(player: str, kind: str) -> str:
    """Caption of the special card drawn beside a step's table."""
    return f"{player} joue «{NBSP}{NAMES[kind]}{NBSP}»"


def choice_text(player: str, card: int) -> str:
    """Text of the step where a replay waits for a reader's row choice."""
    return (f"Le {card} est plus petit que la dernière carte de chaque rangée ouverte{NBSP}: "
            f"{player} doit choisir la rangée à ramasser.")


def waiting_text(player: str, card: int) -> str:
    """Text of the step where « Jouer une manche » waits for a player's placement decision."""
    return (f"Le {card} {elide('de', player)} est la prochaine carte à poser{NBSP}: {player} peut "
            f"d’abord jouer une carte spéciale.")


COMPARISON_TITLE = f"Et sans la carte spéciale{NNBSP}?"
"""Heading of the box under an example with special cards: heads with and without them."""


def comparison_text(player: str, with_: int, without: int, played_by: tuple = (),
                    cheapest: int | None = None) -> str:
    """« Et sans la carte spéciale ? »: the difference for one player; `played_by` names who
    played the special cards when it is someone else (« la carte spéciale d’Alice »);
    `cheapest` is what they would have scored with the special cards by taking the cheapest
    row at their own row choices, so a cost of their choosing is not blamed on a card."""
    # « marque » (a score, which Négatif = positif can take below zero), never « ramasse −3 »
    if not played_by or player in played_by:
        card, many = "la carte", False
    elif len(played_by) == 1:
        card, many = f"la carte spéciale {elide('de', played_by[0])}", False
    else:
        card, many = "les cartes spéciales", True
    if with_ == without:
        return f"Sans carte spéciale, {player} aurait marqué autant{NBSP}: {heads(without)}."
    if with_ < without:
        return (f"Sans carte spéciale, {player} aurait marqué {number(without)} au lieu de "
                f"{number(with_)}{NBSP}: {card} lui {'font' if many else 'fait'} économiser "
                f"{heads(without - with_)}.")
    less = "rien marqué" if without == 0 else f"marqué que {number(without)}"
    said = f"Sans carte spéciale, {player} n’aurait {less} au lieu de {number(with_)}"
    costs = f"{card} lui {'coûtent' if many else 'coûte'}"
    if cheapest is None or cheapest >= with_:
        return f"{said}{NBSP}: {costs} {heads(with_ - without)} de plus."
    extra = with_ - cheapest
    if cheapest > without:
        return (f"{said}{NBSP}: {costs} {heads(cheapest - without)} de plus, et le choix de rangée "
                f"{elide('de', player)} lui en coûte encore {number(extra)}.")
    own = "sa tête de bœuf de plus vient" if extra == 1 else f"ses {heads(extra)} de plus viennent"
    return (f"{said}. Mais, même avec {card}, {player} pouvait ne marquer que {number(cheapest)} en "
            f"ramassant la rangée la moins chère{NBSP}: {own} de son choix.")
