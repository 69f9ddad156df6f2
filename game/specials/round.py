"""One round of « 6 qui surprend ! » (RULES §3, timing): everyone reveals a number card, then each
card, in ascending order, is settled with its player's optional special card, so a player decides
with the table they will really meet. Settling is atomic: a refused move changes nothing, and a
card lower than every open row with no row named waits, unsettled, in `pending` for `choose(row)`.

The table (`SpecialTable`: 4 or 5 rows, 7 qui prend markers, Stops) overrides the classic `Table`'s
hooks: `capacity` (a marked row is full at any length) and `is_open` (a stopped row is absent).
"""

from __future__ import annotations

import copy

from game.classic.cards import HEADS
from game.classic.play import BaseRound
from game.classic.table import LIMIT, Table
from game.errors import GameError
from game.events import ChoiceMade, ChoiceRequested, StartRow, Take, TooLow

from . import events as ev
from . import moves
from .cards import MAX_ROWS
from .moves import Refused, RowChoice
from ..untrusted import is_whole


class SpecialTable(Table):
    __slots__ = ("marked", "stopped")

    def __init__(self, rows, limit: int = LIMIT, marked=(), stopped=()):
        super().__init__(rows, limit)
        self.marked = set(marked)    # rows holding a 7 qui prend marker
        self.stopped = set(stopped)  # rows closed by a Stop

    def capacity(self, row: int) -> int:
        """A marked row counts as holding 6 cards: it is full at its current length."""
        return len(self.rows[row]) if row in self.marked else self.limit

    def is_open(self, row: int) -> bool:
        return row not in self.stopped

    def is_full(self, row: int) -> bool:
        """Whether the next card placed in this row takes it."""
        return len(self.rows[row]) >= self.capacity(row)

    def take(self, row: int, card: int, *, insert: bool = False) -> list[int]:
        """Take a row for `card`: restart it with the card (Insérer: with the row's last card,
        which stays), or, with 5 rows, remove it, the card just played included."""
        self.stopped.clear()
        if len(self.rows) == MAX_ROWS:
            self.marked = {i - (i > row) for i in self.marked if i != row}   # rows below move up
            return self.rows.pop(row) + ([] if insert else [card])
        taken = self.rows[row]
        self.rows[row] = taken[-1:] if insert else [card]
        self.marked.discard(row)
        return taken[:-1] if insert else taken

    def clone(self) -> "SpecialTable":
        return SpecialTable(self.rows, self.limit, self.marked, self.stopped)

    def state(self) -> dict:
        """Plain JSON: the rows and which of them carry a marker or a Stop."""
        return {"rows": self.to_json(), "marked": sorted(self.marked), "stopped": sorted(self.stopped)}


