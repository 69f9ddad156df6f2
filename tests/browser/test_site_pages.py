"""Each example page saved as screenshots (desktop, 320 px, dark, print) under test-artifacts/
for a human to look at, with no console error in any look: `make screenshots` (the CI keeps
them), not `make test`. What they show is checked on every page by the quality gates: the walk
(tests/quality/test_gate_browser.py: no console error, no sideways scroll, no table title cut
off and one h1, at 320 px and 1280 px, light and dark) and the print gate (test_gate_print.py:
no control and no navigation printed).
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

import pytest

from harness import Guard, sealed_context, watch
from site_builder.content import NOT_PAGES, page_url

pytestmark = pytest.mark.screenshots

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
ARTIFACTS = ROOT / "test-artifacts" / "pages"
EXAMPLES = sorted(url for p in CONTENT.rglob("*.md") if p.name not in NOT_PAGES
                  if (url := page_url(PurePosixPath(p.relative_to(CONTENT).as_posix())))
                  .startswith("exemples/exemple-"))


@pytest.fixture(scope="module")
def desktop(browser, server):
    """One sealed context for the file: a page of the site needs a fresh page, not a fresh
    context (no service worker, no engine)."""
    guard = Guard()
    context = sealed_context(browser, server, guard, viewport={"width": 1280, "height": 900})
    yield context, guard
    context.close()


@pytest.mark.parametrize("path", EXAMPLES)
def test_example_page_screenshots(desktop, server, path):
    """One load, then each look (width, scheme, media) is emulated on the same page: CSS answers
    a resize or a media change as it answers a fresh load, and the PNGs are the costly part."""
    context, guard = desktop
    for seen in (guard.foreign, guard.dialogs, guard.page_errors):
        seen.clear()
    page = context.new_page()
    watch(page, guard)
    console = []
    page.on("console", lambda message: console.append(message.text)
            if message.type == "error" else None)
    page.on("requestfailed", lambda request: console.append(f"failed: {request.url}"))
    page.on("response", lambda response: console.append(f"{response.status}: {response.url}")
            if response.status >= 400 else None)
    assert page.goto(server.url(path), wait_until="load").status == 200, path
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = path.strip("/").replace("/", "_")
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
    assert guard.page_errors == [] and guard.foreign == [] and guard.dialogs == [], guard
    page.close()
