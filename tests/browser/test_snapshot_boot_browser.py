"""The engine's memory snapshot made in the reader's browser (issue 25), in Chromium.

A first page boots Pyodide the normal way; once it is idle, a background worker makes a snapshot
and keeps it in Cache Storage under this build's key, dropping the one another build kept
(`harness.make_snapshot`, which asserts each of those steps: the run's `engine_snapshot` is made
by it); the next page starts from it.
A kept snapshot that is damaged, of another build or of another Pyodide build, or that the
storage quota refuses, means a normal boot that answers the same, never a broken page (and an
engine archive that cannot be fetched, a failed start, never costs the kept snapshot); a reader
who asked to save data gets no background work. Which way the worker started is what its
« ready » message said (<html data-demarrage>), and how the snapshot went is
<html data-instantane>: nothing is stubbed, the real workers run.
"""

from __future__ import annotations

import gzip
import json

import pytest

from game import web
from harness import (ANOTHER_BUILD, ASK, ENGINE, ENGINE_TIMEOUT_MS, SAVE_DATA, START, Guard,
                     keep_snapshot, kept_sizes, sealed_page, snapshot_state, snapshot_url)

pytestmark = pytest.mark.slow

FIRST, SECOND = "exemples/exemple-3/", "exemples/exemple-4/"


def scenario(page) -> dict:
    return json.loads(page.get_attribute("section.exemple", "data-scenario"))


def start_engine(page) -> str:
    """Start the page's engine; how it started (`snapshot` or `runtime`), once it answers right."""
    page.evaluate(START)
    boot = page.evaluate("document.documentElement.dataset.demarrage")
    message = {"type": "replay", "scenario": scenario(page)}
    theirs = page.evaluate(ASK, message)
    theirs.pop("ms", None)
    theirs.pop("id", None)
    ours = json.loads(web.handle(json.dumps(message)))
    assert theirs == ours and ours["ok"]
    return boot


@pytest.fixture
def reader(browser, server):
    """A returning reader's page, its Cache Storage empty: each case keeps the snapshot it needs
    before the page starts its engine. The context's guard is checked after."""
    guard = Guard()
    context, page = sealed_page(browser, server, guard, snapshots=True)
    page.goto(server.url(SECOND))
    yield page
    try:
        assert not guard.page_errors and not guard.foreign, guard
    finally:
        context.close()


def test_the_next_page_starts_from_the_snapshot_the_first_one_made(reader, server, engine_snapshot):
    keep_snapshot(reader, server, engine_snapshot)
    assert start_engine(reader) == "snapshot"
    reader.wait_for_timeout(1500)
    assert not reader.evaluate("document.documentElement.dataset.instantane")  # nothing to make


def another_pyodide_build(snapshot: bytes) -> bytes:
    """The snapshot as another Pyodide build would have made it (its build id differs)."""
    raw = bytearray(gzip.decompress(snapshot))
    raw[16:48] = bytes(32)  # header: magic, offsets, then the 32-byte build id
    return gzip.compress(bytes(raw), compresslevel=1)


# The two ways a kept copy can fail, each a path of its own in js/worker.js: the gzip stream
# does not inflate (snapshots.inflate rejects: a damaged byte here, as a copy cut short would;
# a copy cut short is the journeys', in Firefox and WebKit), or it inflates to what Pyodide refuses to
# restore (loadPyodide rejects: another Pyodide build's memory, as anything not a snapshot would).
DAMAGED = {
    "damaged byte": lambda good: good[:1000] + bytes([good[1000] ^ 0xFF]) + good[1001:],
    "another Pyodide build": another_pyodide_build,
}


@pytest.mark.parametrize("damage", DAMAGED, ids=list(DAMAGED))
def test_a_damaged_snapshot_means_a_normal_boot_and_is_forgotten(reader, server, engine_snapshot,
                                                                 damage):
    """The damaged copy is dropped before Python starts the normal way. The reader saves data
    here: no background work follows (no snapshot maker fetched, none made), which is also the
    saving reader's case; that a snapshot made replaces another is harness.make_snapshot's."""
    reader.add_init_script(SAVE_DATA)
    keep_snapshot(reader, server, DAMAGED[damage](engine_snapshot))
    requested = []
    reader.on("request", lambda request: requested.append(request.url))
    reader.reload()
    assert start_engine(reader) == "runtime"
    assert kept_sizes(reader) == {}
    assert snapshot_state(reader) == "economie"
    reader.wait_for_timeout(1000)
    assert not [url for url in requested if "snapshot-maker" in url], requested


