"""The worker protocol (game/web.py) in CPython: what the browser player receives."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from game import web
from game.classic.draw import step_html
from game.classic.replay import replay

EXAMPLE_3 = {"rows": [[11], [20], [33], [47]],
             "turns": [{"plays": {"Alice": 10}, "choices": {"Alice": 0}}]}
EXAMPLE_4 = {"rows": [[10], [26], [38], [44]],
             "turns": [{"plays": {"Alice": 15, "Bruno": 27, "Chloé": 35, "David": 50}}]}


def ask(**message):
    return json.loads(web.handle(json.dumps({"id": 7, **message})))


def decision_step(scenario):
    """The `n` of the first step where a player chooses a row (what `choose` names)."""
    return next(s["n"] for s in replay(scenario, draw=False) if s.get("choice"))


def final_rows(answer):
    return answer["steps"][-1]["rows"]


def test_replay_steps_carry_the_markup_the_build_draws():
    answer = ask(type="replay", scenario=EXAMPLE_4)
    assert answer["ok"] and answer["id"] == 7
    steps = replay(EXAMPLE_4)
    assert [s["html"] for s in answer["steps"]] == [step_html(s) for s in steps]   # no decision here
    assert [s["text"] for s in answer["steps"]] == [s["text"] for s in steps]
    assert final_rows(answer) == [[10, 15], [26, 27, 35], [38], [44, 50]]
    assert all("svg" not in s for s in answer["steps"])  # the html already holds it


def test_each_placement_says_where_its_card_went_for_the_quiz():
    targets = [s["target"] for s in ask(type="replay", scenario=EXAMPLE_4)["steps"] if s["target"]]
    assert [(t["card"], t["row"]) for t in targets] == [(15, 0), (27, 1), (35, 1), (50, 3)]
    assert not any(t["chosen"] for t in targets)


def test_a_choice_lists_the_final_cost_of_every_row():
    steps = ask(type="replay", scenario=EXAMPLE_3)["steps"]
    decision = next(s for s in steps if s.get("choice"))
    assert decision["choice"]["chosen"] == 0
    assert decision["choice"]["costs"] == {"0": 5, "1": 3, "2": 5, "3": 1}  # RULES §5, example 3
    assert decision["target"]["chosen"] is True


def buttons(html: str) -> list[tuple[str, str, str]]:
    """(row, aria-pressed, label) of each button of a step's decision box."""
    return [(r, pressed, unescape(label)) for r, pressed, label in re.findall(
        r'<button type="button" data-choix="(\d+)" aria-pressed="(true|false)">([^<]*)</button>', html)]


def test_a_decision_step_carries_its_box_with_every_row_and_its_total():
    """The player's row choice is the engine's markup, in the step itself (hidden until the
    player shows it): each row with its heads and the chooser's total, the row chosen pressed."""
    steps = ask(type="replay", scenario=EXAMPLE_3)["steps"]
    decision = next(s for s in steps if s.get("choice"))
    assert [s["n"] for s in steps if "joueur-decision" in s["html"]] == [decision["n"]]
    html = decision["html"]
    assert html.startswith(step_html(replay(EXAMPLE_3)[decision["n"]]))
    assert '<fieldset class="joueur-decision" hidden="" data-avant-script=""><legend>Décision d’Alice ' \
           '(carte 10)\u00a0: quelle rangée ramasser\u202f?</legend>' in html
    assert buttons(html) == [
        ("0", "true", "Rangée\u00a01\u00a0: 5\u00a0têtes de bœuf (total d’Alice à la fin du tour\u00a0: 5) — choix affiché"),
        ("1", "false", "Rangée\u00a02\u00a0: 3\u00a0têtes de bœuf (total d’Alice à la fin du tour\u00a0: 3)"),
        ("2", "false", "Rangée\u00a03\u00a0: 5\u00a0têtes de bœuf (total d’Alice à la fin du tour\u00a0: 5)"),
        ("3", "false", "Rangée\u00a04\u00a0: 1\u00a0tête de bœuf (total d’Alice à la fin du tour\u00a0: 1)")]


