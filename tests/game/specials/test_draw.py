"""SVG of the special cards and of the variant's table: recognisable without colour, no ids."""

import re
import xml.etree.ElementTree as ET

from game.messages.specials import NAMES
from game.specials.cards import KINDS
from game.specials.draw import PICTOGRAMS, special_card_svg, step_html, table_svg
from game.specials.replay import replay

SVG = "{http://www.w3.org/2000/svg}"


def test_each_special_card_has_its_own_pictogram_and_its_printed_name():
    assert len({PICTOGRAMS[k] for k in KINDS}) == 7
    for kind in KINDS:
        svg = special_card_svg(kind)
        root = ET.fromstring(svg)
        assert root.get("data-special") == kind and " id=" not in svg
        texts = " ".join(t.text for t in root.iter(f"{SVG}text"))
        assert texts == NAMES[kind].replace("\u00a0", " ")
        assert root.find(f"{SVG}title").text.startswith("Carte spéciale")


def test_the_pictograms_do_not_depend_on_colour():
    # Only black ink and white: the cards stay distinct in grey-scale print.
    for kind in KINDS:
        colours = set(re.findall(r'(?:fill|stroke)="(#[0-9a-f]+)"', special_card_svg(kind)))
        assert colours <= {"#222", "#fff"}, (kind, colours)


def test_the_table_shows_markers_and_stops_and_says_so_in_its_title():
    svg = table_svg([[1, 2, 3, 4, 5, 6], [20], [30], [40]], marked=[0], stopped=[2])
    root = ET.fromstring(svg)
    assert svg.count('class="marker"') == 1 and svg.count('class="stop"') == 1
    width = int(root.get("viewBox").split()[2])
    assert width >= 7 * 54   # room for 6 cards and the marker in the 7th place
    title = root.find(f"{SVG}title").text
    assert "Rangée\u00a01 avec un marqueur" in title and "rangée\u00a03 bloquée" in title


def test_a_plain_table_is_the_classic_drawing():
    from game.classic.draw import table_svg as classic
    rows = [[1], [20], [30], [40]]
    assert table_svg(rows) == classic(rows)


def test_a_step_draws_the_special_card_beside_the_table():
    steps = replay({"rows": [[12], [28], [39], [44]],
                    "turns": [{"plays": {"Alice": 30}, "specials": {"Alice": {"card": "stop", "row": 1}}}]})
    html = step_html(steps[2])
    assert 'data-special="stop"' in html and 'class="stop"' in html
    assert "Alice joue «\u00a0Stop\u00a0»" in html
    assert 'data-special' not in step_html(steps[1])
