"""The played cards drawn beside the table, in Chromium with the engine running in Pyodide: each
step of a turn shows the revealed cards in placement order with their players, the one placed
now outlined and those already placed ticked; the cards a player takes are drawn in their pile
line, and a row the new card restarts is not marked « ramassée ». The worked examples and
« Jouer une manche » show the same drawing (one Python renderer), its colours come from
cards.css (dark mode, print), and nothing overflows a 390 px screen.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness import ENGINE_TIMEOUT_MS, MOTION_DEFAULT, sealed_page
from player_helpers import (button, reading_context, reading_page,  # noqa: F401
                            READ_TAKES, READ_TURN, record_engine_requests, shown)

pytestmark = pytest.mark.slow

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SIX = "exemple-6-corrige"


@pytest.fixture
def page(reading_page):
    """Here `page` is a fresh tab of one context for the module (its tests start no engine:
    `player_helpers.reading_context`)."""
    return reading_page

def sized(browser, server, guard, width, height, **options):
    """A page of the given size, as a reader with no motion preference sees it (smooth scrolling)."""
    return sealed_page(browser, server, guard, viewport={"width": width, "height": height},
                       **{**MOTION_DEFAULT, **options})


FILL = """(root) => [...root.querySelectorAll('svg.sqp-tour .carte > rect, svg.sqp-pile .carte > rect')]
    .map((r) => getComputedStyle(r).fill)"""


def test_the_played_cards_take_their_colours_from_the_stylesheet(browser, server, guard):
    """One-head cards are « blanc »: the palette of cards.css for that mode (light, dark, print),
    not the SVG's own. One page, each mode emulated in turn."""
    context, page = sized(browser, server, guard, 1280, 800)
    try:
        page.goto(server.url(f"exemples/exemple-6/#{SIX}-etape-4"))
        for scheme, media, white in (("light", "screen", "rgb(251, 250, 246)"),
                                     ("dark", "screen", "rgb(222, 219, 211)"),
                                     ("light", "print", "rgb(255, 255, 255)")):
            page.emulate_media(color_scheme=scheme, media=media)
            fills = page.evaluate(FILL, shown(page, SIX))
            assert len(fills) == 4 + 5 and set(fills[4:]) == {white}, (scheme, media)  # the taken 36 … 43
            assert fills[0] == white, (scheme, media)                                  # Alice's 12
    finally:
        context.close()


@pytest.mark.parametrize("path", ["exemples/exemple-6/", "variantes/cartes-speciales/"])
def test_no_step_overflows_a_phone_screen(browser, server, guard, path):
    context, page = sized(browser, server, guard, 390, 844)
    try:
        page.goto(server.url(path))
        ids = page.eval_on_selector_all("section.exemple[data-scenario]", "els => els.map((s) => s.id)")
        for sid in ids:
            count = page.locator(f"#{sid} li.etape").count()
            for n in range(count):
                page.goto(server.url(f"{path}#{sid}-etape-{n}"))
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= 390, (sid, n, width)
                right = page.evaluate("(li) => Math.max(0, ...[...li.querySelectorAll('svg')].map("
                                      "(s) => s.getBoundingClientRect().right))", shown(page, sid))
                assert right <= 390, (sid, n, right)
        page.goto(server.url(f"exemples/exemple-6/#{SIX}-etape-4") if "exemple-6" in path
                  else server.url(f"{path}#exemple-speciale-stop-etape-3"))
        ARTIFACTS.mkdir(exist_ok=True)
        name = "exemple-6-tour" if "exemple-6" in path else "cartes-speciales-tour"
        page.locator("li.etape:not([hidden])").first.screenshot(path=str(ARTIFACTS / f"{name}-390x844.png"))
    finally:
        context.close()


def test_a_special_card_shows_on_its_number_card_once_played(page, server):
    page.goto(server.url("variantes/cartes-speciales/"))
    sid = "exemple-speciale-stop"
    requests = record_engine_requests(page)
    badges = []
    for n in range(1, 4):
        page.goto(server.url(f"variantes/cartes-speciales/#{sid}-etape-{n}"))
        badges.append(page.evaluate("(li) => [...li.querySelectorAll('svg.sqp-tour [data-played]')].map("
                                    "(g) => [g.dataset.player, [...g.querySelectorAll('.speciale')]"
                                    ".map((b) => b.dataset.special)])", shown(page, sid)))
    assert badges == [[["Alice", []], ["Bruno", []]], [["Alice", ["stop"]], ["Bruno", []]],
                      [["Alice", ["stop"]], ["Bruno", []]]]
    assert requests == []   # the build's steps: no engine


