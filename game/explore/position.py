"""A position the reader sets up: the table, their hand, how many play, what they know of others.

The explorer looks one turn ahead from here, so a position holds only what changes that turn's
odds: the four rows, the reader's hand (every player holds as many cards), the number of players,
cards known to be in a given opponent's hand, and cards known to be out of play (taken earlier).
It is plain frozen data so it can be hashed, encoded in a link and compared in tests.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..classic.cards import HIGHEST, is_card
from ..classic.play import MAX_PLAYERS, MIN_PLAYERS
from ..classic.table import LIMIT
from ..errors import GameError

ROWS = 4
MAX_HAND = 10
VARIANTS = ("classic", "tactique")


def opponent(index: int) -> str:
    """Name of the index-th opponent (0-based): the reader is p1, opponents p2, p3…"""
    return f"p{index + 2}"


@dataclass(frozen=True)
class Position:
    rows: tuple            # four ascending tuples of cards, 1 to 5 cards each
    hand: tuple            # the reader's cards, ascending, 1 to 10
    players: int = 4       # the reader included, 2 to 10
    known: tuple = ()      # per opponent (p2, p3…), cards known to be in their hand; may be shorter
    gone: tuple = ()       # cards known to be out of play (in penalty piles)
    variant: str = "classic"

    @classmethod
    def of(cls, rows, hand, players=4, known=(), gone=(), variant="classic") -> "Position":
        """Normalise lists (and a {"p2": [...]} dict for `known`) into a Position, unchecked."""
        if isinstance(known, dict):
            # The opponents are counted before a list is built for them: « p9999999 » is refused
            # here (the variant's player limit), not after allocating ten million empty hands.
            numbers = [str(k)[1:] for k in known if str(k)[1:].isascii() and str(k)[1:].isdigit()]
            count = max((int(n) - 1 if len(n) <= 2 else MAX_PLAYERS for n in numbers), default=0)
            if count > MAX_PLAYERS - 1:
                raise GameError(f"known cards for opponent {count + 1}: at most {MAX_PLAYERS} play",
                                field="known", code="no_such_opponent")
            known = [known.get(opponent(i), ()) for i in range(count)]
        known = list(known)
        while known and not known[-1]:
            known.pop()   # trailing empty opponents carry nothing: one canonical form
        return cls(tuple(tuple(r) for r in rows), tuple(sorted(hand)), players,
                   tuple(tuple(sorted(k)) for k in known), tuple(sorted(gone)), variant)

    @property
    def highest(self) -> int:
        """The deck's highest card: 104, or 10 × players + 4 in Tactique (RULES §2)."""
        if self.variant == "tactique" and isinstance(self.players, int):
            return 10 * self.players + 4
        return HIGHEST

    def known_of(self, index: int) -> tuple:
        return self.known[index] if index < len(self.known) else ()

    def used(self) -> set[int]:
        """Every card whose place is known: table, hand, opponents' known cards, out of play."""
        cards = {c for r in self.rows for c in r} | set(self.hand) | set(self.gone)
        for k in self.known:
            cards.update(k)
        return cards

    def unseen(self) -> list[int]:
        """Cards that may be in an opponent's hand without being known there, ascending."""
        used = self.used()
        return [c for c in range(1, self.highest + 1) if c not in used]

    def to_json(self) -> dict:
        data = {"variant": self.variant, "players": self.players,
                "rows": [list(r) for r in self.rows], "hand": list(self.hand)}
        if self.known:
            data["known"] = {opponent(i): list(k) for i, k in enumerate(self.known) if k}
        if self.gone:
            data["gone"] = list(self.gone)
        return data

    @classmethod
    def from_json(cls, data) -> "Position":
        """The inverse of `to_json`; a malformed dict raises GameError (code "shape")."""
        if not isinstance(data, dict):
            raise GameError("a position is a JSON object", code="shape")
        unknown = sorted(set(data) - {"variant", "players", "rows", "hand", "known", "gone"})
        if unknown:
            raise GameError(f"unknown position key(s): {', '.join(unknown)}", code="shape")
        try:
            position = cls.of(data["rows"], data["hand"], data.get("players", 4),
                              data.get("known", {}), data.get("gone", ()),
                              data.get("variant", "classic"))
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise GameError(f"malformed position: {error}", code="shape") from None
        position.check()
        return position

    # --- checks ------------------------------------------------------------------------------
    def problems(self) -> list[GameError]:
        """Everything wrong with the position, at most one problem per field, in form order."""
        found: dict[str, GameError] = {}

        def report(error: GameError) -> None:
            found.setdefault(error.field or "", error)

        if self.variant not in VARIANTS:
            report(GameError(f"unknown variant {self.variant!r} (one of {', '.join(VARIANTS)})",
                             field="variant", code="variant_unknown"))
        players = self.players
        if not _is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            report(GameError(f"players must be a number from {MIN_PLAYERS} to {MAX_PLAYERS}, "
                             f"not {players!r}", field="players", code="players_range"))
            return list(found.values())
        highest = self.highest
        seen: dict[int, str] = {}

        def place(card, where: str) -> bool:
            """Record a card's place; report (and return False) a card out of deck or used twice."""
            if not _is_int(card) or not 1 <= card <= highest or not is_card(card):
                report(GameError(f"card {card!r} in {where} is not in the deck (1..{highest})",
                                 card=card if _is_int(card) else None, field=where,
                                 code="card_out_of_deck"))
                return False
            if card in seen:
                report(GameError(f"card {card} is both in {seen[card]} and in {where}", card=card,
                                 field=where, code="card_twice"))
                return False
            seen[card] = where
            return True

        if len(self.rows) != ROWS:
            report(GameError(f"the table has {ROWS} rows, not {len(self.rows)}", field="rows",
                             code="rows_count"))
        for i, row in enumerate(self.rows):
            where = f"rows[{i}]"
            if not row:
                report(GameError(f"row {i} is empty", field=where, code="row_empty"))
                continue
            if len(row) > LIMIT:
                report(GameError(f"row {i} has {len(row)} cards; a row holds at most {LIMIT}",
                                 field=where, code="row_too_long"))
            if all(place(c, where) for c in row):
                for a, b in zip(row, row[1:]):
                    if a >= b:
                        report(GameError(f"row {i} is not ascending: {b} follows {a}", card=b,
                                         field=where, code="row_not_ascending"))
                        break
        if not 1 <= len(self.hand) <= MAX_HAND:
            report(GameError(f"the hand holds 1 to {MAX_HAND} cards, not {len(self.hand)}",
                             field="hand", code="hand_size"))
        for c in self.hand:
            place(c, "hand")
        if len(self.known) > players - 1:
            report(GameError(f"known cards for {len(self.known)} opponents, but only {players - 1} "
                             "play against you", field="known", code="no_such_opponent"))
        for i, cards in enumerate(self.known):
            where = f"known.{opponent(i)}"
            if len(cards) > len(self.hand):
                report(GameError(f"{opponent(i)} holds {len(self.hand)} cards like you, not "
                                 f"{len(cards)} known ones", field=where, code="known_too_many"))
            for c in cards:
                place(c, where)
        for c in self.gone:
            place(c, "gone")
        if not found:
            need = (players - 1) * len(self.hand) - sum(len(k) for k in self.known)
            unseen = len(self.unseen())
            if need > unseen:
                report(GameError(f"the opponents hold {need} unknown cards but only {unseen} cards "
                                 "are left", field="players", code="not_enough_cards"))
        return list(found.values())

    def check(self) -> "Position":
        """Raise the first problem (a GameError with `field` and `code`); return self when sound."""
        problems = self.problems()
        if problems:
            raise problems[0]
        return self


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = ["Position", "opponent", "ROWS", "MAX_HAND", "VARIANTS"]
