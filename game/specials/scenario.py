"""The JSON scenario format of the special-cards variant, and its replay as steps.

A classic scenario plus an optional `"specials"` entry per turn: the special
card a player adds on their own placement turn, with the fields it needs
(documented in game/specials/README.md and game/specials/moves.py):

    {"variant": "speciales",
     "rows": [[12], [28], [39], [44]],
     "turns": [{"plays": {"p1": 37, "p2": 10}, "choices": {"p2": 3},
                "specials": {"p1": {"card": "stop", "row": 1}}}]}

Optional keys: "marked" and "stopped" (row indexes with a 7 qui prend marker or
a Stop at the start), "hands" ({player: [number cards]}; without it each
player holds exactly the cards they play, plus any Remplacer card), "held"
({player: [special cards]}; without it a player may play any special card).
Steps have the classic shape (see CONTRIBUTING.md) plus "marked", "stopped"
and "special" ({player, card} of the special card played in that step).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.classic.bots import cheapest_row
from game.classic.cards import is_card
from game.classic.replay import revealed, takes_of
from game.classic.replay import run as classic_run
from game.errors import GameError
from game.classic.scenario import check_count, check_outline
from game.messages import explain, explain_all
from game.messages import specials as say
from game.messages.classic import start_text, turn_summary

from .cards import COPIES, KINDS, MAX_PLAYERS, MIN_PLAYERS, REPLACE
from .events import RowRemoved, SpecialPlayed
from .moves import Refused, check_shape
from .round import SpecialRound
from .table import check_table
from ..untrusted import is_whole

VARIANT = "speciales"
KEYS = {"variant", "rows", "marked", "stopped", "hands", "held", "turns", "players"}
TURN_KEYS = {"plays", "choices", "specials", "waiting"}


@dataclass
class Scenario:
    rows: list
    marked: list
    stopped: list
    players: list
    hands: dict
    held: dict
    turns: list   # [(plays, choices, specials)]
    waiting: str | None = None   # the player whose decision the last turn waits for


def _check_variant(data) -> None:
    if data.get("variant", VARIANT) != VARIANT:
        raise GameError(f"a scenario with special cards has \"variant\": \"{VARIANT}\"", field="variant",
                        code="shape")


def parse(data) -> Scenario:
    """Check a scenario's shape; what only playing can tell (legality) is checked by the replay."""
    check_outline(data, KEYS, _check_variant)
    rows, marked, stopped = data["rows"], data.get("marked", []), data.get("stopped", [])
    check_table(rows, marked, stopped)
    if not isinstance(data["turns"], list):
        raise GameError("\"turns\" must be a list", field="turns", code="shape")
    players: list[str] = []
    turns = []
    for t, turn in enumerate(data["turns"], 1):
        if not isinstance(turn, dict) or not isinstance(turn.get("plays"), dict) or not turn["plays"]:
            raise GameError(f"turn {t}: needs \"plays\", an object {{player: card}}", turn=t,
                            field=f"turns[{t - 1}].plays", code="shape")
        extra = sorted(set(turn) - TURN_KEYS)
        if extra:
            raise GameError(f"turn {t}: unknown key(s) {', '.join(extra)}", turn=t, code="shape")
        plays, choices, specials = turn["plays"], turn.get("choices", {}), turn.get("specials", {})
        for key, value in (("choices", choices), ("specials", specials)):
            if not isinstance(value, dict):
                raise GameError(f"turn {t}: \"{key}\" must be an object {{player: …}}", turn=t,
                                field=f"turns[{t - 1}].{key}", code="shape")
            for p in value:
                if p not in plays:
                    raise GameError(f"turn {t}: {p} has {key} but plays no card this turn", player=p,
                                    turn=t, field=f"turns[{t - 1}].{key}.{p}", code="shape")
        by_card: dict[int, str] = {}
        for p, card in plays.items():
            _check_name(p, f"turns[{t - 1}].plays")
            if not is_card(card):
                raise GameError(f"turn {t}: {p}'s card {card!r} is not a number card (1..104)", player=p,
                                turn=t, field=f"turns[{t - 1}].plays.{p}", code="card_out_of_deck")
            if card in by_card:
                raise GameError(f"turn {t}: {by_card[card]} and {p} both play {card}", player=p, card=card,
                                turn=t, field=f"turns[{t - 1}].plays.{p}", code="card_twice")
            by_card[card] = p
            if p not in players:
                players.append(p)
        for p, move in specials.items():
            check_shape(move, p, plays[p], t)
        turns.append((dict(plays), dict(choices), dict(specials)))
    waiting = _waiting(data["turns"])
    hands = data.get("hands")
    if hands is not None:
        _check_hands(hands, rows)
    if hands is None:
        hands = {p: [] for p in players}
        for plays, _, specials in turns:
            brought = [(p, card) for p, card in plays.items()]
            brought += [(p, m["with"]) for p, m in specials.items() if m["card"] == REPLACE]
            for p, card in brought:
                if card not in hands[p]:   # a card back from Remplacer is the same card
                    hands[p].append(card)
    held = data.get("held")
    if held is None:
        held = {p: [k for k in KINDS for _ in range(COPIES)] for p in players}
    elif not isinstance(held, dict) or not all(isinstance(h, list) and all(k in KINDS for k in h)
                                               for h in held.values()):
        raise GameError(f"\"held\" must be an object {{player: [special cards]}} among {', '.join(KINDS)}",
                        field="held", code="shape")
    for p in list(hands) + list(held):
        _check_name(p, "held")
        if p not in players:
            players.append(p)
    check_count(data, players, MIN_PLAYERS, MAX_PLAYERS, "the special cards are", " (RULES §3)")
    _check_replacements(turns, rows, data.get("hands"))
    return Scenario([list(r) for r in rows], list(marked), list(stopped), players, hands, held, turns,
                    waiting)


