"""`python -m site_builder serve`: build, serve `_site/` locally, rebuild on every change.

A thread polls modification times (no dependency, works everywhere); author errors are
printed and the last good site keeps being served.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
import time
from pathlib import Path

from ..problems import AuthorErrors
from .build import CONTENT, OUT, ROOT, build

WATCHED = (CONTENT, ROOT / "site_builder", ROOT / "game")
MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
    ".css": "text/css",
    ".html": "text/html",
    ".xml": "application/xml",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs (module scripts, wasm)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):  # quieter: errors only
        if args and str(args[1] if len(args) > 1 else "").startswith(("4", "5")):
            super().log_message(format, *args)


def snapshot(paths) -> dict[str, float]:
    """Modification time of every watched file (a rebuild happens when this changes)."""
    times = {}
    for base in paths:
        for path in sorted(Path(base).rglob("*")):
            if "__pycache__" in path.parts or path.suffix == ".pyc" or not path.is_file():
                continue
            try:
                times[str(path)] = path.stat().st_mtime
            except FileNotFoundError:
                pass  # removed while we looked
    return times


def try_build(**options) -> bool:
    started = time.perf_counter()
    try:
        build(**options)
    except AuthorErrors as errors:
        print(errors, file=sys.stderr)
        print(f"build failed: {len(errors.problems)} error(s); still serving the last good site",
              file=sys.stderr)
        return False
    except Exception as error:  # a bug in game/ or a template must not kill the server
        print(f"build crashed: {type(error).__name__}: {error}", file=sys.stderr)
        return False
    print(f"built in {time.perf_counter() - started:.2f} s", file=sys.stderr)
    return True


def watch(options: dict, interval: float = 0.5, stop: threading.Event | None = None,
          paths=WATCHED, seen: dict | None = None) -> None:
    """Poll `paths` and rebuild when any file is added, removed or modified since `seen`
    (taken before the last build, so an edit made during that build is not missed)."""
    stop = stop or threading.Event()
    seen = snapshot(paths) if seen is None else seen
    while not stop.wait(interval):
        now = snapshot(paths)
        if now != seen:
            seen = now
            _reload_engine()
            try_build(**options)


def _reload_engine() -> None:
    """Forget the imported engine (and the builder module bound to it) so a rebuild uses the
    edited code; site_builder's own modules are not reloaded."""
    from .. import blocks

    engine = [n for n in sys.modules if n == "game" or n.startswith("game.")]
    for name in engine:
        sys.modules.pop(name, None)
    blocks.reset()


def serve(host: str = "127.0.0.1", port: int = 8000, out_dir: Path = OUT, **options) -> None:
    options["out_dir"] = out_dir
    handler = functools.partial(Handler, directory=str(out_dir))
    try:
        server = http.server.ThreadingHTTPServer((host, port), handler)
    except OSError as error:
        raise SystemExit(f"cannot serve on {host}:{port} ({error.strerror}): try --port") from None
    seen = snapshot(WATCHED)
    try_build(**options)
    threading.Thread(target=watch, args=(options,), kwargs={"seen": seen}, daemon=True).start()
    with server:
        print(f"serving {out_dir} on http://{host}:{port}/ (Ctrl+C to stop)", file=sys.stderr)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
