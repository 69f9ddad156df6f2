"""The special cards page opens with the seven cards in brief, then the rule's open points
(issue 26): read on the built page, and each « Interdit » checked against the engine."""

from __future__ import annotations

import html as html_lib
import re

import pytest

from game.messages.specials import NAMES
from game.specials.cards import FIFTH_ROW, INSERT, KINDS, NEGATIVE, REPLACE, SEVEN, SLIDE, STOP
from game.specials.moves import Refused
from game.specials.round import SpecialRound

COLUMNS = ["Carte", "Quand", "Effet", "Interdit"]


def page(site) -> str:
    return (site / "variantes" / "cartes-speciales" / "index.html").read_text(encoding="utf-8")


def text(fragment: str) -> str:
    plain = html_lib.unescape(re.sub(r"<[^>]+>", "", fragment))
    return re.sub(r"[\s\u00a0\u202f]+", " ", plain).strip().rstrip("#").strip()


def summary(html: str) -> str:
    return re.search(r'id="les-sept-cartes-en-bref".*?</table>', html, re.S)[0]


def test_the_page_opens_with_the_summary_then_the_open_points(built_site):
    html = page(built_site)
    h2 = re.findall(r'<h2 id="([^"]+)"', html)
    assert h2[:3] == ["les-sept-cartes-en-bref", "ce-que-la-regle-ne-disait-pas-clairement",
                      "la-mise-en-place"]
    # The first table of the page is the summary, before any other section.
    assert html.index("<table") < html.index('id="ce-que-la-regle-ne-disait-pas-clairement"')
    # The phone layout (site.css) finds it: heading, one paragraph, the table's box.
    assert re.search(r'<h2 id="les-sept-cartes-en-bref">.*?</h2>\s*<p>.*?</p>\s*<div [^>]*class="tableau"',
                     html, re.S)


def test_the_summary_has_one_row_per_card_in_the_engines_order(built_site):
    table = summary(page(built_site))
    assert [text(th) for th in re.findall(r"<th[^>]*>(.*?)</th>", table, re.S)] == COLUMNS
    rows = re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[1], re.S)
    assert [text(re.search(r"<td[^>]*>(.*?)</td>", r, re.S)[1]) for r in rows] == [
        text(NAMES[kind]) for kind in KINDS]
    html = page(built_site)
    for row in rows:
        cells = re.findall(r'<td data-colonne="([^"]+)">(.*?)</td>', row, re.S)
        assert [html_lib.unescape(c) for c, _ in cells] == COLUMNS   # each line names its column
        assert all(text(body) for _, body in cells)
        anchor = re.search(r'href="#([^"]+)"', cells[0][1])[1]   # the card's own section
        assert f'<h3 id="{anchor}"' in html


def rnd(rows, *, marked=(), stopped=()):
    r = SpecialRound(["a", "b"], {"a": [60, 61, 5, 12, 25, 55], "b": [100, 101]},
                     {"a": list(KINDS), "b": []}, rows, marked=marked, stopped=stopped, log=[])
    return r


FORBIDDEN = {
    "S’il y a déjà cinq rangées": ([[10], [20], [30], [40], [50]], {}, 55, {"card": FIFTH_ROW}),
    "Avec une carte trop faible": ([[10], [20], [30], [40]], {}, 5, {"card": SEVEN}),
    "sur une rangée qui a déjà un marqueur": ([[10, 11], [20], [30], [40]], {"marked": (0,)}, 12,
                                              {"card": SEVEN}),
    "poser au bout": ([[10, 20], [30], [40], [50]], {}, 25, {"card": INSERT, "row": 0, "position": 2}),
    "Casser l’ordre croissant": ([[10, 20], [30], [40], [50]], {}, 25,
                                 {"card": INSERT, "row": 0, "position": 0}),
    "viser une rangée bloquée": ([[10, 20], [30], [40], [50]], {"stopped": (0,)}, 25,
                                 {"card": INSERT, "row": 0, "position": 1}),
    "Prendre une carte qui n’est pas dans votre main": ([[10], [20], [30], [40]], {}, 25,
                                                        {"card": REPLACE, "with": 100}),
    "Vider une rangée": ([[10], [20, 21], [30], [40]], {}, 25,
                         {"card": SLIDE, "from_row": 0, "from_index": 0, "to_row": 1, "to_index": 2}),
    "dépasser sa capacité": ([[10, 11], [20, 21, 22, 23, 24], [30], [40]], {}, 55,
                             {"card": SLIDE, "from_row": 0, "from_index": 1, "to_row": 1, "to_index": 0}),
    "toucher une rangée bloquée": ([[10, 11], [20, 21], [30], [40]], {"stopped": (1,)}, 55,
                                   {"card": SLIDE, "from_row": 0, "from_index": 1, "to_row": 1,
                                    "to_index": 0}),
    "Bloquer une rangée déjà bloquée": ([[10], [20], [30], [40]], {"stopped": (1,)}, 55,
                                        {"card": STOP, "row": 1}),
    "la dernière rangée ouverte": ([[10], [20], [30], [40]], {"stopped": (0, 1, 2)}, 55,
                                   {"card": STOP, "row": 3}),
    "Si vous ne ramassez rien": ([[10], [20], [30], [40]], {}, 25, {"card": NEGATIVE, "chosen": 20}),
}


@pytest.mark.parametrize("words", FORBIDDEN)
def test_each_forbidden_move_the_summary_names_is_refused_by_the_engine(built_site, words):
    assert words in text(summary(page(built_site)))
    rows, table_state, card, move = FORBIDDEN[words]
    r = rnd(rows, **table_state)
    r.reveal({"a": card, "b": 100})
    before = [list(row) for row in r.table.rows]
    with pytest.raises(Refused):
        r.resolve(move)
    assert r.table.rows == before and move["card"] in r.specials["a"]
