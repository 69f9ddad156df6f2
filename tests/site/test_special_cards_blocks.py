"""The special-cards page's own markup: the ```cartes-speciales block and the « Et sans la
carte spéciale ? » box that every example with special cards carries."""

from __future__ import annotations

import re

import pytest

from game.messages.specials import comparison_text
from game.specials.cards import KINDS
from game.specials.replay import compare
from site_builder.blocks import classic, tables
from site_builder.commands.build import build
from site_builder.problems import AuthorErrors

from site_helpers import collector


def _build(text: str):
    problems, fail = collector()
    example = classic.parse_example(text.strip("\n").split("\n"), 10, fail)
    steps = classic.replay_example(example, fail)
    assert problems == [], [str(p) for p in problems]
    return example, classic.example_html(example, steps)


def test_the_block_draws_the_seven_cards_in_the_engines_order():
    html = tables.special_cards_html()
    assert re.findall(r'data-special="(\w+)"', html) == list(KINDS)


def test_an_example_with_a_special_card_compares_with_and_without():
    example, html = _build("""
id: sept
rangée 1: 8
rangée 2: 23 24 25 26 27
rangée 3: 41
rangée 4: 67
tour: Alice 28, Bruno 30
spéciale: Alice 7 qui prend
titre: Exemple : essai
""")
    result = compare(example.scenario())
    assert (result["with"]["Alice"], result["without"]["Alice"]) == (0, 6)
    box = re.search(r'<aside class="[^"]*\bcomparaison\b[^"]*">(.*?)</aside>', html, re.S)
    assert box, html[-400:]
    changed = [p for p in ("Bruno",) if result["with"][p] != result["without"][p]]
    assert changed, "the example must change another player's score too"
    assert re.findall(r"<li>(.*?)</li>", box[1]) == [comparison_text("Alice", 0, 6)] + [
        comparison_text(p, result["with"][p], result["without"][p], ("Alice",)) for p in changed]
    assert "la carte spéciale d’Alice lui" in box[1]
    assert box.end() < html.index("</section>") and box.start() > html.index("</ol>")
    assert 'data-variant="speciales"' in html


def test_a_classic_example_has_no_comparison():
    _example, html = _build("id: 1\nrangée 1: 5\nrangée 2: 20\nrangée 3: 30\nrangée 4: 40\ntour: Alice 6\n")
    assert "comparaison" not in html and 'data-variant="classic"' in html


def test_the_page_shows_the_cards_and_one_comparison_per_example(built_site):
    html = (built_site / "variantes" / "cartes-speciales" / "index.html").read_text(encoding="utf-8")
    figure = re.search(r'<figure class="cartes-speciales">.*?</figure>', html, re.S)
    assert figure and len(re.findall(r'data-special="', figure[0])) == len(KINDS)
    # One example per kind, and one more: a card made too low by a Stop (issue 26).
    assert html.count('data-variant="speciales"') == html.count("comparaison\">") == len(KINDS) + 1


def test_a_cartes_speciales_block_with_a_body_is_an_author_error(tmp_path):
    source = tmp_path / "content"
    source.mkdir()
    (source / "index.md").write_text(
        "---\ntitle: Essai\ndescription: Essai.\n---\n# Essai\n\n```cartes-speciales\nstop\n```\n",
        encoding="utf-8")
    with pytest.raises(AuthorErrors) as raised:
        build(source, tmp_path / "_site", browser_assets=False)
    assert any(str(p).endswith("index.md:7: a 'cartes-speciales' block must be empty: the engine draws it")
               for p in raised.value.problems), [str(p) for p in raised.value.problems]
