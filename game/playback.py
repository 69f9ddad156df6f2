"""One replay for every variant: a game's moves folded over its State (game/state.py). An
example, `python -m game replay`, « revoir la manche » all mean « play these moves, show what
happened »; a variant only says how events become steps."""

from __future__ import annotations

from .errors import GameError


def fold(state, moves, where=None):
    """Apply each move in turn; yield (index, move, events).

    `moves` may be a generator reading `state` as it goes (« the top card » depends on the game
    so far). A refused move, or one the generator cannot write, raises GameError, named by
    `where(error, index)` when given.
    """
    n = 0
    try:
        for move in moves:
            events = state.apply(move)
            yield n, move, events
            n += 1
    except GameError as error:
        raise (error if where is None else where(error, n)) from None


def replay(state, moves, *, opening, steps_of, closing, where=None) -> list[dict]:
    """The steps of a game: `opening(state)` (the table before), then `steps_of(state, move,
    events, n)` after each move (n: the next step's number), then `closing(state, n)`."""
    steps = list(opening(state))
    for _, move, events in fold(state, moves, where):
        steps += steps_of(state, move, events, len(steps))
    return steps + list(closing(state, len(steps)))
