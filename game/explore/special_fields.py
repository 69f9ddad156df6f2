"""The explorer form's special-card fields ⇄ a position's parts (apart from web.py, so the classic
form stays as it was): rows as readers count them (« 1 3 »), the reader's special cards by kind,
and the opponents' special cards, one count for all (« 3 ») or per player (« J2 : 3 ; J3 : 1 »).
"""

from __future__ import annotations

import re

from ..messages import explore as fr
from ..untrusted import is_digits
from .position import KINDS, MAX_ROWS, MAX_SPECIALS, Position

_WORDS = re.compile(r"[\s,;]+")
_EACH = re.compile(r"^\s*j\s*([0-9]{1,2})\s*:\s*([0-9]+)\s*$", re.IGNORECASE)
DEFAULT_COUNT = str(MAX_SPECIALS)
"""What each opponent holds when the reader says nothing: the deal's three special cards."""


def _rows(text, field: str, errors: dict) -> list[int]:
    """« 1 3 » → [0, 2]: rows as readers count them, from 1."""
    rows = []
    for word in (w for w in _WORDS.split(str(text or "").strip()) if w):
        if not is_digits(word, 1) or not 1 <= int(word) <= MAX_ROWS:
            errors.setdefault(field, fr.for_code("not_a_row", variant="speciales"))
            return []
        rows.append(int(word) - 1)
    return rows


def _counts(text, players: int, errors: dict) -> list[int]:
    """« 3 » (everyone) or « J2 : 3 ; J3 : 1 » → one count per opponent."""
    text = str(text if text is not None else "").strip()
    if is_digits(text, 2):
        return [int(text)] * (players - 1)
    counts: dict[int, int] = {}
    for part in (p for p in re.split(r"[;\n]+", text) if p.strip()):
        match = _EACH.match(part)
        if not match or len(match.group(2)) > 2:
            errors.setdefault("their_specials", fr.bad_counts(part.strip()))
            return []
        number = int(match.group(1))
        if not 2 <= number <= players:
            errors.setdefault("their_specials", fr.for_code("no_such_opponent", players=players))
            return []
        counts[number] = int(match.group(2))
    return [counts.get(n, 0) for n in range(2, players + 1)]


def read(form: dict, players: int, errors: dict) -> dict:
    """The keyword arguments of `Position.of` the special-card fields give."""
    chosen = form.get("specials") if isinstance(form.get("specials"), list) else []
    specials = [k for k in chosen[:MAX_SPECIALS] if k]
    if any(k not in KINDS for k in specials):
        errors.setdefault("specials", fr.for_code("specials_hand"))
        specials = [k for k in specials if k in KINDS]
    return {"marked": _rows(form.get("marked"), "marked", errors),
            "stopped": _rows(form.get("stopped"), "stopped", errors), "specials": specials,
            "their_specials": _counts(form.get("their_specials", DEFAULT_COUNT), players, errors)}


def texts(position: Position) -> dict:
    """The special-card fields' texts for a position (what `read` reads back); defaults for
    a position without special cards, so a reader who switches variant starts from a deal."""
    if position.variant != "speciales":
        return {"marked": "", "stopped": "", "specials": ["", "", ""],
                "their_specials": DEFAULT_COUNT}
    counts = [position.specials_of(i) for i in range(position.players - 1)]
    their = str(counts[0]) if len(set(counts)) == 1 else "\u202f; ".join(
        f"{fr.player_name(i)}\u00a0: {n}" for i, n in enumerate(counts))
    return {"marked": " ".join(str(r + 1) for r in position.marked),
            "stopped": " ".join(str(r + 1) for r in position.stopped),
            "specials": (list(position.specials) + ["", "", ""])[:MAX_SPECIALS],
            "their_specials": their}


__all__ = ["read", "texts", "DEFAULT_COUNT"]
