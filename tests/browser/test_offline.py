"""Repeat visits, offline reading and deploys: the service worker (site_builder/static/sw.js).

These contexts allow service workers, so they are watched, not routed (routing makes Chromium
bypass service workers): a request to another host is still recorded and fails the test.
A visited example read offline, its engine started from the cache, is test_journeys.py's
offline journey (in Chromium too).
The server here caches like GitHub Pages (`max-age=600`): a worker that trusted the HTTP cache
would run the previous build's files after a deploy.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from engines import FORGET, FORGOTTEN
from harness import (ENGINE_TIMEOUT_MS, SAVE_DATA, SUB_PATH, Guard, QuietServer, SubPathHandler,
                     offer, returning_reader, seed_deals, watch)

pytestmark = pytest.mark.slow

CACHE_NAMES = "async () => (await caches.keys()).sort()"

OLD_CACHES = ("six-qui-prend-pyodide-0.0.1", "six-qui-prend-site-0000000000")
OTHER_APP = "une-autre-application"
FAKE_CACHES = f"""async (root) => {{
    const files = {{"{OLD_CACHES[0]}": "vendor/pyodide/0.0.1/pyodide.asm.wasm",
                   "{OLD_CACHES[1]}": "ancienne-page/", "{OTHER_APP}": "donnees.json"}};
    for (const [name, path] of Object.entries(files)) {{
        await (await caches.open(name)).put(new URL(path, root).href, new Response("ancien"));
    }}
}}"""


class GitHubLikeHandler(SubPathHandler):
    """Serves `root/current` under SUB_PATH, with GitHub Pages' ten-minute HTTP caching."""

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def log_message(self, *args):
        pass

    def log_request(self, *args):
        self.server.paths.append(urlsplit(self.path).path)   # what the browser downloaded


class Deployed:
    """A site folder behind a symbolic link: `deploy(folder)` swaps the published build."""

    def __init__(self, tmp_path: Path, first: Path, handler_class=None):
        self.link = tmp_path / "current"
        self.link.symlink_to(first, target_is_directory=True)
        handler = functools.partial(handler_class or GitHubLikeHandler, directory=str(self.link))
        self.httpd = QuietServer(("127.0.0.1", 0), handler)
        self.httpd.paths = []
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def url(self, path: str = "") -> str:
        return self.origin + SUB_PATH + path

    @property
    def root(self) -> Path:
        return self.link

    def offer(self, data: bytes) -> str:
        return offer(self.httpd, self.origin, data)

    def deploy(self, folder: Path) -> None:
        swap = self.link.with_name("next")
        swap.symlink_to(folder, target_is_directory=True)
        os.replace(swap, self.link)

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def sw_context(browser):
    """Service workers allowed; the reader saves data (harness.SAVE_DATA), so no background
    snapshot and no offline page fetched at install: an engine started offline here boots from
    the worker's cache the normal way, or from the snapshot a test keeps as a returning
    reader's (harness.returning_reader)."""
    guard = Guard()
    context = browser.new_context(locale="fr-FR", viewport={"width": 1280, "height": 800})
    context.add_init_script(SAVE_DATA)
    context.guard = guard
    yield context
    context.close()
    assert not guard.foreign and not guard.dialogs and not guard.page_errors, guard


def open_page(context, origin: str):
    context.on("request", lambda request: None if request.url.startswith(origin + "/")
               else context.guard.foreign.append(request.url))
    page = context.new_page()
    watch(page, context.guard)
    return page


