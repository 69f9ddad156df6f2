"""The step player in Chromium, against the built site served under a sub-path.

Every table the page shows is read back from its data-row/data-card attributes and compared with
what CPython's `game/` computes. Stepping, a first row choice and the quiz use what the build wrote
(no engine request); « Rejouer avec ces cartes » starts the engine, whose tables must agree too.
"""

from __future__ import annotations

import re

import pytest

from harness import ENGINE_TIMEOUT_MS, Guard, sealed_page, start_engine_by_what_if
from game import variants, web
from player_helpers import (button, current_step, example_page_urls, field, field_error,
                            record_engine_requests, scenario_of, sections)

pytestmark = pytest.mark.slow


def replay(scenario, **options):
    return variants.of(scenario).replay(scenario, **options)


def open_example(page, server, path):
    """The page, and a record of the engine files it requests from now on."""
    requests = record_engine_requests(page)
    page.goto(server.url(path))
    return requests


@pytest.mark.parametrize("path", example_page_urls())
def test_every_step_of_every_example_matches_cpython(page, server, path):
    """Stepping shows the build's steps, the same as CPython's, and downloads no engine."""
    requests = open_example(page, server, path)
    found = sections(page)
    assert found, f"{path}: no example section"
    for section in found:
        sid = section["id"]
        expected = variants.of(section["scenario"]).replay(section["scenario"], draw=False, pause=True)
        button(page, sid, "next").focus()
        page.keyboard.press("Home")
        for k, step in enumerate(expected):
            shown = current_step(page, sid)
            assert shown["n"] == k
            assert shown["rows"] == step["rows"], f"{sid} step {k}"
            assert shown["text"] == step["text"]
            assert page.url.endswith(f"#{sid}-etape-{k}")
            if k < len(expected) - 1:
                button(page, sid, "next").click()
        assert button(page, sid, "next").is_disabled()
    assert requests == []
    assert page.eval_on_selector_all("section.exemple[data-moteur]", "els => els.length") == 0


def test_engine_redraws_the_same_markup_as_the_static_page(page, server):
    """« Rejouer avec ces cartes » with the example's own cards: the engine's steps are the build's."""
    page.goto(server.url("exemples/exemple-4/"))
    static = page.eval_on_selector_all("#exemple-4 li.etape", "els => els.map((li) => li.innerHTML)")
    start_engine_by_what_if(page, "exemple-4")
    assert page.locator("#exemple-4 li.etape[data-html]").count() > 0  # the engine's, filled when shown
    assert current_step(page, "exemple-4")["n"] == 0  # the replay starts at its first step
    shown = []  # each step is filled when first shown: read it then
    for k in range(len(static)):
        shown.append(page.eval_on_selector("#exemple-4 li.etape:not([hidden])", "li => li.innerHTML"))
        if k < len(static) - 1:
            button(page, "exemple-4", "next").click()
    assert shown == static


def test_reader_picks_another_row_and_sees_its_cost(page, server):
    """A row choice (the build's pre-rendered answer: no engine), its cost to the end, and the
    example's own row taken back."""
    requests = open_example(page, server, "exemples/exemple-3/")
    scenario = scenario_of(page, "exemple-3")
    decision = next(s for s in replay(scenario, draw=False) if s["choice"])
    page.goto(server.url(f"exemples/exemple-3/#exemple-3-etape-{decision['n']}"))
    page.click("#exemple-3 .joueur-position")  # a click in the player starts nothing
    choices = page.locator("#exemple-3 .joueur-decision button")
    assert choices.count() == len(decision["choice"]["options"])
    assert "5\u00a0têtes de bœuf" in choices.nth(0).inner_text()
    assert choices.nth(0).get_attribute("aria-pressed") == "true"
    choices.nth(3).click()
    page.wait_for_selector('#exemple-3 .joueur-decision button[data-choix="3"][aria-pressed="true"]')
    chosen = variants.of(scenario).with_choice(scenario, decision, 3)
    expected = replay(chosen, draw=False)
    assert current_step(page, "exemple-3")["rows"] == expected[decision["n"]]["rows"]
    button(page, "exemple-3", "last").click()
    assert current_step(page, "exemple-3")["rows"] == expected[-1]["rows"]
    assert expected[-1]["penalties"][decision["choice"]["player"]] == 1
    # Clicking a row of the drawing chooses it too.
    button(page, "exemple-3", "first").click()
    for _ in range(decision["n"]):
        button(page, "exemple-3", "next").click()
    page.locator('#exemple-3 li.etape:not([hidden]) svg [data-row="1"]').click()
    page.wait_for_selector('#exemple-3 .joueur-decision button[data-choix="1"][aria-pressed="true"]')
    assert current_step(page, "exemple-3")["rows"] == replay(
        variants.of(scenario).with_choice(scenario, decision, 1), draw=False)[decision["n"]]["rows"]
    # The example's own row brings its steps back.
    chosen_row = decision["choice"]["chosen"]
    page.click(f'#exemple-3 .joueur-decision button[data-choix="{chosen_row}"]')
    page.wait_for_selector(f'#exemple-3 .joueur-decision button[data-choix="{chosen_row}"][aria-pressed="true"]')
    button(page, "exemple-3", "last").click()
    assert current_step(page, "exemple-3")["rows"] == replay(scenario, draw=False)[-1]["rows"]
    assert requests == []


