"""What a reader of an example page meets: no engine until asked, its start shown in French,
the quiz and « Et si… ? » form, and what a screen reader hears. Real server, real worker.
"""

from __future__ import annotations

import re

import pytest

from harness import sealed_page, wait_for_engine
from game.classic.replay import replay
from game import web
from player_helpers import button, current_step, field, field_error, scenario_of

pytestmark = pytest.mark.slow

IDLE_MS = 15_000
HEAVY = re.compile(r"pyodide|/engine-[0-9a-f]+\.zip|engine\.json")
NBSP = "\u00a0"


def start(page, sid):
    """The reader's first use of a player: a click on its position text."""
    page.click(f"#{sid} .joueur-position")
    wait_for_engine_of(page, sid)


def wait_for_engine_of(page, sid):
    page.wait_for_selector(f"#{sid}[data-moteur=pret]", timeout=180_000)


# --- engine only on demand -----------------------------------------------------------------------

def test_reading_fetches_no_engine_until_the_reader_uses_the_player(page, server):
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(server.url("exemples/exemple-4/"))
    page.mouse.wheel(0, 400)  # reading: scrolling is not using the player
    page.wait_for_timeout(IDLE_MS)
    assert [url for url in fetched if HEAVY.search(url)] == []
    assert page.get_attribute("#exemple-4", "data-moteur") is None
    button(page, "exemple-4", "next").click()
    wait_for_engine(page)
    heavy = [url for url in fetched if HEAVY.search(url)]
    assert any(url.endswith("pyodide.asm.wasm") for url in heavy)
    assert any(re.search(r"/engine-[0-9a-f]+\.zip$", url) for url in heavy)
    steps = replay(scenario_of(page, "exemple-4"), draw=False, pause=True)
    button(page, "exemple-4", "last").click()
    assert current_step(page, "exemple-4")["rows"] == steps[-1]["rows"]


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
        # A tap on a control is use.
        button(page, "exemple-4", "next").tap()
        wait_for_engine_of(page, "exemple-4")
    finally:
        context.close()


PHASES = """(sid) => {
  window.__seen = [];
  const section = document.getElementById(sid);
  const note = () => {
    const status = section.querySelector('.joueur-etat');
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
    page.goto(server.url("exemples/exemple-4/"))
    page.evaluate(PHASES, "exemple-4")
    button(page, "exemple-4", "next").click()
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
    text = page.inner_text("#exemple-4")
    assert "Python" not in text and "Calcul en cours" not in text


def test_when_the_engine_is_ready_the_built_steps_stay_in_place(page, server):
    """The build drew every step with the engine's step_html: the player keeps those nodes (no
    markup swapped on the main thread when the engine becomes ready), and still replays."""
    page.goto(server.url("variantes/cartes-speciales/"))
    before = page.evaluate("""() => [...document.querySelectorAll('section.exemple li.etape')].map((li) => {
        li.__built = true; return li.innerHTML; })""")
    page.evaluate("""() => { const post = Worker.prototype.postMessage;
        window.__asked = []; Worker.prototype.postMessage = function (m) {
            if (m && m.type) window.__asked.push({type: m.type, markup: m.markup}); return post.call(this, m); }; }""")
    sid = page.locator("section.exemple").first.get_attribute("id")
    button(page, sid, "next").click()
    page.wait_for_function("() => [...document.querySelectorAll('section.exemple')].every((s) => s.dataset.moteur === 'pret')",
                           timeout=180_000)
    after = page.evaluate("""() => [...document.querySelectorAll('section.exemple li.etape')].map((li) =>
        li.__built === true ? li.innerHTML : null)""")
    assert after == before   # the very same nodes, with the same markup
    asked = page.evaluate("window.__asked")
    assert asked and all(a == {"type": "replay", "markup": False} for a in asked if a["type"] == "replay")
    steps = web.steps_for(scenario_of(page, sid))
    button(page, sid, "last").click()
    assert current_step(page, sid)["rows"] == steps[-1]["rows"]


# --- quiz « Où va cette carte ? » -------------------------------------------------------------------

def open_quiz(page, server, path, sid):
    page.goto(server.url(path))
    start(page, sid)
    page.check(f"#{sid} .joueur-quiz input")


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


def test_with_the_quiz_ticked_next_waits_for_the_engine_rather_than_skip_a_question(page, server):
    page.goto(server.url("exemples/exemple-4/"))
    steps = web.steps_for(scenario_of(page, "exemple-4"))
    page.check("#exemple-4 .joueur-quiz input")   # starts the engine, which is not ready yet
    button(page, "exemple-4", "next").click()
    assert page.get_attribute("#exemple-4", "data-moteur") is None, "the engine was ready too soon to test"
    assert current_step(page, "exemple-4")["n"] == 0   # not moved on while the quiz cannot ask
    assert "le quiz se prépare" in page.inner_text("#exemple-4 .joueur-annonce")
    wait_for_engine_of(page, "exemple-4")
    if steps[1]["target"]:   # the press is carried out once the engine is there: step 1's question
        page.wait_for_selector("#exemple-4 .joueur-quiz-choix")
        assert current_step(page, "exemple-4")["n"] == 0
    else:
        page.wait_for_function("() => document.querySelector('#exemple-4 li.etape:not([hidden])')"
                               ".dataset.step === '1'")


# --- « Et si… ? » --------------------------------------------------------------------------------

def open_what_if(page, server):
    page.goto(server.url("exemples/exemple-4/"))
    page.click("#exemple-4 .joueur-et-si summary")
    wait_for_engine_of(page, "exemple-4")
    return scenario_of(page, "exemple-4")


def colour(page, selector):
    return page.eval_on_selector(selector, "el => getComputedStyle(el).color")


def test_what_if_success_is_not_in_the_error_colour(page, server):
    open_what_if(page, server)
    page.click("#exemple-4 .joueur-et-si button[type=submit]")
    message = page.locator("#exemple-4 .joueur-et-si .joueur-message")
    message.wait_for()
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
    alice.wait_for(state="visible")
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
    page.click("#exemple-4 .joueur-et-si button[type=submit]")
    message = page.locator("#exemple-4 .joueur-message")
    message.wait_for()
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
    start(page, "exemple-4")
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
    page.goto(server.url("variantes/cartes-speciales/"))
    page.evaluate("""() => { window.__said = [];
      new MutationObserver(() => document.querySelectorAll('[aria-live], [role=status], [role=alert]')
        .forEach((r) => r.textContent && window.__said.push(r.textContent)))
        .observe(document.body, {subtree: true, childList: true, characterData: true}); }""")
    page.click("#exemple-speciale-stop .joueur-position")
    wait_for_engine(page)
    said = set(page.evaluate("window.__said"))
    assert said == set(PHASE_TEXTS)  # the start's phases only: no step text, no « prêt »


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
