"""Base level (5 ans et +), RULES §4: reveal, a row that gains a new cow, completed rows."""

from junior_helpers import card, french, refused

from game.junior.rules import legal_moves, new_state, play, winners
from game.junior.scenario import load


def table(rows, deck, players=("Olivier", "Emma")):
    """A base state from cow letters; each letter string takes the lowest unused card id."""
    state, _ = load({"level": "base", "players": list(players), "rows": rows, "deck": deck})
    return state


def test_the_revealed_card_goes_only_where_it_adds_a_new_cow():
    s = table([["A"], ["F"], [], ["C"]], ["F"])
    assert legal_moves(s, "Olivier") == [(card("F", 1), 0), (card("F", 1), 2), (card("F", 1), 3)]
    after, events = play(s, "Olivier", card("F", 1), 2)
    assert after["rows"][2] == [card("F", 1)]
    assert [e["type"] for e in events] == ["junior_reveal", "junior_place", "junior_game_end"]
    assert events[1]["rule"] == "new" and events[1]["added"] == "F" and events[1]["options"] == [0, 2, 3]


def test_a_row_that_gains_no_new_cow_is_refused_while_another_would_gain_one():
    s = table([["A"], ["F"], [], ["C"]], ["F"])
    error = refused(s, "Olivier", card("F", 1), 1)
    assert error.code == "junior_no_new_cow"
    assert french(error) == ("La carte Écosse n’ajoute aucune nouvelle vache à la deuxième rangée\u00a0: "
                             "elle doit aller dans la première, la troisième ou la quatrième rangée, "
                             "où elle ajoute une vache.")
    assert str(error) == f"card {card('F', 1)} (F) adds no new cow to row 1: it must go to row(s) 0, 2, 3"


def test_a_two_cow_card_may_go_where_only_one_of_its_cows_is_new():
    s = table([["A"], ["B"], ["A"], ["B"]], ["AB"])
    assert {r for _, r in legal_moves(s, "Olivier")} == {0, 1, 2, 3}
    s = table([["A", "B"], ["ABC"], ["C"], ["B"]], ["AB"])
    assert {r for _, r in legal_moves(s, "Olivier")} == {2, 3}


def test_a_card_that_adds_nothing_anywhere_may_go_in_any_row():
    s = table([["A"], ["A", "B"], ["AB"], ["BC", "A"]], ["A"])
    assert s["deck"] == [card("A", 3)]
    assert [r for _, r in legal_moves(s, "Olivier")] == [0, 1, 2, 3]
    after, events = play(s, "Olivier", card("A", 3), 1)
    assert events[1]["rule"] == "any" and events[1]["added"] == ""
    assert after["rows"][1][-1] == card("A", 3)


def test_the_card_completing_six_types_wins_the_row_and_the_row_restarts():
    s = table([["A"], ["BC", "D", "EF"], [], []], ["A", "F"])
    row = list(s["rows"][1])
    after, events = play(s, "Olivier", card("A", 1), 1)
    assert after["rows"][1] == []  # the row card stays: the row is empty, ready to restart
    assert sorted(after["albums"]["Olivier"]) == sorted(row + [card("A", 1)])
    complete = events[-1]
    assert complete["type"] == "junior_complete" and complete["count"] == 4 and complete["row"] == 1
    # play goes on in the emptied row
    after, _ = play(after, "Emma", card("F"), 1)
    assert after["rows"][1] == [card("F")]


def test_only_the_top_card_may_be_played_and_players_alternate():
    s = table([[], [], [], []], ["A", "B"])
    assert refused(s, "Olivier", card("B"), 0).code == "junior_not_top_card"
    assert refused(s, "Emma", card("A"), 0).code == "junior_not_your_turn"
    assert refused(s, "Olivier", card("A"), 4).code == "junior_no_such_row"
    s, _ = play(s, "Olivier", card("A"), 0)
    assert legal_moves(s, "Emma")[0][0] == card("B")
    assert refused(s, "Olivier", card("B"), 1).code == "junior_not_your_turn"


def test_game_ends_when_the_last_card_is_played_and_most_cards_win():
    s = table([["A"], ["BC", "D", "EF"], [], []], ["A", "F"])
    s, _ = play(s, "Olivier", card("A", 1), 1)
    s, events = play(s, "Emma", card("F"), 0)
    assert s["over"] and events[-1]["type"] == "junior_game_end"
    assert events[-1]["winners"] == ["Olivier"] and events[-1]["counts"] == {"Olivier": 4, "Emma": 0}
    assert refused(s, "Olivier", card("F"), 0).code == "junior_over"


def test_ties_share_the_win():
    s = new_state("base", ["a", "b", "c"], albums={"a": [1, 2], "b": [3, 4], "c": [5]})
    assert s["over"]
    assert winners(s) == ["a", "b"]
