"""Helpers behind the browser fixtures, importable by tests: server, sealed context, waits."""

from __future__ import annotations

import base64
import fcntl
import functools
import hashlib
import http.server
import json
import os
import re
import sys
import threading
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

SUB_PATH = "/depot/"
ENGINE_TIMEOUT_MS = 180_000
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
MIME_TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
              ".json": "application/json", ".zip": "application/zip", ".svg": "image/svg+xml",
              ".css": "text/css", ".html": "text/html; charset=utf-8"}


# The tests drive the old headless shell, as Playwright does by default (Debian's
# chromium-headless-shell): the same Blink and V8 without the full browser's software compositor,
# which cost the suite a third of its CPU. A benchmark of what a reader waits for takes the full
# browser (`shell=False`).
HEADLESS_SHELL, FULL_CHROMIUM = "/usr/bin/chromium-headless-shell", "/usr/bin/chromium"


def chromium_path(*, shell: bool = True) -> str | None:
    """$CHROMIUM, else Debian's headless shell (or, with `shell=False`, its full Chromium), else
    the other one, else None (Playwright's own build)."""
    preferred = (HEADLESS_SHELL, FULL_CHROMIUM) if shell else (FULL_CHROMIUM, HEADLESS_SHELL)
    for candidate in (os.environ.get("CHROMIUM"), *preferred):
        if candidate and Path(candidate).exists():
            return candidate
    return None


OFFERED = SUB_PATH + "__harness__/"
"""Where a test server hands its pages bytes a test holds (`offer`): no site file is there."""


def offer(httpd, origin: str, data: bytes) -> str:
    """The URL at which the server `httpd` (a QuietServer of SubPathHandler) hands `data` to its
    pages: a page fetches a snapshot in a few milliseconds, where passing it through Playwright
    (base64 in a script's argument) costs more than a core-second."""
    path = f"{OFFERED}{hashlib.sha256(data).hexdigest()[:16]}"
    httpd.offered[path] = data
    return origin + path


class SubPathHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site under SUB_PATH only, as GitHub Pages serves a project site, so an
    absolute link (`/…`) gives a 404. The test servers of the hosting tests build on it."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def do_GET(self):
        """The site's files, and under OFFERED the bytes a test offers its pages (`offer`)."""
        data = getattr(self.server, "offered", {}).get(urlsplit(self.path).path)
        if data is None:
            return super().do_GET()
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        return None

    def translate_path(self, path):
        path = unquote(urlsplit(path).path)
        if not path.startswith(SUB_PATH):
            return str(Path(self.directory) / ".not-under-the-sub-path")
        return super().translate_path("/" + path[len(SUB_PATH):])


class _Handler(SubPathHandler):
    """The shared test server: SUB_PATH only, with the caching headers of a good host."""

    def end_headers(self):
        # Versioned and hashed files never change: let the browser keep them, as a good host would.
        if "/vendor/" in self.path or "/engine-" in self.path:
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, *args):
        pass


@dataclass
class Server:
    """A local HTTP server for a built site; `url("exemples/")` is a page under the sub-path."""

    root: Path
    port: int
    httpd: http.server.ThreadingHTTPServer = field(repr=False)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def base(self) -> str:
        return f"{self.origin}{SUB_PATH}"

    def url(self, path: str = "") -> str:
        return self.base + path.lstrip("/")

    def offer(self, data: bytes) -> str:
        return offer(self.httpd, self.origin, data)


class QuietServer(http.server.ThreadingHTTPServer):
    """A browser that leaves a page (or stops a download) closes its socket: not an error."""

    def __init__(self, *args, **kwargs):
        self.offered: dict[str, bytes] = {}   # path → bytes (`offer`)
        super().__init__(*args, **kwargs)

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def serve(root: Path) -> Server:
    """Start a threaded server for `root` on a free port (the caller shuts it down)."""
    handler = functools.partial(_Handler, directory=str(root))
    httpd = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return Server(root=Path(root), port=httpd.server_address[1], httpd=httpd)


