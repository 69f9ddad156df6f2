"""« Explorateur »: any position of a classic, Tactique or special-card turn, shared by link, with
each card's risk.

- `position.py`        the position a reader builds, and its checks (GameError with `field`, `code`)
- `codec.py`           the permalink (URL fragment) and the JSON scenario format ⇄ a position
- `steps.py`           the position at a step of a replay, or at the reader's turn of a game
- `risk.py`            Monte-Carlo estimate of what each card of the hand risks this turn, in chunks
- `specials.py`        one sampled turn with the special cards, decided by the variant's robots
- `special_fields.py`  the form's special-card fields ⇄ a position's parts
- `web.py`             the worker's `explore_*` messages (registered in game/web.py)
"""
