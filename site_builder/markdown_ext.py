"""Python-Markdown extensions of the guide.

- Fenced blocks whose language the block registry knows (site_builder/blocks: ```exemple,
  ```rangees, ```junior-ou, …) become engine-drawn markup; they are handled before
  Python-Markdown's own fenced code so that every error can name the line of the .md file.
- Admonitions (`!!! erratum`, `!!! note`, `!!! conseil`) become `<aside>` boxes with a visible
  French heading.
- French typography on text nodes, never inside code.
- Links to `.md` files are rewritten to the page URL, relative to the current page, and
  recorded so the build can refuse a missing page or anchor.
- Every heading carries its id in the Markdown (`## Fin de partie {#fin-de-partie}`): the
  glossary, the search results and readers' bookmarks point at it, so rewording a heading must
  not move its anchor. A heading without one is an author error.
"""

from __future__ import annotations

import posixpath
import re
import unicodedata
import xml.etree.ElementTree as etree
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

import markdown
from markdown.extensions import Extension
from markdown.util import Processor

from game.messages.typography import french

from . import blocks, html_policy
from .content import Page, page_url
from .problems import Problem

FENCE_RE = re.compile(r"^(?P<fence>`{3,}|~{3,})[ \t]*(?P<lang>[\w-]*)[ \t]*$")
INDENTED_FENCE_RE = re.compile(r"^\s+(`{3,}|~{3,})\s*(?P<lang>[\w-]+)\s*$")
EXAMPLE_RE = re.compile(r'<section class="exemple"[^>]*?\sdata-exemple="(?P<id>[^"]*)"')
MAX_DIGITS = 9
LONG_NUMBER_RE = re.compile(r"[0-9]{%d,}" % (MAX_DIGITS + 1))

BOXES = {"erratum": "Erratum", "note": "Remarque", "conseil": "Conseil"}
"""Admonition type → French heading used when the author gives none."""

NO_TYPOGRAPHY = {"code", "pre", "kbd", "samp", "script", "style", "svg", "math"}
EXTERNAL_SCHEMES = {"http", "https", "mailto"}


@dataclass
class Link:
    """A link written in a page, to be checked once every page is known."""

    line: int
    href: str
    target: str       # site-relative URL of the target page ("" for the home page)
    anchor: str       # without '#', "" for none
    target_rel: str   # the .md path inside content/, for messages


@dataclass(frozen=True)
class ExampleRef:
    """An example section a block produced: its id must be unique across the site."""

    id: str           # data-exemple (a Junior example's is « junior-… »)
    path: Path        # the page's source file
    line: int         # the opening fence


@dataclass
class Converted:
    """What converting one page's Markdown produced."""

    html: str
    toc: list
    links: list[Link] = field(default_factory=list)
    examples: list[ExampleRef] = field(default_factory=list)   # classic and Junior


def slugify(value: str, separator: str = "-") -> str:
    """French-friendly slug: accents dropped, œ → oe, lowercase, words joined by hyphens."""
    value = value.replace("œ", "oe").replace("Œ", "oe").replace("æ", "ae").replace("Æ", "ae")
    value = unicodedata.normalize("NFKD", value).encode("ascii", "ignore").decode("ascii")
    value = re.sub(r"[^\w\s-]", " ", value).strip().lower()
    return re.sub(r"[\s_-]+", separator, value).strip(separator)


HEADING_RE = re.compile(r"^#{2,6}[ \t]+\S")
EXPLICIT_ID_RE = re.compile(r"\{:?[^}]*#[\w-]+[^}]*\}[ \t]*#*[ \t]*$")


class Step(Processor):
    """One of the guide's passes over a page, its lines or its tree: `step(md, data)`, where
    `md.guide` is the PageState of the page being converted."""

    def __init__(self, md, step):
        super().__init__(md)
        self.step = step

    def run(self, data):
        return self.step(self.md, data)


