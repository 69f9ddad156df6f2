"""Scenario → steps (CONTRIBUTING.md « Replay steps »): what the site shows one at a time, the
same in the build and in the browser."""

from __future__ import annotations

from ..errors import GameError
from ..events import ChoiceMade, ChoiceRequested, Place, Reveal, StartRow, Take, TooLow
from ..messages import explain, explain_all
from ..messages.classic import start_text, turn_summary
from .. import playback
from .scenario import parse
from .state import ClassicState
from .table import LIMIT

CARD_EVENTS = (Reveal, Place, TooLow, ChoiceRequested, ChoiceMade, Take, StartRow)
"""The events a turn's steps show (a game's log also holds deals, picks and round ends)."""


def revealed(queue, pos: int, kind: str, specials: dict | None = None) -> list[dict]:
    """The turn's cards ([(card, player)], `pos` of them resolved) in placement order, each
    "placed", "current" (placed, or waiting for a row choice, now) or "waiting"; `specials`
    ({player: kind}) adds the special card a player has played this turn."""
    # (cards already placed, index of the card placed now), by the step's kind.
    done, now = {"reveal": (0, None), "choice": (pos, pos), "place": (pos - 1, pos - 1),
                 "take": (pos - 1, pos - 1)}.get(kind, (len(queue), None))
    out = []
    for k, (card, player) in enumerate(queue):
        state = "current" if k == now else "placed" if k < done else "waiting"
        entry = {"player": player, "card": card, "state": state}
        if specials and player in specials:
            entry["special"] = specials[player]
        out.append(entry)
    return out


# Every event that moves cards to a player's penalty pile, in any variant of the classic family.
TAKE_EVENTS = ("take", "special_seventh_take", "special_insert_take", "special_row_removed")


def takes_of(events) -> list[dict]:
    """Who takes which cards at this step: [{"player", "cards"}], from its take events."""
    return [{"player": e["player"], "cards": list(e["cards"])} for e in events
            if e.get("type") in TAKE_EVENTS]


def scenario_state(sc, **game) -> ClassicState:
    """The State on a parsed scenario's table and hands (without "hands", each player holds the
    cards they play). `game`: the State's own arguments (a loaded export's seed and options)."""
    if sc.hands is None:
        hands = {p: [plays[p] for plays, _ in sc.turns if p in plays] for p in sc.players}
    else:
        hands = {p: list(sc.hands.get(p, ())) for p in sc.players}
    return ClassicState(sc.players, deal={"rows": sc.rows, "hands": hands, "limit": sc.limit}, **game)


def _useless_choice(t: int, unused: list, plays: dict) -> None:
    p = unused[0]
    raise GameError(f"turn {t}: {p} has a row choice, but their card {plays[p]} is not "
                    f"lower than every row when it is placed", player=p, card=plays[p],
                    turn=t, code="useless_choice")


def scenario_moves(state, turns, missing, *, unused=_useless_choice):
    """A scenario's turns as moves, written as `state` plays them: each player's card (None: a
    player who sits the turn out), then the row each too-low card takes.

    `missing(t, state)` answers a row choice the turn does not give: it raises, or returns and
    the moves end there (a paused replay, an export's last turn waiting for its reader).
    `unused(t, players, plays)` answers the row choices a whole turn never asked for.
    """
    for t, (plays, choices) in enumerate(turns, 1):
        if not state.partial and set(plays) != set(state.players):
            raise GameError(f"turn {t}: every player plays at every turn", code="hands")
        for p in state.players:
            yield {"kind": "card", "player": p, "card": plays.get(p)}
        used = set()
        while state.pending is not None and state.pending["kind"] == "row":
            player = state.pending["player"]
            if player not in choices:
                missing(t, state)
                return
            yield {"kind": "row", "player": player, "row": choices[player]}
            used.add(player)
        if set(choices) - used:
            unused(t, sorted(set(choices) - used), plays)


def _choice_needed(t: int, state) -> None:
    player, card = state.pending["player"], state.pending["card"]
    raise GameError(f"turn {t}: {player}'s card {card} is lower than every row: "
                    f"the scenario must give their row choice (\"choices\": "
                    f"{{\"{player}\": 0..{len(state.round.table.rows) - 1}}})",
                    player=player, card=card, turn=t, code="missing_choice")


