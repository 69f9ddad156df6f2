"""The builder writes no HTML in Python: its markup is in templates/ (Jinja2, autoescape).

An f-string that writes a tag is how markup slips back into code (and escaping with it), so the
scan flags every f-string of site_builder/ whose text holds a closing tag or a tag with
attributes (an author error may still name `<form>`, a regex a group `(?P<row>…)`).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import site_builder

ROOT = Path(site_builder.__file__).parent
TAG = re.compile(r"</[a-z][a-z0-9-]*>|<[a-z][a-z0-9-]*\s[^<>]*=")


def markup_fstrings(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.JoinedStr):
            text = "".join(part.value for part in node.values if isinstance(part, ast.Constant))
            if TAG.search(text):
                found.append(f"{path.name}:{node.lineno}: {text[:60]!r}")
    return found


def test_the_scan_sees_a_tag_built_in_an_fstring(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('a = f\'<figure class="x">{svg}</figure>\'\nb = f"<{tag}"\nc = "<p>"\n'
                      'd = f"a <form> sends to {host}"\ne = f"^(?P<row>\\\\d+) {x}$"\n'
                      'g = f"<p>{text}</p>"\n', encoding="utf-8")
    assert markup_fstrings(module) == ["m.py:1: '<figure class=\"x\"></figure>'", "m.py:6: '<p></p>'"]


def test_no_builder_module_writes_markup_in_an_fstring():
    found = [hit for path in sorted(ROOT.rglob("*.py")) for hit in markup_fstrings(path)]
    assert not found, "HTML built in Python (move it to templates/):\n" + "\n".join(found)
