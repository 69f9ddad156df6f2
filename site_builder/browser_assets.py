"""What the browser needs to run the engine: Pyodide's runtime and `game/` as one archive.

The site must work with no other host reachable, so Pyodide is self-hosted under a versioned
folder, and `game/` and the trimmed standard library (stdlib.py) are zips named by a hash of
their content: all can be cached forever. `engine.json` tells the worker where they are, with
the lock file's `info` (no package is loaded); its URLs are relative to the site root folder,
so the site works from any sub-path.
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"
GAME = ROOT / "game"

RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
)
FULL_STDLIB = "python_stdlib.zip"
"""Pyodide's whole standard library, shipped only when the trimmed one cannot be made."""
BOOT_SCRIPTS = Path(__file__).parent / "static" / "js"
BOOT_SCRIPT_NAMES = ("worker.js", "boot.js", "snapshots.js", "snapshot-maker.js")
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


def installed_pyodide(node_pyodide: Path = NODE_PYODIDE) -> str | None:
    """`pyodide_version`, or None when Pyodide is not installed."""
    return pyodide_version(node_pyodide) if (node_pyodide / "package.json").is_file() else None


def game_sources(game_dir: Path = GAME) -> dict[str, bytes]:
    """`game/…` → bytes of each Python file of the engine, in path order (what the browser runs)."""
    return {"game/" + path.relative_to(game_dir).as_posix(): path.read_bytes()
            for path in sorted(game_dir.rglob("*.py")) if "__pycache__" not in path.parts}


def engine_archive(game_dir: Path = GAME) -> bytes:
    """`game/`'s Python files as a deterministic zip (sorted names, fixed times)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in game_sources(game_dir).items():
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def _write_if_changed(target: Path, data: bytes) -> None:
    """Leave an identical file alone: its time stays, and a server's cache of it too."""
    if target.is_file() and target.read_bytes() == data:
        return
    target.write_bytes(data)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def write(out_dir, *, node_pyodide: Path = NODE_PYODIDE, game_dir: Path = GAME,
          trim: bool = True) -> dict:
    """Copy Pyodide, pack `game/`, add the trimmed standard library (when `trim` and Node can
    make it; Pyodide's whole one otherwise) and write `engine.json`; return the manifest."""
    out_dir = Path(out_dir)
    version = pyodide_version(node_pyodide)
    archive = engine_archive(game_dir)
    library = None
    if trim:
        from . import stdlib
        library = stdlib.trimmed(version, archive, node_pyodide)

    vendor = out_dir / "vendor" / "pyodide" / version
    vendor.mkdir(parents=True, exist_ok=True)
    runtime = RUNTIME_FILES + (() if library else (FULL_STDLIB,))
    for name in runtime:
        source = node_pyodide / name
        if not source.is_file():
            raise BrowserAssetsError(f"{source}: missing from the pyodide package; run npm ci "
                                     f"(or make setup) again")
        _write_if_changed(vendor / name, source.read_bytes())
    for stale in vendor.iterdir():
        if stale.name not in runtime:
            stale.unlink()

    archive_name = _write_hashed(out_dir, "engine", archive)
    if library:
        stdlib_name = _write_hashed(out_dir, "stdlib", library)
    else:
        stdlib_name = f"vendor/pyodide/{version}/{FULL_STDLIB}"
        for stale in out_dir.glob("stdlib-*.zip"):
            stale.unlink()

    manifest = {
        "engine": archive_name,
        "pyodide": f"vendor/pyodide/{version}/",
        "pyodide_version": version,
        "runtime": list(RUNTIME_FILES),
        "stdlib": stdlib_name,
        "lock": lock_contents(node_pyodide),
        # The worker's own modules: the service worker keeps them with the engine, since a
        # page's resource timings do not list what its worker imports.
        "scripts": [f"js/{name}" for name in BOOT_SCRIPT_NAMES],
    }
    # The worker's progress bar: the bytes of every file it fetches, known before it starts.
    fetched = [manifest["pyodide"] + name for name in RUNTIME_FILES if not name.endswith(".mjs")]
    fetched += [archive_name, stdlib_name]
    manifest["sizes"] = {name: (out_dir / name).stat().st_size for name in fetched}
    # What a memory snapshot made in the reader's browser depends on (js/snapshots.js keys its
    # copy in Cache Storage with it): the runtime, the engine, its library and the boot scripts.
    manifest["snapshot_key"] = _digest(json.dumps(
        [version, archive_name, stdlib_name, *(_digest((BOOT_SCRIPTS / name).read_bytes())
                                               for name in BOOT_SCRIPT_NAMES
                                               if (BOOT_SCRIPTS / name).is_file())]).encode())[:16]
    text = json.dumps(manifest, indent=2, sort_keys=True) + "\n"
    _write_if_changed(out_dir / MANIFEST, text.encode("utf-8"))
    return manifest


def lock_contents(node_pyodide: Path = NODE_PYODIDE) -> dict:
    """The lock file the worker hands to loadPyodide: the runtime's `info` and no package (the
    engine loads none), instead of fetching the 119 KB pyodide-lock.json."""
    lock = json.loads((node_pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    return {"info": lock["info"], "packages": {}}


def _write_hashed(out_dir: Path, stem: str, data: bytes) -> str:
    """Write `data` as `<stem>-<hash>.zip` (removing older ones) and return that name."""
    name = f"{stem}-{_digest(data)[:12]}.zip"
    for stale in out_dir.glob(f"{stem}-*.zip"):
        if stale.name != name:
            stale.unlink()
    _write_if_changed(out_dir / name, data)
    return name


GZIP_CACHE = ROOT / ".cache" / "gzip-sizes.json"


def engine_download_bytes(node_pyodide: Path = NODE_PYODIDE, game_dir: Path = GAME) -> int | None:
    """Bytes on the wire, gzip'd as GitHub Pages serves them, of what the worker downloads on a
    cold visit (runtime, engine, standard library as `write` ships it, the worker's scripts):
    the one figure the pages say at each control that starts the engine. None when Pyodide is
    not installed."""
    version = installed_pyodide(node_pyodide)
    if version is None:
        return None
    return _download_bytes(node_pyodide, version, engine_archive(game_dir))


@functools.lru_cache(maxsize=4)
def _download_bytes(node_pyodide: Path, version: str, archive: bytes) -> int:
    from . import stdlib

    library = stdlib.trimmed(version, archive, node_pyodide)
    blobs = [(node_pyodide / name).read_bytes() for name in RUNTIME_FILES]
    blobs.append(library if library else (node_pyodide / FULL_STDLIB).read_bytes())
    blobs += [(BOOT_SCRIPTS / name).read_bytes() for name in BOOT_SCRIPT_NAMES
              if name != "snapshot-maker.js" and (BOOT_SCRIPTS / name).is_file()]
    return sum(gzip_size(blob) for blob in blobs + [archive])


def gzip_size(data: bytes, cache: Path = GZIP_CACHE) -> int:
    """Size of `data` gzip'd at level 6 (nginx's and most hosts' text setting), cached on disk
    by content hash so a rebuild does not compress Pyodide's 10 MB again."""
    import gzip

    key = _digest(data)
    try:
        known = json.loads(cache.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        known = {}
    if key not in known:
        known[key] = len(gzip.compress(data, compresslevel=6, mtime=0))
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            cache.write_text(json.dumps(dict(list(known.items())[-64:])), encoding="utf-8")
        except OSError:
            pass   # a read-only checkout: the figure is still right, only slower next time
    return known[key]