def explicit_ids(md, lines: list[str]) -> list[str]:
    """Refuse a heading whose anchor would follow its wording. Runs after fenced code is stashed,
    so a `#` line left is a heading."""
    state = md.guide
    for line in lines:
        if HEADING_RE.match(line) and not EXPLICIT_ID_RE.search(line):
            title = line.lstrip("#").strip()
            state.fail(state.line_of(line), f"heading {title[:60]!r} has no explicit id: write "
                                            f"it as `{line.strip()} {{#{slugify(title)}}}` so "
                                            f"links and search results keep their anchor")
    return lines


def special_fences(md, lines: list[str]) -> list[str]:
    """Replace every fenced block the block registry knows by the markup its handler draws."""
    state = md.guide
    out: list[str] = []
    index = 0
    while index < len(lines):
        match = FENCE_RE.match(lines[index])
        if not match:
            indented = INDENTED_FENCE_RE.match(lines[index])
            if indented and blocks.handler(indented["lang"]) is not None:
                state.fail(state.page.body_line + index,
                           "a special block must start at the beginning of the line "
                           "(not indented, not inside a list)")
            out.append(lines[index])
            index += 1
            continue
        close = _closing_fence(lines, index, match["fence"])
        file_line = state.page.body_line + index
        render = blocks.handler(match["lang"])
        if render is None:
            end = len(lines) if close is None else close + 1
            out.extend(lines[index:end])  # an ordinary code block: leave it whole
            index = end
            continue
        if close is None:
            state.fail(file_line, f"the ```{match['lang']} block is never closed")
            break
        markup = state.block(render, file_line, lines[index + 1:close])
        if markup is not None:
            state.own_blocks.append(markup)   # generated by the build: not raw author HTML
            out.extend(["", md.htmlStash.store(markup), ""])
        index = close + 1
    return out


def _closing_fence(lines: list[str], start: int, fence: str) -> int | None:
    for index in range(start + 1, len(lines)):
        text = lines[index].strip()
        if text and set(text) == {fence[0]} and len(text) >= len(fence):
            return index
    return None


def boxes(md, root: etree.Element) -> None:
    """`<div class="admonition erratum">` → `<aside class="encadre encadre-erratum">`."""
    for element in root.iter("div"):
        classes = element.get("class", "").split()
        if "admonition" not in classes:
            continue
        kind = next((c for c in classes if c != "admonition"), "")
        line = md.guide.line_of(f"!!! {kind}")
        if kind not in BOXES:
            md.guide.fail(line, f"unknown box '!!! {kind}' (allowed: {', '.join(BOXES)})")
        element.tag = "aside"
        element.set("class", f"encadre encadre-{kind}")
        title = element.find("p")
        if title is None or title.get("class") != "admonition-title":
            title = etree.Element("p")
            title.text = BOXES.get(kind, kind)
            element.insert(0, title)
        title.set("class", "encadre-titre")
        element.set("aria-label", "".join(title.itertext()).strip())


def typography(md, element: etree.Element) -> None:
    """French typography on every text node, except inside code and drawings."""
    if element.tag in NO_TYPOGRAPHY:
        return
    if element.text:
        element.text = french(element.text)
    for child in element:
        typography(md, child)
        if child.tail:
            child.tail = french(child.tail, after_word=not child.tail[:1].isspace())
    for name in ("title", "aria-label"):
        if element.get(name):
            element.set(name, french(element.get(name)))


def links(md, root: etree.Element) -> None:
    """Rewrite `x.md#a` links to page URLs relative to this page, and record them."""
    for element in root.iter("a"):
        href = element.get("href")
        new = None if href is None else md.guide.link(href)
        if new is not None:
            element.set("href", new)
    # images from another host are refused by no_handlers (html_policy: no external request)


