"""`python -m game junior-replay FILE|-` and `python -m game junior-simulate …`.

`game/__main__.py` calls `register(subparsers)`; each subcommand sets `func(args) -> exit code`.
"""

from __future__ import annotations

import json
import sys

from game.errors import GameError

from .rules import LEVELS, play, winners
from .scenario import result, run_game, where


def register(subparsers) -> None:
    """Add the two Junior subcommands to an argparse subparsers object."""
    rep = subparsers.add_parser("junior-replay", help="replay a Junior scenario (JSON) and print the outcome")
    rep.add_argument("file", help="a JSON scenario file, or - for standard input")
    rep.set_defaults(func=replay_command)

    sim = subparsers.add_parser("junior-simulate", help="play Junior games between bots and print statistics")
    sim.add_argument("--level", choices=LEVELS, default="base")
    sim.add_argument("--players", type=int, default=3)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--bot", choices=("heuristic", "random"), default="heuristic")
    sim.add_argument("--fewest", action="store_true", help="avancé: the fewest cards win")
    sim.add_argument("--json", action="store_true", help="print the figures as JSON")
    sim.set_defaults(func=simulate_command)


def replay_command(args) -> int:
    """Print the result of one scenario, or a list of results for a JSON array."""
    from game.cli_io import replay_command as replay_file
    return replay_file(args.file, result, describe=lambda e: f"{args.file}: {where(e)}")


def simulate(level, players, games, seed, *, bot="heuristic", goal=None) -> dict:
    """Play `games` games from seeds seed, seed+1, …; return figures per seat."""
    names = [f"p{k + 1}" for k in range(players)]
    wins = {p: 0.0 for p in names}
    cards = {p: 0 for p in names}
    turns = 0
    takes = {"complete": 0, "sixth": 0, "stuck": 0}
    for g in range(games):
        first, moves, final = run_game(level, names, seed + g, bot=bot, goal=goal)
        state = first
        for m in moves:  # replay once more to count the events (cheap, and checks the log)
            state, events = play(state, m["player"], m["card"], m["row"])
            for e in events:
                if e["type"] == "junior_complete":
                    takes["complete"] += 1
                elif e["type"] == "junior_take":
                    takes[e["reason"]] += 1
        assert state == final
        turns += len(moves)
        best = winners(final)
        for p in best:
            wins[p] += 1 / len(best)  # ties share the win
        for p in names:
            cards[p] += len(final["albums"][p])
    return {
        "level": level, "players": players, "games": games, "seed": seed, "bot": bot,
        "goal": goal or ("fewest" if level == "expert" else "most"),
        "moves_per_game": turns / games,
        "win_share": {p: round(wins[p] / games, 3) for p in names},
        "mean_album": {p: round(cards[p] / games, 2) for p in names},
        "per_game": {k: round(v / games, 2) for k, v in takes.items()},
    }


def simulate_command(args) -> int:
    if args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        stats = simulate(args.level, args.players, args.games, args.seed, bot=args.bot,
                         goal="fewest" if args.fewest else None)
    except GameError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(json.dumps(stats, ensure_ascii=False, indent=2) if args.json else format_stats(stats))
    return 0


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


def main(argv=None) -> int:
    """Stand-alone entry (`python -m game.junior.cli …`) until game/__main__.py registers us."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m game.junior.cli")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
