"""The French words of the guide: the only place where the engine speaks French.

`explain(event)` turns one event (an `Event` or its dict form) into a sentence
for readers. Each game family words its own events in its own module
(`classic`, `specials`, `junior`), in a `WORDING` table (event type → sentence);
this package looks the type up in all of them (`FAMILIES`).
"""

from __future__ import annotations

from . import classic, junior, specials

__all__ = ["explain", "explain_all"]


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


MERGED = {"take": classic.choice_and_take, "special_row_removed": specials.choice_and_removal}
"""What a row choice followed by that row's taking (or, with five rows, its removal) becomes."""


def explain_all(events) -> str:
    """The sentences of several events, as one paragraph (one step of an example).

    A row choice followed by the taking of that row (or, with five rows, its removal) is worded
    as one statement (`MERGED`): the step then names the row and its heads once, not twice. The
    price of every row (`choice_requested`) is left out: the step draws it as a table under the
    text.
    """
    data = [e if isinstance(e, dict) else e.to_dict() for e in events]
    sentences, i = [], 0
    while i < len(data):
        e, following = data[i], (data[i + 1:] or [{}])[0]
        if (e["type"] == "choice_made" and following.get("type") in MERGED
                and following.get("row") == e["row"] and following.get("player") == e["player"]):
            sentences.append(MERGED[following["type"]](e, following))
            i += 1
        elif e["type"] != "choice_requested":
            sentences.append(explain(e))
        i += 1
    return " ".join(sentences)
