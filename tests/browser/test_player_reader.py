"""What a reader of an example page meets: stepping and the quiz download no engine, « Rejouer avec
ces cartes » starts it with its cost and progress at that control, the « Et si… ? » form, and
what a screen reader hears. Real server, real worker.
"""

from __future__ import annotations

import re

import pytest

from harness import ENGINE_TIMEOUT_MS, sealed_page, start_engine_by_what_if, wait_for_engine
from game.classic.replay import replay
from game import web
from player_helpers import button, current_step, field, field_error, scenario_of

pytestmark = pytest.mark.slow

IDLE_MS = 15_000
HEAVY = re.compile(r"pyodide|/engine-[0-9a-f]+\.zip|engine\.json")
NBSP = "\u00a0"


DOWNLOAD_NOTE = re.compile(rf"«{NBSP}Rejouer avec ces cartes{NBSP}» télécharge d’abord le moteur de jeu "
                           rf"\(environ \d+,\d{NBSP}Mo, une seule fois\)\.")


def heavy(fetched):
    return [url for url in fetched if HEAVY.search(url)]


# --- engine only on demand -----------------------------------------------------------------------

def test_stepping_the_quiz_and_a_first_choice_fetch_nothing_until_rejouer_starts_the_engine(page, server):
    """Reading, stepping, the quiz, a first row choice and opening « Et si… ? » download no engine;
    « Rejouer avec ces cartes » starts it, after a note saying what it costs, with its progress
    at that control; then every step still matches CPython."""
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
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
    page.click(f'#exemple-3 .joueur-decision button[data-choix="{other}"]')
    page.wait_for_selector(f'#exemple-3 .joueur-decision button[data-choix="{other}"][aria-pressed="true"]')
    page.click(f'#exemple-3 .joueur-decision button[data-choix="{decision["choice"]["chosen"]}"]')
    page.check("#exemple-3 .joueur-quiz input")
    page.click("#exemple-3 .joueur-et-si summary")
    page.wait_for_timeout(IDLE_MS)
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


def test_tabbing_through_a_player_is_not_using_it(page, server):
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(server.url("exemples/exemple-4/"))
    button(page, "exemple-4", "first").focus()
    for _ in range(4):
        page.keyboard.press("Tab")
    page.wait_for_timeout(1500)
    assert [url for url in fetched if HEAVY.search(url)] == []


def test_a_phone_swipe_or_a_text_selection_over_a_player_is_reading(browser, server, guard):
    """On a touch screen a swipe starts with a press on the player; it scrolls the page, and the
    browser cancels the press: no engine. Selecting a step's text with the mouse is reading too."""
    context, page = sealed_page(browser, server, guard, viewport={"width": 390, "height": 844},
                                has_touch=True, is_mobile=True)
    try:
        fetched = []
        page.on("request", lambda request: fetched.append(request.url))
        page.goto(server.url("exemples/exemple-4/"))
        page.locator("#exemple-4 .joueur-position").scroll_into_view_if_needed()
        box = page.locator("#exemple-4 li.etape:not([hidden])").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        cdp = context.new_cdp_session(page)
        before = page.evaluate("scrollY")
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for dy in range(10, 210, 10):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y - dy}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_timeout(500)
        assert page.evaluate("scrollY") > before   # the swipe did scroll the page
        # Selecting the caption's text with the mouse: press, drag, release.
        caption = page.locator("#exemple-4 li.etape:not([hidden]) figcaption").first.bounding_box()
        page.mouse.move(caption["x"] + 2, caption["y"] + 4)
        page.mouse.down()
        page.mouse.move(caption["x"] + caption["width"] - 4, caption["y"] + caption["height"] - 4, steps=5)
        page.mouse.up()
        assert page.evaluate("String(getSelection())").strip()
        page.wait_for_timeout(3000)
        assert [url for url in fetched if HEAVY.search(url)] == []
        assert page.get_attribute("#exemple-4", "data-moteur") is None
        # A tap on a control steps at once, from what the build wrote: still no engine.
        button(page, "exemple-4", "next").tap()
        assert current_step(page, "exemple-4")["n"] == 1
        page.wait_for_timeout(1500)
        assert heavy(fetched) == []
    finally:
        context.close()


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