def _waiting(turns: list) -> str | None:
    """`"waiting": player` on the last turn: a round being played (« Jouer une manche ») stops
    at that player's placement, whose decision is not made yet; `replay(pause=True)` ends there."""
    for t, turn in enumerate(turns, 1):
        if "waiting" not in turn:
            continue
        player = turn["waiting"]
        where = f"turns[{t - 1}].waiting"
        if t != len(turns):
            raise GameError(f"turn {t}: only the last turn may wait for a decision", turn=t, field=where,
                            code="shape")
        if not isinstance(player, str) or player not in turn["plays"]:
            raise GameError(f"turn {t}: \"waiting\" names a player of this turn, not {str(player)[:20]!r}",
                            turn=t, field=where, code="shape")
        if player in turn.get("choices", {}) or player in turn.get("specials", {}):
            raise GameError(f"turn {t}: {player} waits for a decision the turn already gives", player=player,
                            turn=t, field=where, code="shape")
        return player
    return None


def _check_name(name: str, field: str) -> None:
    if not name.strip():
        raise GameError(f"{field}: a player name cannot be empty", field=field, code="shape")


def _check_hands(hands, rows) -> None:
    """Number cards in hand: whole cards of the deck, each in one hand only and not on the table."""
    if not isinstance(hands, dict) or not all(isinstance(h, list) for h in hands.values()):
        raise GameError("\"hands\" must be an object {player: [cards]}", field="hands", code="shape")
    where = {c: "on the table" for r in rows for c in r}
    for p, hand in hands.items():
        _check_name(p, "hands")
        for card in hand:
            if not is_card(card):
                raise GameError(f"{p}'s card {card!r} in hand is not a number card (1..104)", player=p,
                                field=f"hands.{p}", code="card_out_of_deck")
            if card in where:
                raise GameError(f"card {card} in {p}'s hand is also {where[card]}", player=p, card=card,
                                field=f"hands.{p}", code="card_twice")
            where[card] = f"in {p}'s hand"


