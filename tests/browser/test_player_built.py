"""Reading, stepping and one deviation cost no engine download; the first press always counts.

The player steps, chooses a row and plays the quiz from what the build wrote (data-pas,
choix.json: site_builder/branches.py). Every table shown is checked against CPython's engine,
and the network is watched for the engine's files (issue 25, « Measure it »).
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from game import variants, web
from game.messages.blocks import step_label
from harness import (ENGINE_TIMEOUT_MS, IDLE_MS, STEP_ITEM, example_arrivals, example_pages,
                     fast_clock, holds_decision, sealed_page)
from player_helpers import ENGINE_FILES, button

pytestmark = pytest.mark.slow

SHOWN = """([sid, junior]) => {
  const items = [...document.querySelectorAll(`#${sid} li.etape:not([hidden])`)];
  if (items.length !== 1) return {count: items.length};
  const li = items[0];
  const rows = [...li.querySelectorAll(junior ? 'svg.jr-table [data-row]' : '[data-row]')].map(
      (row) => [...row.querySelectorAll('[data-card]')].map((card) => Number(card.dataset.card)));
  const captions = li.querySelectorAll(junior ? '.jr-etape > figcaption' : 'figcaption');
  return {count: 1, n: Number(li.dataset.step), rows, captions: captions.length,
          text: captions.length ? captions[0].innerText : null, url: location.href,
          label: getComputedStyle(li, '::before').content};
}"""


def label(step) -> str:
    """The label over a step (« Étape 2 · ramassage »), as the page's stylesheet renders it."""
    return f'"{step_label(step["n"], step["kind"])}"'


def current_step(page, sid):
    """The step shown (every variant): its number, its table from data-row/data-card, its text
    and the address, read at once."""
    junior = page.get_attribute(f"#{sid}", "data-variant") == "junior"
    shown = page.evaluate(SHOWN, [sid, junior])
    assert shown["count"] == 1, f"{sid}: {shown['count']} steps shown at once"
    assert shown["captions"] == 1, f"{sid}: {shown['captions']} captions in the step shown"
    return shown


def built_steps(page, sid):
    return page.evaluate(f"() => JSON.parse(document.getElementById('{sid}').dataset.pas)")


def go_by_keys(page, sid, n):
    """The keys a reader uses (a button at either end is aria-disabled: Playwright won't click)."""
    button(page, sid, "next").focus()
    page.keyboard.press("Home")
    for _ in range(n):
        page.keyboard.press("ArrowRight")
    assert current_step(page, sid)["n"] == n


def go_to(page, sid, n):
    """Show step `n` as a reader who follows a link to it does (the step's address; it scrolls
    the page), or by the keys when the address already names it: no n key presses per visit."""
    if current_step(page, sid)["n"] == n:
        return
    target = f"{sid}-etape-{n}"
    if page.evaluate("(t) => decodeURIComponent(location.hash.slice(1)) === t", target):
        go_by_keys(page, sid, n)
    else:
        page.evaluate("(t) => { location.hash = t; }", target)
        page.wait_for_function(f"() => document.querySelector('#{sid} li.etape:not([hidden])')"
                               f".dataset.step === '{n}'")
    assert current_step(page, sid)["n"] == n


# Suivant pressed from the first step to the last inside the page, each step read as it shows
# (one round trip per example instead of three per step: the presses a reader makes, and that
# each one counts, are test_the_first_press_of_each_control_counts' and the journeys').
STEP_THROUGH = f"""async ([sid, junior, count]) => {{
  const next = document.querySelector(`#${{sid}} .joueur-commandes button[data-action=next]`);
  const seen = [];
  for (let k = 0; k < count; k++) {{
    seen.push(({SHOWN})([sid, junior]));
    if (k < count - 1) {{
      next.click();
      await new Promise((done) => requestAnimationFrame(() => done()));
    }}
  }}
  return {{seen, disabled: next.getAttribute('aria-disabled') === 'true' || next.disabled}};
}}"""


