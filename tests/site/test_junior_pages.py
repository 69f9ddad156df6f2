"""The « 6 qui prend Junior » blocks (site_builder/blocks/junior.py) and the pages of content/junior/.

Blocks are rendered through the block registry, as markdown_ext hands them over: body lines, the
fence's file line, the page and a `fail(line, message)` that records author errors.
"""

from __future__ import annotations

import html
import json
import re

import pytest

from game.junior.draw import legend_svg, step_html
from game import web
from game.junior.variant import replay
from site_builder import blocks
from site_builder.blocks import junior as jb

from site_helpers import CONTENT

JUNIOR = CONTENT / "junior"
FENCE = re.compile(r"^```(junior-[\w-]+)[ \t]*$")

OLIVIER = """\
id: olivier
niveau: base
joueurs: Olivier, Emma
rangée 1: Afrique, Inde
rangée 2: Amérique + Écosse, Allemagne
rangée 3: Japon, Afrique + Allemagne
rangée 4: Amérique du Nord
pioche: Écosse, Japon
coup: Olivier rangée 1
attendu rangée 1: Afrique, Inde, Écosse
attendu albums: Olivier 0, Emma 0
titre: Exemple : Olivier pose sa vache d’Écosse"""


def render(lang, text, line=10):
    errors = []
    markup = blocks.handler(lang)(text.split("\n") if text else [], line, JUNIOR / "x.md",
                                  lambda number, message: errors.append((number, message)))
    return markup, errors


def blocks_of(path):
    """(lang, fence line, body lines) of every Junior block of a content page."""
    lines = path.read_text(encoding="utf-8").split("\n")
    out, index = [], 0
    while index < len(lines):
        match = FENCE.match(lines[index])
        if match:
            end = next(k for k in range(index + 1, len(lines)) if lines[k].strip() == "```")
            out.append((match[1], index + 1, lines[index + 1:end]))
            index = end
        index += 1
    return out


def scenario_of(markup):
    return json.loads(html.unescape(re.search(r'data-scenario="([^"]*)"', markup)[1]))


# ---------------------------------------------------------------- the pages of content/junior

PAGES = ["index.md", "base.md", "avance.md", "expert.md"]


@pytest.mark.parametrize("name", PAGES)
def test_every_junior_block_of_the_pages_renders_without_error(name):
    found = blocks_of(JUNIOR / name)
    assert found, f"{name} has no Junior block"
    for lang, line, body in found:
        errors = []
        markup = blocks.handler(lang)(body, line, JUNIOR / name,
                                      lambda n, m: errors.append(f"{name}:{n}: {m}"))
        assert errors == [] and markup, errors


@pytest.mark.parametrize("name", PAGES)
def test_front_matter_puts_each_page_in_the_junior_section(name):
    head = (JUNIOR / name).read_text(encoding="utf-8").split("---")[1]
    keys = dict(line.split(":", 1) for line in head.strip().split("\n"))
    assert set(keys) == {"title", "description", "section", "order"}
    assert keys["section"].strip() == "junior"


def test_each_level_page_holds_a_replayable_example_and_where_a_card_may_go():
    for name in ("base.md", "avance.md", "expert.md"):
        langs = [lang for lang, _, _ in blocks_of(JUNIOR / name)]
        assert jb.EXAMPLE in langs, name
        if name != "avance.md":  # avancé places cards by the base rules, shown on base.md
            assert jb.WHERE in langs, name
    index = [lang for lang, _, _ in blocks_of(JUNIOR / "index.md")]
    assert index == [jb.LEGEND, jb.COMPOSITION]
    assert "composition proposée" in (JUNIOR / "index.md").read_text(encoding="utf-8")


def test_example_ids_are_unique_across_the_junior_pages():
    ids = [next(l.split(":", 1)[1].strip() for l in body if l.startswith("id:"))
           for name in PAGES for lang, _, body in blocks_of(JUNIOR / name) if lang == jb.EXAMPLE]
    assert len(ids) == len(set(ids)) >= 5


