"""The Monte-Carlo estimate against an exact enumeration of every deal, on positions small enough.

The exact side enumerates every way to fill each opponent's hand from the unseen cards, and every
card they may then play (uniform) or the card the heuristic bot picks; each deal is resolved by the
classic round with everyone too low taking the cheapest row. The estimate must land within its own
95 % interval, its intervals must cover the exact value about 95 % of the time over many seeds,
and chunks must give the very figures of one run.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_budget import scaled

from game.classic.bots import HeuristicBot
from game.classic.cards import HEADS
from game.classic.table import Table
from game.classic.play import Round
from game.errors import GameError
from game.explore.position import Position
from game.explore.risk import Estimate, estimate

# Tactique at 2 players (cards 1..24): the opponent holds 5 cards, 18 and 4 of 6 unseen ones.
TWO = Position.of([[4], [8, 9, 10, 11], [15, 16], [20]], [2, 13, 14, 17, 22], 2,
                  {"p2": [18]}, [5, 6, 19, 24], "tactique").check()
# Tactique at 3 players (cards 1..34): two opponents with 3 cards each among 7 unseen ones.
THREE = Position.of([[4, 7], [12, 13, 15, 16, 17], [25, 26], [30]], [2, 18, 31], 3,
                    (), [5, 6, 8, 10, 11, 14, 19, 20, 21, 22, 24, 27, 28, 34],
                    "tactique").check()
# Classic at 2 players, the whole deck unseen but one row and a few cards.
WIDE = Position.of([[12, 13, 14, 15, 16], [28], [39, 40], [90]], [11, 17, 41, 95], 2).check()


def cheapest(player, card, rnd):
    table = rnd.table
    return min(table.open_rows(), key=lambda i: (table.heads(i), len(table.rows[i]), i))


def my_heads(position: Position, plays: dict) -> int:
    rnd = Round(list(plays), {p: [c] for p, c in plays.items()}, position.rows)
    rnd.play(plays, cheapest)
    return sum(HEADS[c] for c in rnd.piles["p1"])


def deals(position: Position):
    """Every tuple of opponents' hands (known cards plus disjoint unseen ones), equally likely."""
    h = len(position.hand)
    opponents = range(position.players - 1)

    def fill(i, left):
        if i == position.players - 1:
            yield ()
            return
        known = position.known_of(i)
        for extra in itertools.combinations(left, h - len(known)):
            rest = [c for c in left if c not in extra]
            for tail in fill(i + 1, rest):
                yield (tuple(known) + extra,) + tail

    assert list(opponents)
    yield from fill(0, position.unseen())


def exact(position: Position, mode: str) -> dict:
    """{card: (P(take), expected heads)} as Fractions, by enumeration."""
    totals = {c: [Fraction(0), Fraction(0)] for c in position.hand}
    all_deals = list(deals(position))
    bot = HeuristicBot()
    table = Table(position.rows)
    for hands in all_deals:
        if mode == "uniform":
            choices = list(itertools.product(*hands))
        else:
            choices = [tuple(min(hand, key=lambda c: (bot.assess(table, c), c)) for hand in hands)]
        weight = Fraction(1, len(all_deals) * len(choices))
        for cards in choices:
            plays = {f"p{i + 2}": c for i, c in enumerate(cards)}
            for mine in position.hand:
                heads = my_heads(position, {**plays, "p1": mine})
                totals[mine][0] += weight * (heads > 0)
                totals[mine][1] += weight * heads
    return {c: (float(p), float(e)) for c, (p, e) in totals.items()}


def within(result, truth) -> list[tuple]:
    """The (card, what) pairs whose exact value falls outside the estimate's interval."""
    misses = []
    for tally in result.tallies:
        p, e = truth[tally.card]
        _, low, high = tally.take_interval()
        if not low - 1e-12 <= p <= high + 1e-12:
            misses.append((tally.card, "take", p, low, high))
        _, low, high = tally.heads_interval()
        if not low - 1e-12 <= e <= high + 1e-12:
            misses.append((tally.card, "heads", e, low, high))
    return misses


