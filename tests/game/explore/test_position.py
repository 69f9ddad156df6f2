"""Position checks: each mistake a reader can make is refused with the field and code a form needs."""

from __future__ import annotations

import pytest

from game.errors import GameError
from game.explore.position import Position

ROWS = [[12], [28, 30], [39], [44, 50, 51]]


def problem(**changes):
    data = {"rows": ROWS, "hand": [3, 60, 77], "players": 4, "known": (), "gone": (),
            "variant": "classic", **changes}
    with pytest.raises(GameError) as raised:
        Position.of(**data).check()
    return raised.value.field, raised.value.code


def test_a_sound_position_passes_and_knows_its_unseen_cards():
    position = Position.of(ROWS, [60, 3, 77], 4, {"p3": [5]}, [1, 2]).check()
    assert position.hand == (3, 60, 77)
    assert position.known == ((), (5,))
    unseen = position.unseen()
    assert len(unseen) == 104 - 7 - 3 - 1 - 2
    assert not {1, 2, 3, 5, 12, 28, 30, 39, 44, 50, 51, 60, 77} & set(unseen)


@pytest.mark.parametrize("changes, field, code", [
    ({"rows": [[12], [28, 30], [30], [44]]}, "rows[2]", "card_twice"),
    ({"hand": [3, 39]}, "hand", "card_twice"),
    ({"gone": [77]}, "gone", "card_twice"),
    ({"known": {"p2": [60]}}, "known.p2", "card_twice"),
    ({"rows": [[12], [28, 30], [1, 2, 3, 4, 5, 6], [44]]}, "rows[2]", "row_too_long"),
    ({"rows": [[12], [30, 28], [39], [44]]}, "rows[1]", "row_not_ascending"),
    ({"rows": [[12], [], [39], [44]]}, "rows[1]", "row_empty"),
    ({"rows": [[12], [28], [39]]}, "rows", "rows_count"),
    ({"rows": [[12], [28], [39], [105]]}, "rows[3]", "card_out_of_deck"),
    ({"hand": [0, 3]}, "hand", "card_out_of_deck"),
    ({"hand": [True]}, "hand", "card_out_of_deck"),
    ({"hand": []}, "hand", "hand_size"),
    ({"hand": list(range(60, 71))}, "hand", "hand_size"),
    ({"players": 1}, "players", "players_range"),
    ({"players": 11}, "players", "players_range"),
    ({"players": "4"}, "players", "players_range"),
    ({"variant": "logique"}, "variant", "variant_unknown"),
    ({"known": {"p5": [7]}}, "known", "no_such_opponent"),
    ({"known": {"p2": [7, 8, 9, 10]}}, "known.p2", "known_too_many"),
    # Tactique at 4 players: cards 1..44 only.
    ({"variant": "tactique"}, "rows[3]", "card_out_of_deck"),
    ({"variant": "tactique", "rows": [[12], [28], [39], [44]]}, "hand", "card_out_of_deck"),
    # The special cards: 4 or 5 rows, markers and Stops on rows of the table, three cards at most.
    ({"rows": ROWS + [[80]]}, "rows[4]", "rows_count"),
    ({"variant": "speciales", "rows": ROWS + [[80], [90]]}, "rows[4]", "rows_count"),
    ({"marked": [1]}, "marked", "specials_only"),
    ({"specials": ["stop"]}, "specials", "specials_only"),
    ({"variant": "speciales", "marked": [4]}, "marked", "not_a_row"),
    ({"variant": "speciales", "stopped": [0, 1, 2, 3]}, "stopped", "all_stopped"),
    ({"variant": "speciales", "rows": [[12], [28], [39], [44, 50, 51, 52, 53, 54, 56]], "marked": [3]},
     "rows[3]", "row_too_long"),
    ({"variant": "speciales", "specials": ["stop"] * 4}, "specials", "specials_hand"),
    ({"variant": "speciales", "specials": ["joker"]}, "specials", "specials_hand"),
    ({"variant": "speciales", "their_specials": [4]}, "their_specials", "their_specials_range"),
    # Four copies of each kind: a marker is a 7 qui prend played, a closed row a Stop played.
    ({"variant": "speciales", "rows": ROWS + [[80]], "marked": [0, 1, 2, 3, 4]}, "marked",
     "specials_exhausted"),
    ({"variant": "speciales", "stopped": [0, 1], "specials": ["stop"] * 3}, "specials",
     "specials_exhausted"),
    ({"variant": "speciales", "their_specials": [1, 1, 1, 1]}, "their_specials", "no_such_opponent"),
    ({"variant": "speciales", "players": 9}, "players", "players_range"),
    ({"variant": "speciales", "hand": list(range(60, 73))}, "hand", "hand_size"),
])
def test_each_mistake_is_named_by_field_and_code(changes, field, code):
    assert problem(**changes) == (field, code)


