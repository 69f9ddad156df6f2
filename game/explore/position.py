"""A position the reader sets up: the table, their hand, how many play, what they know of others.

The explorer looks one turn ahead from here, so a position holds only what changes that turn's
odds: the rows, the reader's hand (every player holds as many cards), the number of players,
cards known to be in a given opponent's hand, and cards known to be out of play (taken earlier).
With the special cards (« 6 qui surprend ! », variant "speciales") it also holds the table's
markers and Stops (4 or 5 rows), the reader's special cards and how many each opponent still has.
It is plain frozen data so it can be hashed, encoded in a link and compared in tests.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..classic.cards import HIGHEST, MAX_PLAYERS, MIN_PLAYERS, is_card, tactique_highest
from ..classic.table import LIMIT
from ..errors import GameError
from ..specials import cards as special_cards
from ..untrusted import is_digits, is_whole

ROWS = 4
MAX_ROWS = special_cards.MAX_ROWS          # a fifth row only with the special cards (5ᵉ série)
MAX_HAND = 10
VARIANTS = ("classic", "tactique", "speciales")
SPECIALS = "speciales"
KINDS = special_cards.KINDS
MAX_SPECIALS = special_cards.SPECIAL_CARDS_EACH   # special cards a player is dealt (RULES §3)


def opponent(index: int) -> str:
    """Name of the index-th opponent (0-based): the reader is p1, opponents p2, p3…"""
    return f"p{index + 2}"


def _per_opponent(values, empty):
    """{"p2": v, …} or a list → a list by opponent, with trailing empties dropped (canonical)."""
    if isinstance(values, dict):
        # The opponents are counted before a list is built for them: « p9999999 » is refused
        # here (the largest table's player limit), not after allocating ten million entries.
        numbers = [str(k)[1:] for k in values if is_digits(str(k)[1:], len(str(k)))]
        count = max((int(n) - 1 if len(n) <= 2 else MAX_PLAYERS for n in numbers), default=0)
        if count > MAX_PLAYERS - 1:
            raise GameError(f"known cards for opponent {count + 1}: at most {MAX_PLAYERS} play",
                            field="known", code="no_such_opponent")
        values = [values.get(opponent(i), empty) for i in range(count)]
    values = list(values)
    while values and not values[-1]:
        values.pop()
    return values


@dataclass(frozen=True)
class Position:
    rows: tuple            # ascending tuples of cards: 4 rows (5 with the special cards)
    hand: tuple            # the reader's cards, ascending, 1 to 10 (12 with the special cards)
    players: int = 4       # the reader included, 2 to 10 (2 to 8 with the special cards)
    known: tuple = ()      # per opponent (p2, p3…), cards known to be in their hand; may be shorter
    gone: tuple = ()       # cards known to be out of play (in penalty piles)
    variant: str = "classic"
    marked: tuple = ()     # special cards: rows (0-based) carrying a 7 qui prend marker
    stopped: tuple = ()    # special cards: rows closed by a Stop
    specials: tuple = ()   # special cards: the reader's special cards (kinds), sorted
    their_specials: tuple = ()   # special cards: how many each opponent still holds (p2, p3…)

    @classmethod
    def of(cls, rows, hand, players=4, known=(), gone=(), variant="classic", marked=(),
           stopped=(), specials=(), their_specials=()) -> "Position":
        """Normalise lists (and {"p2": …} dicts for `known` and `their_specials`), unchecked."""
        known = _per_opponent(known, ())
        return cls(tuple(tuple(r) for r in rows), tuple(sorted(hand)), players,
                   tuple(tuple(sorted(k)) for k in known), tuple(sorted(gone)), variant,
                   tuple(sorted(marked)), tuple(sorted(stopped)), tuple(sorted(specials)),
                   tuple(_per_opponent(their_specials, 0)))

    @property
    def highest(self) -> int:
        """The deck's highest card: 104, or 10 × players + 4 in Tactique (RULES §2)."""
        if self.variant == "tactique" and isinstance(self.players, int):
            return tactique_highest(self.players)
        return HIGHEST

    def known_of(self, index: int) -> tuple:
        return self.known[index] if index < len(self.known) else ()

    def specials_of(self, index: int) -> int:
        """How many special cards the index-th opponent still holds (0 when not given)."""
        return self.their_specials[index] if index < len(self.their_specials) else 0

    def used(self) -> set[int]:
        """Every card whose place is known: table, hand, opponents' known cards, out of play."""
        return {c for cards in (*self.rows, self.hand, self.gone, *self.known) for c in cards}

    def unseen(self) -> list[int]:
        """Cards that may be in an opponent's hand without being known there, ascending."""
        used = self.used()
        return [c for c in range(1, self.highest + 1) if c not in used]

    def played_specials(self) -> list[str]:
        """The special cards the table shows were played this round (RULES §3): a fifth row is a
        5ᵉ série, each marker a 7 qui prend, each closed row a Stop. No hand holds them now."""
        if self.variant != SPECIALS:
            return []
        played = [special_cards.SEVEN] * len(self.marked) + [special_cards.STOP] * len(self.stopped)
        if len(self.rows) == MAX_ROWS:
            played.append(special_cards.FIFTH_ROW)
        return played

    def unseen_specials(self) -> list[str]:
        """The special cards an opponent may hold: the 28 but the reader's and those the table
        shows were played (RULES §3)."""
        gone = Counter([*self.specials, *self.played_specials()])
        return list((Counter(special_cards.special_deck()) - gone).elements())

    def to_json(self) -> dict:
        data = {"variant": self.variant, "players": self.players,
                "rows": [list(r) for r in self.rows], "hand": list(self.hand)}
        if self.known:
            data["known"] = {opponent(i): list(k) for i, k in enumerate(self.known) if k}
        for key in ("gone", "marked", "stopped", "specials"):
            if getattr(self, key):
                data[key] = list(getattr(self, key))
        if self.their_specials:
            data["their_specials"] = {opponent(i): n for i, n in enumerate(self.their_specials) if n}
        return data

    @classmethod
    def from_json(cls, data) -> "Position":
        """The inverse of `to_json`; a malformed dict raises GameError (code "shape")."""
        if not isinstance(data, dict):
            raise GameError("a position is a JSON object", code="shape")
        unknown = sorted(set(data) - set(JSON_KEYS))
        if unknown:
            raise GameError(f"unknown position key(s): {', '.join(unknown)}", code="shape")
        try:
            position = cls.of(**data)
        except (TypeError, ValueError, AttributeError) as error:   # "rows" or "hand" missing too
            raise GameError(f"malformed position: {error}", code="shape") from None
        return position.check()

    # --- checks ------------------------------------------------------------------------------
    def problems(self) -> list[GameError]:
        """Everything wrong with the position, at most one problem per field, in form order."""
        found: dict[str, GameError] = {}

        def report(field: str, code: str, message: str, **more) -> None:
            found.setdefault(field, GameError(message, field=field, code=code, **more))

        if self.variant not in VARIANTS:
            report("variant", "variant_unknown",
                   f"unknown variant {self.variant!r} (one of {', '.join(VARIANTS)})")
        special = self.variant == SPECIALS
        max_hand, fewest, most = (  # RULES §1 and §3
            (special_cards.NUMBER_CARDS_EACH, special_cards.MIN_PLAYERS, special_cards.MAX_PLAYERS)
            if special else (MAX_HAND, MIN_PLAYERS, MAX_PLAYERS))
        players = self.players
        if not is_whole(players) or not fewest <= players <= most:
            report("players", "players_range",
                   f"players must be a number from {fewest} to {most}, not {players!r}")
            return list(found.values())
        highest = self.highest
        seen: dict[int, str] = {}

        def place(card, where: str) -> bool:
            """Record a card's place; report (and return False) a card out of deck or used twice."""
            if not is_whole(card) or not 1 <= card <= highest or not is_card(card):
                report(where, "card_out_of_deck", f"card {card!r} in {where} is not in the deck "
                       f"(1..{highest})", card=card if is_whole(card) else None)
                return False
            if card in seen:
                report(where, "card_twice", f"card {card} is both in {seen[card]} and in {where}",
                       card=card)
                return False
            seen[card] = where
            return True

        if len(self.rows) != ROWS and not (special and len(self.rows) == MAX_ROWS):
            report("rows" if len(self.rows) < ROWS else f"rows[{ROWS}]", "rows_count",
                   f"the table has {ROWS} rows{' (5 after a 5ᵉ série)' if special else ''}, "
                   f"not {len(self.rows)}")
        for name in ("marked", "stopped"):   # 7 qui prend markers and Stops
            rows = getattr(self, name)
            if rows and not special:
                report(name, "specials_only", f"{name} rows need the special cards")
            elif any(not is_whole(r) or not 0 <= r < len(self.rows) for r in rows):
                report(name, "not_a_row", f"{name}: {list(rows)} are not rows of the table")
            elif len(set(rows)) != len(rows):
                report(name, "not_a_row", f"{name}: a row is named twice")
        if self.stopped and len(set(self.stopped)) >= len(self.rows):
            report("stopped", "all_stopped", "at least one row stays open (RULES §3, Stop)")
        for i, row in enumerate(self.rows):
            where = f"rows[{i}]"
            if not row:
                report(where, "row_empty", f"row {i} is empty")
                continue
            longest = LIMIT + 1 if i in self.marked else LIMIT   # a marked row may hold 6
            if len(row) > longest:
                report(where, "row_too_long",
                       f"row {i} has {len(row)} cards; a row holds at most {longest}")
            if all(place(c, where) for c in row):
                for a, b in zip(row, row[1:]):
                    if a >= b:
                        report(where, "row_not_ascending",
                               f"row {i} is not ascending: {b} follows {a}", card=b)
                        break
        if not 1 <= len(self.hand) <= max_hand:
            report("hand", "hand_size",
                   f"the hand holds 1 to {max_hand} cards, not {len(self.hand)}")
        for c in self.hand:
            place(c, "hand")
        self._check_specials(report)
        if len(self.known) > players - 1:
            report("known", "no_such_opponent", f"known cards for {len(self.known)} opponents, "
                   f"but only {players - 1} play against you")
        for i, cards in enumerate(self.known):
            where = f"known.{opponent(i)}"
            if len(cards) > len(self.hand):
                report(where, "known_too_many", f"{opponent(i)} holds {len(self.hand)} cards like "
                       f"you, not {len(cards)} known ones")
            for c in cards:
                place(c, where)
        for c in self.gone:
            place(c, "gone")
        if not found:
            need = (players - 1) * len(self.hand) - sum(len(k) for k in self.known)
            unseen = len(self.unseen())
            if need > unseen:
                report("players", "not_enough_cards",
                       f"the opponents hold {need} unknown cards but only {unseen} cards are left")
        return list(found.values())

    def _check_specials(self, report) -> None:
        """The reader's special cards (at most 3 of the 7 kinds, 4 copies of each between the hand
        and the table) and the opponents' counts."""
        if (self.specials or self.their_specials) and self.variant != SPECIALS:
            report("specials" if self.specials else "their_specials", "specials_only",
                   "special cards need the special-cards variant")
            return
        if len(self.specials) > MAX_SPECIALS or any(k not in KINDS for k in self.specials):
            report("specials", "specials_hand",
                   f"the reader holds at most {MAX_SPECIALS} of {', '.join(KINDS)}")
        held, played = list(self.specials), self.played_specials()
        for kind in KINDS:
            seen = held.count(kind) + played.count(kind)
            if seen > special_cards.COPIES:
                report("specials" if kind in held else "marked" if kind == special_cards.SEVEN
                       else "stopped", "specials_exhausted", f"{seen} {kind} cards between the "
                       f"hand and the table, the deck holds {special_cards.COPIES}",
                       facts={"kind": kind})
        others = self.players - 1
        if len(self.their_specials) > others:
            report("their_specials", "no_such_opponent", f"special cards for "
                   f"{len(self.their_specials)} opponents, but only {others} play against you")
        elif any(not is_whole(n) or not 0 <= n <= MAX_SPECIALS for n in self.their_specials):
            report("their_specials", "their_specials_range",
                   f"an opponent holds 0 to {MAX_SPECIALS} special cards")
        elif sum(self.their_specials) > len(self.unseen_specials()):
            report("their_specials", "their_specials_range",
                   "more special cards than the deck holds")

    def check(self) -> "Position":
        """Raise the first problem (a GameError with `field` and `code`); return self when sound."""
        problems = self.problems()
        if problems:
            raise problems[0]
        return self


JSON_KEYS = ("variant", "players", "rows", "hand", "known", "gone", "marked", "stopped",
             "specials", "their_specials")


__all__ = ["Position", "opponent", "ROWS", "MAX_ROWS", "MAX_HAND", "VARIANTS", "KINDS"]
