"""The first check on data from outside (a file, a reader's form, a saved game).

`json.loads` accepts what the engine cannot survive: a 5,000-digit integer, a lone surrogate
(`UnicodeEncodeError` halfway through printing), nesting deep enough for a `RecursionError`; a
Python caller may hand in tuples, sets or non-string keys. `check_plain` refuses them all at once
(an iterative walk), so the parsers behind it meet only plain JSON of sane size.
"""

from __future__ import annotations

import math

from .errors import GameError

LARGEST = 10**9
"""No count, card, row or index of any variant comes near this."""

DEEPEST = 32
"""Scenarios nest 5 levels at most (turns → specials → move → field); 32 leaves room."""


def is_whole(value) -> bool:
    """An int that is not a bool: JSON `true` equals 1 in Python, and is no card, row or count."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_digits(text, longest: int = 9) -> bool:
    """Text of ASCII digits only (« ² » passes str.isdigit() but not int()), at most `longest` of
    them (no huge number to parse)."""
    return isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= longest


def check_seed(seed) -> None:
    """A seed is an integer below 2**64 or a string of at most 200 characters (a bool is
    neither): a new game's and a saved game's alike."""
    if not (is_whole(seed) and abs(seed) < 2**64 or isinstance(seed, str) and len(seed) <= 200):
        raise GameError("the seed is a small integer or a short string", code="session")


def _refuse(message: str, where: str) -> GameError:
    return GameError(f"{where}: {message}" if where else message, field=where or None, code="shape")


def _check_str(text: str, where: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise _refuse("text holds a lone surrogate (not valid Unicode)", where) from None


def check_plain(data, *, largest: int = LARGEST) -> None:
    """Raise GameError(code="shape") unless `data` is plain, bounded JSON.

    Plain: dict with str keys, list, str (valid Unicode), int within ±10**9
    (bool included; ±`largest` if given), finite float, None; nesting at most 32 deep. Whether a
    float is acceptable where an int is expected is left to each parser.
    """
    stack = [(data, "", 1)]
    while stack:
        value, where, depth = stack.pop()
        if depth > DEEPEST:
            raise _refuse(f"nested more than {DEEPEST} levels deep", where)
        if value is None or isinstance(value, bool):
            continue
        if isinstance(value, int):
            if not -largest <= value <= largest:
                raise _refuse(f"number too large (more than {largest} in size)", where)
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise _refuse(f"{value!r} is not a finite number", where)
        elif isinstance(value, str):
            _check_str(value, where)
        elif isinstance(value, list):
            stack.extend((v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value))
        elif isinstance(value, dict):
            for key, v in value.items():
                if not isinstance(key, str):
                    raise _refuse(f"key {type(key).__name__} is not a string", where)
                _check_str(key, where)
                name = key if key.isprintable() else repr(key)   # the message stays on one line
                stack.append((v, f"{where}.{name}" if where else name, depth + 1))
        else:
            raise _refuse(f"a {type(value).__name__} is not a JSON value", where)
