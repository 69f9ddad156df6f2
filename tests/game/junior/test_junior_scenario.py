"""The Junior scenario format: cards by cow letters or ids, errors, replay steps, results."""

import json
import xml.dom.minidom

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from junior_helpers import card, french, scenario

from game.errors import GameError
from game.junior.bots import heuristic_move
from game.junior.rules import deal, play, to_play
from game.junior.scenario import load, where
from game.junior.variant import replay, result

EXPERT = {"level": "expert", "players": ["Léa", "Tom"],
          "rows": [["A", "AB", "B", "BC", "C"], ["F"], ["D"], ["E"]],
          "hands": {"Léa": ["C", "D"], "Tom": ["A", "DEF"]},
          "deck": ["B"],
          "moves": [{"card": "C", "row": 0}, {"player": "Tom", "card": "DEF", "row": 2}]}


def test_letters_take_the_lowest_unused_id_and_ids_are_kept():
    state, _ = load({"level": "avance", "players": ["a", "b"], "rows": [["A", "B"], [1], [], []],
                     "hands": {"a": ["a"]}, "deck": ["af"]})
    assert state["rows"][:2] == [[card("A", 1), card("B")], [card("A", 0)]]
    assert state["hands"]["a"] == [card("A", 2)] and state["deck"] == [card("AF")]


@pytest.mark.parametrize("bad, words", [
    ({"level": "base", "players": ["a", "b"], "colour": 1}, "unknown scenario keys: colour"),
    ({"level": "junior", "players": ["a", "b"]}, "unknown level"),
    ({"level": "base", "players": ["a"]}, "2 to 5 players"),
    ({"level": "base", "players": ["a", "b"], "deck": ["AC"]}, "no card 'AC' left"),
    ({"level": "base", "players": ["a", "b"], "deck": ["AX"]}, "neither a card id nor cow letters"),
    ({"level": "base", "players": ["a", "b"], "deck": [3, 3]}, "card 3 appears twice"),
    ({"level": "base", "players": ["a", "b"], "deck": [53]}, "not a Junior card id"),
    ({"level": "base", "players": ["a", "b"], "hands": {"a": ["A"]}}, "base level has no hands"),
    ({"level": "base", "players": ["a", "b"], "deck": ["A"], "moves": [{"row": 0}, {"row": 1}]},
     "moves[1]: the game is already over"),
    ({"level": "avance", "players": ["a", "b"], "hands": {"a": ["A"]}, "moves": [{"row": 0}]},
     "moves[0]: name the card"),
])
def test_scenario_mistakes_are_reported(bad, words):
    with pytest.raises(GameError) as info:
        replay(bad)
    assert words in str(info.value)


def test_an_illegal_move_gives_the_engine_refusal_with_its_move_number():
    bad = dict(EXPERT, moves=[{"card": "D", "row": 0}])
    with pytest.raises(GameError) as info:
        replay(bad)
    assert french(info.value).startswith("La carte Japon ne partage aucune vache")
    assert str(info.value).startswith(f"card {card('D', 1)} (D) shares no cow")
    assert info.value.field == "moves[0]" and where(info.value).startswith(f"moves[0]: card {card('D', 1)} (D)")
    assert info.value.code == "junior_no_shared_cow" and info.value.player == "Léa"


def test_replay_steps_have_the_snapshot_text_and_drawing_of_each_move():
    steps = replay(EXPERT)
    assert [s["kind"] for s in steps] == ["start", "take", "place", "end"]
    assert [s["n"] for s in steps] == [0, 1, 2, 3]
    sixth = steps[1]
    assert sixth["rows"][0] == [sixth["placed"]] and sixth["taken"] == 0
    assert sixth["albums"] == {"Léa": 5, "Tom": 0} and sixth["hands"]["Léa"] == [card("D", 1), card("B", 1)]
    assert "sixième carte" in sixth["text"] and "ramasse les cinq autres" in sixth["text"]
    assert not steps[-1]["text"].startswith("Fin de la partie")  # hands are not empty yet
    for s in steps:
        xml.dom.minidom.parseString(s["svg"])
        json.dumps(s)  # a step is JSON-ready (the browser receives it)
    assert steps[-1]["events"][0]["type"] == "junior_tally"


