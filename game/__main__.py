"""One command line for every variant: `python -m game replay|simulate [--variant V]`.

Errors never show a traceback: a bad argument, a bad file, bad JSON or an illegal scenario prints
one line `error: …` on stderr and exits 2, with nothing on stdout (the output is built whole first).
`simulate` refuses an option its variant does not take, and a run asking for more than about a
minute of play (each variant's `run_cost`). `junior-replay` and `junior-simulate` remain as aliases of
`--variant junior` for this release.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys

from . import variants
from .errors import GameError

LIMITS = {"games": (1, 100_000), "seed": (0, 2**63)}   # a variant's options: its own `Option`s

FLAGS = {"target": "--target", "strict": "--strict", "rounds": "--rounds", "level": "--level",
         "goal": "--fewest"}
"""The `simulate` flag of each variant option (Variant.options)."""


class Refusal(Exception):
    """A one-line error for the user (exit 2)."""


class Parser(argparse.ArgumentParser):
    """argparse whose mistakes are one `error: …` line (main prints it), not usage and exit."""

    def error(self, message):
        raise Refusal(message)


def read_json(path: str):
    """The JSON in a file (or stdin for `-`), as strict UTF-8; Refusal with the reason otherwise."""
    try:
        raw = sys.stdin.buffer.read() if path == "-" else open(path, "rb").read()
        return json.loads(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)[:200]
        raise Refusal(f"cannot read scenario {path}: {reason}") from None


def _result(scenario, default: str) -> dict:
    name = variants.name_of(scenario, default)
    if isinstance(scenario, dict) and "variant" in scenario and default != variants.DEFAULT \
            and name != default and variants.get(default).result is not variants.get(name).result:
        raise GameError(f"the scenario's variant is {str(name)[:40]!r}, not {default!r}", field="variant")
    return variants.get(name).result(scenario)


def cmd_replay(args) -> str:
    data = read_json(args.file)
    try:
        out = [_result(s, args.variant) for s in data] if isinstance(data, list) else _result(data, args.variant)
    except RecursionError:
        raise Refusal("scenario nested too deeply") from None
    except (TypeError, AttributeError, KeyError, IndexError) as exc:   # a shape no check foresaw
        raise Refusal(f"malformed scenario ({type(exc).__name__}: {str(exc)[:120]})") from None
    return json.dumps(out, ensure_ascii=False, indent=args.indent)


def _options(args, variant) -> dict:
    """The variant options the flags ask for, checked by the variant (`variants.check_options`,
    its error named by its flag); Refusal for a flag the variant does not take."""
    given = {"target": args.target, "strict": args.strict or None, "rounds": args.rounds,
             "level": args.level, "goal": "fewest" if args.fewest else None}
    given = {key: value for key, value in given.items() if value is not None}
    for key in given:
        if key not in variant.options:
            takes = ", ".join(FLAGS[k] for k in variant.options if k in FLAGS) or "none of these options"
            raise Refusal(f"{FLAGS[key]} does not apply to {variant.name} (it takes {takes})")
    if "rounds" in given and ({"target", "strict"} & set(given)):
        raise Refusal("--rounds fixes the number of rounds: --target and --strict do not apply with it")
    try:
        variants.check_options(variant, given)
    except GameError as error:
        raise Refusal(f"{FLAGS.get(error.field, '--' + str(error.field))}: {error.message}") from None
    return given


def _check_work(args, variant, options: dict) -> None:
    """Refuse a run that would play for much more than a minute: the cards one game plays, about,
    and the most a run may play are the variant's (Variant.run_cost)."""
    if variant.run_cost is None:
        return
    per_game, why, limit = variant.run_cost(args.players, options, args.bot)
    cards = args.games * per_game
    if cards > limit:
        lower = {"rounds": " or --rounds", "target": " or --target"}
        more = "".join(lower[k] for k in ("rounds", "target") if k in options)
        raise Refusal(f"{args.games} games of {args.players} players ({why}) is about {cards:,} "
                      f"cards to play; {variant.name} with {args.bot} robots plays at most {limit:,} "
                      f"in one run (about a minute): lower --games{more}")


def cmd_simulate(args) -> str:
    from .state import simulate
    variant = variants.get(args.variant)
    for name, (low, high) in {"players": (variant.min_players, variant.max_players),
                              **LIMITS}.items():
        value = getattr(args, name)
        if value is not None and not low <= value <= high:
            where = f" for {variant.name}" if name == "players" else ""
            raise Refusal(f"--{name} must be between {low} and {high}{where}, not {value}")
    options = _options(args, variant)
    _check_work(args, variant, options)
    stats = simulate(variant.name, players=args.players, games=args.games, seed=args.seed,
                     bot=args.bot, options=options)
    if args.json or variant.simulator is None:
        return json.dumps(stats, ensure_ascii=False, indent=2)
    return importlib.import_module(variant.simulator).format_stats(stats)


def parser() -> argparse.ArgumentParser:
    top = Parser(prog="python -m game", description="6 qui prend ! rules engine")
    sub = top.add_subparsers(dest="command", required=True)
    for name, default in (("replay", variants.DEFAULT), ("junior-replay", "junior")):
        p = sub.add_parser(name, help="replay a JSON scenario (or an array of them)"
                           if name == "replay" else "alias of: replay --variant junior")
        p.add_argument("file", help="scenario file, or - for standard input")
        p.add_argument("--variant", choices=variants.names(), default=default,
                       help="variant of scenarios that do not name one (default: %(default)s)")
        p.add_argument("--indent", type=int, default=None, choices=range(0, 9), metavar="0..8")
        p.set_defaults(func=cmd_replay)
    for name, default, players, seed in (("simulate", variants.DEFAULT, 4, 1),
                                         ("junior-simulate", "junior", 3, 0)):
        p = sub.add_parser(name, help="play full games between bots and print statistics"
                           if name == "simulate" else "alias of: simulate --variant junior")
        p.add_argument("--variant", choices=variants.names(), default=default)
        p.add_argument("--players", type=int, default=players)
        p.add_argument("--games", type=int, default=1000 if name == "simulate" else 100)
        p.add_argument("--seed", type=int, default=seed)
        p.add_argument("--bot", choices=("random", "heuristic"), default="heuristic")
        p.add_argument("--target", type=int, default=None,
                       help="classic family: end of game score (default 66)")
        p.add_argument("--strict", action="store_true", help="« plus de 66 »: end only above the target")
        p.add_argument("--rounds", type=int, default=None, help="classic family: a fixed number of rounds")
        p.add_argument("--level", choices=("base", "avance", "expert"), default=None, help="Junior level")
        p.add_argument("--fewest", action="store_true", help="Junior avancé: the fewest cards win")
        p.add_argument("--json", action="store_true")
        p.set_defaults(func=cmd_simulate)
    return top


def main(argv=None) -> int:
    try:
        args = parser().parse_args(argv)
        data = (args.func(args) + "\n").encode("utf-8")   # whole, before printing: never half
    except SystemExit as done:   # --help printed its text
        return done.code if isinstance(done.code, int) else 0
    except (Refusal, GameError, UnicodeEncodeError) as exc:
        reason = exc.message if isinstance(exc, GameError) else str(exc)
        if isinstance(exc, UnicodeEncodeError):
            reason = "text that is not valid Unicode (a lone surrogate?)"
        print(f"error: {_one_line(reason)}", file=sys.stderr)
        return 2
    sys.stdout.flush()
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()
    return 0


def _one_line(text: str) -> str:
    return " ".join(str(text).split())[:500].encode("utf-8", "backslashreplace").decode("utf-8")


if __name__ == "__main__":
    sys.exit(main())
