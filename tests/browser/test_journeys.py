"""A reader's key journeys, written once and run in Chromium, Firefox and WebKit.

Each journey goes through `engines.Driver` (click, fill, evaluate, wait) and reads the page by
its stable contracts only: ids, data-* attributes, roles and the French labels of its buttons.
What the page shows is compared with what CPython's `game/` computes. After every journey the
engine's console must hold no error and the page must have asked no other host for anything.
A browser missing from the machine fails its journeys with what to install (README).

The journeys of one engine share one browser session (a WebKit session is a MiniBrowser
launch). Before each, the session forgets the last journey's service worker, caches and storage
(`engines.Driver.forget`) but keeps the engine's snapshot, as a returning reader's browser does:
in Firefox and WebKit the first journey that starts the engine boots it the normal way and, like
a reader who reads on, stays until the page has made the snapshot in the background; the later
ones start from it (a journey run on its own boots the normal way). Chromium's session starts as
a returning reader's, with the run's snapshot: Chromium made it (harness.make_snapshot checks
that normal boot and the making), so its journeys do not boot and make it a second time.
"""

from __future__ import annotations

import contextlib
import re

import pytest

import engines
from engines import EngineMissing
from game import variants
from game.explore import codec
from game.explore.position import Position
from game.explore.risk import estimate
from harness import KEEP_SNAPSHOT, SEEDED_DEALS, SNAPSHOT_CACHE, SUB_PATH, deal_seed, snapshot_url
from journey_server import serve_journeys


pytestmark = pytest.mark.slow

DESKTOP = {"width": 1280, "height": 800}

# --- fixtures -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def journey_server(built_site):
    running = serve_journeys(built_site)
    yield running
    running.close()


@pytest.fixture(scope="module", params=engines.ENGINES)
def engine(request, journey_server):
    """One browser per engine for the module; one that cannot start fails its journeys.
    Chromium is the test process's own (the `browser` fixture), which the other modules share."""
    try:
        chromium = request.getfixturevalue("browser") if request.param == "chromium" else None
        started = engines.start(request.param, proxy=journey_server.proxy, chromium=chromium)
    except EngineMissing as missing:
        started = missing
    yield started
    if not isinstance(started, EngineMissing):
        started.close()


@pytest.fixture(scope="module")
def session(engine, journey_server):
    """One session per engine for the module, which every journey in it shares (a WebKit session
    is a MiniBrowser launch: seconds each); a journey that fails leaves it for a new one."""
    held = {}
    yield held
    if held.get("driver") is not None:
        held["driver"].close()


def returning(driver, journey_server, snapshot: bytes) -> None:
    """The session keeps the run's `snapshot`, as a returning reader's browser keeps its own."""
    driver.goto(journey_server.blank)
    driver.eval(KEEP_SNAPSHOT, [snapshot_url(journey_server), journey_server.offer(snapshot)])
    driver.snapshot_kept = True


def drop(session) -> None:
    """Close a session a journey may have left broken; the next journey opens a new one."""
    with contextlib.suppress(Exception):
        session.pop("driver").close()


@pytest.fixture
def reader(request, engine, session, journey_server):
    """The engine's session, with a fresh profile but for the HTTP cache and the engine's
    snapshot (`Driver.forget`); afterwards, no console error and no request elsewhere."""
    if isinstance(engine, EngineMissing):
        pytest.fail(str(engine))
    if session.get("driver") is None:
        session["driver"] = engine.session(journey_server.origin, DESKTOP)
        if session["driver"].engine == "chromium":
            returning(session["driver"], journey_server, request.getfixturevalue("engine_snapshot"))
    driver = session["driver"]
    failed = request.session.testsfailed
    try:
        driver.forget(journey_server.blank, keep=(SNAPSHOT_CACHE,))
    except Exception:
        drop(session)
        raise
    journey_server.take_reports()
    yield driver
    try:
        driver.goto(journey_server.blank)   # the journey's page unloads: its last reports come
    except Exception:
        drop(session)
        raise
    errors, foreign = journey_server.take_reports()
    if request.session.testsfailed != failed:
        drop(session)   # the next journey gets a new session
    assert not driver.errors + errors, f"{driver.engine}: console errors: {driver.errors + errors}"
    assert not driver.foreign + foreign, f"{driver.engine}: other hosts: {driver.foreign + foreign}"


