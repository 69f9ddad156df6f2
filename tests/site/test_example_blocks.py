"""Example blocks: the syntax of content/README.md, turned into engine scenarios."""

from __future__ import annotations

import pytest

from site_builder.blocks import classic, tables
from site_builder.markdown_ext import FENCE_RE

from site_helpers import CONTENT, collector


def _parse(text: str, problems=None):
    problems, fail = collector()
    return classic.parse_example(text.strip("\n").split("\n"), 10, fail), problems


def test_rows_are_counted_from_1_for_readers_and_from_0_for_the_engine():
    example, problems = _parse("""
id: 6-corrige
rangée 1: 30
rangee 2: 36 38 39 41 43
rangée 3: 56
rangée 4: 63
tour: Joueur B 12, Alice 55
choix: Joueur B rangée 1
titre: Exemple : essai
""")
    assert problems == []
    assert example.id == "6-corrige"
    assert example.scenario() == {
        "rows": [[30], [36, 38, 39, 41, 43], [56], [63]],
        "turns": [{"plays": {"Joueur B": 12, "Alice": 55}, "choices": {"Joueur B": 0}}],
    }


def test_each_bad_line_is_named_with_its_file_line():
    example, problems = _parse("""
id: Trois
rangée 1: 30 20
choix: Alice rangée 1
tour: Alice 105
attendu rangée 9: 1
""")
    assert example is None
    assert [(p.line, p.message.split(" ")[0]) for p in problems] == [
        (11, "example"), (12, "row"), (13, "'choix:'"), (14, "card"), (14, "'tour:'"), (15, "row"),
    ]


def test_choice_must_name_a_player_of_the_turn_above():
    _, problems = _parse("id: 1\nrangée 1: 5\ntour: Alice 3\nchoix: Bruno rangée 1\n")
    assert [str(p) for p in problems] == ["x.md:14: Bruno does not play in the turn above"]


def _readme_blocks(lang: str):
    lines = (CONTENT / "README.md").read_text(encoding="utf-8").split("\n")
    for index, line in enumerate(lines):
        match = FENCE_RE.match(line)
        if match and match["lang"] == lang and len(match["fence"]) == 3:
            end = next(i for i in range(index + 1, len(lines)) if lines[i].strip() == match["fence"])
            yield index + 1, lines[index + 1:end]


def test_the_readme_example_is_true_for_the_engine():
    """content/README.md documents the syntax: its own example must build."""
    [(line, body)] = list(_readme_blocks("exemple"))
    problems, fail = collector(CONTENT / "README.md")
    example = classic.parse_example(body, line, fail)
    steps = classic.replay_example(example, fail)
    classic.check_expected(example, steps, fail)
    assert problems == []
    assert steps[-1]["penalties"] == {"Alice": 5}


def test_the_readme_rows_block_parses():
    [(line, body)] = list(_readme_blocks("rangees"))
    assert tables.parse_rows(body, line, pytest.fail) == [
        [12, 13, 14], [28], [39, 40], [44]]


def test_heads_table_counts_the_171_heads():
    html = tables.heads_table_html()
    assert html.count('data-card="') == 104
    assert "<td>104</td><td>171</td>" in html


def _build(text: str):
    problems, fail = collector()
    example = classic.parse_example(text.strip("\n").split("\n"), 10, fail)
    assert example is not None, [str(p) for p in problems]
    steps = classic.replay_example(example, fail)
    assert steps is not None, [str(p) for p in problems]
    classic.check_expected(example, steps, fail)
    return example, steps, [str(p) for p in problems]


def test_special_card_lines_become_engine_moves_and_are_checked():
    example, steps, problems = _build("""
id: stop
rangée 1: 12
rangée 2: 28
rangée 3: 39
rangée 4: 44
tour: Alice 40, Bruno 30
spéciale: Alice stop rangée 3
attendu rangée 2: 28 30 40
attendu stops: rangée 3
attendu marqueurs: aucune
titre: Exemple : essai
""")
    assert problems == []
    assert example.turns[0]["specials"] == {"Alice": {"card": "stop", "row": 2}}
    assert 'class="carte-speciale"' in classic.example_html(example, steps)


def test_glisser_names_the_card_by_its_value():
    example, _steps, problems = _build("""
id: glisse
rangée 1: 12 27
rangée 2: 28
rangée 3: 39
rangée 4: 44
tour: Alice 45
spéciale: Alice glisser 27 vers rangée 3 position 1
attendu rangée 1: 12
attendu rangée 3: 27 39
titre: Exemple : essai
""")
    assert problems == []
    assert example.turns[0]["specials"]["Alice"] == {
        "card": "glisser", "from_row": 0, "from_index": 1, "to_row": 2, "to_index": 0}


def test_wrong_special_expectations_and_lines_name_their_line():
    _example, _steps, problems = _build("""
id: sept
rangée 1: 12
rangée 2: 28
rangée 3: 39
rangée 4: 44
tour: Alice 13, Bruno 14
spéciale: Alice 7 qui prend
attendu marqueurs: rangée 1
attendu pénalités: Bruno 2, Alice -1
titre: Exemple : essai
""")
    assert problems == [
        "x.md:18: attendu marqueurs: expected rows [1], the engine got none",
        "x.md:19: attendu pénalités: expected Alice -1, the engine got Alice 0",
    ]
    _, parse_problems = _parse("id: 1\nrangée 1: 5\ntour: Alice 7\nspéciale: Alice insérer rangée 1\n"
                               "spéciale: Bruno stop rangée 1\n")
    assert [str(p) for p in parse_problems] == [
        "x.md:14: 'spéciale: Alice insérer' must read 'Alice insérer rangée R position P'",
        "x.md:15: Bruno does not play in the turn above",
    ]