def step_through(page, sid, scenario):
    """Suivant from the first step to the last: each step shown is CPython's (number, table,
    text) and its address is the step's; at the end Suivant is disabled."""
    expected = web.steps_for(scenario, markup=False)
    button(page, sid, "next").focus()
    page.keyboard.press("Home")   # shows step 0 of this example and puts it in the address
    junior = page.get_attribute(f"#{sid}", "data-variant") == "junior"
    walked = page.evaluate(STEP_THROUGH, [sid, junior, len(expected)])
    for k, (step, shown) in enumerate(zip(expected, walked["seen"], strict=True)):
        assert (shown["count"], shown["captions"]) == (1, 1), f"{sid} step {k}: {shown}"
        assert shown["n"] == k, f"{sid}"
        assert shown["rows"] == step["rows"], f"{sid} step {k}"
        assert shown["text"] == step["text"], f"{sid} step {k}"
        assert shown["label"] == label(step), f"{sid} step {k}"
        assert shown["url"].endswith(f"#{sid}-etape-{k}"), f"{sid} step {k}"
    assert walked["disabled"], f"{sid}: Suivant still enabled at the last step"


# A row taken at step `n` inside the page, as STEP_THROUGH steps: Début, then Suivant n times, a
# click on the row's button in the step's decision box, a wait until the page has answered (the
# button pressed, or the refusal said: the build's answers come from the page's choix.json,
# fetched on first use), then Fin and the last step read. One round trip per row instead of
# about ten; that a reader's press on a row counts is test_the_first_press_of_each_control_counts'
# and the journeys'.
CHOOSE = f"""async ([sid, junior, n, row]) => {{
  const section = document.getElementById(sid);
  const command = (action) => section.querySelector(`.joueur-commandes button[data-action=${{action}}]`);
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  command('first').click();
  for (let k = 0; k < n; k++) command('next').click();
  await frame();
  const at = ({SHOWN})([sid, junior]).n;
  section.querySelector(`.courante .joueur-decision button[data-choix="${{row}}"]`).click();
  let answer = null;
  for (const until = performance.now() + 10000; answer === null && performance.now() < until;) {{
    await frame();
    const box = section.querySelector('.courante .joueur-decision');
    if (box.querySelector(`button[data-choix="${{row}}"][aria-pressed="true"]`)) answer = 'taken';
    else if (box.querySelector('.joueur-refus')?.textContent) answer = 'refused';
  }}
  command('last').click();
  await frame();
  return {{at, answer, last: ({SHOWN})([sid, junior])}};
}}"""


def take(page, sid, junior, n, row):
    """Take `row` at step `n` (CHOOSE): how the page answered, and the last step it then shows."""
    done = page.evaluate(CHOOSE, [sid, junior, n, row])
    assert done["at"] == n, f"{sid}: step {done['at']} shown for the decision of step {n}"
    assert done["last"]["count"] == 1, f"{sid}: {done['last']}"
    return done


def take_every_choice(page, sid, scenario):
    """Each offered row at each decision of the example as written, one after the other, checked
    against CPython, then the row of the example taken back (which restores it); returns how
    many were taken."""
    variant = variants.of(scenario)
    original = variant.replay(scenario, draw=False, pause=True)
    junior = scenario.get("variant") == "junior"
    taken = 0
    for step in built_steps(page, sid):
        if junior and step["target"]:
            rows, chosen = range(step["nrows"]), step["target"]["row"]
        elif not junior and step["choice"]:
            rows, chosen = [o["row"] for o in step["choice"]["options"]], step["choice"]["chosen"]
        else:
            continue
        changed = False
        for row in rows:
            if row == chosen:
                continue
            done = take(page, sid, junior, step["n"], row)
            try:
                expected = variant.replay(variant.with_choice(scenario, original[step["n"]], row),
                                          draw=False, pause=True)
            except Exception:   # the engine refuses it: the page says so in French
                assert done["answer"] == "refused", f"{sid}: {step['n']}:{row}: {done['answer']}"
                continue
            assert done["answer"] == "taken", f"{sid}: {step['n']}:{row}: {done['answer']}"
            assert (done["last"]["n"], done["last"]["rows"]) == (len(expected) - 1, expected[-1]["rows"]), \
                f"{sid}: {step['n']}:{row}"
            assert done["last"]["label"] == label(expected[-1]), f"{sid}: {step['n']}:{row}"   # drawn by the player
            taken += 1
            changed = True
        if changed:
            done = take(page, sid, junior, step["n"], chosen)
            assert done["answer"] == "taken", f"{sid}: back to {step['n']}:{chosen}"
            assert (done["last"]["n"], done["last"]["rows"]) == (len(original) - 1, original[-1]["rows"])
    return taken


