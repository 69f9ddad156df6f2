"""`python -m site_builder build|serve`'s arguments: one `error: …` line and exit 2 before anything
is written, or a valid site (issue 12).

Most tests call `site_builder.__main__.main(argv)` in-process (fast); one runs a real process.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from cli_output import assert_one_error_line
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis_budget import scaled

from site_builder.__main__ import main
from site_builder.target import MARKER

from site_helpers import FIXTURES, ROOT

OK = FIXTURES / "ok"


def run(argv, capsys):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under folder with its bytes (a file: itself): to prove nothing was touched."""
    if folder.is_file():
        return {"": folder.read_bytes()}
    return {p.relative_to(folder).as_posix(): p.read_bytes() if p.is_file() else b"<dir>"
            for p in sorted(folder.rglob("*"))} if folder.exists() else {}


@pytest.fixture
def earlier_build(tmp_path) -> Path:
    out = tmp_path / "site"
    assert main(["build", "--pages-only", "--content", str(OK), "--out", str(out)]) == 0
    return out


@pytest.mark.parametrize("argv, words", [
    ([], ["required: command"]),
    (["bild"], ["invalid choice: 'bild'"]),
    (["build", "--pages-onyl"], ["unrecognized arguments: --pages-onyl"]),
    (["build", "--out"], ["argument --out: expected one argument"]),
    (["serve", "--port", "70000"], ["argument --port: invalid port value: '70000'"]),
    (["serve", "--port", "x"], ["argument --port"]),
])
def test_an_argument_mistake_is_one_error_line_not_the_usage(argv, words, capsys):
    assert_one_error_line(*run(argv, capsys), *words)


def test_help_still_prints_the_usage(capsys):
    code, out, err = run(["build", "--help"], capsys)
    assert code == 0 and out.startswith("usage: python -m site_builder build") and "--pages-only" in out


def test_a_typo_in_content_keeps_the_earlier_build(earlier_build, tmp_path, capsys):
    # Issue 12: this exited 0 and replaced the site with 6 files and no pages.
    before = tree(earlier_build)
    result = run(["build", "--pages-only", "--content", tmp_path / "typo", "--out", earlier_build], capsys)
    assert_one_error_line(*result, "typo: no such folder")
    assert tree(earlier_build) == before


def test_a_file_or_a_folder_without_a_home_page_is_no_content_folder(earlier_build, tmp_path, capsys):
    before = tree(earlier_build)
    notes = tmp_path / "notes.md"
    notes.write_text("# Notes\n", encoding="utf-8")
    assert_one_error_line(*run(["build", "--pages-only", "--content", notes, "--out", earlier_build],
                               capsys), "a file, not the content folder")
    (tmp_path / "pages").mkdir()
    shutil.copy(OK / "exemples" / "exemple-1.md", tmp_path / "pages" / "exemple-1.md")
    assert_one_error_line(*run(["build", "--pages-only", "--content", tmp_path / "pages",
                                "--out", earlier_build], capsys), "no index.md")
    assert tree(earlier_build) == before


def test_serve_refuses_a_bad_content_folder_before_serving(tmp_path, capsys, monkeypatch):
    def serve(**options):
        raise AssertionError("serve started with a content folder that does not exist")
    monkeypatch.setattr("site_builder.commands.serve.serve", serve)
    assert_one_error_line(*run(["serve", "--content", tmp_path / "typo", "--out", tmp_path / "o"],
                               capsys), "no such folder")


def test_an_out_folder_under_a_file_is_refused(tmp_path, capsys):
    notes = tmp_path / "notes.txt"
    notes.write_text("x", encoding="utf-8")
    result = run(["build", "--pages-only", "--content", OK, "--out", notes / "site"], capsys)
    assert_one_error_line(*result, "notes.txt is a file, not a folder")
    assert notes.read_text(encoding="utf-8") == "x"


@pytest.mark.parametrize("option, value", [
    ("--base-url", ""), ("--base-url", "../depot/"), ("--base-url", "/a b/"), ("--base-url", "//evil.org/"),
    ("--base-url", '/a"b/'), ("--base-url", "/depot/./x/"), ("--base-url", "javascript:alert(1)"),
    ("--base-url", "/%zz/"), ("--site-url", "javascript:alert(1)"), ("--site-url", "exemple.org/depot/"),
    ("--site-url", "https://"), ("--site-url", "https://exemple.org/depot/?page=1"),
    ("--site-url", "https://user@exemple.org/"), ("--site-url", "https://ex ample.org/"),
    ("--site-url", "https://exemple.org:99999/"), ("--site-url", "ftp://exemple.org/"),
])
def test_a_base_or_site_url_that_is_no_url_path_is_refused(option, value, tmp_path, capsys):
    result = run(["build", "--pages-only", "--content", OK, "--out", tmp_path / "out", option, value], capsys)
    assert_one_error_line(*result, option)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("base, site", [("/depot/", "https://exemple.org/depot/"), ("depot", None),
                                        ("/", "http://localhost:8000/"), ("/my.repo_2/", None),
                                        ("/caf%C3%A9/", "https://xn--caf-dma.exemple/")])
