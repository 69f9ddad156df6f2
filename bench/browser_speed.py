"""How fast the engine starts and answers in Chromium: prints figures, asserts nothing.

Builds the site into a temporary folder, serves it on 127.0.0.1 under a sub-path, and measures in
one run:
- a bare Pyodide load (module worker, loadPyodide, nothing else), the yardstick, cold (new
  browser profile, on disk as a reader's is: bench/profiles.py), warm HTTP (same profile) and
  warm service worker (the worker installed);
- first interaction → engine ready, and its ratio to the bare load, on each page given (an
  example, the special-card page with seven examples, « Jouer une manche »): cold (a normal
  boot, after which the page makes its snapshot in the background, js/snapshot-maker.js), the
  next page from that local snapshot (warm HTTP cache), the next page without it (Cache
  Storage emptied: a warm normal boot), and from the local snapshot through the service worker;
- main-thread long tasks (> 50 ms) between the interaction and the engine being ready;
- the local snapshot's size in Cache Storage, how long making it took, bytes the server sent;
- first contentful paint, time per step once ready (a « Suivant » or « Précédent » press until the
  next frame is painted, over every step of the example) and a reader's row choice.

Usage: .venv/bin/python bench/browser_speed.py [--page exemples/exemple-3/ --page outils/jouer/]
       [--runs 3]
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from harness import CHROMIUM_ARGS, QuietServer, Server, chromium_path  # noqa: E402
from harness import _Handler as harness_handler  # noqa: E402
from profiles import Profiles  # noqa: E402

FOREIGN: list[str] = []


def watch_hosts(context, server) -> None:
    """Record requests to other hosts. Not routed: routing would switch the HTTP cache off."""
    context.on("request", lambda request: None if request.url.startswith(server.origin + "/")
               else FOREIGN.append(request.url))

BARE_PAGE = """<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Pyodide nu</title>
<script type="module" src="bare.js"></script></head><body><p>Pyodide seul</p></body></html>"""
BARE_SCRIPT = """
const started = performance.now();
const worker = new Worker(new URL("./bare-worker.js", import.meta.url), { type: "module" });
worker.onmessage = () => { window.bareReady = performance.now() - started; };
worker.postMessage("go");
"""
BARE_WORKER = """
self.onmessage = async () => {
  const manifest = await (await fetch(new URL("engine.json", import.meta.url))).json();
  const indexURL = new URL(manifest.pyodide, import.meta.url).href;
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  await loadPyodide({ indexURL });
  self.postMessage("ready");
};
"""
READY = ("() => [...document.querySelectorAll('section.exemple')]"
         ".every((s) => s.dataset.moteur === 'pret')")
JOUER = "outils/jouer/"
JOUER_READY = "() => document.querySelector('[data-jouer] .jouer-main .jouer-carte') !== null"
WATCH = """
window.__long = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
}).observe({ type: 'longtask', buffered: true });
"""
# The starts measured on each page, and how js/engine.js says the worker booted for each.
STARTS = (("cold", "cold, normal boot          ", "runtime"),
          ("local", "next page, local snapshot  ", "snapshot"),
          ("warm", "next page, no snapshot     ", "runtime"),
          ("warm_sw", "service worker + snapshot  ", "snapshot"))
SNAPSHOT_CACHE = "six-qui-prend-snapshot"   # js/snapshots.js CACHE
SNAPSHOT_MADE = "() => document.documentElement.dataset.instantane"
SNAPSHOT_BYTES = f"""async () => {{
    const cache = await caches.open({SNAPSHOT_CACHE!r});
    const kept = await cache.keys();
    return kept.length ? (await (await cache.match(kept[0])).arrayBuffer()).byteLength : 0;
}}"""


def build(out: Path) -> None:
    """Build the site once, with a page beside it that only loads Pyodide. The site ships a
    trimmed library and no lock file: the bare load gets Pyodide's own two beside the runtime
    the site serves, so both share its URLs (and the HTTP cache and the service worker)."""
    subprocess.run([sys.executable, "-m", "site_builder", "build", "--out", str(out)],
                   cwd=ROOT, check=True, capture_output=True)
    manifest = json.loads((out / "engine.json").read_text(encoding="utf-8"))
    for name in ("python_stdlib.zip", "pyodide-lock.json"):
        shutil.copyfile(ROOT / "node_modules" / "pyodide" / name, out / manifest["pyodide"] / name)
    (out / "bare.html").write_text(BARE_PAGE, encoding="utf-8")
    (out / "bare.js").write_text(BARE_SCRIPT, encoding="utf-8")
    (out / "bare-worker.js").write_text(BARE_WORKER, encoding="utf-8")


def snapshot_made(page) -> tuple[str, float]:
    """Wait until the page's background worker has made (or failed to make) its snapshot:
    its state (`fait`, `echec`, `economie`) and the seconds waited from now."""
    started = time.perf_counter()
    page.wait_for_function(SNAPSHOT_MADE, timeout=300_000, polling=100)
    return page.evaluate(SNAPSHOT_MADE), time.perf_counter() - started


class Counter(harness_handler):
    """The test server's handler, counting the body bytes it sends: what really crossed the
    wire (uncompressed: this server does not gzip), not what the browser took from its cache."""

    sent = 0
    lock = threading.Lock()

    def copyfile(self, source, outputfile):
        start = source.tell()
        super().copyfile(source, outputfile)
        with Counter.lock:
            Counter.sent += source.tell() - start


def counting_server(root: Path) -> Server:
    """harness.serve(), with the counting handler."""
    httpd = QuietServer(("127.0.0.1", 0), functools.partial(Counter, directory=str(root)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return Server(root=root, port=httpd.server_address[1], httpd=httpd)


def bare_load(page, server) -> float:
    page.goto(server.url("bare.html"))
    page.wait_for_function("() => window.bareReady !== undefined", timeout=300_000)
    return page.evaluate("window.bareReady")


def engine_start(page, server, path: str) -> dict:
    """Open the page, press « Rejouer avec ces cartes » (Jouer: « Commencer »), time until the
    engine is ready on every example;
    long tasks on the page's main thread in between; how the worker booted."""
    page.goto(server.url(path))
    fcp = page.evaluate("""() => new Promise((resolve) => {
        const seen = performance.getEntriesByName('first-contentful-paint')[0];
        if (seen) return resolve(seen.startTime);
        new PerformanceObserver((list) => resolve(list.getEntries()[0].startTime))
            .observe({ type: 'paint', buffered: true });
    })""")
    if path == JOUER:   # « Commencer » with the form's defaults: the reader against robots
        clicked = page.evaluate("""() => {
            document.querySelector('[data-jouer] form button[type=submit]').click();
            return performance.now();
        }""")
        page.wait_for_function(JOUER_READY, timeout=300_000, polling=20)
    else:   # stepping needs no engine: the reader starts it with « Rejouer avec ces cartes »
        clicked = page.evaluate("""() => {
            document.querySelector('section.exemple .joueur-et-si').open = true;
            document.querySelector('section.exemple .joueur-et-si button[type=submit]').click();
            return performance.now();
        }""")
        page.wait_for_function(READY, timeout=300_000, polling=20)
    ready = page.evaluate("performance.now()")
    page.wait_for_timeout(100)  # a long task is reported once it has ended
    long = [d for start, d in page.evaluate("window.__long") if clicked <= start <= ready]
    boot = page.evaluate("document.documentElement.dataset.demarrage")   # set by js/engine.js
    return {"fcp": fcp, "ready": ready - clicked, "long": long, "boot": [] if boot is None else [boot]}


