"""SVG of the special cards (each told apart without colour: its own pictogram and its printed
name) and of the variant's table: the classic drawing plus the 7 qui prend markers (a « 7 » card
in the 7th place) and the Stops (an octagon at the row's end), so both tables look alike; and
the box « Et sans la carte spéciale ? » under an example.
"""

from __future__ import annotations

from html import escape

from game.classic import draw as classic
from game.messages import specials as say

from .cards import FIFTH_ROW, INSERT, NEGATIVE, REPLACE, SEVEN, SLIDE, STOP

W, H = classic.CARD_W, classic.CARD_H
INK = "#222"

# One pictogram per card, drawn in a 50 × 50 box at the top of the card (stroke only or
# solid, never relying on a fill colour to be told apart).
PICTOGRAMS = {
    # five stacked rows, the fifth one drawn dashed: a new row opens
    FIFTH_ROW: ('<g fill="none" stroke="{ink}" stroke-width="3">'
                '<path d="M10 10h30M10 17h30M10 24h30M10 31h30"/>'
                '<path d="M10 40h30" stroke-dasharray="4 3"/></g>'),
    # a « 7 » in a circle: the row now takes at the 7th card
    SEVEN: ('<circle cx="25" cy="25" r="17" fill="none" stroke="{ink}" stroke-width="3"/>'
            '<path d="M17 15h16l-9 22" fill="none" stroke="{ink}" stroke-width="4" '
            'stroke-linejoin="round"/>'),
    # an arrow dropping into the gap between two cards
    INSERT: ('<g fill="none" stroke="{ink}" stroke-width="3"><rect x="5" y="24" width="12" height="18"/>'
             '<rect x="33" y="24" width="12" height="18"/><path d="M25 6v30m-7-8 7 8 7-8"/></g>'),
    # two arrows chasing each other: one card swapped for another
    REPLACE: ('<g fill="none" stroke="{ink}" stroke-width="3"><path d="M12 20a14 14 0 0 1 25-4"/>'
              '<path d="M38 30a14 14 0 0 1-25 4"/></g>'
              '<path d="M40 8v11h-11zM10 42v-11h11z" fill="{ink}"/>'),
    # a card moving from one line to the line below
    SLIDE: ('<g fill="none" stroke="{ink}" stroke-width="3"><path d="M5 12h14M31 38h14"/>'
            '<rect x="20" y="5" width="10" height="14" stroke-dasharray="3 2"/>'
            '<path d="M25 21v13h4"/></g><path d="M28 29l8 5-8 5z" fill="{ink}"/>'),
    # an octagon with a bar: the row is closed
    STOP: ('<path d="M18 6h14l12 12v14L32 44H18L6 32V18z" fill="{ink}"/>'
           '<path d="M14 25h22" stroke="#fff" stroke-width="6"/>'),
    # minus, equals, plus: heads that count the other way
    NEGATIVE: ('<g stroke="{ink}" stroke-width="4"><path d="M5 14h14M31 14h14M38 7v14"/>'
               '<path d="M17 32h16M17 40h16"/></g>'),
}

def _body(kind: str) -> str:
    """Inside of a special card, in card coordinates (0,0 top-left)."""
    lines = say.name_lines(kind)
    names = "".join(f'<text x="25" y="{58 + 9 * i - 4 * (len(lines) - 1)}">{escape(t)}</text>'
                    for i, t in enumerate(lines))
    return (f'<rect width="{W}" height="{H}" rx="5" fill="#fff" stroke="{INK}" stroke-width="2"/>'
            f'<rect x="3" y="3" width="{W - 6}" height="{H - 6}" rx="3" fill="none" stroke="{INK}" '
            f'stroke-dasharray="2 2"/>'
            f'<g transform="translate(5 3) scale(.8)">{PICTOGRAMS[kind].format(ink=INK)}</g>'
            f'<g font-size="{7 if max(map(len, lines)) > 9 else 8}" font-weight="700">{names}</g>')


