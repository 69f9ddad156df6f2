"""The engine's answers in the example player, in Chromium: « Et si… ? » and « Rejouer avec ces
cartes » answered by the engine running in Pyodide, every table checked against CPython's `game/`.

Starting the engine costs seconds of CPU, and what these tests prove does not depend on a fresh
one: each page below starts it once, the reader's way (« Rejouer avec ces cartes » with the
example's own cards), and its tests then run in order on that page, each leaving the example as
it found it (« Revenir à l’exemple »). The first test of each page reads what the cold start
showed (its phases, what was announced). What needs a cold start of its own has its own page:
the first « Rejouer » after reading (nothing fetched before it, its note, its progress), an
engine that fails to start, and the first press of each control (test_player_built.py).
"""

from __future__ import annotations

import re
from types import SimpleNamespace
from urllib.parse import urlsplit

import pytest

from game import variants, web
from game.classic.replay import replay as classic_replay
from game.explore import codec
from harness import (ENGINE_TIMEOUT_MS, Guard, fast_clock, idle, keep_snapshot, sealed_page,
                     start_engine_by_what_if, wait_for_engine)
from player_helpers import (HEAVY, button, current_step, field, field_error,
                            READ_TAKES, READ_TURN, record_engine_requests, scenario_of, shown)

pytestmark = pytest.mark.slow

NBSP = "\u00a0"
FOUR = "exemple-4"
SIX = "exemple-6-corrige"
DOWNLOAD_NOTE = re.compile(rf"«{NBSP}Rejouer avec ces cartes{NBSP}» télécharge d’abord le moteur de jeu "
                           rf"\(environ \d+,\d{NBSP}Mo, une seule fois\)\.")
PHASE_TEXTS = ("Téléchargement du moteur de jeu…", "Démarrage…", "Chargement des règles…")

PHASES = """(sid) => {
  window.__seen = [];
  const section = document.getElementById(sid);
  const note = () => {
    const status = section.querySelector('.joueur-et-si .joueur-etat');
    const bar = status && status.querySelector('progress');
    if (!status || status.hidden) return;
    window.__seen.push({
      text: status.querySelector('[role=status]').textContent,
      bytes: status.querySelector('.joueur-octets').textContent,
      value: bar && bar.hasAttribute('value') ? bar.value : null,
      visible: Boolean(bar && bar.getBoundingClientRect().width > 0),
    });
  };
  new MutationObserver(note).observe(section, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def replay(scenario, **options):
    return variants.of(scenario).replay(scenario, **options)


def heavy(fetched):
    return [url for url in fetched if HEAVY.search(url)]


def started_page(browser, server, path, prepare, snapshot=None):
    """A sealed page at `path`, `prepare(page)` run before the engine starts, then the engine
    started once by « Rejouer avec ces cartes » on the page's first example (from `snapshot`,
    as a returning reader's, when given)."""
    guard = Guard()
    context, page = sealed_page(browser, server, guard, viewport={"width": 1200, "height": 900},
                                snapshot=snapshot)
    requests = record_engine_requests(page)
    page.goto(server.url(path))
    facts = prepare(page)
    return SimpleNamespace(context=context, page=page, guard=guard, requests=requests, facts=facts)


def check_guard(guard):
    assert not guard.foreign, f"requests to other hosts: {guard.foreign}"
    assert not guard.dialogs, f"dialogs opened: {guard.dialogs}"
    assert not guard.page_errors, f"page errors: {guard.page_errors}"


def rejouer(page, sid):
    """Press « Rejouer avec ces cartes » (the engine already runs) and wait for its answer: the
    form clears its messages on the press, then shows the engine's status or errors."""
    page.click(f"#{sid} .joueur-et-si button[type=submit]")
    page.wait_for_function(
        f"""() => {{ const form = document.querySelector('#{sid} .joueur-et-si');
            return [...form.querySelectorAll('.joueur-message, .joueur-erreur')]
                .some((el) => el.textContent !== ''); }}""", timeout=ENGINE_TIMEOUT_MS)


