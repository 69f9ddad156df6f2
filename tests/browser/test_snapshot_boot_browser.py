"""The engine's memory snapshot made in the reader's browser (issue 25), in Chromium.

A first page boots Pyodide the normal way; once it is idle, a background worker makes a snapshot
and keeps it in Cache Storage; the next page starts from it. A kept snapshot that is damaged, of
another build or of another Pyodide build, or that the storage quota refuses, means a normal boot
that answers the same, never a broken page; a reader who asked to save data gets no background
work. Which way the worker started is what its « ready » message said (<html data-demarrage>),
and how the snapshot went is <html data-instantane>: nothing is stubbed, the real workers run.

The first visit is made once (`first_visit`): the next page's case and the damaged and other
build cases go on in its context, a new page each with the Cache Storage each case needs, so
its HTTP cache is warm as a returning reader's; the quota's and the saving reader's cases change
the context itself and have their own.
"""

from __future__ import annotations

import base64
import gzip
import json

import pytest

from game import web
from harness import ENGINE_TIMEOUT_MS, Guard, sealed_page

pytestmark = pytest.mark.slow

FIRST, SECOND = "exemples/exemple-3/", "exemples/exemple-4/"
CACHE = "six-qui-prend-snapshot"   # js/snapshots.js

# The page's own js/engine.js (the same module instance the page's scripts use), started and
# asked directly, so these tests do not depend on which control starts the engine.
ENGINE = """new URL("js/engine.js", [...document.scripts].find((s) => /\\/js\\/[^/]+[.]js$/.test(s.src)).src
  .replace(/js\\/[^/]+[.]js$/, ""))"""
START = f"async () => {{ const engine = await import({ENGINE}); await engine.start(); }}"
ASK = f"async (message) => {{ const engine = await import({ENGINE}); return engine.ask(message); }}"


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


def snapshot_state(page, timeout=ENGINE_TIMEOUT_MS) -> str:
    page.wait_for_function("() => document.documentElement.dataset.instantane", timeout=timeout)
    return page.evaluate("document.documentElement.dataset.instantane")


def kept(page) -> dict[str, int]:
    """The snapshots in Cache Storage: key URL → gzip'd bytes."""
    return page.evaluate(f"""async () => {{
        const cache = await caches.open("{CACHE}");
        const out = {{}};
        for (const request of await cache.keys()) {{
          out[request.url] = (await (await cache.match(request)).arrayBuffer()).byteLength;
        }}
        return out;
    }}""")


def key_url(server, built_site) -> str:
    key = json.loads((built_site / "engine.json").read_text())["snapshot_key"]
    return server.url(f"engine-snapshot-{key}")


def put(page, url: str, data: bytes) -> None:
    page.evaluate(f"""async ([url, text]) => {{
        const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
        await (await caches.open("{CACHE}")).put(url, new Response(bytes));
    }}""", [url, base64.b64encode(data).decode()])


@pytest.fixture(scope="module")
def first_visit(browser, server, built_site):
    """A reader's first page: a normal boot, then the snapshot made in the background and kept
    under this build's key. Made once for this module: the next page's test goes on in the same
    context, and the damaged cases damage a copy of its bytes (`good_snapshot`)."""
    guard = Guard()
    context, page = sealed_page(browser, server, guard, snapshots=True)
    try:
        page.goto(server.url(FIRST))
        assert start_engine(page) == "runtime"
        assert snapshot_state(page) == "fait"
        url = key_url(server, built_site)
        assert list(kept(page)) == [url]
        text = page.evaluate(f"""async (url) => {{
            const bytes = new Uint8Array(await (await (await caches.open("{CACHE}")).match(url)).arrayBuffer());
            let text = "";
            for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
            return btoa(text);
        }}""", url)
        assert not guard.page_errors and not guard.foreign, guard
        page.close()   # its engine's memory goes; the context keeps the snapshot
        yield context, guard, base64.b64decode(text)
    finally:
        context.close()


@pytest.fixture(scope="module")
def good_snapshot(first_visit) -> bytes:
    """The gzip'd snapshot Chromium made after a first boot."""
    return first_visit[2]


