"""The played cards beside the table: a turn's revealed cards with their state at each step, and
the cards a player takes, drawn in the one renderer the pages and the browser share."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from game.classic.draw import pile_svg, step_html, turn_svg
from game.classic.replay import replay
from game.specials.draw import step_html as special_step_html
from game.specials.replay import replay as special_replay

NBSP, NNBSP = "\u00a0", "\u202f"
SVG = "{http://www.w3.org/2000/svg}"

# Example 6, corrected (RULES §5): Alice's 12 takes the 30 row, Chloé's 55 is the sixth card.
SIX = {"rows": [[30], [36, 38, 39, 41, 43], [56], [63]],
       "turns": [{"plays": {"Alice": 12, "Bruno": 35, "Chloé": 55, "David": 64}, "choices": {"Alice": 0}}]}


def fragment(html: str) -> ET.Element:
    return ET.fromstring(f"<div>{html}</div>")


def played(svg_or_root) -> list[tuple[int, str, str]]:
    root = ET.fromstring(svg_or_root) if isinstance(svg_or_root, str) else svg_or_root
    return [(int(g.get("data-played")), g.get("data-player"), g.get("data-state"))
            for g in root.iter() if "data-played" in g.attrib]


def test_each_step_of_a_turn_knows_every_revealed_card_and_its_state():
    steps = replay(SIX, draw=False)
    kinds = [s["kind"] for s in steps]
    assert kinds == ["start", "reveal", "take", "place", "take", "place", "end"]
    states = [[e["state"] for e in s["revealed"]] for s in steps]
    assert states == [
        [],
        ["waiting"] * 4,
        ["current", "waiting", "waiting", "waiting"],
        ["placed", "current", "waiting", "waiting"],
        ["placed", "placed", "current", "waiting"],
        ["placed", "placed", "placed", "current"],
        ["placed"] * 4,
    ]
    assert [(e["card"], e["player"]) for e in steps[1]["revealed"]] == \
        [(12, "Alice"), (35, "Bruno"), (55, "Chloé"), (64, "David")]
    assert [s["takes"] for s in steps] == [[], [], [{"player": "Alice", "cards": [30]}], [],
                                          [{"player": "Chloé", "cards": [36, 38, 39, 41, 43]}], [], []]


def test_a_step_waiting_for_a_row_choice_shows_that_card_as_the_current_one():
    scenario = {"rows": SIX["rows"], "turns": [{"plays": SIX["turns"][0]["plays"]}]}
    last = replay(scenario, draw=False, pause=True)[-1]
    assert last["kind"] == "choice"
    assert [(e["card"], e["state"]) for e in last["revealed"]][:2] == [(12, "current"), (35, "waiting")]


def test_the_turn_is_drawn_in_order_with_names_the_current_card_outlined_and_placed_ones_ticked():
    step = replay(SIX)[4]
    root = ET.fromstring(turn_svg(step["revealed"], step["turn"]))
    assert root.get("class") == "sqp sqp-tour" and root.get("role") == "img"
    assert played(root) == [(12, "Alice", "placed"), (35, "Bruno", "placed"), (55, "Chloé", "current"),
                            (64, "David", "waiting")]
    groups = [g for g in root.iter() if "data-played" in g.attrib]
    names = ["".join(t.itertext()) for g in groups for t in g.iter(f"{SVG}text") if t.get("class") == "qui"]
    assert names == ["Alice", "Bruno", "Chloé", "David"]
    ticks = [[el for el in g.iter() if el.get("class") == "ok"] for g in groups]
    assert [len(t) for t in ticks] == [1, 1, 0, 0]
    arrows = [[el for el in g.iter() if el.get("class") == "mk"] for g in groups]
    assert [len(a) for a in arrows] == [0, 0, 1, 0]
    assert root[0].text == (f"Tour 1, cartes révélées dans l’ordre de pose{NBSP}: 12 d’Alice, déjà posée"
                            f"{NNBSP}; 35 de Bruno, déjà posée{NNBSP}; 55 de Chloé, en cours de pose"
                            f"{NNBSP}; 64 de David, à poser.")
    assert all("id" not in el.attrib for el in root.iter())


def test_a_long_name_is_shortened_under_its_card_and_kept_whole_in_the_title():
    svg = turn_svg([{"player": "Maximilienne", "card": 7, "state": "waiting"}], 3)
    root = ET.fromstring(svg)
    assert "Maximilienne" in root[0].text and root[0].text.startswith("Tour 3,")
    label = next(t for t in root.iter(f"{SVG}text") if t.get("class") == "qui")
    assert label.text == "Maximi…"


def test_the_cards_taken_are_drawn_small_under_the_table_with_the_taker():
    html = step_html(replay(SIX)[4])
    root = fragment(html)
    drawing = root.find("figure/div[@class='etape-dessin']")
    svgs = [el.get("class") for el in drawing if el.tag == f"{SVG}svg"]
    assert svgs == ["sqp sqp-tour", "sqp sqp-table"]
    take = drawing.find("p[@class='ramasse']")
    assert take.get("data-taker") == "Chloé" and take.find("span").text == f"Chloé ramasse{NBSP}:"
    pile = take.find(f"{SVG}svg")
    assert [int(g.get("data-taken")) for g in pile.iter() if "data-taken" in g.attrib] == [36, 38, 39, 41, 43]
    assert pile[0].text == f"Cartes 36, 38, 39, 41 et 43{NBSP}: 5{NBSP}têtes de bœuf"
    # The table keeps its contract: the 55 starts row 2, which is not drawn as taken away.
    table = drawing.find(f"{SVG}svg[@class='sqp sqp-table']")
    assert not [el for el in table.iter() if el.get("class") in ("tag", "hatch")]


def test_a_step_without_a_turn_or_a_take_draws_only_the_table():
    root = fragment(step_html(replay(SIX)[0]))
    drawing = root.find("figure/div[@class='etape-dessin']")
    assert [el.get("class") for el in drawing] == ["sqp sqp-table"]


@pytest.mark.parametrize("cards", [[0], [12, 105]])
def test_the_pile_refuses_what_is_not_a_card(cards):
    with pytest.raises(ValueError):
        pile_svg(cards)


STOP = {"variant": "speciales", "rows": [[12], [23, 24, 25, 26, 27], [41], [67]],
        "turns": [{"plays": {"Alice": 28, "Bruno": 50}, "specials": {"Alice": {"card": "stop", "row": 1}}}]}


def test_a_special_card_is_drawn_with_its_number_card_from_the_step_it_is_played():
    steps = special_replay(STOP)
    badges = []
    for step in steps[1:-1]:
        root = fragment(special_step_html(step))
        tour = root.find(f"figure/div/{SVG}svg[@class='sqp sqp-tour']")
        badges.append({g.get("data-played"): [b.get("data-special") for b in g.iter() if b.get("class") == "speciale"]
                       for g in tour.iter() if "data-played" in g.attrib})
    assert badges == [{"28": [], "50": []}, {"28": ["stop"], "50": []}, {"28": ["stop"], "50": []}]
    tour = fragment(special_step_html(steps[3])).find(f"figure/div/{SVG}svg[@class='sqp sqp-tour']")
    assert f"28 d’Alice avec la carte «{NBSP}Stop{NBSP}», déjà posée" in tour[0].text


def test_a_player_name_is_escaped_in_the_turn_and_the_pile():
    hostile = "<img src=x onerror=alert(1)>\"'"
    turn = turn_svg([{"player": hostile, "card": 7, "state": "current"}], 1)
    root = ET.fromstring(turn)   # well-formed: the name is text and an attribute value, not markup
    assert not [el for el in root.iter() if el.tag.endswith("img")]
    assert next(g for g in root.iter() if "data-played" in g.attrib).get("data-player") == hostile
    html = step_html({**replay(SIX, draw=False)[2], "takes": [{"player": hostile, "cards": [30]}]})
    taker = fragment(html).find("figure/div/p[@class='ramasse']")
    assert taker.get("data-taker") == hostile and "<img" not in html
