"""CONTRIBUTING.md's tables are the project's contracts: they must say what the code does.

Checked: the events table against `game.events` (types and fields), the worker messages table
against `game.web.HANDLERS`, the list of variants against `game.variants.MODULES`, every file
and path written in CONTRIBUTING.md or README.md against the tree (none stale; the docs need not
name every file), the fenced blocks against the registry, the keys of js/tetes.json against the
build's, and every « RULES § » the code cites against the sections of docs/rules.md.
"""

from __future__ import annotations

import json
import re
from dataclasses import fields
from pathlib import Path

from game import events, variants, web

TEXT = (Path(__file__).resolve().parents[2] / "CONTRIBUTING.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    start = TEXT.index(f"## {title}")
    end = TEXT.find("\n## ", start + 1)
    return TEXT[start:end if end != -1 else None]


def top_level_names(cell: str) -> set[str]:
    """`turn, plays: [{player, card}] in order` → {"turn", "plays"}: names outside brackets."""
    depth, words, current = 0, [], ""
    for ch in cell:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            words.append(current)
            current = ""
        elif depth == 0:
            current += ch
    words.append(current)
    return {m.group(1) for w in words if (m := re.match(r"\s*(\w+)", w))}


def test_the_events_table_lists_every_event_with_its_fields():
    rows = re.findall(r"^\| `(\w+)` \| (.+) \|$", section("Events"), re.M)
    documented = {kind: top_level_names(cell) for kind, cell in rows}
    code = {kind: {f.name for f in fields(cls)} for kind, cls in events.EVENT_TYPES.items()
            if cls.__module__ == "game.events"}   # the shared (classic) events; specials document theirs
    assert documented == code


def test_the_worker_messages_table_lists_every_handler():
    table = section("Worker messages")
    documented = set(re.findall(r"`(\w+)`", "\n".join(line.split("|")[1] for line in table.splitlines()
                                                       if line.startswith("| `"))))
    assert documented == set(web.HANDLERS)


def test_every_variant_of_the_registry_is_documented():
    listed = set(re.findall(r"`(\w+)`", section("Variants").split("nothing is guessed")[0]))
    assert set(variants.MODULES) <= listed


def test_every_field_of_a_variant_is_documented():
    described = set(re.findall(r"`(\w+)`", section("Variants").split("nothing is guessed")[1]))
    missing = ({f.name for f in fields(variants.Variant)} | {f.name for f in fields(variants.Seat)}) \
        - described - {"name", "title", "min_players", "max_players"}
    assert not missing, f"CONTRIBUTING « Variants » does not name {sorted(missing)}"


# ---------------------------------------------------------------- the layout and the paths

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CODE_DIRS = ("game", "site_builder")
BUILT = {"engine.json", "tetes.json"}   # named in the layout, written by the build
FILE_NAME = re.compile(r"(?<![\w./-])([\w-]+\.(?:py|js|mjs|css|html|xml|svg|json|md))(?![\w-])")


def test_every_file_the_layout_names_exists():
    existing = {path.name for folder in (*CODE_DIRS, "tests", "bench", "content")
                for path in (ROOT / folder).rglob("*")} | {p.name for p in ROOT.iterdir()}
    stale = sorted(set(FILE_NAME.findall(section("Architecture"))) - existing - BUILT)
    assert not stale, f"the Architecture of CONTRIBUTING.md names files that do not exist: {stale}"


def test_every_path_the_docs_write_exists():
    paths = set(re.findall(r"`((?:game|site_builder|tests|bench|content)/[\w./-]*)", TEXT + README))
    stale = sorted(p for p in paths if not (ROOT / p).exists())
    assert not stale, f"CONTRIBUTING.md or README.md names paths that do not exist: {stale}"


def test_the_content_section_names_every_registered_block():
    from site_builder import blocks
    documented = set(re.findall(r"```` ```([\w-]+) ````", section("Content pages")))
    assert documented == set(blocks.names())


def test_the_tools_json_keys_are_the_documented_ones():
    from game.junior.rules import LEVELS
    from site_builder import tools_assets

    block = section("Rules for the tools").split("```")[1]
    documented = set(re.findall(r'"(\w+)":', block))

    def keys(value) -> set[str]:
        """Every key at any depth, but NAME, "<players>" and levels: values, not fields."""
        if isinstance(value, dict):
            own = {k for k in value if not k.isdigit() and k not in LEVELS + tuple(variants.names())}
            return own.union(*(keys(v) for v in value.values()))
        return set()

    data = json.loads(tools_assets.files()[tools_assets.HEADS_FILE])
    assert documented == keys(data)


def test_every_rules_section_the_code_cites_is_in_docs_rules():
    cited = {m for folder in CODE_DIRS for path in (ROOT / folder).rglob("*.py")
             for m in re.findall(r"RULES §(\d+)", path.read_text(encoding="utf-8"))}
    written = set(re.findall(r"^## §(\d+) ", (ROOT / "docs" / "rules.md").read_text(encoding="utf-8"), re.M))
    assert cited and cited <= written, f"docs/rules.md has no section {sorted(cited - written)}"
    assert "docs/rules.md" in TEXT, "CONTRIBUTING.md points to the rules the project adopts"
