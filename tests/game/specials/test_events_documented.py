"""The special cards' events are declared one line each (game/specials/events.py): their fields
are documented in game/specials/README.md, whose table must list exactly those fields, in order."""

import re
from dataclasses import fields
from pathlib import Path

from game.events import EVENT_TYPES
from game.specials import events

README = (Path(events.__file__).parent / "README.md").read_text(encoding="utf-8")


def names_outside_brackets(cell: str) -> list[str]:
    """`turn, cards (the card, …), heads` → ["turn", "cards", "heads"]."""
    flat = re.sub(r"\([^()]*\)", "", re.sub(r"\([^()]*\)", "", cell))
    return [w.strip() for w in flat.split(",") if w.strip()]


def test_the_readme_lists_every_special_event_with_its_fields_in_order():
    table = README[README.index("## Events"):]
    documented = {kind: names_outside_brackets(cell)
                  for kind, cell in re.findall(r"^\| `(special_\w+)` \| (.+) \|$", table, re.M)}
    declared = {cls.type: [f.name for f in fields(cls)] for cls in vars(events).values()
                if isinstance(cls, type) and cls.type.startswith("special_")}
    assert documented == declared
    assert all(EVENT_TYPES[kind].__module__ == "game.specials.events" for kind in declared)


def test_an_event_freezes_its_lists_and_reads_back_as_json():
    taken = events.RowRemoved(3, "Alice", 25, 1, [20, 21, 22, 23, 24, 25], 12, "sixth")
    assert taken.cards == (20, 21, 22, 23, 24, 25) and hash(taken)
    assert taken.to_dict() == {"type": "special_row_removed", "turn": 3, "player": "Alice",
                               "card": 25, "row": 1, "cards": [20, 21, 22, 23, 24, 25],
                               "heads": 12, "reason": "sixth"}
