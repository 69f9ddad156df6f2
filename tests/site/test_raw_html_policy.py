"""Raw HTML in Markdown: nothing that runs, embeds or redirects is published (issue 12)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from site_builder.commands.build import build
from site_builder.problems import AuthorErrors

from site_helpers import CONTENT, FIXTURES

FRONT = "---\ntitle: Règles\ndescription: Une page d’essai.\nsection: regles\n---\n"
INTRO = "Une ligne de texte.\n\n"   # the raw HTML below sits on line 8 of the file


def content(tmp_path: Path, body: str) -> Path:
    folder = tmp_path / "content"
    shutil.copytree(FIXTURES / "ok", folder)
    (folder / "regles.md").write_text(FRONT + INTRO + body, encoding="utf-8")
    return folder


def problems(tmp_path: Path, body: str) -> list[str]:
    try:
        build(content(tmp_path, body), tmp_path / "out", browser_assets=False)
    except AuthorErrors as errors:
        assert not (tmp_path / "out").exists()
        return [str(p).split("regles.md:", 1)[1] for p in errors.problems]
    return []


@pytest.mark.parametrize("body, words", [
    ("<script>alert(1)</script>\n", "raw <script>"),
    ('<script src="https://cdn.exemple.org/x.js"></script>\n', "raw <script>"),
    ('<script type="module" src="../../js/absent.js"></script>\n', "raw <script>"),
    ('<script type="module" src="../../js/jouer.js">alert(1)</script>\n', "must hold no code"),
    ('<iframe src="https://exemple.org"></iframe>\n', "raw <iframe>"),
    ('<object data="x.swf"></object>\n', "raw <object>"),
    ('<embed src="x.swf">\n', "raw <embed>"),
    ('<meta http-equiv="refresh" content="0; url=https://exemple.org/">\n', "raw <meta>"),
    ('Texte <META HTTP-EQUIV="Refresh" content="0"> en ligne.\n', "raw <meta>"),
    ('<base href="https://exemple.org/">\n', "raw <base>"),
    ('<form action="https://exemple.org/collecte"><input name="a"></form>\n', "another site"),
    ('<form action="//exemple.org/collecte"><input name="a"></form>\n', "another site"),
    ('<p onclick="go()">Cliquez</p>\n', "event-handler attribute onclick="),
    ('Un <span onmouseover="go()">mot</span> piégé.\n', "event-handler attribute onmouseover="),
    ('<img src="a.svg" alt="" onerror="go()">\n', "event-handler attribute onerror="),
    ('<a href="javascript:go()">Lien</a>\n', "javascript: URL"),
    ('## Titre {: onclick="go()" }\n', "event-handler attribute onclick="),
])
def test_forbidden_raw_html_is_an_author_error_at_its_line(tmp_path, body, words):
    found = problems(tmp_path, body)
    assert len(found) >= 1 and all(p.startswith("8: ") for p in found), found
    assert any(words in p for p in found), found


@pytest.mark.parametrize("body", [
    '<script type="module" src="../../js/jouer.js"></script>\n',   # the project's own module
    '<form action="../resultat/" class="outil"><input name="a"></form>\n',
    '<form><input name="a"></form>\n',
    "Écrivez `<script>` entre accents graves : c’est du code.\n",
    "```html\n<script>alert(1)</script>\n<meta http-equiv=\"refresh\">\n```\n",
    '<p class="note">Une <span title="clic">note</span>.</p>\n',
])
def test_harmless_html_and_code_are_accepted(tmp_path, body):
    assert problems(tmp_path, body) == []


def test_the_projects_own_blocks_and_pages_pass(tmp_path):
    """Examples, tables and the tool pages (which load their own module) follow the policy."""
    build(CONTENT, tmp_path / "out", browser_assets=False)
    assert (tmp_path / "out" / "outils" / "jouer" / "index.html").is_file()
