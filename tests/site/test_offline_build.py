"""The build's side of offline reading: sw.js stamped with the build, the French offline page."""

from __future__ import annotations

import re
import shutil

import pytest

from site_builder import offline
from site_builder.commands.build import build
from site_helpers import FIXTURES

BUILD_RE = re.compile(r'const BUILD = "([0-9a-f]{12})";')


def built_worker(content, out) -> str:
    build(content, out, browser_assets=False)
    return (out / "sw.js").read_text(encoding="utf-8")


def test_the_worker_is_stamped_by_build_and_changes_with_the_site(tmp_path):
    first = built_worker(FIXTURES / "ok", tmp_path / "a")
    again = built_worker(FIXTURES / "ok", tmp_path / "b")
    assert "__BUILD__" not in first and "__RUNTIME__" not in first
    assert 'const RUNTIME = "none";' in first       # no browser runtime in this build
    assert BUILD_RE.search(first) and first == again   # same sources, same worker: no reinstall

    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "ok", content)
    index = content / "index.md"
    index.write_text(index.read_text(encoding="utf-8") + "\nUne phrase de plus.\n", encoding="utf-8")
    changed = built_worker(content, tmp_path / "c")
    assert BUILD_RE.search(changed).group(1) != BUILD_RE.search(first).group(1)


def test_a_worker_without_its_marks_stops_the_build(tmp_path, monkeypatch):
    static = tmp_path / "static"
    static.mkdir()
    (static / "sw.js").write_text('const BUILD = "v1";\n', encoding="utf-8")
    monkeypatch.setattr(offline.assets, "STATIC", static)
    with pytest.raises(ValueError, match="__BUILD__"):
        offline.service_worker({}, None)


def test_the_offline_page_is_french_and_links_relatively(tmp_path):
    build(FIXTURES / "ok", tmp_path / "out", browser_assets=False)
    page = (tmp_path / "out" / "hors-ligne" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="fr">' in page and "Vous êtes hors ligne" in page
    assert 'href="../site.css"' in page and 'href="/' not in page and 'src="/' not in page
