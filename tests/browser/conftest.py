"""Shared fixtures for the browser tests: a built site, a local server, a sealed Chromium page.

The site must make no request to another host, so every page opened here routes all requests:
those to the local server go through, anything else is aborted *and* recorded, and the test fails.
A JavaScript dialog (alert, confirm) also fails the test: reader input must never run as code.
Chromium is Debian's (/usr/bin/chromium or $CHROMIUM), else Playwright's own; if none launches
the tests fail rather than skip.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from harness import (CHROMIUM_ARGS, Guard, chromium_path, make_snapshot, sealed_context, serve,
                     shared_snapshot, watch)


def pytest_collection_modifyitems(items):
    """Everything under tests/browser needs Chromium: mark it so `-m "not browser"` can skip it."""
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)


# --- Chromium ---------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def _playwright_driver():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(_playwright_driver):
    """One Chromium for the session; a launch failure fails the tests (never a skip)."""
    errors = []
    for executable in (chromium_path(), None):
        try:
            launched = _playwright_driver.chromium.launch(executable_path=executable,
                                                          args=CHROMIUM_ARGS)
        except Exception as error:  # noqa: BLE001 - try the next Chromium, report all at the end
            errors.append(f"{executable or 'playwright chromium'}: {error}")
            continue
        yield launched
        launched.close()
        return
    pytest.fail("no Chromium could be launched:\n" + "\n".join(errors))


# --- the built site's server --------------------------------------------------------------

@pytest.fixture(scope="session")
def server(built_site):
    """The session's built site (tests/conftest.py) served under the /depot/ sub-path."""
    running = serve(built_site)
    yield running
    running.httpd.shutdown()
    running.httpd.server_close()


@pytest.fixture(scope="session")
def engine_snapshot(browser, server, run_folder) -> bytes:
    """The engine's snapshot as Chromium makes it after a reader's first boot (harness.make_snapshot),
    made once per run and shared by the test processes like the build. A test whose subject is
    not the first boot keeps it in its context (`sealed_context(snapshot=...)`) and starts its
    engine in under a second, as a returning reader does, instead of about four."""
    return shared_snapshot(run_folder, lambda: make_snapshot(browser, server))


# --- a sealed page -------------------------------------------------------------------------------

@pytest.fixture
def guard():
    return Guard()


@pytest.fixture
def context(request, browser, server, guard):
    """A fresh context (no cache, no service worker, reduced motion) whose requests are all routed;
    for a test marked `returning_reader`, its Cache Storage holds the engine's snapshot."""
    snapshot = (request.getfixturevalue("engine_snapshot")
                if request.node.get_closest_marker("returning_reader") else None)
    ctx = sealed_context(browser, server, guard, viewport={"width": 1200, "height": 900},
                         snapshot=snapshot)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context, guard):
    """A page of the sealed context; the test fails if it reached another host or opened a dialog."""
    opened = context.new_page()
    watch(opened, guard)
    yield opened
    assert not guard.foreign, f"requests to other hosts: {guard.foreign}"
    assert not guard.dialogs, f"dialogs opened: {guard.dialogs}"


