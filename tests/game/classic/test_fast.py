"""The lean kernel (game/classic/fast.py) plays exactly the rules of the State with its robots.

`random_round` draws the same random numbers in the same order as the State played by the one
random robot (game.state.RandomBot, sharing the game's generator), so for one seed both give the
same scores, round after round; thousands of seeds over 2–10 players and the three decks check
it (Logique's draft included). `bot_game` is the heuristic simulation's loop: equal to
`state.play_out`. Any rule change made in table.py / play.py and not in fast.py (or the reverse)
shows here.
"""

from __future__ import annotations

import pytest
from hypothesis_budget import games

from game import variants
from game.classic.bots import HeuristicBot
from game.classic.fast import bot_game, random_round
from game.classic.play import Options
from game.classic.state import ClassicState
from game.rng import Rng
from game.classic.simulate import simulate
from game.state import RandomBot, make_bots, play_out

SEEDS = games(3)   # 300 seeds under the dev profile, 1,500 under deep


def scores_by_state(players: int, seed: int, variant: str, rounds: int) -> list[list[int]]:
    names = [f"j{i}" for i in range(players)]
    st = variants.get(variant).new_game(names, seed=seed, options={"rounds": rounds})
    bot = RandomBot(st.rng)   # the game's own generator: the kernel draws from it too
    play_out(st, {p: bot for p in names})
    return [[scores[p] for p in names] for scores in st.history]


def scores_by_kernel(players: int, seed: int, variant: str, rounds: int) -> list[list[int]]:
    deck, rnd = Options(variant=variant).deck(players), Rng(seed).random
    first = (lambda k: k % players) if variant == "logique" else (lambda k: None)
    return [random_round(rnd, players, deck, first(k)) for k in range(rounds)]


@pytest.mark.parametrize("variant, seeds", [("classic", SEEDS), ("tactique", SEEDS), ("logique", SEEDS // 5)])
def test_kernel_scores_equal_the_state_with_random_robots_over_many_seeds(variant, seeds):
    mismatches = []
    for seed in range(seeds):
        players = 2 + seed % 9
        rounds = 1 + seed % 2
        expected = scores_by_state(players, seed, variant, rounds)
        got = scores_by_kernel(players, seed, variant, rounds)
        if got != expected:
            mismatches.append((seed, players, expected, got))
    assert not mismatches, mismatches[:3]


def test_kernel_round_hands_out_every_head_in_a_ten_player_round():
    # 104 cards in play: whatever is still on the table at the end, taken + left = 171.
    for seed in range(50):
        scores = random_round(Rng(seed).random, 10, Options().deck(10))
        assert 0 <= sum(scores) <= 171 - 4  # four cards at least stay on the table


@pytest.mark.parametrize("variant", ["classic", "tactique", "logique"])
@pytest.mark.parametrize("players", [2, 4, 7, 10])
@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_simulate_uses_the_kernel_and_agrees_with_the_state(variant, players, bot):
    games = 30 if bot == "random" else 6
    stats = simulate(players=players, games=games, seed=5, bot=bot, variant=variant)
    totals = [0] * players
    rounds = 0
    names = [f"j{i + 1}" for i in range(players)]
    for g in range(games):
        st = variants.get(variant).new_game(names, seed=5 * 1_000_003 + g)
        rng = st.rng
        play_out(st, {p: RandomBot(rng) for p in names} if bot == "random"
                 else make_bots(variants.get(variant), names, bot, g))
        rounds += len(st.history)
        for i, p in enumerate(names):
            totals[i] += st.totals[p]
    assert stats["rounds_per_game"] == round(rounds / games, 2)
    assert list(stats["average_heads"].values()) == [round(t / games, 2) for t in totals]


def test_bot_game_plays_what_play_out_plays():
    for seed in range(20):
        names = ["a", "b", "c", "d"][:2 + seed % 3]
        variant = ("classic", "logique")[seed % 2]
        game = ClassicState(names, variant=variant, seed=seed, log=False)
        bot_game(game, HeuristicBot())
        st = variants.get(variant).new_game(names, seed=seed)
        play_out(st, make_bots(variants.get(variant), names, "heuristic", seed))
        assert game.history == st.history
