"""The classic game and its Pro variants (Tactique, Logique): RULES §1 and §2.

Cards, table, turn, rounds and games, the JSON scenario format, replay steps, the SVG drawing
and the bots. Shared parts (events, errors, rng, French wording) stay at the root of `game/`.
"""
