"""The JSON scenario format with "specials", its replay steps and the with/without comparison."""

import json
import re
from pathlib import Path

import pytest

from game.errors import GameError
from game.specials.moves import Refused
from game import variants
from game.specials.replay import compare, replay, run

ROWS = [[12], [28], [39], [44]]


def scenario(turns, **extra):
    return {"variant": "speciales", "rows": ROWS, "turns": turns, **extra}


def test_a_stop_in_a_scenario_sends_the_card_elsewhere():
    out = run(scenario([{"plays": {"p1": 30}, "specials": {"p1": {"card": "stop", "row": 1}}}]))
    assert out["rows"] == [[12, 30], [28], [39], [44]] and out["stopped"] == [1]
    assert out["penalties"] == {"p1": 0}
    assert [e["type"] for e in out["events"]] == ["reveal", "special_played", "special_stopped", "special_place"]


def test_the_registry_reads_the_variant_a_scenario_names_and_never_guesses():
    assert variants.of({"variant": "speciales", "rows": ROWS, "turns": []}).name == "speciales"
    unnamed = {"rows": ROWS, "turns": [{"plays": {"a": 3}, "specials": {}}]}
    assert variants.of(unnamed).name == "classic"
    with pytest.raises(GameError, match="unknown key"):   # a classic scenario has no "specials"
        variants.of(unnamed).result(unnamed)


def test_a_refused_move_names_the_turn_the_player_and_the_card():
    with pytest.raises(Refused) as info:
        run(scenario([{"plays": {"p1": 30}}, {"plays": {"p1": 31},
                                               "specials": {"p1": {"card": "negatif_positif", "chosen": 28}}}]))
    assert str(info.value).startswith("turn 2: p1's negatif_positif: ")
    assert info.value.turn == 2 and info.value.player == "p1"


def test_a_missing_and_a_useless_row_choice_are_author_errors():
    with pytest.raises(GameError) as info:
        run(scenario([{"plays": {"p1": 5}}]))
    assert info.value.code == "missing_choice"
    with pytest.raises(GameError) as info:
        run(scenario([{"plays": {"p1": 50}, "choices": {"p1": 0}}]))
    assert info.value.code == "useless_choice"


def test_hands_limit_what_remplacer_may_bring_back():
    data = scenario([{"plays": {"p1": 13}, "specials": {"p1": {"card": "remplacer", "with": 45}}}],
                    hands={"p1": [13, 45]})
    assert run(data)["rows"][3] == [44, 45]
    data["hands"] = {"p1": [13, 46]}
    with pytest.raises(Refused):
        run(data)


def test_held_limits_the_special_cards_a_player_may_play():
    data = scenario([{"plays": {"p1": 30}, "specials": {"p1": {"card": "stop", "row": 1}}}],
                    held={"p1": ["glisser"]})
    with pytest.raises(Refused) as info:
        run(data)
    assert info.value.reason == "not_held"


def test_start_markers_and_stops_and_a_fifth_row():
    data = {"variant": "speciales", "rows": [[12], [28, 29], [39], [44], [60]], "marked": [1],
            "stopped": [2], "turns": [{"plays": {"p1": 30, "p2": 40}}]}
    out = run(data)
    # 30 is the 7th card of the marked row and, with 5 rows, takes its own card too: 4 rows remain,
    # the Stop goes with the take, so 40 may follow 39 again.
    assert out["rows"] == [[12], [39, 40], [44], [60]]
    assert out["penalties"] == {"p1": 1 + 1 + 3, "p2": 0}
    assert out["marked"] == [] and out["stopped"] == []


@pytest.mark.parametrize("data,field", [
    ({"variant": "classic", "rows": ROWS, "turns": []}, "variant"),
    ({"variant": "speciales", "rows": ROWS[:3], "turns": []}, "rows"),
    ({"variant": "speciales", "rows": ROWS, "stopped": [0, 1, 2, 3], "turns": []}, "stopped"),
    ({"variant": "speciales", "rows": [[1, 2, 3, 4, 5, 6], [8], [9], [10]], "turns": []}, "rows[0]"),
])
def test_bad_tables_are_refused(data, field):
    with pytest.raises(GameError) as info:
        run(data)
    assert info.value.field == field


