"""The engine's start, old design and new, side by side in one run (issue 25): prints, asserts nothing.

Builds this tree's site (new: a trimmed standard library, no snapshot downloaded, a snapshot made
in the browser for the next page) and the tree of the commit before that design (old: the
build's memory snapshot downloaded, or its normal boot without it), and serves all of them with
Debian's nginx the way GitHub Pages serves a site: gzip for HTML, CSS, JavaScript, JSON and wasm
(`gzip_comp_level 6`), nothing else compressed, `Cache-Control: max-age=600`. nginx runs from a
temporary folder on a free port, as a child process, and its access log gives the bytes really
sent (`$bytes_sent`: headers and compressed body).

Chromium runs each context in a new profile on disk (bench/profiles.py): cold when it opens,
with the disk cache a reader's browser has. Networks (none; 4G: 20 Mbps, 50 ms; Slow 4G:
1.6 Mbps, 150 ms, Lighthouse's mobile profile) are emulated with CDP
Network.emulateNetworkConditions on the page. That it reaches the page's workers is shown twice:
a same-origin worker's fetch of the library, and the engine worker's own fetch of the engine
archive (Playwright's request timing), each slower as the network is.

Printed, in this order:
- a reader on exemple 1 who presses « Suivant » to the last step, then stays 15 s: bytes sent
  from the first press on, and the engine's part (goal 0);
- a reader who goes through every example of every example page, every step and every row
  offered at each decision, then stays 15 s: bytes sent, and the engine's part (goal 0);
- for each design and network, 3 cold runs: wire bytes from opening an example page to the
  engine being ready, and the time from asking the engine to start (js/engine.js start(), as
  any control does) to ready;
- for each network, one cold start whose engine archive answers 404, old (normal boot) and new:
  how long until the start fails, and the bytes sent until 3 s after;
- unthrottled: the new design's second page (another example page, after the first made its
  snapshot) over a bare `loadPyodide()` (Pyodide's own files, nothing else), same run.

Slow 4G takes several minutes (the old snapshot alone is a minute a run): `--networks none,4g`
for a short run.

Usage: .venv/bin/python bench/boot_network.py [--runs 3] [--networks none,4g,slow4g] [--old REF]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from harness import CHROMIUM_ARGS, ENGINE, chromium_path, example_pages  # noqa: E402
from profiles import Profiles  # noqa: E402

NETWORKS = {
    "none": None,
    "4g": {"latency": 50, "downloadThroughput": 20e6 / 8, "uploadThroughput": 10e6 / 8},
    "slow4g": {"latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8},
}
LABELS = {"none": "no throttling", "4g": "4G (20 Mbps, 50 ms)", "slow4g": "Slow 4G (1.6 Mbps, 150 ms)"}
FIRST, SECOND = "exemples/exemple-3/", "exemples/exemple-4/"
STEPPED = "exemples/exemple-1/"   # the example a reader steps through
# What the engine fetches: Pyodide, engine.json, the engine archive, the library, the old snapshot.
ENGINE_FILES = ("/vendor/", "/engine", "/stdlib-")
DESIGNS = ("old-snapshot", "old-normal", "new")
TITLES = {"old-snapshot": "old, build's snapshot", "old-normal": "old, normal boot", "new": "new, cold"}
NGINX = """
worker_processes 1;
daemon off;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log;
events {{}}
http {{
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  log_format wire '$request_uri $status $bytes_sent';
  access_log {tmp}/access.log wire;
  client_body_temp_path {tmp}/body; proxy_temp_path {tmp}/proxy; fastcgi_temp_path {tmp}/fastcgi;
  uwsgi_temp_path {tmp}/uwsgi; scgi_temp_path {tmp}/scgi;
  gzip on;
  gzip_comp_level 6;
  gzip_min_length 256;
  gzip_types text/css text/javascript application/javascript application/json application/wasm
             image/svg+xml application/xml text/xml text/plain;
  types {{ text/javascript mjs; }}
  server {{
    listen 127.0.0.1:{port};
    root {www};
    add_header Cache-Control "max-age=600";
  }}
}}
"""
BARE_PAGE = """<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Pyodide nu</title></head>
<body><p>Pyodide seul</p><script type="module">
window.bare = () => new Promise((resolve) => {
  const started = performance.now();
  const worker = new Worker(new URL("./bare-worker.js", import.meta.url), { type: "module" });
  worker.onmessage = () => resolve(performance.now() - started);
});
</script></body></html>"""
BARE_WORKER = """
const { loadPyodide } = await import(new URL("./pyodide/pyodide.mjs", import.meta.url).href);
await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
self.postMessage("ready");
"""
# The page's own js/engine.js (the module its scripts use, harness.ENGINE), started directly
# and timed: [ms from engine.start() to its end, how the worker booted or "failed"].
START = f"""async () => {{
  const engine = await import({ENGINE});
  const started = performance.now();
  try {{ await engine.start(); }}
  catch {{ return [performance.now() - started, "failed"]; }}
  return [performance.now() - started, document.documentElement.dataset.demarrage];
}}"""


def started(page) -> tuple[float, str]:
    """Start the page's engine (START); ms to ready and how it booted. A start that fails stops
    the bench: its time would be no engine's."""
    ms, boot = page.evaluate(START)
    if boot == "failed":
        raise RuntimeError(f"the engine of {page.url} failed to start")
    return ms, boot
