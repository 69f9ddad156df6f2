"""Junior drawings as SVG strings: cow cards, the four rows, a hand and the legend.

Every cow type has a colour AND a shape (RULES §4: the tactile stickers), so a card reads in
greyscale and for colour-blind readers; each card's French <title> names its cows. A colour is a
CSS class (junior.css may restyle it) over a presentation attribute, the fallback without CSS.
"""

from __future__ import annotations

import math
from html import escape as _escape

from game.messages import junior as say

from .cows import COWS, TYPES, cards_per_type, cards_with, composition

CARD_W, CARD_H, GAP = 56, 80, 6
ROW_H = CARD_H + 12
MIN_SLOTS = 6
INK = "#1a1a1a"


def escape(text: str) -> str:
    """Escape text content (not attributes): keep apostrophes readable in « Main d’Emma »."""
    return _escape(text, quote=False)


SLUG = {"A": "afrique", "B": "allemagne", "C": "inde", "D": "japon", "E": "amerique", "F": "ecosse"}
FILL = {"A": "#f4c20d", "B": "#1e63c6", "C": "#7d3c98", "D": "#ffffff", "E": "#d7263d", "F": "#2e9e44"}


def _star(outer: float = 9.8, inner: float = 4.0) -> str:
    corners = ((outer if k % 2 == 0 else inner, math.pi * k / 5) for k in range(10))
    return " ".join(f"{r * math.sin(a):.2f},{-r * math.cos(a):.2f}" for r, a in corners)


# Each shape fits the box -10..10 around (0, 0); {a} receives the class and colour attributes.
SHAPES = {
    # lune: a crescent opening to the right
    "A": '<path {a} d="M4.5,-7.8 A9,9 0 1 0 4.5,7.8 A7,7 0 0 1 4.5,-7.8 Z"/>',
    # goutte: a drop, point up
    "B": '<path {a} d="M0,-9.5 C3,-5 7.5,-0.5 7.5,3 A7.5,7.5 0 0 1 -7.5,3 C-7.5,-0.5 -3,-5 0,-9.5 Z"/>',
    # grappe de raisin: six grapes in a triangle under a stem
    "C": ('<g {a}><path d="M0,-6 L2,-10" fill="none" stroke="' + INK + '" stroke-width="1.5"/>'
          + "".join(f'<circle cx="{x}" cy="{y}" r="3"/>'
                    for x, y in ((-5, -3), (0, -3), (5, -3), (-2.5, 2), (2.5, 2), (0, 7)))
          + "</g>"),
    # carré plein: a filled square. White on the cream card it would read as an outline, so a
    # solid dark shadow shows a raised, solid sticker (issue 26, item 14).
    "D": ('<g {a}><rect x="-5" y="-5" width="15" height="15" fill="' + INK + '"/>'
          '<rect x="-7.5" y="-7.5" width="15" height="15"/></g>'),
    # cœur
    "E": ('<path {a} d="M0,8.5 C-4,5 -9.5,1 -9.5,-3.5 C-9.5,-7 -6.5,-9 -4.5,-9 C-2.5,-9 -0.8,-7.8 0,-6 '
          'C0.8,-7.8 2.5,-9 4.5,-9 C6.5,-9 9.5,-7 9.5,-3.5 C9.5,1 4,5 0,8.5 Z"/>'),
    # étoile: five points
    "F": '<polygon {a} points="' + _star() + '"/>',
}

# (scale, y offsets) of the cows on a card, by number of cows.
LAYOUT = {1: (1.9, (0,)), 2: (1.35, (-17, 17)), 3: (1.05, (-24, 0, 24))}


def cow_svg(letter: str, x: float, y: float, scale: float) -> str:
    """One cow symbol (shape filled with its colour, dark outline) centred on (x, y)."""
    attrs = (f'class="jr-cow jr-{SLUG[letter]}" fill="{FILL[letter]}" stroke="{INK}" '
             f'stroke-width="{1.2 / scale:.2f}"')
    return (f'<g transform="translate({x:g} {y:g}) scale({scale:g})">'
            + SHAPES[letter].replace("{a}", attrs) + "</g>")


