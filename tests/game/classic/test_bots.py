"""Bots (game/bots.py): the row a bot takes (RULES §1) and the heuristic's sense."""

from __future__ import annotations

import pytest

from game import variants
from game.classic.bots import HeuristicBot, cheapest_row
from game.state import RandomBot, bot_factory
from round_robots import RoundRandom, play_game
from game.classic.play import Round
from game.classic.state import ClassicState
from game.classic.state import new_game
from game.errors import GameError
from game.rng import Rng


def option(row, cards, heads):
    return {"row": row, "cards": cards, "heads": heads}


def test_bots_take_the_row_with_fewest_heads():
    assert cheapest_row([option(0, [11], 5), option(1, [20], 3), option(2, [33], 5),
                         option(3, [47], 1)]) == 3


def test_bots_break_head_ties_by_fewest_cards():
    assert cheapest_row([option(0, [1, 2, 3], 3), option(1, [20], 3), option(2, [4, 6, 7], 3)]) == 1


def test_bots_break_full_ties_by_lowest_index():
    assert cheapest_row([option(0, [30, 40], 6), option(1, [2, 3], 2), option(2, [6, 7], 2)]) == 1


def test_heuristic_bot_takes_the_cheapest_row_when_too_low():
    rnd = Round(["a", "b"], {"a": [3], "b": [90]}, [[20], [30, 31], [11], [47]])
    bot = HeuristicBot()
    assert bot.row(rnd, "a", 3) == 3  # 47: 1 head; 20 and 30 31 cost 3 and 4, 11 costs 5


def test_heuristic_bot_avoids_a_sixth_card():
    # 36 would be the 6th card of row 1; 60 goes safely after 50.
    rnd = Round(["a", "b"], {"a": [36, 60], "b": [90, 91]}, [[10], [20, 21, 22, 23, 24], [50], [70]])
    assert HeuristicBot().card(rnd, "a") == 60


def test_heuristic_bot_prefers_the_smaller_gap():
    rnd = Round(["a", "b"], {"a": [45, 52], "b": [90, 91]}, [[10], [20], [50], [70]])
    assert HeuristicBot().card(rnd, "a") == 52


def test_random_bot_only_plays_its_own_cards_and_existing_rows():
    st = new_game(["a", "b"], seed=4, deal={"rows": [[20], [30], [40], [50]],
                                            "hands": {"a": [3, *range(60, 69)], "b": list(range(90, 100))}})
    bot = RandomBot(Rng(4))
    for _ in range(50):
        assert bot.move(st)["card"] in (3, *range(60, 69))
    st.apply({"kind": "card", "player": "a", "card": 3})
    st.apply({"kind": "card", "player": "b", "card": 90})
    for _ in range(50):
        assert bot.move(st)["row"] in range(4)


def test_unknown_bot_is_refused():
    with pytest.raises(GameError):
        bot_factory(variants.get("classic"), "genius")


def test_heuristic_bots_take_fewer_heads_than_random_ones():
    heuristic = random = 0
    for seed in range(40):
        game = ClassicState(["h1", "r1", "h2", "r2"], options={"rounds": 1}, seed=seed)
        bots = {p: (HeuristicBot(game.rng) if p[0] == "h" else RoundRandom(game.rng)) for p in game.players}
        play_game(game, bots)
        heuristic += game.totals["h1"] + game.totals["h2"]
        random += game.totals["r1"] + game.totals["r2"]
    assert heuristic < random * 0.6, (heuristic, random)  # seeded: 583 against 1495
