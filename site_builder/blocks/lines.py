"""The one reader of `key: value` block lines, shared by the classic and the Junior blocks.

A block declares its lines as a table of `LineKind`s; the reader classifies each body line
(blank lines and `# comments` skipped), keeps its file line, and reports through `fail` the three
mistakes every block shares: a line no pattern knows, a single line given twice, a required line
missing (reported at the opening fence). What a value means is left to the block.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable

from game.messages import blocks as words
from game.messages.typography import french
from game.untrusted import is_digits

ROW = r"rang[ée]e"
"""« rangée » as authors type it, with or without its accent."""
NUMBER_RE = re.compile(r"^\d+$")
NAME_NUMBER_RE = re.compile(r"^(?P<name>.+?)\s+(?P<number>\S+)$")


@dataclass(frozen=True)
class LineKind:
    name: str                 # what the block's code calls it: "turn", "expect_row", …
    label: str                # what authors write, for messages: "tour:", "rangée R:"
    pattern: re.Pattern
    single: bool = False      # at most one such line
    required: bool = False    # at least one such line


def kind(name: str, label: str, regex: str, *, single=False, required=False) -> LineKind:
    """A kind whose `regex` matches a whole stripped line (case-sensitive, as authors write)."""
    return LineKind(name, label, re.compile(regex), single, required)


# The lines every example block reads alike.
ID = kind("id", "id:", r"^id\s*:\s*(?P<value>.*)$", single=True, required=True)
TITLE = kind("title", "titre:", r"^titre\s*:\s*(?P<value>.*)$", single=True)
ROW_CARDS = kind("row", "rangée R:", rf"^{ROW}\s+(?P<row>\S+)\s*:\s*(?P<value>.*)$")
EXPECT_ROW = kind("expect_row", "attendu rangée R:",
                  rf"^attendu\s+{ROW}\s+(?P<row>\S+)\s*:\s*(?P<value>.*)$")


@dataclass(frozen=True)
class Line:
    kind: str
    match: re.Match
    number: int               # file line

    @property
    def value(self) -> str:
        return self.match["value"].strip()


class LineReader:
    """A block's lines classified in order, each with its file line; errors counted."""

    def __init__(self, body: Iterable[str], fence_line: int, fail: Callable[[int, str], None],
                 kinds: Iterable[LineKind], *, block: str):
        self.fence_line = fence_line
        self.errors = 0
        self._fail = fail
        kinds = list(kinds)
        self.lines: list[Line] = []
        seen: set[str] = set()
        for offset, raw in enumerate(body):
            number = fence_line + 1 + offset
            text = raw.strip()
            if not text or text.startswith("#"):
                continue
            found = next(((k, m) for k in kinds if (m := k.pattern.match(text))), None)
            if found is None:
                self.fail(number, f"unknown line {text!r} in this '{block}' block (expected "
                                  f"{', '.join(k.label for k in kinds)})")
                continue
            line_kind, match = found
            if line_kind.single and line_kind.name in seen:
                self.fail(number, f"'{line_kind.label}' is given twice")
                continue
            seen.add(line_kind.name)
            self.lines.append(Line(line_kind.name, match, number))
        for line_kind in kinds:
            if line_kind.required and line_kind.name not in seen:
                self.fail(fence_line, f"missing '{line_kind.label}' line")

    def fail(self, number: int, message: str) -> None:
        self.errors += 1
        self._fail(number, message)

    def all(self, name: str) -> list[Line]:
        return [line for line in self.lines if line.kind == name]

    def one(self, name: str) -> Line | None:
        """The line of a `single` kind, or None when the block has none."""
        return next((line for line in self.lines if line.kind == name), None)


def comma_list(value: str) -> list[str]:
    """`Alice, Bruno` → ["Alice", "Bruno"]: a value's comma-separated parts, empty ones dropped."""
    return [part.strip() for part in value.split(",") if part.strip()]


def name_number(part: str, number: int, fail, shape: str, signed=False) -> tuple[str, int] | None:
    """`Alice 37` → ("Alice", 37); penalties may be negative (Négatif = positif)."""
    match = NAME_NUMBER_RE.match(part)
    digits = match["number"].removeprefix("-") if match and signed else (match and match["number"])
    if not match or not NUMBER_RE.match(digits):
        fail(number, f"{part!r} must read '{shape}' (a name, a space, a number)")
        return None
    return match["name"], int(match["number"])


def row_number(text: str, number: int, fail, rows: int) -> int | None:
    """A row as authors count it, 1 to `rows`; None after `fail`."""
    if not is_digits(text) or not 1 <= int(text) <= rows:
        fail(number, f"row number {text!r} must be between 1 and {rows}")
        return None
    return int(text)


EXAMPLE_ID_RE = re.compile(r"^(?:\d+|[a-z0-9]+(?:-[a-z0-9]+)*)$")
"""One rule for example ids, classic and Junior: they become anchors (#exemple-3)."""


def example_label(ident: str | None, title: Line | None, fence_line: int, fail) -> str | None:
    """The accessible name of an example region: its `titre:` line, or « Exemple 3 » for a
    numbered example. An id that is not a number (`regles-tour`) is no name for a reader, so
    such an example must give a `titre:`; None after `fail`."""
    if title is not None:
        return french(title.value)   # raw HTML: typeset here
    if ident and not ident.isdigit():
        fail(fence_line, f"example {ident}: an id that is not a number needs a 'titre:' line, "
                         "the example's name for screen readers (e.g. 'titre: Exemple : un tour de jeu')")
        return None
    return words.example_label(ident)


def example_id(line: Line, fail) -> str | None:
    """The id of an `id:` line, or None after `fail` when it cannot be an anchor."""
    if not EXAMPLE_ID_RE.match(line.value):
        fail(line.number, f"example id {line.value!r} must be digits or lowercase letters, "
                          "digits and hyphens (e.g. 3 or 6-corrige)")
        return None
    return line.value