def test_real_base_and_site_urls_are_accepted(base, site, tmp_path, capsys):
    argv = ["build", "--pages-only", "--content", OK, "--out", tmp_path / "out", "--base-url", base]
    code, out, err = run(argv + (["--site-url", site] if site else []), capsys)
    assert code == 0 and out == "" and err.startswith("built "), err


# --- generated bad (and good) --content, --out, --base-url and --site-url -------------------------

CONTENTS = ["ok", "missing", "file", "empty", "readme only", "weird «é» ;$ name"]
OUTS = ["new", "nested new", "earlier build", "empty", "someone's files", "file", "under a file",
        "content", "inside content", "holds content", "site «é» ;$"]
BASE_URLS = [None, "/depot/", "depot", "/", "", "../x", "/a b/", "//evil.org/", "javascript:alert(1)",
             '/a"b/', "/%zz/", "/caf%C3%A9/", "/a/./b/", "/ü/", "/" + "x" * 5000 + "/", "/a/b/"]
SITE_URLS = [None, "https://exemple.org/depot/", "http://localhost:8000/", "javascript:x", "https://",
             "ftp://x/", "https://a b/", "https://ex.org/?q", "//ex.org/", "https://ex.org/" + "y" * 3000]


def make_content(base: Path, kind: str) -> Path:
    folder = base / ("content" if kind != "weird «é» ;$ name" else kind)
    if kind in ("ok", "weird «é» ;$ name"):
        shutil.copytree(OK, folder)
    elif kind == "file":
        folder.write_text("---\ntitle: x\n---\n", encoding="utf-8")
    elif kind in ("empty", "readme only"):
        folder.mkdir()
        if kind == "readme only":
            (folder / "README.md").write_text("# Contenu\n", encoding="utf-8")
    return folder


def make_out(base: Path, kind: str, content: Path) -> Path:
    if kind == "content":
        return content
    if kind == "inside content":
        return content / "site"
    if kind == "holds content":
        return base
    out = base / {"nested new": "a/b/site", "site «é» ;$": kind}.get(kind, "site")
    if kind == "earlier build":
        assert main(["build", "--pages-only", "--content", str(OK), "--out", str(out)]) == 0
    elif kind == "empty":
        out.mkdir()
    elif kind == "someone's files":
        out.mkdir()
        (out / "thesis.txt").write_text("irreplaceable", encoding="utf-8")
    elif kind in ("file", "under a file"):
        (base / "site").write_text("a file", encoding="utf-8")
        out = base / "site" / ("sub" if kind == "under a file" else "")
    return out


@settings(parent=scaled(0.5), suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                     HealthCheck.too_slow], deadline=None)
@given(content_kind=st.sampled_from(CONTENTS), out_kind=st.sampled_from(OUTS),
       base_url=st.sampled_from(BASE_URLS), site_url=st.sampled_from(SITE_URLS))
def test_build_writes_a_site_or_refuses_in_one_line_touching_nothing(content_kind, out_kind, base_url,
                                                                      site_url, capsys):
    with tempfile.TemporaryDirectory() as temp:
        base = Path(temp)
        content = make_content(base, content_kind)
        out = make_out(base, out_kind, content)
        capsys.readouterr()
        before, sources = tree(base), tree(content)
        argv = ["build", "--pages-only", "--content", content, "--out", out]
        argv += ["--base-url", base_url] if base_url is not None else []
        argv += ["--site-url", site_url] if site_url is not None else []
        code, stdout, stderr = run(argv, capsys)
        event(f"exit {code}")
        if code == 2:
            assert_one_error_line(code, stdout, stderr)
            assert tree(base) == before, "a refused build changed files"
            return
        assert code == 0 and stdout == "" and stderr.startswith("built ") and stderr.count("\n") == 1
        assert (out / MARKER).is_file() and (out / "index.html").is_file()
        assert tree(content) == sources
        not_found = (out / "404.html").read_text(encoding="utf-8")
        if base_url:
            prefix = "/" + base_url.strip("/") + "/" if base_url.strip("/") else "/"
            assert f'href="{prefix}site.css"' in not_found
        assert (out / "sitemap.xml").is_file() == (site_url is not None)


def test_a_real_process_keeps_the_earlier_build_on_a_content_typo(earlier_build, tmp_path):
    before = tree(earlier_build)
    done = subprocess.run([sys.executable, "-m", "site_builder", "build", "--pages-only",
                           "--content", str(tmp_path / "typo"), "--out", str(earlier_build)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"error: --content {tmp_path / 'typo'}: no such folder\n"
    assert tree(earlier_build) == before
