"""The engine's two ways to start, in Chromium (issue 14): from the build's memory snapshot, and,
when the snapshot cannot be used, the normal Pyodide boot. Both must replay the worked examples
as CPython does. Which way the worker took is what its « ready » message said, which js/engine.js
writes on <html data-demarrage> (nothing is stubbed: the real worker, the real files, a really
damaged one).
"""

from __future__ import annotations

import json
import shutil

import pytest

from game import web
from harness import ENGINE_TIMEOUT_MS, Guard, sealed_page, serve
from player_helpers import button, current_step, scenario_of

pytestmark = pytest.mark.slow

PAGE, SID = "exemples/exemple-3/", "exemple-3"


def boot_and_replay(browser, server) -> tuple[list, list]:
    """Start the engine on an example page: (how the worker booted, each step's rows as drawn)."""
    guard = Guard()
    context, page = sealed_page(browser, server, guard)
    try:
        page.goto(server.url(PAGE))
        button(page, SID, "next").click()
        page.wait_for_selector(f"#{SID}[data-moteur=pret]", state="attached", timeout=ENGINE_TIMEOUT_MS)
        boot = page.evaluate("document.documentElement.dataset.demarrage")
        steps = web.steps_for(scenario_of(page, SID))
        shown = []
        button(page, SID, "first").click()
        for i, _ in enumerate(steps):
            shown.append(current_step(page, SID)["rows"])
            if i < len(steps) - 1:
                button(page, SID, "next").click()
        assert [s["rows"] for s in steps] == shown   # the engine's steps, as CPython computes them
        # And a decision only the engine can answer: the reader takes another row.
        choice = next(s for s in steps if s.get("choice"))
        other = next(o["row"] for o in choice["choice"]["options"] if o["row"] != choice["choice"]["chosen"])
        expected = json.loads(web.handle(json.dumps({"type": "choose", "scenario": scenario_of(page, SID),
                                                      "step": choice["n"], "row": other})))
        assert expected["ok"]
        button(page, SID, "first").click()
        for _ in range(choice["n"]):
            button(page, SID, "next").click()
        page.click(f'#{SID} .joueur-choix button[data-choix="{other}"]')
        page.wait_for_selector(f'#{SID} .joueur-choix button[data-choix="{other}"][aria-pressed=true]',
                               timeout=ENGINE_TIMEOUT_MS)
        button(page, SID, "last").click()
        last = current_step(page, SID)["rows"]
        assert last == expected["steps"][-1]["rows"]
        assert not guard.page_errors and not guard.foreign, guard
        return boot, shown
    finally:
        context.close()


def test_chromium_starts_the_engine_from_the_snapshot(browser, server):
    boot, _ = boot_and_replay(browser, server)
    assert boot == "snapshot"


def test_a_damaged_snapshot_falls_back_to_the_normal_boot_with_the_same_replay(browser, built_site, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(built_site, site, symlinks=True)
    manifest = json.loads((site / "engine.json").read_text(encoding="utf-8"))
    damaged = site / manifest["snapshot"]
    damaged.write_bytes(damaged.read_bytes()[:4096])   # a cut download: gzip ends too soon
    running = serve(site)
    try:
        boot, _ = boot_and_replay(browser, running)
    finally:
        running.httpd.shutdown()
        running.httpd.server_close()
    assert boot == "runtime"
