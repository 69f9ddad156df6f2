"""`python -m site_builder build`: content/ → _site/, in the order of a recipe.

Gather every page, validate everything (front matter, example blocks replayed by the
engine, links and anchors) in strict mode where any author error aborts, render every file in
memory, then write them all at once. Nothing is written when the content has an error.
"""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from game.messages.blocks import download_size, megabytes

from .. import assets, branches, offline, search, tools_assets
from ..blocks.markup import render
from ..browser_assets import engine_download_bytes, installed_pyodide
from ..content import check_content_dir, gather_pages
from ..markdown_ext import Converted, Converter
from ..problems import AuthorErrors, Problem, display_path
from ..render import Site, render_pages
from ..target import MARKER, MARKER_TEXT, check_target

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
OUT = ROOT / "_site"
ID_RE = re.compile(r'\sid="([^"]+)"')


def build(content_dir: Path = CONTENT, out_dir: Path = OUT, *, base_url: str | None = None,
          site_url: str | None = None, browser_assets: bool = True) -> dict[str, str]:
    """Build the site; raise AuthorErrors (and write nothing) if the content has errors."""
    problems: list[Problem] = []

    # 0. Refuse a content folder that is none (an empty site would replace the real one), and an
    #    output folder the build must not replace (sources, project, someone's files).
    check_content_dir(Path(content_dir))
    check_target(Path(out_dir), content_dir=Path(content_dir), root=ROOT)

    # 1. Gather every page and check its front matter.
    pages = gather_pages(Path(content_dir), problems)

    # 2. Convert the Markdown; example blocks are replayed by the engine and checked.
    converter = Converter()
    converted: dict[str, Converted] = {page.url: converter.convert(page, problems)
                                       for page in pages}

    # 3. Validate across pages: unique example ids, every link and anchor resolves.
    check_example_ids(converted, problems)
    check_links(pages, converted, problems)

    # 4. Strict mode: any author error stops here, before anything is written.
    if problems:
        raise AuthorErrors(problems)

    # 5. Render every file in memory.
    static = assets.STATIC
    site = Site(
        base_url=normalise_base_url(base_url),
        site_url=site_url.rstrip("/") + "/" if site_url else None,
        # site.css first (the page), then every other top-level sheet (cards.css: the drawings)
        stylesheets=("site.css", *sorted(p.name for p in static.glob("*.css")
                                         if p.name != "site.css")),
        not_found_css=(static / "site.css").read_text(encoding="utf-8") if base_url is None else None,
    )
    files = render_pages(pages, converted, site)
    files.update(tools_assets.files())   # js/tetes.json and js/mots-data.js, from the engine
    files.update(branch_files(files))
    if browser_assets:   # the « Rechercher » box runs in the browser, like the engine
        with ThreadPoolExecutor(max_workers=1) as pool:   # side by side: each waits on a process
            index = pool.submit(search.bundle, dict(files))   # (Pagefind; Node trims the library)
            announce_engine_download(files)   # its figure is in forms, which the index leaves out
            files.update(index.result())
        files[offline.SEARCH_LIST] = offline.search_list(files)
    files[".nojekyll"] = ""
    files[MARKER] = MARKER_TEXT

    # 6. Write into a temporary folder and swap it in (static files, browser assets too).
    # the Pyodide version it caches apart (not installed: assets.write_site says what to run)
    runtime = installed_pyodide() if browser_assets else None
    files[offline.SERVICE_WORKER] = offline.service_worker(files, runtime)
    assets.write_site(Path(out_dir), files, browser_assets=browser_assets)
    return files


def announce_engine_download(files: dict[str, str]) -> None:
    """Fill each example's `data-moteur-octets`, the size the page scripts say before a control
    starts the engine (js/mots-data.js `engine_size`) and the « (environ 4,4 Mo) » of Jouer's and
    the explorer's notes from the engine this build ships (no engine: no figure)."""
    download = engine_download_bytes()
    if download is None:
        return
    empty, size = render(SIZE, size=""), render(SIZE, size=download_size(download))
    files[tools_assets.WORDS_FILE] = tools_assets.words_file(megabytes(download))
    for name, text in files.items():
        if name.endswith(".html") and isinstance(text, str):
            text = text.replace(EMPTY_DOWNLOAD, f'data-moteur-octets="{download}"')
            files[name] = text.replace(empty, size)


EMPTY_DOWNLOAD = 'data-moteur-octets=""'
SIZE = "engine_size.html"   # Jouer's and the explorer's note


def branch_files(files: dict[str, str]) -> dict[str, str]:
    """Beside each page whose examples offer a choice, its pre-rendered deviations
    (site_builder/branches.py: the player fetches them instead of starting the engine)."""
    pages = {name: branches.page_branches(text) for name, text in files.items()
             if name.endswith("index.html") and isinstance(text, str)}
    return {name[: -len("index.html")] + branches.BRANCHES: data
            for name, data in pages.items() if data is not None}


def normalise_base_url(base_url: str | None) -> str | None:
    """`depot` or `/depot` → `/depot/`: the 404 page's links are absolute from it.
    None (no --base-url) stays None: the 404 page's links are then relative."""
    if base_url is None:
        return None
    return "/" + base_url.strip("/") + "/" if base_url.strip("/") else "/"


def check_example_ids(converted: dict[str, Converted], problems: list[Problem]) -> None:
    seen: dict[str, Problem] = {}
    for url in sorted(converted):
        for example in converted[url].examples:
            first = seen.setdefault(example.id, example)
            if first is not example:
                problems.append(Problem(
                    example.path, example.line,
                    f"duplicate example id {example.id!r}: already used at "
                    f"{display_path(first.path)}:{first.line}"))


def check_links(pages, converted: dict[str, Converted], problems: list[Problem]) -> None:
    """Every internal link names an existing page, and its #anchor an id of that page."""
    ids = {url: set(ID_RE.findall(item.html)) for url, item in converted.items()}
    by_url = {page.url: page for page in pages}
    for page in pages:
        for link in converted[page.url].links:
            if link.target not in by_url:
                missing = f"no page content/{link.target_rel}"
            elif link.anchor and link.anchor not in ids[link.target]:
                missing = f"no anchor #{link.anchor} in {link.target_rel}"
            else:
                continue
            problems.append(Problem(page.source, link.line,
                                    f"broken link {link.href!r}: {missing}"))
