"""Print how much each page moves while its scripts start (`make bench`); not a timed test.

The figure is Chromium's layout-shift score (the sum of the page's `layout-shift` entries, as
Cumulative Layout Shift counts them; under 0.1 is « good »), taken 3.5 s after each fresh load,
before any input, in four windows: a phone, a tablet held upright, a desktop and a tall one
(where everything the scripts change is on screen). Pages: every page with a worked example,
by its address, by a link to a later step (« …#exemple-3-etape-2 ») and to a step with a
decision (its box), and the tools. Served on
localhost with each script held 300 ms, as a phone's network would bring the scripts after the
text (on bare localhost they often run before the first paint, and nothing can move).

A link to a step may show a score the reader does not see (marked *, in brackets): when Chromium
paints the top of the page while the HTML is still being parsed, then at the end of parsing shows
the linked step and scrolls to it in one frame, the score counts the example's parts below the
step as moved, from where they lay in the document to where they lie now, although the reader
saw the page's top before and the step after: a jump, no part moving on screen.
Usage: .venv/bin/python bench/layout_shift.py [site folder]   (default: a fresh build)
"""

from __future__ import annotations

import functools
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

import harness  # noqa: E402
from harness import CHROMIUM_ARGS, chromium_path, example_arrivals  # noqa: E402

WINDOWS = ((390, 844), (820, 1180), (1440, 1200), (1280, 3200))
TOOLS = ("outils/jouer/", "outils/explorer/", "outils/compteur/")
OBSERVE = """
window.__shifts = []; window.__scrolls = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push([e.startTime, e.value]); })
  .observe({type: 'layout-shift', buffered: true});
addEventListener('scroll', (e) => window.__scrolls.push(e.timeStamp), {passive: true});
"""
# A shift reported in the frame where the page also scrolled (within this many ms of a scroll
# event) is the browser's jump to the step a link names: see the module's docstring.
SAME_FRAME_MS = 20
CELL = 18


SCRIPT_DELAY_S = 0.3


class SlowScripts(harness._Handler):
    """The test server, each script answered 300 ms late (a round trip on a slow network)."""

    def do_GET(self):
        if self.path.endswith(".js"):
            time.sleep(SCRIPT_DELAY_S)
        super().do_GET()


def score(moved: float, at_jump: float) -> str:
    return (f"{moved:.3f}" if not at_jump else f"{moved:.3f} ({at_jump:.3f})*").rjust(CELL)


def pages(site: Path) -> list[str]:
    return example_arrivals(site) + list(TOOLS)


def main() -> int:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as temp:
        site = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(temp) / "_site"
        if len(sys.argv) <= 1:
            subprocess.run([sys.executable, "-m", "site_builder", "build", "--out", str(site)],
                           cwd=ROOT, check=True, capture_output=True)
        httpd = harness.QuietServer(("127.0.0.1", 0), functools.partial(SlowScripts, directory=str(site)))
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{httpd.server_address[1]}{harness.SUB_PATH}"
        print(f"date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; layout-shift score "
              "3.5 s after a fresh load, no input, scripts 300 ms late (Chromium)\n")
        wide = max(map(len, pages(site))) + 2
        print(f"{'page':{wide}}" + "".join(f"{f'{w}×{h}':>{CELL}}" for w, h in WINDOWS))
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            scores = {}
            for width, height in WINDOWS:
                context = browser.new_context(viewport={"width": width, "height": height},
                                              service_workers="block", locale="fr-FR",
                                              reduced_motion="reduce")
                context.add_init_script(OBSERVE)
                for path in pages(site):
                    page = context.new_page()   # a new document each time, even for a link to a step
                    page.goto(base + path)
                    page.wait_for_timeout(3500)
                    shifts, scrolls = page.evaluate("[window.__shifts, window.__scrolls]")
                    jumps = [value for at, value in shifts
                             if any(abs(at - scroll) < SAME_FRAME_MS for scroll in scrolls)]
                    scores[path, width] = (sum(value for _, value in shifts) - sum(jumps), sum(jumps))
                    page.close()
                context.close()
            browser.close()
        httpd.shutdown()
        for path in pages(site):
            print(f"{path:{wide}}" + "".join(score(*scores[path, w]) for w, _ in WINDOWS))
        print("\n* at the jump to the linked step (the figure in brackets): not a move a reader sees")
    return 0


if __name__ == "__main__":
    sys.exit(main())