STEP_WALK = """async (mode) => {
    // Every step forward to the last, then back to the first. "work": an untrusted click()
    // timed until style and layout are done (the page's own cost of a step); "paint": trusted
    // clicks sent by Playwright, read back from the Event Timing API below.
    const section = document.querySelector('section.exemple');
    const button = (name) => section.querySelector(`button[data-action=${name}]`);
    const off = (name) => button(name).getAttribute('aria-disabled') === 'true';
    button('first').click();
    const names = [];
    for (const name of ['next', 'prev']) {
        for (let guard = 0; !off(name) && guard < 200; guard++) {
            if (mode === 'work') {
                const t = performance.now();
                button(name).click();
                section.querySelector('li.etape:not([hidden])').getBoundingClientRect();
                names.push(performance.now() - t);
            } else {
                names.push(name);
                button(name).click();   // walk ahead to count the presses to make
            }
        }
    }
    button('first').click();
    return names;
}"""
EVENT_TIMING = """() => {
    window.__clicks = [];
    new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
            if (e.name === 'click') window.__clicks.push([e.processingEnd - e.processingStart, e.duration]);
        }
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
}"""


def step_times(page) -> dict:
    """Once the engine runs, every step forward then back: the page's work per step (handler,
    style and layout), and for trusted presses the Event Timing API's handler time and time
    from the input to the next painted frame (headless Chromium paints on its own clock: even
    a press with no handler waits 16–24 ms for it, so that figure bounds the browser, not us)."""
    work = page.evaluate(STEP_WALK, "work")
    presses = page.evaluate(STEP_WALK, "count")
    page.evaluate(EVENT_TIMING)
    section = page.locator("section.exemple").first
    for name in presses:
        section.locator(f"button[data-action={name}]").click()
    page.wait_for_timeout(300)
    timed = page.evaluate("window.__clicks")
    return {"work": work, "presses": len(presses), "timed": timed}


