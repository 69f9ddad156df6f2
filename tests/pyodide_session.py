"""Pyodide under Node, booted once per test process and shared by every parity test.

A boot costs seconds; each parity test (classic, Junior, special cards, the seeded deals) sends
its program to the same Node process (tests/run_in_pyodide.mjs --serve), which runs it in fresh
globals and answers its `out`.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "run_in_pyodide.mjs"


class PyodideSession:
    """One Node process with Pyodide and game/ loaded; `run` sends it one program."""

    def __init__(self):
        node = shutil.which("node")
        if node is None or not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
            raise RuntimeError("needs Node.js and node_modules/pyodide: run `make setup`")
        self.errors = tempfile.TemporaryFile("w+", encoding="utf-8")   # a pipe could fill up
        self.process = subprocess.Popen([node, str(RUNNER), "--serve"], cwd=ROOT, text=True,
                                        encoding="utf-8", stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=self.errors)

    def run(self, code: str, data=None) -> tuple[str, str]:
        """(Pyodide's Python version, the program's `out`); `data` reaches it as JSON text in
        `DATA`. A Python error in the program, or a dead Node, raises AssertionError."""
        self.process.stdin.write(json.dumps({"code": code, "data": data}, ensure_ascii=False) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            self.errors.seek(0)
            raise AssertionError(f"Pyodide's Node process ended: {self.errors.read()[-3000:]}")
        answer = json.loads(line)
        if "error" in answer:
            raise AssertionError(f"in Pyodide: {answer['error'][-3000:]}")
        return answer["python"], answer["out"]

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=30)
        self.process.stdout.close()
        self.errors.close()