def test_a_choice_still_to_make_has_no_row_pressed():
    answer = ask(type="what_if", scenario=EXAMPLE_4, rows=["10", "26", "38", "44"],
                 plays=[{"Alice": "5", "Bruno": "27", "Chloé": "35", "David": "50"}])
    last = answer["steps"][-1]
    assert last["choice"]["chosen"] is None
    assert [pressed for _, pressed, _ in buttons(last["html"])] == ["false"] * 4
    assert "choix affiché" not in last["html"]


def test_choose_replays_with_the_readers_row():
    answer = ask(type="choose", scenario=EXAMPLE_3, step=decision_step(EXAMPLE_3), row=3)
    assert answer["ok"]
    assert answer["scenario"]["turns"][0]["choices"] == {"Alice": 3}
    assert answer["steps"][-1]["penalties"] == {"Alice": 1}
    assert final_rows(answer) == [[11], [20], [33], [10]]
    assert EXAMPLE_3["turns"][0]["choices"] == {"Alice": 0}  # the example itself is untouched


def test_a_changed_example_comes_with_each_steps_explorer_link():
    """The player links each step of a changed example to the explorer from the answer itself."""
    from game.explore.codec import link_at

    chosen = ask(type="choose", scenario=EXAMPLE_3, step=decision_step(EXAMPLE_3), row=3)
    edited = what_if(["10", "26", "38", "44"], [{"Alice": "51", "Bruno": "27", "Chloé": "35", "David": "50"}])
    for answer in (chosen, edited):
        assert answer["links"] == [link_at(answer["scenario"], s["n"]) for s in answer["steps"]]
        assert answer["links"][0]["fragment"] and answer["links"][-1] is None   # the end: no card left


def test_a_special_example_changed_by_a_row_choice_retells_its_comparison():
    """« Et sans la carte spéciale ? » under a changed example speaks of that example: in the
    cartes-spéciales page's « 5ᵉ série », Chloé taking the fifth row (Alice's 28) leaves Alice's
    29 sixth in a full row, so her card saves her nothing there (it saves 6 as written)."""
    from game.messages.specials import comparison_text
    from game.specials.replay import compare, replay as replay_specials

    written = {"variant": "speciales", "rows": [[8], [23, 24, 25, 26, 27], [41], [67]],
               "turns": [{"plays": {"Alice": 28}, "specials": {"Alice": {"card": "cinquieme_serie"}}},
                         {"plays": {"Alice": 29, "Chloé": 3}, "choices": {"Chloé": 0}}]}
    step = next(s["n"] for s in replay_specials(written, draw=False) if s.get("choice"))
    answer = ask(type="choose", scenario=written, step=step, row=4)
    result = compare(answer["scenario"])
    said = [unescape(line) for line in re.findall(r"<li>(.*?)</li>", answer["comparison"])]
    assert said[0] == comparison_text("Alice", result["with"]["Alice"], result["without"]["Alice"],
                                      ("Alice",), result["cheapest"]["Alice"])
    assert result["with"]["Alice"] == result["without"]["Alice"] == 6 != compare(written)["with"]["Alice"]
    assert "comparison" not in ask(type="choose", scenario=EXAMPLE_3, step=decision_step(EXAMPLE_3), row=3)


def what_if(rows, plays, scenario=EXAMPLE_4):
    return ask(type="what_if", scenario=scenario, rows=rows, plays=plays)


def test_what_if_replays_the_edited_cards():
    answer = what_if(["10", "26", "38", "44"], [{"Alice": "51", "Bruno": "27", "Chloé": "35", "David": "50"}])
    assert answer["ok"]
    assert final_rows(answer) == [[10], [26, 27, 35], [38], [44, 50, 51]]


