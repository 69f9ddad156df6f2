"""Print how much each page moves while its scripts start (`make bench`); not a timed test.

The figure is Chromium's layout-shift score (the sum of the page's `layout-shift` entries, as
Cumulative Layout Shift counts them; under 0.1 is « good »), taken 3.5 s after each fresh load,
before any input, in four windows: a phone, a tablet held upright, a desktop and a tall one
(where everything the scripts change is on screen). Pages: every page with a worked example,
by its address, by a link to a later step (« …#exemple-3-etape-2 ») and to a step with a
decision (its box), and the tools. Served on
localhost with each script held 300 ms, as a phone's network would bring the scripts after the
text (on bare localhost they often run before the first paint, and nothing can move).
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
window.__shifts = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value); })
  .observe({type: 'layout-shift', buffered: true});
"""


SCRIPT_DELAY_S = 0.3


class SlowScripts(harness._Handler):
    """The test server, each script answered 300 ms late (a round trip on a slow network)."""

    def do_GET(self):
        if self.path.endswith(".js"):
            time.sleep(SCRIPT_DELAY_S)
        super().do_GET()


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
        print(f"{'page':48}" + "".join(f"{f'{w}×{h}':>11}" for w, h in WINDOWS))
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
                    scores[path, width] = sum(page.evaluate("window.__shifts"))
                    page.close()
                context.close()
            browser.close()
        httpd.shutdown()
        for path in pages(site):
            print(f"{path:48}" + "".join(f"{scores[path, w]:>11.3f}" for w, _ in WINDOWS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
