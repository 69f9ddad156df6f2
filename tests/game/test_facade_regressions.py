"""The worker facade's audit findings (issues 12 and 15), each pinned by the request that broke it.

Every answer here goes through `game.web.handle` exactly as the page sends it (JSON text), within
a time limit, and must never be the catch-all « Le moteur n’a pas pu… » answer.
"""

from __future__ import annotations

import json
import time

import pytest

from time_limit import time_limit
from game import web
from game.messages import advice as words
from game.messages import reader_errors

CATCH_ALL = reader_errors.ENGINE_FAILED
FORM = {"players": "4", "rows": ["12", "28", "39", "44"], "hand": "37 10 50"}




def handle(text: str, seconds: float = 2) -> dict:
    with time_limit(seconds):
        raw = web.handle(text)
    answer = json.loads(raw, parse_constant=lambda c: pytest.fail(f"{c} in the answer: not JSON"))
    if not answer["ok"]:
        for error in answer["errors"]:
            assert set(error) == {"field", "message", "detail"}, error
            assert error["message"] != CATCH_ALL, error["detail"]
    return answer


def ask(kind: str, **request) -> dict:
    return handle(json.dumps({"type": kind, **request}))


def refused_on(answer: dict) -> list:
    assert answer["ok"] is False, answer
    return [e["field"] for e in answer["errors"]]


def new_game(variant: str, **options) -> dict:
    answer = ask("play_new", reader="Zoé", bots=["heuristic", "random"], seed=5,
                 options={"variant": variant, **options})
    assert answer["ok"], answer
    return answer["state"]


# --- 1. one refusal shape -------------------------------------------------------------------------

@pytest.mark.parametrize("kind", sorted(web.HANDLERS))
def test_every_handler_refuses_in_the_one_shape(kind):
    answer = ask(kind, id=4)   # nothing but the type: every handler refuses it
    assert answer["ok"] is False and answer["id"] == 4
    documented = {"play_view": {"discard"}}.get(kind, {"used", "highest"} if kind.startswith("explore_") else set())
    assert set(answer) - {"ok", "errors", "id"} <= documented
    for error in answer["errors"]:
        assert set(error) == {"field", "message", "detail"}
        assert error["message"] and error["detail"] and (error["field"] is None or isinstance(error["field"], str))


def test_a_message_of_no_known_type_is_refused_in_the_same_shape():
    answer = handle('{"type": "belote", "id": 1}')
    assert answer["id"] == 1 and refused_on(answer) == ["type"]
    assert set(answer["errors"][0]) == {"field", "message", "detail"}


# --- 2. one handler table ----------------------------------------------------------------------------

def test_one_table_routes_every_message_and_the_tools_hold_none():
    from game import web_play
    from game.explore import web as explore_web
    assert not hasattr(web_play, "HANDLERS") and not hasattr(explore_web, "HANDLERS")
    for kind, route in web.HANDLERS.items():
        module = route.module()
        assert callable(getattr(module, route.name)) and callable(getattr(module, route.refuse)), kind


# --- 4. the explorer never hangs on a huge opponent number -----------------------------------------

@pytest.mark.parametrize("known", ["J99999999 : 5", "J999999999 : 5", "J" + "9" * 5000 + " : 5"])
def test_an_opponent_far_beyond_the_table_is_refused_at_once(known):
    start = time.perf_counter()
    answer = ask("explore_check", form={**FORM, "known": known})
    assert refused_on(answer) == ["known"] and "J2 à J4" in answer["errors"][0]["message"]
    assert time.perf_counter() - start < 1


def test_a_position_naming_opponent_9999999_is_refused_at_once():
    start = time.perf_counter()
    answer = ask("explore_check", position={"rows": [[12], [28], [39], [44]], "hand": [37, 10, 50],
                                            "known": {"p9999999": [7]}})
    assert refused_on(answer) == ["known"]
    assert time.perf_counter() - start < 1


# --- 5. handle() never raises and always answers JSON ------------------------------------------------

def test_an_infinite_chunk_is_refused():
    text = json.dumps({"type": "explore_estimate", "form": FORM, "seed": "1"})[:-1] + ', "chunk": Infinity}'
    assert refused_on(handle(text)) == [None]


def test_a_chunk_of_a_million_samples_is_refused_not_run_for_minutes():
    answer = ask("explore_estimate", form=FORM, seed="1", mode="heuristic", samples=1_000_000, chunk=1_000_000)
    assert refused_on(answer) == [None]


def test_a_list_as_type_is_refused_as_an_unknown_type():
    assert refused_on(handle('{"type": ["replay"]}')) == ["type"]


def test_a_scenario_nested_5000_deep_is_unreadable_not_a_crash():
    answer = ask("explore_import", text="[" * 5000 + "]" * 5000)
    assert refused_on(answer) == ["scenario"]


def test_a_nan_id_is_not_echoed_and_the_answer_is_json():
    answer = handle('{"type": "replay", "id": NaN}')
    assert "id" not in answer and answer["ok"] is False


def test_an_id_holding_a_lone_surrogate_is_not_echoed():
    raw = web.handle('{"type": "replay", "id": "\\ud800"}')
    raw.encode("utf-8")   # the answer crosses to JavaScript as valid text
    assert "id" not in json.loads(raw)


def test_a_message_nested_5000_deep_or_with_a_5000_digit_number_is_refused():
    assert handle('{"type": "replay", "scenario": ' + "[" * 5000 + "]" * 5000 + "}")["ok"] is False
    assert handle('{"type": "replay", "scenario": ' + "9" * 5000 + "}")["ok"] is False


# --- 6. tampered saved games: refused in French and cleared -----------------------------------------

