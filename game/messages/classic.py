"""French sentences for the events of the classic game and its variants (RULES §1, §2).

Typography: a no-break space (NBSP) before « : », a narrow one (NNBSP) before ; ! ?,
the typographic apostrophe ’, and a card named « le 35 » rather than a bare number
opening a sentence.
"""

from __future__ import annotations

from .typography import (NBSP, NNBSP, ORDINAL_WORDS, cards, count, fr_list, heads, in_words, number,
                         only_heads, row_name)

TITLES = {"classic": f"6 qui prend{NNBSP}!", "tactique": f"6 qui prend{NNBSP}! — variante Tactique",
          "logique": f"6 qui prend{NNBSP}! — variante Logique"}
"""The name of each game of the classic family, as readers see it (Jouer, the tools)."""
MENU = {"classic": "classique", "tactique": "Tactique", "logique": "Logique (choix des cartes)"}
"""Their names in Jouer's variant menu."""


def _reveal(e: dict) -> str:
    shown = fr_list(f"{p['card']} ({p['player']})" for p in e["plays"])
    if len(e["plays"]) == 1:
        return f"Tour {e['turn']}. La carte jouée est retournée{NBSP}: {shown}."
    return (f"Tour {e['turn']}. Toutes les cartes sont retournées en même temps{NBSP}: {shown}. "
            f"On les pose une par une, de la plus petite à la plus grande.")


def placed(e: dict, end: str = "le bout de rangée") -> str:
    """« … le 28 est le bout de rangée le plus proche en dessous de 37 »: true with one end too."""
    card, after = e["card"], e["after"]
    return (f"{e['player']} pose le {card} après le {after}, dans la {row_name(e['row'])}{NBSP}: "
            f"le {after} est {end} le plus proche en dessous de {card} (écart de {e['gap']})")


def _place(e: dict) -> str:
    text = placed(e) + "."
    if e["length"] >= 5:
        text += (f" La rangée compte maintenant {cards(e['length'])}{NBSP}: "
                 f"qui posera la prochaine carte ici ramassera la rangée.")
    return text


def _too_low(e: dict) -> str:
    return (f"Le {e['card']} est plus petit que la dernière carte de chaque rangée "
            f"(la plus petite est le {e['lowest']}){NBSP}: {e['player']} ne peut le poser nulle part "
            f"et doit ramasser la rangée de son choix.")


def _choice_requested(e: dict) -> str:
    costs = fr_list(f"{heads(o['heads'])} pour la {row_name(o['row'])}" for o in e["options"])
    return f"Le prix de chaque rangée{NBSP}: {costs}."


def _rows_named(rows) -> str:
    """« la rangée 4 », « les rangées 2 et 3 »."""
    rows = sorted(rows)
    if len(rows) == 1:
        return f"la {row_name(rows[0])}"
    return f"les rangées {fr_list(r + 1 for r in rows)}"


def _would_cost(n: int, several: bool) -> str:
    """« n’aurait coûté qu’une tête de bœuf », « n’auraient coûté que 2 têtes de bœuf chacune »."""
    verb = "n’auraient coûté" if several else "n’aurait coûté"
    return f"{verb} {only_heads(n)}{' chacune' if several else ''}"


def choice_verdict(e: dict) -> str:
    """How the chosen row compares with the others, as a clause that is true for this choice.

    Names the cheapest row(s) and their cost; « la rangée la plus chère » only when no row cost more.
    """
    costs = {o["row"]: o["heads"] for o in e.get("costs", ())}
    chosen, cheapest = e["heads"], e["cheapest"]
    if not costs:  # an event without every option's cost: say only what `cheapest` proves
        if chosen == cheapest:
            return f"{NBSP}: aucune rangée ne coûtait moins"
        return f", alors que la moins chère {_would_cost(cheapest, False)}"
    cheap = [r for r, h in costs.items() if h == cheapest and r != e["row"]]
    if chosen == cheapest:
        if not cheap:
            return f"{NBSP}: c’est le choix le moins coûteux"
        same = "coûte autant" if len(cheap) == 1 else "coûtent autant"
        return f"{NBSP}: c’est l’un des choix les moins coûteux ({_rows_named(cheap)} {same})"
    dearest = max(costs.values())
    tied_dearest = sum(1 for h in costs.values() if h == dearest)
    rank = ""
    if chosen == dearest:
        rank = f"{NBSP}: c’est " + ("la rangée la plus chère" if tied_dearest == 1
                                    else "l’une des rangées les plus chères")
    return f"{rank}, alors que {_rows_named(cheap)} {_would_cost(cheapest, len(cheap) > 1)}"


def _choice_made(e: dict) -> str:
    return (f"{e['player']} choisit la {row_name(e['row'])} ({heads(e['heads'])})"
            f"{choice_verdict(e)}.")


def choice_and_take(made: dict, take: dict) -> str:
    """A chosen row and its taking in one sentence, so a step names the row and its cost once."""
    return (f"{take['player']} ramasse la {row_name(take['row'])} ({fr_list(take['cards'])}), "
            f"soit {heads(take['heads'])}{choice_verdict(made)}.")


