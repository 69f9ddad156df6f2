"""How fast the step player is in Chromium: prints figures, asserts nothing.

Builds the site into a temporary folder, serves it on 127.0.0.1 under a sub-path, and measures:
- first contentful paint of an example page (reading needs no JavaScript);
- first interaction → engine ready, cold (empty cache) and warm (second visit, same browser
  profile: HTTP cache, then service worker);
- time per step once ready (a click on « Suivant »), and a reader's choice (a round trip to Python);
- bytes transferred;
- a bare Pyodide load (module worker, loadPyodide, nothing else) measured in the same run, and the
  ratio of the engine's cold start to it (the aim is at most 1.5).

Usage: .venv/bin/python bench/browser_speed.py [--page exemples/exemple-3/] [--runs 3]
"""

from __future__ import annotations

import argparse
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


def build(out: Path) -> None:
    subprocess.run([sys.executable, "-m", "site_builder", "build", "--out", str(out)],
                   cwd=ROOT, check=True, capture_output=True)
    (out / "bare.html").write_text(BARE_PAGE, encoding="utf-8")
    (out / "bare.js").write_text(BARE_SCRIPT, encoding="utf-8")
    (out / "bare-worker.js").write_text(BARE_WORKER, encoding="utf-8")


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


def bare_load(browser, server) -> float:
    context = browser.new_context(service_workers="block")
    watch_hosts(context, server)
    page = context.new_page()
    page.goto(server.url("bare.html"))
    page.wait_for_function("() => window.bareReady !== undefined", timeout=300_000)
    ms = page.evaluate("window.bareReady")
    context.close()
    return ms


def engine_start(page, server, path: str) -> dict:
    """Open the page, click « Suivant » at once, time until every example is redrawn by Python."""
    page.goto(server.url(path))
    fcp = page.evaluate("""() => new Promise((resolve) => {
        const seen = performance.getEntriesByName('first-contentful-paint')[0];
        if (seen) return resolve(seen.startTime);
        new PerformanceObserver((list) => resolve(list.getEntries()[0].startTime))
            .observe({ type: 'paint', buffered: true });
    })""")
    clicked = page.evaluate("""() => {
        document.querySelector('section.exemple button[data-action=next]').click();
        return performance.now();
    }""")
    page.wait_for_function(READY, timeout=300_000, polling=20)
    ready = page.evaluate("performance.now()")
    return {"fcp": fcp, "ready": ready - clicked}


def step_times(page, count: int = 20) -> list[float]:
    """Milliseconds for one « Suivant » or « Précédent » click once the engine runs."""
    return page.evaluate("""(count) => {
        const section = document.querySelector('section.exemple');
        const next = section.querySelector('button[data-action=next]');
        const prev = section.querySelector('button[data-action=prev]');
        const times = [];
        for (let i = 0; i < count; i++) {
            const button = next.disabled ? prev : next;
            const t = performance.now();
            button.click();
            section.querySelector('li.etape:not([hidden])').getBoundingClientRect();  // layout
            times.push(performance.now() - t);
        }
        return times;
    }""", count)


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", default="exemples/exemple-3/")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "_site"
        build(site)
        server = serve(site)
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            bare, cold, warm, warm_sw, fcps, steps, choices, cold_bytes, warm_bytes = ([] for _ in range(9))
            for _ in range(args.runs):
                bare.append(bare_load(browser, server))

                # Cold: a new profile. Warm: the same profile visits again (HTTP cache only).
                context = browser.new_context(service_workers="block")
                watch_hosts(context, server)
                counter = Counter(context)
                page = context.new_page()
                first = engine_start(page, server, args.page)
                cold.append(first["ready"])
                fcps.append(first["fcp"])
                cold_bytes.append(counter.bytes)
                steps.extend(step_times(page))
                chosen = choice_time(page)
                if chosen is not None:
                    choices.append(chosen)
                counter.bytes = 0
                again = context.new_page()
                warm.append(engine_start(again, server, args.page)["ready"])
                warm_bytes.append(counter.bytes)
                context.close()

                # Warm through the service worker: first visit installs it, second is served by it.
                context = browser.new_context()
                watch_hosts(context, server)
                page = context.new_page()
                engine_start(page, server, args.page)
                page.evaluate("navigator.serviceWorker.ready.then(() => true)")
                page.wait_for_timeout(1000)
                again = context.new_page()
                warm_sw.append(engine_start(again, server, args.page)["ready"])
                context.close()
            browser.close()
        server.httpd.shutdown()

    def ms(values):
        return f"{statistics.median(values):8.0f} ms (runs: {', '.join(f'{v:.0f}' for v in values)})"

    print(f"page: {args.page}  runs: {args.runs}  Chromium: {chromium_path() or 'playwright'}")
    print(f"first contentful paint          {ms(fcps)}")
    print(f"bare Pyodide load (worker)      {ms(bare)}")
    print(f"interaction → engine, cold      {ms(cold)}")
    print(f"interaction → engine, warm HTTP {ms(warm)}")
    print(f"interaction → engine, warm SW   {ms(warm_sw)}")
    print(f"ratio cold engine / bare        {statistics.median(cold) / statistics.median(bare):8.2f}"
          "    (aim ≤ 1.5)")
    print(f"step (Suivant), median / max    {statistics.median(steps):8.1f} / {max(steps):.1f} ms"
          "    (aim < 50 ms)")
    if choices:
        print(f"reader's choice (Python round trip) {ms(choices)}")
    print(f"bytes transferred, cold         {statistics.median(cold_bytes) / 1e6:8.2f} MB")
    print(f"bytes transferred, warm HTTP    {statistics.median(warm_bytes) / 1e6:8.2f} MB")
    print(f"requests to other hosts         {len(FOREIGN)} {FOREIGN[:3] if FOREIGN else ''}")


if __name__ == "__main__":
    main()
