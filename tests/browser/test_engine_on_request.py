"""The engine (about 20 MB) starts only when the reader asks: never on hover, focus or idle.

On the explorer and on « Jouer une manche », the pointer goes over every control, Tab visits
every one of them, a field is typed in, and 15 seconds pass (on the page's clock, which
`harness.idle` moves at once): not one byte of Pyodide or of the
engine is fetched. Then the reader asks (« Vérifier la position », « Commencer la partie ») and
the engine starts; on Jouer, « Ouvrir dans l’explorateur » then opens the reader's position.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest

from game.explore import codec
from game.explore.steps import position_in_game
from harness import ENGINE_TIMEOUT_MS, fast_clock, idle, seed_deals
from test_explorer_links import editor, expected, wait_for_position
from player_helpers import HEAVY

# The subject is when the engine starts, not how: it starts as a returning reader's does.
pytestmark = [pytest.mark.slow, pytest.mark.returning_reader]

CONTROLS = "input, select, button, textarea, summary, a[href], [tabindex]"


def wander(page, scope: str) -> int:
    """Hover every visible control of `scope`, then Tab through the whole page; the number of
    controls the focus met."""
    controls = page.locator(f"{scope} :is({CONTROLS})")
    for i in range(controls.count()):
        control = controls.nth(i)
        if control.is_visible():
            control.hover()
    page.mouse.move(5, 5)
    page.evaluate("""() => { window.__met = new Set();
        document.addEventListener('focusin', (e) => window.__met.add(e.target.outerHTML.slice(0, 80))); }""")
    for _ in range(controls.count() + 60):
        page.keyboard.press("Tab")
    return page.evaluate("window.__met.size")


def heavy(fetched: list) -> list:
    return [url for url in fetched if HEAVY.search(url)]


def test_the_explorer_starts_its_engine_only_on_request(page, server):
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    fast_clock(page)
    page.goto(server.url("outils/explorer/"))
    page.wait_for_selector("[data-explorer][data-pret]")
    assert wander(page, "[data-explorer]") > 20
    page.fill("#explorer-rangee-1", "5")   # typing is not asking
    idle(page)
    assert heavy(fetched) == [] and page.evaluate("() => performance.getEntriesByName("
                                                  "'moteur-demarrage').length") == 0
    assert page.is_visible("[data-avant-moteur]")   # the page says when the check happens
    page.click("[data-action=verifier]")
    page.wait_for_selector("form.explorer-position[data-valide]", timeout=ENGINE_TIMEOUT_MS)
    assert any(url.endswith("pyodide.asm.wasm") for url in heavy(fetched))
    assert "Une rangée commence" in page.inner_text("#explorer-rangee-2-erreur")


def test_jouer_starts_its_engine_only_on_request_and_links_its_position_to_the_explorer(page, server):
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    fast_clock(page)
    page.goto(server.url("outils/jouer/"))
    page.wait_for_selector(".jouer-reglages:not([hidden])")
    assert wander(page, "[data-jouer]") > 5
    page.fill("#jouer-nom", "Lou")
    idle(page)
    assert heavy(fetched) == []
    page.select_option("#jouer-bots", "2")
    seed_deals(page, "jouer on request")
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_selector(".jouer-partie .jouer-carte", timeout=ENGINE_TIMEOUT_MS)
    assert any(url.endswith("pyodide.asm.wasm") for url in heavy(fetched))
    # The game now running, « Ouvrir dans l’explorateur » opens the reader's position.
    link = page.locator("a.jouer-explorateur:not([data-indisponible])")
    link.wait_for(timeout=ENGINE_TIMEOUT_MS)
    state = json.loads(page.evaluate("() => sessionStorage.getItem('sqp-jouer-v1')"))
    position = position_in_game(state)
    fragment = urlsplit(link.get_attribute("href")).fragment
    assert codec.decode(fragment).position == position
    hand = page.eval_on_selector_all(".jouer-main .jouer-carte", "bs => bs.map((b) => Number(b.dataset.card))")
    assert list(position.hand) == hand and position.players == 3
    link.click()
    wait_for_position(page, fragment)
    assert editor(page) == expected(position)
