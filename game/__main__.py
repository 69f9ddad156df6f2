"""Command line: `python -m game replay FILE|-` and `python -m game simulate ...`."""

from __future__ import annotations

import argparse
import json
import sys

from .errors import GameError


def cmd_replay(args) -> int:
    from .cli_io import replay_command
    from .classic.scenario import run
    return replay_command(args.file, run, indent=args.indent)


def cmd_simulate(args) -> int:
    from .classic.simulate import format_stats, simulate
    try:
        stats = simulate(players=args.players, games=args.games, seed=args.seed, bot=args.bot,
                         variant=args.variant, target=args.target, strict=args.strict,
                         rounds=args.rounds)
    except (GameError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(stats, indent=2) if args.json else format_stats(stats))
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game", description="6 qui prend ! rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a JSON scenario (or an array of them)")
    p.add_argument("file", help="scenario file, or - for standard input")
    p.add_argument("--indent", type=int, default=None)
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("simulate", help="play full games between bots and print statistics")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bot", choices=("random", "heuristic"), default="heuristic")
    p.add_argument("--variant", choices=("classic", "tactique", "logique"), default="classic")
    p.add_argument("--target", type=int, default=66)
    p.add_argument("--strict", action="store_true", help="« plus de 66 »: end only above the target")
    p.add_argument("--rounds", type=int, default=None, help="a fixed number of rounds")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_simulate)
    try:
        from .junior.cli import register as register_junior
    except ImportError:
        pass
    else:
        register_junior(sub)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