def test_every_step_and_choice_of_every_example_is_cpythons_and_downloads_no_engine(browser, server, built_site, guard):
    """Every example page in its own tab: step through each example of every variant (each step
    as CPython computes it), take each offered choice, answer the quiz of one, then let 15 s pass
    in every tab (on the pages' clocks, `harness.fast_clock`): not one request for the engine."""
    context, first = sealed_page(browser, server, guard, viewport={"width": 1280, "height": 800})
    engine_requests, taken = [], 0
    context.on("request", lambda r: ENGINE_FILES.search(r.url) and engine_requests.append(r.url))
    try:
        pages = [path.removesuffix("index.html") for path in example_pages(built_site)]
        assert len(pages) >= 8
        for i, path in enumerate(pages):
            page = first if i == 0 else context.new_page()
            fast_clock(page)
            page.goto(server.url(path))
            assert page.locator("section.exemple[data-scenario]").count() == \
                page.locator("section.exemple[data-scenario][data-pas]").count() > 0, path
            for section in page.eval_on_selector_all(
                    "section.exemple[data-pas]",
                    "els => els.map((s) => ({id: s.id, scenario: JSON.parse(s.dataset.scenario)}))"):
                sid = section["id"]
                step_through(page, sid, section["scenario"])
                taken += take_every_choice(page, sid, section["scenario"])
            assert page.eval_on_selector_all("section.exemple[data-moteur]", "els => els.length") == 0
        assert taken >= 20, f"only {taken} choices taken"
        quiz_is_answered_without_the_engine(first.context.pages[pages.index("exemples/exemple-3/")])
        for page in context.pages:   # the reader leaves every tab alone for 15 s
            page.clock.run_for(IDLE_MS)
        first.wait_for_timeout(1000)   # a request those timers started would be seen by now
        assert engine_requests == []
        for page in context.pages:
            assert page.evaluate("performance.getEntriesByName('moteur-demarrage').length") == 0
        assert not guard.page_errors
    finally:
        context.close()


def quiz_is_answered_without_the_engine(page):
    sid = "exemple-3"
    page.check(f"#{sid} .joueur-quiz input")
    go_to(page, sid, 0)
    button(page, sid, "next").click()   # the reveal: no card placed yet
    button(page, sid, "next").click()   # the question of the first card placed
    page.click(f"#{sid} .joueur-quiz-choix button >> nth=0")
    assert page.locator(f"#{sid} .joueur-quiz-verdict").count() == 1


# --- the first press ------------------------------------------------------------------------------

OBSERVE = """() => {
  window.shifts = [];
  new PerformanceObserver((list) => window.shifts.push(...list.getEntries().map((e) => e.startTime)))
    .observe({ type: "layout-shift", buffered: true });
}"""


def press(page, selector, hold_ms=400):
    """A reader's press: down, held while the page reacts to pointerdown, up; the layout shifts
    seen while the button was held (none, or the release lands elsewhere)."""
    box = page.locator(selector).bounding_box()
    assert box and box["y"] + box["height"] < page.viewport_size["height"], f"{selector} not on screen"
    assert page.evaluate("scrollY") == 0
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    before = page.evaluate("performance.now()")
    page.mouse.down()
    page.wait_for_timeout(hold_ms)
    released = page.evaluate("performance.now()")
    page.mouse.up()
    page.wait_for_timeout(50)
    return page.evaluate(f"window.shifts.filter((t) => t >= {before} && t <= {released})")