# A worker file of the same origin: the pages' Content-Security-Policy (worker-src 'self')
# refuses a blob: worker.
PROBE_WORKER = """self.onmessage = async (e) => {
  const t = performance.now();
  const r = await fetch(e.data, { cache: "no-store" });
  await r.arrayBuffer();
  self.postMessage(performance.now() - t);
};"""
PROBE = """async ([worker_url, url]) => {
  const worker = new Worker(worker_url);
  const ms = await new Promise((resolve, reject) => {
    worker.onmessage = (e) => resolve(e.data);
    worker.onerror = (e) => reject(new Error(`probe worker: ${e.message || "did not start"}`));
    worker.postMessage(url);
  });
  worker.terminate();
  return ms;
}"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def old_ref(given: str | None) -> str:
    """The commit before the new design: the parent of the one that added site_builder/stdlib.py."""
    if given:
        return given
    added = subprocess.run(["git", "log", "--diff-filter=A", "--format=%H", "--", "site_builder/stdlib.py"],
                           cwd=ROOT, check=True, capture_output=True, text=True).stdout.split()
    return added[-1] + "^"


def build(source: Path, out: Path) -> None:
    subprocess.run([str(ROOT / ".venv" / "bin" / "python"), "-m", "site_builder", "build", "--out", str(out)],
                   cwd=source, check=True, capture_output=True)


def prepare(tmp: Path, ref: str) -> Path:
    """www/ with new/, old-snapshot/, old-normal/ (the old site, its engine.json without the
    snapshot) and bare/ (Pyodide's own files and a page that only runs loadPyodide)."""
    www = tmp / "www"
    build(ROOT, www / "new")
    source = tmp / "old-source"
    source.mkdir()
    archive = subprocess.run(["git", "archive", ref], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(source)], input=archive, check=True)
    (source / "node_modules").symlink_to(ROOT / "node_modules")
    build(source, www / "old-snapshot")
    manifest = json.loads((www / "old-snapshot" / "engine.json").read_text())
    if "snapshot" not in manifest:
        sys.exit("the old build made no snapshot (Node.js?): nothing to compare")
    shutil.copytree(www / "old-snapshot", www / "old-normal")
    plain = {key: value for key, value in manifest.items() if key != "snapshot"}
    (www / "old-normal" / "engine.json").write_text(json.dumps(plain, indent=2))
    bare = www / "bare"
    shutil.copytree(ROOT / "node_modules" / "pyodide", bare / "pyodide")
    (bare / "index.html").write_text(BARE_PAGE)
    (bare / "bare-worker.js").write_text(BARE_WORKER)
    (www / "probe-worker.js").write_text(PROBE_WORKER)
    return www


class Nginx:
    def __init__(self, tmp: Path, www: Path):
        self.port = free_port()
        self.tmp = tmp
        self.log = tmp / "access.log"
        conf = tmp / "nginx.conf"
        conf.write_text(NGINX.format(tmp=tmp, www=www, port=self.port))
        self.process = subprocess.Popen(["/usr/sbin/nginx", "-p", str(tmp), "-e", str(tmp / "error.log"),
                                         "-c", str(conf)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"nginx did not start: {(tmp / 'error.log').read_text()}")

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}/{path}"

    def mark(self) -> int:
        return self.log.stat().st_size if self.log.exists() else 0

    def sent_since(self, mark: int) -> tuple[int, list[str]]:
        """Bytes nginx sent since `mark` (log lines are written as each request ends)."""
        time.sleep(0.3)
        with self.log.open("rb") as log:
            log.seek(mark)
            lines = log.read().decode().split("\n")
        total, names = 0, []
        for line in filter(None, lines):
            uri, status, sent = line.rsplit(" ", 2)
            total += int(sent)
            names.append(f"{uri} {status} {sent}")
        return total, names

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def throttle(context, page, network: str | None):
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    if NETWORKS.get(network):
        session.send("Network.emulateNetworkConditions", {"offline": False, **NETWORKS[network]})
    return session


