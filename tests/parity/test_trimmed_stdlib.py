"""The site's real worker, on the build's trimmed standard library, answers every worker message
of every variant exactly as CPython does (issue 25): a module the trim left out fails here, not
at a reader's click.

js/worker.js runs under Node (run_worker.mjs) against the built site, with no Cache Storage, so
it starts Python the normal way from the files the build wrote: the trimmed library named in
engine.json and the lock file's `info` it carries (no pyodide-lock.json, no python_stdlib.zip).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from game import web

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("run_worker.mjs")
sys.path.insert(0, str(ROOT / "tests"))

from worker_requests import valid_requests  # noqa: E402

pytestmark = [pytest.mark.node]


def every_message() -> list[dict]:
    """Every valid request of every message type (tests/worker_requests.py: real states of every
    variant), plus the worker's own probe."""
    batch = [{"id": "probe", "type": "snapshot-probe"}]
    for kind, requests in sorted(valid_requests().items()):
        batch += [{**request, "type": kind, "id": f"{kind}/{n}"} for n, request in enumerate(requests)]
    return batch


def run_worker(site: Path, batch: list[dict], tmp_path: Path) -> dict:
    node = shutil.which("node")
    assert node, "Node.js is needed: the worker runs under Node"
    path = tmp_path / "messages.json"
    path.write_text(json.dumps(batch, ensure_ascii=False), encoding="utf-8")
    result = subprocess.run([node, str(RUNNER), str(site), str(path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout)


def test_the_site_ships_the_trimmed_library_and_no_lock_file(built_site):
    manifest = json.loads((built_site / "engine.json").read_text())
    library = built_site / manifest["stdlib"]
    assert manifest["stdlib"].startswith("stdlib-") and library.stat().st_size < 600_000
    names = zipfile.ZipFile(library).namelist()
    assert "json/__init__.py" in names and "html/entities.py" in names   # the engine's imports
    assert "pyodide/__init__.py" in names and "_pyodide/__init__.py" in names   # Pyodide's
    assert "unittest/__init__.py" not in names and "email/__init__.py" not in names
    vendor = sorted(p.name for p in (built_site / manifest["pyodide"]).iterdir())
    assert vendor == ["pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide.mjs"]
    assert manifest["lock"]["packages"] == {} and manifest["lock"]["info"]["abi_version"]
    assert "snapshot" not in manifest and not list(built_site.glob("*.snapshot.gz"))


def test_every_message_of_every_variant_answers_as_in_cpython(built_site, tmp_path):
    batch = every_message()
    output = run_worker(built_site, batch, tmp_path)
    assert output["boot"] == "runtime"
    assert len(output["answers"]) == len(batch)
    kinds = set()
    for message, theirs in zip(batch, output["answers"]):
        ours = json.loads(web.handle(json.dumps(message, ensure_ascii=False)))
        assert theirs == ours, message["id"]
        kinds.add(message["type"])
    assert kinds - {"snapshot-probe"} == set(web.HANDLERS)
