"""The page player's decision boxes, drawn by the engine for the build and the browser alike.

A box is written hidden inside its step (`<li class="etape">`): a page opened at that step keeps
its place before the player's script shows it (player.css), so nothing moves when it starts;
print and pages without scripts never show it (each step's own drawing says what it offers).
js/example-player.js only shows the box of the step shown and forwards its clicks.
"""

from __future__ import annotations

from html import escape

from .messages import blocks as words
from .messages.typography import row_name


def decision_box(choice: dict) -> str:
    """A row choice (the classic family): one button per row the player may take, with the
    chooser's total at the end of the turn when `choice["costs"]` knows it."""
    player, chosen, costs = str(choice["player"]), choice.get("chosen"), choice.get("costs") or {}
    return _box(words.decision_legend(player, int(choice["card"])), (
        (o["row"], o["row"] == chosen,
         words.decision_option(o["row"], o["heads"], player, costs.get(str(o["row"])), o["row"] == chosen))
        for o in choice["options"]))


def move_box(player: str, row: int, rows: int) -> str:
    """Junior: the step's card put in another of the `rows` rows (the engine may refuse it);
    its refusal is said in the box's alert line."""
    return _box(words.move_legend(player),
                ((r, r == row, row_name(r, capital=True)) for r in range(rows)),
                '<p class="joueur-refus" role="alert"></p>')


def _box(legend: str, buttons, after: str = "") -> str:
    inside = "".join(f'<button type="button" data-choix="{int(r)}" aria-pressed="{str(pressed).lower()}">'
                     f"{escape(label)}</button>" for r, pressed, label in buttons)
    return (f'<fieldset class="joueur-decision" hidden="" data-avant-script=""><legend>{escape(legend)}'
            f"</legend>{inside}{after}</fieldset>")
