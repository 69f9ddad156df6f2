"""Junior answers for the browser worker: the same JSON shape as game.web, for cow-card examples.

game.web.handle can route two message types here (see HANDLERS):
- `junior_replay` {scenario}             → {ok, scenario, steps}
- `junior_choose` {scenario, move, row}  → {ok, scenario, steps} with move `move` played in `row`
  (the moves after it are dropped: they may no longer fit), or {ok: False, errors} when the rules
  refuse that row; the message is the engine's French sentence, shown to the reader as is.
Each step is the replay step without its svg, plus `html` (draw.step_html, as on the static page)
and `target` {card, row, player, options}: where the card went and where it could have gone.
"""

from __future__ import annotations

import copy

from game.errors import GameError
from game.messages import reader_errors

from .draw import step_html
from .scenario import replay


def steps_for(scenario: dict) -> list[dict]:
    """Replay steps as the page needs them: markup, text, and the choice each move made."""
    out = []
    for step in replay(scenario):
        item = {key: value for key, value in step.items() if key != "svg"}
        item["html"] = step_html(step)
        choice = step.get("choice")
        item["target"] = None if choice is None else {
            "card": choice["card"], "row": choice["chosen"], "player": choice["player"],
            "options": choice["options"]}
        out.append(item)
    return out


def with_row(scenario: dict, move: int, row: int) -> dict:
    """The scenario with move `move` played in `row` instead, and the later moves dropped."""
    moves = scenario.get("moves", [])
    if not 0 <= move < len(moves):
        raise GameError(f"no move {move}: the scenario has {len(moves)}", field="move")
    out = copy.deepcopy(scenario)
    out["moves"] = out["moves"][:move + 1]
    out["moves"][move]["row"] = row
    return out


def _refused(error: GameError) -> dict:
    """Rule refusals (codes junior_…) are French sentences for readers; others are author errors."""
    reader = (error.code or "").startswith("junior_")
    message = error.message if reader else reader_errors.unplayable()
    return {"ok": False, "errors": [{"field": error.field, "message": message, "detail": error.message}]}


def replay_message(request: dict) -> dict:
    scenario = request["scenario"]
    try:
        return {"ok": True, "scenario": scenario, "steps": steps_for(scenario)}
    except GameError as error:
        return _refused(error)


def choose_message(request: dict) -> dict:
    try:
        scenario = with_row(request["scenario"], int(request["move"]), int(request["row"]))
        return {"ok": True, "scenario": scenario, "steps": steps_for(scenario)}
    except GameError as error:
        return _refused(error)


HANDLERS = {"junior_replay": replay_message, "junior_choose": choose_message}
