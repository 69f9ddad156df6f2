"""One spacing rule (issue 26, item 20) in the sources the built-page gate cannot read.

tests/quality checks every built page; the words the browser writes later come from the
scripts and from the engine's messages, and an HTML block in content/ bypasses the typography
step. U+202F goes before ; ! ? and %, U+00A0 before « : »: a source that spells the other one
fails here, naming file and line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [*sorted((ROOT / "game").rglob("*.py")), *sorted((ROOT / "site_builder").rglob("*.py")),
           *sorted((ROOT / "site_builder" / "static" / "js").glob("*.js")),
           *sorted((ROOT / "site_builder" / "templates").rglob("*.html")),
           *sorted((ROOT / "content").rglob("*.md"))]
WRONG = re.compile(
    r"(?<!N)NBSP\}[;!?%]|NNBSP\}:"                    # f-strings, template literals
    r"|(?<!N)NBSP \+ \"[;!?%]|NNBSP \+ \":"            # JavaScript concatenation
    r"|&nbsp;[;!?%]|&#8239;:|&#x202f;:"               # HTML
    r"|\\u00a0[;!?%]|\\u202f:|\u00a0[;!?%]|\u202f:")  # escapes and the characters themselves


def wrong_spaces(text: str) -> list[str]:
    return [f"line {text.count(chr(10), 0, m.start()) + 1}: {m.group()!r}" for m in WRONG.finditer(text)]


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_source_spells_the_adopted_spaces(source):
    assert wrong_spaces(source.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("text", ['f"Bravo{NBSP}!"', '"Quoi" + NBSP + "?"', "Quel risque&nbsp;?",
                                  'f"Règle{NNBSP}: la"', "10\u00a0%", '"a\\u202f: b"'])
def test_a_wrong_space_is_found(text):
    assert wrong_spaces(text)
