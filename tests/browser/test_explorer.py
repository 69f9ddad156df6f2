"""« L’explorateur de positions »: edit a position, share its link, get the same estimate.

The page holds no rule: every message and figure comes from the engine in the worker, so these
tests also check that the browser's figures are CPython's for the same position and seed.

Starting the engine costs seconds of CPU: the tests that need it share one page (`explorer`)
whose engine started as it opened a link, and each begins with `blank`, a damaged link that
empties the editor (the page's own answer to a link it cannot read). The keyboard walk, axe
checking it on the way, starts from a page load, so it opens its own; a link opened anew in a
fresh page, its position and its figures, is test_journeys.py's explorer journey (in Chromium
too).
"""

from __future__ import annotations

import json
import re

import pytest
from harness import ENGINE, ENGINE_TIMEOUT_MS, Guard, fast_clock, idle, sealed_page, tab_to
from playwright.sync_api import expect

from game.explore import codec
from game.explore.position import Position
from game.explore.risk import MAX_CHUNK, estimate

PAGE = "outils/explorer/"
VERIFY = "[data-action=verifier]"
ROWS = ["3 12 15", "28 30", "39 41 42 43 47", "60"]
HAND = "5 29 33 48 61 90"
CHECKED = "form.explorer-position[data-valide=true]"
FINISHED = "[data-resultats][data-fini=true]"


V1_LINK = "#v1.YgAAAAcDAwwPAhweBScpKisvATwGBR0hMD1aAgECAgABB3qw3ac"
DAMAGED_LINK = "#v1.AgMDDA8CHB4FJykqKy8BPAYFHSEwPVoCAQICAAEHF7Z"


def open_page(page, server, fragment: str = ""):
    page.goto(server.url(PAGE) + fragment)
    page.wait_for_selector("[data-explorer][data-pret]")


@pytest.fixture(scope="module")
def explorer(browser, server, engine_snapshot):
    """One sealed explorer page whose engine started as the page opened a damaged link (the load
    path of a shared link: the engine reads it), with its guard. The reader has been here before:
    the engine starts from the snapshot their browser keeps (the first start is the journeys')."""
    guard = Guard()
    context, page = sealed_page(browser, server, guard, viewport={"width": 1200, "height": 900},
                                snapshot=engine_snapshot)
    open_page(page, server, DAMAGED_LINK)
    page.wait_for_function("() => document.querySelector('[data-erreur=lien]').textContent",
                           timeout=ENGINE_TIMEOUT_MS)
    assert "abîmé" in page.inner_text("[data-erreur=lien]")
    assert page.input_value("#explorer-rangee-1") == "" and page.input_value("#explorer-main") == ""
    assert page.evaluate("document.documentElement.dataset.demarrage") == "snapshot"
    yield page, guard
    context.close()


@pytest.fixture
def shared(explorer):
    """The shared page, blank, at the default size; the test fails if it reached another host,
    opened a dialog or threw."""
    page, guard = explorer
    for seen in (guard.foreign, guard.dialogs, guard.page_errors):
        seen.clear()
    page.set_viewport_size({"width": 1200, "height": 900})
    blank(page)
    yield page
    assert not guard.foreign and not guard.dialogs and not guard.page_errors, guard


def go_to_link(page, fragment: str) -> None:
    """Change the address's fragment, as following a link to the page already open does."""
    page.evaluate("(fragment) => { location.hash = fragment; }", fragment)


def blank(page) -> None:
    """Open a damaged link: the page says so beside « lien » and empties the editor (the
    variant, the players, the rows and every card field). The spot is emptied first, so that
    its message shows this link was read."""
    go_to_link(page, "")
    # The last estimate's « finished » too: a wait for an estimate then waits for the test's own.
    page.evaluate("document.querySelector('[data-erreur=lien]').textContent = '';"
                  "document.querySelector('[data-resultats]').removeAttribute('data-fini')")
    go_to_link(page, DAMAGED_LINK)
    page.wait_for_function("() => document.querySelector('[data-erreur=lien]').textContent",
                           timeout=ENGINE_TIMEOUT_MS)
    page.select_option("#explorer-adversaires", "uniform")   # a link may have set it (v1: prudent)


def figures(page) -> list[tuple[int, float, float]]:
    return page.eval_on_selector_all(
        ".explorer-risque",
        "items => items.map((li) => [Number(li.dataset.card), Number(li.dataset.take), Number(li.dataset.heads)])")


