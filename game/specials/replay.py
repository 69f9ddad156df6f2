"""Special-cards scenario → steps: the scenario's moves folded over the State on its table
(game/playback.py), each move's events shown as the classic steps are, plus "marked",
"stopped" and "special" ({player, card} of the special card played in that step).
"""

from __future__ import annotations

from game.classic.replay import TAKE_EVENTS, revealed, takes_of
from game.classic.replay import run as classic_run
from game.errors import GameError
from game.messages import explain, explain_all
from game.messages import specials as say
from game.messages.classic import start_text, turn_summary

from .. import playback
from .moves import Refused
from .scenario import VARIANT, parse
from .state import SpecialState, scenario_moves

AROUND = ("deal", "round_end", "game_end")
"""The game's events around the round: a scenario's steps show its turns only."""


def step_hooks(state, *, draw: bool, stop: list | None) -> dict:
    """How a special-cards round's moves become steps (game/playback.py): the table before, a
    reveal step once everyone has chosen, one step per card placed and the turn's end; `stop`
    holds (player, need) when the moves end on a decision (`need` None: the player is waited
    for), shown as a last step of kind "choice"; None: the game's own (« Jouer une manche »: a
    card waiting for its player's decision)."""
    turn = {"specials": {}, "before": {}, "taken": {}}   # the turn being shown

    def step(n, kind, events, text, placed=None, taken=None, choice=None, special=None):
        r = state.shown_round
        t, table, events = r.turn_number, r.table.state(), [e.to_dict() for e in events]
        out = {"n": n, "turn": t, "kind": kind, "events": events, "text": text, **table,
               "penalties": r.scores(), "placed": placed, "taken": taken, "choice": choice,
               "special": special,
               "revealed": revealed(r.queue, r.pos, kind, turn["specials"]) if t else [],
               "takes": takes_of(events)}
        if draw:
            from .draw import table_svg
            out["svg"] = table_svg(table["rows"], marked=table["marked"], stopped=table["stopped"],
                                   placed=placed, taken=taken)
        return out

    def opening(state):
        return [step(0, "start", [], start_text(state.shown_round.table.rows))]

    def steps_of(state, move, events, n):
        events, r = [e for e in events if e.type not in AROUND], state.shown_round
        if move["kind"] == "card":   # hidden until everyone has chosen, then revealed
            if not events:
                return []
            turn.update(specials={}, before=r.scores(), taken=dict.fromkeys(r.players, 0))
            return [step(n, "reveal", events, explain(events[0]))]
        played = r.queue[r.pos - 1][0]
        takes = [e for e in events if e.type in TAKE_EVENTS]
        for e in takes:   # their `heads` is what the cards taken carry
            turn["taken"][e.player] += e.heads
        take = next((e for e in takes if e.type != "special_row_removed"), None)
        request = next((e for e in events if e.type == "choice_requested"), None)
        choice = None if request is None else {
            "player": move["player"], "card": played,
            "options": [{"row": o["row"], "cards": list(o["cards"]), "heads": o["heads"]}
                        for o in request.options], "chosen": move["row"]}
        special = next(({"player": e.player, "card": e.special} for e in events
                        if e.type == "special_played"), None)
        if special is not None:
            turn["specials"][special["player"]] = special["card"]
        steps = [step(n, "take" if takes else "place", events, explain_all(events),
                      placed=played if any(played in row for row in r.table.rows) else None,
                      taken=None if take is None else take.row, choice=choice, special=special)]
        if r.turn_done:
            after = r.scores()
            steps.append(step(n + 1, "end", [], turn_summary(r.turn_number, turn["taken"], {
                p: after[p] - turn["before"][p] for p in after})))
        return steps

    def closing(state, n):
        waiting = stop
        if stop is None:   # the game's own: a card waiting for its player's decision
            want = state.pending
            waiting = [(want["player"], None)] if want is not None and want["kind"] == "place" else []
        if not waiting:
            return []
        (player, need), card = waiting[0], state.shown_round.next_card()[0]
        text = say.waiting_text(player, card) if need is None else say.choice_text(player, need["card"])
        need = {"card": card, "options": []} if need is None else need   # "waiting": no row asked yet
        return [step(n, "choice", [], text, choice={"player": player, "card": need["card"],
                                                    "options": need["options"], "chosen": None})]

    return {"opening": opening, "steps_of": steps_of, "closing": closing}