# --- reading the step player -------------------------------------------------------------------

SHOWN_STEP = """(sid) => {
    const shown = document.querySelectorAll(`#${sid} li.etape:not([hidden])`);
    if (shown.length !== 1) return {count: shown.length};
    const li = shown[0];
    return {count: 1, n: Number(li.dataset.step),
            rows: [...li.querySelectorAll('[data-row]')].map((row) =>
                [...row.querySelectorAll('[data-card]')].map((card) => Number(card.dataset.card))),
            text: li.querySelector('figcaption').textContent.trim()};
}"""
ENGINE_READY = """(sid) => {
    const state = document.getElementById(sid).dataset.moteur;
    return state === 'pret' || state === 'echec' ? state : null;
}"""
SCENARIO = "(sid) => JSON.parse(document.getElementById(sid).dataset.scenario)"
# What the page has fetched of the engine (Pyodide, the engine's zip, its worker): nothing while
# the reader only steps, takes a first row choice or opens « Et si… ? ».
ENGINE_FETCHED = """() => performance.getEntriesByType('resource').map((e) => e.name)
    .filter((url) => /\\/vendor\\/pyodide\\/|\\/engine-[0-9a-f]+\\.zip$|\\/js\\/worker\\.js$/.test(url))"""


def command(sid: str, action: str) -> str:
    return f"#{sid} .joueur-commandes button[data-action={action}]"


def step(reader, sid: str) -> dict:
    shown = reader.eval(SHOWN_STEP, sid)
    assert shown["count"] == 1, f"{reader.engine}: {shown['count']} steps of {sid} shown at once"
    return shown


def no_engine(reader, sid: str) -> None:
    assert reader.eval(ENGINE_FETCHED) == [], f"{reader.engine}: the engine was fetched unasked"
    assert reader.eval(ENGINE_READY, sid) is None, f"{reader.engine}: the engine ran unasked"


def engine_started(reader, sid: str) -> None:
    assert reader.wait(ENGINE_READY, sid, what=f"{sid}'s engine") == "pret", \
        f"{reader.engine}: the engine failed to start"


def wait_for_step(reader, sid: str, n: int) -> dict:
    reader.wait(f"(sid) => ({SHOWN_STEP})(sid).n === {n}", sid, timeout_ms=10_000,
                what=f"{sid} shows step {n}")
    return step(reader, sid)


BOOT = "() => document.documentElement.dataset.demarrage"   # runtime, or snapshot
PAGE_NOTES = "() => window.__journeyNotes"   # the page's console.info lines (journey_probe.js)


def background_settled(reader) -> None:
    """Wait, as a reader who reads the page a while, until the page's background work is over:
    after a normal boot, the engine's snapshot made and kept, so the next journey starts from it
    (`snapshot_used`); leaving earlier cuts the making short (and Firefox logs a request its
    service worker was serving when the page went as a console error)."""
    state = reader.wait(f"() => document.documentElement.dataset.instantane || ({BOOT})() === 'snapshot'",
                        what="the page's background work settles")
    if reader.eval(BOOT) == "runtime":
        assert state == "fait", (f"{reader.engine}: the engine's snapshot was not made ({state}): "
                                 f"{reader.eval(PAGE_NOTES)}")
        reader.snapshot_kept = True


def snapshot_used(reader) -> None:
    """Once the session holds a snapshot (a journey made it, or `returning` kept the run's), the
    next page's engine starts from it."""
    if reader.snapshot_kept:
        assert reader.eval(BOOT) == "snapshot", f"{reader.engine}: the kept snapshot was not used"


