"""Walking and editing a JSON tree by path: what tests/game/test_hostile_input.py mutates."""

from __future__ import annotations


def nested(depth: int) -> list:
    """A list nested `depth` deep: past the engine's nesting limit, it must be refused, not recursed."""
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def paths(data, limit: int = 10, prefix: tuple = ()):
    """Every path (tuple of keys and indexes) in `data`, the root `()` first.

    `limit` stops the walk inside a deeply nested value a mutation put there.
    """
    yield prefix
    if len(prefix) >= limit:
        return
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths(value, limit, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from paths(value, limit, prefix + (index,))


def parent_of(data, path: tuple):
    """The container holding the node at `path` (which must not be the root)."""
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    return parent