def permalinks(md, root: etree.Element) -> None:
    """Section headings get a « # » link to share; the page title needs none. The « # » alone
    would be read out as « dièse »: the link is named after its section instead."""
    for heading in root.iter():
        if heading.tag not in ("h1", "h2", "h3", "h4", "h5", "h6"):
            continue
        for link in list(heading):
            if link.tag != "a" or link.get("class") != "headerlink":
                continue
            if heading.tag == "h1":
                heading.remove(link)
                continue
            name = (heading.text or "") + "".join(
                "".join(child.itertext()) + (child.tail or "")
                for child in heading if child is not link)
            link.set("aria-label", f"Lien vers la section «\u00a0{name.strip()}\u00a0»")


def no_handlers(md, root: etree.Element) -> None:
    """Attributes of Markdown's own elements (images, links, `{: … }` from attr_list) follow the
    raw-HTML policy too: no onclick=, no javascript: or data: URL, no image from another host."""
    for element in root.iter():
        # a link's href was checked by `links` (page links rewritten, other schemes refused)
        items = [(k, v) for k, v in element.items() if not (element.tag == "a" and k == "href")]
        for needle, message in html_policy.attribute_problems(element.tag, items):
            md.guide.fail(md.guide.line_of(needle, ignore_case=True), message)


def scrollable_tables(md, root: etree.Element) -> None:
    """Wrap each content table in a focusable box that scrolls sideways on a narrow screen,
    so a wide table never makes the whole page scroll at 320 px. Each body cell also names its
    column (`data-colonne`), so a stylesheet may lay a table out as one card per row on a phone
    and still say which column each line is."""
    for parent in list(root.iter()):
        for index, child in enumerate(list(parent)):
            if child.tag != "table":
                continue
            heads = ["".join(th.itertext()).strip() for th in child.iterfind("thead/tr/th")]
            for row in child.iterfind("tbody/tr"):
                for head, cell in zip(heads, row):
                    if head:
                        cell.set("data-colonne", head)
            caption = child.find("caption")
            label = "".join(caption.itertext()) if caption is not None else "Tableau"
            box = etree.Element("div", {"class": "tableau", "tabindex": "0", "role": "region",
                                        "aria-label": label})
            box.tail, child.tail = child.tail, None
            parent.remove(child)
            box.append(child)
            parent.insert(index, box)


