"""`python -m game.specials replay FILE|-` (the same as `python -m game replay`, which dispatches
special-card scenarios here) and `python -m game.specials simulate --games N --players P`."""

from __future__ import annotations

import argparse
import json
import sys

from game.errors import GameError


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.specials",
                                     description="6 qui prend ! with special cards (« 6 qui surprend ! »)")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a JSON scenario with \"specials\" (or an array of them)")
    p.add_argument("file", help="scenario file, or - for standard input")
    p.add_argument("--indent", type=int, default=None)
    p = sub.add_parser("simulate", help="full games between special-card bots")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        if args.command == "replay":
            from game.cli_io import replay_command
            from .scenario import run
            return replay_command(args.file, run, indent=args.indent)
        else:
            from .bots import SpecialBot, play_game
            from .play import SpecialGame
            names = [f"p{i + 1}" for i in range(args.players)]
            wins = {p: 0.0 for p in names}
            heads = {p: 0 for p in names}
            for g in range(args.games):
                game = SpecialGame(names, seed=args.seed + g)
                play_game(game, {p: SpecialBot() for p in names})
                for p in game.winners:
                    wins[p] += 1 / len(game.winners)
                for p, t in game.totals.items():
                    heads[p] += t
            print(json.dumps({"games": args.games, "wins": wins,
                              "mean_heads": {p: h / args.games for p, h in heads.items()}}))
    except GameError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