PHASE_TEXTS = ("Téléchargement du moteur de jeu…", "Démarrage…", "Chargement des règles…")


def test_engine_start_shows_what_loads_with_a_progress_bar(page, server):
    """« Rejouer avec ces cartes » says what it downloads, then shows the start's phases, a bar
    and a byte count in its own slot under the form."""
    page.goto(server.url("exemples/exemple-4/"))
    page.evaluate(PHASES, "exemple-4")
    start_engine_by_what_if(page, "exemple-4")
    wait_for_engine(page)
    seen = page.evaluate("window.__seen")
    texts = list(dict.fromkeys(s["text"] for s in seen))
    assert texts == list(PHASE_TEXTS)   # what loads, in the reader's words: never « Python »
    assert all(s["visible"] for s in seen)
    values = [s["value"] for s in seen if s["value"] is not None]
    assert values and max(values) == 1 and min(values) < 0.5
    assert any(re.fullmatch(rf"\d+,\d{NBSP}Mo sur \d+,\d{NBSP}Mo", s["bytes"]) for s in seen)
    # Once ready, nothing is left on screen about the engine, and the old wording is gone.
    assert page.locator("#exemple-4 .joueur-etat").is_hidden()
    assert page.locator("#exemple-4 .joueur-moteur-note").is_hidden()
    text = page.inner_text("#exemple-4")
    assert "Python" not in text and "Calcul en cours" not in text


def test_when_the_engine_is_ready_the_built_steps_stay_in_place(page, server):
    """The build drew every step with the engine's step_html: once « Et si… ? » has started the
    engine, the page's other example keeps those very nodes (nothing swapped on the main thread,
    nothing replayed), every section says the engine is ready, and « Revenir à l’exemple » brings
    back the built markup."""
    page.goto(server.url("exemples/exemple-6/"))
    before = page.evaluate("""() => [...document.querySelectorAll('#exemple-6-corrige li.etape')].map((li) => {
        li.__built = true; return li.innerHTML; })""")
    built_first = page.eval_on_selector_all("#exemple-6 li.etape", "els => els.map((li) => li.innerHTML)")
    page.evaluate("""() => { const post = Worker.prototype.postMessage;
        window.__asked = []; Worker.prototype.postMessage = function (m) {
            if (m && m.type) window.__asked.push(m.type); return post.call(this, m); }; }""")
    start_engine_by_what_if(page, "exemple-6")
    wait_for_engine(page)
    after = page.evaluate("""() => [...document.querySelectorAll('#exemple-6-corrige li.etape')].map((li) =>
        li.__built === true ? li.innerHTML : null)""")
    assert after == before   # the very same nodes, with the same markup
    assert "replay" not in page.evaluate("window.__asked") and "what_if" in page.evaluate("window.__asked")
    steps = web.steps_for(scenario_of(page, "exemple-6-corrige"))
    button(page, "exemple-6-corrige", "last").click()
    assert current_step(page, "exemple-6-corrige")["rows"] == steps[-1]["rows"]
    page.click("#exemple-6 .joueur-et-si button[type=button]")   # « Revenir à l’exemple »
    page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")   # every step filled
    assert page.eval_on_selector_all("#exemple-6 li.etape", "els => els.map((li) => li.innerHTML)") == built_first


# --- quiz « Où va cette carte ? » -------------------------------------------------------------------

def open_quiz(page, server, path, sid):
    page.goto(server.url(path))
    page.check(f"#{sid} .joueur-quiz input")   # needs no engine: the build wrote each step's facts


