"""How fast the engine starts and answers in Chromium: prints figures, asserts nothing.

Builds the site into a temporary folder, serves it on 127.0.0.1 under a sub-path, and measures in
one run, each cold (new browser profile), warm HTTP (same profile) and warm service worker (the
worker installed, the engine cached by it):
- a bare Pyodide load (module worker, loadPyodide, nothing else), the yardstick;
- first interaction → engine ready with the normal boot (the same site, its engine.json without
  the snapshot) and with the build's memory snapshot, and their ratios to the bare load, on each
  page given (an example, the special-card page with seven examples, « Jouer une manche »);
- main-thread long tasks (> 50 ms) between the interaction and the engine being ready;
- the snapshot's bytes (raw, and gzip as served) and bytes transferred;
- first contentful paint, time per step once ready (a « Suivant » or « Précédent » press until the
  next frame is painted, over every step of the example) and a reader's row choice.

Usage: .venv/bin/python bench/browser_speed.py [--page exemples/exemple-3/ --page outils/jouer/]
       [--runs 3]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from harness import CHROMIUM_ARGS, chromium_path, serve  # noqa: E402

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
MODES = ("normal", "snapshot")


def build(out: Path) -> dict:
    """Build the site once; beside it, the same site without its snapshot (the normal boot)."""
    subprocess.run([sys.executable, "-m", "site_builder", "build", "--out", str(out / "snapshot")],
                   cwd=ROOT, check=True, capture_output=True)
    shutil.copytree(out / "snapshot", out / "normal", copy_function=os.link)
    manifest = json.loads((out / "snapshot" / "engine.json").read_text(encoding="utf-8"))
    if "snapshot" not in manifest:
        sys.exit("the build made no snapshot (is Node.js installed?): nothing to compare")
    plain = {key: value for key, value in manifest.items() if key != "snapshot"}
    (out / "normal" / "engine.json").unlink()  # a hard link: do not write through it
    (out / "normal" / "engine.json").write_text(json.dumps(plain, indent=2), encoding="utf-8")
    for site in (out / "normal", out / "snapshot"):
        (site / "bare.html").write_text(BARE_PAGE, encoding="utf-8")
        (site / "bare.js").write_text(BARE_SCRIPT, encoding="utf-8")
        (site / "bare-worker.js").write_text(BARE_WORKER, encoding="utf-8")
    return manifest


class Counter:
    """Bytes of every response the context received (the page's and the worker's)."""

    def __init__(self, context):
        self.bytes = 0
        context.on("requestfinished", self._add)

    def _add(self, request):
        try:
            sizes = request.sizes()
        except Exception:  # noqa: BLE001 - a request may vanish with its page
            return
        self.bytes += sizes["responseBodySize"] + sizes["responseHeadersSize"]


def bare_load(page, server) -> float:
    page.goto(server.url("bare.html"))
    page.wait_for_function("() => window.bareReady !== undefined", timeout=300_000)
    return page.evaluate("window.bareReady")


def engine_start(page, server, path: str) -> dict:
    """Open the page, click « Suivant » at once, time until every example is redrawn by Python;
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
    else:
        clicked = page.evaluate("""() => {
            document.querySelector('section.exemple button[data-action=next]').click();
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


def choice_time(page) -> float | None:
    """A reader's choice: message to the worker, Python replay, new markup in place."""
    section = page.locator("section.exemple").first
    first = section.locator("button[data-action=first]")
    if not first.is_disabled():
        first.click()
    for _ in range(40):  # walk to the first decision
        if section.locator(".joueur-decision button[aria-pressed=false]").count():
            break
        following = section.locator("button[data-action=next]")
        if following.is_disabled():
            return None
        following.click()
    else:
        return None
    target = section.locator(".joueur-decision button[aria-pressed=false]").first
    row = target.get_attribute("data-choix")
    start = time.perf_counter()
    target.click()
    page.wait_for_selector(f'section.exemple .joueur-decision button[data-choix="{row}"]'
                           '[aria-pressed="true"]', timeout=60_000)
    return (time.perf_counter() - start) * 1000


def with_service_worker(browser, server, page_path: str):
    """A new profile whose service worker holds the site and the engine (it ran on `page_path`)."""
    context = browser.new_context()
    context.add_init_script(WATCH)
    watch_hosts(context, server)
    page = context.new_page()
    engine_start(page, server, page_path)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_timeout(1500)
    return context


def measure(browser, server, page_path: str, runs: int, *, steps: bool) -> dict:
    """Cold, warm HTTP and warm service-worker starts of the engine on one site."""
    got = {key: [] for key in ("cold", "warm", "warm_sw", "fcp", "long_cold", "long_warm",
                               "long_warm_sw", "boots", "steps", "choices", "cold_bytes",
                               "warm_bytes")}
    for _ in range(runs):
        context = browser.new_context(service_workers="block")
        context.add_init_script(WATCH)
        watch_hosts(context, server)
        counter = Counter(context)
        page = context.new_page()
        first = engine_start(page, server, page_path)
        got["cold"].append(first["ready"])
        got["fcp"].append(first["fcp"])
        got["long_cold"].extend(first["long"])
        got["boots"].extend(first["boot"])
        got["cold_bytes"].append(counter.bytes)
        if steps and page_path != JOUER:
            got["steps"].append(step_times(page))
            chosen = choice_time(page)
            if chosen is not None:
                got["choices"].append(chosen)
        counter.bytes = 0
        again = engine_start(context.new_page(), server, page_path)
        got["warm"].append(again["ready"])
        got["long_warm"].extend(again["long"])
        got["boots"].extend(again["boot"])
        got["warm_bytes"].append(counter.bytes)
        context.close()

        # Warm through the service worker: first visit installs it, second is served by it.
        context = with_service_worker(browser, server, page_path)
        again = engine_start(context.new_page(), server, page_path)
        got["warm_sw"].append(again["ready"])
        got["long_warm_sw"].extend(again["long"])
        got["boots"].extend(again["boot"])
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
                        help="a page with a player (repeat; default: exemple-3, the special-card "
                             "page and Jouer)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    pages = args.pages or ["exemples/exemple-3/", "variantes/cartes-speciales/", JOUER]

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        manifest = build(Path(tmp))
        snapshot = (Path(tmp) / "snapshot" / manifest["snapshot"]).read_bytes()
        servers = {mode: serve(Path(tmp) / mode) for mode in MODES}
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            bare_ms = bare(browser, servers["normal"], args.runs, pages[0])
            results = {(page, mode): measure(browser, servers[mode], page, args.runs,
                                             steps=mode == "snapshot")
                       for page in pages for mode in MODES}
            browser.close()
        for server in servers.values():
            server.httpd.shutdown()

    def ms(values):
        return f"{statistics.median(values):7.0f} ms (runs: {', '.join(f'{v:.0f}' for v in values)})"

    def ratio(values, base):
        return statistics.median(values) / statistics.median(base)

    def long(values):
        return f"{len(values)}" + (f" (longest {max(values):.0f} ms)" if values else "")

    load = os.getloadavg()[0]
    print(f"date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}  runs: {args.runs}  "
          f"Chromium: {chromium_path() or 'playwright'}  load average: {load:.1f}  cores: {os.cpu_count()}")
    print(f"snapshot {manifest['snapshot']}: {len(gzip.decompress(snapshot)) / 1e6:.1f} MB raw, "
          f"{len(snapshot) / 1e6:.2f} MB gzip (served as is)")
    print(f"bare Pyodide load, cold              {ms(bare_ms['cold'])}")
    print(f"bare Pyodide load, warm HTTP         {ms(bare_ms['warm'])}")
    print(f"bare Pyodide load, warm SW           {ms(bare_ms['warm_sw'])}")
    for page in pages:
        print(f"\n{page}")
        print(f"  first contentful paint             {ms(results[page, 'snapshot']['fcp'])}")
        for mode in MODES:
            got = results[page, mode]
            for start, label in (("cold", "cold     "), ("warm", "warm HTTP"), ("warm_sw", "warm SW  ")):
                print(f"  engine ready ({mode:8}), {label} {ms(got[start])}   "
                      f"ratio to bare {ratio(got[start], bare_ms[start]):.2f}   "
                      f"long tasks > 50 ms: {long(got['long_' + start])}")
            expected = "snapshot" if mode == "snapshot" else "runtime"
            wrong = [b for b in got["boots"] if b != expected]
            if wrong:
                print(f"  warning: {len(wrong)} start(s) did not boot from {expected}: {wrong[:3]}")
            print(f"  bytes transferred ({mode}), cold {statistics.median(got['cold_bytes']) / 1e6:.2f} MB,"
                  f" warm HTTP {statistics.median(got['warm_bytes']) / 1e6:.2f} MB")
        print(f"  ratio snapshot / normal, cold      "
              f"{ratio(results[page, 'snapshot']['cold'], results[page, 'normal']['cold']):7.2f}")
        walks = results[page, "snapshot"]["steps"]
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
        if results[page, "snapshot"]["choices"]:
            print(f"  reader's choice (Python round trip) {ms(results[page, 'snapshot']['choices'])}")
    print(f"\nrequests to other hosts             {len(FOREIGN)} {FOREIGN[:3] if FOREIGN else ''}")


if __name__ == "__main__":
    main()
