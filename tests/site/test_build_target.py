"""`build --out DIR` never replaces what it did not build (issue 12: `--out .` deleted .git/)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from site_builder.commands.build import build
from site_builder.target import MARKER, TargetRefused

from site_helpers import FIXTURES, ROOT

OK = FIXTURES / "ok"


def cli(*args, cwd=ROOT) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "site_builder", "build", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, env=env, timeout=300)


def assert_refused(result: subprocess.CompletedProcess, *words: str) -> None:
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: refusing to build into"), result.stderr
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in lines[0]


def test_each_build_leaves_its_marker_and_may_be_rebuilt(tmp_path):
    out = tmp_path / "out"
    build(OK, out, browser_assets=False)
    assert (out / MARKER).is_file()
    (out / "stale.html").write_text("old", encoding="utf-8")
    build(OK, out, browser_assets=False)
    assert (out / MARKER).is_file() and not (out / "stale.html").exists()


def test_an_empty_or_missing_folder_is_fine(tmp_path):
    (tmp_path / "empty").mkdir()
    build(OK, tmp_path / "empty", browser_assets=False)
    build(OK, tmp_path / "new" / "deeper", browser_assets=False)
    assert (tmp_path / "new" / "deeper" / "index.html").is_file()


def test_a_folder_with_someone_elses_files_is_refused_and_kept(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "thesis.txt").write_text("irreplaceable", encoding="utf-8")
    with pytest.raises(TargetRefused):
        build(OK, out, browser_assets=False)
    assert_refused(cli("--content", OK, "--out", out), "not empty", MARKER)
    assert (out / "thesis.txt").read_text(encoding="utf-8") == "irreplaceable"
    assert sorted(p.name for p in out.iterdir()) == ["thesis.txt"]


def test_a_file_as_target_is_refused(tmp_path):
    target = tmp_path / "file.txt"
    target.write_text("x", encoding="utf-8")
    assert_refused(cli("--content", OK, "--out", target), "file")
    assert target.read_text(encoding="utf-8") == "x"


def test_the_content_folder_and_what_contains_it_are_refused(tmp_path):
    content = tmp_path / "project" / "content"
    content.mkdir(parents=True)
    (content / "index.md").write_text((OK / "index.md").read_text(encoding="utf-8"), encoding="utf-8")
    for out in (content, content.parent, content / "sub"):
        assert_refused(cli("--content", content, "--out", out), "content folder")
    assert (content / "index.md").is_file()


def test_the_current_directory_and_its_parents_are_refused(tmp_path):
    here = tmp_path / "work"
    here.mkdir()
    (here / "notes.txt").write_text("keep", encoding="utf-8")
    for out in (".", ".."):
        assert_refused(cli("--content", OK, "--out", out, cwd=here), "current directory")
    assert (here / "notes.txt").read_text(encoding="utf-8") == "keep"


def test_the_project_root_is_refused_from_anywhere(tmp_path):
    assert_refused(cli("--content", OK, "--out", ROOT, cwd=tmp_path), "project root")
    assert_refused(cli("--content", OK, "--out", ROOT.parent, cwd=tmp_path), "project root")
    assert (ROOT / ".git").exists()


def test_the_real_content_folder_is_refused_by_default_content(tmp_path):
    assert_refused(cli("--out", "content"), "content folder")
    assert_refused(cli("--out", "."), "current directory")
    assert (ROOT / "content" / "index.md").is_file()
