"""The first press always counts (issue 25, point 4).

A reader's first press of a player's control also starts the engine, whose progress box
appears at once. If that box pushed the page down between the press and the release, the
release would land on another element and the press would be lost. Each control is pressed
first on a fresh, unscrolled page, with a human-length press, and must act; no layout shift
may happen from the page's load until the engine is ready.
"""

from __future__ import annotations

import pytest

from harness import ENGINE_TIMEOUT_MS
from player_helpers import current_step

pytestmark = pytest.mark.browser

SID = "exemple-4"
PRESS_MS = 150  # a finger's press: long enough for the progress box to appear under it

# Every layout shift, with its time; a press records its window, from the button going down to
# just before its release. What a press then does (a longer step, an opened form) may move what
# follows: that is the reader's own doing, after the release.
LAYOUT_SHIFTS = """() => {
  window.__shifts = [];
  window.__presses = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__shifts.push({ at: entry.startTime, value: entry.value, sources: (entry.sources || [])
        .map((s) => s.node && s.node.className ? String(s.node.className) : String(s.node)) });
    }
  }).observe({ type: "layout-shift" });
}"""
SHIFTS_UNDER_PRESSES = """() => window.__shifts.filter(
    (shift) => window.__presses.some(([down, up]) => shift.at >= down && shift.at <= up))"""


def press(page, selector: str) -> None:
    """Press and release like a finger (150 ms apart); the control must not move meanwhile."""
    control = page.locator(selector)
    box = control.bounding_box()
    assert box and box["y"] + box["height"] < page.viewport_size["height"], f"{selector}: off screen"
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    down = page.evaluate("performance.now()")
    page.mouse.down()
    page.wait_for_timeout(PRESS_MS)
    moved = control.bounding_box()
    page.evaluate("(down) => window.__presses.push([down, performance.now()])", down)
    page.mouse.up()
    assert moved == box, f"{selector} moved under the press: {box} -> {moved}"


def press_next(page):
    before = current_step(page, SID)["n"]
    press(page, f"#{SID} .joueur-commandes button[data-action=next]")
    page.wait_for_function(f"() => document.querySelector('#{SID} li.etape:not([hidden])')"
                           f".dataset.step === '{before + 1}'", timeout=5_000)


def press_quiz(page):
    press(page, f"#{SID} .joueur-quiz input")
    assert page.locator(f"#{SID} .joueur-quiz input").is_checked(), "the quiz box stayed unticked"


def press_what_if(page):
    press(page, f"#{SID} .joueur-et-si summary")
    assert page.locator(f"#{SID} .joueur-et-si").get_attribute("open") is not None, \
        "« Et si… ? » stayed closed"


PRESSES = {"suivant": press_next, "et-si": press_what_if, "quiz": press_quiz}


@pytest.mark.parametrize("first", list(PRESSES))
def test_the_first_press_of_each_control_acts_and_nothing_moves(page, server, first):
    page.set_viewport_size({"width": 1200, "height": 3000})  # every control on screen, unscrolled
    page.goto(server.url("exemples/exemple-4/"))
    page.wait_for_selector(f"#{SID} .joueur-commandes")
    page.evaluate(LAYOUT_SHIFTS)
    assert page.evaluate("window.scrollY") == 0
    assert page.get_attribute(f"#{SID}", "data-moteur") in (None, ""), "the engine ran unasked"
    top = page.locator(f"#{SID} ol.etapes").bounding_box()["y"]
    PRESSES[first](page)
    # The press started the engine: its progress box shows, floating over the steps.
    progress = page.locator(f"#{SID} .joueur-etat")
    if page.get_attribute(f"#{SID}", "data-moteur") != "pret":
        assert progress.is_visible(), "no progress box while the engine starts"
        assert page.locator(f"#{SID} ol.etapes").bounding_box()["y"] == top, \
            "the progress box pushed the steps down"
    # The other controls, pressed while it starts, act too (the quiz last: once it is ticked,
    # « Suivant » asks a question instead of moving on).
    for name, act in PRESSES.items():
        if name != first and not (first == "quiz" and name == "suivant"):
            act(page)
    page.wait_for_selector(f"#{SID}[data-moteur=pret]", timeout=ENGINE_TIMEOUT_MS)
    assert not progress.is_visible()
    shifts = page.evaluate(SHIFTS_UNDER_PRESSES)
    assert shifts == [], f"the page moved under a press: {shifts}"
