"""Full games between bots, many times over: statistics for curious readers and benchmarks."""

from __future__ import annotations

import time

from ..rng import Rng
from .bots import HeuristicBot
from .fast import bot_game, random_round
from .play import winners_of
from .state import ClassicState


def simulate(players: int = 4, games: int = 1000, seed: int = 1, bot: str = "heuristic",
             variant: str = "classic", target: int = 66, strict: bool = False,
             rounds: int | None = None) -> dict:
    """Play `games` games; average heads per seat, rounds per game, games per second."""
    names = [f"j{i + 1}" for i in range(players)]
    agreed = {"target": target, "strict": strict, "rounds": rounds}

    def new_game(game_seed: int) -> ClassicState:   # checks the players and options too
        return ClassicState(names, seed=game_seed, variant=variant, options=agreed, log=False)

    options = new_game(seed).options
    totals_sum = [0] * players
    wins = [0.0] * players
    rounds_sum = 0
    start = time.perf_counter()
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        if bot == "random":
            # Same draws as the State + the random robot (tests/game/classic/test_fast.py), lean.
            rnd, deck, draft = Rng(game_seed).random, options.deck(players), variant == "logique"
            totals, played = [0] * players, 0
            while not options.game_over(totals, played):
                for i, s in enumerate(random_round(rnd, players, deck, played % players if draft else None)):
                    totals[i] += s
                played += 1
        else:
            game = new_game(game_seed)
            bot_game(game, HeuristicBot())
            totals, played = [game.totals[p] for p in names], len(game.history)
        winners = winners_of(dict(enumerate(totals)))
        for i in winners:
            wins[i] += 1 / len(winners)   # ties share the victory
        for i, t in enumerate(totals):
            totals_sum[i] += t
        rounds_sum += played
    elapsed = time.perf_counter() - start
    return {"players": players, "games": games, "bot": bot, "variant": variant, "seed": seed,
            "average_heads": {names[i]: round(totals_sum[i] / games, 2) for i in range(players)},
            "win_share": {names[i]: round(wins[i] / games, 3) for i in range(players)},
            "rounds_per_game": round(rounds_sum / games, 2),
            "games_per_second": round(games / elapsed, 1) if elapsed else None,
            "rounds_per_second": round(rounds_sum / elapsed, 1) if elapsed else None}


def format_stats(s: dict) -> str:
    lines = [f"{s['games']} games, {s['players']} players, bot {s['bot']}, variant {s['variant']}, "
             f"seed {s['seed']}",
             f"rounds per game: {s['rounds_per_game']}",
             f"games per second: {s['games_per_second']} ({s['rounds_per_second']} rounds/s)",
             "average heads per player: " + ", ".join(f"{p} {h}" for p, h in s["average_heads"].items()),
             "share of wins: " + ", ".join(f"{p} {w:.1%}" for p, w in s["win_share"].items())]
    return "\n".join(lines)