def test_steps_carry_markers_stops_the_special_card_and_a_drawing():
    data = scenario([{"plays": {"p1": 30, "p2": 31}, "specials": {"p1": {"card": "sept_qui_prend"}}}])
    steps = replay(data)
    assert [s["kind"] for s in steps] == ["start", "reveal", "place", "take", "end"]
    assert steps[2]["special"] == {"player": "p1", "card": "sept_qui_prend"}
    assert steps[2]["marked"] == [1] and 'class="marker"' in steps[2]["svg"]
    assert steps[3]["taken"] == 1 and steps[3]["marked"] == []
    assert steps[-1]["penalties"] == {"p1": 0, "p2": 1 + 3}   # 28 and 30


def test_a_table_with_no_turns_replays_to_that_table_alone():
    """No player and no turn (an excerpt showing a table): one step, the table, paused or not."""
    data = {"variant": "speciales", "rows": [[12], [23, 24, 25, 26, 27], [41], [67]], "turns": []}
    for pause in (False, True):
        steps = replay(data, draw=False, pause=pause)
        assert [s["kind"] for s in steps] == ["start"] and steps[0]["rows"] == data["rows"]


def test_pause_ends_on_a_row_choice_for_the_reader():
    steps = replay(scenario([{"plays": {"p1": 5}, "specials": {"p1": {"card": "stop", "row": 0}}}]),
                   pause=True, draw=False)
    assert steps[-1]["kind"] == "choice"
    assert [o["row"] for o in steps[-1]["choice"]["options"]] == [1, 2, 3]


def test_pause_ends_where_a_turn_waits_for_a_placement_decision():
    """« Jouer une manche » sends the turn being placed with "waiting": the replay draws it up to
    that player's card, the revealed cards beside the table, and stops there."""
    steps = replay(scenario([{"plays": {"p1": 45, "p2": 30, "p3": 50}, "waiting": "p1"}]), pause=True,
                   draw=False)
    assert [s["kind"] for s in steps] == ["start", "reveal", "place", "choice"]
    last = steps[-1]
    assert last["choice"]["player"] == "p1" and last["choice"]["card"] == 45
    assert [(r["card"], r["state"]) for r in last["revealed"]] == [(30, "placed"), (45, "current"), (50, "waiting")]
    assert last["text"] == "Le 45 de p1 est la prochaine carte à poser\u00a0: p1 peut d’abord jouer une carte spéciale."
    # Anywhere else than the replay of a round being played, a waiting turn is an author error.
    with pytest.raises(GameError) as raised:
        run(scenario([{"plays": {"p1": 45, "p2": 30}, "waiting": "p1"}]))
    assert raised.value.code == "missing_choice" and raised.value.field == "turns[0].waiting"


@pytest.mark.parametrize("turns, why", [
    ([{"plays": {"p1": 45}, "waiting": "p1"}, {"plays": {"p1": 46}}], "only the last turn"),
    ([{"plays": {"p1": 45}, "waiting": "p9"}], "names a player of this turn"),
    ([{"plays": {"p1": 45}, "waiting": ["p1"]}], "names a player of this turn"),
    ([{"plays": {"p1": 5}, "choices": {"p1": 0}, "waiting": "p1"}], "already gives"),
])
def test_a_waiting_turn_is_checked(turns, why):
    with pytest.raises(GameError, match=why) as raised:
        replay(scenario(turns), pause=True, draw=False)
    assert raised.value.code == "shape"


def test_compare_shows_what_the_special_card_saved():
    data = scenario([{"plays": {"p1": 60}, "specials": {"p1": {"card": "negatif_positif", "chosen": 55}}}])
    data["rows"] = [[51, 52, 53, 54, 55], [70], [80], [90]]
    assert compare(data) == {"with": {"p1": -3}, "without": {"p1": 11}, "saved": {"p1": 14},
                             "cheapest": {"p1": -3}}


def test_every_sentence_uses_french_spacing():
    data = {"variant": "speciales", "rows": [[12], [20, 21, 22, 23, 24], [39], [44]], "turns": [
        {"plays": {"a": 25, "b": 5}, "choices": {"b": 2},
         "specials": {"a": {"card": "cinquieme_serie"}, "b": {"card": "stop", "row": 0}}},
        {"plays": {"a": 26, "b": 27}, "specials": {"b": {"card": "sept_qui_prend"}}},
    ]}
    for step in replay(data, draw=False):
        text = step["text"]
        assert text and not re.search(r" [:;!?»]|« ", text), text


