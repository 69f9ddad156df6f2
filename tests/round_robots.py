"""Drive a classic `Round` or a special-cards `SpecialRound` directly, for the tests of those rules.

The product plays every game through the State protocol (`game.state.play_out`, and the lean
simulation kernel `game.classic.fast`); tests of a round's own invariants need to hold the round
itself, so they use this small driver (a classic round is played by the kernel's own
`play_round`, the rounds of a game by the State's `play_rounds`). `RoundRandom` draws exactly as `game.state.RandomBot` does
over the State (a card of the sorted hand, an open row, a card of the draft pool).
"""

from __future__ import annotations

from game.classic.fast import play_round  # noqa: F401  (the tests' classic round driver)
from game.specials.moves import candidates


class RoundRandom:
    name = "random"

    def __init__(self, rng):
        self.rng = rng

    def card(self, round_, player: str) -> int:
        return self.rng.choice(round_.hands[player])

    def row(self, round_, player: str, card: int) -> int:
        return self.rng.choice(round_.table.open_rows())

    def pick(self, round_, player: str, pool: list[int]) -> int:
        return self.rng.choice(pool)


class RoundRandomSpecial(RoundRandom):
    """Random cards and rows on a `SpecialRound`, and a random legal special move about every
    `rate` cards: the rate lets a test play many special cards, or few."""

    def __init__(self, rng, rate: float = 0.3):
        super().__init__(rng)
        self.rate = rate

    def decide(self, rnd, player: str) -> tuple[dict | None, int | None]:
        moves = candidates(rnd, player) if self.rng.random() < self.rate else []
        self.rng.shuffle(moves)
        for move, choice in moves:
            trial = rnd.trial(move, choice)
            if trial is not None and trial.asked is None:
                return move, choice
            if trial is not None:   # a too-low card: a random row among those it may take
                return move, self.rng.choice(trial.asked[0].options)["row"]
        too_low = rnd.table.target(rnd.next_card()[0]) is None
        return None, self.rng.choice(rnd.table.open_rows()) if too_low else None



def snapshot(rnd) -> dict:
    """A classic round as plain JSON: its table, hands, piles and scores at this moment."""
    return {"round": rnd.number, "turn": rnd.turn_number, "rows": rnd.table.to_json(),
            "hands": {p: list(h) for p, h in rnd.hands.items()},
            "piles": {p: list(c) for p, c in rnd.piles.items()}, "scores": rnd.scores(),
            "draft": None if rnd.draft is None else {**rnd.draft, "pool": list(rnd.draft["pool"])}}


def play_special_round(rnd, bots: dict) -> None:
    """A special-cards round to its end: each bot's number card, then its `decide` per card."""
    while not rnd.over:
        rnd.reveal({p: bots[p].card(rnd, p) for p in rnd.players})
        while not rnd.turn_done:
            _, player = rnd.next_card()
            rnd.settle(*bots[player].decide(rnd, player))


def play_game(st, bots: dict, play=play_round) -> None:
    """Rounds until the game is over, on the State's rounds directly (a `ClassicState`, or a
    `SpecialState` with `play=play_special_round`)."""
    st.play_rounds(lambda r: play(r, bots))
