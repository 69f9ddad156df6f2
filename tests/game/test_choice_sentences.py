"""The « cheaper row » sentence of every row choice in every example is true.

A too-low card lets its player take any row (RULES §1); the step then compares the
chosen row with the others. This test recomputes that comparison from the step's own
options, independently of the wording code, over every choice step of: the worked
examples of content/ (as the build replays them), tests/game/classic/scenarios/*.json,
tests/game/specials/scenarios/*.json, and the choices of a few seeded bot games.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.classic.bots import HeuristicBot
from round_robots import RoundRandom as RandomBot, play_game
from game.classic.state import ClassicState
from game.messages import explain
from game.messages.typography import NBSP, fr_list
from game import variants
from site_builder.blocks.classic import parse_example, resolve_slides

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"^```exemple\n(.*?)^```$", flags=re.S | re.M)


def content_scenarios():
    for page in sorted((ROOT / "content").rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            problems: list = []
            example = parse_example(match[1].splitlines(), line, lambda at, message: problems.append(message))
            assert not problems, problems
            resolve_slides(example, example.variant.replay)
            yield f"{page.relative_to(ROOT)}:{line}", example.scenario()


def file_scenarios():
    for folder in (ROOT / "tests/game/classic/scenarios", ROOT / "tests/game/specials/scenarios"):
        for path in sorted(folder.glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            yield str(path.relative_to(ROOT)), data.get("scenario", data)


SCENARIOS = dict([*content_scenarios(), *file_scenarios()])


def cost_words(n: int) -> str:
    return "qu’une tête de bœuf" if n == 1 else f"que {n}{NBSP}têtes de bœuf"


def check_sentence(text: str, options: list[dict], chosen: int, where: str) -> None:
    """Assert what the sentence must and must not say about this choice."""
    costs = {o["row"]: o["heads"] for o in options}
    low, high = min(costs.values()), max(costs.values())
    cheap = sorted(r for r, h in costs.items() if h == low)
    dear = [r for r, h in costs.items() if h == high]
    mine = costs[chosen]
    if mine == low:
        claim = "le choix le moins coûteux" if cheap == [chosen] else "l’un des choix les moins coûteux"
        assert claim in text, f"{where}: the choice is among the cheapest; expected « {claim} » in: {text}"
        assert "n’aurai" not in text, f"{where}: nothing was cheaper, yet: {text}"
    else:
        others = [r + 1 for r in cheap]
        named = (f"la rangée{NBSP}{others[0]} n’aurait coûté {cost_words(low)}" if len(others) == 1
                 else f"les rangées {fr_list(others)} n’auraient coûté {cost_words(low)} chacune")
        assert named in text, f"{where}: expected the cheapest row(s) named: « {named} » in: {text}"
        assert "moins coûteux" not in text, f"{where}: the choice is not the cheapest: {text}"
    if mine == high and len(costs) > 1 and high > low:
        claim = "c’est la rangée la plus chère" if dear == [chosen] else "c’est l’une des rangées les plus chères"
        assert claim in text, f"{where}: expected « {claim} » in: {text}"
    else:
        assert "plus chère" not in text, f"{where}: the chosen row is not the dearest: {text}"
    if "la rangée la plus chère" in text:
        assert dear == [chosen], f"{where}: « la rangée la plus chère » but rows {dear} cost {high}: {text}"


@pytest.mark.parametrize("where", sorted(SCENARIOS))
def test_every_choice_step_of_every_example_is_true(where):
    steps = variants.of(SCENARIOS[where]).replay(SCENARIOS[where], draw=False)
    choices = [s for s in steps if s["choice"]]
    for step in choices:
        choice = step["choice"]
        check_sentence(step["text"], choice["options"], choice["chosen"], f"{where} step {step['n']}")


def test_the_examples_hold_choices_of_every_kind():
    """The test above meets a dearest row, a tie for dearest and a tie for cheapest (the bot
    games below meet the cheapest choice)."""
    texts = " ".join(s["text"] for sc in SCENARIOS.values() for s in variants.of(sc).replay(sc, draw=False) if s["choice"])
    for words in ("la rangée la plus chère", "l’une des rangées les plus chères", "n’auraient coûté"):
        assert words in texts, words


@pytest.mark.parametrize("seed", range(1, 6))
def test_choice_sentences_of_bot_games_are_true(seed):
    """explain(choice_made) on its own (the golden playthroughs' lines), random and careful bots."""
    players = ["Alice", "Bruno", "Chloé", "David"]
    game = ClassicState(players, seed=seed)
    log = game.log
    bots = {p: (RandomBot(game.rng) if i % 2 else HeuristicBot(game.rng)) for i, p in enumerate(players)}
    play_game(game, bots)
    made = [e.to_dict() for e in log if e.type == "choice_made"]
    assert made
    for e in made:
        check_sentence(explain(e), list(e["costs"]), e["row"], f"seed {seed} turn {e['turn']}")


def test_choice_made_reads_old_logs():
    game = ClassicState(["Alice", "Bruno", "Chloé"], seed=3)
    log = game.log
    play_game(game, {p: RandomBot(game.rng) for p in ["Alice", "Bruno", "Chloé"]})
    made = next(e for e in log if e.type == "choice_made")
    data = json.loads(json.dumps(made.to_dict()))
    old = {k: v for k, v in data.items() if k != "costs"}  # a log written before `costs` existed
    assert explain(old).startswith(f"{made.player} choisit la rangée")