TOOLS = [("outils/jouer/", "jouer.js", ".jouer-reglages"),
         ("outils/explorer/", "explorer.js", ".explorer-position"),
         ("outils/compteur/", "compteur.js", ".compteur-outil")]
"""Each tool's page, its script, and the part of the page its script shows (hidden before)."""


@pytest.mark.parametrize("width, height", [(390, 844), (1440, 1200)])
@pytest.mark.parametrize("path, script, form", TOOLS)
def test_a_tools_form_keeps_its_place_so_nothing_moves_when_its_script_starts(browser, server, guard,
                                                                             path, script, form,
                                                                             width, height):
    """Jouer's and the explorer's forms and the Compteur are hidden without scripts; where they
    run, their place is kept from the first paint (tools.css), so the text under them does not
    jump down when their script shows them (the explorer's moved it by a layout shift of 0.08 in a
    1200 px window, the Compteur, drawn by its script, by 0.11 in a tablet's). The page's script
    arrives 300 ms late, as a phone's network brings it after the text: the page paints first."""
    context, page = sealed_page(browser, server, guard, viewport={"width": width, "height": height})
    try:
        page.add_init_script(OBSERVE.removeprefix("() => {").removesuffix("}"))
        page.route(f"**/js/{script}", lambda route: (time.sleep(0.3), route.continue_()))
        page.goto(server.url(path))
        page.wait_for_selector(f"{form}:not([hidden]):not([data-avant-script])")
        page.wait_for_timeout(300)   # layout-shift entries are reported after the frame
        assert page.evaluate("window.shifts") == []
        assert not guard.page_errors
    finally:
        context.close()


@pytest.mark.parametrize("path, script, form", TOOLS)
def test_a_tools_kept_place_goes_if_its_script_never_runs(browser, server, guard, path, script, form):
    """Should a tool's script never run (a module that did not load), its invisible place does
    not stay an empty hole in the page: it goes when its animation ends (10 s, finished here at
    once). Without scripts it never took any room."""
    height = f"() => document.querySelector('{form}').getBoundingClientRect().height"
    context, page = sealed_page(browser, server, guard, viewport={"width": 1280, "height": 900})
    try:
        page.route(f"**/js/{script}", lambda route: route.abort())
        page.goto(server.url(path))
        page.wait_for_timeout(300)
        assert page.evaluate(height) > 100 and page.is_hidden(f"{form} button >> nth=0")
        waits = page.evaluate("() => document.getAnimations().map((a) => a.effect.getTiming())"
                              ".map((t) => (t.delay || 0) + (t.duration || 0))")
        assert waits and max(waits) <= 10_000, waits
        page.evaluate("() => document.getAnimations().forEach((a) => a.finish())")
        assert page.evaluate(height) == 0
    finally:
        context.close()
    context = browser.new_context(java_script_enabled=False, locale="fr-FR", service_workers="block")
    try:
        page = context.new_page()
        page.goto(server.url(path))
        assert page.evaluate(height) == 0
    finally:
        context.close()


SHOWN_STEPS = """(sid) => [...document.querySelectorAll(`#${sid} li.etape`)]
  .filter((li) => li.getBoundingClientRect().height > 0 && getComputedStyle(li).visibility === 'visible')
  .map((li) => li.id)"""