@dataclass
class Guard:
    """What a page attempted that it must not: requests to other hosts, dialogs."""

    foreign: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)


def seal(context, server: Server, guard: Guard) -> None:
    """Abort and record every request of `context` to another host than `server`. Playwright's
    driver matches the pattern, so the site's own requests go through without a round trip to
    this process (sending it every request made each page load cost about a tenth more CPU)."""
    def route(route_, request):
        guard.foreign.append(request.url)
        route_.abort()

    context.route(re.compile(f"^(?!{re.escape(server.origin)}/)"), route)


# Playwright scrolls an element into view before it clicks it, and with the site's
# `scroll-behavior: smooth` (readers with no motion preference) each such scroll animates and the
# click waits for it to settle: about a fifth of the browser suite's time, and motion no reader
# causes (a reader clicks what is on screen; the page's own scrolls are instant). So contexts ask
# for reduced motion unless a test is about what the default reader sees (MOTION_DEFAULT).
MOTION_DEFAULT = {"reduced_motion": "no-preference"}


# After its first start the engine makes, once the page is idle, the snapshot the next page
# starts from (js/engine.js): a second Pyodide boot in a worker of its own, which a test that
# never opens a second page pays for nothing. So sealed contexts say the reader saves data, as
# engine.js reads it, unless a test is about the snapshot (`snapshots=True`:
# test_snapshot_boot_browser.py; the gate walk and the journeys use contexts of their own).
SAVE_DATA = ("Object.defineProperty(navigator, 'connection', "
             "{value: {saveData: true}, configurable: true})")


def sealed_context(browser, server, guard: Guard, *, snapshots: bool = False,
                   snapshot: bytes | None = None, **options):
    """A fresh, sealed context: no service worker, French, reduced motion, unless `options` say;
    no background snapshot unless `snapshots`; with `snapshot` (`engine_snapshot`) kept in its
    Cache Storage, so that its engine starts as a returning reader's does."""
    context = browser.new_context(**{"service_workers": "block", "locale": "fr-FR",
                                     "reduced_motion": "reduce", **options})
    if not snapshots:
        context.add_init_script(SAVE_DATA)
    seal(context, server, guard)
    if snapshot is not None:
        page = context.new_page()
        returning_reader(page, server, snapshot)
        page.close()
    return context


def sealed_page(browser, server, guard: Guard, **options):
    """`sealed_context` and its watched page, as a pair (the caller closes the context)."""
    context = sealed_context(browser, server, guard, **options)
    page = context.new_page()
    watch(page, guard)
    return context, page


# --- the engine's snapshot in Cache Storage (js/snapshots.js) ------------------------------------

SNAPSHOT_CACHE = "six-qui-prend-snapshot"
# The page's own js/engine.js (the same module instance the page's scripts use), started and
# asked directly, so that a test about the boot does not depend on which control starts it.
ENGINE = """new URL("js/engine.js", [...document.scripts].find((s) => /\\/js\\/[^/]+[.]js$/.test(s.src)).src
  .replace(/js\\/[^/]+[.]js$/, ""))"""
START = f"async () => {{ const engine = await import({ENGINE}); await engine.start(); }}"
ASK = f"async (message) => {{ const engine = await import({ENGINE}); return engine.ask(message); }}"


def snapshot_url(server) -> str:
    """The Cache Storage key of this build's snapshot (engine.json's snapshot_key)."""
    key = json.loads((server.root / "engine.json").read_text())["snapshot_key"]
    return server.url(f"engine-snapshot-{key}")


def snapshot_state(page, timeout=ENGINE_TIMEOUT_MS) -> str:
    """How the background snapshot went (<html data-instantane>), once it has gone."""
    page.wait_for_function("() => document.documentElement.dataset.instantane", timeout=timeout)
    return page.evaluate("document.documentElement.dataset.instantane")


# Keeps the bytes at `offered` in Cache Storage under `url`, as js/snapshots.js keeps a snapshot.
KEEP_SNAPSHOT = f"""async ([url, offered]) => {{
    const bytes = await (await fetch(offered)).arrayBuffer();
    await (await caches.open("{SNAPSHOT_CACHE}")).put(url, new Response(bytes));
}}"""


