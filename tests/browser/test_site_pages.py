"""Every page of the built site in Chromium: renders without console errors at 1280 px and at
320 px, never scrolls sideways on a phone (nor cuts a table's title), and each example page is saved as screenshots
(desktop, 320 px, dark, print) under test-artifacts/ for a human to look at.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

import pytest

from harness import Guard, sealed_context, watch
from site_builder.content import NOT_PAGES, page_url

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
ARTIFACTS = ROOT / "test-artifacts" / "pages"
PAGES = sorted(page_url(PurePosixPath(p.relative_to(CONTENT).as_posix()))
               for p in CONTENT.rglob("*.md") if p.name not in NOT_PAGES)


@pytest.fixture(scope="module")
def contexts(browser, server):
    """One sealed context per width and colour scheme for the whole file, made on first use: a
    page of the site needs a fresh page, not a fresh context (no service worker, no engine, and
    routed requests bypass the HTTP cache, so every page loads all its files)."""
    made: dict = {}

    def get(width: int, scheme: str):
        if (width, scheme) not in made:
            guard = Guard()
            context = sealed_context(browser, server, guard, viewport={"width": width, "height": 900},
                                     color_scheme=scheme)
            made[width, scheme] = (context, guard)
        return made[width, scheme]

    yield get
    for context, _guard in made.values():
        context.close()


@pytest.fixture
def open_page(contexts, server):
    """Open a page of the site in a new page of the sealed context of that width and colour
    scheme; its guard starts empty for each page."""
    pages = []

    def opener(path: str, *, width: int, scheme: str = "light"):
        context, guard = contexts(width, scheme)
        for seen in (guard.foreign, guard.dialogs, guard.page_errors):
            seen.clear()
        page = context.new_page()
        watch(page, guard)
        pages.append(page)
        console = []
        page.on("console", lambda message: console.append(message.text)
                if message.type == "error" else None)
        page.on("requestfailed", lambda request: console.append(f"failed: {request.url}"))
        page.on("response", lambda response: console.append(f"{response.status}: {response.url}")
                if response.status >= 400 else None)
        response = page.goto(server.url(path), wait_until="load")
        assert response.status == 200, path
        return page, guard, console

    yield opener
    for page in pages:
        if not page.is_closed():
            page.close()


@pytest.mark.parametrize("path", PAGES)
def test_page_renders_cleanly_on_desktop_and_phone(open_page, path):
    for width in (1280, 320):
        page, guard, console = open_page(path, width=width)
        page.wait_for_timeout(150)
        assert console == [], f"{path} at {width} px: {console}"
        assert guard.page_errors == [] and guard.foreign == [] and guard.dialogs == [], guard
        assert page.locator("h1").count() == 1
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{path} scrolls sideways by {overflow} px at {width} px"
        # A table may scroll sideways inside its frame, but never with its title cut off.
        cut = page.evaluate("() => [...document.querySelectorAll('caption')].filter((c) =>"
                            " c.getBoundingClientRect().right > document.documentElement.clientWidth)"
                            ".map((c) => c.textContent)")
        assert cut == [], f"{path} at {width} px: table titles cut off {cut}"
        page.close()


@pytest.mark.parametrize("path", [p for p in PAGES if p.startswith("exemples/exemple-")])
def test_example_page_screenshots(open_page, path):
    """One load, then each look (width, scheme, media) is emulated on the same page: CSS answers
    a resize or a media change as it answers a fresh load, and the PNGs are the costly part."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = path.strip("/").replace("/", "_")
    page, _guard, console = open_page(path, width=1280)
    for label, width, scheme, media in (("bureau", 1280, "light", "screen"),
                                        ("mobile", 320, "light", "screen"),
                                        ("sombre", 1280, "dark", "screen"),
                                        ("impression", 794, "light", "print")):
        page.set_viewport_size({"width": width, "height": 900})
        page.emulate_media(media=media, color_scheme=scheme)
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
        page.screenshot(path=str(ARTIFACTS / f"{name}-{label}.png"), full_page=True)
        assert console == [], f"{path} ({label}): {console}"
        if media == "print":
            hidden = page.evaluate("getComputedStyle(document.querySelector('.sections')).display")
            assert hidden == "none", "the navigation must not be printed"