def wait_for_async(page, predicate: str, arg=None, timeout_ms: int = ENGINE_TIMEOUT_MS) -> None:
    """Poll an async predicate until it resolves truthy (page.wait_for_function would take the
    returned Promise itself as truthy and return at once)."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not page.evaluate(predicate, arg):
        assert time.monotonic() < deadline, f"still false after {timeout_ms} ms: {predicate}"
        time.sleep(0.25)


def wait_until_kept(page, what: str = "pret") -> None:
    """The page's files are in the worker's cache and the worker is in charge of the page."""
    page.wait_for_selector(f"html[data-hors-ligne={what}]", state="attached", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=ENGINE_TIMEOUT_MS)


OFFLINE_PAGE_KEPT = "async (url) => Boolean(await caches.match(url))"


def test_a_page_never_visited_gets_the_french_offline_page_unless_the_reader_saves_data(
        browser, site, tmp_path):
    """A tool registers the worker and the page works offline; installing costs a few kilobytes
    (the offline page), nothing while the reader saves data. The next visit without data saver
    installs the worker anew, which keeps the offline page."""
    server = Deployed(tmp_path, site)
    context = browser.new_context(locale="fr-FR", viewport={"width": 1280, "height": 800})
    context.guard = Guard()
    try:
        page = open_page(context, server.origin)
        page.add_init_script(SAVE_DATA)   # this tab only
        page.goto(server.url("outils/compteur/"))
        wait_until_kept(page)
        downloaded = set(server.httpd.paths)
        assert not {SUB_PATH + "hors-ligne/", SUB_PATH + "engine.json"} & downloaded, downloaded
        assert not page.evaluate(OFFLINE_PAGE_KEPT, server.url("hors-ligne/"))
        page.close()

        page = open_page(context, server.origin)
        page.goto(server.url("outils/compteur/"))
        wait_for_async(page, OFFLINE_PAGE_KEPT, server.url("hors-ligne/"))
        context.set_offline(True)
        response = page.goto(server.url("regles/"))
        assert response.status == 503 and response.from_service_worker
        assert page.text_content("h1") == "Vous êtes hors ligne"
        assert page.get_attribute("html", "lang") == "fr"
        # Styled by the cached stylesheet, and every link leads back into the site.
        assert page.evaluate("getComputedStyle(document.querySelector('.evitement')).position") == "absolute"
        links = page.eval_on_selector_all("a[href]", "as => as.map((a) => a.href)")
        assert server.url("") in links and server.url("regles/") in links
        assert all(link.startswith(server.url("")) for link in links)
        # A visited page still opens from the cache.
        page.goto(server.url("outils/compteur/"))
        page.wait_for_selector("[data-compteur][data-pret]")
    finally:
        context.close()
        server.close()
    assert not context.guard.foreign and not context.guard.page_errors, context.guard


def test_jouer_works_offline_after_one_visit(sw_context, site, tmp_path):
    server = Deployed(tmp_path, site)
    try:
        page = open_page(sw_context, server.origin)
        page.goto(server.url("outils/jouer/"))
        seed_deals(page, "jouer offline, online visit")
        page.select_option("#jouer-bots", "1")
        page.select_option("#jouer-vitesse", "0")
        page.click("button[type=submit]")
        page.wait_for_selector("[data-jouer][data-phase=play]", state="attached", timeout=ENGINE_TIMEOUT_MS)
        wait_until_kept(page, "moteur")
    finally:
        server.close()   # the site is now really unreachable
    sw_context.set_offline(True)
    page.reload()
    seed_deals(page, "jouer offline")
    page.select_option("#jouer-bots", "2")
    page.select_option("#jouer-vitesse", "0")
    page.click("button[type=submit]")
    page.wait_for_selector("[data-jouer][data-phase=play]", state="attached", timeout=ENGINE_TIMEOUT_MS)
    assert page.locator(".jouer-main .jouer-carte").count() == 10
    assert page.locator(".jouer-tableau-scores tbody tr").count() == 3
    sw_context.set_offline(False)


def test_the_explorer_works_offline_after_one_visit(sw_context, site, tmp_path, engine_snapshot):
    """A returning reader's visit: both starts are from the kept snapshot (Jouer's, above, are
    first starts), online and then offline with the files from the worker's cache."""
    server = Deployed(tmp_path, site)
    try:
        page = open_page(sw_context, server.origin)
        returning_reader(page, server, engine_snapshot)
        page.goto(server.url("outils/explorer/"))
        page.wait_for_selector("[data-explorer][data-pret]")
        page.click("[data-action=verifier]")   # the reader asks: the engine runs, then is kept
        page.wait_for_selector("form.explorer-position[data-valide]", state="attached",
                               timeout=ENGINE_TIMEOUT_MS)
        wait_until_kept(page, "moteur")
    finally:
        server.close()   # the site is now really unreachable
    sw_context.set_offline(True)
    page.reload()
    page.wait_for_selector("[data-explorer][data-pret]")
    page.fill("#explorer-rangee-1", "5")
    page.click("[data-action=verifier]")
    page.wait_for_selector("form.explorer-position[data-valide]", state="attached", timeout=ENGINE_TIMEOUT_MS)
    assert "Une rangée commence" in page.inner_text("#explorer-rangee-2-erreur")
    assert page.evaluate("document.documentElement.dataset.demarrage") == "snapshot"
    sw_context.set_offline(False)


