"""Shared fixtures of the site builder tests: the real site built once, and small builds from
fixture content folders (tests/site/fixtures/) for the authoring errors.

Regenerate the golden page after a reviewed change with:
    .venv/bin/python -m pytest tests/site/test_golden_page.py --update-golden
(or UPDATE_GOLDEN=1 in the environment).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from site_builder.commands.build import build

from site_helpers import CONTENT


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite tests/site/golden/ from the current build")


@pytest.fixture(scope="session")
def update_golden(request) -> bool:
    return request.config.getoption("--update-golden") or os.environ.get("UPDATE_GOLDEN") == "1"


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The real content/ built once, browser assets included, as `build --out` does."""
    out = tmp_path_factory.mktemp("real") / "_site"
    build(CONTENT, out, base_url="/depot/", site_url="https://exemple.org/depot/")
    return out
