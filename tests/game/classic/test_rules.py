"""One test per rule of the classic game (RULES §1) and the decks of the variants (RULES §2)."""

from __future__ import annotations

from collections import Counter

import pytest

from game.classic.cards import HEADS, classic_deck, heads, is_card, tactique_deck, total_heads
from game.errors import GameError
from game.events import ChoiceMade, Place, StartRow, Take, TooLow
from game.classic.table import Table, check_rows
from game.classic.play import Round


# --- cards and têtes de bœuf ---------------------------------------------------------

@pytest.mark.parametrize("card,expected", [
    (55, 7),                                    # 55: first rule, before « multiple of 11 »
    (11, 5), (22, 5), (33, 5), (44, 5), (66, 5), (77, 5), (88, 5), (99, 5),
    (10, 3), (20, 3), (50, 3), (100, 3),
    (5, 2), (15, 2), (45, 2), (95, 2),
    (1, 1), (12, 1), (54, 1), (56, 1), (104, 1), (103, 1),
])
def test_heads_of_a_card(card, expected):
    assert heads(card) == expected == HEADS[card]


def test_heads_of_every_card_of_the_deck():
    seven = {55}
    five = {11, 22, 33, 44, 66, 77, 88, 99}
    three = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100}
    two = {5, 15, 25, 35, 45, 65, 75, 85, 95}
    for card in range(1, 105):
        expected = (7 if card in seven else 5 if card in five else 3 if card in three
                    else 2 if card in two else 1)
        assert heads(card) == HEADS[card] == expected, card


def test_heads_counts_are_76_9_10_8_1():
    assert Counter(heads(c) for c in classic_deck()) == {1: 76, 2: 9, 3: 10, 5: 8, 7: 1}


def test_deck_has_171_heads():
    assert total_heads(classic_deck()) == 171


def test_classic_deck_is_1_to_104_all_different():
    deck = classic_deck()
    assert deck == sorted(set(deck)) and deck[0] == 1 and deck[-1] == 104 and len(deck) == 104


@pytest.mark.parametrize("players,size", [(2, 24), (3, 34), (4, 44), (5, 54), (6, 64), (7, 74),
                                          (8, 84), (9, 94), (10, 104)])
def test_tactique_deck_is_1_to_10_per_player_plus_4(players, size):
    assert tactique_deck(players) == list(range(1, size + 1))


def test_json_true_is_not_a_card():
    assert is_card(1) and is_card(104)
    assert not any(is_card(v) for v in (0, 105, True, "12", 12.0, None))


# --- placement ---------------------------------------------------------------------------

def resolve(rows, plays, choices=None):
    """One turn on `rows`: (table, piles, log), choices answered from `choices`."""
    log = []
    rnd = Round(list(plays), {p: [c] for p, c in plays.items()}, rows, log=log)
    assert rnd.play(plays, lambda player, card, r: (choices or {})[player])
    return rnd.table, rnd.piles, log


def test_card_goes_after_greatest_lower_end():
    table, piles, log = resolve([[12], [28], [39], [44]], {"a": 37})
    assert table.rows == [[12], [28, 37], [39], [44]]
    assert [e for e in log if isinstance(e, Place)] == [Place(1, "a", 37, 1, 28, 9, 2)]


def test_card_goes_after_greatest_lower_end_not_the_nearest_row_or_the_shortest():
    # 36 is nearer to 39 (but 39 > 36), and row 0 is shorter: the rule looks only at lower ends.
    table, _, _ = resolve([[3], [10, 20, 30, 35], [39], [1, 2]], {"a": 36})
    assert table.rows[1] == [10, 20, 30, 35, 36]


def test_target_is_none_only_below_every_end():
    table = Table([[12], [28], [39], [44]])
    assert table.target(11) is None
    assert table.target(13) == 0
    assert table.target(104) == 3


def test_sixth_card_takes_the_five_cards():
    table, piles, log = resolve([[5, 12, 15, 23, 29], [40], [62], [88]], {"a": 31})
    assert piles == {"a": [5, 12, 15, 23, 29]}
    assert table.rows == [[31], [40], [62], [88]]
    take = next(e for e in log if isinstance(e, Take))
    assert (take.reason, take.heads, take.row) == ("sixth", 7, 0)


def test_fifth_card_does_not_take():
    table, piles, _ = resolve([[5, 12, 15, 23], [40], [62], [88]], {"a": 31})
    assert piles == {"a": []} and table.rows[0] == [5, 12, 15, 23, 31]