def changed_build(site: Path, folder: Path) -> Path:
    """The same site with a new compteur.js and engine.json, as a later build would publish."""
    shutil.copytree(site, folder, symlinks=True)
    script = folder / "js" / "compteur.js"
    script.write_text(script.read_text(encoding="utf-8")
                      + '\ndocument.documentElement.dataset.deploiement = "2";\n', encoding="utf-8")
    manifest = folder / "engine.json"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("{", '{\n  "deploiement": 2,', 1),
                        encoding="utf-8")
    worker = folder / "sw.js"
    old_build = re.search(r'const BUILD = "([0-9a-f]+)"', worker.read_text(encoding="utf-8")).group(1)
    worker.write_text(worker.read_text(encoding="utf-8").replace(old_build, "b2" + old_build[2:]),
                      encoding="utf-8")
    later = time.time() + 5
    for path in (script, manifest, worker):
        os.utime(path, (later, later))
    return folder


def test_a_deploy_reaches_readers_who_have_the_old_worker(sw_context, site, tmp_path):
    server = Deployed(tmp_path, site)
    try:
        page = open_page(sw_context, server.origin)
        page.goto(server.url("outils/compteur/"))
        wait_until_kept(page)
        page.goto(server.url("outils/compteur/"))   # now served by the worker (and the HTTP cache)
        page.wait_for_selector("[data-compteur][data-pret]")
        first = page.evaluate(CACHE_NAMES)
        assert page.evaluate("fetch('../../engine.json').then((r) => r.json())").get("deploiement") is None
        # What earlier deploys left (an older Pyodide, an older build) and another app's cache.
        page.evaluate(FAKE_CACHES, server.url(""))
        assert set(OLD_CACHES) | {OTHER_APP} <= set(page.evaluate(CACHE_NAMES))

        server.deploy(changed_build(site, tmp_path / "deploiement-2"))
        page.reload()   # the old worker still serves this visit
        page.wait_for_selector("[data-compteur][data-pret]")
        assert page.get_attribute("html", "data-deploiement") == "2"
        assert page.evaluate("fetch('../../engine.json').then((r) => r.json())")["deploiement"] == 2

        # The new worker takes over and deletes the previous build's cache.
        wait_for_async(
            page,
            "async (old) => { const names = await caches.keys();"
            " return names.some((n) => n.startsWith('six-qui-prend-site-b2'))"
            " && !names.some((n) => old.includes(n) && n.startsWith('six-qui-prend-site-')); }",
            first, 30_000)
        names = page.evaluate(CACHE_NAMES)
        assert [n for n in names if n.startswith("six-qui-prend-site-")] == \
            [n for n in names if n.startswith("six-qui-prend-site-b2")]
        # Every older cache of the project is gone, the current Pyodide's may stay, others' stay.
        runtime = re.search(r'const RUNTIME = "([^"]+)"', (site / "sw.js").read_text(encoding="utf-8"))[1]
        assert not set(OLD_CACHES) & set(names), names
        assert {n for n in names if n.startswith("six-qui-prend-pyodide-")} <= {f"six-qui-prend-pyodide-{runtime}"}
        assert {n for n in names if not n.startswith("six-qui-prend-")} == {OTHER_APP}
    finally:
        server.close()


class HeldManifest(GitHubLikeHandler):
    """Holds the first request for engine.json until the test lets it go (`let_go`), as a slow
    network holds a worker's copy of the engine before its first write."""

    def do_GET(self):
        if self.path.endswith("/engine.json") and not self.server.held.is_set():
            self.server.held.set()
            self.server.let_go.wait(60)
        super().do_GET()


