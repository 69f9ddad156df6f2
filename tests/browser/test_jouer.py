"""« Jouer une manche »: a round against bots in the browser, on game/ in Pyodide.

A round is played by clicking only and by keyboard only; a too-low card stops for the reader's
row choice with each row's cost; the saved JSON replays in CPython to the scores the page shows.

Starting the engine (Pyodide in a fresh page) costs seconds of CPU, and what these tests prove
does not depend on a fresh one: they share one page of « Jouer une manche » (`jouer`), whose
engine started once, and each starts its own game from the page's form, as a reader does with
« Nouvelle partie »; a test about another screen size resizes that page. The engine's first
start (a cold one, in a fresh context) is recorded as the page boots, for the test about what it
shows. Only the static page and the saved-game checks (they reload) pay for more starts.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from game import session, variants
from game.classic.replay import run
from game.classic.state import ClassicState

from harness import ENGINE_TIMEOUT_MS, Guard, keep_snapshot, sealed_page, seed_deals, tab_to

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

PAGE = "outils/jouer/"
ROOT = "[data-jouer]"
# Selectors, not JavaScript predicates: the site's Content Security Policy forbids eval.
WAITING = ", ".join(f"{ROOT}[data-phase={p}]:not([aria-busy])"
                    for p in ("play", "row", "round_over", "game_over"))


def phase(page) -> str:
    page.wait_for_selector(WAITING, state="attached", timeout=ENGINE_TIMEOUT_MS)
    return page.get_attribute(ROOT, "data-phase")


def scores(page) -> dict:
    """Total heads of each player, read from the page's score table."""
    rows = page.eval_on_selector_all(
        ".jouer-tableau-scores tbody tr",
        "trs => trs.map((tr) => [tr.querySelector('th').textContent, "
        "Number(tr.querySelectorAll('td')[2].textContent)])")
    return dict(rows)


DESKTOP = {"width": 1200, "height": 900}