def test_result_is_what_the_command_line_prints():
    out = result(scenario("emma"))
    assert out["albums"] == {"Emma": 4, "Olivier": 0} and out["over"] and out["winners"] == ["Emma"]
    assert out["events"][0]["type"] == "junior_setup"
    assert [e["type"] for e in out["events"]].count("junior_complete") == 1


def test_hands_are_required_with_a_deck_above_base_level():
    with pytest.raises(GameError, match="give 'hands'"):
        load({"level": "expert", "players": ["a", "b"], "deck": ["A"]})
    with pytest.raises(GameError, match="hands must map players"):
        load({"level": "expert", "players": ["a", "b"], "hands": {"c": ["A"]}})


# --- hostile or careless scenarios (issue 12) -------------------------------------------------

ONE_FIRST = {"level": "base", "players": ["a", "b"], "deck": [1, 2], "moves": [{"row": 0}]}
"""Card 1 is on top: JSON true, equal to 1 in Python, must still not pass for it."""


def shape_error(data) -> GameError:
    with pytest.raises(GameError) as info:
        result(data)
    assert "\n" not in str(info.value)
    return info.value


@pytest.mark.parametrize("value", [True, 1.0, [1], {"id": 1}])
def test_a_move_card_is_an_id_or_letters_not_true_or_a_float(value):
    assert result(ONE_FIRST)["rows"][0] == [1]
    err = shape_error({**ONE_FIRST, "moves": [{"card": value, "row": 0}]})
    assert err.field == "moves[0]" and "card" in err.message


@pytest.mark.parametrize("value", [True, False, 0.0, "0", None])
def test_a_move_row_is_a_whole_number(value):
    err = shape_error({**ONE_FIRST, "moves": [{"row": value}]})
    assert err.field == "moves[0]" and "row" in err.message


def test_the_rules_refuse_true_as_a_card_for_other_callers():
    from game.junior.rules import new_state, play
    state = new_state("avance", ["a", "b"], hands={"a": [1], "b": [2]}, deck=[3])
    with pytest.raises(GameError):
        play(state, "a", True, 0)


@pytest.mark.parametrize("level, goal", [("base", "fewest"), ("expert", "most")])
def test_a_goal_contradicting_the_level_is_refused(level, goal):
    data = {**EXPERT, "level": level, "goal": goal}
    if level == "base":
        data = {**ONE_FIRST, "goal": goal}
    err = shape_error(data)
    assert err.field == "goal" and goal in err.message and level in err.message


def test_avance_offers_both_goals():
    hands = {"level": "avance", "players": ["a", "b"], "hands": {"a": ["A"], "b": ["B"]}}
    assert load({**hands, "goal": "fewest"})[0]["goal"] == "fewest"
    assert load({**hands, "goal": "most"})[0]["goal"] == "most"


@pytest.mark.parametrize("rows", [122, "ABCD", {"0": []}, [1, 2, 3, 4], None])
def test_rows_that_are_not_lists_of_cards_get_a_message(rows):
    err = shape_error({**ONE_FIRST, "rows": rows})
    assert err.field == "rows" and "rows must be a list" in err.message


@pytest.mark.parametrize("name", [3, None, [1], {"a": 1}, "", "  ", True])
def test_player_names_are_non_empty_strings(name):
    err = shape_error({**ONE_FIRST, "players": ["a", name]})
    assert err.field == "players"


def test_a_move_names_its_player_with_a_string():
    err = shape_error({**ONE_FIRST, "moves": [{"player": ["a"], "row": 0}]})
    assert err.field == "moves[0]" and "player" in err.message


# --- tables the level's rules cannot lay (issue 12) ----------------------------------------------

def table_error(data) -> GameError:
    with pytest.raises(GameError) as info:
        load(data)
    return info.value


def test_a_base_row_of_nineteen_cards_is_refused():
    # Issue 12: this exited 0. Card 2 (Afrique) brings nothing new after card 1 and the other
    # rows are empty, so rule 2 could not have put it there.
    err = table_error({"variant": "junior", "level": "base", "players": ["O", "E"],
                       "rows": [list(range(1, 20)), [], [], []]})
    assert (err.field, err.code) == ("rows[0]", "row_impossible")
    assert "card 2 (A)" in err.message and "rows[1] lacks A" in err.message


def test_an_expert_row_of_nine_cards_is_refused_not_taken_as_stuck():
    # Issue 12: it was accepted, then a stuck player took it (« count: 9 »).
    data = {**EXPERT, "rows": [["A", "AB", "B", "BC", "C", "C", "C", "C", "C"], ["F"], ["D"], ["E"]]}
    err = table_error(data)
    assert (err.field, err.code) == ("rows[0]", "row_too_long") and "1 to 5 cards" in err.message
    assert "not 9" in err.message


