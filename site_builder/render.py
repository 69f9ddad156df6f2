"""Jinja2 rendering: a page model in, the HTML text of each file out (nothing is written here).

Every URL in a page is relative to that page, so the site works from any sub-path. The 404 page
is the one exception when `--base-url` is given: GitHub Pages serves it at any depth, so its URLs
are absolute from that base; without it (local builds) they are relative to the site root, where
a local server shows it, and its stylesheet is written in the page (allowed by its hash), so it
is styled at any depth too.
"""

from __future__ import annotations

import base64
import hashlib
import html
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape as xml_escape

import jinja2
from markupsafe import Markup

from game.messages.typography import french

from .blocks.markup import environment
from .content import SECTIONS, Page
from .markdown_ext import Converted, relative_url
from .search import search_weight

TEMPLATES = Path(__file__).parent / "templates"
SITE_NAME = "6 qui prend ! — le guide des règles"
OFFLINE_PAGE = "hors-ligne/"


@dataclass(frozen=True)
class Site:
    """Build settings the templates need."""

    base_url: str | None = None  # absolute path of the site root, for 404.html only (None: relative)
    site_url: str | None = None  # absolute URL of the site root, for sitemap.xml only
    stylesheets: tuple = ("site.css",)  # top-level CSS files of static/, linked by every page
    # site.css itself, written into a relative 404 page (no base_url): a host serves that page at
    # any depth, where no relative link can reach the stylesheet.
    not_found_css: str | None = None


def _sections(pages: list[Page]) -> dict[str, list[Page]]:
    """Section → its pages in navigation order; sections in SECTIONS order, empty ones left out."""
    grouped = {key: [] for key in SECTIONS}
    for page in pages:
        grouped[page.section].append(page)
    return {key: sorted(group, key=lambda p: (p.order, p.url))
            for key, group in grouped.items() if group}


def render_pages(pages: list[Page], converted: dict[str, Converted], site: Site) -> dict[str, str]:
    """Output path (posix, inside the site) → text, for every page, 404.html and sitemap.xml."""
    env = environment(TEMPLATES, autoescape=jinja2.select_autoescape(["html", "xml"]),
                      keep_trailing_newline=True)
    env.filters["fr"] = french
    template = env.get_template("page.html")
    sections = _sections(pages)
    files = {page.url + "index.html":
             template.render(**_page_context(page, converted[page.url], sections, site)) for page in pages}
    not_found = _common(sections, "", site, base=site.base_url)
    if site.base_url is None and site.not_found_css:
        not_found.update(inline_style(site.not_found_css))
    files["404.html"] = env.get_template("404.html").render(**not_found)
    # Precached by the service worker: what an offline reader gets for a page never visited.
    files[OFFLINE_PAGE + "index.html"] = env.get_template("hors-ligne.html").render(
        **_common(sections, OFFLINE_PAGE, site))
    if site.site_url:
        files["sitemap.xml"] = env.get_template("sitemap.xml").render(
            urls=[xml_escape(site.site_url + page.url) for page in sorted(pages, key=lambda p: p.url)]
        )
    return files


def _common(sections, here: str, site: Site, current_section=None, base=None) -> dict:
    """What every page shows, linked as seen from the page at `here`: relative (`base`: the
    absolute path of the site root, for the 404 page)."""
    def url_of(target: str) -> str:
        return relative_url(here, target) if base is None else base + target

    nav = [
        {"label": SECTIONS[key], "url": url_of(group[0].url), "current": key == current_section}
        for key, group in sections.items()
    ]
    return {"site_name": french(SITE_NAME), "root": url_of(""), "url_of": url_of, "nav": nav,
            "site": site, "style_src": Markup("'self'"), "inline_css": None}


def inline_style(css: str) -> dict:
    """A page's stylesheet written in its <style>, allowed by its hash alone (the CSP still
    refuses any other inline style, and every inline script)."""
    if "</" in css:
        raise ValueError("a stylesheet written inline cannot hold '</'")
    digest = base64.b64encode(hashlib.sha256(css.encode("utf-8")).digest()).decode("ascii")
    return {"inline_css": Markup(css), "style_src": Markup(f"'self' 'sha256-{digest}'")}


def _page_context(page, converted, sections, site):
    """Python-Markdown's toc collapses every space, non-breaking ones included, in its names:
    they are typeset again here."""
    group = sections[page.section]
    # across sections, in reading order: « Suivant » runs through the whole guide
    reading = [other for pages in sections.values() for other in pages]
    index = reading.index(page)
    previous, following = (reading[index - 1] if index else None,
                           reading[index + 1] if index + 1 < len(reading) else None)

    context = _common(sections, page.url, site, page.section)

    def entry(other):
        return {"title": french(other.title), "url": context["url_of"](other.url),
                "current": other is page}

    context.update(
        title=french(page.title),
        description=french(page.description),
        section_label=SECTIONS[page.section],
        section_pages=[entry(other) for other in group] if len(group) > 1 else [],
        previous=entry(previous) if previous else None,
        following=entry(following) if following else None,
        toc=[{"id": token["id"], "name": french(html.unescape(token["name"]))}
             for token in converted.toc if token["level"] == 2],
        **_split_title(converted.html),
        player=bool(converted.examples),
        search_weight=search_weight(page.section, page.url),
    )
    return context


def _split_title(html: str) -> dict:
    """Content may open with its own `# Title`: keep it first, the page's own table after it."""
    if html.startswith("<h1") and "</h1>" in html:
        end = html.index("</h1>") + len("</h1>")
        return {"heading": html[:end], "content": html[end:].lstrip("\n")}
    return {"heading": None, "content": html}
