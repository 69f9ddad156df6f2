"""The browser runtime the build ships: Pyodide's five files and `game/` as a hashed archive."""

from __future__ import annotations

import gzip
import io
import json
import zipfile

import pytest

from site_builder import browser_assets, snapshot


def test_copies_only_the_runtime_files_under_the_version(tmp_path):
    manifest = browser_assets.write(tmp_path)
    vendor = tmp_path / manifest["pyodide"]
    assert manifest["pyodide"] == f"vendor/pyodide/{browser_assets.pyodide_version()}/"
    assert sorted(p.name for p in vendor.iterdir()) == sorted(browser_assets.RUNTIME_FILES)
    assert json.loads((tmp_path / "engine.json").read_text()) == manifest


def test_manifest_gives_the_size_of_every_file_the_worker_fetches(tmp_path):
    """The progress bar's total: the runtime's fetched files, the archive and the snapshot."""
    manifest = browser_assets.write(tmp_path, snapshot=False)
    fetched = [manifest["pyodide"] + name for name in manifest["runtime"] if not name.endswith(".mjs")]
    assert sorted(manifest["sizes"]) == sorted(fetched + [manifest["engine"]])
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
    first = browser_assets.write(out, game_dir=game, snapshot=False)["engine"]
    (game / "cards.py").write_text("X = 1\n")
    second = browser_assets.write(out, game_dir=game, snapshot=False)["engine"]
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


def test_without_node_the_site_ships_without_a_snapshot_and_says_so(tmp_path, monkeypatch, capsys):
    stale = tmp_path / "engine-0123456789ab.snapshot.gz"
    stale.write_bytes(b"an older engine's snapshot")
    monkeypatch.setattr(snapshot, "CACHE", tmp_path / "empty-cache")
    monkeypatch.setattr(snapshot.shutil, "which", lambda name: None)
    manifest = browser_assets.write(tmp_path)
    assert "snapshot" not in manifest
    assert json.loads((tmp_path / "engine.json").read_text()) == manifest
    assert not list(tmp_path.glob("engine-*.snapshot.gz"))  # the stale one is gone too
    assert "snapshot: skipped (Node.js not found)" in capsys.readouterr().err


def test_a_failing_node_gives_no_snapshot_and_one_line_why(tmp_path):
    lines = []
    data = snapshot.compressed("314.0.7", b"archive", browser_assets.NODE_PYODIDE,
                               cache_dir=tmp_path, node="/bin/false", log=lines.append)
    assert data is None
    assert lines == ["snapshot: skipped (exit 1); the site boots Pyodide without it"]
    assert not list(tmp_path.iterdir())  # nothing cached


def test_two_builds_making_the_same_snapshot_at_once_ship_the_first_one_kept(tmp_path):
    """Node's snapshots of one archive differ byte for byte: when two builds (two test processes)
    make one at the same time, both must ship the one the cache kept, never their own."""
    target = tmp_path / "key.snapshot.gz"
    assert snapshot._store(target, b"first") == b"first"
    assert snapshot._store(target, b"second") == b"first"
    assert target.read_bytes() == b"first" and [p.name for p in tmp_path.iterdir()] == ["key.snapshot.gz"]


def test_a_cached_snapshot_is_used_without_node_and_only_for_its_key(tmp_path):
    archive = browser_assets.engine_archive()
    key = snapshot.cache_key("314.0.7", archive)
    stored = gzip.compress(b"snapshot bytes")
    (tmp_path / f"{key}.snapshot.gz").write_bytes(stored)
    got = snapshot.compressed("314.0.7", archive, browser_assets.NODE_PYODIDE,
                              cache_dir=tmp_path, node="/bin/false", log=pytest.fail)
    assert got == stored
    assert snapshot.cache_key("314.0.8", archive) != key
    assert snapshot.cache_key("314.0.7", archive + b" ") != key
