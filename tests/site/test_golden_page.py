"""A golden copy of one built example page, reviewed by a human, compared byte for byte.

The page comes from tests/site/fixtures/ok/ (not from content/, so editing the guide's text
does not break it); it changes when templates, typography or the engine's drawings change.
After reviewing such a change, regenerate it with:

    .venv/bin/python -m pytest tests/site/test_golden_page.py --update-golden

(or `UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/site/test_golden_page.py`), then read
`git diff tests/site/golden/` before committing.
"""

from __future__ import annotations

import difflib

from site_builder.commands.build import build

from site_helpers import FIXTURES

GOLDEN = FIXTURES.parent / "golden" / "exemple-1.html"


def test_example_page_matches_its_golden_copy(tmp_path, update_golden):
    out = tmp_path / "_site"
    build(FIXTURES / "ok", out, base_url="/", browser_assets=False)
    built = (out / "exemples" / "exemple-1" / "index.html").read_text(encoding="utf-8")
    if update_golden:
        GOLDEN.write_text(built, encoding="utf-8")
    golden = GOLDEN.read_text(encoding="utf-8")
    if built != golden:
        # Compared byte for byte; shown one tag per line, so a change inside a long SVG line
        # reads as a few lines of diff rather than two walls of markup.
        diff = difflib.unified_diff(_tags(golden), _tags(built),
                                    fromfile=str(GOLDEN), tofile="built", n=2)
        raise AssertionError("the built page differs from its golden copy "
                             "(see the docstring to update it):\n" + "".join(diff))


def _tags(text: str) -> list[str]:
    return text.replace("><", ">\n<").splitlines(keepends=True)