def _card_body(card: int, x: float, y: float, extra_class: str = "") -> str:
    """A cow card at (x, y): a <g data-card> with its <title>, background and cows."""
    scale, offsets = LAYOUT[len(COWS[card])]
    cx, cy = x + CARD_W / 2, y + CARD_H / 2
    cls = "jr-card" + (f" {extra_class}" if extra_class else "")
    # the card just laid keeps a thick dark edge even without the stylesheet
    edge = (f'stroke="{INK}" stroke-width="4"' if extra_class == "jr-placed"
            else 'stroke="#6b5b45" stroke-width="1.5"')
    parts = [f'<g class="{cls}" data-card="{card}" data-cows="{COWS[card]}">',
             f"<title>{escape(say.card_title(card))}</title>",
             f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="6" '
             f'class="jr-card-bg" fill="#fffaf0" {edge}/>']
    parts += [cow_svg(t, cx, cy + dy, scale) for t, dy in zip(COWS[card], offsets)]
    parts.append("</g>")
    return "".join(parts)


def _svg(width: float, height: float, title: str, body: str, cls: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" role="img" '
            f'viewBox="0 0 {width:g} {height:g}" width="{width:g}" height="{height:g}">'
            f"<title>{escape(title)}</title>{body}</svg>")


def card_svg(card: int) -> str:
    """One cow card on its own, titled « Carte Vache : Afrique, Inde »."""
    return _svg(CARD_W + 4, CARD_H + 4, say.card_title(card), _card_body(card, 2, 2), "jr-carte")


def cards_svg(cards, label: str = "", cls: str = "jr-main") -> str:
    """A line of cow cards (a hand, an album), each <g data-card> in order."""
    cards = list(cards)
    width = max(1, len(cards)) * (CARD_W + GAP) + 4
    title = label or f"{say.NNBSP}; ".join(say.card_title(c) for c in cards)
    body = "".join(_card_body(c, 2 + k * (CARD_W + GAP), 2) for k, c in enumerate(cards))
    return _svg(width, CARD_H + 4, title, body, cls)


def takes_html(takes) -> str:
    """« Emma range dans son album : » (or « Léa ramasse : ») and the cards, small, per take."""
    return "".join(f'<p class="ramasse jr-ramasse" data-taker="{_escape(str(take["player"]))}">'
                   f'<span>{escape(say.taker_label(take["player"], take.get("kind")))}</span> '
                   f'{cards_svg(take["cards"], say.taken_title(take["cards"]), "jr-pile")}</p>'
                   for take in takes if take["cards"])


def _row_card(row: int, y: float) -> str:
    return (f'<g class="jr-row-card"><rect x="2" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="6" '
            f'class="jr-row-card-bg" fill="#e9dcc3" stroke="#6b5b45" stroke-width="1.5"/>'
            f'<text x="{2 + CARD_W / 2:g}" y="{y + 34:g}" text-anchor="middle" font-size="11" '
            f'font-family="sans-serif" fill="{INK}">{escape(say.ROW_CARD)}</text>'
            f'<text x="{2 + CARD_W / 2:g}" y="{y + 58:g}" text-anchor="middle" font-size="22" '
            f'font-weight="bold" font-family="sans-serif" fill="{INK}">{row + 1}</text></g>')


