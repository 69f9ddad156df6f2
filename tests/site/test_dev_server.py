"""`serve`: the MIME types Pyodide needs, and a rebuild when a watched file changes."""

from __future__ import annotations

import functools
import os
import http.server
import threading
import time
import urllib.request

from site_builder.commands import serve

from site_helpers import FIXTURES


def test_served_files_have_module_and_wasm_mime_types(tmp_path):
    for name in ("a.mjs", "b.wasm", "c.js", "d.css", "e.svg", "index.html"):
        (tmp_path / name).write_bytes(b"x")
    handler = functools.partial(serve.Handler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        types = {}
        for name in ("a.mjs", "b.wasm", "c.js", "d.css", "e.svg", "index.html"):
            with urllib.request.urlopen(base + name) as response:
                types[name] = response.headers["Content-Type"].split(";")[0]
    finally:
        server.shutdown()
        server.server_close()
    assert types == {"a.mjs": "text/javascript", "b.wasm": "application/wasm",
                     "c.js": "text/javascript", "d.css": "text/css", "e.svg": "image/svg+xml",
                     "index.html": "text/html"}


def test_watcher_rebuilds_after_an_edit_and_survives_an_author_error(tmp_path, monkeypatch):
    content = tmp_path / "content"
    for source in (FIXTURES / "ok").rglob("*.md"):
        target = content / source.relative_to(FIXTURES / "ok")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(source.read_bytes())
    out = tmp_path / "_site"
    monkeypatch.setattr(serve, "_reload_engine", lambda: None)
    options = {"content_dir": content, "out_dir": out, "browser_assets": False}
    seen = serve.snapshot((content,))
    assert serve.try_build(**options)
    stop = threading.Event()
    watcher = threading.Thread(target=serve.watch, args=(options, 0.05, stop, (content,), seen),
                               daemon=True)
    watcher.start()
    try:
        home = content / "index.md"
        home.write_text(home.read_text(encoding="utf-8").replace("Bienvenue", "Salut"),
                        encoding="utf-8")
        os.utime(home, (time.time() + 5, time.time() + 5))  # coarse mtime clocks
        _wait_for(lambda: "Salut" in (out / "index.html").read_text(encoding="utf-8"))
        home.write_text("pas de front matter\n", encoding="utf-8")  # an author error
        time.sleep(0.5)
        assert "Salut" in (out / "index.html").read_text(encoding="utf-8")
        assert watcher.is_alive()
    finally:
        stop.set()
        watcher.join(5)


def _wait_for(condition, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if condition():
                return
        except FileNotFoundError:
            pass
        time.sleep(0.05)
    raise AssertionError("the site was not rebuilt in time")