def keep_snapshot(page, server, data: bytes, url: str | None = None) -> None:
    """Keep `data` in the Cache Storage of `page`'s context under `url` (this build's snapshot
    key by default), as js/snapshots.js keeps a snapshot; the page fetches it from the server."""
    page.evaluate(KEEP_SNAPSHOT, [url or snapshot_url(server), server.offer(data)])


def returning_reader(page, server, snapshot: bytes) -> None:
    """Keep the run's `snapshot` in the Cache Storage of `page`'s context, from a page of the
    server's origin (its icon: no script runs), so that its engine starts as a returning reader's."""
    page.goto(server.url("favicon.svg"))
    keep_snapshot(page, server, snapshot)


def kept_sizes(page) -> dict[str, int]:
    """The snapshots in Cache Storage: key URL → gzip'd bytes."""
    return page.evaluate(f"""async () => {{
        const cache = await caches.open("{SNAPSHOT_CACHE}");
        const out = {{}};
        for (const request of await cache.keys()) {{
          out[request.url] = (await (await cache.match(request)).arrayBuffer()).byteLength;
        }}
        return out;
    }}""")


def kept_snapshot(page, url: str) -> bytes:
    text = page.evaluate(f"""async (url) => {{
        const bytes = new Uint8Array(await (await (await caches.open("{SNAPSHOT_CACHE}")).match(url)).arrayBuffer());
        let text = "";
        for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(text);
    }}""", url)
    return base64.b64decode(text)


ANOTHER_BUILD = "engine-snapshot-0123456789abcdef"
"""Where another build of the site would have kept its snapshot (its key differs)."""


def make_snapshot(browser, server) -> bytes:
    """A reader's first visit: a normal boot, then the snapshot the page makes in the background
    and keeps, in place of the one another build had kept (gone once this one is kept); its
    gzip'd bytes."""
    guard = Guard()
    context, page = sealed_page(browser, server, guard, snapshots=True)
    try:
        page.goto(server.url("exemples/exemple-3/"))
        keep_snapshot(page, server, b"another build's snapshot", server.url(ANOTHER_BUILD))
        page.evaluate(START)
        assert page.evaluate("document.documentElement.dataset.demarrage") == "runtime"
        assert snapshot_state(page) == "fait"
        assert list(kept_sizes(page)) == [snapshot_url(server)]
        assert not guard.page_errors and not guard.foreign, guard
        return kept_snapshot(page, snapshot_url(server))
    finally:
        context.close()


