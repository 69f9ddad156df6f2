"""A share of the Hypothesis profile's examples, for a property whose examples are costly.

`@settings(parent=scaled(0.25))` runs a quarter of what HYPOTHESIS_PROFILE asks (at least 2),
so the fast, dev and deep profiles (tests/conftest.py) keep their proportions everywhere.
"""

from __future__ import annotations

from hypothesis import settings


def scaled(fraction: float) -> settings:
    current = settings.default
    return settings(parent=current, max_examples=max(2, round(current.max_examples * fraction)))


def games(per_example: float) -> int:
    """How many seeds a plain loop over seeded games plays: `per_example` × the profile's
    examples (at least 2), so such loops search as hard as the properties beside them."""
    return max(2, round(settings.default.max_examples * per_example))
