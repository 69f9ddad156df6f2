"""The browser runtime the build ships: Pyodide's three runtime files, `game/` as a hashed archive
and the standard library trimmed to what it imports (or Pyodide's whole one without Node)."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from site_builder import browser_assets, stdlib


def test_copies_only_the_runtime_files_under_the_version(tmp_path):
    manifest = browser_assets.write(tmp_path)
    vendor = tmp_path / manifest["pyodide"]
    assert manifest["pyodide"] == f"vendor/pyodide/{browser_assets.pyodide_version()}/"
    assert sorted(p.name for p in vendor.iterdir()) == sorted(browser_assets.RUNTIME_FILES)
    assert manifest["stdlib"].startswith("stdlib-") and (tmp_path / manifest["stdlib"]).is_file()
    assert json.loads((tmp_path / "engine.json").read_text()) == manifest


def test_manifest_gives_the_size_of_every_file_the_worker_fetches(tmp_path):
    """The progress bar's total: the runtime's fetched files, the archive and the library."""
    manifest = browser_assets.write(tmp_path, trim=False)
    fetched = [manifest["pyodide"] + name for name in manifest["runtime"] if not name.endswith(".mjs")]
    assert sorted(manifest["sizes"]) == sorted(fetched + [manifest["engine"], manifest["stdlib"]])
    for name, size in manifest["sizes"].items():
        assert size == (tmp_path / name).stat().st_size > 0


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
    first = browser_assets.write(out, game_dir=game, trim=False)["engine"]
    (game / "cards.py").write_text("X = 1\n")
    second = browser_assets.write(out, game_dir=game, trim=False)["engine"]
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


def test_without_node_the_site_ships_the_whole_library_and_says_so(tmp_path, monkeypatch, capsys):
    stale = tmp_path / "stdlib-0123456789ab.zip"
    stale.write_bytes(b"an older engine's library")
    monkeypatch.setattr(stdlib, "CACHE", tmp_path / "empty-cache")
    monkeypatch.setattr(stdlib.shutil, "which", lambda name: None)
    manifest = browser_assets.write(tmp_path)
    assert manifest["stdlib"] == manifest["pyodide"] + "python_stdlib.zip"
    assert (tmp_path / manifest["stdlib"]).stat().st_size > 2_000_000
    assert json.loads((tmp_path / "engine.json").read_text()) == manifest
    assert not stale.is_file()  # an older trimmed library is gone
    assert "stdlib: not trimmed (Node.js not found)" in capsys.readouterr().err


def test_a_failing_node_gives_no_library_and_one_line_why(tmp_path):
    lines = []
    data = stdlib.trimmed("314.0.7", b"archive", browser_assets.NODE_PYODIDE,
                          cache_dir=tmp_path, node="/bin/false", log=lines.append)
    assert data is None
    assert lines == ["stdlib: not trimmed (exit 1); the site ships Pyodide's whole library"]
    assert not list(tmp_path.iterdir())  # nothing cached


def test_two_builds_making_the_same_library_at_once_ship_the_first_one_kept(tmp_path):
    target = tmp_path / "key.zip"
    assert stdlib._store(target, b"first") == b"first"
    assert stdlib._store(target, b"second") == b"first"
    assert target.read_bytes() == b"first" and [p.name for p in tmp_path.iterdir()] == ["key.zip"]


def test_a_cached_library_is_used_without_node_and_only_for_its_key(tmp_path):
    archive = browser_assets.engine_archive()
    key = stdlib.cache_key("314.0.7", archive)
    (tmp_path / f"{key}.zip").write_bytes(b"library bytes")
    got = stdlib.trimmed("314.0.7", archive, browser_assets.NODE_PYODIDE,
                         cache_dir=tmp_path, node="/bin/false", log=pytest.fail)
    assert got == b"library bytes"
    assert stdlib.cache_key("314.0.8", archive) != key
    assert stdlib.cache_key("314.0.7", archive + b" ") != key


def test_the_lock_file_is_handed_over_without_its_packages():
    lock = browser_assets.lock_contents()
    full = json.loads((browser_assets.NODE_PYODIDE / "pyodide-lock.json").read_text())
    assert lock == {"info": full["info"], "packages": {}}
