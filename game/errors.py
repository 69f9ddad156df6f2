"""The one exception for an illegal scenario or move.

Every check in the engine raises GameError *before* touching the state, so a
caller that catches it keeps a consistent game (no partial update).
"""

from __future__ import annotations


class GameError(ValueError):
    """An illegal scenario or move; the message names the card, player and turn (in English).

    `code` is a stable key and `facts` the JSON-ready values of the refusal (the rows a card
    could go to, whose turn it is…): with them game.messages words it in French for readers.
    `field` is where a reader's form shows it ("rows[1]", "turns[0].plays.p2").
    """

    KEYS = ("message", "player", "card", "turn", "field", "code", "facts")

    def __init__(self, message: str, *, player: str | None = None,
                 card: int | None = None, turn: int | None = None,
                 field: str | None = None, code: str | None = None,
                 facts: dict | None = None):
        super().__init__(message)
        self.message = message
        self.player, self.card, self.turn = player, card, turn
        self.field, self.code, self.facts = field, code, facts

    def replace(self, **changes) -> GameError:
        """The same refusal with some attributes changed: a caller adds where it happened."""
        given = {**{k: getattr(self, k) for k in self.KEYS}, **changes}
        return GameError(given.pop("message"), **given)

    def to_dict(self) -> dict:
        return {k: getattr(self, k) for k in self.KEYS if getattr(self, k) is not None}


class Refusal(Exception):
    """A reader's request refused, field by field: the worker facade (game/web.py) answers
    `{ok: false, errors, **extra}`. Each error is `fault(field, message, detail)`: French for
    the reader, English for developers. `extra` holds the documented top-level keys of a
    refusal (the explorer's greyed cards, `discard` for a saved game)."""

    def __init__(self, errors: list[dict], **extra):
        super().__init__("; ".join(str(e.get("detail")) for e in errors))
        self.errors = errors
        self.extra = extra


def fault(field: str | None, message: str, detail: str) -> dict:
    """One entry of a refusal's `errors`: the one shape every worker message uses."""
    return {"field": field, "message": message, "detail": detail}
