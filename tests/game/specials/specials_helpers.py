"""Helpers shared by the special-cards tests (a distinct name: test folders share one import path)."""

import pytest

from game.specials.cards import KINDS
from game.specials.moves import Refused
from game.specials.round import SpecialRound


def table(rows, plays, *, marked=(), stopped=(), hands=None, held=None):
    """A round whose turn is revealed, with every card lower than the first player's settled.

    `plays` is {player: card}; the player with the lowest card is the one to decide.
    Each player holds every special card unless `held` says otherwise.
    """
    players = list(plays)
    hands = {p: [plays[p]] + list((hands or {}).get(p, ())) for p in players}
    held = held or {p: list(KINDS) for p in players}
    rnd = SpecialRound(players, hands, held, rows, marked=marked, stopped=stopped, log=[])
    rnd.reveal(plays)
    return rnd


def snapshot(rnd) -> dict:
    """Plain JSON of everything a move may change (to compare a round before and after)."""
    return {"turn": rnd.turn_number, **rnd.table.state(),
            "hands": {p: list(h) for p, h in rnd.hands.items()},
            "specials": {p: list(s) for p, s in rnd.specials.items()},
            "piles": {p: list(c) for p, c in rnd.piles.items()}, "credits": dict(rnd.credits),
            "discard": list(rnd.discard), "queue": [list(q) for q in rnd.queue], "pos": rnd.pos,
            "scores": rnd.scores()}


def refused(rnd, move, choice=None, reason=None) -> Refused:
    """Try an illegal special move: it raises Refused naming the card, and nothing changes."""
    before = snapshot(rnd)
    log_len = len(rnd.log)
    with pytest.raises(Refused) as info:
        rnd.resolve(move, choice)
    assert snapshot(rnd) == before
    assert len(rnd.log) == log_len
    error = info.value
    assert error.special == move["card"] and move["card"] in str(error)
    if reason is not None:
        assert error.reason == reason, error
    return error


def types(rnd):
    return [e.type for e in rnd.log]
