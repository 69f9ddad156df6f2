"""The renderer: tables read back from their SVG, heads drawn, highlights, escaping, French titles."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.classic.cards import HEADS
from game.classic.draw import card_svg, step_html, table_svg
from game.messages.blocks import card_label, penalties_text, row_label, table_label

NBSP = "\u00a0"
SVG_NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[3]
HOSTILE = "<img src=x onerror=alert(1)>"


def parse(svg: str) -> ET.Element:
    """Parse one drawing; fails the test if it is not well-formed XML."""
    return ET.fromstring(svg)


def local(tag: str) -> str:
    return tag.removeprefix(SVG_NS)


def read_table(svg: str) -> list[list[int]]:
    """The table as a reader of the page would rebuild it from data-row / data-card."""
    root = parse(svg)
    rows = [el for el in root.iter() if "data-row" in el.attrib]
    assert [int(r.get("data-row")) for r in rows] == list(range(len(rows)))
    return [[int(c.get("data-card")) for c in row.iter() if "data-card" in c.attrib] for row in rows]


def cards_by_number(svg: str) -> dict[int, ET.Element]:
    return {int(el.get("data-card")): el for el in parse(svg).iter() if "data-card" in el.attrib}


def heads_drawn(card_group: ET.Element) -> int:
    """Bull heads of a card: subpaths with curves (horns, muzzle); the eyes are plain squares."""
    paths = [el for el in card_group if local(el.tag) == "path" and el.get("class") != "mk"]
    assert len(paths) == 1
    subpaths = re.split(r"(?<=z)", paths[0].get("d"))
    return sum(1 for sub in subpaths if "q" in sub)


def translate_x(el: ET.Element) -> float:
    return float(re.match(r"translate\(([-\d.]+)", el.get("transform")).group(1))


TYPICAL = [[12, 15, 20], [28, 33, 34, 38, 39], [44, 55], [61, 66, 70, 71]]


def test_table_reads_back_as_the_rows_given():
    assert read_table(table_svg(TYPICAL)) == TYPICAL


def test_empty_rows_and_a_fifth_row_read_back():
    rows = [[3], [], [50, 51], [], [99]]
    assert read_table(table_svg(rows)) == rows
    assert read_table(table_svg([])) == []


@given(st.lists(st.integers(1, 104), unique=True, max_size=26).flatmap(
    lambda cards: st.integers(1, 5).map(lambda n: [sorted(cards[i::n]) for i in range(n)])))
def test_any_table_reads_back(rows):
    assert read_table(table_svg(rows)) == rows


def test_cards_are_drawn_left_to_right():
    svg = table_svg(TYPICAL)
    for row in parse(svg).iter():
        if "data-row" in row.attrib:
            xs = [translate_x(c) for c in row if "data-card" in c.attrib]
            assert xs == sorted(xs) and len(set(xs)) == len(xs)


def test_a_sixth_slot_is_drawn_and_marked_as_danger():
    root = parse(table_svg(TYPICAL))
    width = float(root.get("viewBox").split()[2])
    card_width = float(next(el for el in root.iter() if "data-card" in el.attrib)[0].get("width"))
    assert width > 6 * card_width  # room for limit + 1 = 6 cards
    marks = [el for el in root.iter() if el.get("class") == "dgl"]
    assert len(marks) == 1
    assert ["".join(t.itertext()) for t in marks[0]] == ["6e"] * 4


def test_the_danger_slot_follows_the_limit():
    root = parse(table_svg([[1, 2, 3]], limit=3))
    marks = next(el for el in root.iter() if el.get("class") == "dgl")
    assert ["".join(t.itertext()) for t in marks] == ["4e"]


def test_a_row_longer_than_the_slots_still_draws_every_card():
    rows = [[1, 2, 3, 4, 5, 6, 7]]
    assert read_table(table_svg(rows)) == rows


def test_every_card_draws_as_many_bull_heads_as_it_is_worth():
    table = cards_by_number(table_svg([list(range(1, 105))]))
    for card in range(1, 105):
        alone = parse(card_svg(card))
        group = next(el for el in alone.iter() if "data-card" in el.attrib)
        assert heads_drawn(group) == HEADS[card], card
        assert heads_drawn(table[card]) == HEADS[card], card


@pytest.mark.parametrize("bad", [0, 105, -1, True, "7"])
def test_what_is_not_a_card_is_refused(bad):
    with pytest.raises(ValueError, match="cannot draw"):
        card_svg(bad)
    with pytest.raises(ValueError, match="cannot draw"):
        table_svg([[bad]])


def test_cards_carry_their_heads_class_and_number():
    group = cards_by_number(table_svg([[55, 60]]))
    assert group[55].get("class") == "h7" and group[60].get("class") == "h3"
    texts = ["".join(t.itertext()) for t in group[55].iter() if local(t.tag) == "text"]
    assert texts == ["55", "55", "55"]  # middle and two corners


def test_placed_card_is_highlighted_and_only_it():
    root = parse(table_svg(TYPICAL, placed=34))
    cards = {int(el.get("data-card")): el for el in root.iter() if "data-card" in el.attrib}
    assert [n for n, el in cards.items() if "placed" in el.get("class").split()] == [34]
    arrows = [el for el in root.iter() if el.get("class") == "mk"]
    assert len(arrows) == 1 and arrows[0] in list(cards[34])
    assert cards[34][0].get("stroke-width") == "3"


def test_no_highlight_unless_asked():
    svg = table_svg(TYPICAL)
    root = parse(svg)
    classes = " ".join(el.get("class", "") for el in root.iter()).split()
    assert not {"placed", "taken", "mk", "hatch", "tag"} & set(classes)


def test_taken_row_is_hatched_and_tagged_and_only_it():
    svg = table_svg([[12, 15], [8, 9, 10, 11, 13], [44], [61]], taken=1)
    root = parse(svg)
    taken = [int(el.get("data-row")) for el in root.iter() if el.get("class") == "taken"]
    assert taken == [1]
    assert len([el for el in root.iter() if el.get("class") == "hatch"]) == 1
    tags = [el for el in root.iter() if el.get("class") == "tag"]
    assert len(tags) == 1 and "".join(tags[0].itertext()) == "ramassée"


def test_a_row_the_new_card_restarts_is_not_drawn_as_taken_away():
    """The 8 took the row and starts it: no « ramassée » tag or hatching over the 8."""
    root = parse(table_svg([[12, 15], [8], [44], [61]], placed=8, taken=1))
    assert [int(el.get("data-row")) for el in root.iter() if el.get("class") == "taken"] == [1]
    classes = {el.get("class") for el in root.iter()}
    assert "hatch" not in classes and "tag" not in classes
    assert "ramassée" not in "".join(root.itertext()).replace(root[0].text, "")


def test_taken_full_row_still_gets_its_tag():
    root = parse(table_svg([[1, 2, 3, 4, 5]], taken=0))
    assert [el for el in root.iter() if el.get("class") == "tag"]


def test_no_id_so_many_drawings_can_share_a_page():
    for svg in (table_svg(TYPICAL, placed=33, taken=2), card_svg(55)):
        assert all("id" not in el.attrib for el in parse(svg).iter())


def test_svg_is_an_image_titled_in_french():
    root = parse(card_svg(55))
    assert root.get("role") == "img" and "width" not in root.attrib and root.get("viewBox")
    assert local(root[0].tag) == "title"
    assert root[0].text == f"Carte 55{NBSP}: 7{NBSP}têtes de bœuf"
    table = parse(table_svg([[26, 27, 35], [40]], placed=40, label="Avant le tour 1"))
    assert local(table[0].tag) == "title" and table.get("role") == "img"
    assert table[0].text.startswith("Avant le tour 1, carte 40 posée")
    assert f"Rangée{NBSP}1{NBSP}: 26, 27, 35 (trois cartes)" in table[0].text


def test_french_labels():
    assert card_label(1) == f"Carte 1{NBSP}: 1{NBSP}tête de bœuf"
    assert card_label(55) == f"Carte 55{NBSP}: 7{NBSP}têtes de bœuf"
    assert row_label(1, [26, 27, 35]) == f"Rangée{NBSP}2{NBSP}: 26, 27, 35 (trois cartes)"
    assert row_label(0, [7]) == f"Rangée{NBSP}1{NBSP}: 7 (une carte)"
    assert row_label(3, []) == f"Rangée{NBSP}4{NBSP}: vide"
    assert penalties_text({"Alice": 5, "Bruno": 0}) == f"Pénalités{NBSP}: Alice 5, Bruno 0"
    assert table_label([[1], [2]], taken=1).startswith(f"Table, rangée{NBSP}2 ramassée{NBSP}: ")


def test_output_does_not_depend_on_the_process():
    code = ("import hashlib; from game.classic.draw import table_svg, card_svg; "
            "print(hashlib.sha256((table_svg([[12, 15], [8], [44, 55]], placed=8, taken=1) "
            "+ card_svg(55)).encode()).hexdigest())")
    digests = {subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                              check=True, env={**os.environ, "PYTHONHASHSEED": seed}).stdout
               for seed in ("1", "2")}
    assert len(digests) == 1


def test_drawings_stay_small():
    """Dozens of tables share a page: a typical table and a full one keep a byte budget."""
    typical = table_svg([[3, 8, 12], [20, 21, 24, 26], [40, 41], [66, 69, 72]], placed=21)
    full = table_svg([[1, 2, 3, 4, 6], [12, 13, 14, 16, 17], [41, 42, 43, 46, 47], [61, 62, 63, 64, 67]])
    assert len(typical.encode()) < 6500
    assert len(full.encode()) < 9000
    assert len(card_svg(55).encode()) < 2500


def make_step(**changes) -> dict:
    step = {"n": 3, "turn": 1, "kind": "take", "events": [],
            "text": f"{HOSTILE} pose 10 & ramasse la rangée 3.",
            "rows": [[12, 15, 20], [28, 33], [10], [61]],
            "penalties": {"Alice": 5, HOSTILE: 8}, "placed": 10, "taken": 2,
            "choice": {"player": HOSTILE, "card": 10, "chosen": 2,
                       "options": [{"row": 0, "cards": [12, 15, 20], "heads": 5},
                                   {"row": 1, "cards": [28, 33], "heads": 6},
                                   {"row": 2, "cards": [44, 55], "heads": 12},
                                   {"row": 3, "cards": [61], "heads": 1}]},
            "svg": ""}
    step.update(changes)
    return step


def test_step_html_escapes_reader_names():
    html = step_html(make_step())
    root = ET.fromstring(f"<div>{html}</div>")  # well-formed: nothing parsed as markup
    assert "<img" not in html
    assert not [el for el in root.iter() if el.tag == "img"]
    text = "".join(root.itertext())
    assert HOSTILE in text and f"{HOSTILE} pose 10 & ramasse" in text


def test_step_html_has_figure_caption_choice_and_penalties():
    root = ET.fromstring(f"<div>{step_html(make_step())}</div>")
    figure = root[0]
    assert figure.tag == "figure" and figure.get("class") == "etape-figure"
    drawing = figure[0]
    assert drawing.tag == "div" and drawing.get("class") == "etape-dessin"
    table = drawing.find(f"{SVG_NS}svg")
    assert table.get("class") == "sqp sqp-table"
    assert read_table(ET.tostring(table, encoding="unicode")) == [[12, 15, 20], [28, 33], [10], [61]]
    assert figure[1].tag == "figcaption"
    table = root.find("table")
    assert [th.text for th in table.find("thead").iter("th")] == ["Rangée", "Cartes", "Têtes de bœuf"]
    body = table.find("tbody")
    chosen = [tr for tr in body if tr.get("class") == "choisie"]
    assert len(chosen) == 1 and "choisie" in "".join(chosen[0].itertext())
    assert "".join(chosen[0].itertext()).startswith(f"Rangée{NBSP}3")
    assert [td.text for td in body[2].findall("td")] == ["44, 55", "12"]
    penalties = root.find("p[@class='penalites']")
    assert penalties is not None
    assert penalties.text == f"Pénalités{NBSP}: Alice 5, {HOSTILE} 8"


def test_step_html_without_choice_has_no_options_table():
    root = ET.fromstring(f"<div>{step_html(make_step(choice=None, placed=None, taken=None))}</div>")
    assert root.find("table") is None
    assert "placed" not in ET.tostring(root, encoding="unicode")