def restore(page, sid):
    """« Revenir à l’exemple »: the example as written, its fields as written, no message left
    but the one saying so."""
    page.click(f"#{sid} .joueur-et-si button[type=button]")
    page.wait_for_function(f"() => document.querySelector('#{sid} .joueur-et-si [role=status]')"
                           ".textContent.includes('origine')")


# --- exemple 4: « Et si… ? » ------------------------------------------------------------------

@pytest.fixture(scope="module")
def four(browser, server):
    """Exemple 4 with its engine started once (its cold start observed, its built markup kept)."""
    def prepare(page):
        static = page.eval_on_selector_all(f"#{FOUR} li.etape", "els => els.map((li) => li.innerHTML)")
        page.evaluate(PHASES, FOUR)
        start_engine_by_what_if(page, FOUR)
        wait_for_engine(page)
        return {"static": static}

    started = started_page(browser, server, "exemples/exemple-4/", prepare)
    yield started
    started.context.close()
    check_guard(started.guard)


@pytest.fixture
def page4(four):
    """The started exemple 4; afterwards its « Et si… ? » is brought back to the example."""
    yield four.page
    check_guard(four.guard)
    if "/exemples/exemple-4/" in four.page.url:   # the explorer link test leaves it last
        restore(four.page, FOUR)


def test_engine_start_shows_its_phases_then_redraws_the_built_markup(four):
    """« Rejouer avec ces cartes » showed the start's phases, a bar and a byte count in its own
    slot, and nothing about the engine stays once it is ready; the engine's steps for the
    example's own cards, from step 0, are the build's markup."""
    page = four.page
    seen = page.evaluate("window.__seen")
    texts = list(dict.fromkeys(s["text"] for s in seen))
    assert texts == list(PHASE_TEXTS)   # what loads, in the reader's words: never « Python »
    assert all(s["visible"] for s in seen)
    values = [s["value"] for s in seen if s["value"] is not None]
    assert values and max(values) == 1 and min(values) < 0.5
    assert any(re.fullmatch(rf"\d+,\d{NBSP}Mo sur \d+,\d{NBSP}Mo", s["bytes"]) for s in seen)
    assert any(url.endswith("pyodide.asm.wasm") for url in four.requests)
    # Once ready, nothing is left on screen about the engine, and the old wording is gone.
    assert page.locator(f"#{FOUR} .joueur-etat").is_hidden()
    assert page.locator(f"#{FOUR} .joueur-moteur-note").is_hidden()
    text = page.inner_text(f"#{FOUR}")
    assert "Python" not in text and "Calcul en cours" not in text
    # The engine's steps (filled when first shown) are the build's.
    static = four.facts["static"]
    assert page.locator(f"#{FOUR} li.etape[data-html]").count() > 0
    assert current_step(page, FOUR)["n"] == 0   # the replay starts at its first step
    shown = []
    for k in range(len(static)):
        shown.append(page.eval_on_selector(f"#{FOUR} li.etape:not([hidden])", "li => li.innerHTML"))
        if k < len(static) - 1:
            button(page, FOUR, "next").click()
    assert shown == static


def test_what_if_replays_the_readers_cards(page4):
    """The reader's card is replayed by the engine like CPython, and « Revenir à l’exemple »
    undoes it."""
    page = page4
    scenario = scenario_of(page, FOUR)
    players = list(scenario["turns"][0]["plays"])
    name = f"turns[0].plays.{players[0]}"
    field(page, FOUR, name).fill("99")
    rejouer(page, FOUR)
    assert field_error(page, FOUR, name).inner_text() == ""
    edited = {**scenario, "turns": [{"plays": {**scenario["turns"][0]["plays"], players[0]: 99}}]}
    expected = replay(edited, draw=False)
    button(page, FOUR, "last").click()
    assert current_step(page, FOUR)["rows"] == expected[-1]["rows"]
    restore(page, FOUR)
    # Back at the start of the example as written: the address names that step (it kept the
    # changed game's last one), and the step is said again, the example's words.
    assert page.url.endswith(f"#{FOUR}-etape-0")
    assert page.text_content(f"#{FOUR} .joueur-annonce") == replay(scenario, draw=False)[0]["text"]
    button(page, FOUR, "last").click()
    assert current_step(page, FOUR)["rows"] == replay(scenario, draw=False)[-1]["rows"]
    assert field(page, FOUR, name).input_value() == str(scenario["turns"][0]["plays"][players[0]])


