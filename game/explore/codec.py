"""A position ⇄ a permalink (URL fragment), and ⇄ the JSON scenario format of `python -m game replay`.

Link format v2: `v2.` then base64url (no padding) of these bytes:
  header   bits 6–7 the variant (0 classic, 1 Tactique, 2 special cards), bit 5 a seed follows,
           bit 4 heuristic opponents, bits 0–3 players − 2
  seed     4 bytes big-endian, only when bit 5 is set
  rows     their number (4, or 5 with the special cards), then for each: its length, its cards
  hand     its length, then its cards
  gone     its length, then its cards
  known    its number of opponents, then for each: a length and the cards
  specials (special cards only) a byte of marked rows (bit i: row i), a byte of stopped rows,
           the reader's special cards (a length, then each kind's index in `KINDS`), and the
           number of opponents given, then how many special cards each still holds
  check    4 bytes: the CRC-32 of everything before
Links of v1 (classic and Tactique, before the special cards) still open: bit 7 Tactique, bit 6
heuristic, bit 5 seed, bit 4 reserved (0), then the four rows, hand, gone and known as above.
A link is canonical: decoding then encoding (in its version) gives it back, so any changed
character is refused. An unknown version prefix, a damaged character or a position that fails
its checks raises GameError (field "link"): a page can say so in French and keep an empty editor.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from dataclasses import dataclass

from ..errors import GameError
from .position import KINDS, ROWS, VARIANTS, Position, opponent
from ..untrusted import is_whole

VERSION = "v2"
READS = ("v1", "v2")
_PREFIX = re.compile(r"^v(\d+)\.")
MODES = ("uniform", "heuristic")


@dataclass(frozen=True)
class Link:
    """What a permalink carries: the position and how to estimate it."""
    position: Position
    seed: int | None = None
    mode: str = "uniform"


def encode(position: Position, *, seed: int | None = None, mode: str = "uniform") -> str:
    """The fragment for a checked position (and optionally the estimate's seed and mode)."""
    position.check()
    check_settings(seed, mode)
    return _text(VERSION, _pack(VERSION, position, seed, mode))


def check_settings(seed, mode: str) -> None:
    """An estimate's seed (None: not given) and mode, as links and estimates take them."""
    if mode not in MODES:
        raise GameError(f"unknown mode {mode!r} (one of {', '.join(MODES)})", field="mode",
                        code="mode_unknown")
    if seed is not None and not (is_whole(seed) and 0 <= seed < 2**32):
        raise GameError(f"the seed must be a whole number 0..{2**32 - 1}, not {seed!r}",
                        field="seed", code="seed_range")


def _text(version: str, data: bytes) -> str:
    data += zlib.crc32(data).to_bytes(4, "big")
    return f"{version}." + base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _pack(version: str, position: Position, seed, mode: str) -> bytes:
    """The bytes of a link before its check, in `version`'s layout."""
    heuristic = mode == "heuristic"
    if version == "v1":
        header = (position.players - 2) | (0x80 if position.variant == "tactique" else 0)
        header |= 0x40 if heuristic else 0
    else:
        header = (position.players - 2) | (VARIANTS.index(position.variant) << 6)
        header |= 0x10 if heuristic else 0
    out = bytearray([header | (0x20 if seed is not None else 0)])
    if seed is not None:
        out += seed.to_bytes(4, "big")
    if version != "v1":
        out.append(len(position.rows))

    def put(values) -> None:   # a length, then the values
        out.append(len(values))
        out.extend(values)

    for cards in (*position.rows, position.hand, position.gone):
        put(cards)
    out.append(len(position.known))
    for cards in position.known:
        put(cards)
    if position.variant == "speciales":
        out.extend([sum(1 << r for r in position.marked), sum(1 << r for r in position.stopped)])
        put([KINDS.index(k) for k in position.specials])
        put(position.their_specials)
    return bytes(out)


def decode(fragment) -> Link:
    """The link's position, seed and mode; GameError (field "link") for anything else."""
    if not isinstance(fragment, str):
        raise _damaged("a link is text")
    text = fragment.strip().lstrip("#")
    match = _PREFIX.match(text)
    if not match:
        raise _damaged("no version prefix")
    version = match.group(0)[:-1]
    if version not in READS:
        raise GameError(f"link version v{match.group(1)} is not one of {', '.join(READS)}",
                        field="link", code="link_version")
    body = text[match.end():]
    if not re.fullmatch(r"[A-Za-z0-9_-]*", body):
        raise _damaged("characters outside base64url")
    try:
        data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise _damaged("not base64url") from None
    if len(data) < 5 or zlib.crc32(data[:-4]) != int.from_bytes(data[-4:], "big"):
        raise _damaged("check bytes differ")
    rest = iter(data[:-4])

    def byte() -> int:
        value = next(rest, None)
        if value is None:
            raise _damaged("too short")
        return value

    def cards() -> tuple:   # a length, then the values
        return tuple(byte() for _ in range(byte()))

    header = byte()
    seed = int.from_bytes(bytes(byte() for _ in range(4)), "big") if header & 0x20 else None
    if version == "v1":
        if header & 0x10:
            raise _damaged("unexpected bytes")
        variant, heuristic, count = ("tactique" if header & 0x80 else "classic"), header & 0x40, ROWS
    else:
        if header >> 6 >= len(VARIANTS):
            raise _damaged("unknown variant")
        variant, heuristic, count = VARIANTS[header >> 6], header & 0x10, byte()
    rows = [cards() for _ in range(count)]
    hand, gone = cards(), cards()
    known = [cards() for _ in range(byte())]
    extra = {}
    if variant == "speciales":
        marked, stopped = byte(), byte()
        kinds = cards()
        if any(k >= len(KINDS) for k in kinds):
            raise _damaged("unknown special card")
        extra = {"marked": [r for r in range(8) if marked >> r & 1],
                 "stopped": [r for r in range(8) if stopped >> r & 1],
                 "specials": [KINDS[k] for k in kinds], "their_specials": list(cards())}
    if next(rest, None) is not None:
        raise _damaged("unexpected bytes")
    position = Position.of(rows, hand, (header & 0x0F) + 2, known, gone, variant, **extra)
    try:
        position.check()
    except GameError as error:
        raise GameError(f"the link's position is not valid: {error.message}", field="link",
                        code="link_invalid") from None
    link = Link(position, seed, "heuristic" if heuristic else "uniform")
    if _text(version, _pack(version, position, seed, link.mode)) != text:
        raise _damaged("not in canonical form")   # cards out of order, stray padding bits…
    return link


def _damaged(why: str) -> GameError:
    return GameError(f"damaged link: {why}", field="link", code="link_damaged")


# --- the JSON scenario format -------------------------------------------------------------------

NOT_IN_SCENARIOS = ("gone", "their_specials")
"""What a position holds that the scenario format cannot: cards out of play, and how many
special cards each opponent still holds (a scenario names special cards, never counts them)."""


def to_scenario(position: Position) -> dict:
    """A scenario (no turns yet) that `python -m game replay` accepts: the reader is p1, each
    opponent's known cards are their hand (add their other cards before writing turns for
    them); NOT_IN_SCENARIOS has no place there."""
    position.check()
    hands = {"p1": list(position.hand)}
    for i in range(position.players - 1):
        if position.known_of(i):
            hands[opponent(i)] = list(position.known_of(i))
    scenario = {"rows": [list(r) for r in position.rows], "turns": [], "hands": hands,
                "players": position.players}
    if position.variant != "classic":
        scenario = {"variant": position.variant, **scenario}
    if position.variant == "speciales":
        scenario.update(marked=list(position.marked), stopped=list(position.stopped),
                        held={"p1": list(position.specials)})
    return scenario


def from_scenario(data) -> Position:
    """The position after a scenario's turns, seen by its first player (p1, or the first named),
    the other players' hands known (game/explore/steps.py); GameError without their hand."""
    from . import steps

    players = steps.players_of(data)
    hands = data.get("hands")
    if not players or not isinstance(hands, dict) or not hands.get(players[0]):
        raise GameError("the scenario gives no hand for its first player", field="hands",
                        code="no_hand")
    return steps.position_at(data, None, players[0], known_hands=True)


def links_for(data, count: int) -> list | None:
    """The link of each of an example's `count` steps (None for a step with no card to play), or
    None when the start itself cannot be opened: the example then has no link at all."""
    links = [link_at(data, n) for n in range(count)]
    return links if links and links[0] else None


def link_at(data, n: int | None = None) -> dict | None:
    """« Ouvrir dans l’explorateur » at step `n` of a worked example (game/explore/steps.py):
    {"fragment", "text"} (the French words of what opens), or None when the explorer cannot
    show that step: the page then shows no link."""
    from ..messages import explore as fr
    from . import steps

    try:
        position, player = steps.seen_at(data, n)
    except GameError:
        return None
    return {"fragment": encode(position), "text": fr.link_text(n or 0, player, len(position.hand))}


__all__ = ["Link", "encode", "decode", "to_scenario", "from_scenario", "link_at", "VERSION",
           "NOT_IN_SCENARIOS"]