PROGRESS = """() => {
  window.__seen = [];
  const root = document.querySelector('[data-jouer]');
  new MutationObserver(() => {
    const status = root.querySelector('.joueur-etat');
    if (!status || status.hidden) return;
    const bar = status.querySelector('progress');
    window.__seen.push({text: status.querySelector('[role=status]').textContent,
                        bytes: status.querySelector('.joueur-octets').textContent,
                        visible: bar.getBoundingClientRect().width > 0,
                        value: bar.hasAttribute('value') ? bar.value : null});
  }).observe(root, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


@pytest.fixture(scope="module")
def jouer(browser, server):
    """One sealed page of « Jouer une manche » whose engine has started (« Commencer » with the
    form as it comes), with what that first, cold start showed (`first_start`)."""
    guard = Guard()
    context, page = sealed_page(browser, server, guard, viewport=DESKTOP)
    page.goto(server.url(PAGE))
    page.evaluate(PROGRESS)
    page.click("button[type=submit]")
    first_start = {"phase": phase(page), "seen": page.evaluate("window.__seen"),
                   "status_hidden": page.locator(".joueur-etat").is_hidden(),
                   "text": page.inner_text(ROOT)}
    yield SimpleNamespace(page=page, guard=guard, first_start=first_start)
    context.close()


@pytest.fixture
def game(jouer, request):
    """The shared page at the default size, with no motion and its deals seeded for this test;
    the test fails if it reached another host, opened a dialog or threw."""
    page, guard = jouer.page, jouer.guard
    for seen in (guard.foreign, guard.dialogs, guard.page_errors):
        seen.clear()
    page.set_viewport_size(DESKTOP)
    page.emulate_media(reduced_motion="reduce")
    seed_deals(page, request.node.name)
    yield page
    assert not guard.foreign, f"requests to other hosts: {guard.foreign}"
    assert not guard.dialogs, f"dialogs opened: {guard.dialogs}"
    assert not guard.page_errors, f"page errors: {guard.page_errors}"


def to_the_form(page):
    """Back to the settings, as a reader does with « Nouvelle partie » (the game is forgotten)."""
    if page.locator(".jouer-reglages").is_hidden():
        page.get_by_role("button", name="Nouvelle partie", exact=True).click()
    page.wait_for_selector(".jouer-reglages:not([hidden])")
    # The last game's phase stays on the page until the engine answers: drop it, so that a
    # wait for a phase waits for this game's.
    page.evaluate("document.querySelector('[data-jouer]').removeAttribute('data-phase')")


def new_game(page, *, bots="3", variant="classic", rounds="", name="Camille"):
    """Set every field a test depends on (the shared page keeps the last game's) and every step
    shown at once; the caller presses « Commencer » (or loads a file)."""
    to_the_form(page)
    page.fill("#jouer-nom", name)
    page.select_option("#jouer-variante", variant)   # first: it sets how many robots are offered
    page.select_option("#jouer-bots", bots)
    page.select_option("#jouer-vitesse", "0")     # immédiate: no pause between cards
    page.fill("#jouer-manches", rounds)


def set_up(page, *, bots="3"):
    new_game(page, bots=bots, rounds="1")          # the game is one round


def test_the_page_is_static_until_the_reader_starts(page, server):
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(server.url(PAGE))
    page.wait_for_load_state("networkidle")
    assert page.is_visible(".jouer-reglages")
    assert not any("pyodide" in url or "/engine-" in url for url in requests)
    assert page.locator(".jouer-partie").count() == 0


def test_a_full_round_by_clicking_only_then_save_and_replay_in_cpython(game):
    page = game
    set_up(page)
    page.click("button[type=submit]")
    turns = 0
    while (now := phase(page)) in ("play", "row"):
        if now == "play":
            turns += 1
            assert page.locator(".jouer-main .jouer-carte").count() == 11 - turns
            page.locator(".jouer-main .jouer-carte").first.click()
        else:
            page.locator(".jouer-rangee").last.click()
    assert turns == 10 and now == "game_over"
    summary = page.text_content(".jouer-resume")
    assert "Partie terminée après une manche" in summary
    shown = scores(page)
    assert set(shown) == {"Camille", "Alice", "Bruno", "Chloé"}
    best = min(shown.values())
    winners = page.eval_on_selector_all(".jouer-tableau-scores tr.gagnant th", "e => e.map((x) => x.textContent)")
    assert winners == [p for p, s in shown.items() if s == best]
    # The Board Game Arena countdown: each starts from the target and loses a point per head.
    countdown = page.eval_on_selector_all(
        ".jouer-tableau-scores tbody tr", "trs => trs.map((tr) => [tr.querySelector('th').textContent, "
        "Number(tr.querySelectorAll('td')[3].textContent)])")
    assert dict(countdown) == {p: 66 - s for p, s in shown.items()}
    assert "chacun part de 66 points" in page.inner_text(".jouer-scores")

    with page.expect_download() as download:
        page.get_by_role("button", name="Enregistrer la manche (JSON)").click()
    scenario = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert len(scenario["turns"]) == 10 and set(scenario["hands"]) == set(shown)
    assert run(scenario)["penalties"] == shown

    # The review is a step player (one step at a time), not a list of every step.
    page.get_by_role("button", name="Revoir la manche étape par étape").click()
    page.wait_for_selector(".jouer-revoir .etape")
    assert page.locator(".jouer-revoir .etape").count() == 1
    last = int(page.get_attribute(".jouer-revoir .joueur-curseur", "max"))
    assert last + 1 >= 1 + 10 * 6   # start, reveal, 4 cards, end


def test_a_full_round_by_keyboard_only(game):
    """From the top of the page, Tab reaches the form's fields and its button; then every turn
    is played with Enter, the focus on the hand (or on the rows when one must be chosen)."""
    page = game
    set_up(page, bots="2")
    page.click("h1")   # where a reader's Tab starts: the top of the page
    tab_to(page, "#jouer-nom")
    page.keyboard.press("Control+A")
    page.keyboard.type("Zoé")
    tab_to(page, ".jouer-reglages button[type=submit]")
    page.keyboard.press("Enter")
    presses = 0
    while (now := phase(page)) in ("play", "row"):
        focused = page.evaluate("[document.activeElement.className, document.activeElement.dataset.card]")
        assert ("jouer-carte" if now == "play" else "jouer-rangee") in focused[0]
        page.keyboard.press("Enter")
        presses += 1
        if phase(page) == "game_over":
            break
        journal = page.eval_on_selector_all(".jouer-journal li", "lis => lis.map((li) => li.textContent)")
        live = page.text_content(".jouer-annonce")
        if now == "play":   # the reveal, with the card the reader played, opens the announcement
            assert live.startswith(journal[0]) and focused[1] in journal[0]
        else:               # after a row choice: the take and the rest of the turn
            assert journal[-1] in live
    assert phase(page) == "game_over" and presses >= 10
    assert "Zoé" in scores(page)
    # The end of the game is announced and takes the focus.
    assert "Partie terminée" in page.text_content(".jouer-annonce")
    assert page.evaluate("document.activeElement.textContent") == "Revoir la manche étape par étape"


TOO_LOW = {
    "rows": [[22], [30], [41], [50]],
    "turns": [],
    "hands": {"Camille": [5, 61, 62, 63, 64, 65, 66, 67, 68, 69],
              "Alice": [70, 71, 72, 73, 74, 75, 76, 77, 78, 79]},
}


def at_the_row_choice(page, tmp_path) -> None:
    """TOO_LOW loaded from a file and the reader's 5 played: the turn waits for their row."""
    new_game(page)
    saved = tmp_path / "manche.json"
    saved.write_text(json.dumps(TOO_LOW), encoding="utf-8")
    page.set_input_files("#jouer-fichier", str(saved))
    assert phase(page) == "play"
    page.click(".jouer-carte[data-card='5']")
    assert phase(page) == "row"


def test_a_too_low_card_stops_for_the_row_choice_with_each_cost(game, tmp_path):
    page = game
    at_the_row_choice(page, tmp_path)
    # The hand waits while the row is chosen. A card forced through all the same is refused in
    # French, and the board goes back to the question it asked, the game unchanged.
    assert page.locator(".jouer-main .jouer-carte:not([disabled])").count() == 0
    asked = page.text_content(".jouer-statut")
    page.evaluate("document.querySelector('.jouer-main .jouer-carte').disabled = false")
    page.locator(".jouer-main .jouer-carte").first.click()
    page.wait_for_selector(".jouer-plateau .jouer-erreur:not(:empty)")
    assert phase(page) == "row" and page.text_content(".jouer-statut") == asked
    assert "n’est pas possible" in page.text_content(".jouer-plateau .jouer-erreur")
    assert page.locator(".jouer-main .jouer-carte:not([disabled])").count() == 0
    labels = page.eval_on_selector_all(".jouer-rangee", "bs => bs.map((b) => b.textContent)")
    assert labels == ["Ramasser la rangée\u00a01\u00a0: une carte, 5\u00a0têtes de bœuf",
                      "Ramasser la rangée\u00a02\u00a0: une carte, 3\u00a0têtes de bœuf",
                      "Ramasser la rangée\u00a03\u00a0: une carte, 1\u00a0tête de bœuf",
                      "Ramasser la rangée\u00a04\u00a0: une carte, 3\u00a0têtes de bœuf"]
    state = session.decide(session.load(TOO_LOW)[0], "play", 5)[0]
    assert session.round_steps(state, last=True)[-1]["text"] in page.text_content(".jouer-scene")
    page.get_by_role("button", name="Conseil").click()
    page.wait_for_selector(".jouer-conseil:not([hidden])")
    assert "ramassez la rangée\u00a03" in page.text_content(".jouer-conseil")
    page.click(".jouer-rangee[data-row='0']")   # the dearest row: the choice is free
    assert phase(page) == "play"
    assert scores(page)["Camille"] == 5
    journal = page.text_content(".jouer-journal")
    after = session.decide(state, "row", 0)[0]
    assert all(step["text"] in journal for step in session.round_steps(after, last=True))


def test_a_bad_file_gets_a_french_message(game, tmp_path):
    page = game
    to_the_form(page)
    bad = tmp_path / "pas-une-manche.json"
    bad.write_text('{"rows": 3}', encoding="utf-8")
    page.set_input_files("#jouer-fichier", str(bad))
    page.wait_for_selector("#jouer-fichier-erreur:not(:empty)", timeout=ENGINE_TIMEOUT_MS)
    assert "n’est pas une manche enregistrée" in page.text_content("#jouer-fichier-erreur")


def test_the_game_fits_a_320_px_screen(game):
    page = game
    page.set_viewport_size({"width": 320, "height": 640})
    set_up(page, bots="9")
    page.click("button[type=submit]")
    assert phase(page) == "play"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 320


def play_a_card(page) -> dict:
    """Play a card (after the row choice a too-low card left, if any): the game saved in the tab."""
    while phase(page) == "row":
        page.locator(".jouer-rangee").first.click()
    page.locator(".jouer-main .jouer-carte").first.click()
    assert phase(page) in ("play", "row")
    return json.loads(page.evaluate("sessionStorage.getItem('sqp-jouer-v1')"))


def test_a_reload_resumes_the_game_and_a_tampered_save_is_refused_in_french_and_cleared(game, server,
                                                                                      engine_snapshot):
    """A reload offers the game in progress: the same hand and scores come back. A saved game
    edited by hand (a move that is no card, a robot that does not exist): the engine refuses it,
    the page says so in French, forgets it, and a reload offers no resume. The reader's browser
    keeps the engine's snapshot, as after any first visit: each reload starts from it."""
    page = game
    keep_snapshot(page, server, engine_snapshot)
    set_up(page, bots="1")
    page.click("button[type=submit]")
    assert phase(page) == "play"
    play_a_card(page)
    rows_before = page.inner_html(".jouer-tableau-scores tbody")
    hand_before = page.eval_on_selector_all(".jouer-main .jouer-carte", "bs => bs.map((b) => b.dataset.card)")
    page.reload()
    page.get_by_role("button", name="Reprendre la partie en cours").click()
    page.wait_for_selector(".jouer-partie .jouer-carte", timeout=ENGINE_TIMEOUT_MS)
    assert page.eval_on_selector_all(".jouer-main .jouer-carte", "bs => bs.map((b) => b.dataset.card)") == hand_before
    assert page.inner_html(".jouer-tableau-scores tbody") == rows_before

    for tamper in ("moves", "bots"):   # each on a game in progress: the resumed one, then a new one
        saved = play_a_card(page)
        if tamper == "moves":
            saved["game"]["moves"].append({"Zoé": None})
        else:
            saved["bots"] = {name: "tricheur" for name in saved["bots"]}
        page.evaluate("(value) => sessionStorage.setItem('sqp-jouer-v1', value)", json.dumps(saved))
        page.reload()
        page.get_by_role("button", name="Reprendre la partie en cours").click()
        page.wait_for_function("() => document.querySelector('[data-jouer]').innerText.includes('elle a été effacée')",
                               timeout=ENGINE_TIMEOUT_MS)
        assert "elle a été effacée" in page.inner_text(ROOT), tamper
        assert page.get_by_role("button", name="Reprendre la partie en cours").count() == 0
        assert page.evaluate("sessionStorage.getItem('sqp-jouer-v1')") is None
        page.reload()
        page.wait_for_selector(".jouer-reglages:not([hidden])")
        assert page.get_by_role("button", name="Reprendre la partie en cours").count() == 0
        page.click("button[type=submit]")   # and a new game starts as usual
        assert phase(page) == "play"


def test_logique_drafts_face_up_cards_before_the_round(game):
    page = game
    new_game(page, bots="1", variant="logique")
    page.click("button[type=submit]")
    page.wait_for_selector(f"{ROOT}[data-phase=pick]", state="attached", timeout=ENGINE_TIMEOUT_MS)
    assert page.locator(".jouer-main .jouer-carte").count() == 24     # 2 players: cards 1..24
    # The explorer cannot open a draft: its link is unseen, and its line kept for the round, so
    # the scores under it do not move when it comes.
    tools = box(page, ".jouer-outils")["height"]
    assert not page.locator(".jouer-explorateur").is_visible()
    picks = 0
    while page.get_attribute(ROOT, "data-phase") == "pick":
        page.locator(".jouer-main .jouer-carte").last.click()
        picks += 1
        page.wait_for_selector(f"{ROOT}[data-phase=pick]:not([aria-busy]), {ROOT}[data-phase=play]:not([aria-busy])",
                               state="attached")
    assert picks == 10
    assert phase(page) == "play" and page.locator(".jouer-main .jouer-carte").count() == 10
    assert page.locator(".jouer-scene [data-row]").count() == 4
    page.locator(".jouer-explorateur:not([data-indisponible])").wait_for(timeout=ENGINE_TIMEOUT_MS)
    assert page.locator(".jouer-explorateur").is_visible() and box(page, ".jouer-outils")["height"] == tools


# --- layout: the table and the hand on one screen, the keyboard, the review player ------------------

SIZES = [(1280, 800), (390, 844)]


def sized(page, width, height):
    page.set_viewport_size({"width": width, "height": height})


def box(page, selector) -> dict:
    return page.eval_on_selector(selector, "e => { const r = e.getBoundingClientRect();"
                                           " return {top: r.top, bottom: r.bottom, height: r.height}; }")


def on_screen(page, selector) -> bool:
    b, height = box(page, selector), page.evaluate("innerHeight")
    return b["height"] > 0 and b["top"] >= 0 and b["bottom"] <= height


# The page scrolls smoothly to the cards (readers with no motion preference): what a reader sees
# is where that scroll ends, three frames without a move (on a loaded machine it ends later).
SCROLL_ENDED = """() => new Promise((done) => {
  let last = scrollY, still = 0;
  const frame = () => {
    if (scrollY === last) still += 1; else { still = 0; last = scrollY; }
    if (still >= 3) done(true); else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})"""


def where(page, width) -> dict:
    """What a failure needs to tell a board that does not fit from a scroll that moved it."""
    return {"width": width, "scrollY": page.evaluate("scrollY"), "board": box(page, ".jouer-plateau"),
            "hand": box(page, ".jouer-main"), "step": page.inner_text(".jouer-scene")[:300]}


def test_table_and_hand_stay_on_screen_together(game, tmp_path):
    """Desktop and phone, a whole round: at every card to play the table and the hand are both
    in the viewport; at the row choice, the table and every row button are; one table size."""
    saved = tmp_path / "manche.json"
    saved.write_text(json.dumps(TOO_LOW), encoding="utf-8")
    ARTIFACTS.mkdir(exist_ok=True)
    page = game
    page.emulate_media(reduced_motion="no-preference")   # smooth scrolling, as most readers have it
    for width, height in SIZES:
        sized(page, width, height)
        new_game(page)
        page.set_input_files("#jouer-fichier", str(saved))
        heights, seen_row = set(), False
        while (now := phase(page)) in ("play", "row"):
            page.evaluate(SCROLL_ENDED)
            table = ".jouer-scene svg.sqp-table"
            heights.add(round(box(page, table)["height"]))
            assert on_screen(page, table), (width, now, box(page, table))
            if now == "play":
                assert on_screen(page, ".jouer-main"), where(page, width)
                if page.locator(".jouer-main .jouer-carte").count() == 10:
                    page.screenshot(path=str(ARTIFACTS / f"jouer-{width}x{height}.png"))
                if width == 1280:   # the hand on one line: never 9 + 1
                    tops = page.eval_on_selector_all(".jouer-main .jouer-carte",
                                                     "bs => bs.map((b) => b.getBoundingClientRect().top)")
                    assert max(tops) - min(tops) < 10, tops   # (a focused card rises 3 px)
                page.locator(".jouer-main .jouer-carte").first.click()
            else:
                seen_row = True
                assert on_screen(page, ".jouer-choix"), (width, box(page, ".jouer-choix"))
                page.screenshot(path=str(ARTIFACTS / f"jouer-rangee-{width}x{height}.png"))
                page.locator(".jouer-rangee").last.click()
        assert seen_row and now in ("round_over", "game_over")
        page.evaluate(SCROLL_ENDED)
        assert on_screen(page, ".jouer-fin")
        assert len(heights) == 1, f"{width}px: table heights {heights}"
        assert 150 <= heights.pop() <= 0.45 * height


SHIFTS = """() => {
  const WATCHED = '.jouer-scene, .jouer-tete-main, .jouer-main';   // what the reader watches and presses
  const root = document.querySelector('[data-jouer]');
  window.__phases = [[performance.now(), root.dataset.phase]];
  window.__shifts = [];
  new MutationObserver(() => window.__phases.push([performance.now(), root.dataset.phase]))
    .observe(root, { attributes: true, attributeFilter: ['data-phase'] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      for (const s of e.sources) {
        const moved = Math.round(Math.abs(s.currentRect.top - s.previousRect.top));
        if (s.node && s.node.matches && s.node.matches(WATCHED)) window.__shifts.push([e.startTime, s.node.className, moved]);
      }
    }
  }).observe({ type: 'layout-shift' });
}"""


def test_nothing_moves_by_itself_while_a_turn_is_placed(game, tmp_path):
    """A whole round of four at a real pace, on a phone and on a desktop: while the cards of a
    turn are placed one by one and until the next card is asked for, nothing on the page moves
    by itself (no layout shift without a recent press moves the table or the hand by more than
    16 px, less than a line of text): « Tout montrer » comes and goes in its own room and a
    shorter caption leaves the hand where it was. On a phone, after a caption too long for the
    screen, the scene gives back what it took beyond it (5 to 11 px in this round), so the hand
    is on screen when asked for. A row choice or the end of the round may push what follows: a
    question appears there. The next round starts from its table's own height: the room kept for
    the last round's shorter hand would push a full hand off a phone's screen."""
    players = ["Camille", "Alice", "Bruno", "Chloé"]
    deal = ClassicState(players, seed=7).round_starts[0]
    saved = tmp_path / "manche.json"
    saved.write_text(json.dumps({"rows": deal["rows"], "turns": [], "hands": deal["hands"]}),
                     encoding="utf-8")
    page = game
    for width, height in SIZES:
        sized(page, width, height)
        new_game(page, bots="3")
        page.evaluate("() => { const pace = document.querySelector('#jouer-vitesse');"
                      " pace.append(new Option('test', '150')); pace.value = '150'; }")
        page.set_input_files("#jouer-fichier", str(saved))
        assert phase(page) == "play"
        page.evaluate(SHIFTS)
        turns = 0
        while (now := phase(page)) in ("play", "row"):
            if now == "play":
                turns += 1
                page.locator(".jouer-main .jouer-carte").first.click()
            else:
                page.locator(".jouer-rangee").last.click()
        page.wait_for_timeout(300)   # layout-shift entries come after the frame
        phases, shifts = page.evaluate("[window.__phases, window.__shifts]")
        assert turns == 10 and now in ("round_over", "game_over")

        def during(t):
            return [p for at, p in phases if at <= t][-1]

        moved = [(during(t), name, px) for t, name, px in shifts
                 if during(t) not in ("row", "round_over", "game_over") and px > 16]
        assert not moved, f"{width}px: {moved}"
        assert now == "round_over", "a round of four to 66 heads goes on"
        page.get_by_role("button", name="Manche suivante").click()
        assert phase(page) == "play" and page.locator(".jouer-main .jouer-carte").count() == 10
        page.evaluate(SCROLL_ENDED)
        assert on_screen(page, ".jouer-scene svg.sqp-table") and on_screen(page, ".jouer-main"), \
            where(page, width)


def test_arrow_keys_move_between_the_cards_of_the_hand(game):
    page = game
    set_up(page, bots="2")
    page.click("button[type=submit]")
    assert phase(page) == "play"
    cards = page.eval_on_selector_all(".jouer-main .jouer-carte", "bs => bs.map((b) => b.dataset.card)")
    focused = lambda: page.evaluate("document.activeElement.dataset.card")  # noqa: E731
    assert focused() == cards[0]
    # One tab stop for the whole hand.
    assert page.eval_on_selector_all(".jouer-main .jouer-carte", "bs => bs.filter((b) => b.tabIndex === 0).length") == 1
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert focused() == cards[2]
    page.keyboard.press("ArrowLeft")
    assert focused() == cards[1]
    page.keyboard.press("End")
    assert focused() == cards[-1]
    page.keyboard.press("ArrowRight")   # wraps round
    assert focused() == cards[0]
    page.keyboard.press("ArrowLeft")
    assert focused() == cards[-1]
    page.keyboard.press("Home")
    page.keyboard.press("ArrowDown")
    assert focused() == cards[1]
    page.keyboard.press("Tab")          # leaves the hand at once
    assert page.evaluate("document.activeElement.classList.contains('jouer-carte')") is False
    page.keyboard.press("Shift+Tab")    # and comes back to the card last chosen
    assert focused() == cards[1]
    page.keyboard.press("Enter")
    assert phase(page) in ("play", "row")
    assert f"{cards[1]} (Camille)" in page.text_content(".jouer-journal li")
    assert page.evaluate("scrollY") > 0 and on_screen(page, ".jouer-scene svg.sqp-table")


def review_position(page) -> str:
    return page.inner_text(".jouer-revoir .joueur-position")


def test_the_review_is_the_examples_step_player(game, jouer, server):
    """« Revoir la manche » has the worked examples' controls and behaves like them: the same
    buttons and slider, steps counted from 0, the arrow keys, Home and End."""
    page = game
    example = page.context.new_page()
    try:
        example.set_viewport_size({"width": 390, "height": 844})
        example.goto(server.url("exemples/exemple-4/"))
        example_bar = example.eval_on_selector_all(
            "#exemple-4 .joueur-commandes > *", "els => els.map((e) => [e.tagName, e.dataset.action || e.className])")
    finally:
        example.close()
    assert not jouer.guard.page_errors
    sized(page, 390, 844)
    set_up(page, bots="1")
    page.click("button[type=submit]")
    while (now := phase(page)) in ("play", "row"):
        page.locator(".jouer-carte, .jouer-rangee").first.click() if now == "play" \
            else page.locator(".jouer-rangee").first.click()
    page.get_by_role("button", name="Revoir la manche étape par étape").click()
    page.wait_for_selector(".jouer-revoir .etape")
    bar = page.eval_on_selector_all(
        ".jouer-revoir .joueur-commandes > *", "els => els.map((e) => [e.tagName, e.dataset.action || e.className])")
    assert bar == example_bar   # Début, Précédent, Suivant, Fin, the slider, the position
    last = int(page.get_attribute(".jouer-revoir .joueur-curseur", "max"))
    assert last >= 40 and page.locator(".jouer-revoir .etape").count() == 1
    assert review_position(page) == f"Au départ (étape 0 sur {last})"
    controls = ".jouer-revoir .joueur-commandes"
    assert page.get_attribute(f"{controls} [data-action=prev]", "aria-disabled") == "true"
    page.click(f"{controls} [data-action=next]")
    assert review_position(page) == f"Étape 1 sur {last}"
    assert page.get_attribute(".jouer-revoir .etape", "data-kind") == "reveal"
    page.keyboard.press("ArrowRight")
    assert review_position(page) == f"Étape 2 sur {last}"
    page.keyboard.press("End")
    assert review_position(page) == f"Étape {last} sur {last}"
    assert page.get_attribute(f"{controls} [data-action=next]", "aria-disabled") == "true"
    page.keyboard.press("ArrowLeft")
    assert review_position(page) == f"Étape {last - 1} sur {last}"
    page.keyboard.press("Home")
    assert review_position(page) == f"Au départ (étape 0 sur {last})"
    page.fill(".jouer-revoir .joueur-curseur", "5")   # the slider
    assert review_position(page) == f"Étape 5 sur {last}"
    # A held key says the step it stops at, not each one it runs through (StepAnnouncer).
    page.evaluate("""() => { window.heard = []; const live = document.querySelector('.jouer-annonce');
      new MutationObserver(() => window.heard.push(live.textContent))
        .observe(live, {childList: true, characterData: true, subtree: true}); }""")
    page.focus(f"{controls} [data-action=next]")    # the keys of the player, not the slider's
    captions = []
    for _ in range(4):
        page.keyboard.down("ArrowRight")
        captions.append(page.inner_text(".jouer-revoir .etape figcaption"))
    page.keyboard.up("ArrowRight")
    assert review_position(page) == f"Étape 9 sur {last}"
    page.wait_for_timeout(1200)
    assert page.evaluate("window.heard") == [captions[0], captions[-1]]
    assert box(page, ".jouer-revoir")["height"] < 1500
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "jouer-revoir-390x844.png"), full_page=False)


