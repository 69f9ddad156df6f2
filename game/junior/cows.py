"""Cow cards of « 6 qui prend Junior » and the 52-card deck (RULES §4).

A cow card is an int id (1..52), not its cows: seven « Afrique » cards must stay distinct to be
counted and conserved. `COWS[id]` (from `game.card_faces`) gives its sorted type letters.
"""

from __future__ import annotations

from collections import Counter

from game.card_faces import COWS, TYPES
from ..untrusted import is_whole

ALL_TYPES = frozenset(TYPES)
DECK_SIZE = len(COWS) - 1
CARD_IDS = tuple(range(1, DECK_SIZE + 1))
MIN_PLAYERS, MAX_PLAYERS = 2, 5
ROWS = 4


def cows(card: int) -> frozenset[str]:
    """The cow types of a card, as a set for unions and intersections."""
    return frozenset(COWS[card])


def is_cow_card(value) -> bool:
    """True for an int id of the deck (bool excluded: JSON true is not a card)."""
    return is_whole(value) and 1 <= value <= DECK_SIZE


def row_types(row) -> frozenset[str]:
    """Every cow type present in a row of card ids."""
    return frozenset(t for card in row for t in COWS[card])


def junior_deck() -> list[int]:
    """The 52 cow cards, in id order (shuffle with `game.junior.shuffle`)."""
    return list(CARD_IDS)


def cards_with(cow_string: str) -> list[int]:
    """Ids of the cards whose cows are exactly these letters (any order): how scenarios name cards."""
    wanted = "".join(sorted(cow_string.upper()))
    return [card for card in CARD_IDS if COWS[card] == wanted]


def composition() -> list[tuple[str, int]]:
    """Each distinct card (its cow letters) with how many the deck holds, in id order."""
    return list(Counter(COWS[card] for card in CARD_IDS).items())


def cards_per_type() -> dict[str, int]:
    """On how many cards each type appears (11 each in the proposed composition)."""
    return {t: sum(t in COWS[c] for c in CARD_IDS) for t in TYPES}
