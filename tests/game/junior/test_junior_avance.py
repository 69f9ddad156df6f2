"""Avancé (6 ans et +), RULES §4: hands of three, play by the base rules, then draw."""

from junior_helpers import card, refused

from game.junior.rules import deal, legal_moves, new_state, play, winners


def test_deal_gives_three_cards_each_and_leaves_the_rest_in_the_deck():
    s = deal("avance", ["a", "b", "c"], seed=4)
    assert all(len(h) == 3 for h in s["hands"].values())
    assert len(s["deck"]) == 52 - 9 and s["rows"] == [[], [], [], []]


def test_play_one_card_of_the_hand_then_draw_the_top_card():
    s = new_state("avance", ["a", "b"], deck=[card("D"), card("E")],
                  hands={"a": [card("A"), card("B"), card("C")], "b": [card("F")]})
    after, events = play(s, "a", card("B"), 2)
    assert after["hands"]["a"] == [card("A"), card("C"), card("D")]
    assert after["deck"] == [card("E")]
    assert [e["type"] for e in events] == ["junior_place", "junior_draw"]
    assert events[-1]["card"] == card("D") and events[-1]["left"] == 1


def test_each_card_of_the_hand_follows_the_new_cow_rule():
    s = new_state("avance", ["a", "b"], rows=[[card("A")], [card("B")], [card("A", 1)], [card("B", 1)]],
                  hands={"a": [card("A", 2), card("C")], "b": [card("F")]})
    moves = legal_moves(s, "a")
    assert sorted(r for c, r in moves if c == card("A", 2)) == [1, 3]
    assert sorted(r for c, r in moves if c == card("C")) == [0, 1, 2, 3]
    assert refused(s, "a", card("A", 2), 0).code == "junior_no_new_cow"
    assert refused(s, "a", card("B", 3), 1).code == "junior_not_in_hand"


def test_no_draw_once_the_deck_is_empty_and_the_game_ends_with_empty_hands():
    s = new_state("avance", ["a", "b"], hands={"a": [card("A")], "b": [card("B"), card("C")]})
    s, events = play(s, "a", card("A"), 0)
    assert [e["type"] for e in events] == ["junior_place"] and s["hands"]["a"] == []
    s, _ = play(s, "b", card("B"), 0)
    # a has nothing left: b plays again
    assert not s["over"] and legal_moves(s, "b") and not legal_moves(s, "a")
    s, events = play(s, "b", card("C"), 1)
    assert s["over"] and events[-1]["type"] == "junior_game_end"


def test_option_fewest_cards_wins():
    albums = {"a": [1, 2, 3], "b": [4], "c": [5, 6]}
    assert winners(new_state("avance", ["a", "b", "c"], albums=albums)) == ["a"]
    assert winners(new_state("avance", ["a", "b", "c"], albums=albums, goal="fewest")) == ["b"]