def test_the_seed_situations_of_olivier_and_emma_are_on_the_base_page():
    found = {body[0]: (line, body) for lang, line, body in blocks_of(JUNIOR / "base.md")
             if lang == jb.EXAMPLE}
    olivier = scenario_of(jb.render_example(found["id: olivier"][1], 1, JUNIOR, pytest.fail))
    steps = replay(olivier)
    assert steps[1]["choice"]["options"] == [0, 2, 3]  # not row 2: it already has Écosse
    assert steps[1]["choice"]["chosen"] == 0
    emma = scenario_of(jb.render_example(found["id: emma"][1], 1, JUNIOR, pytest.fail))
    steps = replay(emma)
    assert steps[1]["kind"] == "complete" and steps[1]["rows"][1] == []
    assert steps[-1]["albums"]["Emma"] == 4


# ---------------------------------------------------------------- junior-exemple: markup

def test_example_markup_follows_the_example_contract_with_the_junior_engine():
    markup, errors = render(jb.EXAMPLE, OLIVIER)
    assert errors == []
    opening = markup.split(">", 1)[0]
    assert opening.startswith('<section class="exemple" data-variant="junior" ')
    assert 'id="exemple-junior-olivier"' in opening
    assert 'data-exemple="junior-olivier"' in opening
    scenario = scenario_of(markup)
    assert scenario["level"] == "base" and scenario["players"] == ["Olivier", "Emma"]
    assert scenario["rows"] == [["A", "C"], ["EF", "B"], ["D", "AB"], ["E"]]
    assert scenario["moves"] == [{"player": "Olivier", "row": 0}]
    steps = replay(scenario)
    items = re.findall(r'<li class="etape" id="([^"]+)" data-step="(\d+)" data-kind="(\w+)" '
                       r'data-etiquette="([^"]*)">(.*?)</li>', markup, re.S)
    assert [(i, int(n), k, label) for i, n, k, label, _ in items] == [
        (f"exemple-junior-olivier-etape-{s['n']}", s["n"], s["kind"],
         "Étape 0 · au départ" if s["kind"] == "start" else f"Étape {s['n']}" if s["kind"] == "place"
         else f"Étape {s['n']} · à la fin") for s in steps]
    # each step as the engine draws it for the browser player too, a placed card with its box
    assert [inner for *_, inner in items] == [s["html"] for s in web.steps_for(scenario)]
    assert all(inner.startswith(step_html(s)) for (*_, inner), s in zip(items, steps))
    assert ['class="joueur-decision"' in inner for *_, inner in items] == [
        s.get("choice") is not None for s in steps] == [False, True, False]
    assert "<ol class=\"etapes\">" in markup


def test_hands_moves_goal_and_winners_are_read():
    text = """\
id: 7
niveau: avance
objectif: le moins de cartes
joueurs: Léa, Hugo
rangée 1: Afrique, Allemagne, Japon, Amérique, Écosse
main Léa: Inde
main Hugo: Écosse
coup: Léa Inde rangée 1
coup: Hugo Écosse rangée 2
attendu rangée 1: vide
attendu rangée 2: Écosse
attendu albums: Léa 6, Hugo 0
attendu gagnants: Hugo"""
    markup, errors = render(jb.EXAMPLE, text)
    assert errors == []
    scenario = scenario_of(markup)
    assert scenario["goal"] == "fewest" and scenario["hands"] == {"Léa": ["C"], "Hugo": ["F"]}
    assert scenario["moves"][0] == {"player": "Léa", "card": "C", "row": 0}
    assert scenario["rows"][1:] == [[], [], []]
    assert 'aria-label="Exemple 7"' in markup
    markup, errors = render(jb.EXAMPLE, text.replace("id: 7", "id: 7\ntitre: L'exemple : Léa"))
    assert 'aria-label="L’exemple\u00a0: Léa"' in markup  # raw HTML gets its typography here


