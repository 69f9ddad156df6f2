"""Scenario → steps: what the site shows one at a time, in the build and in the browser.

Step 0 is the table before; each turn then gives a reveal step, one step per
card in ascending order (a take and the row it restarts are one step), and an
end step. Every step carries its events, its French text (from `messages`),
a snapshot (rows, penalties) and, unless `draw=False`, its SVG drawing, so
the static page and the browser player show exactly the same thing.
"""

from __future__ import annotations

from .cards import HEADS
from ..errors import GameError
from ..events import ChoiceMade, ChoiceRequested, Take
from ..messages import explain, explain_all
from ..messages.classic import start_text, turn_summary
from .scenario import parse
from .table import Table
from .turn import Turn


# The state of each revealed card at a step, by the step's kind: (cards already placed, index of
# the card placed now) as functions of the turn's position (cards resolved so far).
_PROGRESS = {"reveal": lambda pos: (0, None), "choice": lambda pos: (pos, pos),
             "place": lambda pos: (pos - 1, pos - 1), "take": lambda pos: (pos - 1, pos - 1)}


def revealed(queue, pos: int, kind: str, specials: dict | None = None) -> list[dict]:
    """The turn's cards in placement order, each with its state at this step: "placed" (in an
    earlier step), "current" (placed, or waiting for a row choice, now) or "waiting".

    `queue` is [(card, player)] as the turn resolves it, `pos` how many are resolved; the end of
    the turn (any other kind) shows them all placed. `specials` ({player: kind}) adds the special
    card a player has played this turn.
    """
    done, now = _PROGRESS.get(kind, lambda pos: (len(queue), None))(pos)
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


def _snapshot(table: Table, piles: dict) -> dict:
    return {"rows": table.to_json(),
            "penalties": {p: sum(HEADS[c] for c in cards) for p, cards in piles.items()}}


def replay(data, *, draw: bool = True, pause: bool = False) -> list[dict]:
    """The steps of a scenario.

    With `pause=True` a missing row choice ends the replay on a step of kind
    "choice" (for a reader to answer) instead of raising GameError.
    """
    sc = parse(data)
    table = Table(sc.rows, sc.limit)
    piles = {p: [] for p in sc.players}
    log: list = []
    steps: list[dict] = []

    turn = None

    def add(t, kind, events, text, placed=None, taken=None, choice=None):
        events = [e.to_dict() for e in events]
        step = {"n": len(steps), "turn": t, "kind": kind, "events": events, "text": text,
                **_snapshot(table, piles), "placed": placed, "taken": taken, "choice": choice,
                "revealed": revealed(turn.queue, turn.pos, kind) if turn else [],
                "takes": takes_of(events)}
        if draw:
            from .draw import table_svg
            step["svg"] = table_svg(step["rows"], placed=placed, taken=taken, limit=sc.limit)
        steps.append(step)

    add(0, "start", [], start_text(table.rows))
    for t, (plays, choices) in enumerate(sc.turns, 1):
        before = {p: len(piles[p]) for p in piles}
        turn = Turn(table, plays, t, piles, log)
        add(t, "reveal", log[-1:], explain(log[-1]))
        used = set()
        while not turn.done:
            start = len(log)
            card, player = turn.next_card()
            if not turn.step():
                if player not in choices:
                    if pause:
                        request = log[-1]
                        add(t, "choice", log[start:], explain_all(log[start:]),
                            placed=None, choice={"player": player, "card": card,
                                                 "options": [dict(o) for o in request.options],
                                                 "chosen": None})
                        return steps
                    raise GameError(f"turn {t}: {player}'s card {card} is lower than every row: "
                                    f"the scenario must give their row choice (\"choices\": "
                                    f"{{\"{player}\": 0..{len(table.rows) - 1}}})",
                                    player=player, card=card, turn=t, code="missing_choice")
                turn.step(choices[player])
                used.add(player)
            events = log[start:]
            take = next((e for e in events if isinstance(e, Take)), None)
            request = next((e for e in events if isinstance(e, ChoiceRequested)), None)
            made = next((e for e in events if isinstance(e, ChoiceMade)), None)
            choice = None
            if request is not None:
                choice = {"player": player, "card": card,
                          "options": [{"row": o["row"], "cards": list(o["cards"]), "heads": o["heads"]}
                                      for o in request.options],
                          "chosen": made.row}
            add(t, "take" if take else "place", events, explain_all(events),
                placed=card, taken=take.row if take else None, choice=choice)
        useless = sorted(set(choices) - used)
        if useless:
            p = useless[0]
            raise GameError(f"turn {t}: {p} has a row choice, but their card {plays[p]} is not "
                            f"lower than every row when it is placed", player=p, card=plays[p],
                            turn=t, code="useless_choice")
        taken = {p: sum(HEADS[c] for c in piles[p][before[p]:]) for p in piles}
        add(t, "end", [], turn_summary(t, taken))
    return steps


def run(data) -> dict:
    """Replay a scenario: {"rows", "penalties", "events"} (the CLI's output)."""
    steps = replay(data, draw=False)
    last = steps[-1]
    return {"rows": last["rows"], "penalties": last["penalties"],
            "events": [e for s in steps for e in s["events"]]}
