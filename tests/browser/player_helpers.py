"""Reading the step player from the page, and the same facts computed by CPython's engine."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from harness import Guard, sealed_context, watch

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"

READ_TABLE = """(li) => [...li.querySelectorAll('[data-row]')].map(
    (row) => [...row.querySelectorAll('[data-card]')].map((card) => Number(card.dataset.card)))"""


def example_page_urls() -> list[str]:
    """Site paths of the content pages holding a worked example (CONTRIBUTING « Content pages »)."""
    urls = []
    for md in sorted(CONTENT.rglob("*.md")):
        if md.name == "README.md" or "```exemple" not in md.read_text(encoding="utf-8"):
            continue
        rel = md.relative_to(CONTENT).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "index":
            parts = parts[:-1]
        urls.append("".join(p + "/" for p in parts))
    return urls


def sections(page) -> list[dict]:
    """Each example section of the page: its id and scenario."""
    return page.eval_on_selector_all(
        "section.exemple[data-scenario]",
        "els => els.map((s) => ({id: s.id, scenario: JSON.parse(s.dataset.scenario)}))")


def current_step(page, section_id: str) -> dict:
    """The step the player shows: its number, table (from data-row/data-card) and text."""
    li = page.locator(f"#{section_id} li.etape:not([hidden])")
    assert li.count() == 1, f"{section_id}: {li.count()} steps shown at once"
    handle = li.element_handle()
    return {
        "n": int(li.get_attribute("data-step")),
        "id": li.get_attribute("id"),
        "rows": page.evaluate(READ_TABLE, handle),
        "text": li.locator("figcaption").inner_text(),
        "penalties": li.locator(".penalites").inner_text(),
    }


def button(page, section_id: str, action: str):
    return page.locator(f"#{section_id} .joueur-commandes button[data-action={action}]")


def field(page, section_id: str, name: str):
    return page.locator(f'#{section_id} .joueur-et-si input[name="{name}"]')


def field_error(page, section_id: str, name: str):
    input_id = field(page, section_id, name).get_attribute("id")
    return page.locator(f"#{input_id}-erreur")


def scenario_of(page, section_id: str) -> dict:
    return json.loads(page.get_attribute(f"#{section_id}", "data-scenario"))


# --- the engine's files (the reader path that starts it: harness.start_engine_by_what_if) -------

# What a cold engine start fetches (Pyodide, the engine's zip or snapshot, its manifest, the worker).
ENGINE_FILES = re.compile(r"/vendor/pyodide/|/engine-[0-9a-f]+\.(zip|snapshot\.gz)$|/engine\.json$|/js/worker\.js$")


# The engine's heavy files, as the tests that watch a page's own requests match them.
HEAVY = re.compile(r"pyodide|/engine-[0-9a-f]+\.zip|engine\.json")


def record_engine_requests(page) -> list[str]:
    """The URLs of the engine's files `page` requests from now on (worker requests included)."""
    seen: list[str] = []
    page.context.on("request", lambda r: ENGINE_FILES.search(r.url) and seen.append(r.url))
    return seen



# --- one context for the tests of a module that start no engine -------------------------------

@pytest.fixture(scope="module")
def reading_context(browser, server):
    """One sealed context for a module's tests that only read and step (no engine: its files,
    once fetched, would be in the context's cache for the next test). Nothing the player keeps
    outlives its page (no storage), so each test's fresh tab meets a fresh player."""
    guard = Guard()
    context = sealed_context(browser, server, guard, viewport={"width": 1200, "height": 900})
    yield context, guard
    context.close()


@pytest.fixture
def reading_page(reading_context):
    """A fresh tab of the module's reading context; the test fails if it reached another host or
    opened a dialog (as the `page` fixture)."""
    context, guard = reading_context
    guard.foreign.clear()
    guard.dialogs.clear()
    guard.page_errors.clear()
    tab = context.new_page()
    watch(tab, guard)
    yield tab
    tab.close()
    assert not guard.foreign, f"requests to other hosts: {guard.foreign}"
    assert not guard.dialogs, f"dialogs opened: {guard.dialogs}"


# The played cards beside a step's table and the takes under it, as the page draws them.
READ_TURN = """(root) => [...root.querySelectorAll('svg.sqp-tour [data-played]')].map(
    (g) => [Number(g.dataset.played), g.dataset.player, g.dataset.state])"""
READ_TAKES = """(root) => [...root.querySelectorAll('.ramasse')].map(
    (p) => [p.dataset.taker, [...p.querySelectorAll('[data-taken]')].map((g) => Number(g.dataset.taken))])"""


def shown(page, sid):
    """The step of example `sid` shown now."""
    return page.locator(f"#{sid} li.etape:not([hidden])").element_handle()