def test_what_if_replays_the_readers_cards(page, server):
    """Opening « Et si… ? » downloads nothing and says what « Rejouer » will download; the
    reader's card is replayed by the engine like CPython, and « Revenir à l’exemple » undoes it."""
    requests = open_example(page, server, "exemples/exemple-4/")
    scenario = scenario_of(page, "exemple-4")
    page.click("#exemple-4 .joueur-et-si summary")
    note = page.locator("#exemple-4 .joueur-et-si .joueur-moteur-note").inner_text()
    assert re.search(r"environ \d+(,\d)?\u00a0Mo, une seule fois", note), note
    page.wait_for_timeout(500)
    assert requests == []
    players = list(scenario["turns"][0]["plays"])
    name = f"turns[0].plays.{players[0]}"
    field(page, "exemple-4", name).fill("99")
    start_engine_by_what_if(page, "exemple-4")
    assert requests != []
    assert field_error(page, "exemple-4", name).inner_text() == ""
    edited = {**scenario, "turns": [{"plays": {**scenario["turns"][0]["plays"], players[0]: 99}}]}
    expected = replay(edited, draw=False)
    button(page, "exemple-4", "last").click()
    assert current_step(page, "exemple-4")["rows"] == expected[-1]["rows"]
    # « Revenir à l'exemple » brings the original back.
    page.click("#exemple-4 .joueur-et-si button[type=button]")
    page.wait_for_function("() => document.querySelector('#exemple-4 .joueur-et-si [role=status]').textContent.includes('origine')")
    button(page, "exemple-4", "last").click()
    assert current_step(page, "exemple-4")["rows"] == replay(scenario, draw=False)[-1]["rows"]
    assert field(page, "exemple-4", name).input_value() == str(scenario["turns"][0]["plays"][players[0]])


@pytest.mark.parametrize("typed, message", [
    ("105", "La carte 105 n’existe pas\u00a0: les cartes vont de 1 à 104."),
    ("<img src=x onerror=alert(1)>", "«\u00a0<img src=x onerror=alert(1)>\u00a0» n’est pas un numéro de carte"),
])
def test_what_if_bad_card_is_explained_next_to_its_field(page, server, guard, typed, message):
    """The engine (started by the submit) says what is wrong next to the field; nothing else changes."""
    open_example(page, server, "exemples/exemple-4/")
    before = page.eval_on_selector_all("#exemple-4 li.etape", "els => els.map((li) => li.innerHTML)")
    page.click("#exemple-4 .joueur-et-si summary")
    player = list(scenario_of(page, "exemple-4")["turns"][0]["plays"])[1]
    name = f"turns[0].plays.{player}"
    field(page, "exemple-4", name).fill(typed)
    field(page, "exemple-4", name).press("Enter")
    error = field_error(page, "exemple-4", name)
    error.wait_for(state="visible", timeout=ENGINE_TIMEOUT_MS)
    assert message in error.inner_text()
    assert field(page, "exemple-4", name).get_attribute("aria-invalid") == "true"
    assert page.locator("#exemple-4 img").count() == 0
    after = page.eval_on_selector_all("#exemple-4 li.etape", "els => els.map((li) => li.innerHTML)")
    assert after == before  # nothing else changed
    page.wait_for_timeout(300)
    assert not guard.dialogs


def test_what_if_card_already_on_the_table(page, server):
    open_example(page, server, "exemples/exemple-4/")
    scenario = scenario_of(page, "exemple-4")
    page.click("#exemple-4 .joueur-et-si summary")
    player = list(scenario["turns"][0]["plays"])[0]
    on_table = scenario["rows"][2][-1]
    name = f"turns[0].plays.{player}"
    field(page, "exemple-4", name).fill(str(on_table))
    page.click("#exemple-4 .joueur-et-si button[type=submit]")
    error = field_error(page, "exemple-4", name)
    error.wait_for(state="visible", timeout=ENGINE_TIMEOUT_MS)
    assert error.inner_text() == f"La carte {on_table} est déjà sur la table."


