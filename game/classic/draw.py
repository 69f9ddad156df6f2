"""The one renderer: cards and tables as inline SVG strings, for the static build and the browser.

Plain strings (stdlib only), so Pyodide runs the same code and the browser never re-implements a
drawing. Colours are CSS classes (site_builder/static/cards.css: dark mode, print); output is
deterministic and has no `id`, so any number of drawings share a page.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape

from game.classic.cards import HEADS, is_card
from game.messages import blocks as labels

# Card and table geometry, in viewBox units.
CARD_W, CARD_H = 50, 72
GAP_X, GAP_Y = 4, 14  # GAP_Y leaves room for the « placed » arrow above a card
PITCH_X, PITCH_Y = CARD_W + GAP_X, CARD_H + GAP_Y
PAD = 4
LABEL_W = 18  # column of the rotated « Rangée n » labels
X0 = PAD + LABEL_W  # left edge of the first slot
TOP = 12  # room for the arrow above the first row

# Fallback fills when no CSS applies; cards.css holds the real palette (light, dark, print).
FILL = {1: "#fff", 2: "#9cf", 3: "#fc4", 5: "#f76", 7: "#c7e"}
EDGE = "#222"
DANGER = "#b3261e"
ROOT_ATTRS = ('xmlns="http://www.w3.org/2000/svg" role="img" font-family="Arial,Helvetica,sans-serif" '
              'font-size="24" font-weight="700" text-anchor="middle"')

# A bull's head, front view (horns, ears, long face, muzzle) as relative path data on an integer
# grid of 20 × 19 cells from its top-left corner, drawn at HEAD_SCALE so the repeated data stays
# short. Its eyes (holes: the card's root sets fill-rule evenodd) are only worth their bytes on a
# card drawn large; they leave the pen at cell (11, 9) of the head.
HEAD = "q2 5 7 5h6q5 0 7-5 0 7-6 7l5 2-5 2v3q2 5-4 5-6 0-4-5v-3l-5-2 5-2q-6 0-6-7z"
EYES, EYES_PEN = "m7 9h2v2h-2zm4 0h2v2h-2z", (11, 9)
HEAD_SCALE = ".4"  # 20 cells → 8 units (a string: written as is in the transform)
HEAD_PITCH_X, HEAD_PITCH_Y = 24, 22  # cells between two heads side by side / two lines
# Heads per line, top to bottom (never more than 4 side by side, so they clear the corner number).
HEAD_LINES = {1: (1,), 2: (2,), 3: (3,), 5: (3, 2), 7: (4, 3)}


def _head_origins(count: int) -> list[tuple[int, int]]:
    """Top-left corners of a card's bull heads, in head cells, lines centred on the card."""
    lines = HEAD_LINES[count]
    card_cells = round(CARD_W / float(HEAD_SCALE))
    top = 32 if len(lines) > 1 else 40  # cells: 12.8 or 16 units below the card's top edge
    origins = []
    for line, n in enumerate(lines):
        left = (card_cells - (n - 1) * HEAD_PITCH_X - 20) // 2
        origins.extend((left + k * HEAD_PITCH_X, top + line * HEAD_PITCH_Y) for k in range(n))
    return origins


@lru_cache(maxsize=None)
def _heads_path(count: int, eyes: bool) -> str:
    """Path data (in head cells) of all the bull heads of a card, one subpath per head."""
    out, pen = [], None
    for hx, hy in _head_origins(count):
        if pen is None:
            out.append(f"M{hx} {hy}")
        else:   # from the last subpath's start; a minus sign needs no space before it
            dx, dy = hx - pen[0], hy - pen[1]
            out.append(f"m{dx}{'' if dy < 0 else ' '}{dy}")
        out.append(HEAD + EYES if eyes else HEAD)
        pen = (hx + EYES_PEN[0], hy + EYES_PEN[1]) if eyes else (hx, hy)
    return "".join(out)


