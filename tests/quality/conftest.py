"""Shared fixtures of the quality gates: one build, one local server, one Chromium per session
(driven from its own thread: see quality_browser.py for why)."""

from __future__ import annotations

from pathlib import Path

import pytest

from quality_browser import ChromiumThread
from quality_checks import build_site, html_files, url_path
from harness import serve  # importable once quality_browser has set sys.path

def pytest_configure(config):
    config.addinivalue_line("markers", "slow: takes seconds (boots Pyodide); still run by make test")


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The real content/ built once for the gates, browser assets included."""
    out = tmp_path_factory.mktemp("quality") / "_site"
    result = build_site(out)
    if result.returncode != 0:
        pytest.fail(f"site build failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return out


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
