"""Events of the special cards, in the dataclass style of `game.events`, one line each: their
fields are documented once, in game/specials/README.md (« Events »), which a test compares with
these declarations. Every type starts with `special_`, so `game.messages.explain` hands them to
`game.messages.specials`; too-low cards with no row stopped, row choices and plain takes reuse
the classic events.
"""

from __future__ import annotations

from dataclasses import make_dataclass

from game.events import Event, register


def _event(name: str, kind: str, fields: str) -> type:
    """A frozen, slotted event class registered for `game.events.all_types`; `fields` are
    "name:type" words in order (a "tuple" field's lists are frozen, as in `game.events`)."""
    return register(make_dataclass(
        name, [tuple(f.split(":")) for f in fields.split()], bases=(Event,), frozen=True,
        slots=True, namespace={"type": kind, "__module__": __name__}))


WHO, TAKEN = "turn:int player:str", "card:int row:int cards:tuple heads:int"
SpecialPlayed = _event("SpecialPlayed", "special_played", f"{WHO} special:str card:int")
FifthRow = _event("FifthRow", "special_fifth_row", f"{WHO} card:int row:int")
Marked = _event("Marked", "special_marked", f"{WHO} card:int row:int after:int length:int")
SeventhTake = _event("SeventhTake", "special_seventh_take", f"{WHO} {TAKEN}")
Inserted = _event("Inserted", "special_inserted",
                  f"{WHO} card:int row:int position:int before:int|None following:int length:int")
InsertTake = _event("InsertTake", "special_insert_take", f"{WHO} {TAKEN} stays:int|None")
Replaced = _event("Replaced", "special_replaced", f"{WHO} card:int new:int")
Slid = _event("Slid", "special_slid", f"{WHO} moved:int from_row:int to_row:int to_index:int")
Stopped = _event("Stopped", "special_stopped", f"{WHO} row:int")
StopsRemoved = _event("StopsRemoved", "special_stops_removed", "turn:int rows:tuple")
RowRemoved = _event("RowRemoved", "special_row_removed", f"{WHO} {TAKEN} reason:str")
Negative = _event("Negative", "special_negative", f"{WHO} chosen:int heads:int drop:int")
Placed = _event("Placed", "special_place",
                f"{WHO} card:int row:int after:int gap:int length:int passed:tuple")
TooLowOpen = _event("TooLowOpen", "special_too_low",
                    f"{WHO} card:int lowest:int stopped:tuple")