def test_quiz_label_says_it_is_a_quiz(page, server):
    page.goto(server.url("exemples/exemple-4/"))
    assert page.inner_text("#exemple-4 .joueur-quiz").strip().startswith("Quiz")


def test_quiz_offers_no_row_when_the_card_is_too_low(page, server):
    open_quiz(page, server, "exemples/exemple-3/", "exemple-3")
    steps = web.steps_for(scenario_of(page, "exemple-3"))
    low = next(s for s in steps if s["target"] and s["target"]["chosen"])
    for _ in range(low["n"]):
        button(page, "exemple-3", "next").click()
    none = page.locator('#exemple-3 button[data-quiz="aucune"]')
    assert none.inner_text() == f"Aucune rangée{NBSP}: le joueur choisit"
    none.click()
    verdict = page.locator("#exemple-3 .joueur-quiz-verdict")
    assert verdict.get_attribute("data-juste") == "true"
    assert current_step(page, "exemple-3")["n"] == low["n"]


def test_quiz_a_row_for_a_too_low_card_is_wrong(page, server):
    open_quiz(page, server, "exemples/exemple-3/", "exemple-3")
    steps = web.steps_for(scenario_of(page, "exemple-3"))
    low = next(s for s in steps if s["target"] and s["target"]["chosen"])
    for _ in range(low["n"]):
        button(page, "exemple-3", "next").click()
    page.click('#exemple-3 button[data-quiz="0"]')
    assert page.get_attribute("#exemple-3 .joueur-quiz-verdict", "data-juste") == "false"


def test_quiz_verdict_goes_when_the_step_changes_and_next_never_skips_a_question(page, server):
    open_quiz(page, server, "exemples/exemple-4/", "exemple-4")
    steps = web.steps_for(scenario_of(page, "exemple-4"))
    placed = [s for s in steps if s["target"]]
    first, second = placed[0], placed[1]
    for _ in range(first["n"]):
        button(page, "exemple-4", "next").click()
    page.click(f'#exemple-4 button[data-quiz="{first["target"]["row"]}"]')
    assert page.locator("#exemple-4 .joueur-quiz-verdict").count() == 1
    button(page, "exemple-4", "prev").click()
    assert page.locator("#exemple-4 .joueur-quiz-verdict").count() == 0  # not about this step
    button(page, "exemple-4", "next").click()  # the first card's question again
    page.click(f'#exemple-4 button[data-quiz="{first["target"]["row"]}"]')
    assert second["n"] == first["n"] + 1
    button(page, "exemple-4", "next").click()  # opens the second card's question
    assert page.locator("#exemple-4 .joueur-quiz-choix").count() == 1
    button(page, "exemple-4", "next").click()  # Suivant again: the question stays, no skip
    assert current_step(page, "exemple-4")["n"] == first["n"]
    assert page.locator("#exemple-4 .joueur-quiz-choix").count() == 1
    assert page.evaluate("document.activeElement.dataset.quiz") is not None


def test_the_quiz_answers_at_once_with_no_engine_request(page, server):
    """The quiz reads the build's facts (data-pas): ticked on a fresh page, Suivant asks the first
    card's question at once, the answer is judged at once, and nothing of the engine is fetched."""
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(server.url("exemples/exemple-4/"))
    steps = web.steps_for(scenario_of(page, "exemple-4"))
    first = next(s for s in steps if s["target"])
    page.check("#exemple-4 .joueur-quiz input")
    for _ in range(first["n"]):
        button(page, "exemple-4", "next").click()
    assert page.locator("#exemple-4 .joueur-quiz-choix").count() == 1   # asked at once
    assert current_step(page, "exemple-4")["n"] == first["n"] - 1
    page.click(f'#exemple-4 button[data-quiz="{first["target"]["row"]}"]')
    assert page.get_attribute("#exemple-4 .joueur-quiz-verdict", "data-juste") == "true"
    assert current_step(page, "exemple-4")["n"] == first["n"]
    page.wait_for_timeout(3000)
    assert heavy(fetched) == []
    assert page.get_attribute("#exemple-4", "data-moteur") is None


