"""What each card of the hand risks this turn: a Monte-Carlo estimate over the unseen cards.

One sample deals every opponent a hand (their known cards plus unseen cards drawn at random),
lets each pick the card it plays (uniformly, or as the heuristic bot would), then resolves the
turn once for every card of the reader's hand against those same plays (common random numbers:
the cards are compared on the same deals). A player whose card is lower than every row takes the
cheapest row, as the bots do; for the reader that is the cheapest choice of the turn.

Sample i draws only from its own generator, seeded by (seed, i): an estimate run in chunks
(`start`, `chunk`) gives exactly the figures of one run, so the worker can report progress and
stop between chunks. An estimate, not a solver: later turns are not looked at. With the special
cards the turn is a SpecialRound and every placement decision the variant's robot's (specials.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import islice
from types import SimpleNamespace

from ..classic.bots import HeuristicBot, cheapest_row
from ..classic.table import Table
from ..classic.play import Round
from ..errors import GameError
from ..rng import Rng
from ..specials.bots import SpecialBot
from . import specials
from .codec import MODES, check_settings
from .position import SPECIALS, Position, opponent
from ..untrusted import is_whole

Z95 = 1.959963984540054
MAX_SAMPLES = 1_000_000
MAX_CHUNK = 1000
"""A larger chunk is refused: one message must never keep the worker busy for seconds."""
ME = "p1"


@dataclass
class Tally:
    """Running sums for one card of the hand: enough to merge chunks and give intervals.

    `negative`: the heads may be below zero (special cards: Négatif = positif), so a take is
    counted apart from the heads and the interval of the heads is not cut at zero.
    """
    card: int
    n: int = 0
    takes: int = 0
    heads: int = 0
    heads_sq: int = 0
    negative: bool = False

    def add(self, heads: int, took: bool | None = None) -> None:
        self.n += 1
        if heads if took is None else took:
            self.takes += 1
        self.heads += heads
        self.heads_sq += heads * heads

    def take_interval(self) -> tuple[float, float, float]:
        """P(takes a row): (estimate, low, high), Wilson's 95 % interval (sound near 0 and 1)."""
        n = self.n
        if not n:
            return 0.0, 0.0, 1.0
        p = self.takes / n
        z2 = Z95 * Z95
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        return p, max(0.0, centre - half), min(1.0, centre + half)

    def heads_interval(self) -> tuple[float, float, float]:
        """Expected heads taken: (mean, low, high), normal 95 % interval, never below 0 unless
        the heads may be."""
        n = self.n
        if not n:
            return 0.0, 0.0, 0.0
        mean = self.heads / n
        if n < 2:
            return mean, mean, mean
        variance = max(0.0, (self.heads_sq - n * mean * mean) / (n - 1))
        half = Z95 * math.sqrt(variance / n)
        low = mean - half if self.negative else max(0.0, mean - half)
        return mean, low, mean + half

    def to_json(self) -> dict:
        data = {"card": self.card, "n": self.n, "takes": self.takes, "heads": self.heads,
                "heads_sq": self.heads_sq}
        if self.negative:
            data["negative"] = True
        return data

    @classmethod
    def from_json(cls, data: dict) -> "Tally":
        try:
            values = [data[k] for k in ("card", "n", "takes", "heads", "heads_sq")]
            negative = data.get("negative", False) is True
        except (KeyError, TypeError, AttributeError):
            raise GameError("a tally needs card, n, takes, heads, heads_sq", code="shape") from None
        if not all(is_whole(v) for v in values) \
                or min(values[k] for k in (0, 1, 2, 4)) < 0 or (values[3] < 0 and not negative):
            raise GameError("tally values are counts", code="shape")
        return cls(*values, negative=negative)


@dataclass
class Estimate:
    """The figures so far: one tally per card of the hand, `done` samples out of `samples`."""
    seed: int
    mode: str
    samples: int
    done: int
    tallies: list

    @property
    def finished(self) -> bool:
        return self.done >= self.samples

    def to_json(self) -> dict:
        return {"seed": self.seed, "mode": self.mode, "samples": self.samples, "done": self.done,
                "tallies": [t.to_json() for t in self.tallies]}

    @classmethod
    def from_json(cls, data) -> "Estimate | None":
        """The figures a page sends back with its next chunk (None: the first chunk)."""
        if data is None:
            return None
        if not isinstance(data, dict) or not isinstance(data.get("tallies"), list):
            raise GameError("so_far must be an estimate", code="stale_estimate")
        tallies = [Tally.from_json(t) for t in data["tallies"]]
        done = data.get("done")
        # Each sample's heads h satisfy h² ≥ |h|; with Négatif = positif a take may count below 0.
        if not is_whole(done) or any(not t.takes <= t.n <= done or t.heads_sq < abs(t.heads)
                                                for t in tallies):
            raise GameError("so_far's tallies do not add up", code="stale_estimate")
        return cls(data.get("seed"), data.get("mode"), data.get("samples"), done, tallies)


