"""The « Rechercher » box's index: Pagefind run over the rendered pages, at build time.

Pagefind (PyPI `pagefind[bin]`) stems French words (« ramasse », « ramasser »), ignores accents
unless the reader types them, and splits the index into small files the browser fetches only
when the box is used. Every heading with an id is a result of its own. Indexing runs Pagefind's
binary, so the bundle is cached in `.cache/search/`, keyed by the pages, the settings and the
version.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "search"
KEEP = 4
"""Cached bundles kept (most recent first)."""
FOLDER = "pagefind/"
LANGUAGE = "fr"
CONFIG = {
    "root_selector": "article.page",
    # the « # » of permalinks, the page's own table of contents, drawings' labels (card
    # numbers), forms of the tools, and the engine's sentences for each step of a worked example
    # and each row choice
    # (« Alice ramasse la rangée 2 » fourteen times would outrank the rule itself): words a
    # reader looking for a rule would not want found
    "exclude_selectors": [".headerlink", ".sur-cette-page", "svg", "form", "ol.etapes",
                          ".choix-possibles", "[data-pagefind-ignore]"],
    "force_language": LANGUAGE,
}
SHIPPED = ("pagefind.js", "pagefind-worker.js", "pagefind-entry.json", f"wasm.{LANGUAGE}.pagefind")
"""The bundle's files the page script uses (with the index, fragment and meta files); the
ready-made interfaces, the highlighter and the other languages' wasm are left out."""
NOT_INDEXED = ("hors-ligne/index.html",)
RULE_SECTIONS = ("regles", "variantes", "junior")
"""Sections whose pages state the rules: their article carries data-pagefind-weight (page.html),
so « ramasse » finds the rule on taking a row next to the worked examples that show one."""
RULE_WEIGHT = 2


def search_weight(section: str, url: str) -> int | None:
    """The rule pages' weight; none for the one-page aide-mémoires, which repeat the rules in
    brief: a search for a rule lands on the rule's own page and anchor, not on its summary."""
    if section in RULE_SECTIONS and not url.rstrip("/").rsplit("/", 1)[-1].startswith("aide-memoire"):
        return RULE_WEIGHT
    return None


class SearchIndexError(RuntimeError):
    """Pagefind could not index the site (not installed, or it failed)."""


def indexed_pages(files: dict[str, str | bytes]) -> dict[str, str]:
    """Site-absolute URL (`/regles/`) → HTML, for every page a reader may find."""
    return {"/" + name.removesuffix("index.html"): text for name, text in sorted(files.items())
            if name.endswith("index.html") and name not in NOT_INDEXED and isinstance(text, str)}


def is_shipped(name: str) -> bool:
    return (name in SHIPPED or name.startswith(("index/", "fragment/"))
            or (name.startswith(f"pagefind.{LANGUAGE}_") and name.endswith(".pf_meta")))


def cache_key(pages: dict[str, str]) -> str:
    digest = hashlib.sha256()
    # "cli": bundles of the command line, whose index files differ in bytes (not in what they
    # find) from those the Python service made before: a build never mixes the two
    digest.update(_version().encode() + b" cli" + json.dumps(CONFIG, sort_keys=True).encode())
    for url, text in pages.items():
        digest.update(hashlib.sha256(url.encode() + b"\0" + text.encode()).digest())
    return digest.hexdigest()[:20]


def bundle(files: dict[str, str | bytes], *, cache_dir: Path | None = None) -> dict[str, bytes]:
    """`pagefind/…` → bytes: the search bundle for these rendered files."""
    pages = indexed_pages(files)
    cached = Path(cache_dir or CACHE) / cache_key(pages)
    if cached.is_dir() and not _whole(cached):
        shutil.rmtree(cached, ignore_errors=True)   # a bundle cut short earlier: make it again
    if not cached.is_dir():
        cached.parent.mkdir(parents=True, exist_ok=True)
        # made beside the cache and renamed in whole: builds running at once (the test
        # processes) never read a bundle another is still writing
        with tempfile.TemporaryDirectory(prefix="making-", dir=cached.parent) as tmp:
            _index(pages, Path(tmp))
            if not _whole(Path(tmp) / "bundle"):
                raise SearchIndexError("Pagefind wrote a search bundle cut short "
                                       "(pagefind.js or its worker incomplete)")
            try:
                (Path(tmp) / "bundle").rename(cached)
            except OSError:
                if not cached.is_dir():   # another build made the same bundle first: use it
                    raise
        _prune(cached.parent)
    else:
        cached.touch()
    return {FOLDER + path.relative_to(cached).as_posix(): path.read_bytes()
            for path in sorted(cached.rglob("*"))
            if path.is_file() and is_shipped(path.relative_to(cached).as_posix())}


def _version() -> str:
    try:
        return importlib.metadata.version("pagefind")
    except importlib.metadata.PackageNotFoundError as error:
        raise SearchIndexError("Pagefind is not installed: run `make setup` (pyproject.toml "
                               "lists pagefind[bin])") from error


def _index(pages: dict[str, str], folder: Path) -> None:
    """Pagefind's command line over the pages written into `folder`; the bundle goes to
    `folder/bundle`. One process that exits once its files are written: its Python service
    (`pagefind.service`) waits a tenth of a second before reading each answer, three idle
    seconds for thirty pages, and once left a file cut short when it was closed. (`bundle` has
    already asked `_version`, which says what to run when Pagefind is not installed.)"""
    for url, text in pages.items():
        page = folder / "pages" / url.lstrip("/") / "index.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(text, encoding="utf-8")
    settings = {**CONFIG, "site": "pages", "output_path": "bundle"}
    (folder / "pagefind.json").write_text(json.dumps(settings), encoding="utf-8")   # read from cwd
    done = subprocess.run([sys.executable, "-m", "pagefind", "--silent"], cwd=folder,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SearchIndexError(f"Pagefind failed to index the site ({done.returncode}):\n"
                               f"{done.stdout}{done.stderr}".rstrip())
    if not (folder / "bundle" / "pagefind-entry.json").is_file():
        raise SearchIndexError(f"Pagefind wrote no index into {folder / 'bundle'}")


def _whole(bundle: Path) -> bool:
    """Whether the bundle's scripts end as Pagefind writes them: a module's export list, the
    worker's closing call. A cut file ends mid-statement and breaks the search box."""
    try:
        script = (bundle / "pagefind.js").read_text(encoding="utf-8").rstrip()
        worker = (bundle / "pagefind-worker.js").read_text(encoding="utf-8").rstrip()
    except (OSError, UnicodeDecodeError):
        return False
    return (script.endswith("};") and "export{" in script[-400:]) and worker.endswith("})();")


def _prune(folder: Path) -> None:
    made = [p for p in folder.iterdir() if p.is_dir() and not p.name.startswith("making-")]
    for old in sorted(made, key=lambda p: p.stat().st_mtime, reverse=True)[KEEP:]:
        shutil.rmtree(old, ignore_errors=True)

