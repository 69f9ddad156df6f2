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


class Recording:
    """A State that draws its current round as it plays: each move's events, as `apply` returns
    them, become that round's steps (`hooks(state)` gives the variant's opening, steps_of and
    closing; a `next_round` move starts the next round's). The session wraps the game it rebuilds
    in one, so restoring a game and drawing its round are one pass over its moves."""

    def __init__(self, state, hooks):
        self.state, self._hooks = state, hooks
        self._begin()

    def _begin(self) -> None:
        self._round = self._hooks(self.state)
        self._steps = list(self._round["opening"](self.state))

    def __getattr__(self, name):   # everything else is the State's own
        return getattr(self.state, name)

    def apply(self, move: dict) -> list:
        events = self.state.apply(move)   # GameError: nothing changed, nothing drawn
        if move["kind"] == "next_round":
            self._begin()
        else:
            self._steps += self._round["steps_of"](self.state, move, events, len(self._steps))
        return events

    def steps(self) -> list[dict]:
        """The round's steps so far, with its closing ones (a decision waited for…)."""
        return self._steps + list(self._round["closing"](self.state, len(self._steps)))