@pytest.mark.parametrize("position", [TWO, THREE], ids=["two-players", "three-players"])
@pytest.mark.parametrize("mode", ["uniform", "heuristic"])
def test_the_estimate_holds_the_exact_value_within_its_interval(position, mode):
    truth = exact(position, mode)
    result = estimate(position, 3000, seed=2026, mode=mode)
    assert result.done == 3000 and all(t.n == 3000 for t in result.tallies)
    assert within(result, truth) == []
    # And it is close, not just inside a wide interval.
    for tally in result.tallies:
        assert abs(tally.take_interval()[0] - truth[tally.card][0]) < 0.04


def test_the_positions_are_not_trivial():
    """Some card's risk is strictly between 0 and 1, so the comparison means something."""
    for position in (TWO, THREE):
        truth = exact(position, "uniform")
        assert any(0.05 < p < 0.95 for p, _ in truth.values()), truth


def test_the_intervals_cover_the_exact_value_about_95_percent_of_the_time():
    truth = exact(TWO, "uniform")
    checks = misses = 0
    for seed in range(60):
        result = estimate(TWO, 300, seed=seed)
        misses += len(within(result, truth))
        checks += 2 * sum(1 for c in TWO.hand if 0 < truth[c][0] < 1)
    assert checks >= 240
    assert misses / checks < 0.10, (misses, checks)


def test_a_certain_take_and_a_safe_card_are_exact():
    result = estimate(WIDE, 500, seed=1)
    by_card = {t.card: t for t in result.tallies}
    # 17 is the 6th card of the first row whatever the opponent plays: 6 heads (12 to 16).
    assert by_card[17].takes == 500 and by_card[17].heads_interval() == (6, 6, 6)
    # 41 follows 40 unless the opponent plays exactly 41: impossible, it is in the reader's hand.
    assert by_card[41].takes == 0
    assert 0 < by_card[11].takes < 500   # too low unless the opponent goes under 11 first


@settings(parent=scaled(0.15), deadline=None)   # each example runs a few Monte-Carlo estimates
@given(st.lists(st.integers(min_value=1, max_value=90), min_size=1, max_size=6),
       st.sampled_from(["uniform", "heuristic"]), st.integers(min_value=0, max_value=2**32 - 1))
def test_chunks_give_the_figures_of_one_run(cuts, mode, seed):
    position = THREE if mode == "uniform" else TWO
    whole = estimate(position, 200, seed, mode=mode)
    result, start = None, 0
    for size in cuts + [200]:
        if start >= 200:
            break
        result = estimate(position, 200, seed, mode=mode, start=start, chunk=size, so_far=result)
        start = result.done
    assert result.finished
    assert [t.to_json() for t in result.tallies] == [t.to_json() for t in whole.tallies]


def test_the_seed_decides_the_figures():
    one = [t.to_json() for t in estimate(WIDE, 300, seed=5).tallies]
    assert one == [t.to_json() for t in estimate(WIDE, 300, seed=5).tallies]
    assert one != [t.to_json() for t in estimate(WIDE, 300, seed=6).tallies]


@pytest.mark.parametrize("kwargs, code", [
    ({"samples": 0}, "samples_range"),
    ({"samples": 10**7}, "samples_range"),
    ({"seed": -1}, "seed_range"),
    ({"seed": 2**32}, "seed_range"),
    ({"mode": "oracle"}, "mode_unknown"),
    ({"start": 400}, "chunk_range"),
    ({"chunk": 0}, "chunk_range"),
])
def test_bad_runs_are_refused(kwargs, code):
    args = {"samples": 300, "seed": 1, **kwargs}
    with pytest.raises(GameError) as raised:
        estimate(WIDE, args.pop("samples"), args.pop("seed"), **args)
    assert raised.value.code == code


def test_figures_of_another_estimate_are_refused():
    first = estimate(WIDE, 300, seed=1, chunk=100)
    with pytest.raises(GameError) as raised:
        estimate(WIDE, 300, seed=2, start=100, so_far=first)
    assert raised.value.code == "stale_estimate"
    with pytest.raises(GameError):
        estimate(WIDE, 300, seed=1, start=50, so_far=first)


def test_figures_sent_back_with_a_bool_count_are_refused():
    """A page's `so_far` counts its draws in `done`: JSON `true` is 1 in Python, and no count."""
    first = estimate(WIDE, 300, seed=1, chunk=1).to_json()
    assert first["done"] == 1
    with pytest.raises(GameError) as raised:
        Estimate.from_json({**first, "done": True})
    assert raised.value.code == "stale_estimate"
    assert Estimate.from_json(first).done == 1