def off(button) -> bool:
    """The player's buttons say they cannot act with aria-disabled (js/controls.js), not disabled."""
    return button.get_attribute("aria-disabled") == "true"


def choice_time(page) -> float | None:
    """A reader's first row choice once the engine is ready: the build's branch (choix.json,
    fetched on first use) drawn in place; no Python round trip since the branches are built."""
    section = page.locator("section.exemple").first
    first = section.locator("button[data-action=first]")
    if not off(first):
        first.click()
    for _ in range(40):  # walk to the first decision
        if section.locator(".courante .joueur-decision button[aria-pressed=false]").count():
            break
        following = section.locator("button[data-action=next]")
        if off(following):
            return None
        following.click()
    else:
        return None
    target = section.locator(".courante .joueur-decision button[aria-pressed=false]").first
    row = target.get_attribute("data-choix")
    start = time.perf_counter()
    target.click()
    page.wait_for_selector(f'section.exemple .courante .joueur-decision button[data-choix="{row}"]'
                           '[aria-pressed="true"]', timeout=60_000)
    return (time.perf_counter() - start) * 1000


def with_service_worker(browser, server, page_path: str, *, snapshot: bool = False):
    """A new profile whose service worker holds the site and the engine (it ran on `page_path`),
    and, with `snapshot`, the snapshot that page made once idle."""
    context = browser.new_context()
    context.add_init_script(WATCH)
    watch_hosts(context, server)
    page = context.new_page()
    engine_start(page, server, page_path)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_timeout(1500)
    if snapshot:
        snapshot_made(page)
    return context


def measure(browser, server, page_path: str, runs: int, *, steps: bool) -> dict:
    """Cold, next page from the local snapshot, next page without it, and service worker with
    the local snapshot: starts of the engine on one page."""
    got = {key: [] for key in ("cold", "local", "warm", "warm_sw", "fcp", "long_cold", "long_local",
                               "long_warm", "long_warm_sw", "boots", "steps", "choices",
                               "cold_bytes", "local_bytes", "warm_bytes", "made", "made_s",
                               "snapshot_bytes")}
    for _ in range(runs):
        context = browser.new_context(service_workers="block")
        context.add_init_script(WATCH)
        watch_hosts(context, server)
        Counter.sent = 0
        page = context.new_page()
        first = engine_start(page, server, page_path)
        got["cold"].append(first["ready"])
        got["fcp"].append(first["fcp"])
        got["long_cold"].extend(first["long"])
        got["boots"].append(("cold", first["boot"]))
        got["cold_bytes"].append(Counter.sent)
        made, waited = snapshot_made(page)
        got["made"].append(made)
        got["made_s"].append(waited)
        got["snapshot_bytes"].append(page.evaluate(SNAPSHOT_BYTES))
        if steps and page_path != JOUER:
            got["steps"].append(step_times(page))
            chosen = choice_time(page)
            if chosen is not None:
                got["choices"].append(chosen)
        for start in ("local", "warm"):
            if start == "warm":   # the same warm HTTP cache, the local snapshot forgotten
                page.evaluate(f"caches.delete({SNAPSHOT_CACHE!r})")
            Counter.sent = 0
            again = engine_start(context.new_page(), server, page_path)
            got[start].append(again["ready"])
            got["long_" + start].extend(again["long"])
            got["boots"].append((start, again["boot"]))
            got[start + "_bytes"].append(Counter.sent)
        context.close()

        # Through the service worker: the first visit installs it and makes the snapshot, the
        # second is served by it and starts from that snapshot.
        context = with_service_worker(browser, server, page_path, snapshot=True)
        again = engine_start(context.new_page(), server, page_path)
        got["warm_sw"].append(again["ready"])
        got["long_warm_sw"].extend(again["long"])
        got["boots"].append(("warm_sw", again["boot"]))
        context.close()
    return got