def fill_position(page):
    for i, text in enumerate(ROWS):
        page.fill(f"#explorer-rangee-{i + 1}", text)
    page.fill("#explorer-main", HAND)
    page.select_option("#explorer-joueurs", "4")
    page.fill("#explorer-connues", "J3 : 7")


def verify(page):
    """« Vérifier la position »: the engine starts (on request only) and checks the form."""
    page.click(VERIFY)
    page.wait_for_selector(CHECKED, timeout=ENGINE_TIMEOUT_MS)


def run_estimate(page, seed: str, samples: str = "1000"):
    page.fill("#explorer-graine", seed)
    page.select_option("#explorer-tirages", samples)
    page.get_by_role("button", name="Quel risque ?").click()
    page.wait_for_selector(FINISHED, timeout=ENGINE_TIMEOUT_MS)


def test_before_the_reader_asks_nothing_is_checked_and_nothing_of_the_engine_fetched(page, server):
    """Reading and typing, even mistakes, then leaving the page alone: the page says checks wait
    for the reader, shows no message, and fetches nothing of the engine."""
    loaded = []
    page.on("request", lambda request: loaded.append(request.url))
    fast_clock(page)
    open_page(page, server)
    assert page.locator("form.explorer-position").is_visible()
    page.fill("#explorer-rangee-1", "12 12")
    page.fill("#explorer-rangee-2", "30 28")
    page.fill("#explorer-main", "5 200")
    assert page.is_visible("[data-avant-moteur]")
    idle(page)
    assert page.inner_text("#explorer-rangee-1-erreur") == ""
    assert page.is_visible("[data-avant-moteur]")
    heavy = ("pyodide", "engine-", "engine.json", "worker.js")
    assert not [u for u in loaded if any(word in u for word in heavy)], loaded


# Each card of the grid whose number breaks onto two lines or spills out of its button.
CRAMPED = """() => [...document.querySelectorAll('.explorer-grille button')].filter((button) => {
  const text = document.createRange();
  text.selectNodeContents(button);
  const [lines, box] = [text.getClientRects().length, button.getBoundingClientRect()];
  const inside = text.getBoundingClientRect();
  return lines !== 1 || inside.left < box.left + 1 || inside.right > box.right - 1;
}).map((button) => button.textContent)"""


def test_the_grid_of_the_104_cards_fits_the_narrowest_phone(page, server):
    """Ten numbers a line, 100 to 104 included, each on one line inside its button from a
    320 px screen up."""
    for width in (320, 360, 1280):
        page.set_viewport_size({"width": width, "height": 800})
        open_page(page, server)
        assert page.evaluate(CRAMPED) == [], f"{width} px"
        assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_browser_that_cannot_run_the_engine_gets_a_french_message_and_no_empty_form(page, server):
    """Without WebAssembly the explorer cannot work: its form stays hidden, its kept place goes
    (no blank block under the text), and the page says why in French."""
    page.add_init_script("delete window.WebAssembly")
    page.goto(server.url("outils/explorer/"))
    expect(page.locator("[data-statut]")).to_have_text(re.compile("n’a pas pu démarrer"))
    form = page.locator("form.explorer-position")
    assert form.is_hidden() and form.get_attribute("data-avant-script") is None
    assert form.evaluate("(f) => f.getBoundingClientRect().height") == 0


# The start time of every layout shift the reader did not cause (the room kept for the figures
# appears as « Quel risque ? » is pressed or the hand typed: Chromium marks those hadRecentInput).
SHIFTS = """() => {
  window.shifts = [];
  new PerformanceObserver((list) => window.shifts.push(
    ...list.getEntries().filter((e) => !e.hadRecentInput).map((e) => e.startTime)))
    .observe({ type: "layout-shift" });
}"""