REGISTERED = "async () => (await navigator.serviceWorker.getRegistrations()).length"


def test_a_worker_no_longer_in_charge_stops_copying_the_engine_and_keeps_no_cache(sw_context, site,
                                                                                 tmp_path):
    """A worker unregistered while it waits for the engine's manifest (as the journeys' clean-up,
    engines.FORGET, does; a deploy's worker, by contrast, waits for that copy to end before it
    takes over) is redundant at once but carries on when the manifest comes: it must stop there
    rather than open its caches again once they are deleted (up to 10 MB kept for nothing)."""
    server = Deployed(tmp_path, site, handler_class=HeldManifest)
    server.httpd.held, server.httpd.let_go = threading.Event(), threading.Event()
    try:
        page = open_page(sw_context, server.origin)
        page.goto(server.url("outils/compteur/"))
        wait_until_kept(page)
        page.evaluate("() => { import(new URL('../../js/hors-ligne.js', location.href))"
                      ".then((m) => m.keepForOffline({engine: true})); }")
        assert server.httpd.held.wait(30), "the worker never asked for the engine's manifest"
        page.goto(server.origin + "/hors-du-site")   # outside its scope: the worker has no page
        assert page.evaluate(REGISTERED) == 1
        assert page.evaluate(f"({FORGET})([])") == FORGOTTEN   # the worker is redundant
        server.httpd.let_go.set()   # the manifest comes: the worker stops, or writes
        page.wait_for_timeout(1500)
        assert page.evaluate(CACHE_NAMES) == []
    finally:
        server.httpd.let_go.set()
        server.close()


SITE_CACHE_FILES = """async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('six-qui-prend-site-'));
    const cache = await caches.open(name);
    return [name, (await cache.keys()).map((r) => new URL(r.url).pathname.split('/').pop())];
}"""


class UncachedHandler(GitHubLikeHandler):
    """A host whose answers the browser's HTTP cache never keeps (as when it has let them go)."""

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super(GitHubLikeHandler, self).end_headers()


def test_a_deploy_keeps_the_engine_and_its_library_cached(sw_context, site, tmp_path, engine_snapshot):
    """A deploy that leaves the engine unchanged must not drop its archive nor its trimmed
    standard library from the new build's cache, even when the browser's HTTP cache holds no copy (the
    new worker then finds them only in the previous build's cache). A returning reader's engine
    (from the kept snapshot) fetches them as a first start does."""
    manifest = json.loads((site / "engine.json").read_text(encoding="utf-8"))
    server = Deployed(tmp_path, site, UncachedHandler)
    try:
        page = open_page(sw_context, server.origin)
        returning_reader(page, server, engine_snapshot)
        page.goto(server.url("outils/jouer/"))
        seed_deals(page, "jouer, a new build")
        page.select_option("#jouer-bots", "1")
        page.click("button[type=submit]")
        page.wait_for_selector("[data-jouer][data-phase=play]", state="attached", timeout=ENGINE_TIMEOUT_MS)
        wait_until_kept(page, "moteur")
        first, files = page.evaluate(SITE_CACHE_FILES)
        assert {manifest["engine"], manifest["stdlib"]} <= set(files)
        server.deploy(changed_build(site, tmp_path / "deploiement-2"))
        # The reader comes back later, the Jouer tab long closed: the browser finds the new sw.js
        # with no page of the site open, so it takes over at once. (A page outside the site's
        # scope asks for that update check: it is no client of either worker.)
        page.close()
        page = open_page(sw_context, server.origin)
        page.goto(server.origin + "/")
        page.evaluate("async (scope) => (await navigator.serviceWorker.getRegistration(scope)).update()",
                      server.url(""))
        wait_for_async(page, "async (old) => (await caches.keys()).some((n) =>"
                             " n.startsWith('six-qui-prend-site-b2')) && !(await caches.keys()).includes(old)",
                       first, 60_000)
        name, files = page.evaluate(SITE_CACHE_FILES)
        assert name.startswith("six-qui-prend-site-b2")
        assert {manifest["engine"], manifest["stdlib"]} <= set(files), files
    finally:
        server.close()