def test_the_engine_start_shows_what_loads_as_in_the_examples(jouer):
    """The shared page's first « Commencer », in a fresh context: a cold start, as watched then."""
    first = jouer.first_start
    assert first["phase"] == "play"
    seen = first["seen"]
    texts = list(dict.fromkeys(s["text"] for s in seen))
    assert texts == ["Téléchargement du moteur de jeu…", "Démarrage…", "Chargement des règles…"]
    assert all(s["visible"] for s in seen)
    assert any(re.fullmatch(r"\d+,\d\u00a0Mo sur \d+,\d\u00a0Mo", s["bytes"]) for s in seen)
    values = [s["value"] for s in seen if s["value"] is not None]
    assert values and min(values) < 0.5 <= max(values)
    assert first["status_hidden"]   # gone once the game is on
    assert "Python" not in first["text"]


def test_the_round_column_keeps_the_round_heads_until_the_next_round(game):
    """At the end of a round the « Manche » column still shows what each player took in it
    (the saved round replays to those heads); « Manche suivante » sets it back to 0."""
    page = game
    new_game(page, bots="3", rounds="")   # a game to 66: it goes on after the first round
    page.click("button[type=submit]")
    while (now := phase(page)) in ("play", "row"):
        page.locator(".jouer-main .jouer-carte, .jouer-rangee").first.click()
    assert now == "round_over"
    columns = page.eval_on_selector_all(
        ".jouer-tableau-scores tbody tr",
        "trs => trs.map((tr) => [tr.querySelector('th').textContent, "
        "Number(tr.querySelectorAll('td')[1].textContent), Number(tr.querySelectorAll('td')[2].textContent)])")
    round_heads = {player: heads for player, heads, _ in columns}
    assert round_heads == {player: total for player, _, total in columns}   # the first round
    assert sum(round_heads.values()) > 0      # 44 cards never fit in 4 rows of 5: someone took
    with page.expect_download() as download:
        page.get_by_role("button", name="Enregistrer la manche (JSON)").click()
    scenario = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert run(scenario)["penalties"] == round_heads
    page.get_by_role("button", name="Manche suivante").click()
    assert phase(page) == "play"
    after = page.eval_on_selector_all(
        ".jouer-tableau-scores tbody tr",
        "trs => trs.map((tr) => [Number(tr.querySelectorAll('td')[1].textContent), "
        "Number(tr.querySelectorAll('td')[2].textContent)])")
    assert [r for r, _ in after] == [0] * len(after)
    assert [t for _, t in after] == list(round_heads.values())


