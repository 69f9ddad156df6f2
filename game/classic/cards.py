"""Number cards and their têtes de bœuf (RULES §1), and the decks of each variant.

Card values are plain ints: cheap to compare, sort and serialise.
"""

from __future__ import annotations

HIGHEST = 104
MAX_HEADS = 7


def heads(card: int) -> int:
    """Têtes de bœuf of a number card; the first matching rule wins (RULES §1)."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


HEADS = (0,) + tuple(heads(c) for c in range(1, HIGHEST + 1))
"""HEADS[card]: precomputed for the hot loops of simulations."""


def total_heads(cards) -> int:
    """Sum of the têtes de bœuf of some cards."""
    return sum(HEADS[c] for c in cards)


def classic_deck() -> list[int]:
    """The 104 cards of the classic game."""
    return list(range(1, HIGHEST + 1))


def tactique_deck(players: int) -> list[int]:
    """Tactique / Logique: only 1..(10 × players + 4) are used (RULES §2)."""
    return list(range(1, 10 * players + 4 + 1))


def is_card(value) -> bool:
    """True for an int in 1..104 (bool excluded: JSON true is not a card)."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= HIGHEST