def sample_plays(position: Position, rng: Rng, mode: str, table: Table, pool: list) -> dict:
    """One draw of the card each opponent plays, given their known cards and the unseen pool."""
    h = len(position.hand)
    plays = {}
    if mode == "uniform":
        # A uniform card of a hand made of k known cards and h − k random unseen ones is a known
        # card with probability k/h, else a fresh unseen card: no need to deal the whole hand.
        cards = list(pool)
        free = len(cards)
        for i in range(position.players - 1):
            known = position.known_of(i)
            j = rng.below(h)
            if j < len(known):
                plays[opponent(i)] = known[j]
            else:
                k = rng.below(free)
                free -= 1
                cards[k], cards[free] = cards[free], cards[k]
                plays[opponent(i)] = cards[free]
        return plays
    others = range(position.players - 1)
    fill = iter(rng.draw(pool, sum(h - len(position.known_of(i)) for i in others)))   # unknown cards
    hands = {opponent(i): [*position.known_of(i), *islice(fill, h - len(position.known_of(i)))]
             for i in others}
    view, bot = SimpleNamespace(table=table, hands=hands), HeuristicBot()   # what it reads
    return {p: bot.card(view, p) for p in hands}


def heads_taken(table: Table, plays: dict, player: str = ME) -> int:
    """Heads `player` takes when the turn with these plays is resolved (everyone too low takes
    the cheapest row); it stops at their card: the higher cards cannot change what they took."""
    rnd = Round.lone_turn(table, plays)
    while not rnd.turn_done:
        _, who = rnd.next_card()
        if not rnd.step():
            rnd.step(cheapest_row(rnd.table.options()))
        if who == player:
            break
    return rnd.score(player)


def sample_seed(seed: int, index: int) -> int:
    """The seed of sample `index`: distinct for every (seed, index) with index < 2**32."""
    return seed * 4_294_967_296 + index


def estimate(position: Position, samples: int, seed: int, *, mode: str = "uniform",
             start: int = 0, chunk: int | None = None, so_far: Estimate | None = None) -> Estimate:
    """Run samples [start, start + chunk) of an estimate of `samples`, merged into `so_far`:
    the same figures however the samples are split into chunks."""
    position.check()
    _check_run(samples, seed, mode, start, chunk)
    if so_far is None:
        negative = position.variant == SPECIALS
        so_far = Estimate(seed, mode, samples, start,
                          [Tally(c, negative=negative) for c in position.hand])
    for field, now, before in (("seed", seed, so_far.seed), ("mode", mode, so_far.mode),
                               ("samples", samples, so_far.samples), (None, start, so_far.done),
                               (None, list(position.hand), [t.card for t in so_far.tallies])):
        if now != before:   # the reader changed a setting while the estimate ran
            raise GameError(f"the figures so far have {field or 'another position'} "
                            f"{str(before)[:20]}, not {str(now)[:20]}", field=field,
                            code="stale_estimate")
    stop = samples if chunk is None else min(samples, start + chunk)
    pool, tallies = position.unseen(), so_far.tallies
    special_pool, bot, table = position.unseen_specials(), SpecialBot(), Table(position.rows)
    for index in range(start, stop):
        rng = Rng(sample_seed(seed, index))
        if position.variant == SPECIALS:   # a SpecialRound per sample, robots' decisions
            base = specials.deal(position, rng, pool, special_pool)
            plays = specials.opponents_cards(position, base, rng, mode)
            results = specials.settle_all(base, plays, position.hand, bot)
            for tally in tallies:
                tally.add(*results[tally.card])
            continue
        plays = sample_plays(position, rng, mode, table, pool)
        for tally in tallies:
            plays[ME] = tally.card
            tally.add(heads_taken(table, plays))
    so_far.done = max(so_far.done, stop)
    return so_far


def _check_run(samples, seed, mode, start, chunk) -> None:
    check_settings(-1 if seed is None else seed, mode)   # a link may lack a seed, a run may not
    if not is_whole(samples) or not 1 <= samples <= MAX_SAMPLES:
        raise GameError(f"samples must be 1..{MAX_SAMPLES}, not {samples!r}", field="samples",
                        code="samples_range")
    if not is_whole(start) or not 0 <= start <= samples \
            or chunk is not None and (not is_whole(chunk) or not 0 < chunk <= MAX_CHUNK):
        raise GameError(f"bad chunk: start {start!r}, chunk {chunk!r}", code="chunk_range")


__all__ = ["Tally", "Estimate", "estimate", "heads_taken", "sample_plays", "MODES"]
