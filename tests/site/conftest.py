"""Shared fixtures of the site builder tests (the real site built once is tests/conftest.py's
`built_site`).

Regenerate the golden page after a reviewed change with:
    .venv/bin/python -m pytest tests/site/test_golden_page.py --update-golden
(or UPDATE_GOLDEN=1 in the environment).
"""

from __future__ import annotations

import os

import pytest


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite tests/site/golden/ from the current build")


@pytest.fixture(scope="session")
def update_golden(request) -> bool:
    return request.config.getoption("--update-golden") or os.environ.get("UPDATE_GOLDEN") == "1"

