"""A pytest plugin that counts, per browser test module, the contexts opened and the engine
boots (the test server's GETs of js/worker.js; `wasm`: of pyodide.asm.wasm), with each module's
tests and seconds, into $P28_COUNTS (default /tmp/browser_counts.json). Timings are noisy on a
loaded machine; these counts are not.

    PYTHONPATH=bench .venv/bin/python -m pytest -p browser_counts tests/browser/test_player.py …
"""
import collections, json, os, time
import pytest

COUNTS = collections.defaultdict(lambda: {"contexts": 0, "boots": 0, "wasm": 0, "seconds": 0.0, "tests": 0})
CURRENT = ["?"]


def pytest_collection_finish(session):
    import harness
    from playwright.sync_api._generated import Browser
    orig_new_context = Browser.new_context

    def new_context(self, *a, **k):
        COUNTS[CURRENT[0]]["contexts"] += 1
        return orig_new_context(self, *a, **k)
    Browser.new_context = new_context
    orig_get = harness._Handler.do_GET

    def do_GET(self):
        path = self.path.split("?")[0]
        if path.endswith("/js/worker.js"):
            COUNTS[CURRENT[0]]["boots"] += 1
        if path.endswith("pyodide.asm.wasm"):
            COUNTS[CURRENT[0]]["wasm"] += 1
        return orig_get(self)
    harness._Handler.do_GET = do_GET


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    CURRENT[0] = os.path.basename(str(item.fspath))
    t = time.monotonic()
    yield
    COUNTS[CURRENT[0]]["seconds"] += time.monotonic() - t
    COUNTS[CURRENT[0]]["tests"] += 1


def pytest_sessionfinish(session):
    out = os.environ.get("P28_COUNTS", "/tmp/browser_counts.json")
    with open(out, "w") as f:
        json.dump(COUNTS, f, indent=1, sort_keys=True)
