"""Print each page's weight and speed against its budget (`make bench`); not a timed test.

Figures, over every page of a fresh build served on localhost (under a sub-path, as on Pages):
- bytes transferred before any interaction, gzip-compressed as a host would serve them, Pyodide
  and the engine archive excluded (they load only when the reader asks): budget 100 KB a page;
- on one example page left idle for 15 s: bytes of Pyodide and the engine fetched before any
  interaction (the engine starts on the reader's first use only): budget 0;
- first contentful paint and largest contentful paint (localhost: this is the page's own cost);
- on one example page: the engine's start after the reader's first intent, cold (empty cache)
  and warm (the same profile, on disk, its HTTP cache: still a normal boot, as the first page
  is closed before it makes its snapshot), how each booted, main-thread long tasks (> 50 ms) during that start, and the
  time one step takes once the engine runs;
- the full build time (`python -m site_builder build`).
Usage: .venv/bin/python bench/page_budget.py
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser"), str(ROOT / "tests" / "quality")]

from harness import CHROMIUM_ARGS, chromium_path, serve, wait_for_engine  # noqa: E402
from profiles import Profiles  # noqa: E402
from quality_checks import BUDGET_BYTES, LAZY, local_file  # noqa: E402
from quality_checks import page_weight as weight  # noqa: E402

BUDGET_FCP_MS = 1000
BUDGET_LCP_MS = 1500
BUDGET_LONG_TASK_MS = 50
IDLE_WATCH_MS = 15_000

PAINTS = """
window.__lcp = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; })
  .observe({type: 'largest-contentful-paint', buffered: true});
window.__long = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push(e.duration); })
  .observe({type: 'longtask', buffered: true});
"""


def build(out: Path) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "site_builder", "build", "--out", str(out)], cwd=ROOT,
                   check=True, capture_output=True,
                   env={**os.environ, "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH",
                                                                           "1700000000")})
    return time.perf_counter() - started


def pages_of(site: Path) -> list[str]:
    paths = []
    for html in sorted(site.rglob("*.html")):
        rel = html.relative_to(site).as_posix()
        paths.append(rel[: -len("index.html")] if rel.endswith("index.html") else rel)
    return paths


def page_weight(page, site: Path, server, path: str) -> tuple[int, int, float, float, int]:
    """(gzip bytes, raw bytes, FCP ms, LCP ms, requests) of one page before any interaction."""
    urls = []
    page.on("request", lambda request: urls.append(request.url))
    page.goto(server.url(path), wait_until="load")
    page.wait_for_timeout(300)
    fcp = page.evaluate("() => (performance.getEntriesByName('first-contentful-paint')[0] || "
                        "{startTime: NaN}).startTime")
    lcp = page.evaluate("() => window.__lcp")
    gz, raw, files = weight(site, server.base, urls)   # the quality gate's own count
    return gz, raw, fcp, lcp, files


def idle_engine_bytes(context, site: Path, server, path: str) -> tuple[int, list[str]]:
    """Bytes of Pyodide and the engine (raw, as on disk) an untouched page fetches in 15 s."""
    page = context.new_page()
    urls = []
    page.on("request", lambda request: urls.append(request.url))
    page.goto(server.url(path), wait_until="load")
    page.wait_for_timeout(IDLE_WATCH_MS)
    heavy = sorted({url for url in urls if any(part in url for part in LAZY)})
    total = sum(file.stat().st_size for url in heavy if (file := local_file(site, server.base, url)))
    page.close()
    return total, heavy


def engine_start(context, server, path: str) -> tuple[float, list[float], float, str]:
    """Seconds from the reader's first intent to a ready engine, long tasks meanwhile (ms), one
    step's time, and how the worker booted (`runtime`, or `snapshot` from the local one)."""
    page = context.new_page()
    page.goto(server.url(path), wait_until="load")
    page.evaluate("() => { window.__long = []; }")
    # Stepping needs no engine now: the reader starts it with « Rejouer avec ces cartes ».
    page.locator("section.exemple .joueur-et-si summary").first.click()
    started = time.perf_counter()
    page.locator("section.exemple .joueur-et-si button[type=submit]").first.click()
    wait_for_engine(page, timeout=300_000)
    elapsed = time.perf_counter() - started
    long_tasks = page.evaluate("() => window.__long")
    boot = page.evaluate("document.documentElement.dataset.demarrage")   # set by js/engine.js
    step_ms = step_time(page)
    page.close()
    return elapsed, long_tasks, step_ms, boot


