"""French wording of the « Jouer une manche » page: the « conseil », the game's own labels and
the moves it offers as buttons (special cards, Junior: the engine lists the moves, this module
words them, so a variant needs no page code of its own).

The advice explains the heuristic bot's reasoning (game.classic.bots.HeuristicBot.assess) in the reader's
words: what the card would surely cost now, the risk of becoming a row's 5th card, the gap.
It never claims to know the other players' cards, because the bot does not.
"""

from __future__ import annotations

from .specials import NAMES
from .typography import NBSP, NNBSP, count, fr_list, heads, number, only_heads, quote, row_name

LEVELS = {"random": "débutant", "heuristic": "prudent"}


def level_name(level: str | None) -> str:
    return "vous" if level is None else LEVELS[level]


def card_button(card: int, price: int) -> str:
    """Accessible name of a card button: « Jouer le 37 (1 tête de bœuf) »."""
    return f"Jouer le {card} ({heads(price)})"


def row_option(row: int, cards, price: int) -> str:
    """A row the reader may take: « Ramasser la rangée 2 : trois cartes, 5 têtes de bœuf »."""
    return f"Ramasser la {row_name(row)}{NBSP}: {count(len(cards), 'carte', feminine=True)}, {heads(price)}"


def status(phase: str, number: int, turn: int, reader: str, turns: int | None = 10) -> str:
    if phase == "pick":
        return f"Manche {number}, choix des cartes{NBSP}: choisissez une carte parmi celles qui restent."
    if phase == "play":
        return f"Manche {number}, tour {turn + 1} sur {turns}{NBSP}: choisissez la carte à jouer."
    if phase == "move":
        return f"Manche {number}, tour {turn}{NBSP}: à vous de décider."
    if phase == "row":
        return (f"Manche {number}, tour {turn}{NBSP}: votre carte est plus petite que toutes les "
                f"rangées. Choisissez la rangée à ramasser.")
    if phase == "round_over":
        return f"Manche {number} terminée."
    return "Partie terminée."


def card_advice(table, card: int, assessed: dict) -> str:
    """Why the heuristic bot plays `card`, from its (heads, risk, gap) assessment."""
    sure, risk, gap = assessed[card]
    row = table.target(card)
    if row is None:
        text = (f"Le conseil du robot prudent{NBSP}: jouez le {card}. Il est plus petit que toutes les "
                f"rangées{NBSP}: vous ramasserez la rangée de votre choix, et la moins chère ne coûte "
                f"{only_heads(sure)}. Vos autres cartes risquent davantage.")
    elif risk == 0 and sure == 0:
        text = (f"Le conseil du robot prudent{NBSP}: jouez le {card}. Il irait dans la {row_name(row)}, "
                f"juste après le {table.rows[row][-1]} (écart {gap}){NBSP}: la rangée n’est pas "
                f"pleine, et un petit écart laisse peu de place à une carte adverse.")
    elif sure == 0:
        text = (f"Le conseil du robot prudent{NBSP}: jouez le {card}. Il serait la cinquième carte de la "
                f"{row_name(row)}{NBSP}: la prochaine carte posée là la ramassera, ce qui est un "
                f"risque, mais vos autres cartes sont plus dangereuses.")
    else:
        text = (f"Le conseil du robot prudent{NBSP}: jouez le {card}, même s’il doit être la sixième carte "
                f"de la {row_name(row)} et vous coûter {heads(sure)}{NBSP}: c’est le moins cher "
                f"de votre main.")
    costly = sorted(c for c, (s, _, _) in assessed.items() if s > 0 and c != card)
    if costly and len(costly) < len(assessed) - 1:
        text += f" À éviter maintenant{NBSP}: {fr_list(costly)}, qui vous feraient ramasser à coup sûr."
    return text + (" Le robot ne connaît pas les cartes des autres joueurs{0}: ce n’est qu’un avis."
                   .format(NBSP))


def row_advice(options: list[dict], row: int) -> str:
    best = next(o for o in options if o["row"] == row)
    return (f"Le conseil du robot prudent{NBSP}: ramassez la {row_name(row)}, la moins chère "
            f"({heads(best['heads'])}). Le choix reste libre{NBSP}: une rangée plus chère peut "
            f"parfois gêner un adversaire.")


def pick_advice(card: int, price: int) -> str:
    return (f"Le conseil du robot prudent{NBSP}: prenez le {card} ({heads(price)}). Le robot garde les "
            f"cartes peu chargées en têtes, de préférence très basses ou très hautes.")


NOTHING_TO_ADVISE = f"Rien à conseiller pour l’instant{NBSP}: la manche est terminée."


def round_summary(round_number: int, scores: dict, totals: dict) -> str:
    taken = fr_list(f"{p} {heads(s)}" for p, s in scores.items())
    total = fr_list(f"{p} {number(t)}" for p, t in totals.items())
    return f"Fin de la manche {round_number}{NBSP}: {taken}. Totaux{NBSP}: {total}."


def game_summary(rounds: int, winners: list, reader: str) -> str:
    after = count(rounds, "manche", feminine=True)
    if len(winners) == 1:
        who = "Vous gagnez" if winners[0] == reader else f"{winners[0]} gagne"
        return f"Partie terminée après {after}{NBSP}: {who}{NNBSP}!"
    others = [w for w in winners if w != reader]
    names = fr_list((["vous"] if reader in winners else []) + others)
    return (f"Partie terminée après {after}{NBSP}: égalité entre {names}, "
            f"qui se partagent la victoire.")


# Reader errors of the page (French, shown next to the control).
BAD_NAME = "Indiquez un prénom de 1 à 20 caractères."
BAD_BOTS = (f"Trop de robots pour cette variante{NBSP}: elle se joue à moins de joueurs. "
            f"Réduisez leur nombre.")
BAD_VARIANT = "Cette variante n’est pas proposée ici."
BAD_FILE = (f"Ce fichier n’est pas une manche enregistrée par cette page{NBSP}: "
            f"il faut le fichier JSON téléchargé avec «{NBSP}Enregistrer la manche{NBSP}».")
SAVED_GAME_REFUSED = (f"La partie enregistrée dans ce navigateur est illisible ou modifiée{NBSP}: "
                      f"elle a été effacée. Commencez une nouvelle partie.")
REFUSED = f"Ce coup n’est pas possible maintenant{NBSP}: rechargez la page si cela se reproduit."

TARGET_LABEL, TARGET_AFTER = "Fin de la partie à", "têtes de bœuf"
ROUNDS_LABEL, ROUNDS_PLACEHOLDER = "Ou nombre de manches fixé", "aucun"


def strict_label(target: int) -> str:
    """The « plus de 66 » checkbox of Jouer's form (RULES §1)."""
    return f"seulement au-delà du seuil («{NBSP}plus de {target}{NBSP}»)"


# --- the moves offered as buttons (special cards, Junior) ---------------------------------------

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
        return f"jouer {name}{NBSP}: compter en votre faveur les têtes du {move['chosen']}"
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
                f"vous y posez une carte. Choisissez la rangée et la carte.")
    return f"À vous{NBSP}: choisissez une carte et la rangée où la poser."
