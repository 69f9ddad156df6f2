"""The proposed 52-card composition (RULES §4)."""

from collections import Counter

from game.junior.cows import COWS, DECK_SIZE, TYPES, cards_with, cows, junior_deck, row_types


def test_deck_has_52_distinct_cards():
    deck = junior_deck()
    assert len(deck) == DECK_SIZE == 52
    assert sorted(set(deck)) == list(range(1, 53))


def test_42_one_cow_cards_seven_per_type():
    singles = [COWS[c] for c in junior_deck() if len(COWS[c]) == 1]
    assert len(singles) == 42
    assert Counter(singles) == {t: 7 for t in TYPES}


def test_six_two_cow_cards_around_the_circle():
    pairs = sorted(COWS[c] for c in junior_deck() if len(COWS[c]) == 2)
    # AB BC CD DE EF FA, written with sorted letters (FA is "AF")
    assert pairs == sorted(["AB", "BC", "CD", "DE", "EF", "AF"])


def test_four_three_cow_cards():
    triples = sorted(COWS[c] for c in junior_deck() if len(COWS[c]) == 3)
    assert triples == sorted(["ABC", "DEF", "ACE", "BDF"])


def test_each_type_appears_on_eleven_cards():
    on = Counter(t for c in junior_deck() for t in COWS[c])
    assert on == {t: 11 for t in TYPES}


def test_cards_are_named_by_their_cows_in_any_order():
    assert cards_with("fa") == cards_with("AF") and len(cards_with("AF")) == 1
    assert len(cards_with("C")) == 7
    assert cards_with("AC") == []


def test_row_types_is_the_union_of_the_cards():
    assert row_types([cards_with("AB")[0], cards_with("C")[0]]) == frozenset("ABC")
    assert row_types([]) == frozenset()
    assert cows(cards_with("BDF")[0]) == frozenset("BDF")
