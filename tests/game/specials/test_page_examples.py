"""The worked examples of content/variantes/cartes-speciales.md agree with the engine.

Each card's example is a scenario in scenarios/<card>.json with its expected outcome; the
page's section for that card must hold one ```exemple block that plays exactly that scenario
(same table, same cards, same special move, same choices), parsed by the site builder itself.
"""

import json
import re
from pathlib import Path

import pytest

from game.messages.specials import NAMES
from game.classic.replay import replay as dispatch_replay
from game.specials.cards import KINDS
from game.specials.replay import compare, run
from site_builder.blocks.classic import parse_example, resolve_slides

HERE = Path(__file__).parent
PAGE = HERE.parents[2] / "content" / "variantes" / "cartes-speciales.md"
FENCE = re.compile(r"^```exemple\n(.*?)^```$", flags=re.S | re.M)


def examples_by_section() -> dict[str, list]:
    """{heading: [parsed Example]} for the page's ## and ### sections."""
    text = PAGE.read_text(encoding="utf-8")
    out, current = {}, None
    for match in re.finditer(r"^#{2,3} (?P<head>[^\n]+)$|" + FENCE.pattern, text, flags=re.S | re.M):
        if match["head"]:
            current = re.sub(r"\s*\{#[\w-]+\}$", "", match["head"]).strip()   # without its {#id}
            out[current] = []
        elif current is not None:
            line = text.count("\n", 0, match.start()) + 1
            problems = []
            example = parse_example(match[2].splitlines(), line, lambda *p: problems.append(p))
            assert not problems, problems
            resolve_slides(example, dispatch_replay)
            out[current].append(example)
    return out


def load(kind: str) -> dict:
    return json.loads((HERE / "scenarios" / f"{kind}.json").read_text(encoding="utf-8"))


def _turns(turns: list[dict]) -> list[dict]:
    return [{"plays": t["plays"], "choices": t.get("choices", {}), "specials": t.get("specials", {})}
            for t in turns]


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
def test_the_page_replays_the_cards_scenario(kind):
    found = examples_by_section()[NAMES[kind].replace("\u00a0", " ")]
    assert len(found) == 1, f"{kind}: {len(found)} exemple blocks"
    example, data = found[0], load(kind)
    assert example.id.startswith("speciale-")
    scenario = example.scenario()
    assert scenario["rows"] == data["scenario"]["rows"]
    assert _turns(scenario["turns"]) == _turns(data["scenario"]["turns"])
    out = run(scenario)
    assert out["rows"] == data["expected"]["rows"]
    assert out["penalties"] == data["expected"]["penalties"]
