"""Author errors: every mistake in `content/` is reported as `path:line: message` (`path: message`
when it concerns a whole file or folder).

The build collects all of them before stopping (strict mode: one is enough to abort),
so an author fixes a whole batch per run instead of one error at a time.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, order=True)
class Problem:
    """One author error, pointing at a line of a content file (line 0: the whole file or folder)."""

    path: Path
    line: int
    message: str

    def __str__(self) -> str:
        if not self.line:
            return f"{display_path(self.path)}: {self.message}"
        return f"{display_path(self.path)}:{self.line}: {self.message}"


class AuthorErrors(Exception):
    """The content has errors: nothing must be written."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(set(problems))
        super().__init__("\n".join(str(p) for p in self.problems))


def display_path(path: Path) -> str:
    """The path as the author typed it: relative to the working directory when inside it."""
    try:
        return Path(path).resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(path)


def shown(text: str, limit: int = 40) -> str:
    """An author's or a user's text quoted in a message, cut short: a 5,000-digit value is not
    echoed whole."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text)} characters)"