def table_svg(rows, *, placed=None, taken=None, options=None, label=None) -> str:
    """The four rows: <g data-row="i"> each, with the row card then <g data-card="id"> in order;
    `options`: the other rows the card could go to (a dashed slot at their end)."""
    options = list(options or [])
    slots = max([MIN_SLOTS] + [len(r) + 1 for r in rows])
    width = 2 + (slots + 1) * (CARD_W + GAP) + 2
    height = len(rows) * ROW_H + 4
    parts = []
    for i, cards in enumerate(rows):
        y = 4 + i * ROW_H
        classes = "jr-row" + (" jr-taken" if i == taken else "") + (" jr-option" if i in options else "")
        parts.append(f'<g class="{classes}" data-row="{i}">')
        parts.append(f"<title>{escape(say.row_title(i, cards))}</title>")
        parts.append(_row_card(i, y))
        for k, card in enumerate(cards):
            x = 2 + (k + 1) * (CARD_W + GAP)
            parts.append(_card_body(card, x, y, "jr-placed" if card == placed else ""))
        end_x = 2 + (len(cards) + 1) * (CARD_W + GAP)
        if i in options:
            parts.append(f'<rect class="jr-slot" x="{end_x + 2:g}" y="{y + 2:g}" width="{CARD_W - 4}" '
                         f'height="{CARD_H - 4}" rx="6" fill="none" stroke="{INK}" stroke-width="1.5" '
                         f'stroke-dasharray="5 4"/>')
        if i == taken and placed not in cards:  # a row the card restarts is not shown as gone
            tx = end_x + (CARD_W + GAP if i in options else 0) + 4
            parts.append(f'<text class="jr-taken-tag" x="{tx:g}" y="{y + CARD_H / 2 + 4:g}" '
                         f'font-size="12" font-style="italic" font-family="sans-serif" '
                         f'fill="{INK}">{escape(say.TAKEN_TAG)}</text>')
        parts.append("</g>")
    return _svg(width, height, label or say.table_title(rows), "".join(parts), "jr-table")


def legend_svg() -> str:
    """The six cow types: shape in its colour, then « Afrique (jaune, lune) »."""
    line = 30
    parts = []
    for k, t in enumerate(TYPES):
        y = 4 + k * line
        parts.append(f'<g class="jr-legend-item" data-cow="{t}">'
                     + cow_svg(t, 16, y + 12, 1.1)
                     + f'<text x="36" y="{y + 17:g}" font-size="14" font-family="sans-serif" '
                       f'fill="{INK}">{escape(say.type_title(t))}</text></g>')
    body = "".join(parts)
    title = say.LEGEND_TITLE + f"{say.NBSP}: " + f"{say.NNBSP}; ".join(say.type_title(t) for t in TYPES)
    return _svg(260, len(TYPES) * line + 8, title, body, "jr-legende")


def composition_html() -> str:
    """The table of the proposed composition: each distinct card drawn, its cows, how many."""
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in say.COMPOSITION_HEADERS)
    kinds = composition()
    rows = [f"<tr><td>{card_svg(cards_with(letters)[0])}</td>"
            f'<th scope="row">{escape(say.cows_text(letters))}</th><td>{count}</td></tr>'
            for letters, count in kinds]
    total = sum(n for _, n in kinds)
    return (f'<table class="jr-composition"><caption>{escape(say.COMPOSITION_CAPTION)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody>"
            f'<tfoot><tr><td colspan="3">{escape(say.composition_note(cards_per_type(), total))}</td></tr>'
            f"</tfoot></table>")


def step_html(step) -> str:
    """Inside of one Junior example step <li>: table, explanation, hands (avancé, expert), albums;
    the build and the browser both call it."""
    parts = ['<figure class="etape-figure jr-etape">', step["svg"],
             f'<figcaption>{escape(str(step["text"]))}</figcaption></figure>',
             takes_html(step.get("takes") or ())]
    hands = {p: h for p, h in (step.get("hands") or {}).items() if h}
    if hands:
        parts.append('<div class="jr-mains">')
        for player, cards in hands.items():
            label = say.hand_label(player)
            parts.append(f'<figure class="jr-main-joueur"><figcaption>{escape(label)}</figcaption>'
                         f'{cards_svg(cards, say.hand_title(player, cards))}</figure>')
        parts.append("</div>")
    parts.append(f'<p class="jr-albums">{escape(say.albums_text(step["albums"], step.get("level")))}</p>')
    return "".join(parts)