@lru_cache(maxsize=None)
def _card_body(card: int, placed: bool, eyes: bool = False) -> str:
    """Inside of one card, in card coordinates (0,0 at its top-left corner); cached per card."""
    heads = HEADS[card]
    outline = ' stroke-width="3"' if placed else ""
    marker = '<path class="mk" d="M18-12h14l-7 9z"/>' if placed else ""
    return (
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="5" fill="{FILL[heads]}" stroke="{EDGE}"{outline}/>'
        f'<path transform="scale({HEAD_SCALE})" d="{_heads_path(heads, eyes)}"/>'
        f'<text x="25" y="56">{card}</text>'
        f'<g font-size="8"><text x="8" y="10">{card}</text><text x="42" y="67">{card}</text></g>'
        f"{marker}"
    )


def _check(card) -> None:
    """Refuse early what is not a card (HEADS[-1] would quietly draw a « -1 »)."""
    if not is_card(card):
        raise ValueError(f"cannot draw {card!r}: cards are ints from 1 to 104")


def _svg(kind: str, box: str, title: str, attrs: str = "") -> str:
    """The opening of one drawing: its class, viewBox and title (what a screen reader says)."""
    return (f'<svg class="sqp sqp-{kind}" viewBox="{box}" {ROOT_ATTRS}{attrs}>'
            f"<title>{escape(title)}</title>")


CARD_BOX = f"-2 -2 {CARD_W + 4} {CARD_H + 4}"


def _danger_label(x: int, y: int, limit: int) -> str:
    """« 6ᵉ »: the number of the card that takes a row of `limit` cards."""
    number, suffix = labels.ordinal(limit + 1)
    return (f'<text x="{x}" y="{y}">{escape(number)}'
            f'<tspan dy="-9" font-size="13">{escape(suffix)}</tspan></text>')


def card_svg(card: int) -> str:
    """One card on its own, e.g. for the table of the 104 cards and their heads."""
    _check(card)
    body = _card_body(card, False, eyes=True)
    return (_svg("card", CARD_BOX, labels.card_label(card), ' fill-rule="evenodd"')
            + f'<g data-card="{card}" class="h{HEADS[card]}">{body}</g></svg>')


def danger_slot_svg(limit: int = 5) -> str:
    """The dashed « 6ᵉ » slot of table_svg on its own, for the key that explains the drawings."""
    return (_svg("card", CARD_BOX, labels.danger_slot_label(limit + 1))
            + f'<rect class="dgr" width="{CARD_W}" height="{CARD_H}" fill="none" stroke="{DANGER}" '
            f'stroke-dasharray="4 3"/><g class="dgl" fill="{DANGER}">'
            f'{_danger_label(CARD_W // 2, 44, limit)}</g></svg>')


