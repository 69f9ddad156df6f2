"""A round's rules and the game's options: ten turns on one table, scoring (RULES §1 and §2).

State machines: every decision is asked for through `pending` and supplied by the caller (the
State of classic/state.py, which deals the rounds and ends the game; a bot; a scenario).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass

from .cards import HAND_SIZE, HEADS, ROWS, VARIANTS, classic_deck, is_card, tactique_deck
from ..errors import GameError
from ..messages import advice as words
from ..variants import Option, check_values
from ..events import (ChoiceMade, ChoiceRequested, Deal, DraftPick, Place, Reveal, StartRow, Take,
                      TooLow)
from .table import LIMIT, Table
from ..untrusted import is_whole

TARGET = 66
MOST = 10_000   # the largest target or number of rounds players may choose
OPTIONS = {
    "target": Option("int", default=TARGET, low=1, high=MOST, input="seuil", label=words.TARGET_LABEL,
                     after=words.TARGET_AFTER),
    "strict": Option("bool", default=False, input="strict", label=words.strict_label(TARGET)),
    "rounds": Option("int", optional=True, low=1, high=MOST, input="manches", label=words.ROUNDS_LABEL,
                     placeholder=words.ROUNDS_PLACEHOLDER),
}
"""The classic family's options (RULES §2): `Options.read`, saved games and the Jouer form."""


REACHES = {False: (">=", operator.ge), True: (">", operator.gt)}
"""How the worst total ends the game against the target (RULES §2): reaching it, or with `strict`
(« plus de 66 ») going beyond it. The symbols go to the page scripts (the Compteur) as they are."""


@dataclass(frozen=True)
class Options:
    """What players agree on before the game (RULES §1, §2)."""
    variant: str = "classic"     # "classic", "tactique" (cards 1..10n+4) or "logique" (draft)
    target: int = TARGET         # the game ends after a round where someone reaches it
    strict: bool = False         # « plus de 66 »: the game ends only above the target
    rounds: int | None = None    # a fixed number of rounds instead of a target

    @classmethod
    def read(cls, variant: str, options: dict | None) -> "Options":
        """Options from outside (a saved game, the Jouer form), missing ones at their default,
        each checked once: GameError (code "options", field the option), never TypeError."""
        if variant not in VARIANTS:
            raise GameError(f"unknown variant {str(variant)[:20]!r} (one of {', '.join(VARIANTS)})",
                            field="variant", code="options")
        return cls(variant, **check_values(variant, OPTIONS, options))

    @property
    def saved(self) -> dict:
        """The values as a saved game keeps them (the variant apart)."""
        return {name: getattr(self, name) for name in OPTIONS}

    def game_over(self, totals: list[int], rounds_played: int) -> bool:
        """The end of the game (RULES §2): after a fixed number of rounds, or after the round in
        which someone reaches the target (« plus de 66 »: goes beyond it, with `strict`)."""
        if not rounds_played:
            return False
        if self.rounds is not None:
            return rounds_played >= self.rounds
        return REACHES[self.strict][1](max(totals), self.target)

    def deck(self, players: int) -> list[int]:
        return classic_deck() if self.variant == "classic" else tactique_deck(players)