def _take(e: dict) -> str:
    taken = fr_list(e["cards"])
    n = len(e["cards"])
    if e["reason"] == "sixth":
        nth = ORDINAL_WORDS[n] if n < len(ORDINAL_WORDS) else "dernière"
        return (f"Le {e['card']} devrait aller dans la {row_name(e['row'])}, qui compte déjà "
                f"{cards(n)}{NBSP}: ce serait la {nth} carte. "
                f"{e['player']} ramasse les {cards(n)} ({taken}), soit {heads(e['heads'])}.")
    return f"{e['player']} ramasse la {row_name(e['row'])} ({taken}), soit {heads(e['heads'])}."


def _start_row(e: dict) -> str:
    return f"Le {e['card']} commence la {row_name(e['row'])}, à la même place."


def _deal(e: dict) -> str:
    starts = fr_list(r[0] for r in e["rows"])
    if e.get("drafted"):
        return (f"Manche {e['round']}. Le choix des cartes est terminé et les quatre cartes que personne "
                f"n’a prises commencent les rangées{NBSP}: {starts}.")
    return (f"Manche {e['round']}. Chacun reçoit ses cartes et quatre cartes retournées "
            f"commencent les rangées{NBSP}: {starts}.")


def _draft_pick(e: dict) -> str:
    return f"{e['player']} choisit le {e['card']} parmi les cartes visibles."


def _round_end(e: dict) -> str:
    scores = fr_list(f"{p} {heads(s) if s else 'aucune tête de bœuf'}" for p, s in e["scores"].items())
    totals = fr_list(f"{p} {number(t)}" for p, t in e["totals"].items())
    return f"Fin de la manche {e['round']}{NBSP}: {scores}. Totaux{NBSP}: {totals}."


def _game_end(e: dict) -> str:
    winners, totals = e["winners"], e["totals"]
    worst = max(totals.values())
    reached = fr_list(p for p, t in totals.items() if t == worst)
    why = f"{reached} {'a' if len([t for t in totals.values() if t == worst]) == 1 else 'ont'} {heads(worst)}"
    rounds = count(e["rounds"], "manche", feminine=True)
    if len(winners) == 1:
        return (f"Fin de la partie après {rounds} ({why}). {winners[0]} gagne avec "
                f"{heads(totals[winners[0]])}.")
    return (f"Fin de la partie après {rounds} ({why}). {fr_list(winners)} sont à égalité avec "
            f"{heads(totals[winners[0]])} et se partagent la victoire.")


WORDING = {
    "reveal": _reveal, "place": _place, "too_low": _too_low,
    "choice_requested": _choice_requested, "choice_made": _choice_made, "take": _take,
    "start_row": _start_row, "deal": _deal, "draft_pick": _draft_pick,
    "round_end": _round_end, "game_end": _game_end,
}


def turn_summary(turn: int, taken: dict, scored: dict | None = None) -> str:
    """The sentence of a turn's last step: who took how many heads.

    `taken` gives the heads each player took this turn; `scored`, when a special card made a
    score differ from them (Négatif = positif), what each one scores: « a ramassé 11 têtes de
    bœuf et marque −3 », never « a ramassé −3 têtes ».
    """
    scored = taken if scored is None else scored
    players = [p for p in taken if taken[p] or scored.get(p)]
    if not players:
        return f"Fin du tour {turn}{NBSP}: personne n’a ramassé de carte."

    def said(p: str) -> str:
        text = f"{p} a ramassé {heads(taken[p])}"
        return text if scored.get(p, taken[p]) == taken[p] else f"{text} et marque {number(scored[p])}"

    return f"Fin du tour {turn}{NBSP}: " + fr_list(said(p) for p in players) + "."


def start_text(rows) -> str:
    """The sentence of an example's first step: the table before anything is played."""
    return f"Avant le tour, les rangées se terminent par {fr_list(r[-1] for r in rows)}."


# --- every possible choice, shown without JavaScript (site_builder/blocks/classic.py) --------

CHOICES_TITLE = "Tous les choix possibles"
SHOWN_CHOICE = "le choix de l’exemple"


def choices_intro(player: str, card: int, rows: int) -> str:
    """The line above the tables: what they show."""
    return (f"Avec son {card}, {player} peut ramasser l’une des {in_words(rows, feminine=True)} rangées. "
            f"Voici, pour chaque choix, la table à la fin du tour et ce que chacun ramasse.")


def option_title(player: str, row: int, shown: bool) -> str:
    """« Si Alice ramasse la rangée 2 (le choix de l’exemple) »."""
    return (f"Si {player} ramasse la {row_name(row)}"
            + (f" ({SHOWN_CHOICE})" if shown else ""))


def option_outcome(player: str, takes: list[tuple[str, int, int]]) -> str:
    """What a choice costs `player` and who else takes in the turn: [(player, row, heads)] in
    order, the first being `player`'s own take (already named by the title)."""
    own = sum(h for p, _, h in takes[:1] if p == player)
    others = [f"{p} ramasse la {row_name(r)} ({heads(h)})" for p, r, h in takes[1:]]
    if others:
        return f"{heads(own)} pour {player}, puis {fr_list(others)}."
    return f"{heads(own)} pour {player}{NNBSP}; personne d’autre ne ramasse."