def cold_start(browser, nginx: Nginx, design: str, network: str) -> dict:
    """One cold start (a new profile): ms from engine.start() to ready, bytes nginx sent from
    opening the page to ready, how the worker booted, and how long the engine worker's own
    fetch of the engine archive took (Playwright's request timing: it shows the emulation
    reaches the worker)."""
    context = browser.new_context(service_workers="block")
    archive = []

    def finished(request):
        if re.search(r"/engine-[0-9a-f]+[.]zip$", request.url):
            archive.append(request.timing["responseEnd"])

    context.on("requestfinished", finished)
    try:
        page = context.new_page()
        throttle(context, page, network)
        mark = nginx.mark()
        page.goto(nginx.url(f"{design}/{FIRST}"), wait_until="load", timeout=600_000)
        ms, boot = started(page)
        sent, _ = nginx.sent_since(mark)
        return {"ms": ms, "sent": sent, "boot": boot, "archive_ms": archive[0] if archive else None}
    finally:
        context.close()


def missing_archive(browser, nginx: Nginx, design: str, network: str) -> dict:
    """A cold start whose engine archive answers 404 (a deploy that lost it, a proxy that
    refuses it): ms from engine.start() to its failure, and the bytes nginx sent from the start
    to 3 s after it (a worker still downloading the runtime it can no longer use)."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.route(re.compile(r"/engine-[0-9a-f]+[.]zip$"), lambda route: route.fulfill(status=404))
        throttle(context, page, network)
        page.goto(nginx.url(f"{design}/{FIRST}"), wait_until="load", timeout=600_000)
        mark = nginx.mark()
        ms, ended = page.evaluate(START)
        page.wait_for_timeout(3000)
        sent, _ = nginx.sent_since(mark)
        return {"ms": ms, "ended": ended, "sent": sent}
    finally:
        context.close()


def worker_fetch(browser, nginx: Nginx, network: str) -> float:
    """A worker's fetch of the new site's trimmed library (~0.4 MB) under the page's emulation."""
    manifest = json.loads(urlopen_text(nginx.url("new/engine.json")))
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        throttle(context, page, network)
        page.goto(nginx.url(f"new/{FIRST}"), timeout=600_000)
        return page.evaluate(PROBE, [nginx.url("probe-worker.js"), nginx.url("new/" + manifest["stdlib"])])
    finally:
        context.close()


def engine_bytes(lines: list[str]) -> int:
    """Of the requests nginx logged (`Nginx.sent_since`), the bytes of the engine's files."""
    return sum(int(line.rsplit(" ", 1)[1]) for line in lines
               if any(part in line.split(" ", 1)[0] for part in ENGINE_FILES))


STEP_THROUGH = """async () => {
  // « Suivant » pressed as a reader does, one press at a time, until it cannot act.
  const section = document.querySelector("section.exemple");
  const next = () => section.querySelector("button[data-action=next]");
  let presses = 0;
  while (next() && next().getAttribute("aria-disabled") !== "true" && !next().disabled && presses < 200) {
    next().click();
    presses++;
    await new Promise((r) => setTimeout(r, 300));
  }
  const shown = [...section.querySelectorAll("li.etape")].findIndex((li) => !li.hidden);
  return [presses, shown, section.querySelectorAll("li.etape").length, section.dataset.moteur || ""];
}"""


