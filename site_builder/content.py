"""Pages of the guide: one per `content/**/*.md`, with its front matter checked.

Front matter is a tiny `key: value` block between `---` lines (CONTRIBUTING.md « Content
pages »). Unknown keys stop the build, so a typo never silently drops a title or an order.
A file is strict UTF-8 (a leading byte-order mark is dropped) with no control character but tab
and line ends: a NUL would be published, and Python-Markdown uses \x02 and \x03 as placeholders.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from .problems import Problem, shown

SECTIONS = {
    "accueil": "Accueil",
    "regles": "Règles",
    "exemples": "Exemples",
    "variantes": "Variantes",
    "junior": "Junior",
    "outils": "Outils",
    "annexes": "Annexes",
}
"""Section key → French label, in navigation order."""

REQUIRED_KEYS = ("title", "description")
OPTIONAL_KEYS = ("section", "order")
NOT_PAGES = {"README.md"}
"""`content/README.md` documents the syntax for authors: it is not a page of the site."""

DEFAULT_ORDER = 1000
ORDER_RE = re.compile(r"-?[0-9]{1,9}")
CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
BOM = "\ufeff"
HOME = "index.md"


class ContentRefused(Exception):
    """`--content` names no content folder; the message is one English line."""


def check_content_dir(content_dir: Path) -> None:
    """Refuse a `--content` that is missing, not a folder, or has no home page: building from
    it would silently replace the site with an empty one (issue 12)."""
    folder = Path(content_dir)
    if not folder.exists():
        raise ContentRefused(f"--content {folder}: no such folder")
    if not folder.is_dir():
        raise ContentRefused(f"--content {folder}: a file, not the content folder")
    if not (folder / HOME).is_file():
        raise ContentRefused(f"--content {folder}: no {HOME} (the home page) in it; is it the "
                             f"content folder?")


@dataclass
class Page:
    """A content file and what its front matter says about it."""

    source: Path            # the .md file on disk
    rel: PurePosixPath      # path inside content/, e.g. exemples/exemple-3.md
    url: str                # site-relative URL of the page: "" (home), "regles/", "exemples/exemple-3/"
    title: str
    description: str
    section: str
    order: int
    body: str               # Markdown after the front matter
    body_line: int          # line number in the file of the body's first line
    keys_line: dict = field(default_factory=dict)  # key → line, to point at a bad value


def page_url(rel: PurePosixPath) -> str:
    """`regles.md` → `regles/`, `index.md` → ``, `exemples/index.md` → `exemples/`."""
    parts = list(rel.with_suffix("").parts)
    if parts[-1] == "index":
        parts.pop()
    return "".join(part + "/" for part in parts)


def gather_pages(content_dir: Path, problems: list[Problem]) -> list[Page]:
    """Every page of `content_dir`, sorted by path; front-matter errors go to `problems`."""
    pages = []
    made_by: dict[str, PurePosixPath] = {}   # url → the file that makes it
    for source in sorted(content_dir.rglob("*.md")):
        rel = PurePosixPath(source.relative_to(content_dir).as_posix())
        if rel.as_posix() in NOT_PAGES:
            continue
        if not source.is_file():   # a folder named `x.md/`: no page, and no traceback either
            problems.append(Problem(source, 0, "a folder named like a page: only files ending in "
                                               ".md are pages; rename the folder"))
            continue
        url = page_url(rel)
        if url in made_by:   # `dup.md` and `dup/index.md`: one of them would be silently lost
            problems.append(Problem(source, 1, f"{rel} and {made_by[url]} both make the page "
                                               f"/{url}: rename or remove one of them"))
            continue
        made_by[url] = rel
        page = read_page(source, rel, problems)
        if page is not None:
            pages.append(page)
    return pages


def read_page(source: Path, rel: PurePosixPath, problems: list[Problem]) -> Page | None:
    """Split front matter from body and check every key; None when the page is unusable."""
    def fail(line: int, message: str) -> None:
        problems.append(Problem(source, line, message))

    try:
        data = source.read_bytes()
    except OSError as error:
        problems.append(Problem(source, 0, f"cannot read the file: {error.strerror or error}"))
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        fail(line, f"not valid UTF-8 (byte 0x{data[error.start]:02x} at column {column}): "
                   f"save the file as UTF-8")
        return None
    text = text.removeprefix(BOM)   # some editors start UTF-8 files with one
    control = CONTROL_RE.search(text)
    if control is not None:
        line = text.count("\n", 0, control.start()) + 1
        column = control.start() - (text.rfind("\n", 0, control.start()) + 1) + 1
        fail(line, f"control character U+{ord(control[0]):04X} at column {column}: remove it "
                   f"(only tabs and line ends may be written)")
        return None
    lines = text.split("\n")

    if not lines or lines[0].strip() != "---":
        fail(1, "missing front matter: the file must start with a '---' line")
        return None
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
    if end is None:
        fail(1, "front matter is not closed: add a '---' line after the keys")
        return None

    values: dict[str, str] = {}
    keys_line: dict[str, int] = {}
    for index in range(1, end):
        number = index + 1
        raw = lines[index]
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        key, sep, value = raw.partition(":")
        key = key.strip()
        if not sep or not key:
            fail(number, f"front matter line is not 'key: value': {shown(raw.strip())}")
            continue
        if key not in REQUIRED_KEYS + OPTIONAL_KEYS:
            allowed = ", ".join(REQUIRED_KEYS + OPTIONAL_KEYS)
            fail(number, f"unknown front-matter key {shown(key)} (allowed: {allowed})")
            continue
        if key in values:
            fail(number, f"front-matter key {key!r} is given twice")
            continue
        value = value.strip()
        quoted = len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'"
        values[key] = value[1:-1] if quoted else value
        keys_line[key] = number

    known = len(problems)   # a bad line above leaves the page usable; a bad value below does not
    for key in REQUIRED_KEYS:
        if not values.get(key):
            fail(1, f"missing front-matter key {key!r}")

    # by default, a page in `exemples/` belongs to `exemples`; the home page to `accueil`
    folder = rel.parts[0] if len(rel.parts) > 1 and rel.parts[0] in SECTIONS else None
    section = values.get("section") or folder or ("accueil" if rel.as_posix() == HOME else None)
    if section is None:
        fail(1, "missing front-matter key 'section' (the folder does not name a section)")
    elif section not in SECTIONS:
        fail(keys_line.get("section", 1),
             f"unknown section {shown(section)} (allowed: {', '.join(SECTIONS)})")

    order = values.get("order", str(DEFAULT_ORDER))
    if not ORDER_RE.fullmatch(order):
        fail(keys_line["order"], f"order must be a whole number of at most 9 digits (0 to 9), "
                                 f"not {shown(order)}")

    if len(problems) > known:
        return None
    return Page(
        source=source, rel=rel, url=page_url(rel),
        title=values["title"], description=values["description"],
        section=section, order=int(order),
        body="\n".join(lines[end + 1:]), body_line=end + 2, keys_line=keys_line,
    )
