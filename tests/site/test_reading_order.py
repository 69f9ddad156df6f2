"""« Précédent » / « Suivant » run through the whole guide in reading order, across sections.

Following « Suivant » from the home page must visit every page once, section after section in
the navigation's order (aide-mémoire → exemples, exemple 6 → variantes…), and « Précédent »
must walk the same path back.
"""

from __future__ import annotations

import pytest

import re
from posixpath import normpath
from urllib.parse import urljoin

from site_builder.content import SECTIONS



@pytest.fixture(scope="module")
def site(built_site):
    """The real site, built once per session (tests/conftest.py)."""
    return built_site

def link(site, url: str, rel: str) -> str | None:
    text = (site / url / "index.html").read_text(encoding="utf-8") if url else (
        site / "index.html").read_text(encoding="utf-8")
    found = re.search(rf'rel="{rel}" href="([^"]*)"', text)
    if not found:
        return None
    target = normpath(urljoin("/" + url, found[1])).lstrip("/")
    return target + "/" if target and not target.endswith("/") else target


def section_of(site, url: str) -> str:
    text = (site / url / "index.html").read_text(encoding="utf-8")
    current = re.search(r'<li><a href="[^"]*" aria-current="true">([^<]*)</a>', text)[1]
    return next(key for key, label in SECTIONS.items() if label == current)


def test_suivant_runs_through_every_page_and_precedent_back(site):
    pages = {str(p.parent.relative_to(site)) + "/" for p in site.rglob("index.html")}
    pages.discard("hors-ligne/")   # the service worker's offline page is not part of the guide
    pages = {"" if p == "./" else p for p in pages}
    walk, url = [""], ""
    while (url := link(site, url, "next")) is not None:
        assert url not in walk, f"« Suivant » loops back to {url}"
        walk.append(url)
    assert set(walk) == pages, sorted(pages - set(walk))
    back, url = [walk[-1]], walk[-1]
    while (url := link(site, url, "prev")) is not None:
        back.append(url)
    assert back == walk[::-1]
    order = [section_of(site, u) for u in walk]
    keys = list(SECTIONS)
    assert order == sorted(order, key=keys.index), order


def test_cross_section_links(site):
    assert link(site, "tetes-de-boeuf/", "next") == "aide-memoire/"
    assert link(site, "aide-memoire/", "next") == "exemples/"   # last of « Règles » → « Exemples »
    assert link(site, "exemples/exemple-6/", "next") == "variantes/"
    assert link(site, "exemples/", "prev") == "aide-memoire/"
