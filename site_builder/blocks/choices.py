"""Every row a too-low card could take, each drawn as the table it leaves: the example's
choices readable without JavaScript and in print (the browser player lets readers try them).

Pure function of an example's scenario and its replayed steps: for each choice step, every
option is replayed by the engine up to the end of that turn, and shown with the rows it
leaves (game.classic.draw.table_svg), who takes and how many heads (game.messages wording).
"""

from __future__ import annotations

import copy

from markupsafe import Markup

from game.classic.draw import table_svg
from game.classic.replay import replay
from game.errors import GameError
from game.messages import classic as say

from .markup import render


def choices_html(scenario: dict, steps: list[dict]) -> str:
    """The « Tous les choix possibles » block of an example; "" when it has no row choice.

    Special-card examples are left out: their tables carry markers and Stops that this
    plain drawing does not show.
    """
    if scenario.get("variant") == "speciales" or any("specials" in t for t in scenario.get("turns", ())):
        return ""  # special cards: left to that variant's own drawing (see docstring)
    blocks = [_choice_block(scenario, step) for step in steps
              if step.get("choice") and step["choice"].get("chosen") is not None]
    return "".join(blocks)


def _choice_block(scenario: dict, step: dict) -> str:
    choice = step["choice"]
    player, card, turn = choice["player"], choice["card"], step["turn"]
    figures = []
    for option in choice["options"]:
        row = option["row"]
        shown = row == choice["chosen"]
        outcome = _outcome(scenario, turn, player, row)
        if outcome is None:
            continue
        rows, takes = outcome
        title = say.option_title(player, row, shown)
        svg = table_svg(rows, placed=card, taken=row, limit=scenario.get("limit", 5), label=title)
        figures.append({"shown": shown, "svg": Markup(svg), "title": title,
                        "outcome": say.option_outcome(player, takes)})
    intro = say.choices_intro(player, card, len(choice["options"]))
    return render("choices.html", title=say.CHOICES_TITLE, intro=intro, figures=figures,
                  nbsp=say.NBSP) + "\n"


def _outcome(scenario: dict, turn: int, player: str, row: int):
    """(rows at the end of `turn`, [(player, row, heads) taken in that turn]) if `player` takes
    `row`; None when that choice makes the rest of the turn unplayable as written."""
    alt = copy.deepcopy(scenario)
    alt["turns"] = alt["turns"][:turn]
    alt["turns"][-1].setdefault("choices", {})[player] = row
    try:
        steps = replay(alt, draw=False)
    except GameError:
        return None
    takes = [(e["player"], e["row"], e["heads"]) for s in steps if s["turn"] == turn
             for e in s["events"] if e["type"] == "take"]
    return steps[-1]["rows"], takes