# --- « Et si… ? » --------------------------------------------------------------------------------

def open_what_if(page, server):
    """Open « Et si… ? »: that alone starts no engine (« Rejouer avec ces cartes » does)."""
    page.goto(server.url("exemples/exemple-4/"))
    page.click("#exemple-4 .joueur-et-si summary")
    return scenario_of(page, "exemple-4")


def colour(page, selector):
    return page.eval_on_selector(selector, "el => getComputedStyle(el).color")


def test_what_if_success_is_not_in_the_error_colour(page, server):
    open_what_if(page, server)
    page.click("#exemple-4 .joueur-et-si button[type=submit]")   # starts the engine
    message = page.locator("#exemple-4 .joueur-et-si .joueur-message")
    message.wait_for(timeout=ENGINE_TIMEOUT_MS)
    assert message.get_attribute("role") == "status"
    field(page, "exemple-4", "turns[0].plays.Alice").fill("200")
    page.click("#exemple-4 .joueur-et-si button[type=submit]")
    error = field_error(page, "exemple-4", "turns[0].plays.Alice")
    error.wait_for(state="visible")
    page.click("#exemple-4 .joueur-et-si button[type=button]")  # back to the example: a success
    page.wait_for_function("() => document.querySelector('#exemple-4 .joueur-message').textContent.includes('origine')")
    assert colour(page, "#exemple-4 .joueur-message") != colour(page, "#exemple-4 .joueur-champs .joueur-erreur")
    assert page.locator("#exemple-4 .joueur-et-si [role=alert]").inner_text() == ""


def test_what_if_error_marks_the_field_the_reader_changed(page, server):
    scenario = open_what_if(page, server)
    bruno = scenario["turns"][0]["plays"]["Bruno"]
    field(page, "exemple-4", "turns[0].plays.Alice").fill(str(bruno))
    page.click("#exemple-4 .joueur-et-si button[type=submit]")
    alice = field_error(page, "exemple-4", "turns[0].plays.Alice")
    alice.wait_for(state="visible", timeout=ENGINE_TIMEOUT_MS)   # the engine's answer
    assert alice.inner_text().startswith(f"La carte {bruno}")
    assert field(page, "exemple-4", "turns[0].plays.Alice").get_attribute("aria-invalid") == "true"
    assert field(page, "exemple-4", "turns[0].plays.Bruno").get_attribute("aria-invalid") is None
    assert field_error(page, "exemple-4", "turns[0].plays.Bruno").inner_text() == ""


def test_what_if_form_is_aligned(page, server):
    open_what_if(page, server)
    inputs = page.locator("#exemple-4 .joueur-et-si input[type=text]")
    lefts = {round(inputs.nth(i).bounding_box()["x"]) for i in range(inputs.count())}
    assert len(lefts) == 1, lefts


def test_what_if_says_when_a_row_choice_will_be_needed(page, server):
    open_what_if(page, server)
    # Before replaying: the form says a too-low card stops the replay for the reader's choice.
    help_text = page.inner_text("#exemple-4 .joueur-et-si form > p")
    assert "plus faible que toutes les rangées" in help_text and "vous choisirez" in help_text
    field(page, "exemple-4", "turns[0].plays.Alice").fill("5")
    page.click("#exemple-4 .joueur-et-si button[type=submit]")   # starts the engine
    message = page.locator("#exemple-4 .joueur-message")
    message.wait_for(timeout=ENGINE_TIMEOUT_MS)
    assert "d’Alice" in message.inner_text() and "vous choisirez" in message.inner_text()
    # From the first step of the new replay, the count says a choice comes (it then grows).
    pause = int(page.get_attribute("#exemple-4 li.etape:last-child", "data-step"))
    position = page.inner_text("#exemple-4 .joueur-position")
    assert position.startswith(f"Au départ (étape 0 sur {pause})")
    assert f"un choix de rangée vous attend à l’étape {pause}" in position
    button(page, "exemple-4", "next").click()
    assert f"un choix de rangée vous attend à l’étape {pause}" in page.inner_text("#exemple-4 .joueur-position")
    button(page, "exemple-4", "last").click()
    assert "la suite après le choix" in page.inner_text("#exemple-4 .joueur-position")
    legend = page.inner_text("#exemple-4 .joueur-decision legend")
    assert legend.startswith("Décision d’Alice") and "de Alice" not in page.inner_text("#exemple-4")


