"""The French words of the guide: the only place where the engine speaks French.

`explain(event)` turns one event (an `Event` or its dict form) into a sentence
for readers. Each game family words its own events in its own module
(`classic`, `specials`, `junior`), in a `WORDING` table (event type → sentence);
this package looks the type up in all of them (`FAMILIES`).
"""

from __future__ import annotations

from . import classic, junior, specials
from .typography import NBSP, NNBSP, fr_list, quote

__all__ = ["explain", "explain_all", "NBSP", "NNBSP", "fr_list", "quote"]


FAMILIES = (classic, specials, junior)
"""The modules that word the built-in variants' events; any other registered variant brings its
own table (game/variants.py `Variant.wording`), read on the first event this table lacks."""


def _wording() -> dict:
    table: dict = {}
    for family in FAMILIES:
        taken = table.keys() & family.WORDING.keys()
        if taken:
            raise ValueError(f"{family.__name__} words event types already worded: {sorted(taken)}")
        table.update(family.WORDING)
    return table


WORDING = _wording()
"""Every event type any family words → its sentence."""


def explain(event) -> str:
    """The French sentence for one event."""
    data = event if isinstance(event, dict) else event.to_dict()
    kind = data["type"]
    if kind not in WORDING:
        from .. import variants
        for name in variants.names():
            WORDING.update({k: v for k, v in variants.get(name).wording.items() if k not in WORDING})
    if kind not in WORDING:
        raise KeyError(f"no French sentence for event type {kind!r}")
    return WORDING[kind](data)


def explain_all(events) -> str:
    """The sentences of several events, as one paragraph (one step of an example).

    A row choice followed by the taking of that row (or, with five rows, its removal) is worded
    as one statement: the step then names the row and its heads once, not twice. The price of every row
    (`choice_requested`) is left out: the step draws it as a table under the text.
    """
    data = [e if isinstance(e, dict) else e.to_dict() for e in events]
    sentences, skip = [], False
    for i, e in enumerate(data):
        if skip:
            skip = False
            continue
        if e["type"] == "choice_requested":
            continue
        following = data[i + 1] if i + 1 < len(data) else None
        same = (following is not None and e["type"] == "choice_made"
                and following.get("row") == e["row"] and following.get("player") == e["player"])
        if same and following["type"] == "take":
            sentences.append(classic.choice_and_take(e, following))
            skip = True
        elif same and following["type"] == "special_row_removed":
            sentences.append(specials.choice_and_removal(e, following))
            skip = True
        else:
            sentences.append(explain(e))
    return " ".join(sentences)
