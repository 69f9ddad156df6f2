"""The worker restored from the build's memory snapshot, and the worker whose snapshot is broken
(so it falls back to starting Python), answer the worked examples exactly as CPython does.

The site's real js/worker.js runs under Node (run_worker.mjs) against a built site; its ready
message says which way it started, so a silent fallback cannot pass for a working snapshot.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import web

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("run_worker.mjs")
SCENARIOS = sorted((ROOT / "tests" / "game" / "classic" / "scenarios").glob("*.json"))

pytestmark = [pytest.mark.node]


@pytest.fixture(scope="module")
def built_site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("snapshot") / "_site"
    result = subprocess.run([sys.executable, "-m", "site_builder", "build", "--out", str(out)],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    manifest = json.loads((out / "engine.json").read_text())
    assert "snapshot" in manifest, f"the build made no snapshot: {result.stderr}"
    return out


def messages() -> list[dict]:
    assert len(SCENARIOS) >= 6, SCENARIOS
    return [{"id": path.stem, "type": "replay", "scenario": json.loads(path.read_text())}
            for path in SCENARIOS]


def run_worker(site: Path, tmp_path: Path) -> dict:
    node = shutil.which("node")
    assert node, "Node.js is needed: the worker runs under Node"
    batch = tmp_path / "messages.json"
    batch.write_text(json.dumps(messages(), ensure_ascii=False), encoding="utf-8")
    result = subprocess.run([node, str(RUNNER), str(site), str(batch)], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def assert_same_as_cpython(output: dict) -> None:
    batch = messages()
    assert len(output["answers"]) == len(batch)
    for message, theirs in zip(batch, output["answers"]):
        ours = json.loads(web.handle(json.dumps(message, ensure_ascii=False)))
        assert ours["ok"], message["id"]
        assert theirs == ours, message["id"]


def site_with_snapshot(site: Path, tmp_path: Path, data: bytes | None) -> Path:
    """A copy of the built site whose snapshot file holds `data` (None: the file is missing)."""
    copy = tmp_path / "site"
    shutil.copytree(site, copy, copy_function=os.link)
    target = copy / json.loads((site / "engine.json").read_text())["snapshot"]
    target.unlink()  # a hard link: never write through it into the built site
    if data is not None:
        target.write_bytes(data)
    return copy


def test_worker_restores_the_snapshot_and_answers_like_cpython(built_site, tmp_path):
    output = run_worker(built_site, tmp_path)
    assert output["boot"] == "snapshot"
    assert_same_as_cpython(output)


def test_snapshot_holds_no_path_of_the_build_machine(built_site):
    data = (built_site / json.loads((built_site / "engine.json").read_text())["snapshot"]).read_bytes()
    raw = gzip.decompress(data)
    assert raw[:4] != b"\x00\x00\x00\x00" and len(raw) > 10_000_000  # a real heap
    assert str(ROOT).encode() not in raw


def other_build(snapshot: bytes) -> bytes:
    """The snapshot as another Pyodide build would have made it (its build id differs)."""
    raw = bytearray(gzip.decompress(snapshot))
    raw[16:48] = bytes(32)  # header: magic, offsets, then the 32-byte build id
    return gzip.compress(bytes(raw), compresslevel=1)


BROKEN = {
    "missing": lambda good: None,
    "not a snapshot": lambda good: gzip.compress(b"\x00not a snapshot\x00" * 4096),
    "truncated download": lambda good: good[: len(good) // 2],
    "damaged byte": lambda good: good[:1000] + bytes([good[1000] ^ 0xFF]) + good[1001:],
    "another Pyodide build": other_build,
}


@pytest.mark.parametrize("damage", BROKEN, ids=list(BROKEN))
def test_broken_snapshot_falls_back_to_a_normal_start(built_site, tmp_path, damage):
    good = (built_site / json.loads((built_site / "engine.json").read_text())["snapshot"]).read_bytes()
    site = site_with_snapshot(built_site, tmp_path, BROKEN[damage](good))
    output = run_worker(site, tmp_path)
    assert output["boot"] == "runtime"
    assert_same_as_cpython(output)
