"""« Jouer une manche »'s form (content/outils/jouer.md) offers what the engine's registry holds:
every variant (each Junior level apart), as many robots as the largest table allows, the
options' defaults and the robot levels of game/session.py. The form is written by hand; this
test is what keeps it from drifting when a variant or a limit changes in game/.
"""

from __future__ import annotations

import re
from pathlib import Path

from game import session, variants

PAGE = Path(__file__).resolve().parents[2] / "content" / "outils" / "jouer.md"


def select_values(name: str) -> list[str]:
    form = PAGE.read_text(encoding="utf-8")
    select = re.search(rf'<select id="{name}"[^>]*>(.*?)</select>', form, re.S)
    assert select, f"{PAGE.name}: no <select id={name}>"
    return [m.group(1) if m.group(1) is not None else m.group(2)
            for m in re.finditer(r'<option(?: value="([^"]*)")?[^>]*>([^<]*)</option>', select.group(1))]


def test_every_variant_of_the_registry_is_offered():
    offered = select_values("jouer-variante")
    expected = []
    for name in variants.names():
        levels = variants.get(name).options.get("level")
        expected += [f"{name}-{level}" for level in levels.choices] if levels else [name]
    assert offered == expected


def test_as_many_robots_as_the_largest_table_allows():
    largest = max(variants.get(name).max_players for name in variants.names())
    assert select_values("jouer-bots") == [str(n) for n in range(1, largest)]


def test_the_target_field_shows_the_engine_default_and_the_robot_levels_exist():
    form = PAGE.read_text(encoding="utf-8")
    target = variants.get("classic").options["target"].default
    assert re.search(rf'<input id="jouer-seuil"[^>]*\bvalue="{target}"', form)
    assert f"plus de {target}" in form
    levels = [v for v in select_values("jouer-niveau") if v != "mix"]
    assert sorted(levels) == sorted(session.LEVELS)