# Where an example's parts lie on the page (top and height, in page coordinates), and what it
# shows: compared before its player has run and once it has.
LAYOUT = f"""(sid) => {{
  const s = document.getElementById(sid);
  const at = (e) => e && [Math.round(e.getBoundingClientRect().top + scrollY), Math.round(e.getBoundingClientRect().height)];
  return {{controls: at(s.querySelector('.joueur-commandes')), list: at(s.querySelector('.etapes')),
          quiz: at(s.querySelector('.joueur-quiz')), whatIf: at(s.querySelector('.joueur-et-si')),
          section: at(s), shown: ({SHOWN_STEPS})(sid), scroll: Math.round(scrollY),
          labels: [...s.querySelectorAll('li.etape')].map((li) => getComputedStyle(li, '::before').content)}};
}}"""


def test_an_example_page_does_not_move_when_its_player_starts(browser, server, built_site, guard):
    """A page that runs scripts is first painted as its player will show it: one step (the one a
    link names, else the first), labelled with its own number, and the places of the controls,
    the quiz and « Et si… ? » kept, and in the step the places of its decision box and its link to
    the explorer. So every part of every example is where it was once the player has started
    (before, the list of every step collapsed under the reader: a layout shift of 0.2 to 0.9; a
    link to a step with a row choice moved what was under it when the player drew the box there,
    0.056, and the explorer link, which followed the step, when it changed or went: 0.01). On a
    phone, where most readers are: what is compared is the page's own layout, the same mechanism
    in any window (bench/layout_shift.py: four). Nor does the view: the player leaves it where the
    link put it (it used to scroll the example's heading up, 56 to 88 px under the reader)."""
    context, page = sealed_page(browser, server, guard, viewport={"width": 390, "height": 844})
    before = context.new_page()
    before.route("**/js/example-player.js", lambda route: route.abort())   # the first paint stays
    try:
        urls = example_arrivals(built_site)
        assert len(urls) >= 14 and sum("#" in url for url in urls) >= 6
        decisions = [url for url in urls if "#" in url and any(
            anchor == url.split("#")[1] and holds_decision(inside) for anchor, _, inside in
            STEP_ITEM.findall((built_site / url.split("#")[0] / "index.html").read_text(encoding="utf-8")))]
        assert len(decisions) >= 6, urls   # the six pages whose examples hold a decision
        for url in urls:
            for tab in (page, before):
                if tab.url.split("#")[0] == server.url(url).split("#")[0]:
                    tab.goto("about:blank")   # a new document, not a move to another step's link
                tab.goto(server.url(url))
            page.wait_for_selector("section.exemple.joueur .joueur-commandes:not([hidden])")
            for sid in page.eval_on_selector_all("section.exemple[data-pas]", "els => els.map((s) => s.id)"):
                target = url.split("#")[1] if "#" in url and url.split("#")[1].startswith(sid + "-") else None
                started, painted = page.evaluate(LAYOUT, sid), before.evaluate(LAYOUT, sid)
                if "#" in url:   # the example linked to, down to its end; the others' steps
                    keys = (("controls", "list", "quiz", "whatIf", "section", "shown", "labels", "scroll")
                            if target else ("shown", "labels"))
                    started, painted = ({key: layout[key] for key in keys} for layout in (started, painted))
                assert started == painted, (url, sid, painted, started)
                assert started["shown"] == [target or f"{sid}-etape-0"], (url, started["shown"])
                assert all(label.startswith(f'"Étape {n}') for n, label in enumerate(started["labels"]))
        assert not guard.page_errors
    finally:
        context.close()


# Each frame until the player has started: what the page shows of `sid` once it is parsed.
FRAMES = f"""(sid) => {{ const shown = {SHOWN_STEPS}; window.frames_seen = []; const tick = () => {{
  const section = document.getElementById(sid);
  if (document.readyState !== 'loading' && section) window.frames_seen.push(
    section.classList.contains('joueur') ? 'player' : shown(sid).join(' '));
  if (!section || !section.classList.contains('joueur')) requestAnimationFrame(tick); }};
  requestAnimationFrame(tick); }}"""


