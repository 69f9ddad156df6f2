"""The real content/ builds into a complete, self-contained site that works from a sub-path."""

from __future__ import annotations

import filecmp
import functools
import http.server
import re
import threading
import urllib.request
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urljoin, urlsplit

import pytest

from site_builder.commands.build import build
from site_builder.content import NOT_PAGES, page_url
from site_builder.blocks.classic import parse_example
from site_builder.markdown_ext import FENCE_RE

from site_helpers import CONTENT, Parsed, pages_of, parse

SOURCES = sorted(p for p in CONTENT.rglob("*.md") if p.name not in NOT_PAGES)


def test_every_content_page_produces_a_page(built_site):
    assert SOURCES, "content/ has no page"
    for source in SOURCES:
        rel = PurePosixPath(source.relative_to(CONTENT).as_posix())
        built = built_site / page_url(rel) / "index.html"
        assert built.is_file(), f"{rel} was not built"
        text = built.read_text(encoding="utf-8")
        assert text.startswith('<!doctype html>\n<html lang="fr">')
        assert '<meta name="viewport"' in text and '<meta name="description" content="' in text
        assert "le guide des règles" in text


def _target(site: Path, page: Path, url: str) -> tuple[Path, str]:
    """The file an href/src of `page` leads to, and its fragment."""
    parts = urlsplit(url)
    if parts.path.startswith("/"):  # only 404.html may do this, from --base-url
        assert page.name == "404.html", f"{page}: absolute link {url}"
        assert parts.path.startswith("/depot/"), f"{page}: {url} ignores --base-url"
        path = site / unquote(parts.path[len("/depot/"):])
    else:
        path = (page.parent / unquote(parts.path)) if parts.path else page
    if path.is_dir():
        path = path / "index.html"
    return path, unquote(parts.fragment)


def test_every_internal_link_and_anchor_resolves(built_site):
    ids = {page.resolve(): set(parse(page).ids) for page in pages_of(built_site)}
    explorer = (built_site / "outils" / "explorer" / "index.html").resolve()
    checked = 0
    for page in pages_of(built_site):
        for attribute, url in parse(page).links:
            if urlsplit(url).scheme in ("http", "https", "mailto"):
                assert attribute == "href", f"{page}: external resource {url}"
                continue
            path, fragment = _target(built_site, page, url)
            assert path.exists(), f"{page.relative_to(built_site)}: {url} leads nowhere"
            if path.resolve() == explorer and re.match(r"v\d+\.", fragment):
                fragment = ""   # « Ouvrir dans l’explorateur »: a position, not an anchor
            if fragment:
                assert fragment in ids[path.resolve()], f"{page.relative_to(built_site)}: no #{fragment}"
            checked += 1
    assert checked > 100


def test_the_site_requests_no_other_host(built_site):
    for page in pages_of(built_site):
        text = page.read_text(encoding="utf-8")
        for tag, attributes in parse(page).elements:
            for name in ("src", "srcset"):
                assert not re.match(r"^(https?:)?//", attributes.get(name) or ""), (page, tag)
            if tag == "link":
                assert not re.match(r"^(https?:)?//", attributes["href"]), (page, attributes)
        assert "@import" not in text
    for css in built_site.glob("*.css"):
        assert not re.search(r"url\(\s*['\"]?(https?:)?//", css.read_text(encoding="utf-8")), css


def test_player_script_only_on_pages_with_an_example(built_site):
    for page in pages_of(built_site):
        text = page.read_text(encoding="utf-8")
        has_example = '<section class="exemple"' in text
        assert ('js/player.js"' in text) == has_example, page.relative_to(built_site)


def test_404_sitemap_and_nojekyll(built_site):
    assert (built_site / ".nojekyll").is_file()
    not_found = (built_site / "404.html").read_text(encoding="utf-8")
    assert 'href="/depot/site.css"' in not_found and 'href="/depot/regles/"' in not_found
    sitemap = (built_site / "sitemap.xml").read_text(encoding="utf-8")
    locs = re.findall(r"<loc>([^<]+)</loc>", sitemap)
    assert "https://exemple.org/depot/" in locs
    assert "https://exemple.org/depot/exemples/exemple-3/" in locs
    assert len(locs) == len(SOURCES)


def _examples(source: Path):
    lines = source.read_text(encoding="utf-8").split("\n")
    for index, line in enumerate(lines):
        match = FENCE_RE.match(line)
        if match and match["lang"] == "exemple":
            end = next(i for i in range(index + 1, len(lines)) if lines[i].strip() == match["fence"])
            yield parse_example(lines[index + 1:end], index + 1, lambda *problem: None)


def _final_table(html: str, example_id: str) -> tuple[list[str], list[list[int]]]:
    """Step kinds of an example and the rows drawn in its last step, read from data-row/data-card."""
    section = re.search(rf'<section class="exemple" id="exemple-{re.escape(example_id)}".*?</section>',
                        html, re.S).group(0)
    steps = re.findall(r'<li class="etape" id="exemple-[^"]+-etape-(\d+)" data-step="\1" '
                       r'data-kind="(\w+)" data-etiquette="[^"]*">(.*?)</li>', section, re.S)
    rows: list[list[int]] = []
    for match in re.finditer(r'data-(row|card)="(\d+)"', steps[-1][2]):
        if match[1] == "row":
            rows.append([])
        else:
            rows[-1].append(int(match[2]))
    return [kind for _, kind, _ in steps], rows