def replay(scenario, **options):
    return variants.of(scenario).replay(scenario, draw=False, **options)


# --- the journeys --------------------------------------------------------------------------------


# The fragments of the links to the explorer the page shows in an example (the shown step's own).
LINKS_SHOWN = """(sid) => [...document.querySelectorAll(`#${sid} .exemple-explorateur`)]
  .filter((p) => p.getBoundingClientRect().height > 0 && getComputedStyle(p).visibility === 'visible')
  .map((p) => p.querySelector('a').getAttribute('href').split('#')[1])"""


def test_an_example_played_to_the_end(reader, journey_server):
    """Stepping reads the build's steps: every one matches CPython, each with its own link to the
    explorer (none where no card is left to play), and no engine is fetched."""
    reader.goto(journey_server.url("exemples/exemple-4/"))
    reader.click(command("exemple-4", "next"))
    wait_for_step(reader, "exemple-4", 1)
    reader.click(command("exemple-4", "first"))
    scenario = reader.eval(SCENARIO, "exemple-4")
    expected = replay(scenario, pause=True)
    for k, wanted in enumerate(expected):
        shown = wait_for_step(reader, "exemple-4", k)
        assert (shown["rows"], shown["text"]) == (wanted["rows"], wanted["text"]), \
            f"{reader.engine}: step {k}"
        link = codec.link_at(scenario, k)
        assert reader.eval(LINKS_SHOWN, "exemple-4") == ([link["fragment"]] if link else []), \
            f"{reader.engine}: step {k}'s link to the explorer"
        if k < len(expected) - 1:
            reader.click(command("exemple-4", "next"))
    assert reader.eval("(css) => document.querySelector(css).getAttribute('aria-disabled')",
                       command("exemple-4", "next")) == "true"
    assert reader.url().endswith(f"#exemple-4-etape-{len(expected) - 1}")
    no_engine(reader, "exemple-4")


def test_a_row_choice_changes_the_rest_of_the_example(reader, journey_server):
    reader.goto(journey_server.url("exemples/exemple-3/"))
    scenario = reader.eval(SCENARIO, "exemple-3")
    decision = next(s for s in replay(scenario) if s["choice"])
    """A first row choice, opened by a step's link, shows the build's answer: no engine."""
    reader.goto(journey_server.url(f"exemples/exemple-3/#exemple-3-etape-{decision['n']}"))
    choices = "#exemple-3 .courante .joueur-decision button"
    reader.wait_for(choices)
    assert reader.count(choices) == len(decision["choice"]["options"])
    reader.click('#exemple-3 .courante .joueur-decision button[data-choix="3"]')
    reader.wait_for('#exemple-3 .courante .joueur-decision button[data-choix="3"][aria-pressed="true"]')
    expected = replay(variants.of(scenario).with_choice(scenario, decision, 3))
    assert step(reader, "exemple-3")["rows"] == expected[decision["n"]]["rows"]
    reader.click(command("exemple-3", "last"))
    assert wait_for_step(reader, "exemple-3", expected[-1]["n"])["rows"] == expected[-1]["rows"]
    no_engine(reader, "exemple-3")


SHOWN_STEPS = """(sid) => [...document.querySelectorAll(`#${sid} li.etape`)]
    .filter((li) => li.getBoundingClientRect().height > 0 && getComputedStyle(li).visibility === 'visible')
    .map((li) => Number(li.dataset.step))"""
PLAYER = "js/example-player.js"


def controls_on_top(sid: str) -> str:
    """Whether the example's controls (or their place kept before the player) are at the top of
    the window: where a link to a step lands (player.css, scroll-margin-top)."""
    return (f"() => Math.abs(document.querySelector('#{sid} .joueur-commandes')"
            ".getBoundingClientRect().top) <= 2")


