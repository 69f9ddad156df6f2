"""Repeat visits and offline reading: the service worker keeps the runtime and the engine."""

from __future__ import annotations

import pytest

from harness import ENGINE_TIMEOUT_MS, Guard, serve, wait_for_engine, watch
from player_helpers import button, current_step

pytestmark = pytest.mark.slow

RUNTIME_CACHED = """async () => {
    const cache = await caches.open('six-qui-prend-v1');
    const keys = (await cache.keys()).map((request) => request.url);
    return keys.some((url) => url.endsWith('pyodide.asm.wasm'))
        && keys.some((url) => /engine-[0-9a-f]+[.]zip$/.test(url))
        && keys.some((url) => /engine-[0-9a-f]+[.]snapshot[.]gz$/.test(url));
}"""

PAGE_CACHED = """async (url) => {
    const cache = await caches.open('six-qui-prend-v1');
    const wanted = [url, ...['player.js', 'engine.js', 'worker.js', 'player.css']
        .map((name) => new URL('../../js/' + name, url).href)];
    const found = await Promise.all(wanted.map((u) => cache.match(u)));
    return found.every((response) => response !== undefined);
}"""


def test_a_visited_example_works_offline(browser, built_site):
    # Routing makes Chromium bypass service workers, so this context is watched, not routed:
    # a request to another host is still recorded and fails the test.
    # Its own server, stopped half-way: the site is then really unreachable (DevTools' offline
    # emulation also blocks the service worker's cache in this Chromium).
    server = serve(built_site)
    guard = Guard()
    context = browser.new_context(locale="fr-FR")  # service workers allowed here
    context.on("request", lambda request: None if request.url.startswith(server.origin + "/")
               else guard.foreign.append(request.url))
    try:
        page = context.new_page()
        watch(page, guard)
        page.goto(server.url("exemples/exemple-4/"))
        button(page, "exemple-4", "next").click()
        wait_for_engine(page)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function(RUNTIME_CACHED, timeout=ENGINE_TIMEOUT_MS, polling=500)
        page.wait_for_function(PAGE_CACHED, arg=page.url.split("#")[0], timeout=ENGINE_TIMEOUT_MS, polling=500)

        page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                               timeout=ENGINE_TIMEOUT_MS)  # activated and in charge of the page
        server.httpd.shutdown()
        server.httpd.server_close()
        page.reload()
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        start = current_step(page, "exemple-4")["n"]
        button(page, "exemple-4", "next").click()
        wait_for_engine(page)  # the engine boots from the cache, with no network at all
        button(page, "exemple-4", "next").click()
        assert current_step(page, "exemple-4")["n"] == start + 2
    finally:
        context.close()
        server.httpd.server_close()
    assert not guard.foreign and not guard.dialogs