@pytest.mark.parametrize("typed, message", [
    ("105", "La carte 105 n’existe pas\u00a0: les cartes vont de 1 à 104."),
    ("<img src=x onerror=alert(1)>", "«\u00a0<img src=x onerror=alert(1)>\u00a0» n’est pas un numéro de carte"),
])
def test_what_if_bad_card_is_explained_next_to_its_field(page4, four, typed, message):
    """The engine says what is wrong next to the field (Enter submits); nothing else changes."""
    page = page4
    before = page.eval_on_selector_all(f"#{FOUR} li.etape", "els => els.map((li) => li.innerHTML)")
    player = list(scenario_of(page, FOUR)["turns"][0]["plays"])[1]
    name = f"turns[0].plays.{player}"
    field(page, FOUR, name).fill(typed)
    field(page, FOUR, name).press("Enter")
    error = field_error(page, FOUR, name)
    error.wait_for(state="visible", timeout=ENGINE_TIMEOUT_MS)
    assert message in error.inner_text()
    assert field(page, FOUR, name).get_attribute("aria-invalid") == "true"
    assert page.locator(f"#{FOUR} img").count() == 0
    after = page.eval_on_selector_all(f"#{FOUR} li.etape", "els => els.map((li) => li.innerHTML)")
    assert after == before  # nothing else changed
    page.wait_for_timeout(300)
    assert not four.guard.dialogs


def test_what_if_card_already_on_the_table(page4):
    page = page4
    scenario = scenario_of(page, FOUR)
    player = list(scenario["turns"][0]["plays"])[0]
    on_table = scenario["rows"][2][-1]
    name = f"turns[0].plays.{player}"
    field(page, FOUR, name).fill(str(on_table))
    page.click(f"#{FOUR} .joueur-et-si button[type=submit]")
    error = field_error(page, FOUR, name)
    error.wait_for(state="visible", timeout=ENGINE_TIMEOUT_MS)
    assert error.inner_text() == f"La carte {on_table} est déjà sur la table."


def test_what_if_error_marks_the_field_the_reader_changed(page4):
    page = page4
    bruno = scenario_of(page, FOUR)["turns"][0]["plays"]["Bruno"]
    field(page, FOUR, "turns[0].plays.Alice").fill(str(bruno))
    page.click(f"#{FOUR} .joueur-et-si button[type=submit]")
    alice = field_error(page, FOUR, "turns[0].plays.Alice")
    alice.wait_for(state="visible", timeout=ENGINE_TIMEOUT_MS)   # the engine's answer
    assert alice.inner_text().startswith(f"La carte {bruno}")
    assert field(page, FOUR, "turns[0].plays.Alice").get_attribute("aria-invalid") == "true"
    assert field(page, FOUR, "turns[0].plays.Bruno").get_attribute("aria-invalid") is None
    assert field_error(page, FOUR, "turns[0].plays.Bruno").inner_text() == ""


def test_what_if_success_is_not_in_the_error_colour(page4):
    page = page4
    rejouer(page, FOUR)   # the example's own cards: a success
    assert page.get_attribute(f"#{FOUR} .joueur-et-si .joueur-message", "role") == "status"
    field(page, FOUR, "turns[0].plays.Alice").fill("200")
    page.click(f"#{FOUR} .joueur-et-si button[type=submit]")
    error = field_error(page, FOUR, "turns[0].plays.Alice")
    error.wait_for(state="visible")
    restore(page, FOUR)  # back to the example: a success
    colour = "(el) => getComputedStyle(el).color"
    assert page.eval_on_selector(f"#{FOUR} .joueur-message", colour) != \
        page.eval_on_selector(f"#{FOUR} .joueur-champs .joueur-erreur", colour)
    assert page.locator(f"#{FOUR} .joueur-et-si [role=alert]").inner_text() == ""


