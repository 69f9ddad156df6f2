"""Bots: who plays which card, which row to take, which card to draft.

A bot only reads the round (its hand, the table, the piles) through the same
public state a reader sees; it never peeks at other hands.
"""

from __future__ import annotations

from .cards import HEADS
from ..rng import Rng


def cheapest_row(options: list[dict]) -> int:
    """Fewest heads, then fewest cards, then the lowest index (RULES §1: the bots' tie-break)."""
    return min(options, key=lambda o: (o["heads"], len(o["cards"]), o["row"]))["row"]


class RandomBot:
    """Plays a random card, takes a random row, drafts a random card."""

    name = "random"

    def __init__(self, rng: Rng):
        self.rng = rng

    def card(self, round_, player: str) -> int:
        return self.rng.choice(round_.hands[player])

    def row(self, round_, player: str, card: int) -> int:
        return self.rng.choice(round_.table.open_rows())

    def pick(self, round_, player: str, pool: list[int]) -> int:
        return self.rng.choice(pool)


class HeuristicBot:
    """A sensible player: avoid 6th cards, prefer safe small gaps, take the cheapest row.

    Each card is scored alone against the current table (other players' cards are
    unknown): the heads it would surely take, then the risk of landing as the
    5th card of a row (the next card there takes it), then the gap (a small gap
    leaves less room for someone else to slip in before you).
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
        table = round_.table
        return cheapest_row([{"row": i, "cards": table.rows[i], "heads": table.heads(i)}
                             for i in table.open_rows()])

    def pick(self, round_, player: str, pool: list[int]) -> int:
        """Draft: low cards clear rows, high cards are safe; avoid costly heads."""
        top = max(pool)
        return min(pool, key=lambda c: (HEADS[c], min(c, top + 1 - c), c))


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(kind: str, rng: Rng):
    try:
        return BOTS[kind](rng)
    except KeyError:
        raise ValueError(f"unknown bot {kind!r} (one of {', '.join(BOTS)})") from None


def play_round(round_, bots: dict) -> None:
    """Drive a round to its end, every decision made by `bots[player]`."""
    def choose(player, card, turn):
        return bots[player].row(round_, player, card)

    while round_.draft is not None:
        want = round_.pending
        round_.pick(want["player"], bots[want["player"]].pick(round_, want["player"], want["cards"]))
    while not round_.over:
        plays = {p: bots[p].card(round_, p) for p in round_.players}
        round_.play(plays, choose)


def play_game(game, bots: dict) -> None:
    """Play rounds until the game is over."""
    while not game.over:
        play_round(game.new_round(), bots)
        game.end_round()