def assert_discarded(state: dict) -> None:
    answer = ask("play_view", state=state)
    assert answer["ok"] is False and answer["discard"] is True, answer
    assert answer["errors"][0]["message"] == words.SAVED_GAME_REFUSED


@pytest.mark.parametrize("variant", ["classic", "tactique", "logique"])
def test_a_saved_game_without_a_target_is_discarded(variant):
    state = new_game(variant)
    state["game"]["options"]["target"] = None
    assert_discarded(state)


@pytest.mark.parametrize("options", [-1, True, 1.5, {"target": 66}])
def test_a_special_cards_game_with_options_is_discarded(options):
    state = new_game("speciales")
    state["game"]["options"] = options
    assert_discarded(state)


def test_a_logique_pick_of_true_is_discarded():
    state = new_game("logique")
    state["game"]["moves"] = [{"kind": "pick", "player": "Zoé", "card": True}]
    assert_discarded(state)


def test_a_junior_goal_contradicting_its_level_is_discarded():
    state = new_game("junior", level="expert")
    state["game"]["options"] = {"level": "expert", "goal": "most"}
    assert_discarded(state)


def test_a_saved_game_with_too_many_players_is_discarded():
    state = new_game("speciales")
    state["game"]["players"] += ["Jules"]
    state["bots"]["Jules"] = "random"
    for name in "ABCDEFGH":
        state["game"]["players"].append(name)
        state["bots"][name] = "random"
    assert_discarded(state)


# --- 7. digits a reader types: ASCII only, on the right field ----------------------------------------

@pytest.mark.parametrize("option", ["target", "rounds"])
def test_a_superscript_two_in_the_jouer_form_is_refused_on_its_field(option):
    answer = ask("play_new", reader="Zoé", bots=["heuristic"], options={"variant": "classic", option: "²"})
    assert refused_on(answer) == [option]


@pytest.mark.parametrize("field", ["players", "hand"])
def test_a_superscript_two_in_the_explorer_form_is_refused_on_its_field(field):
    assert refused_on(ask("explore_check", form={**FORM, field: "²"})) == [field]


def test_a_superscript_two_as_the_explorer_seed_is_refused_on_the_seed():
    assert refused_on(ask("explore_encode", form=FORM, seed="²")) == ["seed"]


def test_a_5000_digit_row_in_what_if_is_refused_on_that_row():
    scenario = {"rows": [[11], [20], [33], [47]], "turns": [{"plays": {"Alice": 10}, "choices": {"Alice": 0}}]}
    answer = ask("what_if", scenario=scenario, rows=["9" * 5000, "20", "33", "47"], plays=[{"Alice": "10"}])
    assert refused_on(answer) == ["rows[0]"] and "n’est pas une carte" in answer["errors"][0]["message"]


# --- 8. robots and loaded rounds -------------------------------------------------------------------

def test_no_robot_at_all_is_too_few_not_too_many():
    answer = ask("play_new", reader="Zoé", bots=[], options={"variant": "classic"})
    assert refused_on(answer) == ["bots"]
    assert answer["errors"][0]["message"] == reader_errors.too_few_robots(1)
    assert "Trop" not in answer["errors"][0]["message"]


def test_a_special_cards_round_exported_by_jouer_loads_back():
    state = new_game("speciales")
    for _ in range(6):   # a few turns in, decisions included
        view = ask("play_view", state=state)["view"]
        step = ("play_card", {"card": view["hand"][0]["card"]}) if view["phase"] == "play" \
            else ("play_move", {"index": 0})
        answer = ask(step[0], state=state, **step[1])
        assert answer["ok"], answer
        state = answer["state"]
    exported = ask("play_export", state=state)
    assert exported["ok"]
    loaded = ask("play_load", scenario=exported["scenario"])
    assert loaded["ok"], loaded
    assert loaded["view"]["variant"] == "speciales"
    assert loaded["view"]["hand"] == ask("play_view", state=state)["view"]["hand"]
    again = ask("play_view", state=loaded["state"])   # the loaded game is kept and resumed
    assert again["ok"] and again["view"]["hand"] == loaded["view"]["hand"]


def test_a_robot_level_the_page_never_offers_is_not_called_too_many_robots():
    answer = ask("play_new", reader="Zoé", bots=["expert"], options={"variant": "classic"})
    assert refused_on(answer) == ["bots"]
    assert answer["errors"][0]["message"] == reader_errors.BAD_REQUEST


# --- found by the worker fuzz after the special-card positions joined the explorer ----------------

SPECIAL_POSITION = {"variant": "speciales", "players": 3, "rows": [[3, 12], [28], [39, 41], [60], [70]],
                    "hand": [5, 29, 33], "marked": [1], "stopped": [3], "specials": ["stop"],
                    "their_specials": {"p2": 1, "p3": 3}}


@pytest.mark.parametrize("change", [{"players": []}, {"marked": "0"}, {"stopped": [True]},
                                    {"specials": [7]}, {"their_specials": {"p2": "1"}},
                                    {"hand": [5.0, 29, 33]}])
def test_a_special_card_position_of_the_wrong_types_is_refused_as_malformed(change):
    answer = handle(json.dumps({"type": "explore_check", "position": {**SPECIAL_POSITION, **change}}))
    assert not answer["ok"] and answer["errors"][0]["message"] != CATCH_ALL
    assert handle(json.dumps({"type": "explore_check", "position": SPECIAL_POSITION}))["ok"]


def test_a_link_for_a_game_whose_variant_is_not_a_name_is_refused():
    answer = handle(json.dumps({"type": "explore_link", "state": {"v": 2, "variant": []}}))
    assert not answer["ok"] and answer["errors"][0]["message"] != CATCH_ALL