class PageState:
    """Per-page data shared by the processors while one page is converted."""

    def __init__(self, page: Page, problems: list[Problem]):
        self.page = page
        self.problems = problems
        self.links: list[Link] = []
        self.examples: list[ExampleRef] = []
        self.lines = page.body.split("\n")
        self.own_blocks: list[str] = []   # markup of the project's own blocks, exempt from the policy

    def fail(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.page.source, line, message))

    def line_of(self, needle: str, *, ignore_case: bool = False) -> int:
        """The file line where `needle` first appears in the body (the front matter if none);
        `ignore_case` for HTML tag and attribute names."""
        if ignore_case:
            needle = needle.lower()
        for index, text in enumerate(self.lines):
            if needle in (text.lower() if ignore_case else text):
                return self.page.body_line + index
        return 1

    def block(self, render, line: int, body: list[str]) -> str | None:
        """A registered block's markup (None after an author error); its examples are noted.

        Its numbers are first checked to be ASCII digits of sane length, before any parser calls
        int(): `str.isdigit()` accepts « ² » (which int() refuses) and `\\d` accepts « ٣ » (which
        int() reads as 3); a 5,000-digit number exceeds int()'s limit.
        """
        known = len(self.problems)
        for number, text in enumerate(body, start=line + 1):
            odd = next((ch for ch in text if ch.isnumeric() and ch not in "0123456789"), None)
            if odd is not None:
                self.fail(number, f"{odd!r} is not a digit: write numbers with 0 to 9")
            long = LONG_NUMBER_RE.search(text)
            if long is not None:
                self.fail(number, f"a number of {len(long[0])} digits is not a card, a row "
                                  f"or a count (at most {MAX_DIGITS} digits)")
        if len(self.problems) > known:
            return None
        markup = render(body, line, self.page.source, self.fail)
        if markup:
            markup = markup.replace(blocks.SITE_ROOT, relative_url(self.page.url, ""))
        for found in EXAMPLE_RE.finditer(markup or ""):
            self.examples.append(ExampleRef(unescape(found["id"]), self.page.source, line))
        return markup

    def link(self, href: str) -> str | None:
        """The rewritten href, or None to leave it (external) or when it is broken."""
        try:
            parts = urlsplit(href)
        except ValueError as error:   # `http://[x`: not an address a browser could follow
            self.fail(self.line_of(href), f"link {href[:80]!r}: not a valid address ({error})")
            return None
        if parts.scheme or href.startswith("//"):
            if parts.scheme not in EXTERNAL_SCHEMES:
                self.fail(self.line_of(href), f"link {href!r}: unsupported scheme")
            return None
        line = self.line_of(f"]({href}")  # inline link; else a reference definition
        if line == 1:
            line = self.line_of(href)
        anchor = unquote(parts.fragment)
        if not parts.path:  # '#anchor' on this very page
            self.links.append(Link(line, href, self.page.url, anchor, self.page.rel.as_posix()))
            return None
        if not parts.path.endswith(".md"):
            self.fail(line, f"link {href!r}: link to the .md file of a page "
                            "(e.g. regles.md#fin-de-partie)")
            return None
        here = posixpath.dirname(self.page.rel.as_posix())
        target_rel = posixpath.normpath(posixpath.join(here, unquote(parts.path)))
        if target_rel.startswith("../"):
            self.fail(line, f"link {href!r} points outside content/")
            return None
        target = page_url(PurePosixPath(target_rel))
        self.links.append(Link(line, href, target, anchor, target_rel))
        return relative_url(self.page.url, target) + (f"#{parts.fragment}" if parts.fragment else "")


def relative_url(from_url: str, to_url: str) -> str:
    """URL of page `to_url` as seen from page `from_url` (both site-relative, '/'-ended)."""
    path = posixpath.relpath("/" + to_url, "/" + from_url)
    return path + "/" if path != "." else "./"


class GuideExtension(Extension):
    STEPS = ((special_fences, 27), (explicit_ids, 24))   # around fenced_code (25)
    TREE_STEPS = ((boxes, 9), (typography, 8), (links, 7), (permalinks, 4),   # toc: 5
                  (scrollable_tables, 3), (no_handlers, 2))

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        for step, priority in self.STEPS:
            md.preprocessors.register(Step(md, step), f"guide_{step.__name__}", priority)
        for step, priority in self.TREE_STEPS:
            md.treeprocessors.register(Step(md, step), f"guide_{step.__name__}", priority)


class Converter:
    """One reusable Markdown instance (building it per page would dominate build time)."""

    def __init__(self):
        self.md = markdown.Markdown(
            extensions=[
                "admonition", "attr_list", "def_list", "fenced_code", "tables", "sane_lists",
                "toc", GuideExtension(),
            ],
            extension_configs={"toc": {"slugify": slugify, "toc_depth": "2-3",
                                       "permalink": "#",
                                       "permalink_title": "Lien vers cette section"}},
            output_format="html",
        )

    def convert(self, page: Page, problems: list[Problem]) -> Converted:
        state = PageState(page, problems)
        self.md.guide = state
        try:
            html = self.md.reset().convert(page.body)
            for block in self.md.htmlStash.rawHtmlBlocks:   # html_policy.py, on the author's HTML
                if not any(block is own for own in state.own_blocks):
                    for needle, message in html_policy.raw_html_problems(str(block)):
                        state.fail(state.line_of(needle, ignore_case=True), message)
        finally:
            del self.md.guide
        return Converted(html, self.md.toc_tokens, state.links, state.examples)