def replay(data, *, draw: bool = True, pause: bool = False, auto_choice: bool = False) -> list[dict]:
    """The steps of a scenario (the classic shape plus "marked", "stopped", "special").

    `pause=True` ends on a step of kind "choice" when a row choice is missing; `auto_choice=True`
    takes the cheapest row instead (used to show what would happen without a special card).
    """
    sc = parse(data)
    deal = {"rows": sc.rows, "hands": sc.hands, "held": sc.held, "marked": sc.marked,
            "stopped": sc.stopped}
    state = SpecialState(sc.players, partial=True, deal=deal)
    stop: list = []          # (player, need): the decision the moves end on

    def missing(t, player, need):
        if pause:
            stop.append((player, need))
        elif need is None:
            raise GameError(f"turn {t}: the scenario waits for {player}'s decision", player=player,
                            card=state.round.next_card()[0], turn=t,
                            field=f"turns[{t - 1}].waiting", code="missing_choice")
        else:
            raise GameError(f"turn {t}: {player}'s card {need['card']} is lower than every open "
                            f"row: the scenario must give their row choice (\"choices\": "
                            f"{{\"{player}\": row}})", player=player, card=need["card"], turn=t,
                            code="missing_choice")

    def named(error, index):
        """A refused special card names its turn and player, as an author reads it (a refused
        move leaves the round at that player's card)."""
        if isinstance(error, Refused):
            r = state.round
            error.message = f"turn {r.turn_number}: {r.next_card()[1]}'s {error.message}"
            error.args = (error.message,)
        return error

    moves = scenario_moves(state, sc, missing, waiting=sc.waiting, auto_choice=auto_choice)
    return playback.replay(state, moves, **step_hooks(state, draw=draw, stop=stop), where=named)


def run(data) -> dict:
    """Replay a scenario: {"rows", "marked", "stopped", "penalties", "events"} (the CLI's output)."""
    return classic_run(data, replay=replay, shown=("rows", "marked", "stopped", "penalties"))


def compare(data) -> dict:
    """Heads with and without the special cards (a row choice kept while legal, else the
    cheapest row, the robots' rule, RULES §1), and `cheapest`: each player's heads with them had
    they taken the cheapest row at each of their own choices (the part that was their doing)."""
    def penalties(scenario, auto_choice=True):
        return replay(scenario, draw=False, auto_choice=auto_choice)[-1]["penalties"]

    def without(key, player=None):
        """The scenario's turns without `key`, or without `player`'s entries in it."""
        turns = []
        for turn in data["turns"]:
            kept = {p: x for p, x in turn.get(key, {}).items() if player not in (None, p)}
            turns.append({**{k: v for k, v in turn.items() if k != key},
                          **({key: kept} if kept else {})})
        return turns

    with_ = penalties(data, auto_choice=False)
    plain = {**data, "turns": without("specials"), "variant": VARIANT}
    if "hands" not in data:   # every special card left in hand, a Remplacer's card too
        plain["hands"] = parse(data).hands
    no_specials = penalties(plain)
    cheapest = {p: penalties({**data, "turns": without("choices", p)})[p]
                if any(p in turn.get("choices", {}) for turn in data["turns"]) else with_[p]
                for p in with_}
    return {"with": with_, "without": no_specials,
            "saved": {p: no_specials[p] - with_[p] for p in with_}, "cheapest": cheapest}

