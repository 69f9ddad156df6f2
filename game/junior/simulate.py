"""Whole Junior games between bots, many times over: the figures `python -m game simulate
--variant junior` prints (wins per seat, album sizes, how rows were taken)."""

from __future__ import annotations

from collections import Counter

from .rules import default_goal, winners
from .state import run_game


def simulate(level="base", players=3, games=100, seed=0, *, bot="heuristic", goal=None,
             variant="junior") -> dict:
    """Play `games` games from seeds seed, seed+1, …; return figures per seat (`variant`: the
    registry's call, game.state.simulate)."""
    names = [f"p{k + 1}" for k in range(players)]
    wins = {p: 0.0 for p in names}
    cards = {p: 0 for p in names}
    turns = 0
    takes = Counter({"complete": 0, "sixth": 0, "stuck": 0})
    for g in range(games):
        log: list = []
        _, moves, final = run_game(level, names, seed + g, bot=bot, goal=goal, log=log)
        takes.update(e.get("reason", "complete") for e in log
                     if e["type"] in ("junior_complete", "junior_take"))
        turns += len(moves)
        best = winners(final)
        for p in best:
            wins[p] += 1 / len(best)  # ties share the win
        for p in names:
            cards[p] += len(final["albums"][p])
    return {
        "level": level, "players": players, "games": games, "seed": seed, "bot": bot,
        "goal": goal or default_goal(level),
        "moves_per_game": turns / games,
        "win_share": {p: round(wins[p] / games, 3) for p in names},
        "mean_album": {p: round(cards[p] / games, 2) for p in names},
        "per_game": {k: round(v / games, 2) for k, v in takes.items()},
    }


def format_stats(stats: dict) -> str:
    """A few readable lines, like the classic `simulate`."""
    seats = ", ".join(f"{p} {share:.1%} ({stats['mean_album'][p]} cards)"
                      for p, share in stats["win_share"].items())
    per_game = stats["per_game"]
    return "\n".join([
        f"Junior {stats['level']}, {stats['players']} players, {stats['games']} games from seed "
        f"{stats['seed']}, {stats['bot']} bots, {stats['goal']} cards win",
        f"moves per game: {stats['moves_per_game']:.1f}",
        f"win share (mean album): {seats}",
        f"per game: {per_game['complete']} rows completed, {per_game['sixth']} sixth-card takes, "
        f"{per_game['stuck']} stuck takes",
    ])
