"""Junior's robot: one heuristic per level, one move ahead as a child learns: complete a row
(base, avancé), leave no row one cow short for the next player, lay no 6th card (expert). Ties
go to the first legal move, so the robot is deterministic.
"""

from __future__ import annotations

from .cows import ALL_TYPES, cows, row_types
from .rules import EXPERT_TAKE_AT, is_stuck, legal_moves


def score_base(state, player, card, row) -> float:
    """Base and avancé: win a completed row; avoid leaving a row one type short."""
    cards = state["rows"][row]
    types_after = row_types(cards) | cows(card)
    sign = 1 if state["goal"] == "most" else -1
    if types_after == ALL_TYPES:
        return sign * (100 + len(cards) + 1)
    score = 0.0
    if len(types_after) == 5:
        score -= sign * 20  # the next player may complete it
    score += 0.1 * len(cows(card) - row_types(cards))
    return score


def score_expert(state, player, card, row) -> float:
    """Expert (fewest wins): never lay a 6th card; a row left at five cards is a trap for others."""
    length = len(state["rows"][row]) + 1
    if length == EXPERT_TAKE_AT:
        return -10.0 * (EXPERT_TAKE_AT - 1)
    return 3.0 if length == EXPERT_TAKE_AT - 1 else -0.1 * length


def stuck_move(state, player):
    """Take the shortest row, then lay the card with the fewest cows (keep flexible ones in hand)."""
    rows = state["rows"]
    row = min(range(len(rows)), key=lambda r: (len(rows[r]), r))
    card = min(state["hands"][player], key=lambda c: (len(cows(c)), c))
    return card, row


def heuristic_move(state, player):
    """The best-scoring legal move for the level; the first of equals (deterministic)."""
    if is_stuck(state, player):
        return stuck_move(state, player)
    score = score_expert if state["level"] == "expert" else score_base
    scored = [(score(state, player, c, r), (c, r)) for c, r in legal_moves(state, player)]
    best = max(s for s, _ in scored)
    return next(m for s, m in scored if s == best)


class Heuristic:
    """`heuristic_move` answering the state protocol (the first best move: no generator)."""

    name = "heuristic"

    def move(self, st) -> dict:
        player = st.pending["player"]
        card, row = heuristic_move(st.data, player)
        return {"kind": "card", "player": player, "card": card, "row": row}
