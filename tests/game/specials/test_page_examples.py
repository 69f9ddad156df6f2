"""The worked examples of content/variantes/cartes-speciales.md agree with the engine.

Each card's example is a scenario in scenarios/<card>.json with its expected outcome; the
page's section for that card must start from the scenario's table, and every other
```rangees block of the section must be a table the replay really goes through.
"""

import json
import re
from pathlib import Path

import pytest

from game.messages.specials import NAMES
from game.specials.cards import KINDS
from game.specials.scenario import compare, replay, run

HERE = Path(__file__).parent
PAGE = HERE.parents[2] / "content" / "variantes" / "cartes-speciales.md"


def sections() -> dict[str, list[list[list[int]]]]:
    """{heading: [rows of each ```rangees block]} for the page's ### sections."""
    out, current = {}, None
    text = PAGE.read_text(encoding="utf-8")
    for part in re.split(r"^(### .+)$", text, flags=re.M):
        if part.startswith("### "):
            current = part[4:].strip()
            out[current] = []
        elif current is not None:
            for body in re.findall(r"```rangees\n(.*?)```", part, flags=re.S):
                out[current].append([[int(c) for c in line.split()] for line in body.strip().splitlines()])
    return out


def load(kind: str) -> dict:
    return json.loads((HERE / "scenarios" / f"{kind}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("kind", KINDS)
def test_the_example_gives_the_expected_outcome(kind):
    data = load(kind)
    out = run(data["scenario"])
    assert out["rows"] == data["expected"]["rows"]
    assert out["penalties"] == data["expected"]["penalties"]
    saved = compare(data["scenario"])["saved"]
    for player, heads in data["expected"].get("saved", {}).items():
        assert saved[player] == heads


@pytest.mark.parametrize("kind", KINDS)
def test_the_page_shows_the_tables_the_engine_goes_through(kind):
    blocks = sections()[NAMES[kind].replace("\u00a0", " ")]
    data = load(kind)["scenario"]
    assert blocks and blocks[0] == data["rows"]
    seen = [step["rows"] for step in replay(data, draw=False)]
    for rows in blocks[1:]:
        assert rows in seen, rows
