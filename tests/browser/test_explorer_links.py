"""« Ouvrir dans l’explorateur » followed in the browser: from every worked example (its start) and
from a step in the middle of a replay. The explorer's editor then holds that position, as the
engine works it out in CPython. From an example the reader changed: test_player_engine.py (where
the player's engine already runs); from « Jouer une manche »: test_engine_on_request.py (where
Jouer's engine already runs).
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from harness import ENGINE_TIMEOUT_MS
from game.explore import codec
from game.explore.steps import position_at
from player_helpers import button, current_step, example_page_urls, record_engine_requests, scenario_of

pytestmark = pytest.mark.slow

CHECKED = "form.explorer-position[data-valide=true]"
LINK = ".exemple-explorateur a"


def editor(page) -> dict:
    """What the explorer's editor shows, as numbers."""
    def cards(selector):
        return [int(c) for c in page.input_value(selector).split()]

    rows = [cards(f"#explorer-rangee-{i + 1}") for i in range(5)]
    return {"rows": [r for r in rows if r], "hand": cards("#explorer-main"),
            "players": int(page.input_value("#explorer-joueurs")),
            "variant": page.input_value("#explorer-variante"), "gone": cards("#explorer-sorties")}


def expected(position) -> dict:
    return {"rows": [list(r) for r in position.rows], "hand": list(position.hand),
            "players": position.players, "variant": position.variant, "gone": list(position.gone)}


def wait_for_position(page, fragment: str):
    page.wait_for_function("(f) => location.hash === '#' + f", arg=fragment)
    page.wait_for_selector(CHECKED, timeout=ENGINE_TIMEOUT_MS)


@pytest.mark.returning_reader
def test_a_middle_step_then_every_example_open_their_position_in_the_explorer(page, server):
    """The link is the step's own (the build's links: no engine until the explorer opens), shown
    with it; a reader follows it by a click. Then every worked example's link (its start), read before
    any script of its page ran it, opens that position in the same explorer (its engine started
    once: a link changes only the address's fragment)."""
    links = []   # (example page, section id, scenario, href)
    for url in example_page_urls():
        page.goto(server.url(url))
        for section in page.eval_on_selector_all("section.exemple[data-scenario]", "ss => ss.map((s) => s.id)"):
            if page.get_attribute(f"#{section}", "data-variant") == "junior":
                continue
            href = page.eval_on_selector(f"#{section}-etape-0 {LINK}", "a => a.href")
            links.append((url, section, scenario_of(page, section), href))
    assert len(links) >= 15
    # A step in the middle of a replay, followed by a click.
    requests = record_engine_requests(page)
    page.goto(server.url("exemples/exemple-4/"))
    sid = "exemple-4"
    scenario = scenario_of(page, sid)
    button(page, sid, "next").click()
    button(page, sid, "next").click()   # step 2: Alice's 15 is placed, Bruno's 27 comes next
    step = current_step(page, sid)
    assert step["n"] == 2
    link = page.locator(f"#{sid} .courante {LINK}")
    assert page.locator(f"#{sid} {LINK}").count() > 1 and link.is_visible()
    fragment = urlsplit(link.get_attribute("href")).fragment
    assert fragment == codec.link_at(scenario, 2)["fragment"]
    assert "l’étape 2, avec en main la carte de Bruno" in page.inner_text(f"#{sid} .courante .exemple-explorateur")
    button(page, sid, "last").click()   # the end: no card left to play, no link
    assert current_step(page, sid)["n"] > 2 and page.locator(f"#{sid} .courante {LINK}").count() == 0
    assert page.locator(f"#{sid} {LINK}:visible").count() == 0
    button(page, sid, "first").click()
    button(page, sid, "next").click()
    button(page, sid, "next").click()
    assert requests == []
    link.click()
    wait_for_position(page, fragment)
    assert editor(page)["rows"] == step["rows"] == [[10, 15], [26], [38], [44]]
    assert editor(page)["hand"] == [27]
    # Every example's start, in the explorer now open.
    for url, section, scenario, href in links:
        assert href.startswith(server.url("outils/explorer/#")), href
        if page.url != href:
            page.goto(href)
        wait_for_position(page, urlsplit(href).fragment)
        assert editor(page) == expected(position_at(scenario, 0)), f"{url}#{section}"
