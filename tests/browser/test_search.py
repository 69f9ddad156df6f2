"""« Rechercher »: a rule found by its French words, opened at its anchor, online and offline.

The sealed `page` fixture fails a test that reached another host; the offline test's context
allows the service worker and records any foreign request itself.
"""

from __future__ import annotations

from pathlib import Path


from harness import Guard, serve, watch
from test_offline import wait_for_async, wait_until_kept

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "recherche"
BOX = "form.recherche"
INPUT = "#recherche-mots"
RESULTS = ".recherche-resultats a"
RULES_ON_TAKING = ("regles/#la-sixieme-carte", "regles/#la-carte-trop-faible",
                   "regles/#les-cartes-ramassees")


def search(page, words: str) -> list[dict]:
    """Type `words` in the box and wait for their results: [{href, text, marks}]."""
    page.fill(INPUT, words)
    page.wait_for_function("(q) => document.querySelector('form.recherche')"
                           ".dataset.resultats === q", arg=words, timeout=30_000)
    return page.eval_on_selector_all(RESULTS, """links => links.map((a) => ({
        href: a.href, text: a.innerText,
        marks: Array.from(a.querySelectorAll('mark'), (m) => m.textContent)}))""")


def index_requests(page) -> list[str]:
    return page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)"
                         ".filter((u) => u.includes('/pagefind/'))")


def test_ramasse_finds_the_rule_on_taking_a_row_and_opens_it_at_its_anchor(page, server):
    page.goto(server.url(""))
    page.wait_for_selector(BOX, state="visible")
    assert index_requests(page) == [], "the index loaded before the reader used the box"
    found = search(page, "ramasse")
    targets = tuple(server.url(target) for target in RULES_ON_TAKING)
    rules = [r for r in found if r["href"].startswith(targets)]
    assert rules, [r["href"] for r in found]
    assert any(mark.lower().startswith("ramass") for r in found for mark in r["marks"])
    assert found.index(rules[0]) < 6, "the rule is not on the first screen of results"
    href = rules[0]["href"]
    page.click(f'{RESULTS}[href="{href[len(server.origin):]}"]')
    page.wait_for_url(href)
    anchor = href.split("#")[1]
    top = page.evaluate("(id) => document.getElementById(id).getBoundingClientRect().top", anchor)
    assert -1 < top < 200, f"#{anchor} is not at the top of the window ({top} px)"   # sub-pixel
    assert page.evaluate("(id) => document.getElementById(id).tagName", anchor) in ("H2", "H3")


def test_tete_without_its_accent_finds_tete(page, server):
    page.goto(server.url("regles/"))
    found = search(page, "tete")
    assert any(r["href"].startswith(server.url("tetes-de-boeuf/#")) for r in found), found
    marks = {mark.lower() for r in found for mark in r["marks"]}
    assert any(mark.startswith("tête") for mark in marks), marks


def test_words_found_nowhere_say_so(page, server):
    page.goto(server.url("glossaire/"))
    assert search(page, "xylophone") == []
    assert "« xylophone »" in page.text_content(".recherche-etat").replace("\u00a0", " ")


def test_enter_opens_the_first_result_and_escape_closes_the_list(page, server):
    page.goto(server.url("outils/"))
    search(page, "ramasse")
    page.press(INPUT, "Escape")
    assert not page.is_visible(".recherche-panneau")
    first = search(page, "sixième carte")[0]["href"]
    page.press(INPUT, "Enter")
    page.wait_for_url(first)


def test_without_javascript_there_is_no_box(browser, server):
    guard = Guard()
    context = browser.new_context(java_script_enabled=False, locale="fr-FR")
    try:
        page = context.new_page()
        watch(page, guard)
        for path in ("", "regles/", "exemples/exemple-2/"):
            page.goto(server.url(path))
            assert page.locator(BOX).count() == 1
            assert not page.is_visible(BOX) and not page.is_visible(INPUT)
            assert page.locator(BOX).bounding_box() is None, "the hidden box takes room"
    finally:
        context.close()


LAYOUT_SHIFTS = """window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__shifts.push(e.value);
}).observe({type: 'layout-shift', buffered: true});"""


def test_the_box_appearing_moves_nothing_on_a_phone(browser, server):
    """The script shows the box after the first paint may have happened: its place is kept."""
    guard = Guard()
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
    try:
        page = context.new_page()
        watch(page, guard)
        page.add_init_script(LAYOUT_SHIFTS)
        for path in ("", "variantes/cartes-speciales/"):
            page.goto(server.url(path))
            page.wait_for_selector(BOX, state="visible")
            page.wait_for_timeout(300)
            assert page.evaluate("window.__shifts") == [], path
    finally:
        context.close()


def test_the_box_looks_right_and_print_hides_it(browser, server):
    """Screenshots for a human (test-artifacts/recherche/), at the two sizes and in dark mode."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    guard = Guard()
    # One context: each look is the page's size and colour scheme, set before the page loads.
    context = browser.new_context(locale="fr-FR", reduced_motion="reduce")
    try:
        page = context.new_page()
        watch(page, guard)
        for width, height, scheme in ((1280, 800, "light"), (390, 844, "light"), (390, 844, "dark")):
            page.set_viewport_size({"width": width, "height": height})
            page.emulate_media(media="screen", color_scheme=scheme)
            page.goto(server.url("regles/"))
            box = page.locator(BOX).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width
            page.screenshot(path=str(ARTIFACTS / f"vide-{width}x{height}-{scheme}.png"))
            found = search(page, "ramasse")
            assert found
            panel = page.locator(".recherche-panneau").bounding_box()
            assert panel["x"] >= 0 and panel["x"] + panel["width"] <= width + 1, panel
            page.screenshot(path=str(ARTIFACTS / f"ramasse-{width}x{height}-{scheme}.png"))
            page.emulate_media(media="print")
            assert not page.is_visible(BOX)
    finally:
        context.close()
    assert not guard.page_errors, guard.page_errors


def test_search_works_offline_after_a_visit(browser, built_site):
    """A tool registers the service worker; one search online keeps the whole index, so a
    different search works once the site is unreachable."""
    server = serve(built_site)
    guard = Guard()
    context = browser.new_context(locale="fr-FR")  # service workers allowed: watched, not routed
    context.on("request", lambda request: None if request.url.startswith(server.origin + "/")
               else guard.foreign.append(request.url))
    try:
        page = context.new_page()
        watch(page, guard)
        page.goto(server.url("outils/compteur/"))   # a tool: the worker is registered and in charge
        wait_until_kept(page)
        page.goto(server.url("regles/"))
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        assert search(page, "ramasse")
        listed = page.evaluate("fetch('../js/recherche-hors-ligne.json').then((r) => r.json())")
        wait_for_async(page, """async (names) => {
            const found = await Promise.all(
                names.map((n) => caches.match(new URL('../' + n, location.href).href)));
            return found.every(Boolean);
        }""", listed, timeout_ms=60_000)
        server.httpd.shutdown()
        server.httpd.server_close()
        page.reload()
        found = search(page, "tete")
        assert any("/tetes-de-boeuf/#" in r["href"] for r in found), found
        found = search(page, "sixième carte")
        assert any(r["href"].endswith("/regles/#la-sixieme-carte") for r in found), found
    finally:
        context.close()
        server.httpd.server_close()
    assert not guard.foreign and not guard.dialogs and not guard.page_errors, guard