def test_a_link_to_a_step_shows_it_from_the_first_paint(browser, server, guard):
    """On a network, the page's scripts arrive after its text. Loaded `async`, they do not hold
    back the end of parsing, when the browser marks the step a link names as `:target`: so from
    the first frame the page shows that step, as the player will (a deferred script made
    Chromium show step 0 until the scripts came, then jump)."""
    sid, step = "exemple-3", "exemple-3-etape-2"
    context, page = sealed_page(browser, server, guard, viewport={"width": 390, "height": 844})
    try:
        page.add_init_script(f"({FRAMES})('{sid}')")
        page.route(re.compile(r"/js/(recherche|player)\.js$"),
                   lambda route: (time.sleep(0.3), route.continue_()))   # as slow as a phone's network
        page.goto(server.url(f"exemples/{sid}/#{step}"))
        page.wait_for_selector(f"#{sid}.joueur .joueur-commandes:not([hidden])")
        frames = page.evaluate("window.frames_seen")
        assert frames[-1] == "player" and len(frames) > 1, frames
        assert set(frames[:-1]) == {step}, frames
        assert page.evaluate(SHOWN_STEPS, sid) == [step]
    finally:
        context.close()


def test_a_damaged_link_to_a_step_still_opens_the_example(browser, server, guard):
    """A link cut in the middle of a %-escape (chat apps and mail clients cut long links) opens
    the example at its first step with no script error (decoding it threw), and so does one
    followed on the page; a good link to a step then still shows that step."""
    sid = "exemple-3"
    context, page = sealed_page(browser, server, guard, viewport={"width": 390, "height": 844})
    try:
        page.goto(server.url(f"exemples/{sid}/#{sid}-etape-%E0%A"))
        page.wait_for_selector(f"#{sid}.joueur .joueur-commandes:not([hidden])")
        assert page.evaluate(SHOWN_STEPS, sid) == [f"{sid}-etape-0"]
        page.evaluate("location.hash = '#%'")
        page.evaluate(f"location.hash = '#{sid}-etape-2'")
        page.wait_for_function(f"() => ({SHOWN_STEPS})('{sid}').join() === '{sid}-etape-2'")
        # A step the example lacks, or a number written another way: the nearest step is shown,
        # the address names it and the view goes to the example (it stayed at the page's top).
        last = page.locator(f"#{sid} li.etape").count() - 1
        for link, step in ((f"{sid}-etape-99", last), (f"{sid}-etape-01", 1)):
            page.goto("about:blank")
            page.goto(server.url(f"exemples/{sid}/#{link}"))
            page.wait_for_selector(f"#{sid}.joueur .joueur-commandes:not([hidden])")
            assert page.evaluate(SHOWN_STEPS, sid) == [f"{sid}-etape-{step}"]
            assert page.url.endswith(f"#{sid}-etape-{step}")
            assert abs(page.evaluate(f"document.getElementById('{sid}').getBoundingClientRect().top")) <= 1
        # Back from a link followed on the page, after stepping on: the page as it opened.
        page.goto("about:blank")
        page.goto(server.url(f"exemples/{sid}/"))
        page.wait_for_selector(f"#{sid}.joueur .joueur-commandes:not([hidden])")
        page.evaluate(f"location.hash = '#{sid}-etape-1'")
        page.click(f"#{sid} .joueur-commandes button[data-action=next]")
        assert page.evaluate(SHOWN_STEPS, sid) == [f"{sid}-etape-2"]
        page.go_back()
        page.wait_for_function(f"() => ({SHOWN_STEPS})('{sid}').join() === '{sid}-etape-0'")
        assert not guard.page_errors, guard.page_errors
    finally:
        context.close()


# The controls of the example a link names: their height and where they lie on screen.
CONTROLS = """(sid) => { const box = document.querySelector(`#${sid} .joueur-commandes`).getBoundingClientRect();
  return [Math.round(box.height), Math.round(box.top)]; }"""