def test_the_next_page_starts_from_the_snapshot_the_first_one_made(first_visit, server):
    context, guard, _ = first_visit
    second = context.new_page()
    second.on("pageerror", lambda error: guard.page_errors.append(str(error)))
    second.goto(server.url(SECOND))
    assert start_engine(second) == "snapshot"
    second.wait_for_timeout(1500)
    assert not second.evaluate("document.documentElement.dataset.instantane")  # nothing to make
    assert not guard.page_errors and not guard.foreign, guard
    second.close()


def another_pyodide_build(snapshot: bytes) -> bytes:
    """The snapshot as another Pyodide build would have made it (its build id differs)."""
    raw = bytearray(gzip.decompress(snapshot))
    raw[16:48] = bytes(32)  # header: magic, offsets, then the 32-byte build id
    return gzip.compress(bytes(raw), compresslevel=1)


DAMAGED = {
    "not a snapshot": lambda good: gzip.compress(b"\x00not a snapshot\x00" * 4096),
    "truncated": lambda good: good[: len(good) // 2],
    "damaged byte": lambda good: good[:1000] + bytes([good[1000] ^ 0xFF]) + good[1001:],
    "another Pyodide build": another_pyodide_build,
}


@pytest.fixture
def next_page(first_visit, server):
    """A new page of the first visit's context (its HTTP cache warm, as a returning reader's),
    whose Cache Storage holds no snapshot yet: each case puts the one it needs. Closed after."""
    context, guard, _ = first_visit
    guard.foreign.clear()
    guard.page_errors.clear()
    page = context.new_page()
    page.on("pageerror", lambda error: guard.page_errors.append(str(error)))
    page.goto(server.url(SECOND))
    page.evaluate(f'caches.delete("{CACHE}")')
    assert kept(page) == {}
    yield page, guard
    page.close()


@pytest.mark.parametrize("damage", DAMAGED, ids=list(DAMAGED))
def test_a_damaged_snapshot_means_a_normal_boot_and_a_new_snapshot(server, built_site,
                                                                    good_snapshot, next_page,
                                                                    damage):
    page, guard = next_page
    url = key_url(server, built_site)
    bad = DAMAGED[damage](good_snapshot)
    put(page, url, bad)
    assert start_engine(page) == "runtime"
    assert snapshot_state(page) == "fait"   # the damaged copy was dropped, a good one made
    sizes = kept(page)
    assert list(sizes) == [url] and sizes[url] != len(bad)
    assert not guard.page_errors and not guard.foreign, guard


def test_a_snapshot_of_another_build_is_not_used_and_is_replaced(server, built_site,
                                                                 good_snapshot, next_page):
    page, guard = next_page
    other = server.url("engine-snapshot-0123456789abcdef")
    put(page, other, good_snapshot)
    assert start_engine(page) == "runtime"
    assert snapshot_state(page) == "fait"
    assert list(kept(page)) == [key_url(server, built_site)]   # the other build's is gone
    assert not guard.page_errors and not guard.foreign, guard


def test_a_snapshot_the_quota_refuses_means_normal_boots(browser, server):
    guard = Guard()
    context, page = sealed_page(browser, server, guard, snapshots=True)
    try:
        page.goto(server.url(FIRST))
        cdp = context.new_cdp_session(page)
        cdp.send("Storage.overrideQuotaForOrigin", {"origin": server.origin, "quotaSize": 1_000_000})
        assert start_engine(page) == "runtime"
        assert snapshot_state(page) == "echec"
        assert kept(page) == {}
        page.goto(server.url(SECOND))
        assert start_engine(page) == "runtime"
        assert not guard.page_errors and not guard.foreign, guard
    finally:
        context.close()


def test_a_reader_saving_data_gets_no_background_work(browser, server):
    guard = Guard()
    context, page = sealed_page(browser, server, guard, snapshots=True)
    try:
        context.add_init_script("Object.defineProperty(navigator, 'connection', "
                                "{value: {saveData: true}, configurable: true})")
        requested = []
        context.on("request", lambda request: requested.append(request.url))
        page.goto(server.url(FIRST))
        assert start_engine(page) == "runtime"
        assert snapshot_state(page) == "economie"
        page.wait_for_timeout(1000)
        assert not [url for url in requested if "snapshot-maker" in url], requested
        assert kept(page) == {}
        assert not guard.page_errors and not guard.foreign, guard
    finally:
        context.close()