def replay(data, *, draw: bool = True, pause: bool = False) -> list[dict]:
    """The steps of a scenario: its moves folded over the State on its table, then their events
    grouped into steps. With `pause=True` a missing row choice ends on a step of kind "choice"
    (for a reader to answer) instead of raising GameError."""
    sc = parse(data)
    state = scenario_state(sc, partial=True)
    missing = (lambda t, state: None) if pause else _choice_needed
    moves = scenario_moves(state, sc.turns, missing)
    return playback.replay(state, moves, **step_hooks(state, draw=draw, limit=sc.limit))


def step_hooks(state, *, draw: bool = False, limit: int = LIMIT) -> dict:
    """How a round's moves become steps (game/playback.py), for an example and for « Jouer une
    manche » (`Seat.steps`): the events each move returns, kept, then grouped by `steps_of`; no
    steps during a draft."""
    events: list = []
    return {"opening": lambda state: [], "steps_of": lambda state, move, new, n: events.extend(new) or [],
            "closing": lambda state, n: [] if state.shown_round.draft is not None else
            steps_of(state.round_starts[-1]["rows"], state.players, events, limit=limit, draw=draw)}


def steps_of(rows, players, events, *, limit: int = LIMIT, draw: bool = True) -> list[dict]:
    """A round's steps from its events (a scenario's replay, or a game's log since the round's
    deal): the table before, then each turn's reveal, one step per card, its end. Events that
    end on a row choice not yet made end on a step of kind "choice"."""
    rows = [list(r) for r in rows]
    heads = dict.fromkeys(players, 0)
    steps: list[dict] = []
    t, queue, pos, before = 0, [], 0, {}

    def add(kind, evs, text, placed=None, taken=None, choice=None):
        evs = [e.to_dict() for e in evs]
        step = {"n": len(steps), "turn": t, "kind": kind, "events": evs, "text": text,
                "rows": [list(r) for r in rows], "penalties": dict(heads), "placed": placed,
                "taken": taken, "choice": choice, "revealed": revealed(queue, pos, kind) if t else [],
                "takes": takes_of(evs)}
        if draw:
            from .draw import table_svg
            step["svg"] = table_svg(step["rows"], placed=placed, taken=taken, limit=limit)
        steps.append(step)

    add("start", [], start_text(rows))
    events = [e for e in events if isinstance(e, CARD_EVENTS)]
    i = 0
    while i < len(events):
        if isinstance(events[i], Reveal):
            t, pos, before = events[i].turn, 0, dict(heads)
            queue = [(play["card"], play["player"]) for play in events[i].plays]
            add("reveal", events[i:i + 1], explain(events[i]))
            i += 1
            continue
        card, player = queue[pos]
        group = []
        while i < len(events) and not isinstance(events[i], Reveal) and events[i].card == card:
            group.append(events[i])
            i += 1
        request = next((e for e in group if isinstance(e, ChoiceRequested)), None)
        made = next((e for e in group if isinstance(e, ChoiceMade)), None)
        choice = None if request is None else {
            "player": player, "card": card,
            "options": [{"row": o["row"], "cards": list(o["cards"]), "heads": o["heads"]}
                        for o in request.options], "chosen": None if made is None else made.row}
        if request is not None and made is None:   # the turn waits for this row choice
            add("choice", group, explain_all(group), choice=choice)
            return steps
        take = next((e for e in group if isinstance(e, Take)), None)
        for e in group:
            if isinstance(e, Place):
                rows[e.row].append(e.card)
            elif isinstance(e, Take):
                heads[e.player] += e.heads
            elif isinstance(e, StartRow):
                rows[e.row] = [e.card]
        pos += 1
        add("take" if take else "place", group, explain_all(group), placed=card,
            taken=take.row if take else None, choice=choice)
        if pos == len(queue):
            add("end", [], turn_summary(t, {p: heads[p] - before[p] for p in heads}))
    return steps


def run(data, *, replay=replay, shown=("rows", "penalties")) -> dict:
    """Replay a scenario: the last step's `shown` fields and every event (the CLI's output)."""
    steps = replay(data, draw=False)
    return {**{key: steps[-1][key] for key in shown}, "events": [e for s in steps for e in s["events"]]}