@pytest.mark.parametrize("width", [320, 360, 375, 390, 414, 768, 1280])
def test_a_link_to_a_step_shows_the_controls_above_it_where_the_player_keeps_them(
        browser, server, guard, width):
    """Followed on a phone, a tablet or a desktop, a link to a step scrolls to it with the
    controls just above, at the top of the window (player.css: scroll-margin-top, width by
    width), as tall before the player starts as after (the position's text differs, and once
    changed how they wrapped: everything below moved 27 to 32 px from 280 to 381 px); and the player,
    starting, leaves the view where it is."""
    sid, url = "exemple-3", "exemples/exemple-3/#exemple-3-etape-2"
    viewport = {"width": width, "height": 800}
    context, page = sealed_page(browser, server, guard, viewport=viewport)
    before = context.new_page()
    before.route("**/js/example-player.js", lambda route: route.abort())   # the first paint stays
    try:
        before.goto(server.url(url))
        page.goto(server.url(url))
        page.wait_for_selector(f"#{sid}.joueur .joueur-commandes:not([hidden])")
        (kept, _), (height, top) = before.evaluate(CONTROLS, sid), page.evaluate(CONTROLS, sid)
        assert height == kept and abs(top) <= 1, (width, kept, height, top)
        assert page.evaluate("scrollY") == before.evaluate("scrollY") > 0
        assert page.evaluate(SHOWN_STEPS, sid) == [f"{sid}-etape-2"]
        assert not guard.page_errors
    finally:
        context.close()


def test_without_the_players_script_every_step_shows(browser, server, guard):
    """Progressive enhancement holds on the way there: without JavaScript every step shows and no
    control does; if the player's script does not load, the steps hidden for it come back and the
    controls' empty place goes when its animation ends (10 s, finished here at once)."""
    sid, url = "exemple-4", "exemples/exemple-4/#exemple-4-etape-3"
    every = [f"{sid}-etape-{n}" for n in range(7)]
    chrome = f"() => [...document.querySelectorAll('#{sid} .joueur-commandes, #{sid} .joueur-quiz, #{sid} .joueur-et-si')]" \
             ".map((e) => e.getBoundingClientRect().height)"
    context = browser.new_context(java_script_enabled=False, locale="fr-FR", service_workers="block")
    try:
        page = context.new_page()
        page.goto(server.url(url))
        assert page.evaluate(SHOWN_STEPS, sid) == every
        assert page.evaluate(chrome) == [0, 0, 0]
    finally:
        context.close()
    context, page = sealed_page(browser, server, guard, viewport={"width": 390, "height": 844})
    try:
        page.route("**/js/example-player.js", lambda route: route.abort())
        page.goto(server.url(url))
        page.wait_for_timeout(300)
        assert page.evaluate(SHOWN_STEPS, sid) == [f"{sid}-etape-3"]   # as the player would show it
        assert all(height > 0 for height in page.evaluate(chrome))    # places kept, nothing in them
        assert page.is_hidden(f"#{sid} .joueur-commandes button >> nth=0")
        waits = page.evaluate("() => document.getAnimations().map((a) => a.effect.getTiming())"
                              ".map((t) => (t.delay || 0) + (t.duration || 0))")
        assert waits and max(waits) <= 10_000, waits
        page.evaluate("() => document.getAnimations().forEach((a) => a.finish())")
        assert page.evaluate(SHOWN_STEPS, sid) == every
        assert page.evaluate(chrome) == [0, 0, 0]
    finally:
        context.close()