def test_a_link_to_a_step_opens_it_and_the_steps_stay_readable_without_the_player(reader, journey_server):
    """A link to a step opens that step alone. Should the player's script not load, the page
    still shows that step alone first, as the player would (player.css: nothing moves when the
    player starts), and then, its hiding animation over (10 s for a reader, finished at once
    here), every step and no empty place: the engines animate different properties (Firefox
    does not animate `display`), so each is tried."""
    sid = "exemple-4"
    journey_server.state.missing.add(SUB_PATH + PLAYER)
    try:
        reader.goto(journey_server.url(f"exemples/{sid}/#{sid}-etape-3"))
        reader.wait("() => document.readyState === 'complete'", what="the page loads")
    finally:
        journey_server.state.missing.clear()
    assert not reader.eval(f"() => document.getElementById('{sid}').classList.contains('joueur')")
    assert reader.eval(SHOWN_STEPS, sid) == [3], f"{reader.engine}: {reader.eval(SHOWN_STEPS, sid)}"
    chrome = (f"() => [...document.querySelectorAll('#{sid} .joueur-commandes, #{sid} .joueur-quiz')]"
              ".map((e) => [Math.round(e.getBoundingClientRect().height), getComputedStyle(e).visibility])")
    assert all(height > 0 and seen == "hidden" for height, seen in reader.eval(chrome)), reader.eval(chrome)
    reader.wait(controls_on_top(sid), timeout_ms=5_000, what="the controls' place at the top, the step under it")
    reader.eval("() => document.getAnimations().forEach((a) => a.finish())")
    assert reader.eval(SHOWN_STEPS, sid) == list(range(7)), f"{reader.engine}: {reader.eval(SHOWN_STEPS, sid)}"
    assert [height for height, _ in reader.eval(chrome)] == [0, 0]
    # The 404 of the missing module, as each engine reports it, is what this journey caused.
    reader.errors.clear()
    journey_server.take_reports()

    sid = "exemple-3"
    reader.goto(journey_server.url(f"exemples/{sid}/#{sid}-etape-2"))
    reader.wait(f"() => document.querySelector('#{sid}.joueur .joueur-commandes:not([hidden])') !== null",
                what="the player starts")
    assert step(reader, sid)["n"] == 2 and reader.eval(SHOWN_STEPS, sid) == [2]
    assert reader.text(f"#{sid} .joueur-position").startswith("Étape 2 sur ")
    # The link lands with the controls just above the step, where the player leaves them (the
    # scroll there is smooth for a reader with no motion preference: it may still be under way).
    reader.wait(controls_on_top(sid), timeout_ms=5_000, what="the controls at the top of the window")
    no_engine(reader, sid)


def replay_with_card(reader, sid: str, player: str, card: int) -> None:
    """« Et si… ? » as a reader: open it (which starts no engine), write `card` as `player`'s
    first card, press « Rejouer avec ces cartes »: the engine starts and answers."""
    reader.click(f"#{sid} .joueur-et-si summary")
    reader.wait(f"() => document.querySelector('#{sid} .joueur-et-si').open", timeout_ms=5_000,
                what="the first press opens « Et si… ? »")
    no_engine(reader, sid)
    reader.fill(f'#{sid} .joueur-et-si input[name="turns[0].plays.{player}"]', str(card))
    reader.click_button("Rejouer avec ces cartes")   # starts the engine, then replays
    engine_started(reader, sid)
    status = f"#{sid} .joueur-et-si [role=status]"
    reader.wait(f"() => document.querySelector('{status}').textContent.length > 0",
                timeout_ms=30_000, what="« Et si… ? » answers the first press")