def test_the_comparison_is_worded_for_readers():
    from game.messages.specials import comparison_text
    data = scenario([{"plays": {"p1": 60}, "specials": {"p1": {"card": "negatif_positif", "chosen": 55}}}])
    data["rows"] = [[51, 52, 53, 54, 55], [70], [80], [90]]
    result = compare(data)
    text = comparison_text("p1", result["with"]["p1"], result["without"]["p1"])
    assert text == ("Sans carte spéciale, p1 aurait marqué 11 au lieu de \u22123\u00a0: "
                    "la carte lui fait économiser 14\u00a0têtes de bœuf.")
    assert "autant" in comparison_text("p1", 2, 2) and "de plus" in comparison_text("p1", 5, 2)


def test_a_card_already_on_the_table_or_taken_cannot_be_played():
    with pytest.raises(GameError) as info:
        run(scenario([{"plays": {"p1": 28}}]))
    assert info.value.code == "card_twice"
    with pytest.raises(GameError) as info:
        run(scenario([{"plays": {"p1": 5}, "choices": {"p1": 0}}, {"plays": {"p2": 12}}]))
    assert info.value.code == "card_twice" and info.value.turn == 2


def test_a_card_taken_back_by_remplacer_may_be_played_later():
    out = run(scenario([{"plays": {"p1": 13}, "specials": {"p1": {"card": "remplacer", "with": 45}}},
                        {"plays": {"p1": 13}}]))
    assert out["rows"][0] == [12, 13]


