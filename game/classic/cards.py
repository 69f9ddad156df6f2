"""Number cards (plain ints: cheap to compare, sort and serialise), their têtes de bœuf (RULES
§1, kept in `game.card_faces`) and the decks of each variant."""

from __future__ import annotations

from game.card_faces import HEADS, HIGHEST, heads  # noqa: F401 (re-exported)
from ..untrusted import is_whole

MIN_PLAYERS, MAX_PLAYERS = 2, 10   # RULES §1
HAND_SIZE, ROWS = 10, 4
VARIANTS = ("classic", "tactique", "logique")   # Tactique and Logique: the deck 1..10n+4


def total_heads(cards) -> int:
    """Sum of the têtes de bœuf of some cards."""
    return sum(HEADS[c] for c in cards)


def classic_deck() -> list[int]:
    """The 104 cards of the classic game."""
    return list(range(1, HIGHEST + 1))


def tactique_highest(players: int) -> int:
    """Tactique / Logique: only 1..(10 × players + 4) are used (RULES §2): ten each, four rows."""
    return 10 * players + 4


def tactique_deck(players: int) -> list[int]:
    return list(range(1, tactique_highest(players) + 1))


def is_card(value) -> bool:
    """True for an int in 1..104 (bool excluded: JSON true is not a card)."""
    return is_whole(value) and 1 <= value <= HIGHEST