# The first half of a gzip stream (of 200 kB of sevens): what a copy cut short looks like.
CUT_GZIP = """async () => {
    const zipped = new Blob([new Uint8Array(200000).fill(7)]).stream().pipeThrough(new CompressionStream("gzip"));
    const whole = new Uint8Array(await new Response(zipped).arrayBuffer());
    return whole.slice(0, whole.length >> 1);
}"""
KEEP_CUT = f"""async (url) => {{
    await (await caches.open("{SNAPSHOT_CACHE}")).put(url, new Response(await ({CUT_GZIP})()));
}}"""
# How js/snapshots.js reads a stream that fails to inflate: the error as the stream raised it.
# (Firefox turns `new Response(stream).arrayBuffer()` over it into a bare AbortError and logs
# « Failed to read data from the ReadableStream » as an error: readAll reads chunk by chunk.)
READ_CUT = f"""async () => {{
    const {{ readAll }} = await import(new URL("{SUB_PATH}js/snapshots.js", location.origin));
    try {{
        await readAll(new Blob([await ({CUT_GZIP})()]).stream().pipeThrough(new DecompressionStream("gzip")));
        return "no error";
    }} catch (error) {{
        return error.name;
    }}
}}"""


def test_what_if_replays_the_readers_card_then_the_page_works_offline(reader, journey_server):
    """« Et si… ? » replays the reader's card with the engine. The engine having run, the worker
    keeps the page and the engine: offline, the page steps and « Rejouer avec ces cartes »
    starts the engine from the cache and replays the card again.
    Where the session holds no snapshot yet (Firefox, WebKit: Chromium's keeps the run's), its
    browser kept a damaged one, cut short: the engine starts the normal way with no console
    error, says the stream's real error once as a note where the driver sees notes, and the page
    makes a good snapshot in its place (the next journeys start from it: `snapshot_used`)."""
    damaged = not reader.snapshot_kept
    if damaged:
        reader.eval(KEEP_CUT, snapshot_url(journey_server))
    reader.goto(journey_server.url("exemples/exemple-4/"))
    assert reader.eval(READ_CUT) == "TypeError", reader.engine
    scenario = reader.eval(SCENARIO, "exemple-4")
    player = next(iter(scenario["turns"][0]["plays"]))
    replay_with_card(reader, "exemple-4", player, 99)
    if damaged:
        assert reader.eval(BOOT) == "runtime", f"{reader.engine}: a damaged snapshot was used"
        if reader.sees_notes:
            unusable = [note for note in reader.notes if "engine snapshot unusable" in note]
            assert len(unusable) == 1 and "TypeError" in unusable[0], reader.notes
    expected = replay(scenario)
    edited = replay({**scenario, "turns": [{"plays": {**scenario["turns"][0]["plays"], player: 99}},
                                           *scenario["turns"][1:]]})
    assert expected[-1]["rows"] != edited[-1]["rows"]   # the card changes how the example ends
    reader.click(command("exemple-4", "last"))
    assert wait_for_step(reader, "exemple-4", edited[-1]["n"])["rows"] == edited[-1]["rows"]

    reader.wait_for("html[data-hors-ligne=moteur]")   # the worker kept the page and the engine
    background_settled(reader)
    reader.wait("() => navigator.serviceWorker.controller !== null", what="the worker controls")
    journey_server.state.offline = True
    try:
        reader.goto(journey_server.url("exemples/exemple-4/"))   # the page anew, at its start
        reader.wait_for(command("exemple-4", "last"))   # the player, from the cache
        reader.click(command("exemple-4", "last"))   # the built steps, from the cache
        assert wait_for_step(reader, "exemple-4", expected[-1]["n"])["rows"] == expected[-1]["rows"]
        replay_with_card(reader, "exemple-4", player, 99)   # Pyodide and the engine from the cache
        reader.click(command("exemple-4", "last"))
        assert wait_for_step(reader, "exemple-4", edited[-1]["n"])["rows"] == edited[-1]["rows"]
    finally:
        journey_server.state.offline = False


