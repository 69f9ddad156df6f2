"""Without JavaScript, every row choice of an example is shown as its own small table.

Examples 3 and 6 (both versions) each hold a too-low card: the page must show, for every row
its player could take, the table at the end of the turn, who takes and how many heads, with
the example's own choice labelled. The figures are checked against separate engine replays.
"""

from __future__ import annotations

import copy
import html
import json
import re

import pytest

from game.classic.replay import replay
from site_builder.blocks.classic import choices_html

BLOCK = re.compile(r'<div class="choix-possibles".*?</figure></div>', re.S)
FIGURE = re.compile(r'<figure class="etape-figure choix-issue( choix-exemple)?">(.*?)</figure>', re.S)



@pytest.fixture(scope="module")
def site(built_site):
    """The real site, built once per session (tests/conftest.py)."""
    return built_site

def scenario_of(section: str) -> dict:
    return json.loads(html.unescape(re.search(r'data-scenario="([^"]*)"', section)[1]))


def sections(site, page: str) -> list[str]:
    text = (site / "exemples" / page / "index.html").read_text(encoding="utf-8")
    return re.findall(r'<section class="exemple".*?</section>', text, re.S)


@pytest.mark.parametrize("page, blocks", [("exemple-3", 1), ("exemple-6", 2)])
def test_every_choice_of_examples_3_and_6_is_drawn_without_javascript(site, page, blocks):
    found = 0
    for section in sections(site, page):
        scenario = scenario_of(section)
        choice_steps = [s for s in replay(scenario, draw=False) if s["choice"]]
        for block, step in zip(BLOCK.findall(section), choice_steps):
            found += 1
            choice = step["choice"]
            figures = FIGURE.findall(block)
            assert len(figures) == len(choice["options"]) == 4
            assert [bool(shown) for shown, _ in figures].count(True) == 1
            for (shown, figure), option in zip(figures, choice["options"]):
                row = option["row"]
                alt = copy.deepcopy(scenario)
                alt["turns"][step["turn"] - 1]["choices"][choice["player"]] = row
                end = replay(alt, draw=False)[-1]
                assert bool(shown) == (row == choice["chosen"])
                if shown:
                    assert "le choix de l’exemple" in figure
                assert f"Si {choice['player']} ramasse la rangée\u00a0{row + 1}" in figure
                own = option["heads"]
                assert f"{own}\u00a0tête" in figure, figure
                svg = re.search(r"<svg.*?</svg>", figure, re.S)[0]
                assert f'data-row="{row}"' in svg
                cards = [int(c) for c in re.findall(r'data-card="(\d+)"', svg)]
                assert cards == [c for r in end["rows"] for c in r]
                others = {p: h for p, h in end["penalties"].items() if h and p != choice["player"]}
                for player, heads in others.items():
                    assert f"{player} ramasse la rangée" in figure and f"({heads}\u00a0tête" in figure
                if not others:
                    assert "personne d’autre ne ramasse" in figure
    assert found == blocks


def test_the_corrected_example_6_shows_that_only_the_full_row_spares_chloe(site):
    corrected = next(s for s in sections(site, "exemple-6") if 'id="exemple-6-corrige"' in s)
    figures = dict((i, f) for i, (_, f) in enumerate(FIGURE.findall(corrected)))
    assert "Chloé" not in figures[1] and "5\u00a0têtes de bœuf pour Alice" in figures[1]
    for i in (0, 2, 3):
        assert "puis Chloé ramasse la rangée\u00a02 (5\u00a0têtes de bœuf)" in figures[i]


def test_no_choice_no_block_and_special_cards_left_out():
    plain = {"rows": [[12], [28], [39], [44]], "turns": [{"plays": {"A": 37}}]}
    assert choices_html(plain, replay(plain, draw=False)) == ""
    special = {"variant": "speciales", "rows": [[12], [28], [39], [44]],
               "turns": [{"plays": {"A": 5}, "choices": {"A": 0}}]}
    from game.specials.replay import replay as replay_specials
    assert choices_html(special, replay_specials(special, draw=False)) == ""
