"""French sentences for the events of the classic game and its variants (RULES §1, §2)."""

from __future__ import annotations

from .typography import NBSP, NNBSP, cards, fr_list, heads, plural, row_name

ORDINALS = {1: "première", 2: "deuxième", 3: "troisième", 4: "quatrième", 5: "cinquième",
            6: "sixième", 7: "septième"}


def _reveal(e: dict) -> str:
    shown = fr_list(f"{p['card']} ({p['player']})" for p in e["plays"])
    if len(e["plays"]) == 1:
        return f"Tour {e['turn']}{NBSP}: la carte jouée est révélée{NBSP}: {shown}."
    return (f"Tour {e['turn']}{NBSP}: toutes les cartes sont révélées en même temps{NBSP}: {shown}. "
            f"On les pose une par une, de la plus petite à la plus grande.")


def _place(e: dict) -> str:
    card, after = e["card"], e["after"]
    text = (f"{e['player']} pose {card} après {after}, dans la {row_name(e['row'])}{NBSP}: "
            f"{after} est la plus grande dernière carte inférieure à {card} "
            f"(écart {e['gap']}).")
    if e["length"] >= 5:
        text += (f" La rangée a maintenant {cards(e['length'])}{NBSP}: "
                 f"la prochaine carte posée ici la fera ramasser.")
    return text


def _too_low(e: dict) -> str:
    return (f"{e['card']} est plus petite que la dernière carte de chaque rangée "
            f"(la plus petite est {e['lowest']}){NBSP}: {e['player']} ne peut la poser nulle part "
            f"et doit ramasser la rangée de son choix.")


def _choice_requested(e: dict) -> str:
    costs = fr_list(f"{row_name(o['row'])} {heads(o['heads'])}" for o in e["options"])
    return f"Ce que coûterait chaque rangée{NNBSP}: {costs}."


def _choice_made(e: dict) -> str:
    text = f"{e['player']} choisit la {row_name(e['row'])} ({heads(e['heads'])})."
    if e["heads"] == e["cheapest"]:
        text += " C'est le choix le moins coûteux."
    else:
        text += (f" Une autre rangée n'aurait coûté que {heads(e['cheapest'])}{NNBSP}: "
                 f"le choix est libre, même le plus cher.")
    return text


def _take(e: dict) -> str:
    taken = fr_list(e["cards"])
    if e["reason"] == "sixth":
        return (f"{e['card']} devrait aller dans la {row_name(e['row'])}, qui a déjà "
                f"{cards(len(e['cards']))}{NNBSP}: ce serait la {ORDINALS.get(len(e['cards']) + 1, 'dernière')} "
                f"carte. {e['player']} ramasse les {cards(len(e['cards']))} ({taken}), "
                f"soit {heads(e['heads'])}.")
    return (f"{e['player']} ramasse la {row_name(e['row'])} ({taken}), "
            f"soit {heads(e['heads'])}.")


def _start_row(e: dict) -> str:
    return f"{e['card']} commence la {row_name(e['row'])}."


def _deal(e: dict) -> str:
    starts = fr_list(r[0] for r in e["rows"])
    return (f"Manche {e['round']}{NNBSP}: les cartes sont distribuées et quatre cartes "
            f"commencent les rangées{NNBSP}: {starts}.")


def _draft_pick(e: dict) -> str:
    return f"{e['player']} choisit la carte {e['card']}."


def _round_end(e: dict) -> str:
    scores = fr_list(f"{p} {heads(s)}" for p, s in e["scores"].items())
    totals = fr_list(f"{p} {t}" for p, t in e["totals"].items())
    return f"Fin de la manche {e['round']}{NNBSP}: {scores}. Totaux{NNBSP}: {totals}."


def _game_end(e: dict) -> str:
    winners = e["winners"]
    if len(winners) == 1:
        return f"Fin de la partie après {plural(e['rounds'], 'manche')}{NNBSP}: {winners[0]} gagne."
    return (f"Fin de la partie après {plural(e['rounds'], 'manche')}{NNBSP}: {fr_list(winners)} "
            f"sont à égalité et se partagent la victoire.")


WORDING = {
    "reveal": _reveal, "place": _place, "too_low": _too_low,
    "choice_requested": _choice_requested, "choice_made": _choice_made, "take": _take,
    "start_row": _start_row, "deal": _deal, "draft_pick": _draft_pick,
    "round_end": _round_end, "game_end": _game_end,
}


def explain(event: dict) -> str:
    return WORDING[event["type"]](event)


def turn_summary(turn: int, taken: dict) -> str:
    """The sentence of a turn's last step: who took how many heads."""
    takers = [(p, h) for p, h in taken.items() if h]
    if not takers:
        return f"Fin du tour {turn}{NNBSP}: personne n'a ramassé de carte."
    return (f"Fin du tour {turn}{NNBSP}: "
            + fr_list(f"{p} a ramassé {heads(h)}" for p, h in takers) + ".")


def start_text(rows) -> str:
    """The sentence of an example's first step: the table before anything is played."""
    ends = fr_list(r[-1] for r in rows)
    return f"Avant le tour, les rangées se terminent par {ends}."
