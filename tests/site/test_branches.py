"""What the build writes so that stepping, a first row choice and the quiz need no engine
(site_builder/branches.py, issue 25 point 1), read back from the built site and checked against
CPython's engine through the variant registry, not through the code that wrote it."""

from __future__ import annotations

import html as html_lib
import json
import re

import pytest

from game import variants
from site_builder.browser_assets import engine_download_bytes

SECTION = re.compile(r'<section class="exemple"[^>]*>')


def attributes(tag: str) -> dict[str, str]:
    return {k: html_lib.unescape(v) for k, v in re.findall(r'([\w-]+)="([^"]*)"', tag)}


def sections(site):
    """(page folder, attributes) of every example section of the built site."""
    for page in sorted(site.rglob("index.html")):
        for tag in SECTION.findall(page.read_text(encoding="utf-8")):
            yield page.parent, attributes(tag)


def page_steps(scenario: dict) -> list[dict]:
    """The engine's steps as the page acts on them (the registry's page_step: choice, target)."""
    variant = variants.of(scenario)
    return [variant.page_step(scenario, s) for s in variant.replay(scenario, draw=False, pause=True)]


def offered(scenario: dict, steps: list[dict]) -> set[str]:
    """`"step:row"` of every deviation a reader can take, from the engine's own steps."""
    found = set()
    for step in steps:
        if scenario.get("variant") == "junior":
            if step.get("target"):
                found |= {f"{step['n']}:{r}" for r in range(len(step["rows"])) if r != step["target"]["row"]}
        elif step.get("choice"):
            choice = step["choice"]
            found |= {f"{step['n']}:{o['row']}" for o in choice["options"] if o["row"] != choice["chosen"]}
    return found


def test_every_example_carries_its_steps_facts(built_site):
    count = 0
    for _, section in sections(built_site):
        scenario = json.loads(section["data-scenario"])
        steps = page_steps(scenario)
        facts = json.loads(section["data-pas"])
        assert [(f["n"], f["kind"]) for f in facts] == [(s["n"], s["kind"]) for s in steps]
        assert [f["nrows"] for f in facts] == [len(s["rows"]) for s in steps]
        assert [f["choice"] for f in facts] == [s.get("choice") for s in steps]
        assert [f["target"] for f in facts] == [s.get("target") for s in steps]
        count += 1
    assert count >= 20


def test_every_single_deviation_is_prerendered_and_agrees_with_the_engine(built_site):
    """choix.json beside the page holds each offered deviation: the engine's replay with that
    row (or its refusal), so the player shows it without starting Pyodide."""
    checked = 0
    for folder, section in sections(built_site):
        scenario = json.loads(section["data-scenario"])
        variant = variants.of(scenario)
        steps = variant.replay(scenario, draw=False, pause=True)
        wanted = offered(scenario, page_steps(scenario))
        if not wanted:
            assert "data-choix" not in section, section["id"]
            continue
        branches = json.loads((folder / section["data-choix"]).read_text(encoding="utf-8"))
        mine = branches[section["data-exemple"]]
        assert set(mine) == wanted, section["id"]
        for key, answer in mine.items():
            n, row = map(int, key.split(":"))
            try:
                expected = variant.replay(variant.with_choice(scenario, steps[n], row), draw=False, pause=True)
            except Exception:   # a move the engine refuses: the build kept the refusal, in French
                assert answer["ok"] is False and answer["errors"][0]["message"], (section["id"], key)
                continue
            assert answer["ok"], (section["id"], key)
            assert [s["rows"] for s in answer["steps"]] == [s["rows"] for s in expected], (section["id"], key)
            assert all(s["html"] for s in answer["steps"])   # the markup to show, drawn by Python
            checked += 1
    assert checked >= 20


def test_a_page_without_a_decision_has_no_branch_file(built_site):
    assert not (built_site / "exemples" / "exemple-1" / "choix.json").exists()
    assert (built_site / "exemples" / "exemple-3" / "choix.json").exists()


def test_the_controls_that_start_the_engine_say_what_it_downloads(built_site):
    """The figure the pages give is the one the build computes from the engine it ships."""
    download = engine_download_bytes()
    assert download and 1_000_000 < download < 4_500_000   # issue 25 point 2: ≤ 4.5 MB cold
    for _, section in sections(built_site):
        assert section["data-moteur-octets"] == str(download), section["id"]
    shown = f"(environ {download / 1e6:.1f}\u00a0Mo)".replace(".", ",")
    for page in ("outils/jouer", "outils/explorer"):
        text = (built_site / page / "index.html").read_text(encoding="utf-8")
        assert f"<span data-moteur-taille>\u00a0{shown}</span>" in text, page


@pytest.mark.parametrize("page", ["exemples/exemple-6", "junior/avance", "variantes/cartes-speciales"])
def test_a_branch_file_is_small_next_to_the_engine(built_site, page):
    import gzip
    data = (built_site / page / "choix.json").read_bytes()
    assert len(gzip.compress(data)) < 100_000, page   # fetched on a first choice only
