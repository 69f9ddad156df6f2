"""The built site served under a sub-path, as GitHub Pages serves a project: every page loads
all its stylesheets, scripts and images, the 404 page included, whatever --base-url said.

The server here answers a missing file with the site's 404.html (status 404), as GitHub Pages
does; a link from the domain root (`/site.css`) then gets that page instead of a stylesheet.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from harness import SUB_PATH, Guard, QuietServer, SubPathHandler, sealed_page

ROOT = Path(__file__).resolve().parents[2]
ASSET_TYPES = {"stylesheet", "script", "image", "font", "fetch", "xhr", "other"}


class PagesHandler(SubPathHandler):
    """Only SUB_PATH exists; a missing file gets 404.html with status 404."""

    def _local(self) -> Path | None:
        path = unquote(urlsplit(self.path).path)
        local = Path(self.translate_path(self.path))
        if local.is_dir():
            local = local / "index.html" if path.endswith("/") else None
        return local if local is not None and local.is_file() else None

    def do_GET(self):  # noqa: N802 - http.server's naming
        if self._local() is not None:
            return super().do_GET()
        body = (Path(self.directory) / "404.html").read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class Pages:
    def __init__(self, root: Path):
        handler = functools.partial(PagesHandler, directory=str(root))
        self.httpd = QuietServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.base = self.origin + SUB_PATH

    def url(self, path: str) -> str:
        return self.base + path

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def built(tmp_path_factory, *options) -> Path:
    out = tmp_path_factory.mktemp("pages") / "_site"
    result = subprocess.run([sys.executable, "-m", "site_builder", "build", "--out", str(out), *options],
                            cwd=ROOT, capture_output=True, text=True,
                            env={**os.environ, "SOURCE_DATE_EPOCH": "1700000000"})
    if result.returncode:
        pytest.fail(f"build failed:\n{result.stderr}")
    return out


@pytest.fixture(scope="module")
def default_site(tmp_path_factory) -> Path:
    """Built with no --base-url, as `make build` does (the engine left out: no page loads it
    before the reader asks)."""
    return built(tmp_path_factory, "--pages-only")


@pytest.fixture(scope="module")
def default_pages(default_site):
    """The local build served under /depot/."""
    pages = Pages(default_site)
    yield pages
    pages.close()


@pytest.fixture(scope="module")
def based_pages(built_site):
    """Built for /depot/, as the GitHub Pages workflow does: the run's shared build
    (tests/conftest.py, read only)."""
    pages = Pages(built_site)
    yield pages
    pages.close()


def page_urls(site: Path) -> list[str]:
    urls = []
    for html in sorted(site.rglob("*.html")):
        rel = html.relative_to(site).as_posix()
        urls.append(rel[: -len("index.html")] if rel.endswith("index.html") else rel)
    return urls


def load(browser, pages: Pages, path: str) -> dict:
    """Open one page in its own sealed context (see `visit`)."""
    guard = Guard()
    context, page = sealed_page(browser, pages, guard)
    try:
        return visit(page, guard, pages, path)
    finally:
        context.close()


def visit(page, guard: Guard, pages: Pages, path: str) -> dict:
    """Go to one page; return its status, the assets that failed and the stylesheets not applied."""
    failed = []
    errors_before = len(guard.page_errors)
    foreign_before = len(guard.foreign)

    def on_response(response):
        if response.request.resource_type in ASSET_TYPES and response.status >= 400:
            failed.append(f"{response.status} {response.url}")

    def on_failed(request):
        # In the shared walk, going to this page aborts what the previous one still fetched (its
        # favicon, say): net::ERR_ABORTED is that, not a missing file (which answers 404 above).
        if request.failure != "net::ERR_ABORTED":
            failed.append(f"failed {request.url}: {request.failure}")

    page.on("response", on_response)
    page.on("requestfailed", on_failed)
    try:
        response = page.goto(pages.url(path), wait_until="load")
        unstyled = page.eval_on_selector_all(
            "link[rel=stylesheet]", "links => links.filter((l) => !l.sheet).map((l) => l.href)")
        # site.css is really applied: the skip link is moved out of sight.
        styled = page.evaluate(
            "(() => { const skip = document.querySelector('.evitement');"
            " return !!skip && getComputedStyle(skip).position !== 'static'; })()")
        links = page.eval_on_selector_all("a[href]", "as => as.map((a) => a.href)")
        return {"path": path, "title": page.title(), "status": response.status, "failed": failed,
                "unstyled": unstyled, "styled": styled, "links": links,
                "foreign": guard.foreign[foreign_before:],
                "errors": guard.page_errors[errors_before:]}
    finally:
        page.remove_listener("response", on_response)
        page.remove_listener("requestfailed", on_failed)


def test_every_page_loads_all_its_assets_under_a_sub_path(browser, default_site, default_pages):
    """One context for the whole walk (a fresh one per page cost a third of this test): an asset
    cached from an earlier page has the same address, so it is the same good file; one that
    fails is reported by the first page that asks for it, and `unstyled` is read on every page."""
    paths = page_urls(default_site)
    assert "404.html" in paths and "hors-ligne/" in paths and len(paths) >= 20
    problems = {}
    guard = Guard()
    context, page = sealed_page(browser, default_pages, guard)
    try:
        for path in paths:
            seen = visit(page, guard, default_pages, path)
            if seen["status"] != 200 or seen["failed"] or seen["unstyled"] or not seen["styled"] \
                    or seen["foreign"]:
                problems[path] = seen
    finally:
        context.close()
    assert problems == {}


def test_the_404_page_of_a_local_build_is_styled_at_the_top_of_the_sub_path(browser, default_pages):
    """No --base-url: a missing page just under the site root gets a styled 404 page whose links
    stay inside /depot/."""
    seen = load(browser, default_pages, "page-absente")
    assert seen["status"] == 404
    assert seen["failed"] == [] and seen["unstyled"] == [] and seen["styled"]
    assert seen["links"] and all(link.startswith(default_pages.base) for link in seen["links"])
    assert default_pages.base + "regles/" in seen["links"]


def test_the_404_page_of_a_local_build_is_styled_deep_under_the_sub_path(browser, default_pages):
    """No --base-url, a missing page three folders down: the 404 page served there (which cannot
    know how deep it is) is still styled, and loads nothing that fails."""
    seen = load(browser, default_pages, "exemples/nope/x/")
    assert seen["status"] == 404 and seen["title"].startswith("Page introuvable")
    assert seen["failed"] == [] and seen["unstyled"] == [] and seen["styled"], seen
    assert seen["foreign"] == [] and seen["errors"] == []


def test_the_404_page_built_for_the_sub_path_works_at_any_depth(browser, based_pages):
    seen = load(browser, based_pages, "regles/plus/loin/absente/")
    assert seen["status"] == 404
    assert seen["failed"] == [] and seen["unstyled"] == [] and seen["styled"]
    assert based_pages.base + "regles/" in seen["links"]
    assert all(link.startswith(based_pages.base) for link in seen["links"])
