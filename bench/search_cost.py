"""Print what the « Rechercher » box costs a reader (`make bench`); not a timed test.

Over a fresh build served on localhost under a sub-path, in Chromium: the search files fetched
before the box is used (budget 0), on focus (Pagefind's script, worker, wasm and metadata) and
by a first and a second search, as bytes on the wire with gzip (the `.pagefind` files are
already gzip'd by Pagefind, the scripts and JSON are compressed here as a host would). For
comparison, the indexed text of the whole site gzip'd: what an index that loads in one piece
(lunr, MkDocs' search_index.json) must download at least, before any query.
Usage: .venv/bin/python bench/search_cost.py
"""

from __future__ import annotations

import gzip
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser"), str(ROOT / "tests" / "site")]

from harness import CHROMIUM_ARGS, chromium_path, serve  # noqa: E402

from bench.page_budget import build  # noqa: E402


def wire(site: Path, url: str, base: str) -> int:
    """Bytes of one file as a gzip-serving host sends it."""
    data = (site / url[len(base):].split("?")[0]).read_bytes()
    return len(data) if url.endswith(".pagefind") or url.endswith("pf_fragment") \
        or url.endswith("pf_index") or url.endswith("pf_meta") else len(gzip.compress(data, 9))


def main() -> None:
    from playwright.sync_api import sync_playwright
    from test_search_index import fragments

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "_site"
        build(site)
        server = serve(site)
        seen: list[str] = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.on("request", lambda r: seen.append(r.url) if "/pagefind/" in r.url else None)
            page.goto(server.url("regles/"))
            page.wait_for_timeout(1000)
            steps = [("before use", len(seen))]
            page.focus("#recherche-mots")
            for _ in range(100):   # the worker fetches them: not in the page's timeline
                if any(url.endswith(".pf_meta") for url in seen):
                    break
                page.wait_for_timeout(100)
            page.wait_for_timeout(500)
            steps.append(("on focus", len(seen)))
            for words in ("ramasse", "tete"):
                page.fill("#recherche-mots", words)
                page.wait_for_function("(q) => document.querySelector('form.recherche')"
                                       ".dataset.resultats === q", arg=words)
                steps.append((f"search « {words} »", len(seen)))
            browser.close()
        server.httpd.shutdown()
        done = 0
        for name, upto in steps:
            cost = sum(wire(site, url, server.base) for url in seen[done:upto])
            print(f"{name:22} {upto - done:3} files {cost / 1024:7.1f} KB")
            done = upto
        total = sum(wire(site, url, server.base) for url in seen)
        print(f"{'total for two searches':22} {len(seen):3} files {total / 1024:7.1f} KB")
        text = "\n".join(record["content"] for record in fragments(site)).encode()
        bundle = sum(p.stat().st_size for p in (site / "pagefind").rglob("*") if p.is_file())
        print(f"whole bundle on disk: {bundle / 1024:.1f} KB; the site's indexed text: "
              f"{len(text) / 1024:.1f} KB, {len(gzip.compress(text, 9)) / 1024:.1f} KB gzip")


if __name__ == "__main__":
    main()