def test_what_if_accepts_rows_of_several_cards():
    answer = what_if(["5 12 15 23 29", "40", "60", "80"], [{"Alice": "31", "Bruno": "41", "Chloé": "61", "David": "81"}])
    assert answer["ok"]
    assert answer["steps"][-1]["penalties"]["Alice"] == 7  # RULES §5, example 2


@pytest.mark.parametrize("typed, message", [
    ("105", "La carte 105 n’existe pas\u00a0: les cartes vont de 1 à 104."),
    ("0", "La carte 0 n’existe pas\u00a0: les cartes vont de 1 à 104."),
    ("38", "La carte 38 est déjà sur la table."),
    ("", "Indiquez une carte\u00a0: un nombre de 1 à 104."),
    ("douze", "«\u00a0douze\u00a0» n’est pas un numéro de carte\u00a0: écrivez une carte de 1 à 104."),
    ("-3", "«\u00a0-3\u00a0» n’est pas un numéro de carte\u00a0: écrivez une carte de 1 à 104."),
    ("1.5", "«\u00a01.5\u00a0» n’est pas un numéro de carte\u00a0: écrivez une carte de 1 à 104."),
])
def test_bad_played_card_gets_a_french_message_on_its_field(typed, message):
    answer = what_if(["10", "26", "38", "44"], [{"Alice": "15", "Bruno": "27", "Chloé": typed, "David": "50"}])
    assert answer["ok"] is False and answer["id"] == 7
    assert [(e["field"], e["message"]) for e in answer["errors"]] == [("turns[0].plays.Chloé", message)]


def test_card_played_twice_is_refused():
    answer = what_if(["10", "26", "38", "44"], [{"Alice": "15", "Bruno": "15", "Chloé": "35", "David": "50"}])
    assert [e["field"] for e in answer["errors"]] == ["turns[0].plays.Bruno"]


@pytest.mark.parametrize("typed, fragment", [
    ("20 12", "le 12 ne peut pas suivre le 20"),
    ("1 2 3 4 5 6", "au plus cinq cartes"),
    ("", "au moins une carte"),
    ("26", "déjà dans une autre rangée"),
])
def test_bad_row_gets_a_french_message_on_its_field(typed, fragment):
    answer = what_if([typed, "26", "38", "44"], [{"Alice": "15", "Bruno": "27", "Chloé": "35", "David": "50"}])
    assert answer["ok"] is False
    fields = {e["field"]: e["message"] for e in answer["errors"]}
    assert fragment in fields["rows[0]"]  # the edited row, not row 2 that the example holds
    assert list(fields) == ["rows[0]"]


@pytest.mark.parametrize("rows, plays, field, message", [
    # Alice is given Bruno's 27: Alice's field is the wrong one, Bruno kept his card.
    (["10", "26", "38", "44"], {"Alice": "27"}, "turns[0].plays.Alice",
     "La carte 27 est déjà jouée à un autre tour ou par un autre joueur."),
    # A row edited to hold Chloé's 35: the row is wrong, Chloé's field untouched.
    (["10", "26", "35", "44"], {}, "rows[2]", "La carte 35 est déjà jouée par un joueur."),
])
def test_a_card_in_two_fields_marks_the_one_the_reader_edited(rows, plays, field, message):
    answer = what_if(rows, [{"Alice": "15", "Bruno": "27", "Chloé": "35", "David": "50", **plays}])
    assert [(e["field"], e["message"]) for e in answer["errors"]] == [(field, message)]


def test_reader_markup_is_never_returned_as_markup():
    attack = "<img src=x onerror=alert(1)>"
    answer = what_if(["10", "26", "38", "44"], [{"Alice": attack, "Bruno": "27", "Chloé": "35", "David": "50"}])
    assert answer["ok"] is False
    assert answer["errors"][0]["field"] == "turns[0].plays.Alice"
    assert attack in answer["errors"][0]["message"]  # shown as text by the page, never as HTML