def test_an_edit_while_the_engine_starts_still_gets_its_estimate_of_the_edited_position(page, server):
    """« Quel risque ? » pressed on a page whose engine has not started, then the hand edited
    while it starts (the edit schedules a check of its own, which supersedes the press's): the
    estimate still comes, and it is the estimate of the position as it now reads. The press is
    never lost. Nothing moves on a phone while the engine starts and the estimate runs, nor when
    its figures come: the status, the progress bar and the link to the position each keep their
    place, and the figures fill the room kept for them at the press, which followed the edit."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, server)
    fill_position(page)
    page.fill("#explorer-graine", "7")
    page.select_option("#explorer-tirages", "1000")
    page.evaluate(SHIFTS)
    page.get_by_role("button", name="Quel risque ?").click()
    assert page.locator(".explorer-place").count() == 6   # the room of the hand as pressed
    page.fill("#explorer-main", "5 48 90")
    assert page.locator(".explorer-place").count() == 3
    # The edit came while the engine was still starting: its check was scheduled, not run.
    assert page.evaluate(f"async () => (await import({ENGINE})).isReady()") is False
    # The reader looks where the figures will come (a shift out of sight is not reported).
    page.evaluate("document.querySelector('.explorer-boutons').scrollIntoView()")
    page.wait_for_selector(FINISHED, timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_timeout(200)   # a shift is reported after the frame that made it
    assert page.evaluate("window.shifts") == []
    position = Position.of([[int(c) for c in r.split()] for r in ROWS], [5, 48, 90], 4, {"p3": [7]})
    expected = estimate(position, 1000, 7)
    assert figures(page) and [(card, take) for card, take, _ in figures(page)] == [
        (card, round(t.take_interval()[0], 6)) for card, t in zip([5, 48, 90], expected.tallies)]


@pytest.mark.returning_reader
def test_a_press_while_a_link_is_read_estimates_the_position_it_opens(page, server):
    """A shared link opened and « Quel risque ? » pressed at once, while the engine starts and the
    fields are still empty: the press waits for the link, then estimates its position (it was
    checked against the empty form, an error on every field and no estimate)."""
    position = Position.of([[int(c) for c in r.split()] for r in ROWS], [5, 29, 33], 4, {})
    open_page(page, server, "#" + codec.encode(position, seed=7))
    page.select_option("#explorer-tirages", "1000")
    page.get_by_role("button", name="Quel risque ?").click()
    page.wait_for_selector(FINISHED, timeout=ENGINE_TIMEOUT_MS)
    assert page.input_value("#explorer-main") == "5 29 33"
    assert not "".join(page.eval_on_selector_all("[data-erreur]", "spots => spots.map((s) => s.textContent)"))
    expected = estimate(position, 1000, 7)
    assert [take for _, take, _ in figures(page)] == [round(t.take_interval()[0], 6) for t in expected.tallies]


@pytest.mark.returning_reader
def test_what_is_typed_while_a_link_is_read_is_kept(page, server):
    """A shared link opened, and the hand typed before the engine has read the link: the hand
    stays as typed, the link's table fills the other fields, and the position now on screen gets
    its own link (it had been replaced by the link's position, the typing lost)."""
    position = Position.of([[int(c) for c in r.split()] for r in ROWS], [5, 29, 33], 4, {})
    link = codec.encode(position, seed=7)
    open_page(page, server, "#" + link)
    page.fill("#explorer-main", "48 90")
    assert page.evaluate(f"async () => (await import({ENGINE})).isReady()") is False
    page.wait_for_selector(CHECKED, timeout=ENGINE_TIMEOUT_MS)
    assert page.input_value("#explorer-main") == "48 90"
    assert [page.input_value(f"#explorer-rangee-{i + 1}") for i in range(4)] == ROWS
    assert page.input_value("#explorer-graine") == "7"
    mine = Position.of([[int(c) for c in r.split()] for r in ROWS], [48, 90], 4, {})
    page.wait_for_function("(link) => location.hash.length > 1 && location.hash !== '#' + link", arg=link)
    assert page.evaluate("location.hash") == "#" + codec.encode(mine, seed=7)
    assert page.get_attribute(".explorer-lien", "data-en-attente") is None


def test_figures_of_a_position_since_changed_say_so_and_an_estimate_under_way_stops(shared):
    """Figures stay on screen while the reader edits, but dimmed and with a summary that says they
    are the previous position's (without it, a changed hand sat under the old hand's bars); an
    estimate still computing for a position the reader has left stops."""
    page = shared
    fill_position(page)
    run_estimate(page, "7")
    assert page.get_attribute("[data-resultats]", "data-perime") is None
    page.fill("#explorer-main", "5 29")
    assert "position d’avant" in page.inner_text(".explorer-resume")
    assert page.get_attribute("[data-resultats]", "data-perime") == ""
    page.select_option("#explorer-tirages", "20000")
    page.evaluate("document.querySelector('[data-resultats]').removeAttribute('data-fini')")
    page.get_by_role("button", name="Quel risque ?").click()
    page.wait_for_selector(".explorer-risque", timeout=ENGINE_TIMEOUT_MS)
    assert page.get_attribute("[data-resultats]", "data-perime") is None   # this position's
    page.fill("#explorer-graine", "8")
    page.wait_for_function("() => !document.querySelector('[data-resultats]').hasAttribute('aria-busy')",
                           timeout=ENGINE_TIMEOUT_MS)
    assert page.get_attribute("[data-resultats]", "data-fini") == "false"   # stopped, not finished
    assert "position d’avant" in page.inner_text(".explorer-resume")


def test_a_bad_seed_is_said_as_it_is_typed_and_no_stale_link_is_offered(shared):
    page = shared
    fill_position(page)
    verify(page)
    page.wait_for_selector(".explorer-lien:not([data-en-attente])", timeout=ENGINE_TIMEOUT_MS)
    page.fill("#explorer-graine", "abc")
    page.wait_for_selector(".explorer-lien[data-en-attente]", timeout=ENGINE_TIMEOUT_MS)
    assert "graine est un nombre entier" in page.inner_text("#explorer-graine-erreur")
    assert page.get_attribute("#explorer-graine", "aria-invalid") == "true"
    page.fill("#explorer-graine", "8")
    page.wait_for_selector(".explorer-lien:not([data-en-attente])", timeout=ENGINE_TIMEOUT_MS)
    assert page.inner_text("#explorer-graine-erreur") == ""
    assert codec.decode(page.url.split("#")[1]).seed == 8


def test_an_estimate_is_cpythons_and_gets_a_link_and_fits_a_phone(shared):
    """The estimate's figures are CPython's for the same position and seed, the address becomes
    the position's link, and the results fit a phone's width. (That link opened in a new page
    gives the same position and figures: test_journeys.py's explorer journey.)"""
    page = shared
    fill_position(page)
    run_estimate(page, "7")   # « Quel risque ? » checks first: no « Vérifier » needed
    first = figures(page)
    assert [card for card, *_ in first] == [5, 29, 33, 48, 61, 90]
    url = page.url
    assert re.search(r"#v2\.[A-Za-z0-9_-]+$", url)

    # The browser's figures are CPython's: same engine, same seed, same draws.
    position = Position.of([[int(c) for c in r.split()] for r in ROWS], [5, 29, 33, 48, 61, 90], 4,
                           {"p3": [7]})
    expected = estimate(position, 1000, 7)
    assert [round(t.take_interval()[0], 6) for t in expected.tallies] == [take for _, take, _ in first]

    page.set_viewport_size({"width": 390, "height": 844})
    assert figures(page) == first
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page overflows at phone width: {width}"


def test_mistakes_are_shown_in_french_on_their_field_and_the_grid_greys_used_cards(shared):
    """(Before the reader asks, nothing is checked: the first test of this file.)"""
    page = shared
    page.fill("#explorer-rangee-1", "12 12")
    page.fill("#explorer-rangee-2", "30 28")
    page.fill("#explorer-main", "5 200")
    page.click(VERIFY)
    page.wait_for_function("() => document.querySelector('#explorer-rangee-2-erreur').textContent",
                           timeout=ENGINE_TIMEOUT_MS)
    assert "chaque carte n’existe qu’une fois" in page.inner_text("#explorer-rangee-1-erreur")
    assert "monte de gauche à droite" in page.inner_text("#explorer-rangee-2-erreur")
    assert "200 n’est pas dans le paquet" in page.inner_text("#explorer-main-erreur")
    assert page.get_attribute("#explorer-rangee-2", "aria-invalid") == "true"
    assert "utilisee" in page.get_attribute("[data-carte='28']", "class")
    assert "utilisee" not in (page.get_attribute("[data-carte='27']", "class") or "")
    # « Quel risque ? » on this position: the room kept for the figures at the press goes with
    # the refusal (no empty block left under the buttons).
    page.click("button.explorer-principal")
    page.wait_for_function("() => !document.querySelector('[data-resultats]').hasAttribute('aria-busy')",
                           timeout=ENGINE_TIMEOUT_MS)
    assert page.locator(".explorer-place, .explorer-risque").count() == 0
    # Tactique at 4 players stops at 44: the grid greys the rest.
    page.select_option("#explorer-variante", "tactique")
    page.wait_for_function("() => document.querySelector('[data-carte=\"45\"]').classList.contains('hors-jeu')",
                           timeout=ENGINE_TIMEOUT_MS)
    assert "hors-jeu" not in (page.get_attribute("[data-carte='44']", "class") or "")


def test_a_link_of_the_first_version_still_opens(shared):
    page = shared
    go_to_link(page, V1_LINK)
    page.wait_for_selector(CHECKED, timeout=ENGINE_TIMEOUT_MS)
    assert [page.input_value(f"#explorer-rangee-{i + 1}") for i in range(4)] == ROWS
    assert page.input_value("#explorer-main") == HAND
    assert page.input_value("#explorer-sorties") == "1 2"
    assert page.input_value("#explorer-graine") == "7"
    assert page.input_value("#explorer-adversaires") == "heuristic"


def test_a_damaged_link_gives_a_french_message_and_an_empty_editor(shared):
    """A position on the page, then a damaged link (`blank`); the page loaded with one: the
    `explorer` fixture."""
    page = shared
    fill_position(page)
    verify(page)
    blank(page)
    assert "abîmé" in page.inner_text("[data-erreur=lien]")
    assert page.input_value("#explorer-rangee-1") == "" and page.input_value("#explorer-main") == ""
    assert page.input_value("#explorer-connues") == ""
    # A link cut inside a %-escape is a damaged link too (decoding it threw).
    fill_position(page)
    verify(page)
    go_to_link(page, "")
    page.evaluate("document.querySelector('[data-erreur=lien]').textContent = ''")
    go_to_link(page, DAMAGED_LINK[:12] + "%E0%A")
    page.wait_for_function("() => document.querySelector('[data-erreur=lien]').textContent",
                           timeout=ENGINE_TIMEOUT_MS)
    assert "abîmé" in page.inner_text("[data-erreur=lien]")
    assert page.input_value("#explorer-main") == ""
    # No link to the last position is left beside the refusal, nor its cards greyed; going back
    # to that position's link opens it again (it was taken as already open).
    assert page.get_attribute(".explorer-lien", "data-en-attente") == ""
    assert page.locator(".explorer-grille .utilisee").count() == 0
    page.go_back()   # to the address without a link,
    page.go_back()   # then to that position's
    page.wait_for_function(f"() => document.querySelector('#explorer-main').value === '{HAND}'",
                           timeout=ENGINE_TIMEOUT_MS)


def test_a_position_goes_out_and_comes_back_as_a_json_scenario(shared):
    page = shared
    fill_position(page)
    verify(page)
    page.click("summary:has-text('Exporter ou importer')")
    page.get_by_role("button", name="Exporter la position").click()
    page.wait_for_function("() => document.querySelector('#explorer-json').value",
                           timeout=ENGINE_TIMEOUT_MS)
    exported = json.loads(page.input_value("#explorer-json"))
    assert exported["rows"] == [[int(c) for c in r.split()] for r in ROWS]
    # J3's 7 is kept (the audit found it dropped): it is J3's hand in that format.
    assert exported["hands"] == {"p1": [5, 29, 33, 48, 61, 90], "p3": [7]} and exported["players"] == 4
    # A position with an error exports nothing: the last scenario goes, and the button says why.
    # Typed and pressed at once, as a quick keyboard does: the check of the typing answers after the
    # export's refusal and leaves its reason (it wiped it a quarter of a second later).
    page.evaluate("""() => {
        const hand = document.querySelector('#explorer-main');
        hand.value = '5 5';
        hand.dispatchEvent(new Event('input', {bubbles: true}));
        document.querySelector('[data-action=exporter]').click();
    }""")
    expect(page.locator("#explorer-json-erreur")).to_contain_text("corrigez-la pour l’exporter",
                                                                  timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_selector(".explorer-position[data-valide=false]", timeout=ENGINE_TIMEOUT_MS)
    expect(page.locator("#explorer-json-erreur")).to_contain_text("corrigez-la pour l’exporter", timeout=1)
    assert page.input_value("#explorer-json") == ""
    page.fill("#explorer-main", HAND)
    page.get_by_role("button", name="Exporter la position").click()
    page.wait_for_function("() => document.querySelector('#explorer-json').value",
                           timeout=ENGINE_TIMEOUT_MS)
    page.get_by_role("button", name="Importer ce scénario").click()   # and back: the same form
    # The form was already valid: wait for the engine's own writing of the field (a no-break space).
    expect(page.locator("#explorer-connues")).to_have_value("J3\u00a0: 7", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_selector(CHECKED, timeout=ENGINE_TIMEOUT_MS)
    assert [page.input_value(f"#explorer-rangee-{i + 1}") for i in range(4)] == ROWS
    # A saved two-player round, one turn played: it opens after that turn.
    page.fill("#explorer-json", json.dumps({
        "rows": [[12], [28], [39], [44]],
        "turns": [{"plays": {"p1": 37, "p2": 10}, "choices": {"p2": 3}}],
        "hands": {"p1": [37, 50, 60], "p2": [10, 11, 13]}}))
    page.get_by_role("button", name="Importer ce scénario").click()
    page.wait_for_function("() => document.querySelector('#explorer-main').value === '50 60'",
                           timeout=ENGINE_TIMEOUT_MS)
    assert [page.input_value(f"#explorer-rangee-{i + 1}") for i in range(4)] == ["12", "28 37", "39", "10"]
    assert page.input_value("#explorer-sorties") == "44"
    assert page.input_value("#explorer-joueurs") == "2"
    page.fill("#explorer-json", "{pas du json")
    page.get_by_role("button", name="Importer ce scénario").click()
    page.wait_for_function("() => document.querySelector('#explorer-json-erreur').textContent",
                           timeout=ENGINE_TIMEOUT_MS)
    assert "pas un scénario lisible" in page.inner_text("#explorer-json-erreur")
    assert page.input_value("#explorer-main") == "50 60"   # nothing changed


def focused(page, what: str = "id"):
    return page.evaluate(f"() => document.activeElement.{what}")


@pytest.mark.returning_reader
def test_keyboard_only_from_page_load_to_the_estimate_and_axe_finds_nothing_on_the_way(context, page, server):
    """Tab, typing, arrows, Space and Enter only: no click, no fill, no script on the form.
    WCAG 2.2 AA (axe-core), light and dark, 320 px and 1280 px: the editor before the engine,
    the bars of the estimate, then a mistake shown beside its field."""
    from quality_browser import axe_everywhere, with_axe

    with_axe(context)
    open_page(page, server)
    found: dict = {}
    axe_everywhere(page, "explorateur (avant le moteur)", found)
    page.set_viewport_size({"width": 1200, "height": 900})
    tab_to(page, "#explorer-rangee-1")
    page.keyboard.type("3 12")
    for i, text in enumerate(ROWS[1:], 2):
        page.keyboard.press("Tab")
        assert focused(page) == f"explorer-rangee-{i}"
        page.keyboard.type(text)
    page.keyboard.press("Tab")
    assert focused(page) == "explorer-main"
    page.keyboard.type(HAND)
    page.keyboard.press("Tab")   # players: 4 is already chosen; one down and up again
    assert focused(page) == "explorer-joueurs"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    assert page.input_value("#explorer-joueurs") == "4"
    tab_to(page, "#explorer-connues")
    page.keyboard.type("J3 : 7")
    # On to the grid's target (it follows the last field of cards typed in: none since the
    # hand, so the hand), back to « Rangée 1 » with the arrow keys, then into the grid: arrows
    # to 15, Enter adds it.
    tab_to(page, "#explorer-cible", 12)
    assert page.input_value("#explorer-cible") == "hand"
    for _ in range(4):
        page.keyboard.press("ArrowUp")
    assert page.input_value("#explorer-cible") == "rows[0]"
    page.keyboard.press("Tab")
    assert focused(page, "dataset.carte") == "1"
    page.keyboard.press("ArrowDown")
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    assert focused(page, "dataset.carte") == "15"
    page.keyboard.press("Enter")
    assert page.input_value("#explorer-rangee-1") == "3 12 15"
    # « Vérifier la position » with Space: the engine starts, the position is sound.
    tab_to(page, "#explorer-tirages", 6)
    page.keyboard.press("ArrowDown")            # 4 000 → 20 000 samples
    assert page.input_value("#explorer-tirages") == "20000"
    page.keyboard.press("Tab")
    assert focused(page) == "explorer-graine"
    page.keyboard.press("Control+A")
    page.keyboard.type("5")
    page.keyboard.press("Tab")
    assert focused(page, "dataset.action") == "verifier"
    page.keyboard.press("Space")
    page.wait_for_selector(CHECKED, timeout=ENGINE_TIMEOUT_MS)
    # « Quel risque ? » with Enter; Stop by keyboard after the first chunk.
    page.keyboard.press("Tab")
    assert focused(page, "textContent") == "Quel risque\u202f?"
    page.keyboard.press("Enter")
    page.wait_for_selector(".explorer-risque", timeout=ENGINE_TIMEOUT_MS)
    page.keyboard.press("Tab")
    assert focused(page, "dataset.action") == "stop"
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-resultats][data-fini=false]", timeout=ENGINE_TIMEOUT_MS)
    # Reading the estimate: the summary says how far it went and with which seed; each card of
    # the hand has its sentence, and the figures are CPython's for those samples.
    summary = page.inner_text(".explorer-resume")
    assert "prévus" in summary and "20\u202f000" in summary and "graine 5" in summary
    done = int(page.get_attribute("progress", "value") or 0)
    assert 0 < done < 20000
    sentences = page.eval_on_selector_all(".explorer-risque p", "ps => ps.map((p) => p.textContent)")
    assert [s.split("\u00a0:")[0] for s in sentences] == [f"Avec le {c}" for c in HAND.split()]
    position = Position.of([[int(c) for c in r.split()] for r in ROWS], [5, 29, 33, 48, 61, 90], 4,
                           {"p3": [7]})
    stopped_at = int(re.search(r"Estimation sur ([\d\u202f]+)", summary).group(1).replace("\u202f", ""))
    expected = None   # the page's chunks, as its worker asked for them (MAX_CHUNK each)
    for start in range(0, stopped_at, MAX_CHUNK):
        expected = estimate(position, 20000, 5, start=start,
                            chunk=min(MAX_CHUNK, stopped_at - start), so_far=expected)
    assert [round(t.take_interval()[0], 6) for t in expected.tallies] == [take for _, take, _ in figures(page)]
    axe_everywhere(page, "explorateur (barres)", found)
    page.fill("#explorer-rangee-2", "28 28")   # one error shown beside its field
    page.wait_for_function("() => document.querySelector('#explorer-rangee-2-erreur').textContent",
                           timeout=ENGINE_TIMEOUT_MS)
    axe_everywhere(page, "explorateur (erreur)", found)
    assert not found, found


def test_a_special_card_position_gives_cpythons_figures(shared):
    """The special cards' fields show with that variant only; the estimate is CPython's."""
    page = shared
    assert page.is_hidden("#explorer-rangee-5") and page.is_hidden("#explorer-speciale-1")
    page.select_option("#explorer-variante", "speciales")
    assert page.is_visible("#explorer-rangee-5") and page.is_visible("#explorer-leurs-speciales")
    rows = ["3 12 15", "28 30", "39 41 42 43 47 48", "60", "80 81"]
    for i, text in enumerate(rows):
        page.fill(f"#explorer-rangee-{i + 1}", text)
    page.fill("#explorer-marquees", "3")
    page.fill("#explorer-stops", "4")
    page.fill("#explorer-main", "5 29 33 49 61 90")
    page.select_option("#explorer-joueurs", "3")
    page.select_option("#explorer-speciale-1", "inserer")
    page.select_option("#explorer-speciale-2", "negatif_positif")
    page.fill("#explorer-leurs-speciales", "2")
    run_estimate(page, "4")
    assert re.search(r"#v2\.[A-Za-z0-9_-]+$", page.url)
    position = Position.of([[int(c) for c in r.split()] for r in rows], [5, 29, 33, 49, 61, 90], 3,
                           (), (), "speciales", marked=[2], stopped=[3],
                           specials=["inserer", "negatif_positif"], their_specials=[2, 2])
    expected = estimate(position, 1000, 4)
    assert [[t.card, round(t.take_interval()[0], 6), round(t.heads_interval()[0], 6)]
            for t in expected.tallies] == figures(page)
    # A classic variant hides them again; their texts are not read.
    page.select_option("#explorer-variante", "classic")
    assert page.is_hidden("#explorer-marquees")