def special_card_svg(kind: str) -> str:
    """One special card on its own: pictogram and name, with a <title> for screen readers."""
    return (f'<svg class="sqp sqp-card sqp-special" data-special="{kind}" viewBox="-2 -2 {W + 4} {H + 4}" '
            f'{classic.ROOT_ATTRS}><title>{escape(say.card_title(kind))}</title>{_body(kind)}</svg>')


def table_svg(rows, *, marked=(), stopped=(), placed: int | None = None, taken: int | None = None,
              label: str | None = None) -> str:
    """The variant's table: the classic drawing plus markers and Stops, widened to fit them."""
    marked, stopped = set(marked), set(stopped)
    extras, cols = [], 6

    def x(col: int) -> int:
        return classic.X0 + col * classic.PITCH_X

    for i, row in enumerate(rows):
        y = classic.TOP + i * classic.PITCH_Y
        col = len(row)
        if i in marked:   # the marker lies in the row's 7th place
            col = max(col, 6)
            extras.append(f'<g class="marker" transform="translate({x(col)} {y})">'
                          f'<rect width="{W}" height="{H}" rx="5" fill="#fff" stroke="{INK}" '
                          f'stroke-width="2"/><g transform="translate(5 11) scale(.8)">'
                          f'{PICTOGRAMS[SEVEN].format(ink=INK)}</g></g>')
            col += 1
        if i in stopped:   # a Stop at the row's end
            extras.append(f'<g class="stop" transform="translate({x(col)} {y + 11}) scale(.9)">'
                          f'{PICTOGRAMS[STOP].format(ink=INK)}</g>')
            col += 1
        cols = max(cols, col)
    note = say.table_note(sorted(marked), sorted(stopped)) if extras else ""
    return classic.table_svg(rows, placed=placed, taken=taken, label=label, cols=cols,
                             extra="".join(extras), note=note)


def _badge(entry: dict) -> str:
    """The special card a player played this turn, as a small pictogram on their revealed card."""
    kind = entry.get("special")
    if kind is None:
        return ""
    # Over the card's bottom-left corner, clear of its number (the tick takes the other corner).
    return (f'<g class="speciale" data-special="{kind}" transform="translate(-5 55)">'
            f'<rect width="22" height="22" rx="4" fill="#fff" stroke="{INK}" stroke-width="1.5"/>'
            f'<g transform="translate(2 2) scale(.36)">{PICTOGRAMS[kind].format(ink=INK)}</g></g>')


def step_html(step: dict) -> str:
    """Inside of one example step <li> of the variant: like `game.classic.draw.step_html`, plus the
    special card just played, drawn beside the table and as a badge on its player's revealed
    card, and the markers and Stops on the table."""
    svg = table_svg(step["rows"], marked=step.get("marked", ()), stopped=step.get("stopped", ()),
                    placed=step.get("placed"), taken=step.get("taken"))
    special = step.get("special")
    card = ""
    if special is not None:
        card = (f'<span class="carte-speciale">{special_card_svg(special["card"])}'
                f'{escape(say.played_label(special["player"], special["card"]))}</span>')
    return classic.step_html(step, table=svg, before=card, badge=_badge, special_name=say.NAMES.get)


def comparison_html(scenario: dict, result: dict) -> str:
    """« Et sans la carte spéciale ? » under an example, the page's and the worker's for an example
    the reader changed (a row choice changes who scores what): heads with and without, `result`
    of `replay.compare`, for each player who played a special card, then each other player whose
    score it changed, so the page never guesses."""
    played_by = tuple(dict.fromkeys(name for turn in scenario["turns"] for name in turn.get("specials", {})))
    changed = [p for p in result["with"] if p not in played_by and result["with"][p] != result["without"][p]]
    said = (say.comparison_text(p, result["with"][p], result["without"][p], played_by, result["cheapest"][p])
            for p in (*played_by, *changed))
    lines = "".join(f"<li>{escape(line)}</li>" for line in said)
    return (f'<aside class="encadre encadre-comparaison comparaison">\n<p class="encadre-titre">'
            f'{say.COMPARISON_TITLE}</p>\n<ul>{lines}</ul>\n</aside>')
