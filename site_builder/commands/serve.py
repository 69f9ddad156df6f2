"""`python -m site_builder serve`: build, serve the output folder locally, rebuild on every change.

A thread polls modification times (no dependency, works everywhere). Each build runs in a fresh
`python -m site_builder build` process, so an edit to any module of `site_builder/` or `game/`
is built with the new code (a long-lived process would keep the modules it imported first).
A failed build is printed and the last good site keeps being served.
"""

from __future__ import annotations

import functools
import http.server
import subprocess
import sys
import threading
import time
from pathlib import Path

from .build import CONTENT, OUT, ROOT

CODE = (ROOT / "site_builder", ROOT / "game")
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


class ServeRefused(Exception):
    """The local server cannot start (the port is taken…); the message is one English line."""


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


def build_command(content_dir: Path = CONTENT, out_dir: Path = OUT, base_url: str | None = None,
                  site_url: str | None = None, browser_assets: bool = True) -> list[str]:
    """The `build` command line that `serve`'s options stand for."""
    command = [sys.executable, "-m", "site_builder", "build", "--content", str(content_dir),
               "--out", str(out_dir)]
    return (command + (["--base-url", base_url] if base_url else [])
            + (["--site-url", site_url] if site_url else [])
            + ([] if browser_assets else ["--pages-only"]))


def try_build(**options) -> bool:
    """One build in a fresh process; its report (author errors, traceback) goes to stderr."""
    started = time.perf_counter()
    done = subprocess.run(build_command(**options), cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        print(done.stdout + done.stderr, end="", file=sys.stderr)
        print(f"build failed (exit {done.returncode}); still serving the last good site",
              file=sys.stderr, flush=True)
        return False
    print(f"built in {time.perf_counter() - started:.2f} s", file=sys.stderr, flush=True)
    return True


def watch(options: dict, paths, seen: dict, interval: float = 0.5,
          stop: threading.Event | None = None) -> None:
    """Poll `paths` and rebuild when any file is added, removed or modified since `seen`
    (taken before the last build, so an edit made during that build is not missed)."""
    stop = stop or threading.Event()
    while not stop.wait(interval):
        now = snapshot(paths)
        if now != seen:
            seen = now
            try_build(**options)


def serve(host: str = "127.0.0.1", port: int = 8000, out_dir: Path = OUT, **options) -> None:
    options["out_dir"] = out_dir
    handler = functools.partial(Handler, directory=str(out_dir))
    try:
        server = http.server.ThreadingHTTPServer((host, port), handler)
    except OSError as error:
        raise ServeRefused(f"cannot serve on {host}:{port} ({error.strerror}): try --port") from None
    paths = (options.get("content_dir", CONTENT), *CODE)
    seen = snapshot(paths)
    try_build(**options)
    threading.Thread(target=watch, args=(options, paths, seen), daemon=True).start()
    with server:
        print(f"serving {out_dir} on http://{host}:{server.server_address[1]}/ (Ctrl+C to stop)",
              file=sys.stderr, flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