def stepping(browser, nginx: Nginx, design: str) -> dict:
    """A reader on exemple 1 who presses « Suivant » to the end, then stays 15 s: what nginx
    sent from the first press on, all of it and the engine's files alone."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(nginx.url(f"{design}/{STEPPED}"), wait_until="load")
        page.wait_for_timeout(1000)
        mark = nginx.mark()
        presses, shown, steps, engine = page.evaluate(STEP_THROUGH)
        page.wait_for_timeout(15_000)
        sent, lines = nginx.sent_since(mark)
        return {"sent": sent, "engine": engine_bytes(lines), "presses": presses, "last": shown == steps - 1,
                "steps": steps, "state": engine or "not started",
                "state_after": page.evaluate("document.querySelector('section.exemple').dataset.moteur || ''")}
    finally:
        context.close()


WALK_EVERYTHING = """async (pause) => {
  // Every example of the page, as a reader goes through it: from its first step to its last,
  // « Suivant » one press at a time, and at each decision every other row offered, each taken
  // and then given back (the example as written again) before going on.
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const can = (b) => b && b.getAttribute("aria-disabled") !== "true" && !b.disabled && visible(b);
  let examples = 0, presses = 0, choices = 0;
  for (const section of document.querySelectorAll("section.exemple")) {
    const button = (name) => section.querySelector(`button[data-action=${name}]`);
    const offered = () => [...section.querySelectorAll(".joueur-decision button[data-choix]")].filter(visible);
    if (!button("next")) continue;
    examples++;
    if (can(button("first"))) { button("first").click(); await wait(pause); }
    for (let guard = 0; guard < 200; guard++) {
      const chosen = offered().find((b) => b.getAttribute("aria-pressed") === "true");
      for (const row of offered().filter((b) => b !== chosen).map((b) => b.dataset.choix)) {
        const pick = (r) => offered().find((b) => b.dataset.choix === r);
        if (!pick(row)) break;
        pick(row).click(); choices++; await wait(pause);
        if (chosen && pick(chosen.dataset.choix)) { pick(chosen.dataset.choix).click(); await wait(pause); }
      }
      if (!can(button("next"))) break;
      button("next").click(); presses++; await wait(pause);
    }
  }
  return [examples, presses, choices];
}"""


def every_example(browser, nginx: Nginx, design: str, pages: list[str]) -> dict:
    """A reader who goes through every example of every example page, steps and choices (one
    page after the other in one tab), then stays 15 s: what nginx sent from the first page on."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        mark = nginx.mark()
        examples = presses = choices = 0
        for path in pages:
            page.goto(nginx.url(f"{design}/{path}"), wait_until="load")
            e, p, c = page.evaluate(WALK_EVERYTHING, 250)
            examples, presses, choices = examples + e, presses + p, choices + c
        page.wait_for_timeout(15_000)
        sent, lines = nginx.sent_since(mark)
        return {"sent": sent, "engine": engine_bytes(lines), "examples": examples,
                "presses": presses, "choices": choices}
    finally:
        context.close()


def urlopen_text(url: str) -> str:
    from urllib.request import urlopen
    with urlopen(url) as response:
        return response.read().decode()


def second_page(browser, nginx: Nginx) -> tuple[float, float, int, str, str]:
    """New design: first page cold, its snapshot made, then another page. (first ms, second ms,
    bytes sent while the snapshot was made, the snapshot's state, the second page's boot)."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(nginx.url(f"new/{FIRST}"))
        first, _ = started(page)
        mark = nginx.mark()
        page.wait_for_function("() => document.documentElement.dataset.instantane", timeout=300_000)
        made = page.evaluate("document.documentElement.dataset.instantane")
        background, _ = nginx.sent_since(mark)
        second = context.new_page()
        second.goto(nginx.url(f"new/{SECOND}"))
        ms, boot = started(second)
        return first, ms, background, made, boot
    finally:
        context.close()


def bare(browser, nginx: Nginx) -> tuple[float, float]:
    """A bare loadPyodide() in a module worker: cold, then warm (same context, HTTP cache)."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(nginx.url("bare/index.html"))
        cold = page.evaluate("window.bare()")
        page.goto(nginx.url("bare/index.html"))
        warm = page.evaluate("window.bare()")
        return cold, warm
    finally:
        context.close()


def median(values) -> float:
    return statistics.median(values)


def mb(values) -> str:
    return f"{median(values) / 1e6:.2f} MB"


def seconds(values) -> str:
    return f"{median(values) / 1000:.2f} s"


