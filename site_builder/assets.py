"""Writing the site: every file goes to a fresh temporary folder, which then replaces the
old site in one rename, so a reader (or `serve`) never sees a half-written site.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

STATIC = Path(__file__).parent / "static"
PRESERVED = ("vendor",)
"""Big runtime files (Pyodide) carried over from the previous site by hard links; the browser
assets step re-checks them and only copies what changed, so a rebuild stays fast."""


def static_files() -> dict[str, Path]:
    """Site path → source of every file of `site_builder/static/`, copied to the site root."""
    return {
        path.relative_to(STATIC).as_posix(): path
        for path in sorted(STATIC.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


def write_site(out_dir: Path, files: dict[str, str | bytes], *, browser_assets: bool) -> None:
    """Write `files` plus static files (and browser assets) to a temp dir, then swap it in."""
    out_dir = Path(out_dir).resolve()
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    temp = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}-", dir=out_dir.parent))
    try:
        for name in PRESERVED:
            if (out_dir / name).is_dir():
                try:
                    shutil.copytree(out_dir / name, temp / name, copy_function=os.link)
                except OSError:   # another filesystem: copied later
                    shutil.rmtree(temp / name, ignore_errors=True)
        written = {name: source.read_bytes() for name, source in static_files().items()}
        for name, data in sorted({**written, **files}.items()):   # a built file wins (sw.js)
            target = temp / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
        if browser_assets:
            from . import browser_assets as assets
            assets.write(temp)
        os.chmod(temp, 0o755)
        _swap(temp, out_dir)
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        raise


def _swap(new: Path, out_dir: Path) -> None:
    """Replace `out_dir` by `new` with renames only (the old tree is removed afterwards)."""
    if out_dir.exists():
        trash = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}-old-", dir=out_dir.parent))
        os.rename(out_dir, trash / "site")
        os.rename(new, out_dir)
        shutil.rmtree(trash, ignore_errors=True)
    else:
        os.rename(new, out_dir)
