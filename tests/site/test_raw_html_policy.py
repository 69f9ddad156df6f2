"""Raw HTML in Markdown: nothing that runs, embeds or redirects is published (issue 12)."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest

from site_builder import html_policy
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
    # issue 12, second audit: what the first policy let through
    ('<svg><a xlink:href="javascript:go()"><text>x</text></a></svg>\n', "javascript: URL"),
    ('<a href="java\nscript:go()">Lien</a>\n', "javascript: URL"),   # browsers drop the line break
    ('<a href="java&#x09;script:go()">Lien</a>\n', "javascript: URL"),
    ('<a href="java&NewLine;script:go()">Lien</a>\n', "javascript: URL"),
    ('<a href=" &#106;aVaScRiPt:go()">Lien</a>\n', "javascript: URL"),
    ('<a href="vbscript:msgbox(1)">Lien</a>\n', "javascript: URL"),
    ('<svg><animate attributeName="href" values="#a;javascript:go()"/></svg>\n', "javascript: URL"),
    ('<button formaction="https://exemple.org/collecte">Envoyer</button>\n', "sending to another site"),
    ('<input type="submit" formaction="//exemple.org/">\n', "sending to another site"),
    ('<link rel="stylesheet" href="https://exemple.org/x.css">\n', "raw <link>"),
    ('<frameset><frame src="https://exemple.org/"></frameset>\n', "raw <frameset>"),
    ('<frame src="page.html">\n', "raw <frame>"),
    ('<style>@import "https://exemple.org/x.css";</style>\n', "raw <style>"),
    ('<a href="data:text/html;base64,PHNjcmlwdD4=">Lien</a>\n', "data: URL"),
    ('<img src="data:image/svg+xml,&lt;svg/&gt;" alt="">\n', "data: URL"),
    ('<img src=" DATA:image/png;base64,AAAA" alt="">\n', "data: URL"),
    ('<img src="https://exemple.org/a.png" alt="">\n', "from another site"),
    ('<img srcset="a.png 1x, https://exemple.org/b.png 2x" alt="">\n', "from another site"),
    ('<video poster="//exemple.org/p.jpg"></video>\n', "from another site"),
    ('<a href="../regles.md" ping="https://exemple.org/p">x</a>\n', "from another site"),
    ('<svg><use href="https://exemple.org/s.svg#i"/></svg>\n', "from another site"),
    ('<span style="background: url(\'https://exemple.org/x.png\')">x</span>\n', "from another site"),
    ('<a href="ftp://exemple.org/f">Lien</a>\n', "unsupported scheme"),
    ('![Carte](https://exemple.org/c.png)\n', "from another site"),
    ('## Titre {: data-x="javascript:go()" }\n', "javascript: URL"),
    ('<img src="http://[x" alt="">\n', "not a valid address"),   # urlsplit raised: a traceback
    ('Un [lien](http://[x) cassé.\n', "not a valid address"),
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
    '<a href="https://exemple.org/">Un site</a> et <a href="mailto:a@exemple.org">un courriel</a>\n',
    '<blockquote cite="https://exemple.org/texte">Une citation.</blockquote>\n',
    '<p title="Le mot javascript seul n’est pas une adresse">x</p>\n',
    '<button type="submit">Envoyer</button> <button formaction="../resultat/">Ici</button>\n',
    '<span style="color: inherit">x</span>\n',
])
def test_harmless_html_and_code_are_accepted(tmp_path, body):
    assert problems(tmp_path, body) == []


def test_the_projects_own_blocks_and_pages_pass(tmp_path):
    """Examples, tables and the tool pages (which load their own module) follow the policy."""
    build(CONTENT, tmp_path / "out", browser_assets=False)
    assert (tmp_path / "out" / "outils" / "jouer" / "index.html").is_file()


def test_a_tab_typed_inside_a_scheme_is_published_as_spaces_no_browser_runs(tmp_path):
    """Python-Markdown turns tabs into spaces before anything else: `java<TAB>script:` reaches the
    page as `java   script:`, which a browser reads as a relative address (spaces are not
    dropped from a scheme, tabs are). If that ever changed, the policy must refuse it."""
    found = problems(tmp_path, '<a href="java\tscript:go()">Lien</a>\n')
    if found:
        assert any("javascript: URL" in p for p in found), found
        return
    page = (tmp_path / "out" / "regles" / "index.html").read_text(encoding="utf-8")
    [href] = re.findall(r'<a href="(java[^"]*)"', page)
    assert not html_policy.as_browser_reads(html.unescape(href)).startswith("javascript:"), href
