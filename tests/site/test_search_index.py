"""The search index the build writes: every result it can give opens a page at an anchor."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from site_builder import offline, search

from test_anchors import parsed

SIGNATURE = b"pagefind_dcd"
ONE_PAGE = {"index.html": '<html lang="fr"><body><article class="page"><h1 id="a">Ramasser</h1>'
                          "<p>On ramasse la rangée.</p></article></body></html>"}


def fragments(site: Path) -> list[dict]:
    """Pagefind's record of each page: URL, title, anchors (gzip'd JSON after a signature)."""
    found = []
    for path in sorted((site / "pagefind" / "fragment").glob("*.pf_fragment")):
        data = gzip.decompress(path.read_bytes())
        assert data.startswith(SIGNATURE), path.name
        found.append(json.loads(data[len(SIGNATURE):]))
    return found


def page_file(site: Path, url: str) -> Path:
    assert url.startswith("/") and url.endswith("/"), url
    return site / url.lstrip("/") / "index.html"


def test_every_search_target_is_a_page_and_an_anchor_of_it(site):
    records = fragments(site)
    pages = {path.parent for path in site.rglob("index.html")} - {site / "hors-ligne"}
    assert {page_file(site, record["url"]).parent for record in records} == pages
    for record in records:
        page = parsed(page_file(site, record["url"]))
        for anchor in record["anchors"]:
            assert anchor["id"] in page.ids, f"{record['url']}#{anchor['id']}: no such id"


def test_every_rule_heading_is_a_search_target(site):
    by_url = {record["url"]: {a["id"] for a in record["anchors"]} for record in fragments(site)}
    for url in ("/regles/", "/variantes/cartes-speciales/", "/junior/base/", "/tetes-de-boeuf/"):
        page = parsed(page_file(site, url))
        headings = {found for tag, found in page.headings if tag in ("h2", "h3")}
        assert headings and headings <= by_url[url], (url, headings - by_url[url])


def test_the_bundle_ships_only_what_the_box_uses(site):
    names = {path.relative_to(site / "pagefind").as_posix()
             for path in (site / "pagefind").rglob("*") if path.is_file()}
    assert {"pagefind.js", "pagefind-worker.js", "pagefind-entry.json", "wasm.fr.pagefind"} <= names
    assert not [name for name in names if "-ui" in name or "highlight" in name or "unknown" in name]
    listed = json.loads((site / offline.SEARCH_LIST).read_text(encoding="utf-8"))
    assert sorted(listed) == sorted("pagefind/" + name for name in names)


def test_the_engine_sentences_of_each_step_are_not_indexed(site):
    """« Alice ramasse la rangée 2 », once per step, would outrank the rule that says it."""
    example = next(r for r in fragments(site) if r["url"] == "/exemples/exemple-6/")
    assert "Si Alice ramasse la rangée" not in example["content"]
    assert "plusieurs ramassages" in example["content"]


def test_an_unchanged_site_is_not_indexed_again(tmp_path, monkeypatch):
    files = dict(ONE_PAGE)
    first = search.bundle(files, cache_dir=tmp_path)
    assert "pagefind/pagefind.js" in first
    assert any(name.startswith("pagefind/fragment/") for name in first)

    def must_not_run(*args):
        raise AssertionError("indexed again")

    monkeypatch.setattr(search, "_index", must_not_run)
    assert search.bundle(files, cache_dir=tmp_path) == first
    files["index.html"] = files["index.html"].replace("rangée", "rangée pleine")
    with pytest.raises(AssertionError, match="indexed again"):
        search.bundle(files, cache_dir=tmp_path)


def test_a_bundle_cut_short_in_the_cache_is_made_again(tmp_path):
    """Pagefind once left pagefind.js cut at 32 KB when its process was closed; the cached
    bundle then broke every later build's search box. A cut bundle is never shipped."""
    files = dict(ONE_PAGE)
    whole = search.bundle(files, cache_dir=tmp_path)["pagefind/pagefind.js"]
    cached = tmp_path / search.cache_key(search.indexed_pages(files)) / "pagefind.js"
    cached.write_bytes(whole[:32768])
    assert search.bundle(files, cache_dir=tmp_path)["pagefind/pagefind.js"] == whole


def test_a_pagefind_failure_stops_the_build_with_its_own_words_and_caches_nothing(tmp_path, monkeypatch):
    files = dict(ONE_PAGE)
    monkeypatch.setattr(search, "CONFIG", {**search.CONFIG, "root_selector": 42})
    with pytest.raises(search.SearchIndexError, match="(?s)Pagefind failed.*expected a string"):
        search.bundle(files, cache_dir=tmp_path)
    assert [path.name for path in tmp_path.iterdir()] == []
