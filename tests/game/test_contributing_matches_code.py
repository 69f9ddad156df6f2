"""CONTRIBUTING.md's tables are the project's contracts: they must say what the code does.

Checked: the events table against `game.events` (types and fields), the worker messages table
against `game.web.HANDLERS`, and the list of variants against `game.variants.MODULES`.
"""

from __future__ import annotations

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