# ---------------------------------------------------------------- junior-exemple: author errors

@pytest.mark.parametrize("line, replacement, at, words", [
    ("rangée 2: Amérique + Écosse, Allemagne", "rangée 2: Amérique + Licorne", 15, "'Licorne' is not a cow"),
    ("rangée 2: Amérique + Écosse, Allemagne", "rangée 5: Allemagne", 15, "between 1 and 4"),
    ("rangée 2: Amérique + Écosse, Allemagne", "rangée 2: Afrique + Inde", 15, "no Junior card"),
    ("niveau: base", "niveau: facile", 12, "unknown level"),
    ("coup: Olivier rangée 1", "coup: Paul rangée 1", 19, "player's name"),
    ("coup: Olivier rangée 1", "coup: Olivier", 19, "'coup:' must read"),
    ("pioche: Écosse, Japon", "pile: Écosse", 18, "unknown line"),
    ("id: olivier", "id: Olivier 2", 11, "example id"),
    ("id: olivier", "", 10, "missing 'id:'"),
])
def test_bad_syntax_fails_at_its_line(line, replacement, at, words):
    markup, errors = render(jb.EXAMPLE, OLIVIER.replace(line, replacement))
    assert markup is None
    assert any(number == at and words in message for number, message in errors), errors


@pytest.mark.parametrize("line, replacement, at, words", [
    ("attendu rangée 1: Afrique, Inde, Écosse", "attendu rangée 1: Afrique, Inde", 20,
     "expected Afrique, Inde, the engine got Afrique, Inde, Écosse"),
    ("attendu albums: Olivier 0, Emma 0", "attendu albums: Olivier 2", 21,
     "expected Olivier 2, the engine got Olivier 0"),
    ("attendu albums: Olivier 0, Emma 0", "attendu gagnants: Olivier", 21, "not over"),
])
def test_engine_disagreement_fails_at_the_expected_line(line, replacement, at, words):
    markup, errors = render(jb.EXAMPLE, OLIVIER.replace(line, replacement))
    assert markup is None
    assert errors == [(at, errors[0][1])] and words in errors[0][1], errors


def test_an_illegal_move_fails_at_its_coup_line_with_the_engines_refusal():
    markup, errors = render(jb.EXAMPLE, OLIVIER.replace("coup: Olivier rangée 1", "coup: Olivier rangée 2"))
    assert markup is None
    [(number, message)] = errors
    assert number == 19
    assert "the engine refuses it" in message
    assert "adds no new cow to row 1: it must go to row(s)" in message


def test_a_missing_card_from_a_hand_is_an_engine_refusal_at_the_move():
    text = """\
id: x
niveau: expert
joueurs: A, B
rangée 1: Afrique
rangée 2: Inde
rangée 3: Japon
rangée 4: Écosse
main A: Afrique, Inde
main B: Japon
coup: A Écosse rangée 4"""
    markup, errors = render(jb.EXAMPLE, text, line=1)
    assert markup is None
    assert errors[0][0] == 11 and "has no card 'F'" in errors[0][1]


# ---------------------------------------------------------------- junior-ou

WHERE = """\
niveau: expert
rangée 1: Inde, Afrique + Allemagne + Inde, Afrique
rangée 2: Inde + Japon
rangée 3: Afrique, Écosse + Afrique, Écosse
rangée 4: Allemagne
carte: Afrique + Allemagne
attendu: rangées 1 et 4"""
BASE_WHERE = """\
niveau: base
rangée 1: Allemagne, Afrique
rangée 2: Afrique + Inde + Amérique
rangée 3: Afrique, Écosse
rangée 4: Afrique + Allemagne
carte: Afrique
attendu: rangées 1, 2, 3 et 4"""


