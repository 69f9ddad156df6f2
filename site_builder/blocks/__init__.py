"""The fenced-block registry: the one seam between Markdown and whatever draws a block.

A block language is one `register(lang, render)` call, as a MkDocs plugin adds its hook:
markdown_ext knows no block name, it asks `handler(lang)`. The handler's contract is in
CONTRIBUTING.md « Fenced blocks »; the built-in blocks are the modules of BUILTIN, imported on
first use.
"""

from __future__ import annotations

import functools
import importlib
from pathlib import Path
from typing import Callable, Optional

Fail = Callable[[int, str], None]
Handler = Callable[[list, int, Path, Fail], Optional[str]]

BUILTIN = ("site_builder.blocks.classic", "site_builder.blocks.junior",
           "site_builder.blocks.tables", "site_builder.blocks.jouer",
           "site_builder.blocks.compteur")
"""Modules whose import registers the guide's own blocks (one `register` call per language)."""

SITE_ROOT = "\x00site-root\x00/"
"""How a block's link to another page starts (`SITE_ROOT + "outils/explorer/"`): the builder
replaces it with the page's own way to the site root (`../../`), so the site works from any
sub-path. A NUL never comes from an author: the builder refuses control characters."""

_handlers: dict[str, Handler] = {}
_families: set[str] = set()


def register(lang: str, render: Handler | None = None):
    """Make ```` ```lang ```` blocks render with `render`; usable as a decorator too."""
    if render is None:
        return lambda function: register(lang, function)
    _handlers[lang] = render
    return render


def register_drawing(lang: str, draw: Callable[[], str]) -> Handler:
    """A block with an empty body, drawn by the engine: anything written in it is an error."""
    def render_drawing(body, fence_line, path, fail) -> str | None:
        if any(text.strip() for text in body):
            fail(fence_line, f"a '{lang}' block must be empty: the engine draws it")
            return None
        return draw()
    return register(lang, render_drawing)


def reserve_family(prefix: str) -> None:
    """Languages starting with `prefix` are all blocks: an unknown one (a typo such as
    ```junior-exmple) is an author error instead of silently becoming a code block."""
    _families.add(prefix)


@functools.cache
def _load_builtin() -> None:
    for module in BUILTIN:
        importlib.import_module(module)


def handler(lang: str) -> Handler | None:
    """The render function of a block language, None for an ordinary code block."""
    _load_builtin()
    if lang in _handlers:
        return _handlers[lang]
    family = next((p for p in _families if lang.startswith(p)), None)
    if family is None:
        return None
    known = ", ".join(n for n in sorted(_handlers) if n.startswith(family))

    def unknown(body, fence_line, path, fail) -> None:
        fail(fence_line, f"unknown block '{lang}' (known: {known})")
    return unknown


def names() -> list[str]:
    _load_builtin()
    return sorted(_handlers)

