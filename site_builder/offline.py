"""The service worker as built: `static/sw.js` stamped with the build it belongs to.

A deploy must reach readers who already have the worker: its cache name carries a hash of
everything the build publishes, so any change gives a new worker (the browser compares the
script byte for byte), which installs, takes over and deletes the caches of older builds. The
Pyodide runtime is cached apart, under its version, so a deploy does not download it again.
"""

from __future__ import annotations

import hashlib
import json

from . import assets, search
from .browser_assets import GAME, game_sources

SERVICE_WORKER = "sw.js"
SEARCH_LIST = "js/recherche-hors-ligne.json"
"""The search bundle's files, which js/recherche.js hands to the worker to keep once the reader
has used the box on a page the worker controls: any later search then works offline."""
BUILD_MARK = "__BUILD__"
RUNTIME_MARK = "__RUNTIME__"


def service_worker(files: dict[str, str | bytes], runtime_version: str | None) -> str:
    """The text of sw.js for this build (the static file keeps the marks, for reading), its
    build named by 12 hex digits over the rendered files, the static ones and the engine's."""
    text = (assets.STATIC / SERVICE_WORKER).read_text(encoding="utf-8")
    for mark in (BUILD_MARK, RUNTIME_MARK):
        if text.count(f'"{mark}"') != 1:
            raise ValueError(f"static/{SERVICE_WORKER} must hold \"{mark}\" exactly once")
    published = {name: path.read_bytes() for name, path in assets.static_files().items()}
    published.update({name: data.encode("utf-8") if isinstance(data, str) else data
                      for name, data in files.items()})
    published.update(game_sources(GAME))
    digest = hashlib.sha256()
    for name in sorted(published):
        digest.update(name.encode("utf-8") + b"\0" + hashlib.sha256(published[name]).digest())
    return (text.replace(f'"{BUILD_MARK}"', f'"{digest.hexdigest()[:12]}"')
                .replace(f'"{RUNTIME_MARK}"', f'"{runtime_version or "none"}"'))


def search_list(files: dict[str, str | bytes]) -> str:
    """JSON list of the site-root-relative files a search may fetch (the `pagefind/` bundle)."""
    return json.dumps(sorted(name for name in files if name.startswith(search.FOLDER)), indent=0)