def bare(browser, server, runs: int, warm_page: str) -> dict:
    """A bare Pyodide load, cold (new profile), warm (the same profile again) and through the
    site's service worker once it holds Pyodide (after the engine ran on `warm_page`)."""
    got = {"cold": [], "warm": [], "warm_sw": []}
    for _ in range(runs):
        context = browser.new_context(service_workers="block")
        watch_hosts(context, server)
        got["cold"].append(bare_load(context.new_page(), server))
        got["warm"].append(bare_load(context.new_page(), server))
        context.close()
        context = with_service_worker(browser, server, warm_page)
        got["warm_sw"].append(bare_load(context.new_page(), server))
        context.close()
    return got


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", action="append", dest="pages",
                        help="a page with a player (repeat; default: exemple-3 "
                             "and Jouer)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    # The special cards' page has no « Et si… ? »: a reader never starts the engine there.
    pages = args.pages or ["exemples/exemple-3/", JOUER]

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        build(Path(tmp))
        server = counting_server(Path(tmp))
        with sync_playwright() as driver:
            # A profile on disk per context: an in-memory one never caches the wasm (profiles.py).
            browser = Profiles(driver, executable_path=chromium_path(shell=False), args=CHROMIUM_ARGS)
            bare_ms = bare(browser, server, args.runs, pages[0])
            results = {page: measure(browser, server, page, args.runs, steps=True) for page in pages}
            browser.close()
        server.httpd.shutdown()

    def ms(values):
        return f"{statistics.median(values):7.0f} ms (runs: {', '.join(f'{v:.0f}' for v in values)})"

    def ratio(values, base):
        return statistics.median(values) / statistics.median(base)

    def long(values):
        return f"{len(values)}" + (f" (longest {max(values):.0f} ms)" if values else "")

    load = os.getloadavg()[0]
    print(f"date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}  runs: {args.runs}  "
          f"Chromium: {chromium_path(shell=False) or 'playwright'}  load average: {load:.1f}  cores: {os.cpu_count()}")
    print(f"bare Pyodide load, cold              {ms(bare_ms['cold'])}")
    print(f"bare Pyodide load, warm HTTP         {ms(bare_ms['warm'])}")
    print(f"bare Pyodide load, warm SW           {ms(bare_ms['warm_sw'])}")
    # Each start's yardstick: the bare load in the same state of the HTTP cache.
    yardstick = {"cold": "cold", "local": "warm", "warm": "warm", "warm_sw": "warm_sw"}
    for page in pages:
        got = results[page]
        print(f"\n{page}")
        print(f"  first contentful paint             {ms(got['fcp'])}")
        for start, label, _ in STARTS:
            print(f"  engine ready, {label} {ms(got[start])}   "
                  f"ratio to bare ({yardstick[start]}) {ratio(got[start], bare_ms[yardstick[start]]):.2f}   "
                  f"long tasks > 50 ms: {long(got['long_' + start])}")
        expected = {start: boot for start, _, boot in STARTS}
        wrong = [(start, boot) for start, boot in got["boots"] if boot != [expected[start]]]
        if wrong:
            print(f"  warning: {len(wrong)} start(s) did not boot as expected: {wrong[:3]}")
        print(f"  local snapshot: {sorted(set(got['made']))}, "
              f"{statistics.median(got['snapshot_bytes']) / 1e6:.2f} MB gzip in Cache Storage, "
              f"ready {statistics.median(got['made_s']):.1f} s after the engine")
        print(f"  bytes the server sent (no gzip), cold {statistics.median(got['cold_bytes']) / 1e6:.2f} MB, "
              f"next page with snapshot {statistics.median(got['local_bytes']) / 1e6:.2f} MB, "
              f"without {statistics.median(got['warm_bytes']) / 1e6:.2f} MB")
        walks = got["steps"]
        if walks:
            work = [t for w in walks for t in w["work"]]
            presses = sum(w["presses"] for w in walks)
            timed = [t for w in walks for t in w["timed"]]
            print(f"  step, the page's work              median {statistics.median(work):.1f} ms, "
                  f"max {max(work):.1f} ms over {len(work)} steps   (aim ≤ 16 ms)")
            if timed:
                handler = [t[0] for t in timed]
                paint = [t[1] for t in timed]
                print(f"  step, trusted press (Event Timing) handler median {statistics.median(handler):.1f} ms, "
                      f"max {max(handler):.1f} ms; input to next paint median {statistics.median(paint):.0f} ms "
                      f"({len(timed)} of {presses} presses reported)")
        if got["choices"]:
            print(f"  reader's first row choice (the build's branch) {ms(got['choices'])}")
    print(f"\nrequests to other hosts             {len(FOREIGN)} {FOREIGN[:3] if FOREIGN else ''}")


if __name__ == "__main__":
    main()
