"""What is printed on the cards: the heads of number cards (RULES §1) and the cows of Junior
cards (RULES §4). A leaf because the variants play with these facts and game.messages words
them: neither imports the other for them (`classic.cards` and `junior.cows` re-export them).
"""

from __future__ import annotations

# ---------------------------------------------------------------- number cards (1..104)

HIGHEST = 104


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

# ---------------------------------------------------------------- Junior cow cards (1..52)

TYPES = "ABCDEF"
"""Cow type letters, in RULES §4 order: A Afrique, B Allemagne, C Inde, D Japon,
E Amérique du Nord, F Écosse. The French names live in `game.messages.junior`."""

# « Composition proposée » (RULES §4): the publisher's is not public. Symmetric: each type on 11 cards.
SINGLES_PER_TYPE = 7
PAIRS = ("AB", "BC", "CD", "DE", "EF", "AF")
TRIPLES = ("ABC", "DEF", "ACE", "BDF")
COWS: tuple[str, ...] = (None, *(t for t in TYPES for _ in range(SINGLES_PER_TYPE)),  # type: ignore
                         *PAIRS, *TRIPLES)
"""COWS[card]: the sorted type letters of a card: 7 singles of each type in type order, then
pairs, then triples; index 0 unused so ids start at 1."""
