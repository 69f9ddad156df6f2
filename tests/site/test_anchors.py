"""Every heading has an address of its own, and the glossary's links reach a rule's heading."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

HEADING = re.compile(r"h[1-6]")


class _Page(HTMLParser):
    """The ids of a page, its headings (tag, id) and the links of its <article>."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.headings: list[tuple[str, str | None]] = []
        self.article_links: list[str] = []
        self._in_article = 0

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if values.get("id"):
            self.ids.append(values["id"])
        if HEADING.fullmatch(tag):
            self.headings.append((tag, values.get("id")))
        if tag == "article":
            self._in_article += 1
        if tag == "a" and self._in_article and values.get("href"):
            self.article_links.append(values["href"])

    def handle_endtag(self, tag):
        if tag == "article":
            self._in_article -= 1


def parsed(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


def built_pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_every_heading_of_every_built_page_has_an_id(site):
    pages = built_pages(site)
    assert len(pages) > 20
    for path in pages:
        page = parsed(path)
        missing = [tag for tag, found in page.headings if not found]
        assert not missing, f"{path.relative_to(site)}: {len(missing)} heading(s) without id"
        doubles = {name for name in page.ids if page.ids.count(name) > 1}
        assert not doubles, f"{path.relative_to(site)}: ids used twice: {sorted(doubles)}"


def resolve(site: Path, page_path: Path, href: str) -> tuple[Path, str]:
    """The built file an in-site link opens, and its fragment."""
    base = "/" + page_path.relative_to(site).as_posix()
    target = urlsplit(urljoin(base, href))
    path = site / target.path.lstrip("/")
    return (path / "index.html" if target.path.endswith("/") else path), target.fragment


def test_glossary_links_open_a_rule_at_its_heading(site):
    """A term sends the reader to the rule itself, not the top of a long page; a worked example's
    page is the exception (the whole page is the example)."""
    glossary = site / "glossaire" / "index.html"
    links = [href for href in parsed(glossary).article_links
             if not urlsplit(href).scheme and not href.startswith("#")]
    assert len(links) >= 25
    for href in links:
        target, fragment = resolve(site, glossary, href)
        assert target.is_file(), f"glossary link {href}: no page {target}"
        if "/exemples/" in href:
            continue
        assert fragment, f"glossary link {href} opens the page, not the rule's heading"
        page = parsed(target)
        headings = {found for _, found in page.headings}
        assert fragment in headings, f"glossary link {href}: #{fragment} is no heading there"


@pytest.mark.parametrize("href", ["../regles/#nulle-part", "../regles/"])
def test_the_glossary_check_fails_on_a_link_without_a_heading(site, tmp_path, href):
    """The check above can fail: a copy of the glossary with one bad link is refused."""
    copy = tmp_path / "site"
    (copy / "glossaire").mkdir(parents=True)
    (copy / "regles").mkdir()
    (copy / "regles" / "index.html").write_bytes((site / "regles" / "index.html").read_bytes())
    links = "".join(f'<a href="../regles/#la-mise-en-place">{n}</a>' for n in range(30))
    (copy / "glossaire" / "index.html").write_text(
        f'<article>{links}<a href="{href}">x</a></article>', encoding="utf-8")
    with pytest.raises(AssertionError):
        test_glossary_links_open_a_rule_at_its_heading(copy)