def test_taken_row_restarts_in_place():
    table, _, log = resolve([[40], [5, 12, 15, 23, 29], [62], [88]], {"a": 31})
    assert table.rows == [[40], [31], [62], [88]]
    assert StartRow(1, "a", 31, 1) in log


@pytest.mark.parametrize("row", [0, 1, 2, 3])
def test_too_low_card_takes_row_of_players_choice_any_length(row):
    rows = [[20, 21, 22, 23, 24], [30], [40, 41], [50, 51, 52]]
    table, piles, log = resolve(rows, {"a": 3}, {"a": row})
    assert piles["a"] == rows[row]
    assert table.rows[row] == [3]
    assert all(table.rows[i] == rows[i] for i in range(4) if i != row)
    made = next(e for e in log if isinstance(e, ChoiceMade))
    assert (made.row, made.heads, made.cheapest) == (row, total_heads(rows[row]), min(map(total_heads, rows)))


def test_too_low_card_pauses_for_the_choice_instead_of_guessing():
    rnd = Round(["a", "b"], {"a": [3], "b": [45]}, [[20], [30], [40], [50]], log=[])
    assert rnd.play({"a": 3, "b": 45}) is False
    assert rnd.waiting == ("a", 3)
    assert rnd.table.rows == [[20], [30], [40], [50]]  # nothing moved yet, not even 45
    assert [o["heads"] for o in rnd.table.options()] == [3, 3, 3, 3]
    assert rnd.step(2) and rnd.run()
    assert rnd.table.rows == [[20], [30, 45], [3], [50]]
    assert rnd.piles == {"a": [40], "b": []}


def test_only_lowest_card_of_turn_can_be_too_low():
    # 3 and 5 are both below every end when revealed; 3 takes a row and starts it, so 5 follows 3.
    table, piles, log = resolve([[50], [60], [70], [80]], {"a": 5, "b": 3, "c": 4}, {"b": 1})
    too_low = [e for e in log if isinstance(e, TooLow)]
    assert [(e.player, e.card) for e in too_low] == [("b", 3)]
    assert table.rows == [[50], [3, 4, 5], [70], [80]]
    assert piles == {"a": [], "b": [60], "c": []}


def test_cards_resolve_in_ascending_order_whatever_the_seat():
    table, _, log = resolve([[10], [20], [30], [40]], {"z": 41, "a": 43, "m": 42})
    assert [e.card for e in log if isinstance(e, Place)] == [41, 42, 43]
    assert table.rows[3] == [40, 41, 42, 43]


def test_several_takes_in_one_turn():
    table, piles, _ = resolve([[1, 2, 3, 4, 6], [10, 11, 12, 13, 14], [30], [40]], {"a": 7, "b": 15})
    assert piles == {"a": [1, 2, 3, 4, 6], "b": [10, 11, 12, 13, 14]}
    assert table.rows == [[7], [15], [30], [40]]


def test_bad_choice_leaves_the_turn_exactly_as_it_was():
    rnd = Round(["a"], {"a": [3]}, [[20], [30], [40], [50]], log=[])
    rnd.play({"a": 3})
    for bad in (-1, 4, True, "1", 1.0):
        with pytest.raises(GameError) as info:
            rnd.step(bad)
        assert info.value.player == "a" and info.value.card == 3 and info.value.turn == 1
        assert rnd.waiting == ("a", 3) and rnd.pos == 0
        assert rnd.table.rows == [[20], [30], [40], [50]] and rnd.piles == {"a": []}


# --- starting tables ---------------------------------------------------------------------

@pytest.mark.parametrize("rows,code", [
    ([[1, 2, 3, 4, 5, 6], [20], [30], [40]], "row_too_long"),
    ([[3, 2], [20], [30], [40]], "row_not_ascending"),
    ([[3, 3], [20], [30], [40]], "card_twice"),
    ([[1], [20, 31, 25], [30], [40]], "row_not_ascending"),
    ([[3], [3], [30], [40]], "card_twice"),
    ([[0], [20], [30], [40]], "card_out_of_deck"),
    ([[105], [20], [30], [40]], "card_out_of_deck"),
    ([[], [20], [30], [40]], "row_empty"),
    ([], "rows_shape"),
])
def test_check_rows_refuses_illegal_tables(rows, code):
    with pytest.raises(GameError) as info:
        check_rows(rows)
    assert info.value.code == code


def test_check_rows_accepts_a_full_row_of_five():
    check_rows([[1, 2, 3, 4, 5], [20], [30], [40]])
