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


def test_choosing_another_allowed_row_replays_from_there():
    answer = choose_message({"scenario": scenario("emma"), "step": 1, "row": 2})
    assert answer["ok"] and len(answer["scenario"]["moves"]) == 1  # the later move is dropped
    assert answer["links"] == []   # the explorer opens no Junior table: no step links to it
    assert answer["steps"][1]["kind"] == "place" and answer["steps"][1]["rows"][2][-1] == answer["steps"][1]["placed"]


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
