"""The engine's Pyodide memory snapshot, made by Node at build time and cached between builds.

Restoring a snapshot taken with `game.web` already imported skips Python's start-up and every
engine import in the reader's browser. Making one boots Pyodide under Node (seconds), so it is
cached in `.cache/snapshot/`, keyed by what it depends on: the Pyodide version, the engine
archive and the script that makes it. It is shipped gzip-compressed, as no static host
compresses an unknown binary type, and the worker inflates it with DecompressionStream.
The snapshot is an optimisation only: without Node, or when making it fails, the build says so
and the site ships without one (the worker then boots Pyodide normally).
"""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(__file__).with_name("snapshot.mjs")
CACHE = ROOT / ".cache" / "snapshot"
KEEP = 4
"""Cached snapshots kept (most recent first): enough to switch branches without remaking one."""
TIMEOUT = 600


def cache_key(version: str, archive: bytes, script: Path = SCRIPT) -> str:
    """What a snapshot depends on: the runtime, the engine, and how it is made."""
    digest = hashlib.sha256()
    for part in (version.encode(), archive, script.read_bytes()):
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()[:20]


def compressed(version: str, archive: bytes, node_pyodide: Path, *,
               cache_dir: Path | None = None, node: str | None = None, log=None) -> bytes | None:
    """The gzip'd snapshot for this engine archive, from the cache or made now; None if it
    cannot be made (the reason is written to `log`, stderr by default)."""
    log = log or (lambda line: print(line, file=sys.stderr))
    cached = Path(cache_dir or CACHE) / f"{cache_key(version, archive)}.snapshot.gz"
    if cached.is_file():
        os.utime(cached)  # most recently used: kept by _prune
        return cached.read_bytes()
    node = node or shutil.which("node")
    if not node:
        log("snapshot: skipped (Node.js not found); the site boots Pyodide without it")
        return None
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="snapshot-") as tmp:
        zip_path, raw_path = Path(tmp) / "engine.zip", Path(tmp) / "engine.snapshot"
        zip_path.write_bytes(archive)
        try:
            result = subprocess.run([node, str(SCRIPT), str(node_pyodide), str(zip_path), str(raw_path)],
                                    capture_output=True, text=True, timeout=TIMEOUT)
        except (OSError, subprocess.TimeoutExpired) as error:
            log(f"snapshot: skipped ({error}); the site boots Pyodide without it")
            return None
        if result.returncode != 0 or not raw_path.is_file():
            reason = (result.stderr.strip().splitlines() or [f"exit {result.returncode}"])[-1]
            log(f"snapshot: skipped ({reason}); the site boots Pyodide without it")
            return None
        data = gzip.compress(raw_path.read_bytes(), compresslevel=9, mtime=0)
    data = _store(cached, data)
    log(f"snapshot: made in {time.perf_counter() - started:.0f} s, "
        f"{len(data) / 1e6:.1f} MB gzip ({result.stdout.strip()})")
    return data


def _store(target: Path, data: bytes) -> bytes:
    """Keep `data` under `target` unless another build got there first, and return what is kept.

    Two builds may run at once (the test processes do) and a snapshot's bytes differ from one
    run of Node to the next: the first one written wins (a hard link fails on an existing name),
    so every build that asked for this key ships the same file. Then drop the least recently used.
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
    entries = sorted(target.parent.glob("*.snapshot.gz"), key=lambda p: p.stat().st_mtime,
                     reverse=True)
    for stale in entries[KEEP:]:
        stale.unlink(missing_ok=True)
    return data
