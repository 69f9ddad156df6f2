"""« Quel risque ? » in Chromium, on the real explorer page: estimates per second through the worker
and its chunks, against CPython on the same position. Prints figures, asserts nothing.

The position is explore_speed.py's (4 players, turn 5: six cards in hand, so one sample is six
simulated turns). The page is built into a temporary folder and served on 127.0.0.1 under a
sub-path; it opens the position's permalink, its engine is started first (« Vérifier la
position »), then each estimate is timed from the click on « Quel risque ? » to its last chunk
drawn: the page's whole path (messages, chunks of 250 samples, bars redrawn after each). Issue 16
asks for 10,000 simulated turns in under one second in the browser. A last line times the same
table with the special cards (slower: their robot tries each special move on a copy).

    .venv/bin/python bench/explore_browser_speed.py [--samples 4000] [--runs 3]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from harness import CHROMIUM_ARGS, chromium_path, serve  # noqa: E402

from game.explore import codec  # noqa: E402
from game.explore.position import Position  # noqa: E402
from game.explore.risk import estimate  # noqa: E402

POSITION = Position.of([[3, 12, 15], [28, 30, 31], [39, 41, 42, 43, 47], [60, 66]],
                       [5, 29, 33, 48, 61, 90], 4, (), [9, 17, 22, 51, 55, 70, 84]).check()
SPECIAL = Position.of(POSITION.rows, POSITION.hand, 4, (), POSITION.gone, "speciales",
                      specials=["stop", "negatif_positif"], their_specials=[2, 2, 2]).check()
"""The same table with the special cards: two in the reader's hand, two for each opponent."""
TURNS_PER_SAMPLE = len(POSITION.hand)
CHECKED = "form.explorer-position[data-valide=true]"
TIMED = """() => new Promise((resolve) => {
  const results = document.querySelector('[data-resultats]');
  delete results.dataset.fini;
  const started = performance.now();
  const watch = new MutationObserver(() => {
    if (results.dataset.fini === 'true') {
      watch.disconnect();
      resolve(performance.now() - started);
    }
  });
  watch.observe(results, { attributes: true, attributeFilter: ['data-fini'] });
  document.querySelector('form.explorer-position button[type=submit]').click();
})"""


def cpython(samples: int, mode: str, runs: int, position: Position = POSITION) -> float:
    """Samples per second in this process (best of `runs`)."""
    best = 0.0
    for _ in range(runs):
        start = time.perf_counter()
        estimate(position, samples, 2026, mode=mode)
        best = max(best, samples / (time.perf_counter() - start))
    return best


def browser_rates(server, samples: int, runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    rates = {}
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=chromium_path(shell=False), args=CHROMIUM_ARGS)
        context = browser.new_context(service_workers="block", bypass_csp=True)
        page = context.new_page()
        page.goto(server.url("outils/explorer/") + "#" + codec.encode(POSITION, seed=2026))
        page.wait_for_selector(CHECKED, timeout=300_000)   # the link starts the engine
        page.select_option("#explorer-tirages", str(samples))
        for mode in ("uniform", "heuristic"):
            page.select_option("#explorer-adversaires", mode)
            page.wait_for_selector(CHECKED)
            times = [page.evaluate(TIMED) for _ in range(runs)]
            rates[mode] = samples / (min(times) / 1000)
        page.goto(server.url("outils/explorer/") + "#" + codec.encode(SPECIAL, seed=2026))
        page.wait_for_selector(CHECKED, timeout=300_000)
        page.select_option("#explorer-tirages", "1000")
        rates["speciales"] = 1000 / (page.evaluate(TIMED) / 1000)
        browser.close()
    return rates


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=4000, choices=(1000, 4000, 20000),
                        help="samples per estimate (one of the page's choices)")
    parser.add_argument("--runs", type=int, default=3, help="timed estimates per figure (best kept)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "site_builder", "build", "--out", tmp], cwd=ROOT,
                       check=True, capture_output=True)
        server = serve(Path(tmp))
        try:
            page = browser_rates(server, args.samples, args.runs)
        finally:
            server.httpd.shutdown()
            server.httpd.server_close()
    print(f"« Quel risque ? » on the explorer page in Chromium, {args.samples} samples, 4 players, "
          f"turn 5 ({TURNS_PER_SAMPLE} cards: one sample = {TURNS_PER_SAMPLE} simulated turns)")
    for mode, label in (("uniform", "opponents at random"), ("heuristic", "opponents as the robot")):
        native = cpython(args.samples, mode, args.runs)
        seconds = 10_000 / TURNS_PER_SAMPLE / page[mode]
        verdict = "under" if seconds < 1 else "NOT under"
        print(f"{label:22} Chromium {page[mode]:7,.0f} samples/s   CPython {native:7,.0f} samples/s   "
              f"ratio CPython/Chromium {native / page[mode]:.2f}   10,000 turns: {seconds:.2f} s "
              f"({verdict} 1 s)")
    native = cpython(1000, "uniform", 1, SPECIAL)
    print(f"{'with the special cards':22} Chromium {page['speciales']:7,.0f} samples/s   CPython "
          f"{native:7,.0f} samples/s   ratio CPython/Chromium {native / page['speciales']:.2f}   "
          f"(1000 samples, every placement decided by the variant's robot)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