def test_keyboard_only(page, server):
    requests = open_example(page, server, "exemples/exemple-4/")
    for _ in range(60):  # Tab from the top until the player's first control has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('#exemple-4 .joueur-commandes') !== null"):
            break
    else:
        pytest.fail("the player's controls cannot be reached with Tab")
    page.keyboard.press("ArrowRight")
    assert current_step(page, "exemple-4")["n"] == 1
    page.keyboard.press("End")
    steps = replay(scenario_of(page, "exemple-4"), draw=False)
    assert current_step(page, "exemple-4")["n"] == len(steps) - 1
    assert page.url.endswith(f"#exemple-4-etape-{len(steps) - 1}")
    page.keyboard.press("Home")
    assert current_step(page, "exemple-4")["n"] == 0
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    shown = current_step(page, "exemple-4")
    assert shown["rows"] == steps[2]["rows"]
    live = page.locator("#exemple-4 [aria-live=polite]").first.inner_text()
    assert live == steps[2]["text"]
    # The buttons work with Enter too, and show their focus.
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.dataset.action")
    page.keyboard.press("Enter")
    assert focused in ("prev", "next", "last", "first")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"
    assert requests == []


def test_opening_a_step_url_shows_that_step(page, server):
    requests = open_example(page, server, "exemples/exemple-4/#exemple-4-etape-3")
    assert current_step(page, "exemple-4")["n"] == 3
    page.click("#exemple-4 .joueur-position")
    shown = current_step(page, "exemple-4")
    assert shown["n"] == 3
    assert shown["rows"] == replay(scenario_of(page, "exemple-4"), draw=False)[3]["rows"]
    button(page, "exemple-4", "next").click()
    assert current_step(page, "exemple-4")["n"] == 4
    assert requests == []


def test_quiz_asks_where_the_card_goes(page, server):
    requests = open_example(page, server, "exemples/exemple-4/")
    scenario = scenario_of(page, "exemple-4")
    steps = web.steps_for(scenario)
    first = next(s for s in steps if s["target"])
    page.check("#exemple-4 .joueur-quiz input")
    for _ in range(first["n"]):
        button(page, "exemple-4", "next").click()
    question = page.locator("#exemple-4 .joueur-quiz-choix")
    question.wait_for()
    assert str(first["target"]["card"]) in question.locator("legend").inner_text()
    assert current_step(page, "exemple-4")["n"] == first["n"] - 1  # not shown before the guess
    wrong = (first["target"]["row"] + 1) % 4
    page.click(f'#exemple-4 button[data-quiz="{wrong}"]')
    verdict = page.locator("#exemple-4 .joueur-quiz-verdict")
    assert verdict.get_attribute("data-juste") == "false"
    assert f"rangée {first['target']['row'] + 1}" in verdict.inner_text()
    assert current_step(page, "exemple-4")["n"] == first["n"]
    assert requests == []


@pytest.mark.parametrize("broken", ["**/pyodide.asm.wasm", "**/js/worker.js", "**/engine-*.zip"])
def test_engine_failure_keeps_the_static_steps(page, server, broken):
    """An engine that cannot start at « Rejouer avec ces cartes » says so in French there; the
    built steps stay and still step."""
    page.route(broken, lambda route: route.abort())
    page.goto(server.url("exemples/exemple-4/"))
    count = page.locator("#exemple-4 li.etape").count()
    button(page, "exemple-4", "next").click()
    page.click("#exemple-4 .joueur-et-si summary")
    page.click("#exemple-4 .joueur-et-si button[type=submit]")
    page.wait_for_selector("#exemple-4[data-moteur=echec]", timeout=ENGINE_TIMEOUT_MS)
    status = page.locator("#exemple-4 .joueur-et-si .joueur-moteur .joueur-etat")
    assert status.is_visible()
    assert "n’a pas pu démarrer" in status.inner_text()
    assert page.locator("#exemple-4 li.etape").count() == count
    button(page, "exemple-4", "next").click()
    shown = current_step(page, "exemple-4")
    assert shown["n"] == 2  # the built steps still step
    assert shown["rows"] == replay(scenario_of(page, "exemple-4"), draw=False)[2]["rows"]


def test_the_guard_records_requests_to_other_hosts(browser, server):
    """Proof that the sealed context really catches a request to another host."""
    guard = Guard()
    context, tab = sealed_page(browser, server, guard)
    tab.goto(server.url("exemples/exemple-1/"))
    # The pages' CSP already stops a fetch() to another host, so navigate there instead.
    with pytest.raises(Exception):
        tab.goto("https://example.org/x.html")
    context.close()
    assert guard.foreign == ["https://example.org/x.html"]


def test_absolute_links_would_break_under_the_sub_path(page, server):
    """The server only serves under /depot/: the site loads, so its URLs are relative."""
    response = page.goto(server.origin + "/exemples/exemple-4/")
    assert response.status == 404
    assert page.goto(server.url("exemples/exemple-4/")).status == 200


def test_no_inline_script_in_example_pages(built_site):
    for html in built_site.rglob("*.html"):
        text = html.read_text(encoding="utf-8")
        for tag in re.findall(r"<script\b[^>]*>", text):
            assert "src=" in tag, f"{html}: inline script {tag}"
