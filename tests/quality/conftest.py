"""Shared fixtures of the quality gates: one build, one local server, one Chromium per session
(driven from its own thread: see quality_browser.py for why). The build is tests/conftest.py's
`built_site`."""

from __future__ import annotations

import pytest

from quality_browser import ChromiumThread
from quality_checks import html_files, url_path
from harness import make_snapshot, serve, shared_snapshot  # once quality_browser set sys.path


@pytest.fixture(scope="session")
def site_pages(built_site) -> list[str]:
    """Every page of the build, as URL paths under the site root."""
    return [url_path(built_site, html) for html in html_files(built_site)]


@pytest.fixture(scope="session")
def quality_server(built_site):
    running = serve(built_site)
    yield running
    running.httpd.shutdown()
    running.httpd.server_close()


@pytest.fixture(scope="session")
def chromium():
    try:
        running = ChromiumThread()
    except RuntimeError as error:
        pytest.fail(str(error))
    yield running
    running.close()


@pytest.fixture(scope="session")
def engine_snapshot(chromium, quality_server, run_folder) -> bytes:
    """The run's engine snapshot (tests/browser/conftest.py), made here if no browser test made
    it first: the walk and the keyboard round start their engine as a returning reader does."""
    return shared_snapshot(run_folder, lambda: chromium.call(make_snapshot, quality_server))
