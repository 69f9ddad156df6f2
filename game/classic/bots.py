"""The classic heuristic robot: which card to play, which row to take, which card to draft.

It reads only what a reader sees (its hand, the table, the piles), never other hands. The random
robot is every variant's `game.state.RandomBot`.
"""

from __future__ import annotations

from .cards import HEADS
from ..rng import Rng


def cheapest_row(options: list[dict]) -> int:
    """Fewest heads, then fewest cards, then the lowest index (RULES §1: the bots' tie-break)."""
    return min(options, key=lambda o: (o["heads"], len(o["cards"]), o["row"]))["row"]


class HeuristicBot:
    """A sensible player: avoid 6th cards, prefer safe small gaps, take the cheapest row.

    Each card is scored alone against the table (other cards are unknown): the heads it surely
    takes, then the risk of being a row's 5th card, then the gap (less room to slip in before).
    """

    name = "heuristic"

    def __init__(self, rng: Rng | None = None):
        self.rng = rng

    def assess(self, table, card: int) -> tuple:
        """(heads surely taken, risk, gap) of playing `card` now; lower is better."""
        row = table.target(card)
        if row is None:
            cheapest = min(table.heads(i) for i in table.open_rows())
            # A low card is also a way to clear a row cheaply: worth its cost, no more.
            return (cheapest, 0, 0)
        cards = table.rows[row]
        if len(cards) >= table.capacity(row):
            return (table.heads(row), 0, 0)
        gap = card - cards[-1]
        risk = len(cards) + 1 >= table.capacity(row)
        return (0, int(risk) * table.heads(row), gap)

    def card(self, round_, player: str) -> int:
        table = round_.table
        return min(round_.hands[player], key=lambda c: (self.assess(table, c), c))

    def row(self, round_, player: str, card: int) -> int:
        return cheapest_row(round_.table.options())

    def move(self, st) -> dict:
        """The state protocol's decision (game/state.py): a card, then a row or a draft pick."""
        want, r = st.pending, st.round
        player = want["player"]
        if want["kind"] == "card":
            return {"kind": "card", "player": player, "card": self.card(r, player)}
        return self.decide_move(want, r, player)

    def decide_move(self, want: dict, r, player: str) -> dict:
        """A decision other than the card (a variant's bot answers its own)."""
        if want["kind"] == "row":
            return {"kind": "row", "player": player, "row": self.row(r, player, want["card"])}
        return {"kind": "pick", "player": player, "card": self.pick(r, player, want["cards"])}

    def pick(self, round_, player: str, pool: list[int]) -> int:
        """Draft: low cards clear rows, high cards are safe; avoid costly heads."""
        top = max(pool)
        return min(pool, key=lambda c: (HEADS[c], min(c, top + 1 - c), c))
