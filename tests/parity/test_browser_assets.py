"""The browser runtime the build ships: Pyodide's five files and `game/` as a hashed archive."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from site_builder import browser_assets


def test_copies_only_the_runtime_files_under_the_version(tmp_path):
    manifest = browser_assets.write(tmp_path)
    vendor = tmp_path / manifest["pyodide"]
    assert manifest["pyodide"] == f"vendor/pyodide/{browser_assets.pyodide_version()}/"
    assert sorted(p.name for p in vendor.iterdir()) == sorted(browser_assets.RUNTIME_FILES)
    assert json.loads((tmp_path / "engine.json").read_text()) == manifest


def test_engine_archive_holds_game_and_is_reproducible():
    first = browser_assets.engine_archive()
    assert first == browser_assets.engine_archive()
    names = zipfile.ZipFile(io.BytesIO(first)).namelist()
    assert names == sorted(names)
    assert "game/web.py" in names and "game/classic/cards.py" in names
    assert all(n.startswith("game/") and n.endswith(".py") for n in names)


def test_archive_name_follows_its_content(tmp_path):
    game = tmp_path / "game"
    game.mkdir()
    (game / "__init__.py").write_text("")
    out = tmp_path / "out"
    first = browser_assets.write(out, game_dir=game)["engine"]
    (game / "cards.py").write_text("X = 1\n")
    second = browser_assets.write(out, game_dir=game)["engine"]
    assert first != second
    assert [p.name for p in out.glob("engine-*.zip")] == [second]  # the stale archive is gone


def test_rewrite_skips_identical_files(tmp_path):
    browser_assets.write(tmp_path)
    wasm = tmp_path / "vendor" / "pyodide" / browser_assets.pyodide_version() / "pyodide.asm.wasm"
    before = wasm.stat().st_mtime_ns
    browser_assets.write(tmp_path)
    assert wasm.stat().st_mtime_ns == before


def test_missing_node_modules_says_run_npm_ci(tmp_path):
    with pytest.raises(browser_assets.BrowserAssetsError, match="run npm ci"):
        browser_assets.write(tmp_path / "out", node_pyodide=tmp_path / "nothing")