class BaseRound:
    """What every round of revealed cards shares (the classic family's `Round`, the special
    cards' `specials.round.SpecialRound`): the hands, the table, the penalty piles, and a turn's
    cards revealed together and queued lowest first; each subclass settles the queue by its rules."""

    __slots__ = ("players", "number", "hands", "table", "piles", "turn_number", "queue", "pos",
                 "log", "draft")

    def __init__(self, players: list[str], hands: dict, table: Table, *, number: int,
                 log: list | None, draft: dict | None = None):
        self.players = list(players)
        self.number = number
        self.hands = {p: sorted(hands.get(p, ())) for p in self.players}
        self.table = table
        self.piles = {p: [] for p in self.players}
        self.turn_number = 0
        self.queue: list[tuple[int, str]] = []   # (card, player) of this turn, ascending
        self.pos = 0                              # the next card of `queue` to resolve
        self.log = log
        self.draft = draft   # Logique: {"pool": [...], "order": [...], "pos": k} until every hand is full

    @property
    def turn_done(self) -> bool:
        return self.pos >= len(self.queue)

    def next_card(self) -> tuple[int, str]:
        """(card, player) resolved next."""
        return self.queue[self.pos]

    @property
    def over(self) -> bool:
        return self.draft is None and self.turn_done and all(not h for h in self.hands.values())

    def reveal(self, plays: dict, *, partial: bool = False) -> None:
        """The turn's cards, face up; checked first, so a bad play changes nothing.
        `partial=True` lets some players sit a turn out (scenarios show only who matters)."""
        if self.draft is not None or not self.turn_done:
            raise GameError("the round is not waiting for cards to be played", turn=self.turn_number + 1)
        number = self.turn_number + 1
        if partial:
            seated = bool(plays) and set(plays) <= set(self.players)
        else:
            seated = set(plays) == set(self.players)
        if not seated:
            missing = sorted(set(self.players) - set(plays))
            extra = sorted(set(plays) - set(self.players))
            raise GameError(f"turn {number}: every player plays one card "
                            f"(missing: {missing}, unknown: {extra})", turn=number, code="shape")
        for player, card in plays.items():
            if not is_card(card) or card not in self.hands[player]:
                raise GameError(f"turn {number}: {player} does not hold card {card}",
                                player=player, card=card, turn=number, code="not_in_hand")
        for player, card in plays.items():
            self.hands[player].remove(card)
        self.turn_number = number
        self.queue, self.pos = sorted((card, player) for player, card in plays.items()), 0
        if self.log is not None:
            self.log.append(Reveal(number, tuple({"player": p, "card": c} for c, p in self.queue)))

    def score(self, player: str) -> int:
        return sum(HEADS[c] for c in self.piles[player])

    def scores(self) -> dict:
        return {p: self.score(p) for p in self.players}