def test_what_if_says_when_a_row_choice_will_be_needed(page4):
    page = page4
    # Before replaying: the form says a too-low card stops the replay for the reader's choice.
    help_text = page.inner_text(f"#{FOUR} .joueur-et-si form > p")
    assert "plus faible que toutes les rangées" in help_text and "vous choisirez" in help_text
    field(page, FOUR, "turns[0].plays.Alice").fill("5")
    rejouer(page, FOUR)
    message = page.locator(f"#{FOUR} .joueur-message")
    assert "d’Alice" in message.inner_text() and "vous choisirez" in message.inner_text()
    # From the first step of the new replay, the count says a choice comes (it then grows).
    pause = int(page.get_attribute(f"#{FOUR} li.etape:last-child", "data-step"))
    position = page.inner_text(f"#{FOUR} .joueur-position")
    assert position.startswith(f"Au départ (étape 0 sur {pause})")
    assert f"un choix de rangée vous attend à l’étape {pause}" in position
    button(page, FOUR, "next").click()
    assert f"un choix de rangée vous attend à l’étape {pause}" in page.inner_text(f"#{FOUR} .joueur-position")
    button(page, FOUR, "last").click()
    assert "la suite après le choix" in page.inner_text(f"#{FOUR} .joueur-position")
    legend = page.inner_text(f"#{FOUR} .courante .joueur-decision legend")
    assert legend.startswith("Décision d’Alice") and "de Alice" not in page.inner_text(f"#{FOUR}")


def test_a_changed_example_is_linked_by_the_engine(page4, server, engine_snapshot):
    """« Ouvrir dans l’explorateur » from an example the reader changed: the engine's link, and
    the explorer opens that table. (It leaves the page: the last test on exemple 4. The explorer
    starts its engine from the snapshot a reader's first start leaves: how it starts is not this
    test's subject.)"""
    page = page4
    keep_snapshot(page, server, engine_snapshot)
    field(page, FOUR, "rows[0]").fill("9")
    link = page.locator(f"#{FOUR} .courante .exemple-explorateur a")
    built = link.get_attribute("href")
    rejouer(page, FOUR)
    # The build's link is a #v2. link too: wait for the engine's, in the engine's step.
    page.wait_for_function("([sel, built]) => { const a = document.querySelector(sel); "
                           "return a && a.getAttribute('href') !== built; }",
                           arg=[f"#{FOUR} .courante .exemple-explorateur a", built])
    position = codec.decode(urlsplit(link.get_attribute("href")).fragment).position
    assert position.rows[0] == (9,)   # not the build's link: the engine's, for the new table
    link.click()
    page.wait_for_selector("form.explorer-position[data-valide=true]", timeout=ENGINE_TIMEOUT_MS)
    assert [int(c) for c in page.input_value("#explorer-rangee-1").split()] == [9]


# --- cold starts: the first « Rejouer avec ces cartes » of a page, an engine that fails ---------