def test_an_expert_row_is_a_chain_of_shared_cows():
    # RULES §4: « Japon, Afrique » cannot happen: the Afrique card needs a rightmost card with Afrique.
    err = table_error({**EXPERT, "rows": [["D", "A"], ["F"], ["C"], ["E"]]})
    assert (err.field, err.code) == ("rows[0]", "row_impossible") and "shares no cow" in err.message
    state, _ = load({**EXPERT, "rows": [["D", "CD", "C"], ["F"], ["B"], ["E"]]})
    assert len(state["rows"][0]) == 3


def test_an_expert_row_is_never_empty():
    err = table_error({**EXPERT, "rows": [["A"], [], ["D"], ["E"]]})
    assert (err.field, err.code) == ("rows[1]", "row_empty")


def test_a_base_row_holding_all_six_cows_is_refused():
    err = table_error({"level": "base", "players": ["a", "b"], "rows": [[], ["ABC", "DEF"], [], []]})
    assert (err.field, err.code) == ("rows[1]", "row_complete")


def test_a_hand_holds_at_most_three_cards():
    err = table_error({**EXPERT, "hands": {"Léa": ["C", "D", "E", "F"], "Tom": ["A"]}})
    assert (err.field, err.code) == ("hands.Léa", "hand_too_big")


@pytest.mark.parametrize("bad, code", [([53], "card_out_of_deck"), ([3, 3], "card_twice")])
def test_cards_outside_the_deck_or_twice_carry_a_code(bad, code):
    err = table_error({"level": "base", "players": ["a", "b"], "deck": bad})
    assert err.code == code and err.field == "deck"


def test_a_card_bringing_nothing_new_is_accepted_where_rule_2_applies():
    # Every row holds Afrique: a second Afrique card may go anywhere (RULES §4, base).
    state, _ = load({"level": "base", "players": ["a", "b"],
                     "rows": [["A", "A"], ["A", "C"], ["AB"], ["ACE"]], "deck": ["F"]})
    assert state["rows"][0] == [card("A", 0), card("A", 1)]


@settings(deadline=None)
@given(level=st.sampled_from(["base", "avance", "expert"]), players=st.integers(2, 5),
       seed=st.integers(0, 10**6))
def test_every_table_the_rules_lay_is_accepted_as_a_scenario(level, players, seed):
    """Positions of real games, until an album gets a card (a scenario's albums start empty)."""
    names = [f"p{k}" for k in range(players)]
    state = deal(level, names, seed)
    while not state["over"] and not any(state["albums"].values()):
        order = names[state["current"]:] + names[:state["current"]]
        table = {"variant": "junior", "level": level, "players": order, "rows": state["rows"],
                 "deck": state["deck"], "goal": state["goal"]}
        if level != "base":
            table["hands"] = state["hands"]
        loaded, _ = load(table)
        assert loaded["rows"] == state["rows"]
        player = to_play(state)
        state, _ = play(state, player, *heuristic_move(state, player))


def test_a_take_lists_the_cards_taken_and_does_not_tag_the_row_the_card_restarts():
    from game.junior.draw import step_html

    sixth = replay(EXPERT)[1]
    assert sixth["takes"] == [{"player": "Léa", "cards": sixth["events"][1]["cards"], "kind": "junior_take"}]
    assert len(sixth["takes"][0]["cards"]) == 5
    assert "jr-taken-tag" not in sixth["svg"]          # the row now holds Léa's card
    html = step_html(sixth)
    assert '<p class="ramasse jr-ramasse" data-taker="Léa"><span>Léa ramasse\u00a0:</span>' in html
    pile = html.split('class="jr-pile"')[1].split("</svg>")[0]
    assert pile.count("data-card=") == 5


def test_a_complete_row_goes_to_the_album_listed_under_the_table():
    from game.junior.draw import step_html

    steps = replay(scenario("emma"))
    complete = next(s for s in steps if s["kind"] == "complete")
    assert complete["takes"][0]["kind"] == "junior_complete"
    assert "jr-taken-tag" in complete["svg"]           # the row is empty: taken away
    assert "Emma range dans son album\u00a0:" in step_html(complete)