def test_the_specials_command_line_replays_and_refuses_like_python_m_game():
    import subprocess
    import sys
    good = json.dumps(json.loads((Path(__file__).parent / "scenarios" / "stop.json").read_text())["scenario"])
    done = subprocess.run([sys.executable, "-m", "game", "replay", "-"], input=good,
                          capture_output=True, text=True)
    assert done.returncode == 0 and json.loads(done.stdout)["penalties"]["Chloé"] == 2
    bad = subprocess.run([sys.executable, "-m", "game", "replay", "-"],
                         input='{"rows": [[1]], "turns": [], "variant": "speciales"}',
                         capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stdout == "" and "4 or 5 rows" in bad.stderr


# --- hostile or careless scenarios (issue 12) -------------------------------------------------

def error_of(data) -> GameError:
    with pytest.raises(GameError) as info:
        run(data)
    return info.value


def replace(new, **extra):
    return scenario([{"plays": {"p1": 30, "p2": 50}, "specials": {"p1": {"card": "remplacer", "with": new}}}],
                    **extra)


def test_two_players_may_not_play_the_same_card():
    err = error_of(scenario([{"plays": {"p1": 30, "p2": 30}}]))
    assert (err.code, err.card, err.turn) == ("card_twice", 30, 1)


@pytest.mark.parametrize("new", [500, -3, 0, 105])
def test_remplacer_with_a_card_outside_the_deck_is_refused(new):
    err = error_of(replace(new))
    assert err.code == "special_with" and err.field == "turns[0].specials.p1.with"


@pytest.mark.parametrize("new, why", [(28, "on the table"), (50, "p2 reveals"), (30, "p1 reveals")])
def test_remplacer_with_a_card_already_in_play_is_refused(new, why):
    err = error_of(replace(new))
    assert err.code == "special_with" and why in err.message


def test_remplacer_with_a_card_placed_in_an_earlier_turn_is_refused():
    err = error_of(scenario([{"plays": {"p2": 45}},
                             {"plays": {"p1": 30}, "specials": {"p1": {"card": "remplacer", "with": 45}}}]))
    assert err.code == "special_with" and "turn 1" in err.message


def test_remplacer_with_a_card_of_another_hand_is_refused():
    err = error_of(replace(60, hands={"p1": [30], "p2": [50, 60]}))
    assert err.code == "special_with" and "p2's hand" in err.message


def test_remplacer_with_a_card_of_ones_own_hand_still_works():
    out = run(replace(60, hands={"p1": [30, 60], "p2": [50]}))
    assert out["rows"] == [[12], [28], [39, 50], [44, 60]]


@pytest.mark.parametrize("card", ["stop", True, 40.0, None, [40], 0, 105])
def test_a_hand_holding_something_else_than_a_number_card_is_refused(card):
    err = error_of(scenario([{"plays": {"p1": 30}}], hands={"p1": [30, card]}))
    assert err.code == "card_out_of_deck" and err.field == "hands.p1"


def test_a_card_in_two_hands_or_on_the_table_and_in_a_hand_is_refused():
    assert error_of(scenario([{"plays": {"p1": 30}}], hands={"p1": [30, 60], "p2": [60]})).code == "card_twice"
    assert error_of(scenario([{"plays": {"p1": 30}}], hands={"p1": [30, 28]})).code == "card_twice"


@pytest.mark.parametrize("key", ["marked", "stopped"])
@pytest.mark.parametrize("value", [3, "1", {"1": 1}, True, None])
def test_markers_and_stops_must_be_lists(key, value):
    rows = [[12], [20, 21, 22, 23, 24, 25], [39], [44]]   # a 6-card row asks whether it is marked
    err = error_of({"variant": "speciales", "rows": rows, "turns": [{"plays": {"p1": 30}}], key: value})
    assert err.code == "shape" and err.field == key


@pytest.mark.parametrize("where", ["plays", "hands", "held"])
@pytest.mark.parametrize("name", ["", "  "])
def test_player_names_may_not_be_empty(where, name):
    turns = [{"plays": {name if where == "plays" else "p1": 30}}]
    extra = {"hands": {name: [60]}} if where == "hands" else {"held": {name: ["stop"]}} if where == "held" else {}
    assert error_of(scenario(turns, **extra)).code == "shape"


def test_at_most_eight_players_take_part():
    """RULES §3: 2 to 8 players (a scenario naming one player is an excerpt of a larger game)."""
    run(scenario([{"plays": {f"p{i}": 50 + i for i in range(8)}}]))
    err = error_of(scenario([{"plays": {f"p{i}": 50 + i for i in range(9)}}]))
    assert err.code == "shape" and "9 play" in err.message
    err = error_of(scenario([{"plays": {"p1": 50}}], held={f"q{i}": [] for i in range(8)}))
    assert "9 play" in err.message


@pytest.mark.parametrize("count", [0, 1, 9, 10, True, 4.0, "4", None])
def test_an_explicit_player_count_is_2_to_8(count):
    err = error_of(scenario([{"plays": {"p1": 30}}], players=count))
    assert err.code == "shape" and err.field == "players"


def test_an_explicit_player_count_caps_who_plays():
    plays = {f"p{i}": 50 + i for i in range(3)}
    assert run(scenario([{"plays": plays}], players=3))["penalties"] == {p: 0 for p in plays}
    err = error_of(scenario([{"plays": plays}], players=2))
    assert err.field == "players" and "3 players play" in err.message


def test_compare_tells_a_costly_row_choice_from_the_special_cards_doing():
    """Issue 26, item 1: after Alice's Stop, Chloé could still take a one-head row; her second
    head is her choice, which the comparison must not blame on the Stop."""
    from game.messages.specials import comparison_text
    data = {"variant": "speciales", "rows": [[12], [23, 24, 25, 26, 27], [41], [67]], "turns": [
        {"plays": {"Alice": 28, "Bruno": 50}, "specials": {"Alice": {"card": "stop", "row": 1}}},
        {"plays": {"Chloé": 5}, "choices": {"Chloé": 0}}]}
    result = compare(data)
    assert (result["with"]["Chloé"], result["without"]["Chloé"], result["cheapest"]["Chloé"]) == (2, 1, 1)
    assert result["cheapest"]["Alice"] == result["with"]["Alice"]   # no row choice of her own
    text = comparison_text("Chloé", 2, 1, ("Alice",), result["cheapest"]["Chloé"])
    assert "pouvait ne marquer que 1 en ramassant la rangée la moins chère" in text
    assert "vient de son choix" in text and "coûte" not in text


def test_compare_names_whose_row_choice_costs_the_rest():
    """A special card and a costly row choice both add heads: the second clause names the player
    who chose (« son choix » could be the special card's owner's)."""
    from game.messages.specials import comparison_text
    text = comparison_text("Chloé", 7, 1, ("Alice",), 2)
    assert text.endswith("la carte spéciale d’Alice lui coûte 1\u00a0tête de bœuf de plus, et le choix de "
                         "rangée de Chloé lui en coûte encore 5."), text
    assert comparison_text("Émile", 7, 1, ("Alice",), 2).endswith("le choix de rangée d’Émile lui en coûte encore 5.")