def test_stepping_the_quiz_and_a_first_choice_fetch_nothing_until_rejouer_starts_the_engine(page, server):
    """Reading, stepping, the quiz, a first row choice and opening « Et si… ? » download no engine;
    « Rejouer avec ces cartes » starts it, after a note saying what it costs, with its progress
    at that control; then every step still matches CPython."""
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    fast_clock(page)
    page.goto(server.url("exemples/exemple-3/"))
    page.mouse.wheel(0, 400)  # reading: scrolling is not using the player
    built = page.evaluate("() => JSON.parse(document.getElementById('exemple-3').dataset.pas)")
    decision = next(s for s in built if s["choice"])
    button(page, "exemple-3", "next").click()
    assert current_step(page, "exemple-3")["n"] == 1
    button(page, "exemple-3", "last").click()
    button(page, "exemple-3", "first").click()
    for _ in range(decision["n"]):
        button(page, "exemple-3", "next").click()
    other = next(o["row"] for o in decision["choice"]["options"] if o["row"] != decision["choice"]["chosen"])
    page.click(f'#exemple-3 .courante .joueur-decision button[data-choix="{other}"]')
    page.wait_for_selector(f'#exemple-3 .courante .joueur-decision button[data-choix="{other}"][aria-pressed="true"]')
    page.click(f'#exemple-3 .courante .joueur-decision button[data-choix="{decision["choice"]["chosen"]}"]')
    page.check("#exemple-3 .joueur-quiz input")
    page.click("#exemple-3 .joueur-et-si summary")
    idle(page)   # 15 s on the page's clock
    assert heavy(fetched) == []
    assert page.get_attribute("#exemple-3", "data-moteur") is None
    slot = page.locator("#exemple-3 .joueur-et-si .joueur-moteur")
    assert DOWNLOAD_NOTE.fullmatch(slot.locator(".joueur-moteur-note").inner_text()), slot.inner_text()
    page.uncheck("#exemple-3 .joueur-quiz input")
    page.click("#exemple-3 .joueur-et-si button[type=submit]")
    slot.locator(".joueur-etat").wait_for(state="visible")   # its progress, at that control
    assert slot.locator(".joueur-moteur-note").is_hidden()
    start_engine_by_what_if_done(page, "exemple-3")
    found = heavy(fetched)
    assert any(url.endswith("pyodide.asm.wasm") for url in found)
    assert any(re.search(r"/engine-[0-9a-f]+\.zip$", url) for url in found)
    steps = replay(scenario_of(page, "exemple-3"), draw=False, pause=True)
    button(page, "exemple-3", "last").click()
    assert current_step(page, "exemple-3")["rows"] == steps[-1]["rows"]



