"""The classic game and its Pro variants (Tactique, Logique): RULES §1 and §2. Shared parts
(events, errors, rng, French wording) stay at the root of `game/`."""
