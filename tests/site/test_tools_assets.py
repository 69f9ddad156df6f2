"""js/tetes.json: the rules the tools' scripts read instead of retyping them (site_builder/tools_assets.py).

Each number is checked against what the engine does, not against the constant it was read from:
if a rule changes in game/, the JSON the tools load changes with it or this test fails.
"""

from __future__ import annotations

import json
import operator

import pytest

from game import variants
from game.errors import GameError
from game.classic.play import Options
from game.rng import Rng
from game.state import RandomBot
from site_builder import tools_assets

COMPARE = {">=": operator.ge, ">": operator.gt}


@pytest.fixture(scope="module")
def rules() -> dict:
    return json.loads(tools_assets.files()[tools_assets.HEADS_FILE])["variants"]


def test_every_registered_variant_is_described_with_its_player_limits(rules):
    assert list(rules) == variants.names()
    for name, entry in rules.items():
        variant = variants.get(name)
        assert entry["title"] == variant.title
        assert entry["players"] == {"min": variant.min_players, "max": variant.max_players}


@pytest.mark.parametrize("name", ["classic", "tactique", "logique"])
def test_the_end_of_a_classic_game_reads_as_the_engine_decides_it(rules, name):
    end = rules[name]["end"]
    target = end["target"]
    assert Options().target == target == 66 and end["rounds"] is None
    for strict, key in ((False, "compare"), (True, "strict_compare")):
        options = Options(variant=name, strict=strict)
        for worst in (target - 1, target, target + 1):
            assert options.game_over([0, worst], 1) == COMPARE[end[key]](worst, target), (strict, worst)
    for option, most in (("target", end["target_max"]), ("rounds", end["rounds_max"])):
        assert getattr(Options.read(name, {option: most}), option) == most
        with pytest.raises(GameError):
            Options.read(name, {option: most + 1})


@pytest.mark.parametrize("name", ["classic", "tactique", "speciales"])
def test_the_hand_is_what_a_new_game_deals(rules, name):
    state = variants.get(name).new_game(["a", "b", "c"], seed=5)
    assert state.pending["kind"] == "card"
    assert len(state.legal_moves()) == rules[name]["deal"]["hand"]


def test_the_logique_draft_offers_the_deck_of_its_player_count(rules):
    for players in (2, 5):
        state = variants.get("logique").new_game([f"p{i}" for i in range(players)], seed=1)
        assert len(state.pending["cards"]) == rules["logique"]["deal"]["deck"][str(players)]


def test_a_special_cards_game_lasts_the_rounds_the_json_gives(rules):
    state = variants.get("speciales").new_game(["a", "b"], seed=2)
    bot, rounds = RandomBot(Rng(2)), 1
    while not state.is_over:
        move = bot.move(state)
        rounds += move["kind"] == "next_round"
        state.apply(move)
    assert rounds == rules["speciales"]["end"]["rounds"] == 2
    assert rules["speciales"]["negative_scores"] and not rules["classic"]["negative_scores"]


def test_the_built_site_serves_the_rules_next_to_the_scripts(tmp_path):
    from site_builder.commands.build import build
    from site_helpers import FIXTURES

    build(FIXTURES / "ok", tmp_path / "_site", browser_assets=False)
    data = json.loads((tmp_path / "_site" / "js" / "tetes.json").read_text(encoding="utf-8"))
    assert data["total"] == 171 and set(data["variants"]) == set(variants.names())


def test_contributing_documents_every_key_of_the_json(rules):
    """CONTRIBUTING.md « Rules for the tools » is what the JS authors read: it must name each key."""
    import re

    from site_helpers import ROOT

    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    section = text[text.index("## Rules for the tools"):]
    shape = section[section.index("```"):section.index("```", section.index("```") + 3)]
    documented = set(re.findall(r'"(\w+)":', shape))
    levels = {"base", "avance", "expert"}

    def keys(value):
        if isinstance(value, dict):
            for key, inner in value.items():
                if not key.isdigit() and key not in levels:
                    yield key
                yield from keys(inner)

    data = json.loads(tools_assets.files()[tools_assets.HEADS_FILE])
    used = set(keys({k: v for k, v in data.items() if k != "variants"}))
    for entry in rules.values():
        used |= set(keys(entry))
    assert used | {"variants"} == documented
