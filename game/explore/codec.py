"""A position ⇄ a permalink (URL fragment), and ⇄ the JSON scenario format of `python -m game replay`.

Link format v1: `v1.` then base64url (no padding) of these bytes:
  header   bit 7 Tactique, bit 6 heuristic opponents, bit 5 a seed follows, bits 0–3 players − 2
  seed     4 bytes big-endian, only when bit 5 is set
  rows     for each of the 4 rows: its length, then its cards (one byte each)
  hand     its length, then its cards
  gone     its length, then its cards
  known    its number of opponents, then for each: a length and the cards
  check    4 bytes: the CRC-32 of everything before
A link is canonical: decoding then encoding gives it back, so any changed character is refused.
A changed version prefix, a damaged character or a position that fails its checks raises
GameError (field "link"): a page can say so in French and keep an empty editor.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from dataclasses import dataclass

from ..errors import GameError
from .position import ROWS, Position, opponent

VERSION = "v1"
_PREFIX = re.compile(r"^v(\d+)\.")


@dataclass(frozen=True)
class Link:
    """What a permalink carries: the position and how to estimate it."""
    position: Position
    seed: int | None = None
    mode: str = "uniform"


def encode(position: Position, *, seed: int | None = None, mode: str = "uniform") -> str:
    """The fragment for a checked position (and optionally the estimate's seed and mode)."""
    position.check()
    if mode not in ("uniform", "heuristic"):
        raise GameError(f"unknown mode {mode!r}", field="mode", code="mode_unknown")
    if seed is not None and not (isinstance(seed, int) and not isinstance(seed, bool)
                                 and 0 <= seed < 2**32):
        raise GameError(f"the seed must be 0..{2**32 - 1}, not {seed!r}", field="seed",
                        code="seed_range")
    header = (position.players - 2) | (0x80 if position.variant == "tactique" else 0)
    header |= 0x40 if mode == "heuristic" else 0
    out = bytearray([header | (0x20 if seed is not None else 0)])
    if seed is not None:
        out += seed.to_bytes(4, "big")
    for cards in (*position.rows, position.hand, position.gone):
        out.append(len(cards))
        out += bytes(cards)
    out.append(len(position.known))
    for cards in position.known:
        out.append(len(cards))
        out += bytes(cards)
    out += zlib.crc32(out).to_bytes(4, "big")
    return f"{VERSION}." + base64.urlsafe_b64encode(bytes(out)).decode("ascii").rstrip("=")


def decode(fragment) -> Link:
    """The link's position, seed and mode; GameError (field "link") for anything else."""
    if not isinstance(fragment, str):
        raise _damaged("a link is text")
    text = fragment.strip().lstrip("#")
    match = _PREFIX.match(text)
    if not match:
        raise _damaged("no version prefix")
    if match.group(0) != f"{VERSION}.":
        raise GameError(f"link version v{match.group(1)} is not {VERSION}", field="link",
                        code="link_version")
    body = text[match.end():]
    if not re.fullmatch(r"[A-Za-z0-9_-]*", body):
        raise _damaged("characters outside base64url")
    try:
        data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise _damaged("not base64url") from None
    if len(data) < 5 or zlib.crc32(data[:-4]) != int.from_bytes(data[-4:], "big"):
        raise _damaged("check bytes differ")
    reader = _Reader(data[:-4])
    header = reader.byte()
    seed = int.from_bytes(reader.take(4), "big") if header & 0x20 else None
    rows = [reader.cards() for _ in range(ROWS)]
    hand, gone = reader.cards(), reader.cards()
    known = [reader.cards() for _ in range(reader.byte())]
    if not reader.at_end() or header & 0x10:
        raise _damaged("unexpected bytes")
    position = Position.of(rows, hand, (header & 0x0F) + 2, known, gone,
                           "tactique" if header & 0x80 else "classic")
    try:
        position.check()
    except GameError as error:
        raise GameError(f"the link's position is not valid: {error.message}", field="link",
                        code="link_invalid") from None
    link = Link(position, seed, "heuristic" if header & 0x40 else "uniform")
    if encode(position, seed=seed, mode=link.mode) != text:
        raise _damaged("not in canonical form")   # cards out of order, stray padding bits…
    return link


class _Reader:
    __slots__ = ("data", "at")

    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise _damaged("too short")
        chunk = self.data[self.at:self.at + n]
        self.at += n
        return chunk

    def byte(self) -> int:
        return self.take(1)[0]

    def cards(self) -> tuple:
        return tuple(self.take(self.byte()))

    def at_end(self) -> bool:
        return self.at == len(self.data)


def _damaged(why: str) -> GameError:
    return GameError(f"damaged link: {why}", field="link", code="link_damaged")


# --- the JSON scenario format -------------------------------------------------------------------

def to_scenario(position: Position) -> dict:
    """A scenario (no turns yet) that `python -m game replay` accepts: the reader is p1.

    In that format a hand is the whole hand (each card played must come from it): an opponent
    whose every card is known gets a hand, partly known cards and cards out of play are left out.
    """
    position.check()
    hands = {"p1": list(position.hand)}
    for i in range(position.players - 1):
        if len(position.known_of(i)) == len(position.hand):
            hands[opponent(i)] = list(position.known_of(i))
    scenario = {"rows": [list(r) for r in position.rows], "turns": [], "hands": hands,
                "players": position.players}
    if position.variant != "classic":
        scenario["variant"] = position.variant
    return scenario


def from_scenario(data) -> Position:
    """The position after a scenario's turns, seen by its first player (p1, or the first named).

    The scenario is replayed by the engine; cards played and no longer on the table are out of
    play (taken); each player's hand loses the cards they played. A scenario without hands for its first
    player gives no hand: GameError.
    """
    from ..classic.replay import replay
    from ..classic.scenario import parse

    if isinstance(data, dict) and data.get("variant") not in (None, "classic", "tactique"):
        raise GameError("the explorer reads classic and Tactique scenarios only", field="variant",
                        code="variant_unknown")
    parsed = parse(data)
    hands = parsed.hands or {}
    if not parsed.players or not hands.get(parsed.players[0]):
        raise GameError("the scenario gives no hand for its first player", field="hands",
                        code="no_hand")
    last = replay(data, draw=False)[-1]   # a missing row choice raises GameError
    rows = last["rows"]
    on_table = {c for r in rows for c in r}
    played: dict[str, set] = {p: set() for p in parsed.players}
    for plays, _ in parsed.turns:
        for p, card in plays.items():
            played[p].add(card)
    ever = {c for r in parsed.rows for c in r}.union(*played.values())
    gone = sorted(ever - on_table)
    me, others = parsed.players[0], parsed.players[1:]
    count = data.get("players", len(parsed.players)) if isinstance(data, dict) else len(parsed.players)
    hand = [c for c in hands[me] if c not in played[me]]
    known = [[c for c in hands.get(p, ()) if c not in played[p]] for p in others]
    if me == "p1" and all(re.fullmatch(r"p([2-9]|10)", p) for p in others):
        known = dict(zip(others, known))   # keep p3 as p3 even when p2 has no hand
    return Position.of(rows, hand, count, known, gone,
                       data.get("variant", "classic") if isinstance(data, dict) else "classic").check()


__all__ = ["Link", "encode", "decode", "to_scenario", "from_scenario", "VERSION"]
