"""A whole game of « 6 qui surprend ! »: two rounds, each with a full re-deal (RULES §3).

Each round shuffles both decks: 12 number cards and 3 special cards per
player, 4 number cards start the rows, the undealt special cards stay face
down unused. After exactly two rounds the fewest heads wins; ties share.
"""

from __future__ import annotations

from game.classic.cards import classic_deck
from game.errors import GameError
from game.events import Deal
from game.classic.play import Game

from .cards import (MAX_PLAYERS, MIN_PLAYERS, NUMBER_CARDS_EACH, ROUNDS, ROWS, SPECIAL_CARDS_EACH,
                    special_deck)
from .round import SpecialRound


class SpecialGame(Game):
    """Two rounds with special cards; scoring, end of game and ties are the classic Game's."""

    title = "the special-cards variant"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS

    def __init__(self, players, seed: int | None = 0, log: list | None = None, *, excerpt: bool = False):
        super().__init__(players, seed=seed, log=log, excerpt=excerpt)

    @property
    def over(self) -> bool:
        return len(self.history) >= ROUNDS

    def new_round(self) -> SpecialRound:
        if self.over:
            raise GameError("the game is over: it has exactly two rounds")
        number = len(self.history) + 1
        n = len(self.players)
        draw = self.rng.draw(classic_deck(), NUMBER_CARDS_EACH * n + ROWS)
        specials = self.rng.draw(special_deck(), SPECIAL_CARDS_EACH * n)
        hands = {p: draw[i * NUMBER_CARDS_EACH:(i + 1) * NUMBER_CARDS_EACH]
                 for i, p in enumerate(self.players)}
        held = {p: specials[i * SPECIAL_CARDS_EACH:(i + 1) * SPECIAL_CARDS_EACH]
                for i, p in enumerate(self.players)}
        rows = [[c] for c in draw[NUMBER_CARDS_EACH * n:]]
        self.round = SpecialRound(self.players, hands, held, rows, number=number, log=self.log)
        if self.log is not None:
            self.log.append(Deal(number, tuple(tuple(r) for r in rows), len(draw)))
        return self.round