def test_the_first_press_of_each_control_counts_and_nothing_shifts(browser, server, guard):
    """Unscrolled, each control of exemple 3 pressed once with the mouse acts at once, and no
    layout shift happens while it is held, nor while « Rejouer avec ces cartes » starts the engine."""
    context, page = sealed_page(browser, server, guard, viewport={"width": 1280, "height": 3200})
    try:
        page.goto(server.url("exemples/exemple-3/"))
        page.evaluate(OBSERVE)
        sid = "exemple-3"
        decision = next(s for s in built_steps(page, sid) if s["choice"])
        at = lambda: current_step(page, sid)["n"]
        assert press(page, f"#{sid} [data-action=next]") == [] and at() == 1
        assert press(page, f"#{sid} [data-action=last]") == [] and at() == len(built_steps(page, sid)) - 1
        assert press(page, f"#{sid} [data-action=prev]") == [] and at() == len(built_steps(page, sid)) - 2
        assert press(page, f"#{sid} [data-action=first]") == [] and at() == 0
        slider = page.locator(f"#{sid} .joueur-curseur").bounding_box()   # its track, two thirds along
        page.mouse.move(slider["x"] + slider["width"] * 2 / 3, slider["y"] + slider["height"] / 2)
        before = page.evaluate("performance.now()")
        page.mouse.down()
        page.wait_for_timeout(400)
        held = page.evaluate(f"window.shifts.filter((t) => t >= {before})")
        page.mouse.up()
        assert held == [] and 0 < at() < len(built_steps(page, sid)) - 1, (held, at())
        go_by_keys(page, sid, 0)
        assert press(page, f"#{sid} .joueur-quiz") == []
        assert page.is_checked(f"#{sid} .joueur-quiz input")
        page.uncheck(f"#{sid} .joueur-quiz input")
        go_by_keys(page, sid, decision["n"])   # unscrolled: the keys, not the step's address
        other = next(o["row"] for o in decision["choice"]["options"] if o["row"] != decision["choice"]["chosen"])
        assert press(page, f'#{sid} .courante .joueur-decision button[data-choix="{other}"]') == []
        page.wait_for_selector(f'#{sid} .courante .joueur-decision button[data-choix="{other}"][aria-pressed="true"]')
        assert press(page, f"#{sid} .joueur-et-si summary") == []
        assert page.get_attribute(f"#{sid} .joueur-et-si", "open") is not None
        note = page.locator(f"#{sid} .joueur-et-si .joueur-moteur-note").inner_text()
        assert re.search(r"environ \d+,\d\u00a0Mo, une seule fois", note), note
        page.evaluate("window.shifts = []")
        assert press(page, f"#{sid} .joueur-et-si button[type=submit]") == []
        page.wait_for_selector("html[data-demarrage]", timeout=ENGINE_TIMEOUT_MS)
        moved = page.evaluate("window.shifts.filter((t) => t < performance.getEntriesByName('moteur-pret')[0].startTime)")
        assert moved == [], "the page moved while the engine started"
        page.wait_for_function(f"() => document.querySelector('#{sid} .joueur-et-si [role=status]').textContent")
        assert not guard.page_errors
    finally:
        context.close()


def test_a_first_choice_whose_branches_cannot_be_fetched_shows_the_engines_start_where_it_was_made(page, server, guard):
    """The build's branches (choix.json) unreachable, as offline or after a deploy that lost the
    file: a first row choice falls back to the engine, and its start shows in the decision box
    the reader pressed (here the engine cannot start either: the failure is said there, and the
    steps as written stay)."""
    page.route(re.compile(r"/choix\.json$"), lambda route: route.fulfill(status=404))
    page.route(re.compile(r"/engine-[0-9a-f]+\.zip$"), lambda route: route.fulfill(status=404))
    page.goto(server.url("exemples/exemple-3/"))
    sid = "exemple-3"
    decision = next(s for s in built_steps(page, sid) if s["choice"])
    go_to(page, sid, decision["n"])
    other = next(o["row"] for o in decision["choice"]["options"] if o["row"] != decision["choice"]["chosen"])
    page.click(f'#{sid} .courante .joueur-decision button[data-choix="{other}"]')
    slot = page.locator(f"#{sid} .courante .joueur-decision .joueur-moteur")
    expect(slot).to_contain_text("n’a pas pu démarrer", timeout=ENGINE_TIMEOUT_MS)
    assert page.get_attribute(f"#{sid}", "data-moteur") == "echec"
    assert current_step(page, sid)["n"] == decision["n"]
    assert not guard.page_errors
