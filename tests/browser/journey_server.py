"""The journeys' server: the built site under /depot/, as the other browser tests serve it, plus
what a journey needs on any engine.

- `journey_probe.js` is injected first in every HTML page (before the page's Content Security
  Policy applies), and its reports land in `reports`;
- `offline = True` drops every connection unanswered, as a network that is gone: what a page
  shows then comes from its service worker alone; a path in `missing` is answered 404, as a
  file that did not load;
- `proxy` is a recording proxy: an engine with no request events (WebKit) sends its requests
  for other hosts there, and they land in `foreign` (answered 403, never forwarded);
- `blank` is an empty page of the same origin outside /depot/, so outside the service worker's
  scope: where a journey's session forgets the last journey's storage (engines.Driver.forget).
"""

from __future__ import annotations

import functools
import http.server
import json
import threading
from dataclasses import dataclass, field
from pathlib import Path

from harness import SUB_PATH, QuietServer, _Handler, offer

PROBE = Path(__file__).with_name("journey_probe.js")
PROBE_PATH = SUB_PATH + "__journey__/probe.js"
REPORT_PATH = SUB_PATH + "__journey__/report"
PROBE_TAG = f'<script src="{PROBE_PATH}"></script>'.encode()
BLANK_PATH = "/__journey__/blank"


@dataclass
class State:
    offline: bool = False
    missing: set[str] = field(default_factory=set)
    reports: list[dict] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)


class JourneyHandler(_Handler):
    state: State

    def handle_one_request(self):
        if self.state.offline:
            self.close_connection = True   # no answer at all: the network is gone
            return
        super().handle_one_request()

    def do_POST(self):
        if self.path != REPORT_PATH:
            self.send_error(404)
            return
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            self.state.reports.append(json.loads(body))
        except ValueError:
            self.state.reports.append({"kind": "error", "text": f"unreadable report: {body!r}"})
        self.send_response(204)
        self.end_headers()

    def do_GET(self):
        if self.path in self.state.missing:
            self.send_error(404)
            return
        if self.path == BLANK_PATH:
            # An icon of its own: without one, Chromium asks for /favicon.ico, a 404 that it
            # logs as a console error whenever it comes before the next journey forgets errors.
            self._send(f'<!doctype html><title>blank</title><link rel="icon" href="{SUB_PATH}'
                       'favicon.svg">'.encode(), "text/html; charset=utf-8")
            return
        if self.path == PROBE_PATH:
            self._send(PROBE.read_bytes(), "text/javascript")
            return
        target = Path(self.translate_path(self.path))
        if target.is_dir():
            target = target / "index.html"
        if target.suffix == ".html" and target.is_file() and self.path.startswith(SUB_PATH):
            html = target.read_bytes()
            head = html.find(b"<head>")
            if head >= 0:
                html = html[:head + 6] + PROBE_TAG + html[head + 6:]
            self._send(html, "text/html; charset=utf-8")
            return
        super().do_GET()

    def _send(self, body: bytes, kind: str):
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def end_headers(self):
        if self.path == PROBE_PATH:   # kept in the HTTP cache: a page loaded offline still has it
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
            http.server.SimpleHTTPRequestHandler.end_headers(self)
        else:
            super().end_headers()


class RecordingProxy(http.server.BaseHTTPRequestHandler):
    state: State

    def _refuse(self):
        self.state.foreign.append(self.path)
        self.send_response(403)
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_GET = do_POST = do_HEAD = do_PUT = do_CONNECT = _refuse

    def log_message(self, *args):
        pass


@dataclass
class JourneyServer:
    root: Path
    state: State
    httpd: QuietServer
    proxy_httpd: QuietServer

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    @property
    def proxy(self) -> str:
        return f"127.0.0.1:{self.proxy_httpd.server_address[1]}"

    def url(self, path: str = "") -> str:
        return self.origin + SUB_PATH + path.lstrip("/")

    @property
    def blank(self) -> str:
        return self.origin + BLANK_PATH

    def offer(self, data: bytes) -> str:
        """Where a page of the site fetches `data` (harness.offer)."""
        return offer(self.httpd, self.origin, data)

    def take_reports(self) -> tuple[list[str], list[str]]:
        """(errors, foreign requests) reported since the last call."""
        reports, self.state.reports[:] = list(self.state.reports), []
        foreign, self.state.foreign[:] = list(self.state.foreign), []
        errors = [f"{r.get('page')}: {r.get('text')}" for r in reports if r.get("kind") == "error"]
        return errors, foreign + [r.get("text") for r in reports if r.get("kind") == "foreign"]

    def close(self):
        for httpd in (self.httpd, self.proxy_httpd):
            httpd.shutdown()
            httpd.server_close()


def serve_journeys(root: Path) -> JourneyServer:
    state = State()
    handler = type("Handler", (JourneyHandler,), {"state": state})
    proxy = type("Proxy", (RecordingProxy,), {"state": state})
    servers = []
    for httpd in (QuietServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root))),
                  QuietServer(("127.0.0.1", 0), proxy)):
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        servers.append(httpd)
    return JourneyServer(Path(root), state, *servers)
