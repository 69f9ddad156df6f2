"""A seedable generator whose draws are identical on every Python version.

Only `random.Random.random()` keeps its sequence across releases (`shuffle`, `choice`, `sample`
have changed), so every draw is built on it: CPython 3.11 deals what the browser's Pyodide deals.
"""

from __future__ import annotations

import random


class Rng:
    """Version-stable draws (shuffle, below, choice) from one seed."""

    __slots__ = ("random",)

    def __init__(self, seed: int | None = 0):
        # The bound C method itself: simulations call it millions of times.
        self.random = random.Random(seed).random

    def below(self, n: int) -> int:
        """An int in 0..n-1."""
        return int(self.random() * n)

    def choice(self, items):
        return items[int(self.random() * len(items))]

    def shuffle(self, items: list) -> None:
        """Fisher–Yates in place, drawing only with random()."""
        rnd = self.random
        for i in range(len(items) - 1, 0, -1):
            j = int(rnd() * (i + 1))
            items[i], items[j] = items[j], items[i]

    def draw(self, deck: list, k: int) -> list:
        """k cards drawn at random from `deck` (a partial Fisher–Yates; `deck` is untouched)."""
        cards = list(deck)
        rnd = self.random
        n = len(cards)
        for i in range(k):
            j = i + int(rnd() * (n - i))
            cards[i], cards[j] = cards[j], cards[i]
        return cards[:k]