def start_engine_by_what_if_done(page, sid):
    page.wait_for_selector(f"#{sid}[data-moteur=pret]", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function(f"() => document.querySelector('#{sid} .joueur-et-si .joueur-message')"
                           ".textContent !== ''", timeout=ENGINE_TIMEOUT_MS)



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



# --- exemple 6: the other example on the page, and the played cards ------------------------------

@pytest.fixture(scope="module")
def six(browser, server, engine_snapshot):
    """Exemple 6 (two examples) with its engine started once from the first one, what the page
    said and asked the worker recorded, and the second example's built nodes marked. A returning
    reader's: the engine starts from the kept snapshot (exemple 4's start is a first one)."""
    def prepare(page):
        built_other = page.evaluate(f"""() => [...document.querySelectorAll('#{SIX} li.etape')]
            .map((li) => {{ li.__built = true; return li.innerHTML; }})""")
        built_first = page.eval_on_selector_all("#exemple-6 li.etape", "els => els.map((li) => li.innerHTML)")
        page.evaluate("""() => { const post = Worker.prototype.postMessage;
            window.__asked = []; Worker.prototype.postMessage = function (m) {
                if (m && m.type) window.__asked.push(m.type); return post.call(this, m); }; }""")
        page.evaluate("""() => { window.__said = [];
          new MutationObserver(() => document.querySelectorAll('[aria-live], [role=status], [role=alert]')
            .forEach((r) => r.textContent && window.__said.push(
              [r.closest('section.exemple').id, r.textContent])))
            .observe(document.body, {subtree: true, childList: true, characterData: true}); }""")
        start_engine_by_what_if(page, "exemple-6")
        wait_for_engine(page)
        assert page.evaluate("document.documentElement.dataset.demarrage") == "snapshot"
        return {"built_other": built_other, "built_first": built_first}

    started = started_page(browser, server, "exemples/exemple-6/", prepare, engine_snapshot)
    yield started
    started.context.close()
    check_guard(started.guard)


def test_when_the_engine_is_ready_the_built_steps_stay_and_nothing_else_is_said(six):
    """The build drew every step with the engine's step_html: once « Et si… ? » has started the
    engine, the page's other example keeps those very nodes (nothing swapped on the main thread,
    nothing replayed), every section says the engine is ready, and « Revenir à l’exemple » brings
    back the built markup. While it started, what was said is its phases, then the reader's
    replay (its message and its first step): no « prêt », nothing from the other example."""
    page = six.page
    said = {tuple(s) for s in page.evaluate("window.__said")}
    replayed = {("exemple-6", "Nouvelle partie rejouée par le moteur."),
                ("exemple-6", current_step(page, "exemple-6")["text"])}
    assert {text for sid, text in said - replayed} == set(PHASE_TEXTS)
    assert {sid for sid, _ in said} == {"exemple-6"}
    after = page.evaluate(f"""() => [...document.querySelectorAll('#{SIX} li.etape')].map((li) =>
        li.__built === true ? li.innerHTML : null)""")
    assert after == six.facts["built_other"]   # the very same nodes, with the same markup
    asked = page.evaluate("window.__asked")
    assert "replay" not in asked and "what_if" in asked
    steps = web.steps_for(scenario_of(page, SIX))
    button(page, SIX, "last").click()
    assert current_step(page, SIX)["rows"] == steps[-1]["rows"]
    restore(page, "exemple-6")
    page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")   # every step filled
    assert page.eval_on_selector_all("#exemple-6 li.etape", "els => els.map((li) => li.innerHTML)") \
        == six.facts["built_first"]
    check_guard(six.guard)


def test_each_step_of_a_turn_draws_the_revealed_cards_and_the_takes(six):
    """The played cards beside the table: each step shows the revealed cards in placement order
    with their players, the one placed now outlined and those already placed ticked; the cards a
    player takes are in their pile line; a row the new card restarts is not marked « ramassée ».
    The static page (no JS needed) and the engine in the browser draw the same thing: the engine
    replays the example's own cards at « Rejouer avec ces cartes », from step 0."""
    page = six.page
    static = six.facts["built_other"]
    page.click(f"#{SIX} .joueur-et-si summary")
    rejouer(page, SIX)
    assert page.locator(f"#{SIX} li.etape[data-html]").count() > 0   # the engine's steps
    assert current_step(page, SIX)["n"] == 0
    steps = classic_replay(scenario_of(page, SIX), draw=False)
    for step in steps:
        li = shown(page, SIX)
        assert li.inner_html() == static[step["n"]], f"step {step['n']}: browser and build differ"
        turn = page.evaluate(READ_TURN, li)
        assert turn == [[e["card"], e["player"], e["state"]] for e in step["revealed"]]
        takes = page.evaluate(READ_TAKES, li)
        assert takes == [[t["player"], t["cards"]] for t in step["takes"]]
        # A row the new card restarts holds it, and no « ramassée » tag or hatching.
        assert li.query_selector("svg.sqp-table .tag, svg.sqp-table .hatch") is None
        if step is not steps[-1]:
            button(page, SIX, "next").click()
    # The values the steps above compared, as a reader sees them at Chloé's take.
    assert [s["revealed"][2]["state"] for s in steps[1:6]] == ["waiting", "waiting", "waiting", "current", "placed"]
    assert steps[4]["takes"] == [{"player": "Chloé", "cards": [36, 38, 39, 41, 43]}]
    page.goto(server_url(page, f"#{SIX}-etape-4"))
    li = shown(page, SIX)
    assert current_step(page, SIX)["n"] == 4
    assert li.query_selector("svg.sqp-tour title").text_content().startswith("Tour 1, cartes révélées")
    assert li.query_selector(".ramasse span").text_content() == "Chloé ramasse\u00a0:"
    assert li.query_selector(".ramasse svg.sqp-pile title").text_content().startswith("Cartes 36, 38, 39, 41 et 43")
    check_guard(six.guard)


def server_url(page, fragment):
    return page.url.split("#")[0] + fragment
