"""Pyodide's standard library trimmed to what the engine's worker imports, made at build time.

Pyodide's python_stdlib.zip is 2.5 MB on the wire; the worker and the engine import about a
fifth of it. Node boots Pyodide once, records the library files loaded, strips them and checks
that a Pyodide started on the result alone answers like the full one (stdlib.mjs): about 0.4 MB.
It is cached in `.cache/stdlib/`, keyed by the Pyodide version, the engine archive and the
script. Without Node, or when it fails, the build says so and ships the whole library.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(__file__).with_name("stdlib.mjs")
CACHE = ROOT / ".cache" / "stdlib"
KEEP = 4
"""Cached libraries kept (most recent first): enough to switch branches without remaking one."""
TIMEOUT = 600


def cache_key(version: str, archive: bytes, script: Path = SCRIPT) -> str:
    """What a trimmed library depends on: the runtime, the engine, and how it is made."""
    digest = hashlib.sha256()
    for part in (version.encode(), archive, script.read_bytes()):
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()[:20]


def trimmed(version: str, archive: bytes, node_pyodide: Path, *,
            cache_dir: Path | None = None, node: str | None = None, log=None) -> bytes | None:
    """The trimmed library (a zip) for this engine archive, from the cache or made now; None if
    it cannot be made (the reason is written to `log`, stderr by default)."""
    log = log or (lambda line: print(line, file=sys.stderr))

    def whole(reason) -> None:
        log(f"stdlib: not trimmed ({reason}); the site ships Pyodide's whole library")

    cached = Path(cache_dir or CACHE) / f"{cache_key(version, archive)}.zip"
    if cached.is_file():
        os.utime(cached)  # most recently used: kept by _store's pruning
        return cached.read_bytes()
    node = node or shutil.which("node")
    if not node:
        return whole("Node.js not found")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="stdlib-") as tmp:
        zip_path, out_path = Path(tmp) / "engine.zip", Path(tmp) / "stdlib.zip"
        zip_path.write_bytes(archive)
        try:
            result = subprocess.run([node, str(SCRIPT), str(node_pyodide), str(zip_path), str(out_path)],
                                    capture_output=True, text=True, timeout=TIMEOUT)
        except (OSError, subprocess.TimeoutExpired) as error:
            return whole(error)
        if result.returncode != 0 or not out_path.is_file():
            return whole((result.stderr.strip().splitlines() or [f"exit {result.returncode}"])[-1])
        data = out_path.read_bytes()
    data = _store(cached, data)
    log(f"stdlib: trimmed in {time.perf_counter() - started:.0f} s to "
        f"{len(data) / 1e6:.2f} MB ({result.stdout.strip()})")
    return data


def _store(target: Path, data: bytes) -> bytes:
    """Keep `data` under `target` unless another build got there first, and return what is kept.

    Two builds may run at once (the test processes do): the first one written wins (a hard link
    fails on an existing name), so every build that asked for this key ships the same file. Then
    drop the least recently used.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=target.parent, suffix=".part")
    with os.fdopen(fd, "wb") as out:
        out.write(data)
    try:
        os.link(temp, target)
    except FileExistsError:
        data = target.read_bytes()
    finally:
        os.unlink(temp)
    entries = sorted(target.parent.glob("*.zip"), key=lambda p: p.stat().st_mtime, reverse=True)
    for stale in entries[KEEP:]:
        stale.unlink(missing_ok=True)
    return data
