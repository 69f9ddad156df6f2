"""The special-cards page (« 6 qui surprend ! ») in Chromium: every step of every special example,
stepped through as the build wrote it (no engine download), shows the table and text CPython's
replay of that variant computes (read back from data-row/data-card), and the page offers only
what makes sense for the variant: steps and row choices, no classic « Et si… ? » form and no quiz;
the build's « Et sans la carte spéciale ? » box is there. Each row choice of these examples is
checked against CPython, with no engine request, in test_player_built.py (one deviation is all a
special example offers: no changed example here stops on another choice).
The shared `page` fixture fails the test on any request leaving the origin.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from game import web
from game.messages.specials import comparison_text
from game.specials.cards import KINDS
from game.specials.replay import compare, replay
from player_helpers import (button, current_step, reading_context, reading_page,  # noqa: F401
                            record_engine_requests, sections)

pytestmark = pytest.mark.slow

PATH = "variantes/cartes-speciales/"


@pytest.fixture
def page(reading_page):
    """Here `page` is a fresh tab of one context for the module (its tests start no engine:
    `player_helpers.reading_context`)."""
    return reading_page


@pytest.fixture
def guard(reading_context):
    """What the module's context recorded (`page`'s tab is in it)."""
    return reading_context[1]


def special_sections(page) -> list[dict]:
    return [s for s in sections(page)
            if page.get_attribute(f"#{s['id']}", "data-variant") == "speciales"]


def test_every_special_example_steps_like_cpython_with_no_engine(page, server, guard):
    requests = record_engine_requests(page)
    page.goto(server.url(PATH))
    static = {s["id"]: page.eval_on_selector_all(f"#{s['id']} li.etape", "els => els.map((li) => li.innerHTML)")
              for s in special_sections(page)}
    found = special_sections(page)
    assert len(found) == len(KINDS) + 1, [s["id"] for s in found]  # + a Stop making a card too low
    for section in found:
        sid = section["id"]
        expected = replay(section["scenario"], draw=False, pause=True)
        assert expected[-1]["kind"] != "choice", f"{sid} stops on an unanswered choice"
        button(page, sid, "next").focus()
        page.keyboard.press("Home")
        for k, step in enumerate(expected):
            shown = current_step(page, sid)
            assert shown["n"] == k
            assert shown["rows"] == step["rows"], f"{sid} step {k}"
            assert shown["text"] == step["text"], f"{sid} step {k}"
            assert page.url.endswith(f"#{sid}-etape-{k}")
            if k < len(expected) - 1:
                button(page, sid, "next").click()
        assert button(page, sid, "next").is_disabled()
        stepped = page.eval_on_selector_all(f"#{sid} li.etape", "els => els.map((li) => li.innerHTML)")
        assert stepped == static[sid], f"{sid}: stepping changed the built markup"
    assert guard.page_errors == []
    assert requests == []
    assert page.eval_on_selector_all("section.exemple[data-moteur]", "els => els.length") == 0


def test_special_sections_offer_no_classic_what_if_nor_quiz(page, server, guard):
    page.goto(server.url(PATH))
    for section in special_sections(page):
        sid = section["id"]
        assert page.locator(f"#{sid} .joueur-commandes button").count() == 4
        assert not page.locator(f"#{sid} .joueur-et-si").is_visible()
        assert not page.locator(f"#{sid} .joueur-quiz").is_visible()
    assert guard.page_errors == []


def test_the_comparison_box_is_computed_by_the_engine(page, server, guard):
    page.goto(server.url(PATH))
    found = special_sections(page)
    assert found
    for section in found:
        sid = section["id"]
        result = compare(section["scenario"])
        players = [p for turn in section["scenario"]["turns"] for p in turn.get("specials", {})]
        box = page.locator(f"#{sid} aside.comparaison")
        assert box.count() == 1
        assert "Et sans la carte spéciale" in box.inner_text()
        shown = box.locator("li").all_inner_texts()
        for player in players:
            assert comparison_text(player, result["with"][player], result["without"][player]) in shown
    assert guard.page_errors == []


def test_another_row_retells_the_comparison_box_and_the_row_taken_back_restores_it(page, server, guard):
    """In « 5ᵉ série », Chloé taking the fifth row (Alice's 28) instead of the first leaves Alice's
    29 sixth in a full row: her card then saves her nothing, and the box says so (it kept the
    example's « économiser 6 » before). The build's choix.json answers: no engine."""
    sid = "exemple-speciale-5e-serie"
    page.goto(server.url(PATH))
    section = next(s for s in special_sections(page) if s["id"] == sid)
    decision = next(s for s in replay(section["scenario"], draw=False, pause=True) if s.get("choice"))
    written = page.inner_text(f"#{sid} aside.comparaison")
    changed = json.loads(web.handle(json.dumps({"type": "choose", "scenario": section["scenario"],
                                                "step": decision["n"], "row": 4})))
    assert "Alice aurait marqué autant" in changed["comparison"]
    requests = record_engine_requests(page)
    page.goto(server.url(f"{PATH}#{sid}-etape-{decision['n']}"))
    page.click(f'#{sid} .courante .joueur-decision button[data-choix="4"]')
    box = page.locator(f"#{sid} aside.comparaison")
    expect(box).to_contain_text("Alice aurait marqué autant")
    assert box.locator("li").all_inner_texts() == re.findall(r"<li>(.*?)</li>", changed["comparison"])
    page.click(f'#{sid} .courante .joueur-decision button[data-choix="{decision["choice"]["chosen"]}"]')
    expect(box).not_to_contain_text("autant")
    assert box.inner_text() == written
    assert requests == [] and guard.page_errors == []
