"""The one exception for an illegal scenario or move.

Every check in the engine raises GameError *before* touching the state, so a
caller that catches it keeps a consistent game (no partial update).
"""

from __future__ import annotations


class GameError(ValueError):
    """An illegal scenario or move; the message names the card, player and turn (in English).

    `code` is a stable key and `facts` the JSON-ready values of the refusal (the rows a card
    could go to, whose turn it is…): with them game.messages words it in French for readers.
    """

    def __init__(self, message: str, *, player: str | None = None,
                 card: int | None = None, turn: int | None = None,
                 field: str | None = None, code: str | None = None,
                 facts: dict | None = None):
        super().__init__(message)
        self.message = message
        self.player = player
        self.card = card
        self.turn = turn
        self.field = field    # where a reader's form should show it ("rows[1]", "turns[0].plays.p2")
        self.code = code      # stable key, so messages/ can word it in French for readers
        self.facts = facts

    def replace(self, **changes) -> GameError:
        """The same refusal with some attributes changed: a caller adds where it happened."""
        given = {"message": self.message, "player": self.player, "card": self.card, "turn": self.turn,
                 "field": self.field, "code": self.code, "facts": self.facts}
        given.update(changes)
        return GameError(given.pop("message"), **given)

    def to_dict(self) -> dict:
        return {k: v for k, v in (("message", self.message), ("player", self.player),
                                  ("card", self.card), ("turn", self.turn),
                                  ("field", self.field), ("code", self.code),
                                  ("facts", self.facts)) if v is not None}


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
