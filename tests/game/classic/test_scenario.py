"""The scenario format (CONTRIBUTING.md « Scenario format ») and the replay steps built from it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.errors import GameError
from game.classic.replay import replay
from game.classic.replay import run
from game.classic.scenario import parse

SCENARIOS = Path(__file__).parent / "scenarios"
ROWS = [[12], [28], [39], [44]]


def load(name: str) -> dict:
    return json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))


def error_of(scenario) -> GameError:
    with pytest.raises(GameError) as info:
        run(scenario)
    return info.value


def test_penalties_list_players_in_order_of_first_appearance():
    out = run({"rows": ROWS, "turns": [{"plays": {"Zoé": 40, "Alice": 45}}, {"plays": {"Bruno": 50}}]})
    assert list(out["penalties"]) == ["Zoé", "Alice", "Bruno"]


def test_a_player_may_skip_a_turn_in_a_scenario():
    out = run({"rows": ROWS, "turns": [{"plays": {"a": 40, "b": 45}}, {"plays": {"b": 46}}]})
    assert out["rows"] == [[12], [28], [39, 40], [44, 45, 46]]


def test_hands_allow_their_own_cards():
    out = run({"rows": ROWS, "hands": {"a": [40, 41], "b": [45]},
               "turns": [{"plays": {"a": 40, "b": 45}}, {"plays": {"a": 41}}]})
    assert out["rows"][2] == [39, 40, 41]
    assert out["penalties"] == {"a": 0, "b": 0}


def test_a_card_in_two_hands_is_refused():
    err = error_of({"rows": ROWS, "hands": {"a": [40], "b": [40]}, "turns": [{"plays": {"a": 40}}]})
    assert err.code == "card_twice" and err.card == 40


def test_tactique_scenario_uses_the_deck_of_its_player_count():
    ok = {"rows": [[2], [8], [14], [20]], "variant": "tactique", "players": 2,
          "turns": [{"plays": {"a": 24, "b": 9}}]}
    assert run(ok)["rows"] == [[2], [8, 9], [14], [20, 24]]
    err = error_of({**ok, "turns": [{"plays": {"a": 25, "b": 9}}]})
    assert (err.code, err.card, err.player, err.turn) == ("card_out_of_deck", 25, "a", 1)


def test_a_choice_for_a_card_that_is_not_too_low_is_refused():
    err = error_of({"rows": ROWS, "turns": [{"plays": {"a": 40}, "choices": {"a": 1}}]})
    assert (err.code, err.player, err.card, err.turn) == ("useless_choice", "a", 40, 1)


def test_a_choice_for_a_player_who_plays_nothing_is_refused():
    err = error_of({"rows": ROWS, "turns": [{"plays": {"a": 40}, "choices": {"b": 1}}]})
    assert err.code == "bad_choice" and err.player == "b"


def test_missing_choice_names_card_player_and_turn():
    err = error_of({"rows": ROWS, "turns": [{"plays": {"a": 40}}, {"plays": {"a": 3, "b": 50}}]})
    assert (err.code, err.player, err.card, err.turn) == ("missing_choice", "a", 3, 2)


@pytest.mark.parametrize("scenario", [
    [], "rows", {"rows": ROWS}, {"turns": []}, {"rows": ROWS, "turns": {}},
    {"rows": ROWS, "turns": [{}]}, {"rows": ROWS, "turns": [{"plays": {}}]},
    {"rows": ROWS, "turns": [{"plays": {"a": 40}, "extra": 1}]},
    {"rows": ROWS, "turns": [], "colour": "red"},
    {"rows": ROWS[:3], "turns": [{"plays": {"a": 40}}]},
    {"rows": ROWS, "variant": "junior", "turns": [{"plays": {"a": 40}}]},
    {"rows": ROWS, "players": 11, "turns": [{"plays": {"a": 40}}]},
])
def test_malformed_scenarios_raise_game_error(scenario):
    with pytest.raises(GameError):
        parse(scenario)


def test_optional_limit_changes_when_a_row_is_taken():
    # CONTRIBUTING.md: « Optional "limit": cards a row holds before the next one takes it ».
    out = run({"rows": [[1], [20], [30], [40]], "limit": 3,
               "turns": [{"plays": {"a": 2}}, {"plays": {"a": 3}}, {"plays": {"a": 4}}]})
    assert out["rows"][0] == [4]
    assert out["penalties"] == {"a": 3}


# --- replay steps (CONTRIBUTING.md « Replay steps ») ---------------------------------------------

def test_replay_steps_start_reveal_one_per_card_and_end():
    steps = replay(load("exemple-6-corrige"), draw=False)
    assert [s["kind"] for s in steps] == ["start", "reveal", "take", "place", "take", "place", "end"]
    assert [s["n"] for s in steps] == list(range(7))
    assert [s["placed"] for s in steps] == [None, None, 12, 35, 55, 64, None]
    assert [s["taken"] for s in steps] == [None, None, 0, None, 1, None, None]
    assert steps[0]["rows"] == [[30], [36, 38, 39, 41, 43], [56], [63]]
    assert steps[-1]["penalties"] == {"Alice": 3, "Bruno": 0, "Chloé": 5, "David": 0}
    take = steps[2]
    assert [e["type"] for e in take["events"]] == ["too_low", "choice_requested", "choice_made",
                                                   "take", "start_row"]
    assert take["choice"]["chosen"] == 0
    assert [o["heads"] for o in take["choice"]["options"]] == [3, 5, 1, 1]
    assert all(s["text"] for s in steps)
    assert json.loads(json.dumps(steps)) == steps


def test_replay_can_pause_at_a_missing_choice():
    scenario = load("exemple-3")
    del scenario["turns"][0]["choices"]
    steps = replay(scenario, draw=False, pause=True)
    assert steps[-1]["kind"] == "choice"
    assert steps[-1]["choice"]["player"] == "Alice" and steps[-1]["choice"]["chosen"] is None
    assert steps[-1]["rows"] == [[11], [20], [33], [47]]
    with pytest.raises(GameError):
        replay(scenario, draw=False)


def test_run_events_are_the_steps_events_in_order():
    scenario = load("exemple-4")
    steps = replay(scenario, draw=False)
    assert run(scenario)["events"] == [e for s in steps for e in s["events"]]


# --- hostile or careless scenarios (issue 12) -------------------------------------------------

def twelve_plays(first: int = 50) -> dict:
    return {f"p{i}": first + i for i in range(12)}


def test_turns_that_are_not_a_list_are_refused():
    for turns in (5, True, "x", {"plays": {}}):
        assert error_of({"rows": ROWS, "turns": turns}).code == "shape"


def test_an_explicit_player_count_caps_the_players_who_play():
    err = error_of({"rows": ROWS, "players": 10, "turns": [{"plays": twelve_plays()}]})
    assert err.code == "shape" and err.field == "players" and "12" in err.message


def test_tactique_for_two_lets_only_two_play():
    err = error_of({"rows": [[2], [8], [14], [20]], "variant": "tactique", "players": 2,
                    "turns": [{"plays": {f"p{i}": 3 + i for i in range(5)}}]})
    assert err.code == "shape" and err.field == "players"


def test_more_than_ten_players_without_a_count_is_refused_in_plain_words():
    err = error_of({"rows": ROWS, "turns": [{"plays": twelve_plays()}]})
    assert err.field == "players" and "12 play" in err.message


@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_player_name_is_refused_in_hands_too(name):
    err = error_of({"rows": ROWS, "hands": {name: [40]}, "turns": [{"plays": {"a": 41}}]})
    assert err.code == "shape" and err.field == "hands"


@pytest.mark.parametrize("card", [True, False, 40.0, 40.5, "40", [40], {"c": 40}, None])
def test_a_card_that_is_not_a_whole_number_is_refused(card):
    for scenario in ({"rows": ROWS, "turns": [{"plays": {"a": card}}]},
                     {"rows": [[12], [28], [39], [card]], "turns": [{"plays": {"a": 50}}]},
                     {"rows": ROWS, "hands": {"a": [card]}, "turns": [{"plays": {"a": 50}}]}):
        assert error_of(scenario).code == "card_out_of_deck"


@pytest.mark.parametrize("where", ["variant", "players", "limit", "hands", "turns"])
@pytest.mark.parametrize("value", [[1], {"a": [1]}, [[]]])
def test_unhashable_values_anywhere_give_a_game_error(where, value):
    assert isinstance(error_of({"rows": ROWS, "turns": [{"plays": {"a": 40}}], where: value}), GameError)