class SpecialRound(BaseRound):
    """A round's hands, piles, reveal and queue (`play.BaseRound`), with the special cards held,
    the heads Négatif = positif cancels, and each card settled with its player's special move."""

    __slots__ = ("specials", "credits", "discard", "asked")

    def __init__(self, players, hands: dict, specials: dict, rows, *, marked=(), stopped=(),
                 number: int = 1, log: list | None = None):
        super().__init__(players, hands, SpecialTable(rows, marked=marked, stopped=stopped),
                         number=number, log=log)
        self.specials = {p: list(specials.get(p, ())) for p in self.players}
        self.credits = {p: 0 for p in self.players}   # heads cancelled by Négatif = positif
        self.discard: list[str] = []                  # special cards played, face up
        self.asked: tuple[RowChoice, dict | None] | None = None   # a row decision, its move

    # --- reading -----------------------------------------------------------------------
    @property
    def pending(self) -> dict | None:
        """The decision the round waits for (None once over): every player's number card
        ("card"), the next card with its player's optional special card ("place"), or the row
        the last `resolve` found missing ("row", with the special move it was tried with)."""
        if self.asked is not None:
            need, move = self.asked
            return {"kind": "row", "player": need.player, "card": need.card,
                    "options": need.options, "special": move}
        if not self.turn_done:
            card, player = self.next_card()
            return {"kind": "place", "player": player, "card": card}
        return None if self.over else {"kind": "card", "players": list(self.players)}

    def score(self, player: str) -> int:
        """Heads taken minus what Négatif = positif cancelled (may be below zero)."""
        return super().score(player) - self.credits[player]

    def options(self) -> list[dict]:
        return self.table.options()

    # --- moves -------------------------------------------------------------------------
    def resolve(self, move: dict | None = None, choice: int | None = None) -> bool:
        """Settle the next card, with its player's special move if any (True once settled).

        False when the card is lower than every open row and `choice` is None: nothing has
        changed and `pending` asks for the row. A refused move (`Refused`) changes nothing.
        """
        saved, mark = self.clone(), len(self.log or ())
        try:
            need = self._resolve(move, choice)
        except GameError:
            self._restore(saved, mark)
            raise
        if need is not None:
            self._restore(saved, mark)
            self.asked = (need, move)
        return need is None

    def _resolve(self, move, choice) -> RowChoice | None:
        """`resolve` in place, unguarded: the row decision the card waits for, or None."""
        self.asked = None
        if self.turn_done:
            raise GameError("no card is waiting to be placed", turn=self.turn_number)
        card, player = self.queue[self.pos]
        if move is None:
            taken = self.place(player, card, choice)
        else:
            kind = moves.check_shape(move, player, card, self.turn_number)

            def refuse(reason, message, **details):
                raise Refused(kind, reason, message, player=player, card=card,
                              turn=self.turn_number, details=details)

            if kind not in self.specials[player]:
                refuse("not_held", f"{player} holds no {kind} card")
            self.specials[player].remove(kind)
            self.discard.append(kind)
            self.log_event("SpecialPlayed", player=player, special=kind, card=card)
            taken = moves.EFFECTS[kind](self, player, card, move, choice, refuse)
        if isinstance(taken, RowChoice):
            return taken
        self.pos += 1
        return None

    def choose(self, row: int) -> bool:
        """Answer the pending row decision: the card is resolved again, with its special move."""
        if self.asked is None:
            raise GameError("no row choice is pending", turn=self.turn_number)
        return self.resolve(self.asked[1], row)

    def settle(self, move: dict | None = None, choice: int | None = None) -> None:
        """`resolve` for a caller that holds every decision: a row it did not name is an error."""
        if not self.resolve(move, choice):
            need = self.asked[0]
            raise GameError(f"turn {self.turn_number}: {need.player}'s card {need.card} is lower "
                            f"than every open row: a row choice is needed", player=need.player,
                            card=need.card, turn=self.turn_number, code="missing_choice")

    # --- the steps a move is made of (used by moves.EFFECTS) --------------------------------
    def log_event(self, name: str, **fields) -> None:
        if self.log is not None:
            self.log.append(getattr(ev, name)(turn=self.turn_number, **fields))

    def place(self, player: str, card: int, choice) -> list[int] | RowChoice | None:
        """The normal rules: follow the nearest lower open row end, or take a row (the cards
        taken); a too-low card without `choice` returns the `RowChoice` it waits for."""
        table, log, turn = self.table, self.log, self.turn_number
        row = table.target(card)
        if row is None:
            options = self.options()
            if choice is None:
                return RowChoice(player, card, options)
            if not is_whole(choice) or choice not in table.open_rows():
                raise GameError(f"turn {turn}: {player} played {card}, lower than every open "
                                f"row, and must take one of the rows {table.open_rows()}, not "
                                f"{choice!r}", player=player, card=card, turn=turn,
                                code="bad_choice")
            if log is not None:
                stopped, low = tuple(sorted(table.stopped)), table.lowest_end()
                log.append(ev.TooLowOpen(turn, player, card, low, stopped) if stopped
                           else TooLow(turn, player, card, low))
                costs = tuple({"row": o["row"], "heads": o["heads"]} for o in options)
                log += [ChoiceRequested(turn, player, card, tuple(options)),
                        ChoiceMade(turn, player, card, choice, table.heads(choice),
                                   min(o["heads"] for o in options), costs)]
            return self.take(player, card, choice, "too_low")
        if table.is_full(row):
            return self.take(player, card, row, "seventh" if row in table.marked else "sixth")
        cards = table.rows[row]
        if log is not None:
            passed = tuple(r for r in sorted(table.stopped) if cards[-1] < table.rows[r][-1] < card)
            log.append(ev.Placed(turn, player, card, row, cards[-1], card - cards[-1], len(cards) + 1,
                                 passed))
        cards.append(card)
        return None

    def take(self, player: str, card: int, row: int, reason: str) -> list[int]:
        """Take a row for `card` (Insérer's "insert": all but the row's last card)."""
        table, t = self.table, self.turn_number
        five, stops = len(table.rows) == MAX_ROWS, tuple(sorted(table.stopped))
        taken = table.take(row, card, insert=reason == "insert")
        self.piles[player].extend(taken)
        if self.log is not None:
            heads, cards = sum(HEADS[c] for c in taken), tuple(taken)
            if five:
                self.log.append(ev.RowRemoved(t, player, card, row, cards, heads, reason))
            elif reason == "insert":
                self.log.append(ev.InsertTake(t, player, card, row, cards, heads, table.rows[row][0]))
            else:
                self.log.append(ev.SeventhTake(t, player, card, row, cards, heads)
                                if reason == "seventh" else Take(t, player, card, row, cards, heads,
                                                                 reason))
                self.log.append(StartRow(t, player, card, row))
            if stops:
                self.log.append(ev.StopsRemoved(t, stops))
        return taken

    # --- copies: atomicity and looking ahead ---------------------------------------------
    def clone(self, log: list | None = None) -> "SpecialRound":
        """An independent copy (with `log` as its log), to try moves on or to restore."""
        other = copy.copy(self)
        other.table = self.table.clone()
        other.hands = {p: list(h) for p, h in self.hands.items()}
        other.specials = {p: list(s) for p, s in self.specials.items()}
        other.piles = {p: list(c) for p, c in self.piles.items()}
        other.credits, other.discard = dict(self.credits), list(self.discard)
        other.queue, other.log = list(self.queue), log
        return other

    def _restore(self, saved: "SpecialRound", mark: int) -> None:
        """Back to `saved` (a clone), the log cut at `mark`."""
        for name in (*BaseRound.__slots__, *SpecialRound.__slots__):
            if name != "log":
                setattr(self, name, getattr(saved, name))
        if self.log is not None:
            del self.log[mark:]

    def trial(self, move: dict | None = None, choice: int | None = None) -> "SpecialRound | None":
        """A copy with the next card resolved, for looking ahead (bots, legal moves); None when
        the move is refused. Its `asked` is set when the card still needs a row."""
        trial = self.clone()
        try:
            need = trial._resolve(move, choice)
        except GameError:
            return None
        if need is not None:
            trial.asked = (need, move)
        return trial
