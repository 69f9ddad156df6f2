"""The two situations of seed 000, as scenarios with their expected outcome."""

from junior_helpers import final_state, french, refused, scenario

from game.junior.rules import legal_moves
from game.junior.scenario import load
from game.junior.variant import replay


def test_olivier_may_play_his_ecosse_card_in_rows_one_three_or_four():
    state, moves = load(scenario("olivier"))
    top = state["deck"][0]
    assert legal_moves(state, "Olivier") == [(top, 0), (top, 2), (top, 3)]
    # the second row already holds an Écosse cow
    error = refused(state, "Olivier", top, 1)
    assert "deuxième rangée" in french(error) and "Écosse" in french(error)


def test_olivier_chooses_the_first_row():
    steps = replay(scenario("olivier"))
    place = steps[1]
    assert place["choice"] == {"player": "Olivier", "card": place["placed"], "options": [0, 2, 3],
                               "chosen": 0}
    assert place["rows"][0][-1] == place["placed"]
    assert "première rangée" in place["text"]
    assert "la troisième ou la quatrième rangée" in place["text"]


def test_emma_completes_the_second_row_with_her_afrique_card_and_takes_it():
    sc = scenario("emma")
    start, _ = load(sc)
    second_row = start["rows"][1]
    steps = replay(sc)
    emma = steps[1]
    assert emma["kind"] == "complete" and emma["taken"] == 1
    assert emma["rows"][1] == []
    assert emma["albums"] == {"Emma": 4, "Olivier": 0}
    assert "six types de vaches" in emma["text"]
    final = final_state(sc)
    assert sorted(final["albums"]["Emma"]) == sorted(second_row + [emma["placed"]])
    # the emptied row takes cards again
    assert final["rows"][1] == [steps[2]["placed"]]
    assert steps[-1]["kind"] == "end" and "Emma gagne" in steps[-1]["text"]
