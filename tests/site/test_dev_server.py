"""`serve`: the MIME types Pyodide needs, and a rebuild with the edited code on every change.

The rebuild test runs the real `python -m site_builder serve` on a temporary copy of the
project, edits the builder's and the engine's Python modules there, and reads the served pages:
a server that rebuilt with the modules it had already imported would keep serving the old text.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request

import pytest

from site_builder.commands import serve

from site_helpers import FIXTURES, ROOT

MARKER = "Marqueur-de-reconstruction"


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


class RunningServer:
    """`python -m site_builder serve` started in a project copy; its stderr is collected."""

    def __init__(self, project, content, out):
        self.port = _free_port()
        self.lines: list[str] = []
        self.process = subprocess.Popen(
            [sys.executable, "-m", "site_builder", "serve", "--content", str(content),
             "--out", str(out), "--port", str(self.port), "--pages-only"],
            cwd=project, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stderr:
            self.lines.append(line)

    @property
    def log(self) -> str:
        return "".join(self.lines)

    def page(self, path: str) -> str:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/{path}", timeout=5) as reply:
                return reply.read().decode("utf-8")
        except OSError:   # refused, reset or timed out (URLError is one too): not served yet
            return ""

    def stop(self):
        self.process.terminate()
        self.process.wait(10)


@pytest.fixture
def project(tmp_path):
    """The builder, the engine and a small content folder, copied whole, so the copy runs its
    own code even where the project is not installed in editable mode (`--pages-only`: the
    copy has no node_modules/ for Pyodide, and the pages are what this test reads)."""
    copy = tmp_path / "project"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for package in ("site_builder", "game"):
        shutil.copytree(ROOT / package, copy / package, ignore=ignore)
    shutil.copytree(FIXTURES / "ok", tmp_path / "content")
    return copy


def test_an_edit_to_the_builder_or_the_engine_is_served_with_the_new_code(project, tmp_path):
    server = RunningServer(project, tmp_path / "content", tmp_path / "_site")
    try:
        wait_for(lambda: "Bienvenue" in server.page(""), server, "the first build")
        assert MARKER not in server.page("")

        # A module of site_builder/, imported by the server's first build in today's code.
        render = project / "site_builder" / "render.py"
        edit(render, 'SITE_NAME = "', f'SITE_NAME = "{MARKER} ')
        wait_for(lambda: MARKER in server.page(""), server, "the site_builder edit")

        # A module of game/: the drawing labels of the worked example's page.
        labels = project / "game" / "messages" / "blocks.py"
        edit(labels, 'return f"Pénalités{NBSP}: {scores}"', 'return f"Amendes{NBSP}: {scores}"')
        wait_for(lambda: "Amendes\u00a0: Alice" in server.page("exemples/exemple-1/"), server,
                 "the game edit")

        # A broken module: the error is printed, the last good site is still served.
        healthy = render.read_text(encoding="utf-8")
        touch(render, healthy + '\nraise RuntimeError("broken on purpose")\n')
        wait_for(lambda: "still serving the last good site" in server.log, server, "the failure")
        assert "broken on purpose" in server.log
        assert MARKER in server.page("") and server.process.poll() is None

        # Repaired: the server rebuilds again.
        touch(render, healthy.replace(MARKER, MARKER + "-2"))
        wait_for(lambda: MARKER + "-2" in server.page(""), server, "the repair")
    finally:
        server.stop()


def test_an_author_error_is_printed_and_the_last_good_site_kept(project, tmp_path):
    server = RunningServer(project, tmp_path / "content", tmp_path / "_site")
    try:
        wait_for(lambda: "Bienvenue" in server.page(""), server, "the first build")
        home = tmp_path / "content" / "index.md"
        touch(home, "pas de front matter\n")
        wait_for(lambda: "still serving the last good site" in server.log, server, "the failure")
        assert "index.md:1:" in server.log
        assert "Bienvenue" in server.page("")
    finally:
        server.stop()


def edit(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path.name} no longer holds {old!r}: update this test"
    touch(path, text.replace(old, new))


def touch(path, text: str) -> None:
    """Write, then move the mtime forward: coarse file clocks must still see a change."""
    before = path.stat().st_mtime if path.exists() else 0.0
    path.write_text(text, encoding="utf-8")
    later = max(before, time.time()) + 2
    os.utime(path, (later, later))


def wait_for(condition, server: RunningServer, what: str, timeout: float = 90.0) -> None:
    """Poll until `condition()`: the bound only matters when the server never serves it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        if server.process.poll() is not None:
            break
        time.sleep(0.1)
    raise AssertionError(f"{what}: not served in time; server log:\n{server.log}")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
