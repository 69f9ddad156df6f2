"""In Firefox ESR, a damaged snapshot keeps its real error and logs nothing (issue 25).

Firefox turns `new Response(stream).arrayBuffer()` over a failing DecompressionStream into a bare
AbortError and logs « Failed to read data from the ReadableStream » as a page error; js/snapshots.js
reads the stream chunk by chunk instead. The same run checks, in Firefox, that a page whose kept
copy was cut in half starts normally, with no console error (that a first page makes the snapshot
and the next one starts from it is checked in every browser by test_journeys.py). Runs
tests/browser/firefox_snapshot.mjs (Node, puppeteer-core) against the session's built site.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("firefox_snapshot.mjs")
FIREFOX = shutil.which("firefox-esr") or shutil.which("firefox") or "/usr/bin/firefox-esr"


def test_firefox_keeps_the_real_error_of_a_damaged_snapshot_and_logs_nothing(server):
    assert (ROOT / "node_modules" / "puppeteer-core").is_dir(), \
        "puppeteer-core is needed to drive Firefox: npm i --no-save puppeteer-core"
    assert Path(FIREFOX).is_file(), f"Firefox not found ({FIREFOX})"
    result = subprocess.run(["node", str(SCRIPT), server.url(), FIREFOX], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout)
    # The way Firefox hides the error, and the way the worker reads the stream now.
    assert report["damaged"]["response"].startswith("AbortError")
    assert any("Failed to read data" in line for line in report["logged"]["response"])
    assert report["damaged"]["readAll"].startswith("TypeError"), report["damaged"]
    assert report["logged"]["readAll"] == []
    # In Firefox, a damaged copy means a normal boot, its real error said once as information.
    assert report["boots"] == ["runtime"]
    errors = [line for line in report["console"] if line.startswith(("error", "pageerror"))]
    assert errors == [], report["console"]
    assert any("engine snapshot unusable" in line and "TypeError" in line for line in report["console"])
