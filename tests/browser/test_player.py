"""Reading and stepping the example player with no engine, in Chromium, against the built site
served under a sub-path (classic examples; every example of every variant is stepped through in
test_player_built.py, the engine's answers are test_player_engine.py's).

Every table the page shows is read back from its data-row/data-card attributes and compared with
what CPython's `game/` computes. Stepping, a first row choice, the quiz and the « Et si… ? » form
use what the build wrote: no engine request. Also what a screen reader hears, and what a swipe or
a text selection over a player does. These tests start no engine, so they share one context
(`player_helpers.reading_context`): each gets a fresh tab. « The reader waits » runs on the
page's clock (`harness.fast_clock`, `harness.idle`).
"""

from __future__ import annotations

import re

import pytest

from harness import Guard, fast_clock, idle, sealed_page
from game import variants, web
from player_helpers import (HEAVY, button, current_step, reading_context, reading_page,  # noqa: F401
                            record_engine_requests, scenario_of)

pytestmark = pytest.mark.slow

NBSP = "\u00a0"


@pytest.fixture
def page(reading_page):
    """Here `page` is a fresh tab of the module's one context (see the docstring)."""
    return reading_page


def replay(scenario, **options):
    return variants.of(scenario).replay(scenario, **options)


def open_example(page, server, path):
    """The page, and a record of the engine files it requests from now on."""
    requests = record_engine_requests(page)
    page.goto(server.url(path))
    return requests


def heavy(fetched):
    return [url for url in fetched if HEAVY.search(url)]


# --- stepping and a first row choice -------------------------------------------------------------

def test_reader_picks_another_row_and_sees_its_cost(page, server):
    """A row choice (the build's pre-rendered answer: no engine), its cost to the end, and the
    example's own row taken back."""
    requests = open_example(page, server, "exemples/exemple-3/")
    scenario = scenario_of(page, "exemple-3")
    decision = next(s for s in replay(scenario, draw=False) if s["choice"])
    page.goto(server.url(f"exemples/exemple-3/#exemple-3-etape-{decision['n']}"))
    page.click("#exemple-3 .joueur-position")  # a click in the player starts nothing
    choices = page.locator("#exemple-3 .courante .joueur-decision button")
    assert choices.count() == len(decision["choice"]["options"])
    assert "5\u00a0têtes de bœuf" in choices.nth(0).inner_text()
    assert choices.nth(0).get_attribute("aria-pressed") == "true"
    choices.nth(3).click()
    page.wait_for_selector('#exemple-3 .courante .joueur-decision button[data-choix="3"][aria-pressed="true"]')
    # Printed now, its steps would follow the row taken, the prose around them the example's:
    # a note above them says so (in print only: on screen the row chosen shows it).
    screen, printed = printed_note(page)
    assert screen == "" and printed.startswith("Ces étapes sont celles d’une partie changée à l’écran")
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
    page.wait_for_selector('#exemple-3 .courante .joueur-decision button[data-choix="1"][aria-pressed="true"]')
    assert current_step(page, "exemple-3")["rows"] == replay(
        variants.of(scenario).with_choice(scenario, decision, 1), draw=False)[decision["n"]]["rows"]
    # The example's own row brings its steps back.
    chosen_row = decision["choice"]["chosen"]
    page.click(f'#exemple-3 .courante .joueur-decision button[data-choix="{chosen_row}"]')
    page.wait_for_selector(f'#exemple-3 .courante .joueur-decision button[data-choix="{chosen_row}"][aria-pressed="true"]')
    button(page, "exemple-3", "last").click()
    assert current_step(page, "exemple-3")["rows"] == replay(scenario, draw=False)[-1]["rows"]
    assert printed_note(page) == ["", ""]
    assert requests == []


def printed_note(page) -> list[str]:
    """The note above example 3's steps as the page shows it on screen, then in print."""
    seen = []
    for media in ("screen", "print"):
        page.emulate_media(media=media)
        seen.append(page.eval_on_selector("#exemple-3 .joueur-note-impression",
                                          "(note) => note.getClientRects().length ? note.textContent : ''"))
    page.emulate_media(media="screen")
    return seen


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


def test_tabbing_through_a_player_is_not_using_it(page, server):
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    fast_clock(page)
    page.goto(server.url("exemples/exemple-4/"))
    button(page, "exemple-4", "first").focus()
    for _ in range(4):
        page.keyboard.press("Tab")
    idle(page, 1500)
    assert [url for url in fetched if HEAVY.search(url)] == []


def test_a_phone_swipe_or_a_text_selection_over_a_player_is_reading(browser, server, guard):
    """On a touch screen a swipe starts with a press on the player; it scrolls the page, and the
    browser cancels the press: no engine. Selecting a step's text with the mouse is reading too."""
    context, page = sealed_page(browser, server, guard, viewport={"width": 390, "height": 844},
                                has_touch=True, is_mobile=True)
    try:
        fetched = []
        page.on("request", lambda request: fetched.append(request.url))
        fast_clock(page)
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
        idle(page, 3000)
        assert [url for url in fetched if HEAVY.search(url)] == []
        assert page.get_attribute("#exemple-4", "data-moteur") is None
        # A tap on a control steps at once, from what the build wrote: still no engine.
        button(page, "exemple-4", "next").tap()
        assert current_step(page, "exemple-4")["n"] == 1
        idle(page, 1500)
        assert heavy(fetched) == []
    finally:
        context.close()



