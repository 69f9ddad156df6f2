"""The « 6 qui prend Junior » pages in Chromium (every Junior step, stepped through as the build
wrote it with no engine, is compared with CPython's `game.web` in test_player_built.py, with
every other example's): choosing another row shows the build's pre-rendered answer or the
engine's French refusal, and a second change starts the Junior engine in Pyodide. Screenshots
(desktop, 320 px, greyscale) go to test-artifacts/junior/ for a human to check that every cow
reads without colour.

Contract (CONTRIBUTING « Example markup »): `<section class="exemple" data-variant="junior"
id="exemple-junior-X" data-exemple="junior-X">`; the player sends `replay` / `choose`, as for
every variant (CONTRIBUTING « Worker messages »);
each move step holds the engine's box (game/player_boxes.py), which the player shows on the step
shown (`.courante`): `.joueur-decision button[data-choix=r]` for r = 0..3 and a `.joueur-refus`
line for refusals.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from harness import ENGINE_TIMEOUT_MS, Guard, sealed_page
from game import web
from game.web import steps_for
from player_helpers import record_engine_requests


def choose_message(request):
    return json.loads(web.handle(json.dumps({"type": "choose", **request})))


def with_row(scenario, move, row):
    """The scenario with move `move` (0-based) played in `row` (the later ones kept while legal)."""
    return choose_message({"scenario": scenario, "step": move + 1, "row": row})["scenario"]

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "junior"
PAGES = ["junior/", "junior/base/", "junior/avance/", "junior/expert/"]

READ_TABLE = """(li) => [...li.querySelectorAll('svg.jr-table [data-row]')].map(
    (row) => [...row.querySelectorAll('[data-card]')].map((card) => Number(card.dataset.card)))"""


def junior_sections(page) -> list[dict]:
    return page.eval_on_selector_all(
        "section.exemple[data-variant=junior]",
        "els => els.map((s) => ({id: s.id, scenario: JSON.parse(s.dataset.scenario)}))")


def shown(page, section_id: str) -> dict:
    li = page.locator(f"#{section_id} li.etape:not([hidden])")
    assert li.count() == 1, f"{section_id}: {li.count()} steps shown at once"
    return {"n": int(li.get_attribute("data-step")),
            "rows": page.evaluate(READ_TABLE, li.element_handle()),
            "text": li.locator(".jr-etape > figcaption").inner_text()}


def control(page, section_id: str, action: str):
    return page.locator(f"#{section_id} .joueur-commandes button[data-action={action}]")


def open_page(page, server, path):
    """The page, and a record of the engine files it requests from now on."""
    requests = record_engine_requests(page)
    page.goto(server.url(path))
    return requests


def go_to(page, section_id: str, n: int):
    control(page, section_id, "next").focus()
    page.keyboard.press("Home")
    for _ in range(n):
        page.keyboard.press("ArrowRight")
    assert shown(page, section_id)["n"] == n


def _olivier(page, server):
    requests = open_page(page, server, "junior/base/")
    sid = "exemple-junior-olivier"
    scenario = json.loads(page.get_attribute(f"#{sid}", "data-scenario"))
    control(page, sid, "next").click()
    assert shown(page, sid)["n"] == 1
    return sid, scenario, requests


@pytest.mark.returning_reader
def test_choosing_another_allowed_row_replays_with_the_junior_engine(page, server, guard):
    """One card put in another row: the build's answer, no engine. A second change (another
    card of the changed example) says it downloads the engine, then the Junior engine answers."""
    sid, scenario, requests = _olivier(page, server)
    buttons = page.locator(f"#{sid} .courante .joueur-decision button[data-choix]")
    assert buttons.count() == 4
    assert page.get_attribute(f"#{sid} .courante [data-choix='0']", "aria-pressed") == "true"
    page.click(f"#{sid} .courante [data-choix='2']")  # the third row also lacks an Écosse cow
    page.wait_for_selector(f"#{sid} .courante [data-choix='2'][aria-pressed=true]")
    expected = steps_for(with_row(scenario, 0, 2))[1]
    now = shown(page, sid)
    assert now["n"] == 1 and now["rows"] == expected["rows"] and now["text"] == expected["text"]
    page.wait_for_timeout(500)
    assert requests == []
    # Emma's example: her second card elsewhere (the build's), then her first one (the engine).
    sid = "exemple-junior-emma"
    scenario = json.loads(page.get_attribute(f"#{sid}", "data-scenario"))
    go_to(page, sid, 2)
    page.click(f"#{sid} .courante [data-choix='3']")
    page.wait_for_selector(f"#{sid} .courante [data-choix='3'][aria-pressed=true]")
    changed = with_row(scenario, 1, 3)
    assert shown(page, sid)["rows"] == steps_for(changed)[2]["rows"]
    assert requests == []
    control(page, sid, "prev").click()
    note = page.locator(f"#{sid} .courante .joueur-decision .joueur-moteur-note").inner_text()
    assert re.search(r"environ \d+(,\d)?\u00a0Mo, une seule fois", note), note
    page.click(f"#{sid} .courante [data-choix='2']")
    page.wait_for_selector(f"#{sid} .courante [data-choix='2'][aria-pressed=true]", timeout=ENGINE_TIMEOUT_MS)
    expected = steps_for(with_row(changed, 0, 2))[1]
    now = shown(page, sid)
    assert now["n"] == 1 and now["rows"] == expected["rows"] and now["text"] == expected["text"]
    assert requests != [] and page.get_attribute(f"#{sid}", "data-moteur") == "pret"
    assert guard.page_errors == []


def test_a_refused_row_shows_the_engines_french_sentence_and_changes_nothing(page, server, guard):
    """A row the rules refuse: the build's French refusal (the engine's sentence), no engine."""
    sid, scenario, requests = _olivier(page, server)
    before = shown(page, sid)
    page.click(f"#{sid} .courante [data-choix='1']")  # the second row already has an Écosse cow
    refusal = page.locator(f"#{sid} .courante .joueur-decision .joueur-refus")
    expected = choose_message({"scenario": scenario, "step": 1, "row": 1})
    assert expected["ok"] is False
    sentence = expected["errors"][0]["message"]
    page.wait_for_function("([el, text]) => el.textContent === text",
                           arg=[refusal.element_handle(), sentence])
    assert "n’ajoute aucune nouvelle vache" in sentence
    assert shown(page, sid) == before
    assert refusal.get_attribute("role") == "alert"
    # Then the row the step shows: nothing to change, and the refusal of the other row goes.
    page.click(f"#{sid} .courante .joueur-decision button[aria-pressed=true]")
    page.wait_for_function("(el) => el.textContent === ''", arg=refusal.element_handle())
    assert shown(page, sid) == before
    assert guard.page_errors == []
    assert requests == []


@pytest.mark.screenshots   # `make screenshots`: the walk checks every page at 320 px
def test_junior_pages_screenshots_desktop_phone_and_greyscale(browser, server):
    """Saved for a human; at 320 px no page may scroll sideways. Each page freshly loaded at
    each size, in one context (nothing of a page's state matters here)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    guard = Guard()
    context, page = sealed_page(browser, server, guard, viewport={"width": 1280, "height": 900})
    try:
        for path in PAGES:
            name = path.strip("/").replace("/", "-")
            for width, grey in ((1280, False), (320, False), (1280, True)):
                page.set_viewport_size({"width": width, "height": 900})
                page.goto(server.url(path), wait_until="load")
                if grey:
                    page.evaluate("document.documentElement.style.filter = 'grayscale(1)'")
                overflow = page.evaluate(
                    "document.documentElement.scrollWidth - document.documentElement.clientWidth")
                assert overflow <= 0, f"{path} scrolls sideways by {overflow}px at {width}px"
                suffix = "gris" if grey else f"{width}"
                page.screenshot(path=str(ARTIFACTS / f"{name}-{suffix}.png"), full_page=True)
    finally:
        context.close()
    assert guard.page_errors == [] and guard.foreign == [] and guard.dialogs == [], guard
