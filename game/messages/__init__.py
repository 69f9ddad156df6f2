"""The French words of the guide: the only place where the engine speaks French.

`explain(event)` turns one event (an `Event` or its dict form) into a sentence
for readers. Each game family words its own events in its own module
(`classic`, `junior`, …); this package dispatches on the event type.
"""

from __future__ import annotations

from . import classic
from .typography import NBSP, NNBSP, fr_list, quote

__all__ = ["explain", "explain_all", "NBSP", "NNBSP", "fr_list", "quote"]


def _junior():
    from . import junior  # written with the Junior engine; imported only when needed
    return junior


def explain(event) -> str:
    """The French sentence for one event."""
    data = event if isinstance(event, dict) else event.to_dict()
    kind = data["type"]
    if kind.startswith("junior_"):
        return _junior().explain(data)
    if kind.startswith("special_"):
        from . import specials
        return specials.explain(data)
    return classic.explain(data)


def explain_all(events) -> str:
    """The sentences of several events, as one paragraph."""
    return " ".join(explain(e) for e in events)
