"""The fast kernel (game/fast.py) plays exactly the rules of Game + RandomBot.

It draws the same random numbers in the same order, so for one seed both give
the same scores, round after round; thousands of seeds over 2–10 players and
both decks check it. Any rule change made in table.py / turn.py and not in
fast.py (or the reverse) shows here.
"""

from __future__ import annotations

import pytest

from game.classic.bots import RandomBot, play_game, play_round
from game.classic.fast import random_round
from game.classic.play import Game, Options
from game.classic.simulate import simulate

SEEDS = 1500


def scores_by_game(players: int, seed: int, variant: str, rounds: int) -> list[list[int]]:
    names = [f"j{i}" for i in range(players)]
    game = Game(names, Options(variant=variant, rounds=rounds), seed=seed)
    bots = {p: RandomBot(game.rng) for p in names}
    out = []
    while not game.over:
        play_round(game.new_round(), bots)
        scores = game.end_round()
        out.append([scores[p] for p in names])
    return out


def scores_by_kernel(players: int, seed: int, variant: str, rounds: int) -> list[list[int]]:
    game = Game([f"j{i}" for i in range(players)], Options(variant=variant), seed=seed)
    deck = game.options.deck(players)
    return [random_round(game.rng.random, players, deck) for _ in range(rounds)]


@pytest.mark.parametrize("variant", ["classic", "tactique"])
def test_kernel_scores_equal_game_with_random_bots_over_many_seeds(variant):
    mismatches = []
    for seed in range(SEEDS):
        players = 2 + seed % 9
        rounds = 1 + seed % 2
        expected = scores_by_game(players, seed, variant, rounds)
        got = scores_by_kernel(players, seed, variant, rounds)
        if got != expected:
            mismatches.append((seed, players, expected, got))
    assert not mismatches, mismatches[:3]


def test_kernel_round_hands_out_every_head_in_a_ten_player_round():
    # 104 cards in play: whatever is still on the table at the end, taken + left = 171.
    for seed in range(50):
        game = Game([f"j{i}" for i in range(10)], seed=seed)
        scores = random_round(game.rng.random, 10, game.options.deck(10))
        assert 0 <= sum(scores) <= 171 - 4  # four cards at least stay on the table


@pytest.mark.parametrize("players", [2, 4, 7, 10])
def test_simulate_random_uses_the_kernel_and_agrees_with_full_games(players):
    stats = simulate(players=players, games=30, seed=5, bot="random")
    totals = [0] * players
    rounds = 0
    for g in range(30):
        names = [f"j{i + 1}" for i in range(players)]
        game = Game(names, seed=5 * 1_000_003 + g)
        play_game(game, {p: RandomBot(game.rng) for p in names})
        rounds += len(game.history)
        for i, p in enumerate(names):
            totals[i] += game.totals[p]
    assert stats["rounds_per_game"] == round(rounds / 30, 2)
    assert list(stats["average_heads"].values()) == [round(t / 30, 2) for t in totals]
