"""Junior drawings: well-formed, deterministic, and readable without colour or sight."""

import re
import xml.etree.ElementTree as ET

import pytest
from junior_helpers import card

from game.junior.cows import CARD_IDS, COWS, TYPES
from game.junior.draw import FILL, SHAPES, SLUG, card_svg, cards_svg, legend_svg, step_html, table_svg
from game.messages.junior import TYPE_NAMES

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg" and root.get("role") == "img"
    assert root[0].tag == SVG + "title"  # the accessible name comes first
    return root


@pytest.mark.parametrize("card_id", CARD_IDS)
def test_every_card_is_titled_with_all_its_cows_and_draws_one_shape_per_cow(card_id):
    root = parse(card_svg(card_id))
    assert root[0].text == "Carte Vache\u00a0: " + ", ".join(TYPE_NAMES[t] for t in COWS[card_id])
    cows = root.findall(".//*[@class]")
    drawn = [c.get("class").split()[1] for c in cows if c.get("class").startswith("jr-cow ")]
    assert drawn == [f"jr-{SLUG[t]}" for t in COWS[card_id]]


def test_each_type_has_its_own_shape_and_a_fill_fallback_besides_its_class():
    assert len(set(SHAPES.values())) == 6  # the shape alone tells a type apart (greyscale, print)
    svg = "".join(card_svg(card(t)) for t in TYPES)
    for t in TYPES:
        assert f'class="jr-cow jr-{SLUG[t]}" fill="{FILL[t]}"' in svg
    assert FILL["D"] == "#ffffff" and 'stroke="#1a1a1a"' in card_svg(card("D"))  # white needs an outline


def test_the_css_gives_each_type_class_a_colour():
    from pathlib import Path

    css = (Path(__file__).parents[3] / "site_builder/static/junior.css").read_text(encoding="utf-8")
    for t in TYPES:
        assert re.search(rf"\.jr-{SLUG[t]}\s*{{\s*fill:", css), t


def test_table_marks_rows_and_cards_in_order():
    rows = [[card("A"), card("BC")], [], [card("F")], [card("D"), card("E"), card("DE")]]
    root = parse(table_svg(rows, placed=card("F"), taken=1, options=[1, 3]))
    groups = root.findall(f"{SVG}g[@data-row]")
    assert [g.get("data-row") for g in groups] == ["0", "1", "2", "3"]
    for g, cards in zip(groups, rows):
        assert [int(c.get("data-card")) for c in g.iter() if c.get("data-card")] == cards
    assert "jr-taken" in groups[1].get("class") and "jr-option" in groups[3].get("class")
    placed = root.find(f".//*[@data-card='{card('F')}']")
    assert "jr-placed" in placed.get("class")
    assert "Rangée\u00a02\u00a0: vide" in root[0].text and "Afrique" in root[0].text


def test_legend_names_each_type_its_colour_and_shape():
    root = parse(legend_svg())
    text = " ".join(t.text for t in root.iter(SVG + "text"))
    for name in ("Afrique (jaune, lune)", "Allemagne (bleu, goutte)", "Inde (violet, grappe de raisin)",
                 "Japon (blanc, carré plein)", "Amérique du Nord (rouge, cœur)", "Écosse (vert, étoile)"):
        assert name in text and name in root[0].text


def test_a_hand_and_a_step_render():
    parse(cards_svg([card("A"), card("ACE")]))
    step = {"text": "Emma pose sa carte.", "svg": table_svg([[], [], [], []]), "albums": {"Emma": 1},
            "hands": {"Emma": [card("A")], "Léo": []}}
    html = step_html(step)
    assert html.startswith('<figure class="etape-figure jr-etape"><svg')
    assert "<figcaption>Emma pose sa carte.</figcaption>" in html
    assert "Main d’Emma" in html and "Léo" not in html  # empty hands are not drawn
    assert html.endswith('<p class="jr-albums">Albums\u00a0: Emma 1\u00a0carte</p>')
    ET.fromstring(f"<div>{html}</div>")  # well-formed, so it can be swapped into the page as is


def test_composition_table_lists_the_sixteen_distinct_cards_and_their_counts():
    from game.junior.draw import composition_html

    root = ET.fromstring(composition_html())
    body = root.find("tbody")
    counts = [int(tr[2].text) for tr in body]
    assert len(counts) == 16 and sum(counts) == 52 and counts[:6] == [7] * 6
    assert body[0][1].text == "Afrique" and body[-1][1].text == "Allemagne, Japon et Écosse"
    assert root.find("tfoot").findtext("tr/td") == ("Chaque type de vache figure sur 11\u00a0cartes"
                                                     "\u202f; 52\u00a0cartes en tout.")


def test_the_card_just_laid_stands_out_without_the_stylesheet():
    root = parse(table_svg([[card("A"), card("B")], [], [], []], placed=card("B")))
    edges = {g.get("data-card"): g.find(f"{SVG}rect").get("stroke-width") for g in root.iter(f"{SVG}g")
             if g.get("data-card")}
    assert edges == {str(card("A")): "1.5", str(card("B")): "4"}


def test_the_japan_square_is_drawn_solid():
    """Issue 26, item 14: a white square with an outline reads as « carré vide »; its dark shadow
    shows the solid sticker the seed describes."""
    svg = card_svg(card("D"))
    japon = svg[svg.index('class="jr-cow jr-japon"'):]
    assert japon.index('fill="#1a1a1a"') < japon.index("</g>")   # a solid dark part inside the cow
