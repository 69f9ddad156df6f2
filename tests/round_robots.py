"""Drive a classic `Round` or a special-cards `SpecialRound` directly, for the tests of those rules.

The product plays every game through the State protocol (`game.state.play_out`, and the lean
simulation kernel `game.classic.fast`); tests of a round's own invariants need to hold the round
itself, so they use this small driver. `RoundRandom` draws exactly as `game.state.RandomBot` does
over the State (a card of the sorted hand, an open row, a card of the draft pool).
"""

from __future__ import annotations


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


def play_round(round_, bots: dict) -> None:
    """A classic round to its end, every decision made by `bots[player]` (card, row, pick)."""
    while round_.draft is not None:
        want = round_.pending
        round_.pick(want["player"], bots[want["player"]].pick(round_, want["player"], want["cards"]))
    while not round_.over:
        round_.play({p: bots[p].card(round_, p) for p in round_.players},
                    lambda player, card, turn: bots[player].row(round_, player, card))


def play_special_round(rnd, bots: dict) -> None:
    """A special-cards round to its end: each bot's number card, then its `decide` per card."""
    while not rnd.over:
        rnd.reveal({p: bots[p].card(rnd, p) for p in rnd.players})
        while not rnd.turn_done:
            _, player = rnd.next_card()
            rnd.settle(*bots[player].decide(rnd, player))


def play_game(st, bots: dict, play=play_round) -> None:
    """Rounds until the game is over, on the State's rounds directly (a `ClassicState`, or a
    `SpecialState` with `play=play_special_round`): its first round is already dealt."""
    while True:
        play(st.round, bots)
        st.end_round()
        if st.game_over:
            return
        st.new_round()