def test_each_worked_example_shows_its_steps_and_final_table(built_site):
    seen = 0
    for source in SOURCES:
        for example in _examples(source):
            assert example is not None, f"{source}: example block does not parse"
            rel = PurePosixPath(source.relative_to(CONTENT).as_posix())
            html = (built_site / page_url(rel) / "index.html").read_text(encoding="utf-8")
            kinds, rows = _final_table(html, example.id)
            assert kinds[0] == "start" and kinds[-1] == "end", kinds
            assert kinds.count("reveal") == kinds.count("end") == len(example.turns)
            cards_played = sum(len(turn["plays"]) for turn in example.turns)
            assert len(kinds) == 1 + 2 * len(example.turns) + cards_played  # a reveal and an end per turn
            for row, (cards, _line) in example.expected_rows.items():
                assert rows[row - 1] == cards, f"{source}: exemple {example.id} rangée {row}"
            seen += 1
    assert seen >= 6, "the six worked examples of RULES §5 are expected"


def test_two_builds_are_byte_identical(built_site, tmp_path):
    again = tmp_path / "again"
    build(CONTENT, again, base_url="/depot/", site_url="https://exemple.org/depot/")
    comparison = filecmp.dircmp(built_site, again)
    mismatches = []

    def walk(cmp, prefix=""):
        mismatches.extend(prefix + name for name in cmp.left_only + cmp.right_only)
        _, different, errors = filecmp.cmpfiles(cmp.left, cmp.right, cmp.common_files, shallow=False)
        mismatches.extend(prefix + name for name in different + errors)
        for name, sub in cmp.subdirs.items():
            walk(sub, prefix + name + "/")

    walk(comparison)
    assert mismatches == []


class _SubPathHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site under /depot/ only: a root-absolute link would get a 404."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm"}

    def translate_path(self, path):
        path = urlsplit(path).path
        if not path.startswith("/depot/"):
            return str(Path(self.directory) / "\0missing")
        return super().translate_path(path[len("/depot"):])

    def log_message(self, *args):
        pass


@pytest.fixture
def sub_path_server(built_site):
    handler = functools.partial(_SubPathHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/depot/"
    server.shutdown()
    server.server_close()


def test_site_works_from_a_sub_path(built_site, sub_path_server):
    """Fetch every page, then everything each page links to or loads, through HTTP."""
    queue = [sub_path_server + page_url(PurePosixPath(s.relative_to(CONTENT).as_posix()))
             for s in SOURCES]
    queue.append(sub_path_server + "404.html")
    fetched: set[str] = set()
    while queue:
        url = queue.pop()
        if url in fetched:
            continue
        with urllib.request.urlopen(url) as response:
            assert response.status == 200, url
            body = response.read()
            kind = response.headers["Content-Type"]
        fetched.add(url)
        if kind.startswith("text/html"):
            for _attribute, link in parse_text(body.decode("utf-8")).links:
                absolute = urljoin(url, link).split("#")[0]
                if absolute.startswith(sub_path_server):
                    queue.append(absolute)
    assert len(fetched) >= len(SOURCES) + 3  # pages plus CSS, favicon, scripts


def parse_text(text: str) -> Parsed:
    return Parsed(text)


def test_pages_written_in_french_typography(built_site):
    text = (built_site / "index.html").read_text(encoding="utf-8")
    assert "6 qui prend\u202f!" in text
    assert "boeuf" not in re.sub(r"<[^>]+>", "", text).lower().replace("tetes-de-boeuf", "")


def test_no_sitemap_without_an_absolute_site_url(tmp_path):
    """The sitemap protocol requires absolute <loc> URLs: without --site-url there is none."""
    from site_helpers import FIXTURES

    build(FIXTURES / "ok", tmp_path / "out", browser_assets=False)
    assert not (tmp_path / "out" / "sitemap.xml").exists()
    # Nor a --base-url: the 404 page's links are relative to the site root, never to the domain's,
    # and its stylesheet is in the page (a host serves it at any depth).
    not_found = (tmp_path / "out" / "404.html").read_text(encoding="utf-8")
    assert 'href="./"' in not_found and 'href="/' not in not_found
    site_css = (Path(__file__).resolve().parents[2] / "site_builder" / "static" / "site.css").read_text(encoding="utf-8")
    assert f"<style>{site_css}</style>" in not_found and 'rel="stylesheet"' not in not_found


def test_on_this_page_entries_keep_french_typography(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    (content / "index.md").write_text("---\ntitle: A\ndescription: D\n---\nBonjour.\n",
                                      encoding="utf-8")
    (content / "regles.md").write_text(
        "---\ntitle: R\ndescription: D\nsection: regles\n---\n"
        "## Quand jouer ? {#quand}\n\n## Les « têtes » & le reste {#tetes}\n\n## Fin {#fin}\n", encoding="utf-8")
    build(content, tmp_path / "out", browser_assets=False)
    text = (tmp_path / "out" / "regles" / "index.html").read_text(encoding="utf-8")
    toc = text.split('class="sur-cette-page"')[1].split("</nav>")[0]
    assert ">Quand jouer\u202f?</a>" in toc
    assert ">Les «\u00a0têtes\u00a0» &amp; le reste</a>" in toc


def test_generated_tool_files_are_written(built_site):
    """The score sheet reads the heads of each card from js/tetes.json, made from game.classic.cards."""
    import json

    data = json.loads((built_site / "js" / "tetes.json").read_text(encoding="utf-8"))
    assert data["total"] == 171 and len(data["heads"]) == 105
