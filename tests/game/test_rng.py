"""A seed gives the same deal on every Python: CPython 3.11 here, Pyodide's 3.14 in the browser.

`random.Random(seed).random()` is the only draw CPython promises to keep stable
across releases (`shuffle`, `randrange`, `choice`, `sample` have changed before),
and game/rng.py builds every draw on it. The deal of seed 1 below was computed
once and is hard-coded on purpose: if a Python release, or a change to rng.py,
altered it, every published seeded game of the guide would change with it.
"""

from __future__ import annotations

import json
import sys

import pytest

from game.classic.cards import classic_deck
from game.classic.state import ClassicState
from game.rng import Rng

# Rng(1).draw(classic_deck(), 44): the 4-player deal of seed 1 (10 × 4 hands, then 4 row starts).
SEED_1_DRAW = [14, 89, 80, 29, 54, 50, 70, 84, 18, 12, 2, 52, 83, 1, 55, 3, 37, 100, 96, 22,
               23, 66, 9, 5, 42, 59, 4, 45, 62, 67, 48, 31, 32, 20, 15, 17, 93, 75, 81, 10,
               104, 19, 6, 64]
SEED_1_RANDOM = [0.13436424411240122, 0.8474337369372327, 0.763774618976614]


def test_random_of_seed_1_is_the_documented_sequence():
    rng = Rng(1)
    assert [rng.random() for _ in range(3)] == SEED_1_RANDOM


def test_seed_1_gives_a_fixed_draw():
    assert Rng(1).draw(classic_deck(), 44) == SEED_1_DRAW


def test_seed_1_gives_a_fixed_first_deal():
    rnd = ClassicState(["Alice", "Bruno", "Chloé", "David"], seed=1).round
    assert rnd.hands == {p: sorted(SEED_1_DRAW[i * 10:(i + 1) * 10])
                         for i, p in enumerate(["Alice", "Bruno", "Chloé", "David"])}
    assert rnd.table.rows == [[104], [19], [6], [64]]


def test_draw_leaves_the_deck_untouched_and_draws_distinct_cards():
    deck = classic_deck()
    cards = Rng(7).draw(deck, 104)
    assert deck == classic_deck() and sorted(cards) == deck


def test_seed_3_gives_a_fixed_shuffle_choice_and_draws():
    # Frozen like SEED_1_DRAW: the Junior deal and the bots' picks are made of these draws.
    items = list(range(20))
    Rng(3).shuffle(items)
    assert items == [8, 1, 5, 12, 13, 7, 11, 17, 19, 9, 2, 3, 15, 14, 0, 16, 18, 6, 10, 4]
    assert Rng(3).choice("abcdef") == "b"
    rng = Rng(3)
    assert [rng.below(6) for _ in range(8)] == [1, 3, 2, 3, 3, 0, 0, 5]


# The same program runs in CPython and in Pyodide; its results must be equal.
PROGRAM = """
from game.classic.bots import HeuristicBot
from game.classic.cards import classic_deck
from game.classic.state import ClassicState
from game.rng import Rng
from game.state import RandomBot, make_bots, play_out
from game import variants

def first_deal(seed, players, variant="classic"):
    rnd = ClassicState([f"p{i}" for i in range(players)], variant=variant, seed=seed).round
    return {"hands": rnd.hands, "rows": rnd.table.rows}

def totals(seed, players, bot):
    names = [f"p{i}" for i in range(players)]
    st = variants.get("classic").new_game(names, seed=seed)
    play_out(st, make_bots(variants.get("classic"), names, bot, seed))
    return [st.totals, len(st.history)]

result = {
    "draw_seed_1": Rng(1).draw(classic_deck(), 44),
    "deals": [first_deal(s, 2 + s % 9, ("classic", "tactique")[s % 2]) for s in range(12)],
    "random_games": [totals(s, 4, "random") for s in range(3)],
    "heuristic_game": totals(1, 5, "heuristic"),
}
"""


def run_here() -> dict:
    scope: dict = {}
    exec(PROGRAM, scope)
    return json.loads(json.dumps(scope["result"]))


@pytest.mark.node
def test_same_seed_same_deal_and_games_in_pyodide(pyodide):
    python, out = pyodide.run(PROGRAM + "\nimport json\nout = json.dumps(result)\n")
    assert python.startswith("3.") and python != sys.version.split()[0]
    result = json.loads(out)
    assert result["draw_seed_1"] == SEED_1_DRAW
    assert result == run_here()


@pytest.mark.parametrize("variant", ["classic", "tactique", "logique"])
def test_games_never_use_the_version_unstable_draws(monkeypatch, variant):
    import random

    def unstable(*args, **kwargs):
        raise AssertionError("only random() is stable across Python versions")
    for name in ("shuffle", "randrange", "randint", "choice", "choices", "sample", "getrandbits",
                 "_randbelow", "uniform"):
        monkeypatch.setattr(random.Random, name, unstable)
    from game import variants
    from game.state import RandomBot, play_out
    players = ["a", "b", "c"]
    st = variants.get(variant).new_game(players, seed=5, options={"rounds": 2})
    heuristic = variants.get(variant).bots["heuristic"]
    play_out(st, {p: (RandomBot if p == "a" else heuristic)(st.rng) for p in players})
    assert len(st.history) == 2
