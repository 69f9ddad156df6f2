"""Junior through the one worker facade (game/web.py): steps with markup, and a reader's other
row for a move (`choose` names the step of that move, as for every variant)."""

import json
import xml.etree.ElementTree as ET

from junior_helpers import scenario

from game import web


def ask(**message):
    return json.loads(web.handle(json.dumps(message)))


def replay_message(request):
    return ask(type="replay", **request)


def choose_message(request):
    return ask(type="choose", **request)


def test_replay_answer_carries_markup_and_targets():
    answer = replay_message({"scenario": scenario("olivier")})
    assert answer["ok"] and len(answer["steps"]) == 3
    json.dumps(answer)
    olivier = answer["steps"][1]
    assert "svg" not in olivier and olivier["html"].startswith('<figure class="etape-figure jr-etape">')
    ET.fromstring(f"<div>{olivier['html']}</div>")
    assert olivier["target"] == {"card": olivier["placed"], "row": 0, "player": "Olivier",
                                 "options": [0, 2, 3]}
    assert answer["steps"][0]["target"] is None


# The « niveau avancé » page's example: Léa's Afrique, then Hugo's and Léa's cards.
LEA = {"variant": "junior", "level": "avance", "players": ["Léa", "Hugo"],
       "rows": [["A", "C"], ["BC", "D", "EF"], ["D"], []], "deck": ["D", "F", "C", "B"],
       "hands": {"Léa": ["F", "A", "CD"], "Hugo": ["B", "E", "AB"]},
       "moves": [{"player": "Léa", "row": 1, "card": "A"}, {"player": "Hugo", "row": 2, "card": "AB"},
                 {"player": "Léa", "row": 0, "card": "CD"}]}


def test_choosing_another_allowed_row_replays_from_there():
    answer = choose_message({"scenario": scenario("emma"), "step": 1, "row": 2})
    # Olivier's card, written for the second row, adds no new cow there once Emma's went to the
    # third: the changed example stops before it, and its last step says why, in the rules' words.
    written = [{"player": "Emma", "row": 2}, {"player": "Olivier", "row": 1}]
    assert answer["ok"] and answer["scenario"]["moves"] == written and answer["scenario"]["played"] == 1
    as_written = {**scenario("emma"), "moves": written}
    refusal = replay_message({"scenario": as_written})["errors"][0]
    assert refusal["field"] == "moves[1]"
    assert [s["kind"] for s in answer["steps"]] == ["start", "place", "end"]
    assert answer["steps"][-1]["text"] == ("L’exemple s’arrête ici, avant la fin de la partie\u00a0: "
                                           "le coup qu’il prévoyait ensuite pour Olivier n’est plus permis "
                                           "sur cette table. " + refusal["message"])
    assert answer["links"] == []   # the explorer opens no Junior table: no step links to it
    assert answer["steps"][1]["kind"] == "place" and answer["steps"][1]["rows"][2][-1] == answer["steps"][1]["placed"]
    # Emma's card back in the second row: Olivier's written move counts again, to the end.
    again = choose_message({"scenario": answer["scenario"], "step": 1, "row": 1})
    assert again["scenario"] == scenario("emma") and again["steps"] == replay_message({"scenario": scenario("emma")})["steps"]


def test_an_example_stops_early_only_before_a_move_the_rules_refuse():
    for played in (2, -1, True, "1", 1.0):   # all its moves, none, not a count
        answer = replay_message({"scenario": {**scenario("emma"), "played": played}})
        assert not answer["ok"] and answer["errors"][0]["field"] == "played", played
    # Olivier's written move is legal after Emma's as written: no stop there.
    answer = replay_message({"scenario": {**scenario("emma"), "played": 1}})
    assert not answer["ok"] and answer["errors"][0]["field"] == "played"
    assert "moves[1] is legal" in answer["errors"][0]["detail"]
    stopped = replay_message({"scenario": {**scenario("emma"), "played": 0}})
    assert not stopped["ok"]   # Emma's first move is legal too
    # Nor after the last move of the game: a move written beyond it is no place to stop.
    beyond = {**scenario("emma"), "moves": [*scenario("emma")["moves"], {"row": 0}], "played": 2}
    answer = replay_message({"scenario": beyond})
    assert not answer["ok"] and answer["errors"][0]["field"] == "played"
    assert "the game is over after 2 moves" in answer["errors"][0]["detail"]


def test_a_changed_example_goes_on_with_its_written_moves_while_the_rules_take_them():
    """Léa's Afrique in the third row instead of the second: Hugo's and her next cards are
    played as written, to the end of the example, on the table her choice made."""
    answer = choose_message({"scenario": LEA, "step": 1, "row": 2})
    assert answer["ok"]
    assert answer["scenario"]["moves"] == [{**LEA["moves"][0], "row": 2}, *LEA["moves"][1:]]
    assert len(answer["steps"]) == len(replay_message({"scenario": LEA})["steps"]) == len(LEA["moves"]) + 2
    assert [s["player"] for s in answer["steps"][1:-1]] == ["Léa", "Hugo", "Léa"]
    assert answer["steps"][1]["rows"][2][-1] == answer["steps"][1]["placed"]


def test_a_refused_row_gives_the_french_rule_to_the_reader():
    answer = choose_message({"scenario": scenario("olivier"), "step": 1, "row": 1})
    assert not answer["ok"]
    [error] = answer["errors"]
    assert error["field"] == "moves[0]"
    assert error["message"].startswith("La carte Écosse n’ajoute aucune nouvelle vache à la deuxième rangée")


def test_an_author_mistake_is_not_shown_in_english():
    answer = replay_message({"scenario": {"variant": "junior", "level": "base", "players": ["a"]}})
    assert not answer["ok"] and "players" in answer["errors"][0]["detail"]
    assert "Junior" not in answer["errors"][0]["message"]