# The page's engine started without waiting: <html data-echec> says why it failed, if it does;
# window.__stopped counts the workers the page stopped.
START_AND_NOTE = f"""() => {{ window.__stopped = 0; const stop = Worker.prototype.terminate;
  Worker.prototype.terminate = function () {{ window.__stopped++; return stop.call(this); }};
  import({ENGINE}).then((engine) => engine.start()).then(
    () => {{ document.documentElement.dataset.echec = ''; }},
    (error) => {{ document.documentElement.dataset.echec = String(error); }}); }}"""
# The site's worker run as is, outside js/engine.js (which stops a worker that failed): what it
# posts, kept in window.__posted.
RAW_WORKER = f"""() => {{ window.__posted = [];
    const worker = new Worker(new URL('worker.js', {ENGINE}), {{type: 'module'}});
    worker.onmessage = (event) => window.__posted.push(event.data);
    worker.postMessage({{type: 'boot'}}); }}"""


def test_an_engine_archive_that_cannot_be_fetched_fails_the_start_at_once_and_keeps_the_snapshot(
        reader, server, engine_snapshot):
    """No engine starts without its archive (game/), so when it cannot be fetched the start fails
    at once, not once the runtime's WebAssembly, twenty times its size, has come down a slow
    line (held here: it never comes), and the page stops the worker. The kept snapshot is not
    at fault: it stays for the next page, even where the worker goes on to restore it."""
    keep_snapshot(reader, server, engine_snapshot)
    reader.route("**/engine-*.zip", lambda route: route.abort())
    held = []
    reader.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    reader.evaluate(START_AND_NOTE)
    reader.wait_for_function("() => document.documentElement.dataset.echec !== undefined",
                             timeout=20_000)
    assert reader.evaluate("document.documentElement.dataset.echec").startswith("Error:")
    assert reader.evaluate("window.__stopped") == 1
    reader.unroute("**/pyodide.asm.wasm")
    for route in held:
        route.abort()
    # The worker itself, left running: the runtime arrives, the snapshot is restored, then the
    # archive's failure ends the boot, without a word against the snapshot.
    reader.evaluate(RAW_WORKER)
    reader.wait_for_function("() => window.__posted.some((m) => m.type === 'failed')",
                             timeout=20_000)
    reader.wait_for_function("() => window.__posted.some((m) => m.phase === 'engine')",
                             timeout=ENGINE_TIMEOUT_MS)
    reader.wait_for_timeout(2000)   # a snapshot dropped after the restore would be gone by now
    assert list(kept_sizes(reader)) == [snapshot_url(server)]


def test_another_builds_snapshot_is_not_used_and_one_the_quota_refuses_is_not_kept(browser, server,
                                                                                   engine_snapshot):
    """A good snapshot kept under another build's key is never read: the engine starts the normal
    way. The snapshot made next is refused by the storage quota: nothing of this build is kept, so
    the next page starts the normal way too. That a snapshot made and kept replaces another
    build's is checked wherever one is made (harness.make_snapshot, which makes the run's)."""
    guard = Guard()
    context, page = sealed_page(browser, server, guard, snapshots=True)
    try:
        page.goto(server.url(FIRST))
        keep_snapshot(page, server, engine_snapshot, server.url(ANOTHER_BUILD))
        used = page.evaluate("async () => (await navigator.storage.estimate()).usage")
        cdp = context.new_cdp_session(page)
        cdp.send("Storage.overrideQuotaForOrigin", {"origin": server.origin,
                                                    "quotaSize": used + 1_000_000})
        assert start_engine(page) == "runtime"
        assert snapshot_state(page) == "echec"
        assert list(kept_sizes(page)) == [server.url(ANOTHER_BUILD)]
        assert not guard.page_errors and not guard.foreign, guard
    finally:
        context.close()
