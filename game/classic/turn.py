"""One turn: simultaneous reveal, then the cards resolved one by one in ascending order.

A state machine rather than a loop with a callback: a card lower than every row stops the turn
(`pending`) until its player's row choice comes through `step(choice)` (RULES §1: any row).
"""

from __future__ import annotations

from .cards import HEADS
from ..errors import GameError
from ..events import ChoiceMade, ChoiceRequested, Place, Reveal, StartRow, Take, TooLow
from .table import Table
from ..untrusted import is_whole


class Turn:
    """The cards of one turn, resolved lowest first."""

    __slots__ = ("table", "number", "queue", "pos", "pending", "piles", "log")

    def __init__(self, table: Table, plays: dict, number: int, piles: dict, log: list | None = None):
        self.table = table
        self.number = number
        self.queue = sorted((card, player) for player, card in plays.items())
        self.pos = 0
        self.pending: tuple | None = None   # (player, card) waiting for a row choice
        self.piles = piles                  # player -> cards taken this round
        self.log = log
        if log is not None:
            log.append(Reveal(number, tuple({"player": p, "card": c} for c, p in self.queue)))

    @property
    def done(self) -> bool:
        return self.pos >= len(self.queue)

    def next_card(self) -> tuple[int, str]:
        """(card, player) resolved by the next `step`."""
        return self.queue[self.pos]

    def step(self, choice: int | None = None) -> bool:
        """Resolve the next card; False (and `pending` set) when it needs a row choice.

        An illegal choice raises GameError and leaves the turn exactly as it was.
        """
        card, player = self.queue[self.pos]
        table, log = self.table, self.log
        row = table.target(card)
        if row is None:
            if self.pending is None:
                self.pending = (player, card)
                if log is not None:
                    log.append(TooLow(self.number, player, card, table.lowest_end()))
                    log.append(ChoiceRequested(self.number, player, card, table.options()))
            if choice is None:
                return False
            if (not is_whole(choice)
                    or not 0 <= choice < len(table.rows) or not table.is_open(choice)):
                raise GameError(f"turn {self.number}: {player} played {card}, lower than every row, "
                                f"and must take one of the rows {table.open_rows()}, not {choice!r}",
                                player=player, card=card, turn=self.number, code="bad_choice")
            if log is not None:
                options = table.options()
                log.append(ChoiceMade(self.number, player, card, choice, table.heads(choice),
                                      min(o["heads"] for o in options),
                                      tuple({"row": o["row"], "heads": o["heads"]} for o in options)))
            self._take(player, card, choice, "too_low")
            self.pending = None
        else:
            cards = table.rows[row]
            if len(cards) >= table.capacity(row):
                self._take(player, card, row, "sixth")
            else:
                if log is not None:
                    log.append(Place(self.number, player, card, row, cards[-1], card - cards[-1],
                                     len(cards) + 1))
                cards.append(card)
        self.pos += 1
        return True

    def _take(self, player: str, card: int, row: int, reason: str) -> None:
        taken = self.table.take(row, card)
        self.piles[player].extend(taken)
        if self.log is not None:
            self.log.append(Take(self.number, player, card, row, tuple(taken),
                                 sum(HEADS[c] for c in taken), reason))
            self.log.append(StartRow(self.number, player, card, row))

    def run(self, choose=None) -> bool:
        """Resolve every remaining card; `choose(player, card, turn)` answers row choices.

        Without `choose` the turn stops at the first choice (returns False).
        """
        while self.pos < len(self.queue):
            if not self.step():
                if choose is None:
                    return False
                player, card = self.pending
                self.step(choose(player, card, self))
        return True
