"""French typography: on prose text nodes, never inside code."""

from __future__ import annotations

from game.messages.typography import NBSP, NNBSP, french
from site_builder.markdown_ext import slugify


def test_straight_quotes_become_guillemets_with_non_breaking_spaces():
    assert french('il dit "rangée" ici') == f"il dit «{NBSP}rangée{NBSP}» ici"


def test_existing_guillemets_get_non_breaking_spaces():
    assert french("« mot »") == f"«{NBSP}mot{NBSP}»"
    assert french("«mot»") == f"«{NBSP}mot{NBSP}»"


def test_non_breaking_space_before_high_punctuation():
    assert french("Alors : non ; oui ! quoi ?") == (
        f"Alors{NBSP}: non{NNBSP}; oui{NNBSP}! quoi{NNBSP}?")
    assert french("Voir: ceci") == f"Voir{NBSP}: ceci"


def test_game_name_keeps_its_non_breaking_space():
    assert french("6 qui prend !") == f"6 qui prend{NNBSP}!"
    assert french("6 qui prend!") == f"6 qui prend{NNBSP}!"


def test_german_titles_keep_german_typography():
    assert french("« 6 nimmt! » et « 6 nimmt! 25 Jahre » : bravo !") == (
        f"«{NBSP}6 nimmt!{NBSP}» et «{NBSP}6 nimmt! 25 Jahre{NBSP}»{NBSP}: bravo{NNBSP}!")


def test_oe_ligature():
    assert french("une tête de boeuf, des Boeufs, le coeur") == "une tête de bœuf, des Bœufs, le cœur"


def test_apostrophe_and_ellipsis():
    assert french("l'exemple...") == "l\u2019exemple…"


def test_times_urls_and_numbers_are_left_alone():
    assert french("à 12:30, voir http://exemple.org") == "à 12:30, voir http://exemple.org"


def test_quote_after_an_inline_element_closes():
    assert french('" et', after_word=True) == f"{NBSP}» et"


def test_slugs_are_french_friendly():
    assert slugify("Fin de partie") == "fin-de-partie"
    assert slugify("Les têtes de bœuf : combien ?") == "les-tetes-de-boeuf-combien"
    assert slugify("À retenir") == "a-retenir"


def test_code_is_never_touched(tmp_path):
    from site_builder.content import read_page
    from site_builder.markdown_ext import Converter
    from pathlib import PurePosixPath

    source = tmp_path / "page.md"
    source.write_text('---\ntitle: T\ndescription: D\nsection: regles\n---\n'
                      'Le "boeuf" : `a : "b"` et\n\n```\nx : "y" boeuf\n```\n', encoding="utf-8")
    problems = []
    page = read_page(source, PurePosixPath("page.md"), problems)
    html = Converter().convert(page, problems).html
    assert problems == []
    assert f"Le «{NBSP}bœuf{NBSP}»{NBSP}: <code>a : \"b\"</code> et" in html
    assert "x : &quot;y&quot; boeuf" in html