JOUER = "[data-jouer]"
PHASE = f"""() => {{
    const root = document.querySelector('{JOUER}');
    return root && !root.hasAttribute('aria-busy')
        && ['play', 'row', 'round_over', 'game_over'].includes(root.dataset.phase)
        ? root.dataset.phase : null;
}}"""


def test_a_jouer_round_to_the_scores(reader, journey_server):
    reader.goto(journey_server.url("outils/jouer/"))
    reader.eval(SEEDED_DEALS, deal_seed(f"jouer round, {reader.engine}"))   # the same deal every run
    reader.select("#jouer-bots", "3")
    reader.select("#jouer-vitesse", "0")   # immediate: no pause between cards
    reader.fill("#jouer-manches", "1")
    reader.click(f"{JOUER} button[type=submit]")
    turns = 0
    while (phase := reader.wait(PHASE, what="Jouer waits for the reader")) in ("play", "row"):
        hand = reader.count(".jouer-main .jouer-carte")
        if phase == "play":
            turns += 1
            assert hand == 11 - turns
            reader.click(".jouer-main .jouer-carte")
        else:
            reader.click(".jouer-rangee")
        reader.wait(f"(phase, hand) => ({PHASE})() !== phase || "
                    "document.querySelectorAll('.jouer-main .jouer-carte').length !== hand",
                    phase, hand, timeout_ms=60_000, what="Jouer takes the press")
    assert (turns, phase) == (10, "game_over")
    snapshot_used(reader)
    assert "Partie terminée après une manche" in reader.text(".jouer-resume")
    names = reader.eval("() => [...document.querySelectorAll('.jouer-tableau-scores tbody th')]"
                        ".map((th) => th.textContent)")
    assert set(names) == {"Camille", "Alice", "Bruno", "Chloé"}
    # « Revoir la manche »: the round's steps with the examples' controls, from the deal to the end.
    reader.click_button("Revoir la manche étape par étape")
    stage = ".jouer-revoir .jouer-revoir-etape"
    reader.wait(f"() => document.querySelector('{stage}')?.dataset.step === '0'", timeout_ms=30_000,
                what="the review")
    reader.click(".jouer-revoir [data-action=last]")
    last = reader.wait(f"() => Number(document.querySelector('{stage}').dataset.step) || null",
                       timeout_ms=10_000, what="the review's last step")
    assert last > 10   # a deal, then every card of ten turns placed
    assert reader.eval("() => document.querySelector('.jouer-revoir [data-action=next]')"
                       ".getAttribute('aria-disabled')") == "true"


EXPLORER = "outils/explorer/"
ROWS = ["3 12 15", "28 30", "39 41 42 43 47", "60"]
# Three cards, each a case of its own: too low (5), the sixth card of row 3 (48), a plain place
# (90). The estimate's cost grows with the hand, and it runs in every engine.
HAND = "5 48 90"
FIGURES = ("() => [...document.querySelectorAll('.explorer-risque')].map((li) => "
           "[Number(li.dataset.card), Number(li.dataset.take), Number(li.dataset.heads)])")
# Where each line of the results and the heading under them sit on the page: the room kept at
# the press must be the very room the figures take (nothing under them moves when they come).
ROOM = ("() => [...document.querySelectorAll('[data-resultats] .explorer-resume, [data-resultats] li, "
        "#lire-les-barres')].map((n) => Math.round(n.getBoundingClientRect().bottom + window.scrollY))")


