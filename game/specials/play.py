"""A whole game of « 6 qui surprend ! »: two rounds, each with a full re-deal (RULES §3).

Each round shuffles both decks: 12 number cards and 3 special cards per
player, 4 number cards start the rows, the undealt special cards stay face
down unused. After exactly two rounds the fewest heads wins; ties share.
"""

from __future__ import annotations

from game.cards import classic_deck
from game.errors import GameError
from game.events import Deal, GameEnd, RoundEnd
from game.rng import Rng

from .cards import (MAX_PLAYERS, MIN_PLAYERS, NUMBER_CARDS_EACH, ROUNDS, ROWS, SPECIAL_CARDS_EACH,
                    special_deck)
from .round import SpecialRound


class SpecialGame:
    def __init__(self, players, seed: int | None = 0, log: list | None = None):
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise GameError(f"the special-cards variant is played by {MIN_PLAYERS} to {MAX_PLAYERS} "
                            f"players, not {len(players)}")
        if len(set(players)) != len(players):
            raise GameError(f"player names must be different: {players}")
        self.players = list(players)
        self.rng = Rng(seed)
        self.log = log
        self.totals = {p: 0 for p in self.players}
        self.history: list[dict] = []
        self.round: SpecialRound | None = None

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

    def end_round(self) -> dict:
        if self.round is None or not self.round.over:
            raise GameError("the round is not over")
        scores = self.round.scores()
        for p, s in scores.items():
            self.totals[p] += s
        self.history.append(scores)
        if self.log is not None:
            self.log.append(RoundEnd(len(self.history), dict(scores), dict(self.totals)))
            if self.over:
                self.log.append(GameEnd(len(self.history), dict(self.totals), tuple(self.winners)))
        self.round = None
        return scores

    @property
    def winners(self) -> list[str]:
        """Everyone with the fewest heads: ties share the victory."""
        best = min(self.totals.values())
        return [p for p in self.players if self.totals[p] == best]