def start_game(page, variant: str, robots: str) -> None:
    """« Commencer » a game of `variant` against `robots` robots, every step shown at once."""
    new_game(page, bots=robots, variant=variant)
    page.click("button[type=submit]")


def settled(page) -> str:
    """The phase once the engine has answered, whatever the variant asks (a row, a listed move)."""
    page.wait_for_selector(", ".join(f"{ROOT}[data-phase={p}]:not([aria-busy])" for p in
                                     ("play", "row", "move", "round_over", "game_over")),
                           state="attached", timeout=ENGINE_TIMEOUT_MS)
    return page.get_attribute(ROOT, "data-phase")


def lines_of(tops: list) -> list:
    """How many cards on each line, from their tops (a focused card rises 3 px)."""
    counts: list = []
    last = None
    for top in sorted(tops):
        if last is None or top - last > 20:
            counts.append(0)
        counts[-1] += 1
        last = top
    return counts


@pytest.mark.parametrize("variant, robots, cards", [("classic", "9", 10), ("speciales", "3", 12)])
def test_a_full_table_keeps_the_table_and_the_whole_hand_on_screen(game, variant, robots, cards):
    """Ten players (several takers in a turn, long caption) or the special cards' twelve cards:
    at every card to play, the table and every card of the hand are on screen, at both sizes;
    on a desktop the hand is one line, on a phone lines of equal length."""
    page = game
    for width, height in SIZES:
        sized(page, width, height)
        start_game(page, variant, robots)
        assert settled(page) == "play"
        assert page.locator(".jouer-main .jouer-carte").count() == cards
        for _ in range(40):
            now = settled(page)
            if now == "play":
                assert on_screen(page, ".jouer-scene svg.sqp-table"), (width, box(page, ".jouer-scene svg.sqp-table"))
                tops = page.eval_on_selector_all(
                    ".jouer-main .jouer-carte", "bs => bs.map((b) => { const r = b.getBoundingClientRect();"
                    " return [Math.round(r.top), r.bottom <= innerHeight && r.top >= 0]; })")
                assert all(seen for _, seen in tops), (width, len(tops), tops)
                if len(tops) == cards:
                    per_line = lines_of([top for top, _ in tops])
                    assert per_line == ([cards] if width == 1280 else [cards // 2] * 2), (width, per_line)
                page.locator(".jouer-main .jouer-carte").first.click()
            elif now == "row":
                page.locator(".jouer-rangee").first.click()
            elif now == "move":
                page.locator(".jouer-coups .jouer-coup").first.click()
            else:
                break


# --- the variants whose decisions the engine lists (special cards, Junior) ---------------------------

LISTED = ", ".join(f"{ROOT}[data-phase={p}]:not([aria-busy])"
                   for p in ("play", "move", "round_over", "game_over"))


@pytest.mark.parametrize("variant, robots, cards", [("speciales", "2", 12), ("junior-expert", "1", 3)])
def test_special_cards_and_junior_are_played_through_the_listed_moves(game, variant, robots, cards):
    page = game
    sized(page, 390, 844)
    start_game(page, variant, robots)
    page.wait_for_selector(LISTED, state="attached", timeout=ENGINE_TIMEOUT_MS)
    assert page.locator(".jouer-main .jouer-carte").count() == cards
    # No target in these variants: no Board Game Arena countdown, and no « null » written.
    scores_text = page.inner_text(".jouer-scores")
    assert not re.search(r"null|undefined|NaN|Board Game Arena", scores_text), scores_text
    decisions, played = 0, None
    for _ in range(40):
        now = page.get_attribute(ROOT, "data-phase")
        if now in ("round_over", "game_over"):
            break
        if now == "play":
            played = page.locator(".jouer-main .jouer-carte").first.get_attribute("data-card")
            page.locator(".jouer-main .jouer-carte").first.click()
        else:
            options = page.locator(".jouer-coups .jouer-coup")
            assert options.count() >= 1 and options.first.inner_text()[0].isupper()
            # The hand waits while a listed move is asked for.
            assert page.locator(".jouer-main .jouer-carte:not([disabled])").count() == 0
            if variant == "speciales":
                # The turn so far is drawn: its revealed cards, the reader's own card next,
                # and the log tells this turn (never the previous one again).
                current = page.eval_on_selector_all(
                    ".jouer-scene svg.sqp-tour [data-played][data-state=current]",
                    "gs => gs.map((g) => g.dataset.played)")
                assert current == [played], (current, played)
                assert f"Le {played} de " in page.inner_text(".jouer-journal ol li:last-child")
            elif decisions:
                # Junior: the log tells the reader's last move and the robot's that followed.
                assert page.locator(".jouer-journal ol li").count() >= 2, page.inner_text(".jouer-journal")
                assert page.locator(".jouer-scene .jr-mains").count() == 0   # robots' hands hidden
            if decisions == 0:
                ARTIFACTS.mkdir(exist_ok=True)
                assert on_screen(page, ".jouer-decision legend")   # the question is on screen
                page.screenshot(path=str(ARTIFACTS / f"jouer-{variant}-390x844.png"))
            options.first.click()
            decisions += 1
        page.wait_for_selector(LISTED, state="attached", timeout=ENGINE_TIMEOUT_MS)
    assert decisions >= 1
    if variant == "speciales":
        assert "Vos cartes spéciales" in page.inner_text(".jouer-en-plus") or \
            "plus de carte spéciale" in page.inner_text(".jouer-en-plus")


def test_a_game_begun_after_one_left_mid_turn_logs_its_first_turn_whole(game, tmp_path):
    """A game left at a row choice (part of its turn shown), then a Junior game, whose turn opens
    with the reader's decision: the log tells that turn from its start, the reader's own move
    first (a new game shows nothing of its turn yet, whatever the last game had shown)."""
    page = game
    at_the_row_choice(page, tmp_path)
    to_the_form(page)
    start_game(page, "junior-expert", "1")
    page.wait_for_selector(LISTED, state="attached", timeout=ENGINE_TIMEOUT_MS)
    while page.get_attribute(ROOT, "data-phase") != "move":   # the robot may open the game
        assert page.get_attribute(ROOT, "data-phase") == "play"
        page.locator(".jouer-main .jouer-carte").first.click()
        page.wait_for_selector(LISTED, state="attached", timeout=ENGINE_TIMEOUT_MS)
    page.locator(".jouer-coups .jouer-coup").first.click()
    page.wait_for_selector(LISTED, state="attached", timeout=ENGINE_TIMEOUT_MS)
    told = page.eval_on_selector_all(".jouer-journal ol li", "lis => lis.map((li) => li.textContent)")
    # The reader's move, however it is worded (« Camille pose… », « Aucune carte de Camille… »),
    # then the robot's: never the robot's alone, as when the reader's was skipped.
    assert len(told) >= 2 and "Camille" in told[0] and "Alice" not in told[0], told


OFFERED = "() => [...document.querySelectorAll('#jouer-bots option:not(:disabled)')].map((o) => Number(o.value))"


def test_the_robots_offered_fit_the_variant_and_too_many_is_said_on_the_field(game):
    """The form offers as many robots as the chosen variant seats beside the reader (the
    registry's figure, written by the build): a count above it comes down when the variant
    changes. Should a tampered form ask for more, the engine says so on the field, in French."""
    page = game
    new_game(page, bots="9", variant="classic")
    assert page.evaluate(OFFERED) == list(range(1, variants.get("classic").max_players))
    for variant in ("speciales", "junior"):
        page.select_option("#jouer-variante", next(o for o in page.eval_on_selector_all(
            "#jouer-variante option", "os => os.map((o) => o.value)") if o.startswith(variant)))
        most = variants.get(variant).max_players - 1
        assert page.evaluate(OFFERED) == list(range(1, most + 1))
        assert page.input_value("#jouer-bots") == str(most)
    page.select_option("#jouer-variante", "speciales")
    page.evaluate("() => { document.querySelector('#jouer-bots').value = '9'; }")   # a tampered form
    page.click("button[type=submit]")
    page.wait_for_selector("#jouer-bots-erreur:not(:empty)", timeout=ENGINE_TIMEOUT_MS)
    assert "robots" in page.inner_text("#jouer-bots-erreur")
