"""« Ouvrir dans l’explorateur » followed in the browser: from every worked example (its start),
from a step in the middle of a replay, from an example the reader changed, and from « Jouer une
manche ». The explorer's editor then holds that position, as the engine works it out in CPython.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest

from harness import ENGINE_TIMEOUT_MS
from game.explore import codec
from game.explore.steps import position_at, position_in_game
from player_helpers import (button, current_step, example_page_urls, field, record_engine_requests,
                            scenario_of)

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


def test_every_example_opens_its_start_in_the_explorer(page, server):
    links = []   # (example page, section id, scenario, href), read before any script runs it
    for url in example_page_urls():
        page.goto(server.url(url))
        for section in page.eval_on_selector_all("section.exemple[data-scenario]", "ss => ss.map((s) => s.id)"):
            if page.get_attribute(f"#{section}", "data-variant") == "junior":
                continue
            href = page.eval_on_selector(f"#{section} {LINK}", "a => a.href")
            links.append((url, section, scenario_of(page, section), href))
    assert len(links) >= 15
    # Follow the first link by a click, as a reader does; the others open in the same explorer.
    first_url, first_section, _, _ = links[0]
    page.goto(server.url(first_url))
    page.click(f"#{first_section} {LINK}")
    for url, section, scenario, href in links:
        assert href.startswith(server.url("outils/explorer/#")), href
        fragment = urlsplit(href).fragment
        if page.url != href:
            page.goto(href)
        wait_for_position(page, fragment)
        assert editor(page) == expected(position_at(scenario, 0)), f"{url}#{section}"


def test_a_step_in_the_middle_of_a_replay_opens_that_step(page, server):
    """The link follows the step shown (the build's links: no engine until the explorer opens)."""
    requests = record_engine_requests(page)
    page.goto(server.url("exemples/exemple-4/"))
    sid = "exemple-4"
    scenario = scenario_of(page, sid)
    button(page, sid, "next").click()
    button(page, sid, "next").click()   # step 2: Alice's 15 is placed, Bruno's 27 comes next
    step = current_step(page, sid)
    assert step["n"] == 2
    link = page.locator(f"#{sid} {LINK}")
    fragment = urlsplit(link.get_attribute("href")).fragment
    assert fragment == codec.link_at(scenario, 2)["fragment"]
    assert "l’étape 2, avec en main la carte de Bruno" in page.inner_text(f"#{sid} .exemple-explorateur")
    button(page, sid, "last").click()   # the end: no card left to play, no link
    assert page.locator(f"#{sid} .exemple-explorateur").is_hidden()
    button(page, sid, "first").click()
    button(page, sid, "next").click()
    button(page, sid, "next").click()
    assert requests == []
    link.click()
    wait_for_position(page, fragment)
    assert editor(page)["rows"] == step["rows"] == [[10, 15], [26], [38], [44]]
    assert editor(page)["hand"] == [27]


def test_a_changed_example_is_linked_by_the_engine(page, server):
    page.goto(server.url("exemples/exemple-4/"))
    sid = "exemple-4"
    page.click(f"#{sid} .joueur-et-si summary")
    field(page, sid, "rows[0]").fill("9")
    href = page.locator(f"#{sid} {LINK}")
    built = href.get_attribute("href")
    page.click(f"#{sid} .joueur-et-si button[type=submit]")
    page.wait_for_selector(f"#{sid} .joueur-message:not(:empty)", timeout=ENGINE_TIMEOUT_MS)
    # The build's link is a #v2. link too: wait for the engine's, which replaces it.
    page.wait_for_function("([sel, built]) => document.querySelector(sel).getAttribute('href') !== built",
                           arg=[f"#{sid} {LINK}", built])
    position = codec.decode(urlsplit(href.get_attribute("href")).fragment).position
    assert position.rows[0] == (9,)   # not the build's link: the engine's, for the new table
    href.click()
    page.wait_for_selector(CHECKED, timeout=ENGINE_TIMEOUT_MS)
    assert editor(page)["rows"][0] == [9]


def test_jouer_opens_the_readers_position(page, server):
    page.goto(server.url("outils/jouer/"))
    page.select_option("#jouer-bots", "2")
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_selector(".jouer-partie .jouer-carte", timeout=ENGINE_TIMEOUT_MS)
    link = page.locator("a.jouer-explorateur:not([hidden])")
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