def test_too_many_opponents_for_the_cards_left():
    # Tactique, 2 players: 24 cards; 14 on the table and in hand leave 10, the opponent needs 10.
    rows = [[1], [5], [9], [20]]
    Position.of(rows, [3, 4, 8, 10, 11, 12, 13, 14, 15, 16], 2, variant="tactique").check()
    assert problem(rows=rows, hand=[3, 4, 8, 10, 11, 12, 13, 14, 15, 16], players=2,
                   variant="tactique", gone=[24]) == ("players", "not_enough_cards")


def test_problems_lists_one_problem_per_field():
    position = Position.of([[12, 11], [28] * 6, [39], [44, 200]], [3, 12], 4)
    assert [(p.field, p.code) for p in position.problems()] == [
        ("rows[0]", "row_not_ascending"), ("rows[1]", "row_too_long"),
        ("rows[3]", "card_out_of_deck"), ("hand", "card_twice")]


def test_a_special_card_position_may_hold_what_the_variant_allows():
    rows = [[12], [28, 30], [39, 40, 41, 42, 43, 45], [44], [80]]   # five rows, a marked one of 6
    position = Position.of(rows, list(range(60, 72)), 7, (), (), "speciales", marked=[2],
                           stopped=[0, 4], specials=["stop", "stop", "glisser"],
                           their_specials={"p3": 2, "p7": 0}).check()
    assert position.their_specials == (0, 2) and position.specials_of(1) == 2
    # Out of the opponents' reach: the reader's three, and the table's 5ᵉ série, 7 qui prend, 2 Stops.
    assert len(position.unseen_specials()) == 28 - 3 - 4


def test_json_round_trip_and_malformed_json():
    position = Position.of(ROWS, [3, 60], 5, {"p4": [7, 8]}, [1], "classic").check()
    assert Position.from_json(position.to_json()) == position
    special = Position.of(ROWS + [[80]], [3, 60], 3, (), [1], "speciales", [4], [0], ["stop"],
                          [1, 3]).check()
    assert Position.from_json(special.to_json()) == special
    for bad in ([], {"rows": ROWS}, {"rows": ROWS, "hand": [3], "cheat": 1}, {"rows": 3, "hand": 4}):
        with pytest.raises(GameError):
            Position.from_json(bad)


def test_the_special_cards_the_table_shows_are_in_no_hand():
    """Two closed rows are two Stops played, the fifth row a 5ᵉ série, a marker a 7 qui prend:
    with two Stops in the reader's hand, no opponent can hold a Stop."""
    position = Position.of(ROWS + [[80]], [3, 60, 77], 4, variant="speciales", stopped=[0, 1],
                           marked=[2], specials=["stop", "stop"]).check()
    assert sorted(position.played_specials()) == ["cinquieme_serie", "sept_qui_prend", "stop", "stop"]
    unseen = position.unseen_specials()
    assert "stop" not in unseen and len(unseen) == 28 - 2 - 4
    assert unseen.count("sept_qui_prend") == 3 and unseen.count("cinquieme_serie") == 3
    assert Position.of(ROWS, [3], 4).played_specials() == []
