"""The event types of « 6 qui prend Junior »: plain JSON-ready dicts (game/junior/rules.py logs
them as such), registered so `game.events.all_types()` lists every variant's types."""

from __future__ import annotations

from game import events

TYPES = ("junior_setup", "junior_reveal", "junior_place", "junior_complete", "junior_draw",
         "junior_take", "junior_game_end", "junior_tally")
"""Each type has its French sentence in game/messages/junior.py (tests/game/test_every_event_speaks_french.py)."""

events.register_dict_types(*TYPES)