def test_a_junior_take_lists_the_cards_under_the_table(page, server):
    page.goto(server.url("junior/expert/"))
    sid = "exemple-junior-sixieme"
    requests = record_engine_requests(page)
    button(page, sid, "next").click()
    li = shown(page, sid)
    assert page.get_attribute(f"#{sid} li.etape:not([hidden])", "data-kind") == "take"
    takes = page.evaluate("(li) => [...li.querySelectorAll('.jr-ramasse')].map((p) => [p.dataset.taker,"
                          " p.querySelectorAll('svg.jr-pile [data-card]').length])", li)
    assert takes == [["Zoé", 5]]
    assert li.query_selector(".jr-taken-tag") is None   # the row now holds Zoé's card
    assert requests == []   # the build's steps: no engine


TOO_LOW = {
    "rows": [[22], [30], [41], [50]],
    "turns": [],
    "hands": {"Camille": [5, 61, 62, 63, 64, 65, 66, 67, 68, 69],
              "Alice": [70, 71, 72, 73, 74, 75, 76, 77, 78, 79]},
}


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_jouer_draws_the_cards_of_the_turn_while_they_are_placed(browser, server, guard, tmp_path, width, height,
                                                                 engine_snapshot):
    saved = tmp_path / "manche.json"
    saved.write_text(json.dumps(TOO_LOW), encoding="utf-8")
    context, page = sized(browser, server, guard, width, height, snapshot=engine_snapshot)
    try:
        page.goto(server.url("outils/jouer/"))
        page.select_option("#jouer-vitesse", "1600")   # lente: each step stays on screen
        page.set_input_files("#jouer-fichier", str(saved))
        page.wait_for_selector("[data-jouer][data-phase=play]:not([aria-busy])", state="attached",
                               timeout=ENGINE_TIMEOUT_MS)
        page.click(".jouer-carte[data-card='5']")
        page.wait_for_selector("[data-jouer][data-phase=row]:not([aria-busy])", state="attached")
        scene = page.query_selector(".jouer-scene")
        assert page.evaluate(READ_TURN, scene) == [[5, "Camille", "current"], [70, "Alice", "waiting"]]
        page.click(".jouer-rangee[data-row='2']")
        # Mid-turn, the take step: row 3's 41 goes to Camille's pile line, her 5 starts the row.
        page.wait_for_selector(".jouer-scene .ramasse[data-taker=Camille]", timeout=10_000)
        scene = page.query_selector(".jouer-scene")
        assert page.evaluate(READ_TAKES, scene) == [["Camille", [41]]]
        assert page.evaluate(READ_TURN, scene) == [[5, "Camille", "current"], [70, "Alice", "waiting"]]
        assert scene.query_selector("svg.sqp-table .tag") is None
        # The question is answered: the heading no longer asks for a row while the cards move.
        assert page.text_content(".jouer-statut").startswith("Les cartes du tour se posent")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        ARTIFACTS.mkdir(exist_ok=True)
        shot = ARTIFACTS / f"jouer-tour-{width}x{height}.png"   # kept by `make test` (README)
        page.screenshot(path=str(shot))
        header = shot.read_bytes()[:24]
        assert header[:8] == b"\x89PNG\r\n\x1a\n"
        assert (int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")) == (width, height)
        # The view follows the cards being placed: the turn's cards and the table are on screen.
        for selector in (".jouer-scene svg.sqp-tour", ".jouer-scene svg.sqp-table", ".jouer-scene .ramasse"):
            box = page.eval_on_selector(selector, "e => e.getBoundingClientRect().toJSON()")
            assert box["right"] <= width and box["top"] >= 0 and box["bottom"] <= height, (selector, box)
        page.wait_for_selector("[data-jouer][data-phase=play]:not([aria-busy])", state="attached")
        scene = page.query_selector(".jouer-scene")
        assert page.evaluate(READ_TURN, scene) == [[5, "Camille", "placed"], [70, "Alice", "placed"]]
    finally:
        context.close()
    assert not guard.page_errors
