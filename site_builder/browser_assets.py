"""What the browser needs to run the engine: Pyodide's runtime and `game/` as one archive.

The site must work with no other host reachable, so Pyodide is self-hosted: only the five runtime
files are copied from the npm package, under a versioned folder so they can be cached forever.
`game/` is packed into a zip whose name carries a hash of its content, for the same reason.
When Node can make it, a memory snapshot of Pyodide with the engine imported ships beside them
(`engine-<hash>.snapshot.gz`, see snapshot.py) so the worker can skip Python's start-up.
`engine.json` tells the worker where they are; its URLs are relative to the site root folder
(the worker resolves them against its own URL, so the site works from any sub-path).
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"
GAME = ROOT / "game"

RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
MANIFEST = "engine.json"
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
"""A fixed timestamp so the same sources always give the same archive, hence the same name."""


class BrowserAssetsError(Exception):
    """The browser runtime cannot be assembled (missing npm packages)."""


def pyodide_version(node_pyodide: Path = NODE_PYODIDE) -> str:
    """The exact Pyodide version installed by `npm ci` (it names the vendor folder)."""
    package = node_pyodide / "package.json"
    if not package.is_file():
        raise BrowserAssetsError(
            f"{package}: Pyodide is not installed (no node_modules): run npm ci "
            f"(or make setup) in the project folder first"
        )
    return json.loads(package.read_text(encoding="utf-8"))["version"]


def engine_archive(game_dir: Path = GAME) -> bytes:
    """`game/`'s Python files as a deterministic zip (sorted names, fixed times)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(game_dir.rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            name = "game/" + path.relative_to(game_dir).as_posix()
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def _copy_if_changed(source: Path, target: Path) -> None:
    """Copy unless an identical file is already there: ~10 MB per build must stay cheap."""
    if target.is_file() and target.stat().st_size == source.stat().st_size:
        if _digest(target.read_bytes()) == _digest(source.read_bytes()):
            return
    shutil.copyfile(source, target)


def _write_if_changed(target: Path, data: bytes) -> None:
    if target.is_file() and target.read_bytes() == data:
        return
    target.write_bytes(data)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def write(out_dir, *, node_pyodide: Path = NODE_PYODIDE, game_dir: Path = GAME,
          snapshot: bool = True) -> dict:
    """Copy Pyodide, pack `game/`, add its snapshot (when `snapshot` and Node can make it) and
    write `engine.json` into the built site; return the manifest."""
    out_dir = Path(out_dir)
    version = pyodide_version(node_pyodide)
    vendor = out_dir / "vendor" / "pyodide" / version
    vendor.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        source = node_pyodide / name
        if not source.is_file():
            raise BrowserAssetsError(f"{source}: missing from the pyodide package; run npm ci "
                                     f"(or make setup) again")
        _copy_if_changed(source, vendor / name)

    archive = engine_archive(game_dir)
    archive_name = f"engine-{_digest(archive)[:12]}.zip"
    for stale in out_dir.glob("engine-*.zip"):
        if stale.name != archive_name:
            stale.unlink()
    _write_if_changed(out_dir / archive_name, archive)

    snapshot_name = None
    if snapshot:
        from . import snapshot as snapshots
        data = snapshots.compressed(version, archive, node_pyodide)
        if data is not None:
            snapshot_name = f"engine-{_digest(data)[:12]}.snapshot.gz"
            _write_if_changed(out_dir / snapshot_name, data)
    for stale in out_dir.glob("engine-*.snapshot.gz"):
        if stale.name != snapshot_name:
            stale.unlink()

    manifest = {
        "engine": archive_name,
        "pyodide": f"vendor/pyodide/{version}/",
        "pyodide_version": version,
        "runtime": list(RUNTIME_FILES),
    }
    if snapshot_name:
        manifest["snapshot"] = snapshot_name
    # The worker's progress bar: the bytes of every file it fetches, known before it starts.
    fetched = [manifest["pyodide"] + name for name in RUNTIME_FILES if not name.endswith(".mjs")]
    fetched += [archive_name] + ([snapshot_name] if snapshot_name else [])
    manifest["sizes"] = {name: (out_dir / name).stat().st_size for name in fetched}
    text = json.dumps(manifest, indent=2, sort_keys=True) + "\n"
    _write_if_changed(out_dir / MANIFEST, text.encode("utf-8"))
    return manifest