# --- what a screen reader hears ------------------------------------------------------------------

def test_one_announcement_per_step(page, server):
    page.goto(server.url("exemples/exemple-4/"))
    button(page, "exemple-4", "next").click()
    text = current_step(page, "exemple-4")["text"]
    live = page.locator("#exemple-4 [aria-live]")
    assert live.count() == 1 and live.inner_text() == text
    # Once said, the live region empties: reading the page meets the step's text once, in its caption.
    page.wait_for_function("() => document.querySelector('#exemple-4 [aria-live]').textContent === ''",
                           timeout=6000)
    snapshot = page.locator("#exemple-4").aria_snapshot()
    plain = re.sub(r"[\u00a0\u202f]", " ", text)
    spoken = [line for line in snapshot.splitlines() if line.strip().startswith("- text:")]
    assert sum(plain in line for line in spoken) == 1, snapshot  # the caption (its figure's name)
    assert set(page.locator("#exemple-4 [role=status]").all_inner_texts()) == {""}  # nothing else said


def test_engine_ready_announces_nothing(page, server):
    """While « Rejouer avec ces cartes » starts the engine, what is said is its phases, then the
    reader's replay (its message and its first step): no « prêt », nothing from the other example."""
    page.goto(server.url("exemples/exemple-6/"))
    page.evaluate("""() => { window.__said = [];
      new MutationObserver(() => document.querySelectorAll('[aria-live], [role=status], [role=alert]')
        .forEach((r) => r.textContent && window.__said.push(
          [r.closest('section.exemple').id, r.textContent])))
        .observe(document.body, {subtree: true, childList: true, characterData: true}); }""")
    start_engine_by_what_if(page, "exemple-6")
    wait_for_engine(page)
    said = {tuple(s) for s in page.evaluate("window.__said")}
    replayed = {("exemple-6", "Nouvelle partie rejouée par le moteur."),
                ("exemple-6", current_step(page, "exemple-6")["text"])}
    assert {text for sid, text in said - replayed} == set(PHASE_TEXTS)
    assert {sid for sid, _ in said} == {"exemple-6"}


def test_region_names_are_words_not_ids(page, server):
    page.goto(server.url("exemples/exemple-6/"))
    names = page.eval_on_selector_all("section.exemple", "els => els.map((s) => s.getAttribute('aria-label'))")
    assert names == ["Exemple 6, la situation d’origine", "Exemple 6, la version corrigée"]
    group = page.get_attribute("#exemple-6-corrige .joueur-commandes", "aria-label")
    assert "corrige" not in group and "corrigée" in group
    page.goto(server.url("variantes/cartes-speciales/"))
    names = page.eval_on_selector_all("section.exemple", "els => els.map((s) => s.getAttribute('aria-label'))")
    assert names[0] == f"Exemple{NBSP}: cartes spéciales, 5ᵉ série"
    assert not [n for n in names if re.search(r"\w-\w", n)]


def test_choice_sentences_elide_de(page, server):
    page.goto(server.url("exemples/exemple-4/"))
    page.click("#exemple-4 .joueur-et-si summary")
    assert page.inner_text('label[for="exemple-4-turns-0-plays-Alice"]') == "Tour 1, carte d’Alice"
    assert page.inner_text('label[for="exemple-4-turns-0-plays-Bruno"]') == "Tour 1, carte de Bruno"
