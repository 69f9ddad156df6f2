"""« Explorateur »: any position of a classic (or Tactique) turn, shared by link, with each card's risk.

- `position.py`  the position a reader builds, and its checks (GameError with `field` and `code`)
- `codec.py`     the permalink (URL fragment) and the JSON scenario format ⇄ a position
- `risk.py`      Monte-Carlo estimate of what each card of the hand risks this turn, in chunks
- `web.py`       the worker's `explore_*` messages (registered in game/web.py)
"""
