"""The explorer with the special cards: the estimate against an exact enumeration, the shortcut
against the plain turn, and a Négatif = positif that makes the figure negative.

The exact side deals every opponent hand (known cards plus each unseen card), every special card
they may hold (each card of the 28 but the reader's, equally likely), every card they may then
play, and plays the whole turn with a SpecialRound where the variant's robot decides every
placement, for the reader too.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.classic.bots import HeuristicBot
from game.explore import specials
from game.explore.position import Position
from game.explore.risk import estimate, sample_seed
from game.rng import Rng
from game.specials.bots import SpecialBot
from game.specials.round import SpecialRound

ROWS = [[10, 11, 12, 13, 14], [30, 33], [50], [70, 71, 72]]
UNSEEN = [1, 20, 40, 60, 73, 90]
HAND = [15, 34, 74]
KNOWN = [16, 35]


def small(**changes) -> Position:
    """Two players; the opponent holds 16 and 35 plus one unseen card, and one special card."""
    used = {c for r in ROWS for c in r} | set(HAND) | set(KNOWN) | set(UNSEEN)
    data = {"rows": ROWS, "hand": HAND, "players": 2, "known": [KNOWN],
            "gone": [c for c in range(1, 105) if c not in used], "variant": "speciales",
            "specials": ["stop"], "their_specials": [1], **changes}
    return Position.of(**data).check()


def exact(position: Position, mode: str) -> dict:
    """{card: (P(take), expected score change)} by enumeration, the whole turn played out."""
    bot, pick = SpecialBot(), HeuristicBot()
    pool = position.unseen_specials()
    kinds = pool if position.specials_of(0) else [None]
    totals = {c: [Fraction(0), Fraction(0)] for c in position.hand}
    cases = [(u, k) for u in position.unseen() for k in kinds]
    for u, kind in cases:
        hand = sorted(KNOWN + [u])
        held = {"p1": list(position.specials), "p2": [kind] if kind else []}

        def round_():
            return SpecialRound(["p1", "p2"], {"p1": list(position.hand), "p2": hand}, held,
                                [list(r) for r in position.rows], marked=position.marked,
                                stopped=position.stopped)

        plays = hand if mode == "uniform" else [pick.card(round_(), "p2")]
        weight = Fraction(1, len(cases) * len(plays))
        for theirs in plays:
            for mine in position.hand:
                rnd = round_()
                rnd.reveal({"p1": mine, "p2": theirs})
                while True:
                    _, player = rnd.next_card()
                    rnd.resolve(*bot.decide(rnd, player))
                    if player == "p1":
                        break
                totals[mine][0] += weight * bool(rnd.piles["p1"])
                totals[mine][1] += weight * rnd.score("p1")
    return {c: (float(p), float(e)) for c, (p, e) in totals.items()}


@pytest.mark.parametrize("mode", ["uniform", "heuristic"])
def test_the_estimate_holds_the_exact_value_within_its_interval(mode):
    position = small()
    truth = exact(position, mode)
    result = estimate(position, 2000, seed=2026, mode=mode)
    for tally in result.tallies:
        p, e = truth[tally.card]
        _, low, high = tally.take_interval()
        assert low - 1e-12 <= p <= high + 1e-12, (tally.card, p, low, high)
        _, low, high = tally.heads_interval()
        assert low - 1e-12 <= e <= high + 1e-12, (tally.card, e, low, high)
        assert abs(tally.take_interval()[0] - p) < 0.05


def test_the_position_is_not_trivial_and_the_special_cards_matter():
    truth = exact(small(), "uniform")
    assert any(0.05 < p < 0.95 for p, _ in truth.values()), truth
    # Without the reader's Stop, or without the opponent's special card, the figures change.
    assert exact(small(specials=[]), "uniform") != truth
    assert exact(small(their_specials=[]), "uniform") != truth


def settle(base: SpecialRound, plays: dict, card: int, bot: SpecialBot) -> tuple[int, bool]:
    """(change of the reader's score, whether they took cards) when they reveal `card`: the turn
    is resolved in ascending order up to their card, each decision the robot's."""
    rnd = base.clone()
    rnd.reveal({**plays, "p1": card})
    while not rnd.turn_done:
        _, player = rnd.next_card()
        move, choice = bot.decide(rnd, player)
        rnd.resolve(move, choice)
        if player == "p1":
            break
    return rnd.score("p1"), bool(rnd.piles["p1"])


def test_settling_every_card_at_once_gives_the_plain_turn():
    """settle_all resolves the opponents' cards once for all the hand: same figures as a whole
    turn per card, on many random deals with markers, Stops and special cards everywhere."""
    position = Position.of([[3, 12, 15], [28, 30], [39, 41, 42, 43, 47, 48], [60], [80, 81]],
                           [5, 29, 33, 49, 61, 90], 4, {"p3": [7]}, [1, 2], "speciales",
                           marked=[2], stopped=[3], specials=["inserer", "negatif_positif"],
                           their_specials=[3, 2, 3]).check()
    bot, pool, kinds = SpecialBot(), position.unseen(), position.unseen_specials()
    for index in range(150):
        rng = Rng(sample_seed(5, index))
        base = specials.deal(position, rng, pool, kinds)
        plays = specials.opponents_cards(position, base, rng, "uniform")
        shortcut = specials.settle_all(base, plays, position.hand, bot)
        assert shortcut == {c: settle(base, plays, c, bot) for c in position.hand}


def test_negatif_positif_makes_a_take_a_gain():
    """A card lower than every row: the robot takes the row of the 55 and keeps the 55 in the
    reader's favour (7 − 2 × 7 = −7) rather than the cheapest row (+3)."""
    position = Position.of([[55], [60], [70], [80]], [1], 2, variant="speciales",
                           specials=["negatif_positif"]).check()
    tally = estimate(position, 200, seed=1).tallies[0]
    assert (tally.n, tally.takes, tally.heads) == (200, 200, -1400)
    assert tally.heads_interval() == (-7.0, -7.0, -7.0)
    plain = estimate(Position.of([[55], [60], [70], [80]], [1], 2, variant="speciales").check(),
                     200, seed=1).tallies[0]
    assert plain.heads_interval()[0] == 3.0


def test_chunks_give_the_figures_of_one_run():
    position = small()
    whole = estimate(position, 90, seed=4)
    part = estimate(position, 90, seed=4, chunk=25)
    while not part.finished:
        part = estimate(position, 90, seed=4, start=part.done, chunk=25, so_far=part)
    assert [t.to_json() for t in part.tallies] == [t.to_json() for t in whole.tallies]


def test_no_opponent_is_dealt_a_special_card_the_table_shows_played():
    """Two Stops close rows and the reader holds the other two: the estimate's deals give the
    opponents every kind but Stop."""
    position = Position.of([[3, 12, 15], [28, 30], [39, 41], [60]], [5, 29, 33], 4,
                           variant="speciales", stopped=[0, 1], specials=["stop", "stop"],
                           their_specials=[3, 3, 3]).check()
    dealt = set()
    for index in range(100):
        base = specials.deal(position, Rng(sample_seed(9, index)), position.unseen(),
                             position.unseen_specials())
        dealt.update(k for p in ("p2", "p3", "p4") for k in base.specials[p])
    assert "stop" not in dealt and len(dealt) == 6