def test_an_explorer_estimate_and_its_permalink(reader, journey_server):
    reader.goto(journey_server.url(EXPLORER))
    reader.wait_for("[data-explorer][data-pret]")
    for i, text in enumerate(ROWS):
        reader.fill(f"#explorer-rangee-{i + 1}", text)
    reader.fill("#explorer-main", HAND)
    reader.select("#explorer-joueurs", "4")
    reader.fill("#explorer-connues", "J3 : 7")
    reader.fill("#explorer-graine", "7")
    reader.select("#explorer-tirages", "1000")
    reader.click_button("Quel risque\u202f?")
    room = reader.eval(ROOM)   # the engine is still starting: empty lines, one per card
    assert reader.count(".explorer-place") == 3 and reader.count(".explorer-risque") == 0
    reader.wait_for("[data-resultats][data-fini=true]")
    assert reader.eval(ROOM) == room and len(room) == 5
    first = reader.eval(FIGURES)
    position = Position.of([[int(c) for c in r.split()] for r in ROWS], [5, 48, 90], 4,
                           {"p3": [7]})
    expected = estimate(position, 1000, 7)
    assert [card for card, *_ in first] == [5, 48, 90]
    assert [take for _, take, _ in first] == [round(t.take_interval()[0], 6) for t in expected.tallies]
    background_settled(reader)   # the reader reads the figures before leaving
    link = reader.url()
    fragment = re.search(r"#(v2\.[A-Za-z0-9_-]+)$", link)
    assert fragment, link
    assert codec.decode(fragment[1]) == codec.Link(position, 7, "uniform")   # CPython reads it
    # The link, opened anew, gives the same position and seed, hence the same figures (the
    # estimate is deterministic for a seed: tests/game/explore).
    reader.goto(journey_server.url("regles/"))
    reader.goto(link)
    reader.wait_for("form.explorer-position[data-valide=true]")
    assert [reader.value(f"#explorer-rangee-{i + 1}") for i in range(4)] == ROWS
    assert reader.value("#explorer-main") == HAND
    assert reader.value("#explorer-graine") == "7"


SHEET = ("() => [...document.querySelectorAll('.compteur-feuille tr')]"
         ".map((tr) => [...tr.children].map((c) => c.textContent))")


def test_the_compteur_keeps_its_sheet_across_a_reload(reader, journey_server):
    reader.goto(journey_server.url("outils/compteur/"))
    reader.wait_for("[data-compteur][data-pret]")
    for name in ("Alice", "Bruno", "Chloé"):
        reader.fill("#compteur-nom", name)
        reader.click_button("Ajouter")
    for values in ((12, 3, 0), (5, "", 20)):
        for i, value in enumerate(values):
            reader.fill(f"#compteur-manche-{i}", str(value))
        reader.click_button("Ajouter la manche")
    before = reader.eval(SHEET)
    assert before[-1] == ["Total", "17", "3", "20"]
    assert reader.text(".compteur-verdict") == "Bruno mène."
    reader.reload()
    reader.wait_for("[data-compteur][data-pret]")
    assert reader.eval(SHEET) == before


FOUND = ("() => [...document.querySelectorAll('.recherche-resultats a')].map((a) => "
         "[a.getAttribute('href'), [...a.querySelectorAll('mark')].map((m) => m.textContent)])")


def test_a_search_finds_the_rule_and_opens_it(reader, journey_server):
    """« Rechercher » (Pagefind's wasm in its own worker, the results drawn by js/recherche.js)
    finds the rule on taking a row by a word of it, and its result opens the rule's section."""
    reader.goto(journey_server.url(""))
    reader.wait_for("form.recherche:not([hidden])")
    reader.fill("#recherche-mots", "ramasse")
    reader.wait("() => document.querySelector('form.recherche').dataset.resultats === 'ramasse'",
                timeout_ms=30_000, what="the search's results")
    found = reader.eval(FOUND)
    rules = [href for href, _ in found if "/regles/#" in href]
    assert rules and any(m.lower().startswith("ramass") for _, marks in found for m in marks), found
    anchor = rules[0].split("#")[1]
    reader.click(f'.recherche-resultats a[href="{rules[0]}"]')
    reader.wait("(id) => location.hash === '#' + id && Boolean(document.getElementById(id))", anchor,
                what="the rule opened at its section")
    assert reader.eval("(id) => document.getElementById(id).tagName", anchor) in ("H2", "H3")
