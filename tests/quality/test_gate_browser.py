"""Gates in Chromium over every built page: accessibility (axe-core, WCAG 2.2 AA with target
size), layout (no sideways scroll on a phone, no table title cut off, one h1), security policy
(no CSP violation, no console error), privacy (no request to another host, no cookie,
localStorage only for the score sheet and settings) and print in the middle of a replay (every
page printed to PDF is test_gate_print.py).

One walk (session fixture `walk`) visits every page of the build in one sealed context, runs axe
(`quality_browser.axe_everywhere`: every rule at 1280 px, those that read the layout at 320 px,
the colour rules in dark; every rule at both widths where the phone shows more), then starts the engine
on an example page and runs axe again in the middle of a replay, then plays a round of « Jouer
une manche ». Each gate below reads its part of what the walk saw. Its engine starts from the
run's snapshot (`engine_snapshot`), as a returning reader's does.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from harness import returning_reader, seed_deals
from quality_browser import (ROOT, STORAGE_SPY, Record, axe_everywhere, new_context, new_page,
                             print_layout, start_engine, with_axe)
from quality_checks import axe_summary, html_files, url_path, weight_problems

pytestmark = [pytest.mark.browser, pytest.mark.slow]

JOUER = "outils/jouer/"
ENGINE_MS = 240_000          # Pyodide's first start on a loaded 2-core machine
# A phase where the reader acts, or the page's own engine-failure message (fail fast, not time out).
PHASE = """() => { const root = document.querySelector('[data-jouer]');
  return !!root && (['play', 'row', 'round_over', 'game_over'].includes(root.dataset.phase)
    || [...root.querySelectorAll('[data-erreur], .jouer-erreur')].some((e) => e.textContent.trim())); }"""
STORAGE_ALLOWED_PAGES = ("outils/compteur/",)           # the score sheet
SETTINGS_KEY = re.compile(r"(reglages|settings|preferences)", re.IGNORECASE)
PDF_DIR = ROOT / "test-artifacts" / "quality"
# What the page loaded, whether from the network or the HTTP cache (the walk's earlier pages).
LOADED = "() => [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)]"


def engine_page(site: Path) -> str:
    """The first example page (in build order) whose example has a row choice: the richest replay."""
    candidates = [html for html in html_files(site)
                  if 'class="exemple' in html.read_text(encoding="utf-8")]
    with_choice = [html for html in candidates if "choices" in html.read_text(encoding="utf-8")]
    chosen = (with_choice or candidates)[0]
    return url_path(site, chosen)


def _phase(page, timeout=ENGINE_MS) -> str:
    page.wait_for_function(PHASE, timeout=timeout)
    phase = page.get_attribute("[data-jouer]", "data-phase")
    if phase not in ("play", "row", "round_over", "game_over"):
        errors = page.eval_on_selector_all("[data-jouer] .jouer-erreur, [data-jouer] [data-erreur]",
                                           "els => els.map((e) => e.textContent.trim()).filter(Boolean)")
        raise AssertionError(f"« Jouer une manche » stopped in phase {phase}: {errors}")
    return phase


def start_round(page, server) -> None:
    """Open « Jouer une manche » and start a one-round game at full speed."""
    page.goto(server.url(JOUER))
    seed_deals(page, "the walk's round")   # axe meets the same deal, and questions, every run
    page.select_option("#jouer-vitesse", "0")
    page.fill("#jouer-manches", "1")
    page.click(".jouer-reglages button[type=submit]")


def finish_round(page) -> int:
    """Play the started round to its end by clicking; the turns played."""
    turns = 0
    while (now := _phase(page)) in ("play", "row") and turns < 40:
        if now == "play":
            turns += 1
            page.locator(".jouer-main .jouer-carte").first.click()
        else:
            page.locator(".jouer-rangee").last.click()
        page.wait_for_function("() => document.querySelector('[data-jouer]').dataset.phase "
                               "!== 'busy'", timeout=ENGINE_MS)
    return turns


def _walk(browser, server, pages: list[str], replay_page: str, snapshot: bytes) -> dict:
    record = Record()
    context = new_context(browser, server, record)
    with_axe(context)
    context.add_init_script(STORAGE_SPY)
    page = new_page(context, record)
    returning_reader(page, server, snapshot)
    seen = {"axe": {}, "layout": {}, "errors": {}, "print": {}, "record": record, "turns": 0,
            "loaded": {}}

    PDF_DIR.mkdir(parents=True, exist_ok=True)
    progress = (PDF_DIR / "walk-progress.txt").open("w", encoding="utf-8")

    def phase(name, action):
        started = time.perf_counter()
        try:
            action()
        except Exception as error:  # noqa: BLE001 - each gate reports what the walk could not do
            seen["errors"][name] = f"{type(error).__name__}: {error}"[:600]
        progress.write(f"{name}: {time.perf_counter() - started:.1f} s\n")
        progress.flush()

    for path in pages:
        def visit(path=path):
            response = page.goto(server.url(path), wait_until="load")
            assert response is not None and response.status == 200, f"HTTP {response and response.status}"
            axe_everywhere(page, f"{path or '/'} (avant le moteur)", seen["axe"], seen["layout"])
            seen["loaded"][path or "/"] = page.evaluate(LOADED)
        phase(f"visit {path or '/'}", visit)

    def replay():
        page.goto(server.url(replay_page))
        start_engine(page, timeout=ENGINE_MS)
        axe_everywhere(page, f"{replay_page} (moteur prêt)", seen["axe"])
        section = page.locator("section.exemple").first
        steps = section.locator("li.etape").count()
        section.locator(".joueur-commandes button[data-action=first]").focus()
        for _ in range(steps // 2):
            page.keyboard.press("ArrowRight")
        axe_everywhere(page, f"{replay_page} (au milieu du rejeu)", seen["axe"])
        seen["print"][f"{replay_page} (moteur prêt)"] = print_layout(page)
        page.emulate_media(media="screen")
    phase("replay an example", replay)

    def jouer():
        start_round(page, server)
        assert _phase(page) == "play"
        axe_everywhere(page, f"{JOUER} (en partie)", seen["axe"])
        seen["turns"] = finish_round(page)
        axe_everywhere(page, f"{JOUER} (fin de partie)", seen["axe"])
    phase("play a round", jouer)

    def storage():
        seen["cookies"] = context.cookies()
        seen["writes"] = page.evaluate(
            "() => JSON.parse(sessionStorage.getItem('__quality_writes') || '[]')")
        seen["local_keys"] = page.evaluate("() => Object.keys(localStorage)")
        seen["databases"] = page.evaluate(
            "async () => (await indexedDB.databases()).map((d) => d.name)")
    phase("read storage", storage)
    context.close()
    progress.close()
    dump = {key: value for key, value in seen.items() if key != "record"}
    dump["record"] = record.faults()
    (PDF_DIR / "walk.json").write_text(json.dumps(dump, ensure_ascii=False, indent=1),
                                       encoding="utf-8")
    return seen


@pytest.fixture(scope="session")
def walk(chromium, quality_server, site_pages, built_site, engine_snapshot):
    return chromium.call(_walk, quality_server, site_pages, engine_page(built_site),
                         engine_snapshot)


def test_the_walk_went_everywhere(walk, site_pages):
    """Every page opened, the engine started, the round was played to its end."""
    assert not walk["errors"], "\n".join(f"{k}: {v}" for k, v in walk["errors"].items())
    assert walk["turns"] == 10


def test_accessibility_axe_wcag22aa_light_dark_phone_desktop_before_and_after_engine(walk):
    found = [f"{label}: {line}" for label, violations in walk["axe"].items()
             for line in axe_summary(violations)]
    assert not found, "\n" + "\n".join(found)


def test_every_page_fits_a_phone_and_a_desktop_with_one_title(walk):
    """At 320 px and 1280 px: no sideways scroll, no table title cut off, one h1."""
    assert not walk["layout"], "\n".join(f"{k}: {v}" for k, v in walk["layout"].items())


def test_no_csp_violation_and_no_console_error(walk):
    record: Record = walk["record"]
    assert record.csp == []
    faults = {kind: items for kind, items in record.faults().items()
              if kind != "requests to other hosts"}
    assert not faults, "\n".join(f"{kind}: {item}" for kind, items in faults.items() for item in items)


def test_privacy_no_request_to_another_host_no_cookie_storage_only_for_score_and_settings(walk):
    record: Record = walk["record"]
    assert record.foreign == []
    assert walk["cookies"] == []
    misplaced = [w for w in walk["writes"]
                 if w["area"] == "local" and not w["page"].endswith(STORAGE_ALLOWED_PAGES)
                 and not SETTINGS_KEY.search(w["key"])]
    keys = sorted({f"{w['page']} → {w['key']}" for w in misplaced})
    assert not misplaced, f"{len(misplaced)} localStorage writes outside the score sheet and " \
                          f"settings: {keys}"
    assert walk["databases"] == []


def test_every_page_weighs_at_most_100_kb_gzip_before_any_interaction(walk, site_pages, built_site,
                                                                      quality_server):
    """What a reader's phone downloads to show a page (its HTML, styles, scripts and the data
    they load on their own), each file counted whether or not an earlier page cached it."""
    assert set(walk["loaded"]) == {path or "/" for path in site_pages}
    assert all(len(urls) > 1 for urls in walk["loaded"].values())   # the page and its styles at least
    problems = weight_problems(built_site, quality_server.base, walk["loaded"])
    assert not problems, "\n".join(problems)


def test_print_in_the_middle_of_a_replay_shows_every_step_and_no_control(walk):
    for label, layout in walk["print"].items():
        assert layout["steps"] > 0, label
        assert (layout["hiddenSteps"], layout["controls"], layout["navigation"], layout["cut"]) \
            == ([], [], [], []), label


# --- keyboard only ----------------------------------------------------------------------------------

def _focus_report(page) -> str:
    return page.evaluate("""() => { const a = document.activeElement;
        return !a || a === document.body ? 'body' : a.tagName.toLowerCase()
            + (a.dataset.action ? '[data-action=' + a.dataset.action + ']' : '')
            + (a.disabled ? ' (disabled)' : ''); }""")


def _keyboard_example(browser, server, path: str) -> dict:
    record = Record()
    context = new_context(browser, server, record)
    page = new_page(context, record)
    page.goto(server.url(path))
    report = {"reached": False, "lost": [], "last_disabled": None}
    for _ in range(120):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.dataset.action === 'next'"):
            report["reached"] = True
            break
    if report["reached"]:
        section = page.evaluate("() => document.activeElement.closest('section.exemple').id")
        page.keyboard.press("Enter")          # the first press steps at once: the build's steps
        shown = page.locator(f"#{section} li.etape:not([hidden])").get_attribute("data-step")
        if shown != "1":
            report["lost"].append(f"the first Enter on « Suivant » showed step {shown}, not 1")
        steps = page.locator(f"#{section} li.etape").count()
        next_button = page.locator(f"#{section} .joueur-commandes button[data-action=next]")
        for k in range(steps + 2):            # Enter on « Suivant » until it gets disabled
            if next_button.is_disabled():
                break
            if page.evaluate("() => document.activeElement.dataset.action") != "next":
                report["lost"].append(f"after Enter #{k}: focus left « Suivant » early")
                break
            page.keyboard.press("Enter")
            where = _focus_report(page)
            inside = page.evaluate(f"() => !!document.activeElement.closest('#{section}')")
            if where == "body" or where.endswith("(disabled)") or not inside:
                report["lost"].append(f"after Enter #{k + 1}: focus on {where}")
        report["last_disabled"] = next_button.is_disabled()
        # And back: « Début » gets disabled at step 0.
        page.keyboard.press("Home")
        where = _focus_report(page)
        if where == "body" or where.endswith("(disabled)"):
            report["lost"].append(f"after Home: focus on {where}")
    report["faults"] = record.faults()
    context.close()
    return report


def test_keyboard_only_example_focus_survives_disabled_buttons(chromium, quality_server, built_site):
    report = chromium.call(_keyboard_example, quality_server, engine_page(built_site))
    assert report["reached"], "the player's « Suivant » cannot be reached with Tab"
    assert report["last_disabled"] is True
    assert report["lost"] == []
    assert report["faults"] == {}


# A round of « Jouer une manche » by keyboard alone, from the top of its page, is
# tests/browser/test_jouer.py's (the focus checked at every turn).