def step_time(page) -> float:
    """Median ms from a « Suivant » press to the next step painted, engine running (the
    reader's first intent, Home, left the player at step 0)."""
    times = []
    section = page.locator("section.exemple").first
    steps = section.locator("li.etape").count()
    for _ in range(min(steps - 1, 8)):
        times.append(page.evaluate("""(id) => new Promise((done) => {
            const start = performance.now();
            document.querySelector(`#${id} .joueur-commandes button[data-action=next]`).click();
            requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - start)));
        })""", section.get_attribute("id")))
    return statistics.median(times) if times else float("nan")


def main() -> int:
    from playwright.sync_api import sync_playwright

    over = 0
    with tempfile.TemporaryDirectory() as temp:
        site = Path(temp) / "_site"
        build_s = build(site)
        again_s = build(site)
        server = serve(site)
        print(f"machine: {os.cpu_count()} CPU, load {os.getloadavg()[0]:.1f}; "
              f"date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
        print(f"full build: {build_s:.2f} s (first, Pyodide copied), {again_s:.2f} s (again)\n")
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            print(f"{'page':34} {'gzip KB':>8} {'raw KB':>8} {'req':>4} {'FCP ms':>7} {'LCP ms':>7}")
            example = None
            for path in pages_of(site):
                context = browser.new_context(service_workers="block")
                context.add_init_script(PAINTS)
                page = context.new_page()
                gz, raw, fcp, lcp, requests = page_weight(page, site, server, path)
                flags = []
                if gz > BUDGET_BYTES:
                    flags.append("OVER 100 KB")
                if fcp > BUDGET_FCP_MS:
                    flags.append(f"FCP > {BUDGET_FCP_MS}")
                if lcp > BUDGET_LCP_MS:
                    flags.append(f"LCP > {BUDGET_LCP_MS}")
                over += bool(flags)
                if fcp != fcp:                   # NaN: Chromium recorded no paint entry
                    flags.append("no FCP entry")
                print(f"{path or '/':34} {gz / 1024:8.1f} {raw / 1024:8.1f} {requests:4d} "
                      f"{fcp:7.0f} {lcp:7.0f}  {' '.join(flags) or 'ok'}")
                if example is None and page.locator("section.exemple").count():
                    example = path
                context.close()

            if example:
                context = browser.new_context(service_workers="block")
                idle_bytes, heavy = idle_engine_bytes(context, site, server, example)
                context.close()
                over += idle_bytes > 0
                print(f"\nidle {IDLE_WATCH_MS // 1000} s on {example}, no interaction: "
                      f"{idle_bytes / 1e6:.2f} MB of Pyodide and engine fetched "
                      f"({'ok' if not idle_bytes else 'OVER budget 0: ' + ', '.join(heavy)})")
                # A profile on disk, as a reader's: an in-memory one never caches the wasm.
                profiles = Profiles(driver, executable_path=chromium_path(), args=CHROMIUM_ARGS)
                context = profiles.new_context(service_workers="block")
                context.add_init_script(PAINTS)
                # The first page is closed at once, before it makes its snapshot: the warm start
                # is a normal boot from the HTTP cache (bench/browser_speed.py times the snapshot).
                cold, long_cold, step_cold, boot_cold = engine_start(context, server, example)
                warm, long_warm, step_warm, boot_warm = engine_start(context, server, example)
                context.close()
                profiles.close()
                print(f"\nengine start on {example} (first intent → ready):")
                for label, seconds, long_tasks, step in (
                        (f"cold ({boot_cold})", cold, long_cold, step_cold),
                        (f"warm HTTP cache ({boot_warm})", warm, long_warm, step_warm)):
                    worst = max(long_tasks, default=0)
                    flag = "ok" if worst <= BUDGET_LONG_TASK_MS else f"long tasks > {BUDGET_LONG_TASK_MS} ms"
                    over += worst > BUDGET_LONG_TASK_MS
                    print(f"  {label}: {seconds:.2f} s; main-thread long tasks: {len(long_tasks)}, "
                          f"longest {worst:.0f} ms ({flag}); step: {step:.1f} ms")
            browser.close()
        server.httpd.shutdown()
    print(f"\n{over} figure(s) over budget")
    return 0


if __name__ == "__main__":
    sys.exit(main())
