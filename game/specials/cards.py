"""The seven special cards of « 6 qui surprend ! » and the variant's numbers (RULES §3). A special
card is a short string id, as in the JSON format; its French name is in `game.messages.specials`.
"""

from __future__ import annotations

FIFTH_ROW = "cinquieme_serie"
SEVEN = "sept_qui_prend"
INSERT = "inserer"
REPLACE = "remplacer"
SLIDE = "glisser"
STOP = "stop"
NEGATIVE = "negatif_positif"

KINDS = (FIFTH_ROW, SEVEN, INSERT, REPLACE, SLIDE, STOP, NEGATIVE)
COPIES = 4                      # 28 special cards = 4 × 7
NUMBER_CARDS_EACH = 12          # number cards dealt to each player
SPECIAL_CARDS_EACH = 3
MIN_PLAYERS, MAX_PLAYERS = 2, 8  # 12 × 8 + 4 = 100 ≤ 104
ROUNDS = 2                       # exactly two rounds, full re-deal between them
ROWS, MAX_ROWS = 4, 5


def special_deck() -> list[str]:
    """The 28 special cards, in a fixed order (the deal shuffles them)."""
    return [kind for kind in KINDS for _ in range(COPIES)]
