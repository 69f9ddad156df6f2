"""Invariants over random special-card games (RULES §3), over many random games.

After every card settled: number cards are conserved, rows ascend, no row holds
more than its capacity (5, or 6 with a 7 qui prend marker), at least one row is
open, every Stop is gone after a take, and a take with 5 rows leaves 4. Before
each move, a random (often illegal) special move is tried: if refused, the
round must be exactly as it was.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_budget import games, scaled

from game.errors import GameError
from game.rng import Rng
from game.specials.bots import SpecialBot
from round_robots import RoundRandomSpecial
from game.specials.cards import KINDS
from game.specials.moves import FIELDS, Refused
from game.specials.state import SpecialState
from specials_helpers import snapshot

TAKES = {"take", "special_seventh_take", "special_insert_take", "special_row_removed"}


def _all_cards(rnd) -> list[int]:
    return (rnd.table.cards() + [c for h in rnd.hands.values() for c in h]
            + [c for p in rnd.piles.values() for c in p] + [c for c, _ in rnd.queue[rnd.pos:]])


def _wild_move(rng: Rng) -> dict:
    kind = KINDS[rng.below(len(KINDS))]
    return {"card": kind, **{f: rng.below(8) - 1 if f != "with" and f != "chosen" else rng.below(105)
                             for f in FIELDS[kind]}}


def _check(rnd, start: list[int], log: list, mark: int, rows_before: int) -> None:
    if rnd.turn_done or len(start) < 40:   # the full count after each turn keeps big games fast
        assert sorted(_all_cards(rnd)) == start, "number cards conserved"
    table = rnd.table
    assert len(table.rows) in (4, 5)
    for i, row in enumerate(table.rows):
        assert row and all(a < b for a, b in zip(row, row[1:])), f"row {i} ascending: {row}"
        assert len(row) <= table.capacity(i) and len(row) <= (6 if i in table.marked else 5)
    assert table.open_rows(), "at least one row stays open"
    assert table.marked <= set(range(len(table.rows))) and table.stopped <= set(range(len(table.rows)))
    new = [e.type for e in log[mark:]]
    if TAKES & set(new):
        assert not table.stopped, "every Stop is gone after a take"
    if "special_row_removed" in new:
        assert rows_before == 5 and len(table.rows) == 4, "back to 4 rows after a 5-row take"
    if rows_before == 5 and TAKES & set(new):
        assert len(table.rows) == 4
    assert len(rnd.specials) and all(len(s) <= 3 for s in rnd.specials.values())


def play_checked(players: int, seed: int, *, rate: float = 0.4, smart: bool = False,
                 wild: float = 0.3) -> SpecialState:
    names = [f"p{i}" for i in range(players)]
    game = SpecialState(names, seed=seed)
    log = game.log
    rng = Rng(seed + 1)
    bots = {p: SpecialBot() if smart and i % 2 else RoundRandomSpecial(rng, rate) for i, p in enumerate(names)}
    while not game.is_over:
        rnd = game.round or game.new_round()
        while not rnd.over:
            rnd.reveal({p: bots[p].card(rnd, p) for p in names})
            start = sorted(_all_cards(rnd))
            while not rnd.turn_done:
                _, player = rnd.next_card()
                mark, rows_before = len(log), len(rnd.table.rows)
                if rng.random() < wild:
                    before = snapshot(rnd)
                    try:
                        rnd.resolve(_wild_move(rng), rng.below(6) - 1)
                    except GameError as error:
                        assert isinstance(error, Refused) or error.code, error
                        assert snapshot(rnd) == before and len(log) == mark, "refused: nothing changes"
                    else:  # legal by chance: it was played
                        _check(rnd, start, log, mark, rows_before)
                        continue
                move, choice = bots[player].decide(rnd, player)
                rnd.settle(move, choice)
                _check(rnd, start, log, mark, rows_before)
        game.end_round()
    assert len(game.history) == 2
    assert game.totals == {p: game.history[0][p] + game.history[1][p] for p in names}
    return game


@settings(derandomize=True)
@given(players=st.integers(2, 8), seed=st.integers(0, 10**9))
def test_random_special_games_keep_every_invariant(players, seed):
    play_checked(players, seed)


@settings(parent=scaled(0.25), derandomize=True)  # a bot that thinks: 4× the cost of a game
@given(players=st.integers(2, 6), seed=st.integers(0, 10**9))
def test_games_with_the_sensible_bot_keep_every_invariant(players, seed):
    play_checked(players, seed, smart=True)


@pytest.mark.slow
def test_many_more_random_games_keep_every_invariant():
    """2.4 seeded games per example: 240 under the dev profile, 1,200 under deep."""
    for seed in range(games(2.4)):
        play_checked(2 + seed % 5, seed, rate=0.6, wild=0.1)