def chromium_version() -> str:
    return subprocess.run([chromium_path(shell=False) or "chromium", "--version"], capture_output=True,
                          text=True).stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--networks", default="none,4g,slow4g",
                        help="comma-separated, from none, 4g, slow4g (Slow 4G takes minutes)")
    parser.add_argument("--old", default=None, help="the old design's commit (default: before stdlib.py)")
    args = parser.parse_args()
    networks = args.networks.split(",")
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="boot-bench-"))
    tmp.chmod(0o755)  # nginx's workers run as another user
    nginx = None
    try:
        ref = old_ref(args.old)
        print(f"building the new site (this tree) and the old one ({ref}) ...", flush=True)
        www = prepare(tmp, ref)
        nginx = Nginx(tmp, www)
        print(f"date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}  runs: {args.runs}  "
              f"{chromium_version()}  cores: {os.cpu_count()}  load average: {os.getloadavg()[0]:.1f}")
        with sync_playwright() as driver:
            # A profile on disk per context (cold when opened): an in-memory one never caches
            # the wasm, so a next page would download it again (bench/profiles.py).
            browser = Profiles(driver, executable_path=chromium_path(shell=False), args=CHROMIUM_ARGS)
            print("\nemulation reaches the workers: a same-origin worker's fetch of the 0.39 MB library")
            for network in networks:
                print(f"  {LABELS[network]:<28} {worker_fetch(browser, nginx, network):8.0f} ms", flush=True)

            print(f"\na reader who presses « Suivant » through {STEPPED} to the end, then stays 15 s")
            for design in ("old-snapshot", "new"):
                got = stepping(browser, nginx, design)
                print(f"  {TITLES[design]:<22} {got['presses']} presses, last step "
                      f"{'reached' if got['last'] else 'NOT reached'}, engine {got['state']!r} after "
                      f"the presses ({got['state_after']!r} 15 s later): {got['sent'] / 1e6:.2f} MB sent "
                      f"after the first press, {got['engine'] / 1e6:.2f} MB of them the engine's", flush=True)

            pages = [path.removesuffix("index.html") for path in example_pages(www / "new")]
            print(f"\na reader who goes through every example of the {len(pages)} example pages, every "
                  "step and every row offered at each decision, then stays 15 s")
            for design in ("old-snapshot", "new"):
                got = every_example(browser, nginx, design, pages)
                print(f"  {TITLES[design]:<22} {got['examples']} examples, {got['presses']} presses, "
                      f"{got['choices']} rows taken: {got['sent'] / 1e6:.2f} MB sent, "
                      f"{got['engine'] / 1e6:.2f} MB of them the engine's", flush=True)

            print("\ncold starts (new profile each run): engine.start() to ready, wire bytes from "
                  "opening the page, the engine worker's fetch of the engine archive")
            results = {}
            for network in networks:
                for design in DESIGNS:
                    runs = [cold_start(browser, nginx, design, network) for _ in range(args.runs)]
                    results[design, network] = runs
                    archive = [r["archive_ms"] for r in runs if r["archive_ms"] is not None]
                    times = ", ".join(f"{r['ms']:.0f}" for r in runs)
                    print(f"  {design:<13} {LABELS[network]:<28} "
                          f"{median([r['ms'] for r in runs]):8.0f} ms  {mb([r['sent'] for r in runs])}  "
                          f"archive {median(archive) if archive else float('nan'):6.0f} ms  "
                          f"(runs: {times}; "
                          f"boots: {', '.join(sorted({r['boot'] for r in runs}))})", flush=True)

            print("\nan engine archive that answers 404: engine.start() to its failure, wire bytes "
                  "from the start to 3 s after it")
            for network in networks:
                for design in ("old-normal", "new"):
                    got = missing_archive(browser, nginx, design, network)
                    print(f"  {design:<13} {LABELS[network]:<28} {got['ended']} after "
                          f"{got['ms']:8.0f} ms, {got['sent'] / 1e6:.2f} MB sent", flush=True)

            pages = [second_page(browser, nginx) for _ in range(args.runs)]
            bares = [bare(browser, nginx) for _ in range(args.runs)]
            browser.close()

        print("\ncold start, from opening an example page (bytes) or asking the engine (time) to ready")
        print(f"| network | {' | '.join(TITLES[d] for d in DESIGNS)} |")
        print("| --- |" + " --- |" * len(DESIGNS))
        print("| wire bytes (gzip as Pages serves) | " + " | ".join(
            mb([r["sent"] for r in results[d, networks[0]]]) for d in DESIGNS) + " |")
        for network in networks:
            print(f"| {LABELS[network]} | " + " | ".join(
                seconds([r["ms"] for r in results[d, network]]) for d in DESIGNS) + " |")
        cold, warm = median([c for c, _ in bares]), median([w for _, w in bares])
        second = median([s for _, s, _, _, _ in pages])
        print(f"\nbare loadPyodide() (Pyodide's own files), no throttling: cold {cold:.0f} ms, "
              f"warm {warm:.0f} ms (runs: {', '.join(f'{c:.0f}/{w:.0f}' for c, w in bares)})")
        print(f"new, second page from the local snapshot: {second:.0f} ms = {second / warm:.2f}x the warm "
              f"bare boot ({second / cold:.2f}x the cold one); runs: "
              f"{', '.join(f'{p[1]:.0f}' for p in pages)}; boots {sorted({p[4] for p in pages})}; "
              f"snapshot {sorted({p[3] for p in pages})}; bytes sent while it was made: "
              f"{max(p[2] for p in pages)}")
        print(f"new, first page in those runs: {median([p[0] for p in pages]):.0f} ms")
    finally:
        if nginx:
            nginx.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