def test_what_if_that_needs_a_new_choice_keeps_working():
    # 10 was too low in example 3; with 12 nobody chooses, and the old choice must not block it.
    answer = what_if(["11", "20", "33", "47"], [{"Alice": "12"}], scenario=EXAMPLE_3)
    assert answer["ok"], answer
    assert final_rows(answer) == [[11, 12], [20], [33], [47]]


def test_unknown_message_is_answered_not_raised():
    answer = ask(type="nonsense")
    assert answer["ok"] is False and answer["errors"][0]["message"]


def test_what_if_pauses_on_a_new_choice_and_choose_resumes_it():
    answer = what_if(["10", "26", "38", "44"], [{"Alice": "5", "Bruno": "27", "Chloé": "35", "David": "50"}])
    assert answer["ok"], answer
    last = answer["steps"][-1]
    assert last["kind"] == "choice" and last["choice"]["player"] == "Alice"
    assert last["choice"]["chosen"] is None
    resumed = ask(type="choose", scenario=answer["scenario"], step=last["n"], row=1)
    assert resumed["ok"]
    assert final_rows(resumed) == [[10, 27, 35], [5], [38], [44, 50]]
    assert resumed["steps"][-1]["penalties"]["Alice"] == 1


def test_junior_scenarios_are_answered_by_the_junior_engine():
    from game.junior.draw import step_html as junior_step_html
    from game.junior.variant import replay as junior_replay

    scenario = {"variant": "junior", "level": "base", "players": ["Léa", "Hugo"],
                "rows": [["A"], ["B"], ["C"], ["D"]], "deck": ["E", "F"]}
    answer = ask(type="replay", scenario=scenario)
    assert answer["ok"] and answer["id"] == 7
    assert [s["html"] for s in answer["steps"]] == [junior_step_html(s) for s in junior_replay(scenario)]


def test_choose_refuses_a_step_that_is_no_decision():
    answer = ask(type="choose", scenario=EXAMPLE_3, step=0, row=1)
    assert not answer["ok"] and answer["errors"][0]["message"] and "step 0" in answer["errors"][0]["detail"]


def test_a_replay_without_markup_is_the_same_replay_without_html():
    """The page asks `markup: false` for the scenario it already shows drawn by the build."""
    scenario = {"rows": [[12], [28], [39], [44]], "turns": [{"plays": {"Alice": 37, "Bruno": 10},
                                                             "choices": {"Bruno": 2}}]}
    full = json.loads(web.handle(json.dumps({"type": "replay", "scenario": scenario})))
    bare = json.loads(web.handle(json.dumps({"type": "replay", "scenario": scenario, "markup": False})))
    assert all("html" in step for step in full["steps"])
    assert bare["steps"] == [{k: v for k, v in step.items() if k != "html"} for step in full["steps"]]
    refused = json.loads(web.handle(json.dumps({"type": "replay", "scenario": scenario, "markup": "non"})))
    assert not refused["ok"]


def test_a_card_twice_is_worded_by_where_the_second_copy_is():
    """Two players playing the same card are not told it is « déjà sur la table » (issue 12)."""
    from game.errors import GameError
    from game.messages.reader_errors import for_error

    def words(field):
        return for_error(GameError("card 30 twice", card=30, field=field, code="card_twice"))

    assert words("turns[0].plays.Bruno") == "La carte 30 est déjà jouée à un autre tour ou par un autre joueur."
    assert words("hands.Bruno").startswith("La carte 30 est déjà dans une main")
    assert words("rows[2]") == "La carte 30 est déjà sur la table."
    played = web.handle(json.dumps({"type": "replay", "scenario": {
        "variant": "speciales", "rows": [[3], [10], [20], [40]],
        "turns": [{"plays": {"Alice": 30, "Bruno": 30}}]}}))
    assert json.loads(played)["errors"][0]["message"] == words("turns[0].plays.Bruno")
