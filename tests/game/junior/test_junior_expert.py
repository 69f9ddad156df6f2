"""Expert (7 ans et +), RULES §4: shared cow with the rightmost card, stuck players, the 6th card."""

from junior_helpers import card, french, refused

from game.junior.cows import ALL_TYPES, row_types
from game.junior.rules import deal, is_stuck, legal_moves, new_state, play, winners


def expert(rows, hands, deck=()):
    return new_state("expert", list(hands), rows=rows, hands=hands, deck=list(deck))


def test_deal_starts_each_row_with_one_cow_card_and_gives_hands_of_three():
    s = deal("expert", ["a", "b"], seed=9)
    assert [len(r) for r in s["rows"]] == [1, 1, 1, 1]
    assert all(len(h) == 3 for h in s["hands"].values()) and len(s["deck"]) == 52 - 4 - 6
    assert s["goal"] == "fewest"


def test_a_card_goes_only_onto_a_row_whose_rightmost_card_shares_a_cow():
    s = expert([[card("C"), card("AB")], [card("B")], [card("D")], [card("EF")]],
               {"a": [card("A"), card("DEF")], "b": [card("C", 1)]})
    assert legal_moves(s, "a") == [(card("A"), 0), (card("DEF"), 2), (card("DEF"), 3)]
    after, events = play(s, "a", card("DEF"), 3)
    assert events[0]["rule"] == "shared" and events[0]["shared"] == "EF"
    assert events[0]["after"] == card("EF")


def test_a_row_without_shared_cow_is_refused():
    s = expert([[card("C"), card("AB")], [card("B")], [card("D")], [card("EF")]],
               {"a": [card("A"), card("DEF")], "b": [card("C", 1)]})
    error = refused(s, "a", card("A"), 1)
    assert error.code == "junior_no_shared_cow"
    assert french(error) == ("La carte Afrique ne partage aucune vache avec la dernière carte de la "
                             "deuxième rangée (Allemagne). Elle peut aller dans la première rangée.")
    assert str(error) == (f"card {card('A')} (A) shares no cow with the last card of row 1 "
                          f"({card('B')} (B)): it may go to row(s) 0")


def test_only_the_rightmost_card_counts():
    # the row holds an Afrique card, but not at its end
    s = expert([[card("A"), card("B")], [card("C")], [card("D")], [card("E")]],
               {"a": [card("A", 1), card("F")], "b": [card("F", 1)]})
    assert is_stuck(s, "a")


def test_a_stuck_player_takes_a_row_of_their_choice_then_plays_into_it():
    rows = [[card("A"), card("B")], [card("C")], [card("D")], [card("E")]]
    s = expert(rows, {"a": [card("F")], "b": [card("F", 1)]}, deck=[card("A", 2)])
    assert is_stuck(s, "a")
    assert legal_moves(s, "a") == [(card("F"), r) for r in range(4)]
    after, events = play(s, "a", card("F"), 0)
    assert [e["type"] for e in events] == ["junior_take", "junior_place", "junior_draw"]
    assert events[0]["reason"] == "stuck" and events[0]["cards"] == [card("A"), card("B")]
    assert after["albums"]["a"] == [card("A"), card("B")]
    assert after["rows"][0] == [card("F")] and events[1]["rule"] == "empty"


def test_the_sixth_card_takes_the_five_others_and_stays():
    five = [card("A"), card("AB"), card("B"), card("BC"), card("C")]
    s = expert([five, [card("D")], [card("E")], [card("F")]], {"a": [card("C", 1)], "b": [card("D", 1)]})
    after, events = play(s, "a", card("C", 1), 0)
    assert after["rows"][0] == [card("C", 1)]
    assert after["albums"]["a"] == five
    take = events[-1] if events[-1]["type"] == "junior_take" else events[-2]
    assert take["reason"] == "sixth" and take["count"] == 5


def test_six_types_in_a_row_take_nothing_at_expert_level():
    row = [card("ABC"), card("C"), card("CD")]
    s = expert([row, [card("D")], [card("E")], [card("F")]], {"a": [card("DEF")], "b": [card("A")]})
    after, events = play(s, "a", card("DEF"), 0)
    assert row_types(after["rows"][0]) == ALL_TYPES
    assert len(after["rows"][0]) == 4 and after["albums"]["a"] == []
    assert all(e["type"] != "junior_complete" for e in events)


def test_fewest_cards_wins_and_ties_share():
    s = new_state("expert", ["a", "b", "c"], albums={"a": [1, 2], "b": [3], "c": [4]})
    assert winners(s) == ["b", "c"]