def _check_replacements(turns, rows, hands) -> None:
    """Remplacer's `with`: a number card of the deck its player may still hold (RULES §3).

    Not on the starting table, not revealed by anyone this turn, not placed in an earlier
    turn, not in another player's hand; the replay then checks it is in the player's own hand.
    """
    gone = {c: "on the table" for r in rows for c in r}
    for t, (plays, _, specials) in enumerate(turns, 1):
        revealed = {card: p for p, card in plays.items()}
        placed = dict(revealed)
        for p, move in specials.items():
            if move["card"] != REPLACE:
                continue
            new, field = move["with"], f"turns[{t - 1}].specials.{p}.with"

            def refuse(why):
                raise GameError(f"turn {t}: {p}'s remplacer: card {new} {why}", player=p, card=plays[p],
                                turn=t, field=field, code="special_with")

            if not is_card(new):
                refuse("is not a number card (1..104)")
            if new in gone:
                refuse(f"is already {gone[new]}")
            if new in revealed:
                refuse(f"is the card {revealed[new]} reveals this turn")
            if new in placed:
                refuse(f"is already played this turn by {placed[new]}")
            owner = next((q for q, hand in (hands or {}).items() if new in hand), p)
            if owner != p:
                refuse(f"is in {owner}'s hand")
            del placed[plays[p]]      # the revealed card goes back to the hand
            placed[new] = p
        for card, p in placed.items():
            gone.setdefault(card, f"placed by {p} in turn {t}")


TAKES = ("take", "special_seventh_take", "special_insert_take", "special_row_removed")
"""The events in which a player takes cards (their `heads` is what the cards carry)."""


def replay(data, *, draw: bool = True, pause: bool = False, auto_choice: bool = False) -> list[dict]:
    """The steps of a scenario (the classic shape plus "marked", "stopped", "special").

    `pause=True` ends on a step of kind "choice" when a row choice is missing; `auto_choice=True`
    takes the cheapest row instead (used to show what would happen without a special card).
    """
    sc = parse(data)
    log: list = []
    rnd = SpecialRound(sc.players, sc.hands, sc.held, sc.rows, marked=sc.marked, stopped=sc.stopped,
                       log=log)
    steps: list[dict] = []

    specials_now: dict = {}   # {player: special card} played so far this turn

    def add(turn, kind, events, text, placed=None, taken=None, choice=None, special=None):
        state = rnd.table.state()
        events = [e.to_dict() for e in events]
        step = {"n": len(steps), "turn": turn, "kind": kind, "events": events,
                "text": text, **state, "penalties": rnd.scores(), "placed": placed, "taken": taken,
                "choice": choice, "special": special,
                "revealed": revealed(rnd.queue, rnd.pos, kind, specials_now) if turn else [],
                "takes": takes_of(events)}
        if draw:
            from .draw import table_svg
            step["svg"] = table_svg(state["rows"], marked=state["marked"], stopped=state["stopped"],
                                    placed=placed, taken=taken)
        steps.append(step)

    add(0, "start", [], start_text(rnd.table.rows))
    for t, (plays, choices, specials) in enumerate(sc.turns, 1):
        before, turn_start = rnd.scores(), len(log)
        out_of_hand = set(rnd.table.cards()).union(*rnd.piles.values())
        for p, card in plays.items():
            if card in out_of_hand:
                raise GameError(f"turn {t}: {p} plays {card}, which is already on the table or taken",
                                player=p, card=card, turn=t, field=f"turns[{t - 1}].plays.{p}",
                                code="card_twice")
        rnd.reveal(plays, partial=True)
        specials_now.clear()
        add(t, "reveal", log[-1:], explain(log[-1]))
        while not rnd.turn_done:
            card, player = rnd.next_card()
            if t == len(sc.turns) and player == sc.waiting:
                if not pause:
                    raise GameError(f"turn {t}: the scenario waits for {player}'s decision", player=player,
                                    card=card, turn=t, field=f"turns[{t - 1}].waiting",
                                    code="missing_choice")
                add(t, "choice", [], say.waiting_text(player, card),
                    choice={"player": player, "card": card, "options": [], "chosen": None})
                return steps
            move, choice = specials.get(player), choices.get(player)
            start = len(log)
            try:
                settled = rnd.resolve(move, choice)
            except Refused as refused:
                refused.args = (f"turn {t}: {player}'s {refused.message}",)
                refused.message = refused.args[0]
                raise
            except GameError as error:
                if not (auto_choice and error.code == "bad_choice"):
                    raise
                choices = {**choices, player: cheapest_row(rnd.options())}
                settled = rnd.resolve(move, choices[player])
            if not settled:   # the card is lower than every open row and no row is named
                need = rnd.pending
                if auto_choice:
                    choice = cheapest_row(need["options"])
                    rnd.settle(move, choice)
                    choices = {**choices, player: choice}
                elif pause:
                    add(t, "choice", [], say.choice_text(player, need["card"]),
                        choice={"player": player, "card": need["card"], "options": need["options"],
                                "chosen": None})
                    return steps
                else:
                    raise GameError(f"turn {t}: {player}'s card {need['card']} is lower than every open "
                                    f"row: the scenario must give their row choice (\"choices\": "
                                    f"{{\"{player}\": row}})", player=player, card=need["card"], turn=t,
                                    code="missing_choice")
            events = log[start:]
            types = {e.type for e in events}
            if player in choices and "choice_made" not in types and not auto_choice:
                raise GameError(f"turn {t}: {player} has a row choice, but their card is not lower than "
                                f"every open row when it is placed", player=player, turn=t,
                                code="useless_choice")
            played = rnd.queue[rnd.pos - 1][0]
            take = next((e for e in events if e.type in ("take", "special_seventh_take",
                                                           "special_insert_take")), None)
            removed = any(isinstance(e, RowRemoved) for e in events)
            request = next((e for e in events if e.type == "choice_requested"), None)
            choice_info = None
            if request is not None:
                choice_info = {"player": player, "card": played,
                               "options": [{"row": o["row"], "cards": list(o["cards"]), "heads": o["heads"]}
                                           for o in request.options], "chosen": choices.get(player, choice)}
            special = next(({"player": e.player, "card": e.special} for e in events
                            if isinstance(e, SpecialPlayed)), None)
            if special is not None:
                specials_now[special["player"]] = special["card"]
            taken_row = take.row if take is not None else None
            add(t, "take" if (take or removed) else "place", events, explain_all(events),
                placed=played if any(played in r for r in rnd.table.rows) else None, taken=taken_row,
                choice=choice_info, special=special)
        after = rnd.scores()
        taken = dict.fromkeys(after, 0)
        for e in log[turn_start:]:
            if e.type in TAKES:
                taken[e.player] += e.heads
        add(t, "end", [], turn_summary(t, taken, {p: after[p] - before[p] for p in after}))
    return steps


