"""The replay commands' shared I/O: read a scenario (or an array), print JSON, exit 2 on error.

Used by `python -m game replay`, `python -m game junior-replay` and
`python -m game.specials replay`, so every one reads stdin, reports a bad file and an
illegal scenario the same way.
"""

from __future__ import annotations

import json
import sys

from .errors import GameError


def replay_command(path: str, run, *, describe=str, indent: int | None = None) -> int:
    """Run `run` on the scenario at `path` (or `-`), or on each of an array; print the JSON."""
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
        data = json.loads(text)
    except (OSError, json.JSONDecodeError) as exc:
        print(f"error: cannot read scenario {path}: {exc}", file=sys.stderr)
        return 2
    try:
        out = [run(s) for s in data] if isinstance(data, list) else run(data)
    except GameError as exc:
        print(f"error: {describe(exc)}", file=sys.stderr)
        return 2
    json.dump(out, sys.stdout, ensure_ascii=False, indent=indent)
    sys.stdout.write("\n")
    return 0