def _hatch(x0: int, y0: int, x1: int, y1: int, step: int = 10) -> str:
    """Diagonal lines filling a rectangle, clipped by hand (a <clipPath> would need an id)."""
    height = y1 - y0
    segments = []
    for start in range(x0 - height + step // 2, x1, step):
        t0, t1 = max(0, x0 - start), min(height, x1 - start)
        if t1 > t0:
            segments.append(f"M{start + t0} {y1 - t0}l{t1 - t0}-{t1 - t0}")
    return "".join(segments)


def _taken_marks(row_len: int, limit: int, y: int) -> tuple[str, str]:
    """Hatching for the taken row's slots (drawn under its cards) and a « ramassée » tag
    (drawn over everything), in the row's free slots when there is room."""
    x0, x1 = X0 - 2, X0 - 2 + limit * PITCH_X
    hatch = f'<path class="hatch" d="{_hatch(x0, y - 2, x1, y + CARD_H + 2)}" stroke="#555"/>'
    if limit - row_len >= 2:
        cx = X0 + (row_len + limit) * PITCH_X // 2 - GAP_X // 2
        cy = y + CARD_H // 2
    else:  # row still full: put the tag on its bottom edge, over the cards
        cx, cy = X0 + limit * PITCH_X // 2, y + CARD_H - 4
    w, h = 76, 20
    tag = (f'<g class="tag"><rect x="{cx - w // 2}" y="{cy - h // 2}" width="{w}" height="{h}" rx="10" '
           f'fill="#fff" stroke="{EDGE}"/><text x="{cx}" y="{cy + 4}" font-size="12">'
           f"{escape(labels.TAKEN_TAG)}</text></g>")
    return hatch, tag


def table_svg(rows: list[list[int]], *, placed: int | None = None, taken: int | None = None,
              limit: int = 5, label: str | None = None, cols: int = 0, extra: str = "",
              note: str = "") -> str:
    """The table: one line of slots per row, the slot after the last allowed one drawn as danger.

    What rows share (tracks, danger slots, labels) is one element each: a page holds dozens of
    tables. A variant adds `extra` (markup drawn last), `cols` (its card slots) and `note` (words
    for the title), never editing this as text.
    """
    cols = max([limit + 1, cols] + [len(row) for row in rows])
    width = X0 + cols * PITCH_X - GAP_X + PAD
    height = TOP + len(rows) * PITCH_Y - GAP_Y + PAD
    title = labels.table_label(rows, placed=placed, taken=taken, heading=label)
    if note:
        title = f"{title} {note}"
    track_w = limit * PITCH_X - GAP_X
    danger_x = X0 + limit * PITCH_X
    step = f"m0 {PITCH_Y}"
    tracks = step.join(f"h{track_w}v{CARD_H}h-{track_w}z" for _ in rows)
    dangers = step.join(f"h{CARD_W}v{CARD_H}h-{CARD_W}z" for _ in rows)
    out = [_svg("table", f"0 0 {width} {height}", title)]
    if rows:
        # Track: the slots a row may fill; a same-colour round-joined stroke rounds its corners.
        out.append(f'<path class="trk" d="M{X0} {TOP}{tracks}" fill="#e8e8e8" stroke="#e8e8e8" '
                   f'stroke-width="6" stroke-linejoin="round"/>'
                   f'<path class="dgr" d="M{danger_x} {TOP}{dangers}" fill="none" stroke="{DANGER}" '
                   f'stroke-dasharray="4 3"/>')
        out.append('<g class="rl" transform="rotate(-90)" font-size="13">')
        out.extend(f'<text x="{-(TOP + i * PITCH_Y + CARD_H // 2)}" y="{PAD + 13}">'
                   f"{escape(labels.row_name(i, capital=True))}</text>" for i in range(len(rows)))
        out.append(f'</g><g class="dgl" fill="{DANGER}">')
        out.extend(_danger_label(danger_x + CARD_W // 2, TOP + i * PITCH_Y + 44, limit)
                   for i in range(len(rows)))
        out.append("</g>")
    tag = ""
    for i, row in enumerate(rows):
        y = TOP + i * PITCH_Y
        # A row the placed card restarts holds that card, not the cards taken (drawn in the
        # taker's pile under the table): hatching and « ramassée » would say it is gone.
        if i == taken and placed not in row:
            hatch, tag = _taken_marks(len(row), limit, y)
            out.append(hatch)
        out.append(f'<g data-row="{i}" class="taken">' if i == taken else f'<g data-row="{i}">')
        for k, card in enumerate(row):   # data-card: the tests read the table back from it
            _check(card)
            mark = " placed" if card == placed else ""
            out.append(f'<g data-card="{card}" class="h{HEADS[card]}{mark}" transform="translate('
                       f'{X0 + k * PITCH_X} {y})">{_card_body(card, card == placed)}</g>')
        out.append("</g>")
    out.append(f"{tag}{extra}</svg>")
    return "".join(out)


def choice_table(choice: dict) -> str:
    """Cost of each row the player may take when their card is lower than every row end."""
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in labels.CHOICE_HEADERS)
    body = []
    for option in choice["options"]:
        cards_text = ", ".join(map(str, option["cards"]))
        chosen = option["row"] == choice.get("chosen")
        mark = f' <strong>{escape(labels.CHOSEN)}</strong>' if chosen else ""
        row_class = ' class="choisie"' if chosen else ""
        body.append(f"<tr{row_class}>"
                    f'<th scope="row">{escape(labels.row_name(option["row"], capital=True))}{mark}</th>'
                    f"<td>{escape(cards_text)}</td><td>{int(option['heads'])}</td></tr>")
    caption = labels.choice_caption(str(choice["player"]), int(choice["card"]))
    return (f'<table class="choix"><caption>{escape(caption)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>")


# --- the cards of a turn, and the cards a player takes -----------------------------------------

# Tick drawn on a revealed card already placed: a shape, so the fading is not the only sign.
_TICK = ('<g class="ok"><circle cx="40" cy="62" r="9" fill="#fff" stroke="#222"/>'
         '<path d="m35 62 4 4 7-8" fill="none" stroke="#222" stroke-width="2.5"/></g>')
NAME_H = 19  # room for the player's name under a revealed card


def turn_svg(revealed: list[dict], turn: int, *, badge=None, special_name=None) -> str:
    """The cards revealed at a turn, in the order they are placed, each above its player's name:
    the current one outlined with the table's arrow, those placed before faded and ticked.

    A variant's hooks: `badge(entry)`, markup over a card (the special card played with it), and
    `special_name(kind)`, that card's name in the title.
    """
    width = X0 + len(revealed) * PITCH_X - GAP_X + PAD
    height = TOP + CARD_H + NAME_H
    title = labels.revealed_label(turn, revealed, special_name)
    out = [_svg("tour", f"0 0 {width} {height}", title),
           f'<text class="rl" transform="rotate(-90)" x="{-(TOP + CARD_H // 2)}" y="{PAD + 13}" '
           f'font-size="13">{escape(labels.turn_heading(turn))}</text>']
    for k, entry in enumerate(revealed):
        card, state = entry["card"], entry["state"]
        _check(card)
        fade = ' opacity=".55"' if state == "placed" else ""
        out.append(f'<g data-played="{card}" data-player="{escape(str(entry["player"]))}" '
                   f'data-state="{state}" transform="translate({X0 + k * PITCH_X} {TOP})">'
                   f'<g class="carte h{HEADS[card]}"{fade}>{_card_body(card, state == "current")}</g>'
                   f'{_TICK if state == "placed" else ""}{badge(entry) if badge else ""}'
                   f'<text class="qui" x="{CARD_W // 2}" y="{CARD_H + 16}" font-size="15" '
                   f'font-weight="400">{escape(labels.short_name(entry["player"]))}</text></g>')
    out.append("</svg>")
    return "".join(out)


PILE_PITCH = CARD_W + 2


def pile_svg(cards) -> str:
    """The cards a player takes at this step, side by side (the stylesheet draws them small)."""
    for card in cards:
        _check(card)
    width = len(cards) * PILE_PITCH + 2
    body = "".join(f'<g data-taken="{card}" class="carte h{HEADS[card]}" '
                   f'transform="translate({2 + k * PILE_PITCH} 2)">{_card_body(card, False)}</g>'
                   for k, card in enumerate(cards))
    return _svg("pile", f"0 0 {width} {CARD_H + 4}", labels.taken_title(cards)) + f"{body}</svg>"


def takes_html(takes) -> str:
    """« Bruno ramasse : » and the cards taken, one line per take of the step."""
    return "".join(f'<p class="ramasse" data-taker="{escape(str(take["player"]))}">'
                   f'<span>{escape(labels.taker_label(take["player"]))}</span> {pile_svg(take["cards"])}</p>'
                   for take in takes if take["cards"])


def step_html(step: dict, *, table: str | None = None, before: str = "", badge=None,
              special_name=None) -> str:
    """Inside of one example step <li>: the drawings, the explanation, any choice, the penalties.

    The build and the browser player both call this, so a step looks the same with or without JS.
    A variant passes its own `table`, markup to draw `before` it, and `turn_svg`'s hooks.
    """
    svg = table or step.get("svg") or table_svg(step["rows"], placed=step.get("placed"),
                                                taken=step.get("taken"))
    turn = (turn_svg(step["revealed"], step["turn"], badge=badge, special_name=special_name)
            if step.get("revealed") else "")
    parts = ['<figure class="etape-figure"><div class="etape-dessin">', before, turn, svg,
             takes_html(step.get("takes") or ()),
             f'</div><figcaption>{escape(str(step["text"]))}</figcaption></figure>']
    if step.get("choice") is not None:
        parts.append(choice_table(step["choice"]))
    parts.append(f'<p class="penalites">{escape(labels.penalties_text(step["penalties"]))}</p>')
    return "".join(parts)