def test_where_block_draws_the_allowed_rows_and_says_why():
    markup, errors = render(jb.WHERE, WHERE)
    assert errors == []
    assert markup.startswith('<figure class="jr-ou">')
    options = re.findall(r'<g class="jr-row[^"]*jr-option[^"]*" data-row="(\d)"', markup)
    assert options == ["0", "3"]
    assert markup.count('class="jr-slot"') == 2
    caption = re.search(r"<figcaption>(.*)</figcaption>", markup)[1]
    assert caption == ("La carte Afrique et Allemagne peut aller dans la première ou la quatrième "
                       "rangée\u00a0: la dernière carte de ces rangées a une vache en commun avec elle.")


def test_where_block_any_row_at_base_and_none_in_expert():
    markup, errors = render(jb.WHERE, BASE_WHERE)
    assert errors == [] and "n’importe laquelle" in markup
    stuck = WHERE.replace("carte: Afrique + Allemagne", "carte: Japon").replace(
        "rangée 2: Inde + Japon", "rangée 2: Inde").replace("attendu: rangées 1 et 4", "attendu: aucune")
    markup, errors = render(jb.WHERE, stuck)
    assert errors == [] and 'class="jr-slot"' not in markup
    # RULES §4: this card alone does not make its player take a row; a card of the hand may fit
    assert "ne peut aller nulle part" in markup and "sinon, il ramasse une rangée" in markup


def test_where_block_disagreeing_with_the_engine_fails_at_attendu():
    markup, errors = render(jb.WHERE, WHERE.replace("rangées 1 et 4", "rangées 1, 3 et 4"))
    assert markup is None
    assert errors == [(17, "attendu: expected rows 1, 3, 4, the engine allows 1, 4")]


def test_where_block_refuses_an_expert_row_no_game_can_lay():
    """« Japon, Afrique » in expert: the Afrique card shares no cow with the Japon before it."""
    markup, errors = render(jb.WHERE, WHERE.replace("rangée 2: Inde + Japon", "rangée 2: Japon, Afrique"))
    assert markup is None
    assert len(errors) == 1 and "rows[1]" in errors[0][1] and "shares no cow" in errors[0][1]


def test_where_block_needs_a_card_and_an_expectation():
    markup, errors = render(jb.WHERE, "niveau: base\nrangée 1: Afrique")
    assert markup is None
    assert sorted(m for _, m in errors) == ["missing 'attendu:' line", "missing 'carte:' line"]
    markup, errors = render(jb.WHERE, WHERE.replace("attendu: rangées 1 et 4", "attendu: partout"))
    assert markup is None and errors[0][0] == 17


# ---------------------------------------------------------------- legend and composition

def test_legend_and_composition_are_drawn_by_the_engine():
    markup, errors = render(jb.LEGEND, "")
    assert errors == [] and legend_svg() in markup
    markup, errors = render(jb.COMPOSITION, "")
    assert errors == [] and markup.startswith('<table class="jr-composition">')
    assert markup.count("<tr>") == 1 + 6 + 6 + 4 + 1  # header, singles, pairs, triples, total
    markup, errors = render(jb.LEGEND, "Afrique")
    assert markup is None and errors == [(10, "a 'junior-legende' block must be empty: the engine draws it")]



# ---------------------------------------------------------------- the built pages

def test_built_junior_pages_hold_the_examples_and_load_the_player(built_site):
    """Needs markdown_ext to hand the junior-* blocks to the registry's Junior handlers."""
    ids = []
    for name in ("base", "avance", "expert"):
        text = (built_site / "junior" / name / "index.html").read_text(encoding="utf-8")
        assert "```" not in text and "junior-exemple" not in text, f"{name}: a block was not rendered"
        found = re.findall(r'<section class="exemple" data-variant="junior" id="(exemple-junior-[\w-]+)"', text)
        assert found, name
        ids += found
        assert 'src="../../js/player.js"' in text
        assert 'class="jr-ou"' in text or name == "avance"
    assert {"exemple-junior-olivier", "exemple-junior-emma"} <= set(ids)
    index = (built_site / "junior" / "index.html").read_text(encoding="utf-8")
    assert 'class="jr-legende"' in index and 'class="jr-composition"' in index