# --- quiz « Où va cette carte ? » -------------------------------------------------------------------

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


def open_quiz(page, server, path, sid):
    page.goto(server.url(path))
    page.check(f"#{sid} .joueur-quiz input")   # needs no engine: the build wrote each step's facts


def quiz_at_the_too_low_card(page, server) -> dict:
    """Exemple 3's quiz on, at the step that asks where its too-low card goes; that step."""
    open_quiz(page, server, "exemples/exemple-3/", "exemple-3")
    steps = web.steps_for(scenario_of(page, "exemple-3"))
    low = next(s for s in steps if s["target"] and s["target"]["chosen"])
    for _ in range(low["n"]):
        button(page, "exemple-3", "next").click()
    return low


def test_quiz_label_says_it_is_a_quiz(page, server):
    page.goto(server.url("exemples/exemple-4/"))
    assert page.inner_text("#exemple-4 .joueur-quiz").strip().startswith("Quiz")


def test_quiz_offers_no_row_when_the_card_is_too_low(page, server):
    low = quiz_at_the_too_low_card(page, server)
    none = page.locator('#exemple-3 button[data-quiz="aucune"]')
    assert none.inner_text() == f"Aucune rangée{NBSP}: le joueur choisit"
    none.click()
    verdict = page.locator("#exemple-3 .joueur-quiz-verdict")
    assert verdict.get_attribute("data-juste") == "true"
    assert current_step(page, "exemple-3")["n"] == low["n"]


def test_quiz_a_row_for_a_too_low_card_is_wrong(page, server):
    low = quiz_at_the_too_low_card(page, server)
    page.click('#exemple-3 button[data-quiz="0"]')
    assert page.get_attribute("#exemple-3 .joueur-quiz-verdict", "data-juste") == "false"
    assert current_step(page, "exemple-3")["n"] == low["n"]   # a wrong answer moves nothing


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
    fast_clock(page)
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
    idle(page, 3000)
    assert heavy(fetched) == []
    assert page.get_attribute("#exemple-4", "data-moteur") is None



# --- « Et si… ? » before the engine ------------------------------------------------------------

def open_what_if(page, server):
    """Open « Et si… ? »: that alone starts no engine (« Rejouer avec ces cartes » does)."""
    page.goto(server.url("exemples/exemple-4/"))
    page.click("#exemple-4 .joueur-et-si summary")
    return scenario_of(page, "exemple-4")


def test_what_if_form_is_aligned(page, server):
    open_what_if(page, server)
    inputs = page.locator("#exemple-4 .joueur-et-si input[type=text]")
    lefts = {round(inputs.nth(i).bounding_box()["x"]) for i in range(inputs.count())}
    assert len(lefts) == 1, lefts


def test_choice_sentences_elide_de(page, server):
    page.goto(server.url("exemples/exemple-4/"))
    page.click("#exemple-4 .joueur-et-si summary")
    assert page.inner_text('label[for="exemple-4-turns-0-plays-Alice"]') == "Tour 1, carte d’Alice"
    assert page.inner_text('label[for="exemple-4-turns-0-plays-Bruno"]') == "Tour 1, carte de Bruno"



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


# What the live region of example 4 says from now on (every text it is given, not its blanks).
HEARD = """() => {
  const live = document.querySelector('#exemple-4 [aria-live]');
  const watching = Array.isArray(window.heard);
  window.heard = [];
  if (!watching) new MutationObserver(() => { if (live.textContent) window.heard.push(live.textContent); })
    .observe(live, {childList: true, characterData: true, subtree: true});
}"""


def test_a_held_key_or_a_dragged_slider_says_only_the_step_it_stops_at(page, server):
    """A screen reader would read every step a held arrow key runs through, long after the
    reader has stopped: the first step is said at once, then only the one the run ends on."""
    page.goto(server.url("exemples/exemple-4/"))
    texts = [step["text"] for step in replay(scenario_of(page, "exemple-4"), draw=False)]
    button(page, "exemple-4", "next").focus()
    page.keyboard.press("Home")
    page.evaluate(HEARD)
    for _ in range(4):
        page.keyboard.down("ArrowRight")   # pressed again before its release: a held key, repeating
    page.keyboard.up("ArrowRight")
    assert current_step(page, "exemple-4")["n"] == 4
    page.wait_for_function("() => window.heard.length >= 2", timeout=3000)
    page.wait_for_timeout(700)
    assert page.evaluate("window.heard") == [texts[1], texts[4]]
    page.evaluate(HEARD)
    page.evaluate("""() => { const slider = document.querySelector('#exemple-4 .joueur-curseur');
      for (const k of [5, 6, 2]) { slider.value = String(k); slider.dispatchEvent(new Event('input')); } }""")
    page.wait_for_function("() => window.heard.length >= 1", timeout=3000)
    page.wait_for_timeout(700)
    assert page.evaluate("window.heard") == [texts[2]] and current_step(page, "exemple-4")["n"] == 2


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



# --- the site under test ----------------------------------------------------------------------------

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

