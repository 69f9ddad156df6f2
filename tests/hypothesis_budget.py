"""A share of the Hypothesis profile's examples, for a property whose examples are costly.

`@settings(parent=scaled(0.25))` runs a quarter of what HYPOTHESIS_PROFILE asks (at least 2),
so the fast, dev and ci profiles (tests/conftest.py) keep their proportions everywhere.
"""

from __future__ import annotations

from hypothesis import settings


def scaled(fraction: float) -> settings:
    current = settings.default
    return settings(parent=current, max_examples=max(2, round(current.max_examples * fraction)))
