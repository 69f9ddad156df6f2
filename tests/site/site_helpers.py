"""Helpers shared by the site tests: where things are, and a small HTML reader."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
FIXTURES = Path(__file__).parent / "fixtures"


def pages_of(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


class Parsed(HTMLParser):
    """Ids, links and example data of one built page (the stdlib parser is enough)."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.links: list[tuple[str, str]] = []   # (attribute, url)
        self.elements: list[tuple[str, dict]] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        self.elements.append((tag, attributes))
        if "id" in attributes:
            self.ids.append(attributes["id"])
        for name in ("href", "src"):
            if attributes.get(name) is not None:
                self.links.append((name, attributes[name]))


def parse(path: Path) -> Parsed:
    return Parsed(path.read_text(encoding="utf-8"))


def collector(path: Path = Path("x.md")):
    """(problems, fail): a block handler's `fail(line, message)` that records `Problem`s, as the
    builder does, so `str(problem)` reads `x.md:12: message`."""
    from site_builder.problems import Problem

    problems: list = []
    return problems, lambda line, message: problems.append(Problem(path, line, message))