def run(data) -> dict:
    """Replay a scenario: {"rows", "marked", "stopped", "penalties", "events"} (the CLI's output)."""
    return classic_run(data, replay=replay, shown=("rows", "marked", "stopped", "penalties"))


def without_specials(data) -> dict:
    """The same scenario with every special card left in hand (« et si je ne la jouais pas ? »)."""
    turns = [{k: v for k, v in turn.items() if k != "specials"} for turn in data["turns"]]
    out = {**data, "turns": turns, "variant": VARIANT}
    if "hands" not in data:
        out["hands"] = parse(data).hands
    return out


def compare(data) -> dict:
    """Heads with and without the special cards.

    Without them, a row choice the scenario gives is kept when still legal; a missing or
    illegal one takes the cheapest row (the bots' rule, RULES §1). `cheapest` gives each
    player's heads with the special cards had they taken the cheapest row at each of their own
    row choices: the part of a difference that was their choice, not a special card's doing.
    """
    with_ = replay(data, draw=False)[-1]["penalties"]
    plain = without_specials(data)
    without = replay(plain, draw=False, auto_choice=True)[-1]["penalties"]
    cheapest = {p: _cheapest_for(data, p) if _chooses(data, p) else with_[p] for p in with_}
    return {"with": with_, "without": without, "saved": {p: without[p] - with_[p] for p in with_},
            "cheapest": cheapest}


def _chooses(data, player: str) -> bool:
    return any(player in turn.get("choices", {}) for turn in data["turns"])


def _cheapest_for(data, player: str) -> int:
    """`player`'s heads once their row choices are left to the cheapest-row rule."""
    turns = []
    for turn in data["turns"]:
        kept = {p: r for p, r in turn.get("choices", {}).items() if p != player}
        turns.append({**{k: v for k, v in turn.items() if k != "choices"}, **({"choices": kept} if kept else {})})
    return replay({**data, "turns": turns}, draw=False, auto_choice=True)[-1]["penalties"][player]
