"""The fenced-block registry (site_builder/blocks) and its one line reader.

A new block language is one `blocks.register(lang, render)` call: markdown_ext knows no block
name. Every block reads its `key: value` lines with blocks/lines.py, so an unknown line, a line
given twice and a missing line read the same, `path:line: message`, classic or Junior.
"""

from __future__ import annotations

import html

import pytest

from site_builder import blocks
from site_builder.blocks.lines import LineReader, kind
from site_builder.commands.build import build
from site_builder.problems import AuthorErrors

PAGE = "---\ntitle: Essai\ndescription: Une page d’essai.\n---\n# Essai\n\n{body}\n"


def _write(tmp_path, body: str):
    source = tmp_path / "content"
    source.mkdir()
    (source / "index.md").write_text(PAGE.format(body=body), encoding="utf-8")
    return source


def _errors(tmp_path, body: str) -> list[str]:
    tmp_path.mkdir(exist_ok=True)
    with pytest.raises(AuthorErrors) as raised:
        build(_write(tmp_path, body), tmp_path / "_site", browser_assets=False)
    return [str(p).split("index.md:", 1)[1] for p in raised.value.problems]


@pytest.fixture
def toy(monkeypatch):
    """A toy block that shouts its body, or refuses an empty one at its fence (registered for
    one test only)."""
    def render(body, fence_line, path, fail):
        words = " ".join(line.strip() for line in body if line.strip())
        if not words:
            fail(fence_line, f"a toy block in {path.name} needs words")
            return None
        return f'<p class="toy" data-fence="{fence_line}">{html.escape(words.upper())}</p>'

    monkeypatch.setitem(blocks._handlers, "jouet", render)
    return render


def test_a_block_registered_by_one_call_renders_in_a_built_page(tmp_path, toy):
    source = _write(tmp_path, "```jouet\nbonjour <vache>\n```\n\n```python\njouet = 1\n```")
    build(source, tmp_path / "_site", browser_assets=False)
    page = (tmp_path / "_site" / "index.html").read_text(encoding="utf-8")
    assert '<p class="toy" data-fence="7">BONJOUR &lt;VACHE&gt;</p>' in page
    assert "jouet = 1" in page  # an unregistered language stays an ordinary code block


def test_a_registered_blocks_error_names_the_page_and_its_fence_line(tmp_path, toy):
    assert _errors(tmp_path, "Texte.\n\n```jouet\n```") == ["9: a toy block in index.md needs words"]


def test_without_its_registration_the_toy_block_is_plain_code(tmp_path):
    source = _write(tmp_path, "```jouet\nbonjour\n```")
    build(source, tmp_path / "_site", browser_assets=False)
    page = (tmp_path / "_site" / "index.html").read_text(encoding="utf-8")
    assert 'class="toy"' not in page and "bonjour" in page


def test_a_misspelt_junior_block_is_an_author_error_not_code(tmp_path):
    [message] = _errors(tmp_path, "```junior-exmple\nid: 1\n```")
    assert message.startswith("7: unknown block 'junior-exmple' (known: junior-composition, ")


# ---------------------------------------------------------------- the line reader

LINES = [kind("id", "id:", r"^id\s*:\s*(?P<value>.*)$", single=True, required=True),
         kind("row", "rangée R:", r"^rang[ée]e\s+(?P<row>\S+)\s*:\s*(?P<value>.*)$")]


def test_the_reader_keeps_file_lines_and_reports_the_three_shared_mistakes():
    errors = []
    reader = LineReader(["# a comment", "rangee 1: 5", "", "couleur: bleu", "rangée 2: 7"], 20,
                        lambda line, message: errors.append((line, message)), LINES, block="essai")
    assert [(line.kind, line.number, line.value) for line in reader.lines] == [
        ("row", 22, "5"), ("row", 25, "7")]
    assert errors == [(24, "unknown line 'couleur: bleu' in this 'essai' block (expected id:, rangée R:)"),
                      (20, "missing 'id:' line")]
    assert reader.errors == 2
    errors.clear()
    reader = LineReader(["id: 1", "id: 2"], 3, lambda *e: errors.append(e), LINES, block="essai")
    assert errors == [(5, "'id:' is given twice")] and reader.one("id").value == "1"


CLASSIC = ("exemple", ["rangée 1: 5", "rangée 2: 20", "rangée 3: 30", "rangée 4: 40", "tour: Alice 6"],
           "id:, titre:, rangée R:, tour:, choix:, spéciale:, attendu rangée R:, attendu pénalités:, "
           "attendu marqueurs:, attendu stops:")
JUNIOR = ("junior-exemple", ["niveau: base", "joueurs: A, B", "rangée 1: Afrique", "pioche: Inde",
                             "coup: A rangée 1"],
          "id:, titre:, niveau:, joueurs:, rangée R:, pioche:, main Nom:, objectif:, coup:, "
          "attendu rangée R:, attendu albums:, attendu gagnants:")


@pytest.mark.parametrize("lang, lines, expected", [CLASSIC, JUNIOR], ids=["exemple", "junior"])
def test_classic_and_junior_blocks_report_line_mistakes_alike(tmp_path, lang, lines, expected):
    def block(*extra):  # the fence is line 7 of the page; its lines follow
        return "\n".join([f"```{lang}", *lines, *extra, "```"])

    after = 8 + len(lines)
    assert _errors(tmp_path / "a", block("id: 7", "couleur: rouge", "id: 8")) == [
        f"{after + 1}: unknown line 'couleur: rouge' in this '{lang}' block (expected {expected})",
        f"{after + 2}: 'id:' is given twice"]
    assert _errors(tmp_path / "b", block()) == ["7: missing 'id:' line"]
