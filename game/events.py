"""The step log: what happened, in small frozen records a French sentence can be made from.

Each event carries every value its sentence needs (the row's last card, the gap, the heads), so
`game.messages` never looks at the table again; `to_dict()` is its JSON form.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    type: ClassVar[str] = "event"

    def __post_init__(self):
        """Lists become tuples at any depth, so an event equals itself read back from JSON; only
        tuple and dict fields (cached per class) are looked at, so most events cost nothing."""
        names = _CONTAINERS.get(type(self))
        if names is None:
            names = _CONTAINERS[type(self)] = tuple(
                f.name for f in fields(self) if str(f.type).startswith(("tuple", "dict")))
        for name in names:
            value = getattr(self, name)
            if isinstance(value, (list, tuple, dict)):
                object.__setattr__(self, name, _frozen(value))

    def to_dict(self) -> dict:
        return {"type": self.type, **{f.name: _plain(getattr(self, f.name)) for f in fields(self)}}


def _plain(value):
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


_CONTAINERS: dict[type, tuple[str, ...]] = {}
"""Event class → names of its tuple and dict fields, the only ones that may hold a list."""

_NESTED = (list, tuple, dict)


def _frozen(value):
    if isinstance(value, tuple) and not any(isinstance(v, _NESTED) for v in value):
        return value   # already frozen (a tuple of cards): nothing to rebuild
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    return value


EVENT_TYPES: dict[str, type[Event]] = {}
"""type → event class; each variant registers its own (`register`), so `all_types` lists all."""

DICT_EVENT_TYPES: set[str] = set()
"""Types whose events are plain JSON-ready dicts already (Junior's)."""


def register_dict_types(*types: str) -> None:
    """Register plain-dict event types (`all_types`); a type names one kind only."""
    for kind in types:
        if kind in EVENT_TYPES:
            raise ValueError(f"event type {kind!r} is already {EVENT_TYPES[kind].__qualname__}")
        DICT_EVENT_TYPES.add(kind)


def all_types() -> set[str]:
    """Every event type any variant registers (classes and plain dicts): each variant registers
    its own as its modules load, so loading them all needs no list of event modules."""
    from . import variants
    for name in variants.names():
        variants.get(name)
    return set(EVENT_TYPES) | DICT_EVENT_TYPES


def register(cls):
    """Register an event class (a decorator, `all_types`); a type names one class only."""
    known = EVENT_TYPES.get(cls.type)
    if known is not None and known is not cls:
        raise ValueError(f"event type {cls.type!r} is already {known.__qualname__}")
    EVENT_TYPES[cls.type] = cls
    return cls


def event(kind: str):
    """A frozen event class of type `kind`, registered: each declares only its fields."""
    def declare(cls):
        cls.type = kind
        return register(dataclass(frozen=True, slots=True)(cls))
    return declare


@event("reveal")
class Reveal(Event):
    """All cards of a turn turned face up, listed in the order they will be placed."""
    turn: int
    plays: tuple  # ({"player": p, "card": c}, ...) ascending by card


@event("place")
class Place(Event):
    """A card goes after the greatest row end lower than it (RULES §1)."""
    turn: int
    player: str
    card: int
    row: int
    after: int     # last card of the row before the placement
    gap: int       # card - after: the smallest gap among the rows it could follow
    length: int    # cards in the row after the placement


@event("too_low")
class TooLow(Event):
    """The card is lower than every row end: its player must take a row."""
    turn: int
    player: str
    card: int
    lowest: int    # the smallest row end, which the card is still below


@event("choice_requested")
class ChoiceRequested(Event):
    """The engine stops and asks the player which row to take, with each option's cost."""
    turn: int
    player: str
    card: int
    options: tuple  # ({"row": i, "cards": (...), "heads": h}, ...)


@event("choice_made")
class ChoiceMade(Event):
    turn: int
    player: str
    card: int
    row: int
    heads: int
    cheapest: int  # fewest heads any option cost, to tell the reader if the choice was the cheapest
    # Every option's cost ({"row": i, "heads": h}, ...), so the sentence can name the cheapest
    # rows and say « la plus chère » only when true; empty in logs written before it existed.
    costs: tuple = ()


@event("take")
class Take(Event):
    """A player takes a row into their penalty pile (6th card or too-low card)."""
    turn: int
    player: str
    card: int
    row: int
    cards: tuple
    heads: int
    reason: str    # "sixth" or "too_low"


@event("start_row")
class StartRow(Event):
    """The card that caused a take starts the row again, in the same place."""
    turn: int
    player: str
    card: int
    row: int


@event("deal")
class Deal(Event):
    round: int
    rows: tuple
    cards_in_play: int
    drafted: bool = False   # Logique: the rows are the cards nobody drafted


@event("draft_pick")
class DraftPick(Event):
    """Logique variant: a player picks one face-up card."""
    round: int
    player: str
    card: int


@event("round_end")
class RoundEnd(Event):
    round: int
    scores: dict   # heads taken this round
    totals: dict   # heads since the start of the game


@event("game_end")
class GameEnd(Event):
    rounds: int
    totals: dict
    winners: tuple  # every player with the fewest heads: ties share the victory