def shared_snapshot(folder: Path, make) -> bytes:
    """The run's engine snapshot: made once by `make()` (a `make_snapshot` in the caller's
    Chromium) behind a file lock in `folder`, the run's common temporary folder, and read by
    every test process after that, like the build."""
    made = folder / "engine-snapshot.gz"
    with open(folder / "engine-snapshot.lock", "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not made.exists():
            made.write_bytes(make())
    return made.read_bytes()


def watch(page, guard: Guard) -> None:
    def on_dialog(dialog):
        guard.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    page.on("dialog", on_dialog)
    page.on("pageerror", lambda error: guard.page_errors.append(str(error)))


def example_pages(site: Path) -> list[str]:
    """Paths (relative to the site root) of the built pages that hold a worked example."""
    pages = []
    for html in sorted(site.rglob("*.html")):
        if 'class="exemple"' in html.read_text(encoding="utf-8"):
            pages.append(html.relative_to(site).as_posix())
    return pages


STEP_ITEM = re.compile(r'<li class="etape" id="([^"]+-etape-(\d+))" data-step="\d+" data-kind="\w+" data-etiquette="[^"]*">'
                       r'(.*?)</li>\n', re.DOTALL)
"""One step of a built example: its anchor, its number, what the build wrote inside it."""


def holds_decision(inside: str) -> bool:
    """A step's markup holds its decision box (game/player_boxes.py)."""
    return 'class="joueur-decision"' in inside


def example_arrivals(site: Path) -> list[str]:
    """Where each example page's players start: a reader who arrives (the first step), one who
    follows a link to a later step, and one who follows a link to a step with a decision (its
    box is written in the step: game/player_boxes.py)."""
    found = []
    for path in example_pages(site):
        html = (site / path).read_text(encoding="utf-8")
        url = path.removesuffix("index.html")
        found.append(url)
        steps = STEP_ITEM.findall(html)
        later = next((anchor for anchor, n, _ in steps if int(n) >= 2), None)
        decision = next((anchor for anchor, n, inside in steps
                         if int(n) >= 1 and holds_decision(inside)), None)
        found += [f"{url}#{anchor}" for anchor in dict.fromkeys((later, decision)) if anchor]
    return found


# « Jouer une manche » deals each new game from Math.random: a test seeds it (after the page has
# loaded, before « Commencer ») so it meets the same deals at every run, and one it fails on
# fails every time, not once in fifty runs.
SEEDED_DEALS = """(seed) => { let s = seed % 2147483646 + 1;   // Park–Miller's generator
  Math.random = () => (s = s * 16807 % 2147483647) / 2147483647; }"""


def deal_seed(label: str) -> int:
    """The seed of the deals a test named `label` meets."""
    return zlib.crc32(label.encode())


def seed_deals(page, label: str) -> None:
    """Seed the deals of the Jouer page open in `page` (Playwright) for the test `label`."""
    page.evaluate(SEEDED_DEALS, deal_seed(label))


IDLE_MS = 15_000
"""How long a reader who only reads may leave a page: no engine byte may be fetched meanwhile."""


def fast_clock(page) -> None:
    """Give `page` Playwright's clock (before its `goto`), so that `idle` can let time pass."""
    page.clock.install()


def idle(page, ms: int = IDLE_MS) -> None:
    """The reader leaves the page alone for `ms`: the page's clock (`fast_clock`) jumps ahead, so
    every timer, interval, animation frame and idle callback due by then fires at once, as they
    would have during the wait; then a real second lets any request they started be seen."""
    page.clock.run_for(ms)
    page.wait_for_timeout(1000)


def tab_to(page, selector: str, most: int = 80) -> None:
    """Press Tab, as a keyboard user does, until the element `selector` names has the focus
    (within `most` presses, or the test fails)."""
    has_focus = "(css) => document.activeElement.matches(css)"
    for _ in range(most):
        if page.evaluate(has_focus, selector):
            return
        page.keyboard.press("Tab")
    assert page.evaluate(has_focus, selector), f"Tab never reaches {selector}"


def wait_for_engine(page, timeout: int = ENGINE_TIMEOUT_MS) -> None:
    """Wait until every example on the page has been redrawn by the engine in the browser."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('section.exemple')]"
        ".every((s) => s.dataset.moteur === 'pret' || s.dataset.moteur === 'echec')",
        timeout=timeout)
    failed = page.eval_on_selector_all("section.exemple[data-moteur=echec]", "els => els.length")
    assert failed == 0, "the engine failed to start in the browser"


def start_engine_by_what_if(page, sid: str, timeout: int = ENGINE_TIMEOUT_MS) -> None:
    """Start the engine as a reader does: open « Et si… ? » on classic example `sid` and press
    « Rejouer avec ces cartes » with the cards as written; wait until the engine has answered."""
    details = page.locator(f"#{sid} .joueur-et-si")
    if details.get_attribute("open") is None:
        page.click(f"#{sid} .joueur-et-si summary")
    page.click(f"#{sid} .joueur-et-si button[type=submit]")
    page.wait_for_selector(f"#{sid}[data-moteur]", timeout=timeout)   # ready or failed: no 180 s wait
    assert page.get_attribute(f"#{sid}", "data-moteur") == "pret", "the engine failed to start"
    page.wait_for_function(f"() => document.querySelector('#{sid} .joueur-et-si .joueur-message')"
                           ".textContent !== ''", timeout=timeout)
