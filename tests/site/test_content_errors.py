"""Content the build cannot read gives `file:line: message` and exit 2, never a traceback (issue 12)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from site_builder.commands.build import build
from site_builder.problems import AuthorErrors

from site_helpers import FIXTURES, ROOT

FRONT = "---\ntitle: Règles\ndescription: Une page d’essai.\nsection: regles\n---\n"
ROWS = "rangée 1: 12\nrangée 2: 28\nrangée 3: 39\nrangée 4: 44\n"


def content(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    folder = tmp_path / "content"
    (folder / "exemples").mkdir(parents=True)
    shutil.copy(FIXTURES / "ok" / "index.md", folder / "index.md")
    for name in (FIXTURES / "ok" / "exemples").iterdir():
        shutil.copy(name, folder / "exemples" / name.name)
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return folder


def cli(folder: Path, out: Path, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(cwd)}
    return subprocess.run([sys.executable, "-m", "site_builder", "build", "--content", str(folder),
                           "--out", str(out)], cwd=cwd, capture_output=True, text=True, env=env,
                          timeout=300)


def problems_of(folder: Path, tmp_path: Path) -> list[str]:
    with pytest.raises(AuthorErrors) as raised:
        build(folder, tmp_path / "out", browser_assets=False)
    result = cli(folder, tmp_path / "out-cli")
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert not (tmp_path / "out").exists() and not (tmp_path / "out-cli").exists()
    return [str(p) for p in raised.value.problems]


def test_invalid_utf8_names_the_file_and_line(tmp_path):
    folder = content(tmp_path, {"regles.md": FRONT.encode() + b"Du texte.\nCaf\xe9 au lait.\n"})
    assert problems_of(folder, tmp_path) == [f"{folder / 'regles.md'}:7: not valid UTF-8 "
                                             f"(byte 0xe9 at column 4): save the file as UTF-8"]


def test_a_5000_digit_card_in_an_example(tmp_path):
    folder = content(tmp_path, {"regles.md": FRONT + f"```exemple\nid: 1\n{ROWS}tour: Alice {'9' * 5000}\n```\n"})
    [problem] = problems_of(folder, tmp_path)
    assert problem.endswith("regles.md:12: a number of 5000 digits is not a card, a row or a count "
                            "(at most 9 digits)")


@pytest.mark.parametrize("block", [
    f"```exemple\nid: 1\n{ROWS.replace('rangée 4', 'rangée ²')}tour: Alice 50\n```\n",
    "```junior-ou\nniveau: base\nrangée ²: Afrique\n```\n",
    "```rangees\n12 ²\n```\n",
])
def test_a_superscript_digit_is_an_author_error(tmp_path, block):
    folder = content(tmp_path, {"regles.md": FRONT + block})
    [problem] = problems_of(folder, tmp_path)
    assert "'²' is not a digit: write numbers with 0 to 9" in problem


def test_other_unicode_digits_are_not_read_as_numbers(tmp_path):
    """« ٣ » (Arabic-Indic three) matches \\d and int() reads it: the build must still refuse it."""
    folder = content(tmp_path, {"regles.md": FRONT + "```rangees\n12 1\u0663\n```\n"})
    [problem] = problems_of(folder, tmp_path)
    assert "regles.md:7: " in problem and "is not a digit" in problem


def test_a_page_and_a_folder_index_with_the_same_url(tmp_path):
    folder = content(tmp_path, {"dup.md": FRONT + "A\n", "dup/index.md": FRONT + "B\n"})
    [problem] = problems_of(folder, tmp_path)
    assert problem.endswith("dup.md:1: dup.md and dup/index.md both make the page /dup/: "
                            "rename or remove one of them")


def test_missing_node_modules_says_which_command_installs_it(tmp_path):
    """A fresh checkout without `make setup`: the project copied without node_modules."""
    project = tmp_path / "project"
    project.mkdir()
    for name in ("game", "site_builder"):
        shutil.copytree(ROOT / name, project / name, ignore=shutil.ignore_patterns("__pycache__"))
    result = cli(FIXTURES / "ok", tmp_path / "out", cwd=project)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert lines[0].startswith("error: ") and "node_modules" in lines[0]
    assert "npm ci" in lines[0] and "make setup" in lines[0]
    assert not (tmp_path / "out").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["project"], "a temporary folder was left behind"


def test_a_folder_named_like_a_page_is_an_author_error(tmp_path):
    # Issue 12: `content/x.md/` gave an IsADirectoryError traceback (exit 1).
    folder = content(tmp_path, {"x.md/index.md": FRONT + "Du texte.\n"})
    [problem] = problems_of(folder, tmp_path)
    assert problem == (f"{folder / 'x.md'}: a folder named like a page: only files ending in .md "
                       f"are pages; rename the folder")


@pytest.mark.parametrize("char", ["\x00", "\x02", "\x1b", "\x7f"])
def test_a_nul_or_other_control_character_is_refused_at_its_line(tmp_path, char):
    # Issue 12: a NUL byte in Markdown was published.
    folder = content(tmp_path, {"regles.md": FRONT + f"Du texte.\nUn {char} caché.\n"})
    [problem] = problems_of(folder, tmp_path)
    assert problem.endswith(f"regles.md:7: control character U+{ord(char):04X} at column 4: remove it "
                            f"(only tabs and line ends may be written)")


def test_a_byte_order_mark_is_dropped(tmp_path):
    # Issue 12: a UTF-8 BOM gave « missing front matter ».
    folder = content(tmp_path, {"regles.md": "\ufeff" + FRONT + "Du texte.\n"})
    build(folder, tmp_path / "out", browser_assets=False)
    page = (tmp_path / "out" / "regles" / "index.html").read_text(encoding="utf-8")
    assert "<title>Règles" in page and "\ufeff" not in page


@pytest.mark.parametrize("value, shown", [("9" * 5000, "'" + "9" * 40 + "'… (5000 characters)"),
                                          ("\u0663", "'\u0663'"), ("3_0", "'3_0'"), ("1e3", "'1e3'")])
def test_a_bad_order_is_echoed_short(tmp_path, value, shown):
    # Issue 12: the `order` error printed all 5,000 digits; int() also read « ٣ » and « 3_0 ».
    folder = content(tmp_path, {"regles.md": FRONT.replace("section:", f"order: {value}\nsection:")
                                + "Du texte.\n"})
    [problem] = problems_of(folder, tmp_path)
    assert problem.endswith(f"regles.md:4: order must be a whole number of at most 9 digits (0 to 9), "
                            f"not {shown}")
    assert len(problem) < 250 + len(str(folder))