class Round(BaseRound):
    """One round: the hands, the table, the penalty piles and the turn being resolved. A state
    machine rather than a loop with a callback: a turn's cards are revealed together and
    resolved lowest first (`step`); a card lower than every row stops the turn (`pending`)
    until its player's row choice comes (`choose`; RULES §1: any row)."""

    __slots__ = ("waiting",)

    def __init__(self, players: list[str], hands: dict, rows, *, number: int = 1,
                 log: list | None = None, draft: dict | None = None, limit: int = LIMIT):
        super().__init__(players, hands, Table(rows, limit), number=number, log=log, draft=draft)
        self.waiting: tuple | None = None         # (player, card) waiting for a row choice

    @classmethod
    def lone_turn(cls, table: Table, plays: dict) -> "Round":
        """`plays` revealed on a copy of `table`: no hands to check, no log (the explorer's samples,
        by the thousand, where a full `__init__` and `reveal` cost ~7 %)."""
        rnd = cls.__new__(cls)
        rnd.table, rnd.piles, rnd.log, rnd.turn_number = table.clone(), {p: [] for p in plays}, None, 1
        rnd.queue, rnd.pos, rnd.waiting = sorted((c, p) for p, c in plays.items()), 0, None
        return rnd

    # --- what the round waits for -------------------------------------------------
    @property
    def pending(self) -> dict | None:
        """The decision the round waits for, in the State's words ("pick", "row", or "card":
        every player's, at once), or None when the round is over."""
        if self.draft is not None:
            order = self.draft["order"]
            return {"kind": "pick", "player": order[self.draft["pos"] % len(order)],
                    "cards": list(self.draft["pool"])}
        if self.waiting is not None:
            player, card = self.waiting
            return {"kind": "row", "player": player, "card": card, "options": self.table.options()}
        return None if self.over else {"kind": "card", "players": list(self.players)}

    # --- moves ----------------------------------------------------------------------
    def pick(self, player: str, card: int) -> None:
        """Logique draft: `player` takes one face-up card."""
        want = self.pending
        if want is None or want["kind"] != "pick":
            raise GameError("no card is being drafted now", player=player, card=card)
        if player != want["player"]:
            raise GameError(f"it is {want['player']}'s pick, not {player}'s", player=player, card=card)
        pool = self.draft["pool"]
        if card not in pool:
            raise GameError(f"card {card} is not among the face-up cards", player=player, card=card)
        pool.remove(card)
        self.hands[player].append(card)
        self.hands[player].sort()
        if self.log is not None:
            self.log.append(DraftPick(self.number, player, card))
        self.draft["pos"] += 1
        if all(len(h) == HAND_SIZE for h in self.hands.values()):
            # The cards nobody picked start the rows (RULES §2).
            self.table = Table([[c] for c in sorted(pool)[:ROWS]], LIMIT)
            self.draft = None
            self.log_deal(drafted=True)

    def log_deal(self, drafted: bool = False) -> None:
        """The `deal` event of this round's table and hands (after the draft, in Logique)."""
        if self.log is not None:
            self.log.append(Deal(self.number, tuple(tuple(r) for r in self.table.rows),
                                 sum(len(h) for h in self.hands.values()) + len(self.table.rows),
                                 drafted))

    def play(self, plays: dict, choose=None, *, partial: bool = False) -> bool:
        """Everyone reveals a card (`reveal`), then the turn is resolved (`run`): True when it
        is over, False at a row choice `choose` does not answer."""
        self.reveal(plays, partial=partial)
        return self.run(choose)

    def step(self, choice: int | None = None) -> bool:
        """Resolve the next card; False (and `waiting` set) when it needs a row choice.

        An illegal choice raises GameError and leaves the round exactly as it was.
        """
        card, player = self.queue[self.pos]
        table, log, number = self.table, self.log, self.turn_number
        row = table.target(card)
        if row is None:
            if self.waiting is None:
                self.waiting = (player, card)
                if log is not None:
                    log.append(TooLow(number, player, card, table.lowest_end()))
                    log.append(ChoiceRequested(number, player, card, table.options()))
            if choice is None:
                return False
            if (not is_whole(choice)
                    or not 0 <= choice < len(table.rows) or not table.is_open(choice)):
                raise GameError(f"turn {number}: {player} played {card}, lower than every row, "
                                f"and must take one of the rows {table.open_rows()}, not {choice!r}",
                                player=player, card=card, turn=number, code="bad_choice")
            if log is not None:
                options = table.options()
                log.append(ChoiceMade(number, player, card, choice, table.heads(choice),
                                      min(o["heads"] for o in options),
                                      tuple({"row": o["row"], "heads": o["heads"]} for o in options)))
            self._take(player, card, choice, "too_low")
            self.waiting = None
        else:
            cards = table.rows[row]
            if len(cards) >= table.capacity(row):
                self._take(player, card, row, "sixth")
            else:
                if log is not None:
                    log.append(Place(number, player, card, row, cards[-1], card - cards[-1],
                                     len(cards) + 1))
                cards.append(card)
        self.pos += 1
        return True

    def _take(self, player: str, card: int, row: int, reason: str) -> None:
        taken = self.table.take(row, card)
        self.piles[player].extend(taken)
        if self.log is not None:
            self.log.append(Take(self.turn_number, player, card, row, tuple(taken),
                                 sum(HEADS[c] for c in taken), reason))
            self.log.append(StartRow(self.turn_number, player, card, row))

    def run(self, choose=None) -> bool:
        """Resolve every remaining card; `choose(player, card, round)` answers row choices.

        Without `choose` the turn stops at the first choice (returns False).
        """
        while self.pos < len(self.queue):
            if not self.step():
                if choose is None:
                    return False
                player, card = self.waiting
                self.step(choose(player, card, self))
        return True

    def choose(self, row: int, choose=None) -> bool:
        """The waiting player takes `row`; the turn then goes on (True when it is over)."""
        if self.waiting is None:
            raise GameError("no row choice is pending")
        self.step(row)
        return self.run(choose)


def winners_of(totals: dict) -> list:
    """Everyone with the fewest heads: ties share the victory (in the order of `totals`)."""
    best = min(totals.values())
    return [p for p, t in totals.items() if t == best]
