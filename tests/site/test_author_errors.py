"""Every kind of authoring error stops the build with `path:line: message` and writes nothing."""

from __future__ import annotations

import subprocess
import sys

import pytest

from site_builder.commands.build import build
from site_builder.problems import AuthorErrors

from site_helpers import FIXTURES, ROOT

CASES = {
    "unknown_key": ["regles.md:5: unknown front-matter key 'auteur'"],
    "missing_key": ["regles.md:1: missing front-matter key 'description'"],
    "broken_link": ["regles.md:8: broken link 'absente.md': no page content/absente.md"],
    "broken_anchor": ["regles.md:8: broken link 'index.md#nulle-part': no anchor #nulle-part"],
    "bad_example": [
        "exemple-1.md:8: row number '7' must be between 1 and 5",
        "exemple-1.md:9: 'Alice dix' must read 'Nom carte'",
        "exemple-1.md:10: unknown line 'couleur: rouge' in this 'exemple' block",
        "exemple-1.md:11: 'Alice' must read 'Nom N'",
    ],
    "engine_disagrees": [
        "exemple-1.md:14: attendu rangée 2: expected 28, the engine got 28 37",
        "exemple-1.md:15: attendu rangée 3: expected 39 37, the engine got 39",
        "exemple-1.md:16: attendu pénalités: expected Alice 2, the engine got Alice 0",
    ],
    "heading_without_id": ["regles.md:10: heading 'La carte trop faible' has no explicit id: write "
                           "it as `### La carte trop faible {#la-carte-trop-faible}`"],
    "duplicate_id": ["exemple-2.md:8: duplicate example id '4': already used at "],
    "engine_error": ["exemple-1.md:5: example 1: the engine refuses it: turn 1: Alice"],
    "junior_error": ["junior/index.md:7: a 'junior-legende' block must be empty"],
    "bad_blocks": [
        "regles.md:6: unknown box '!!! attention'",
        "regles.md:11: a special block must start at the beginning of the line",
        "regles.md:16: a row must be in ascending order: 12 8",
        "regles.md:19: a 'table-des-tetes' block must be empty",
        "regles.md:23: example 9: the engine refuses it: ",
    ],
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_author_error_names_file_and_line_and_writes_nothing(case, tmp_path):
    out = tmp_path / "_site"
    with pytest.raises(AuthorErrors) as raised:
        build(FIXTURES / case, out, browser_assets=False)
    lines = [str(problem) for problem in raised.value.problems]
    for expected in CASES[case]:
        assert any(expected in line for line in lines), f"{expected!r} not in {lines}"
    assert len(lines) == len(CASES[case]) + (case == "bad_example"), lines
    assert not out.exists()
    assert list(tmp_path.iterdir()) == [], "a temporary folder was left behind"


def test_a_failed_build_leaves_the_previous_site_untouched(tmp_path):
    out = tmp_path / "_site"
    build(FIXTURES / "ok", out, browser_assets=False)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    with pytest.raises(AuthorErrors):
        build(FIXTURES / "broken_link", out, browser_assets=False)
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def test_command_line_exits_2_and_prints_path_line_message(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "site_builder", "build", "--content",
         str(FIXTURES / "unknown_key"), "--out", str(tmp_path / "out")],
        cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 2
    assert "tests/site/fixtures/unknown_key/regles.md:5: unknown front-matter key" in result.stderr
    assert not (tmp_path / "out").exists()
