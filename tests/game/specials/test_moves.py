"""Each special card (RULES §3): its effect, each of its refusals, and its French sentence."""

import pytest

from game.errors import GameError
from game.messages import explain
from game.messages.specials import refusal

from specials_helpers import refused, snapshot, table, types

NB = "\u00a0"
ROWS = [[12], [28], [39], [44]]


def test_a_plain_card_still_follows_the_classic_rules():
    rnd = table(ROWS, {"A": 37})
    rnd.settle()
    assert rnd.table.rows == [[12], [28, 37], [39], [44]]
    assert types(rnd) == ["reveal", "special_place"]


def test_special_cards_a_player_does_not_hold_are_refused():
    rnd = table(ROWS, {"A": 37}, held={"A": ["stop"]})
    error = refused(rnd, {"card": "glisser", "from_row": 0, "from_index": 0, "to_row": 1, "to_index": 0},
                    reason="not_held")
    assert refusal(error) == f"Impossible de jouer la carte Glisser{NB}: vous n’avez pas cette carte en main."


def test_a_move_with_missing_or_unknown_fields_is_an_author_error_and_changes_nothing():
    rnd = table(ROWS, {"A": 37})
    before = snapshot(rnd)
    for move in ({"card": "stop"}, {"card": "stop", "row": 1, "rows": 2}, {"card": "joker"},
                 {"card": "stop", "row": True}):
        with pytest.raises(GameError) as info:
            rnd.resolve(move)
        assert info.value.code == "special_shape"
    assert snapshot(rnd) == before


# --- 5e série -----------------------------------------------------------------------------

def test_fifth_row_opens_a_row_with_the_card_played():
    rnd = table(ROWS, {"A": 37})
    rnd.settle({"card": "cinquieme_serie"})
    assert rnd.table.rows == [[12], [28], [39], [44], [37]]
    assert types(rnd)[1:] == ["special_played", "special_fifth_row"]
    assert explain(rnd.log[-1]).startswith("Le 37 ouvre une cinquième rangée, la rangée\u00a05.")
    assert rnd.specials["A"].count("cinquieme_serie") == 0 and rnd.discard == ["cinquieme_serie"]


def test_fifth_row_is_refused_while_five_rows_exist():
    rnd = table(ROWS + [[60]], {"A": 37})
    error = refused(rnd, {"card": "cinquieme_serie"}, reason="five_rows")
    assert "5" in refusal(error) and "cinq rangées" in refusal(error)


def test_a_sixth_card_with_five_rows_takes_the_card_too_and_the_row_disappears():
    rnd = table([[12], [20, 21, 22, 23, 24], [39], [44], [60]], {"A": 25}, marked=(), stopped=())
    rnd.settle()
    assert rnd.table.rows == [[12], [39], [44], [60]]
    assert rnd.piles["A"] == [20, 21, 22, 23, 24, 25]
    assert types(rnd)[-1] == "special_row_removed"
    assert rnd.scores()["A"] == 3 + 1 + 5 + 1 + 1 + 2   # 20, 21, 22, 23, 24 and 25


def test_a_too_low_card_with_five_rows_takes_its_row_and_itself():
    rnd = table([[12], [28], [39], [44], [60]], {"A": 5})
    before = snapshot(rnd)
    assert rnd.resolve() is False and snapshot(rnd) == before
    assert rnd.pending["kind"] == "row" and [o["row"] for o in rnd.pending["options"]] == [0, 1, 2, 3, 4]
    assert rnd.choose(3) is True
    assert rnd.table.rows == [[12], [28], [39], [60]] and rnd.piles["A"] == [44, 5]


def test_the_rows_after_a_removed_row_move_up_with_their_marker():
    rnd = table([[12], [20, 21, 22, 23, 24], [39], [44, 45], [60]], {"A": 25}, marked=[3])
    rnd.settle()
    assert rnd.table.marked == {2} and rnd.table.rows[2] == [44, 45]


# --- 7 qui prend --------------------------------------------------------------------------

def test_seven_lets_a_sixth_card_stay_and_the_seventh_takes():
    rnd = table([[12], [20, 21, 22, 23, 24], [39], [44]], {"A": 25, "B": 26})
    rnd.settle({"card": "sept_qui_prend"})
    assert rnd.table.rows[1] == [20, 21, 22, 23, 24, 25] and rnd.table.marked == {1}
    assert rnd.piles["A"] == []
    rnd.settle()
    assert rnd.table.rows[1] == [26] and rnd.table.marked == set()
    assert rnd.piles["B"] == [20, 21, 22, 23, 24, 25]
    assert types(rnd)[-2:] == ["special_seventh_take", "start_row"]
    assert "septième" in explain(rnd.log[-2])


def test_seven_on_a_short_row_makes_it_full_at_once():
    rnd = table(ROWS, {"A": 30, "B": 31})
    rnd.settle({"card": "sept_qui_prend"})
    assert rnd.table.rows[1] == [28, 30] and rnd.table.is_full(1)
    rnd.settle()
    assert rnd.piles["B"] == [28, 30] and rnd.table.rows[1] == [31]


def test_seven_is_refused_on_a_row_already_marked():
    rnd = table([[12], [28, 30], [39], [44]], {"A": 33}, marked=[1])
    error = refused(rnd, {"card": "sept_qui_prend"}, reason="seven_marked")
    assert "déjà un marqueur" in refusal(error)


def test_seven_is_refused_for_a_card_lower_than_every_row():
    refused(table(ROWS, {"A": 5}), {"card": "sept_qui_prend"}, reason="seven_too_low")


# --- Insérer ------------------------------------------------------------------------------

def test_insert_at_the_start_or_between_two_cards():
    rnd = table([[12, 20], [28], [39], [44]], {"A": 10, "B": 15})
    rnd.settle({"card": "inserer", "row": 0, "position": 0})
    rnd.settle({"card": "inserer", "row": 0, "position": 2})
    assert rnd.table.rows[0] == [10, 12, 15, 20]
    assert explain(rnd.log[-1]) == f"B insère le 15 dans la rangée{NB}1, entre le 12 et le 20{NB}: l’ordre croissant est respecté."


@pytest.mark.parametrize("row,position,reason", [
    (0, 1, "insert_order"),      # 30 between 12 and 20: not ascending
    (0, 2, "insert_position"),   # the end of the row is not an insertion
    (0, -1, "insert_position"),
    (7, 0, "no_row"),
    (1, 0, "stopped"),
])
def test_insert_refusals(row, position, reason):
    rnd = table([[12, 20], [35], [39], [44]], {"A": 30}, stopped=[1])
    refused(rnd, {"card": "inserer", "row": row, "position": position}, reason=reason)


def test_insert_into_a_full_row_takes_five_and_the_last_card_stays():
    rnd = table([[10, 20, 30, 40, 50], [60], [70], [80]], {"A": 25})
    rnd.settle({"card": "inserer", "row": 0, "position": 2})
    assert rnd.piles["A"] == [10, 20, 25, 30, 40]
    assert rnd.table.rows[0] == [50]
    assert types(rnd)[-1] == "special_insert_take"
    assert "La dernière, le 50, reste" in explain(rnd.log[-1])


# --- Remplacer ----------------------------------------------------------------------------

def test_replace_plays_another_card_in_the_same_slot_and_the_first_returns_to_hand():
    rnd = table(ROWS, {"A": 13, "B": 20}, hands={"A": [45]})
    rnd.settle({"card": "remplacer", "with": 45})
    assert rnd.table.rows == [[12], [28], [39], [44, 45]]
    assert rnd.hands["A"] == [13]
    assert types(rnd)[-2:] == ["special_replaced", "special_place"]
    rnd.settle()   # B's 20 is still settled after A's slot
    assert rnd.table.rows[0] == [12, 20]


def test_replace_is_refused_with_a_card_not_in_hand():
    rnd = table(ROWS, {"A": 13, "B": 20}, hands={"A": [45]})
    error = refused(rnd, {"card": "remplacer", "with": 20}, reason="not_in_hand")
    assert "n’est plus dans votre main" in refusal(error)


def test_replace_with_a_too_low_card_asks_for_a_row():
    rnd = table(ROWS, {"A": 13}, hands={"A": [3]})
    assert rnd.resolve({"card": "remplacer", "with": 3}) is False
    assert rnd.hands["A"] == [3] and rnd.specials["A"].count("remplacer") == 1   # nothing changed
    assert rnd.pending == {"kind": "row", "player": "A", "card": 3, "options": rnd.options(),
                           "special": {"card": "remplacer", "with": 3}}   # the row for the new card
    rnd.choose(1)
    assert rnd.table.rows[1] == [3] and rnd.hands["A"] == [13]


# --- Glisser ------------------------------------------------------------------------------

def test_slide_moves_a_card_then_the_number_card_is_placed():
    rnd = table([[12, 40], [28], [39, 41], [44]], {"A": 42})
    rnd.settle({"card": "glisser", "from_row": 0, "from_index": 1, "to_row": 1, "to_index": 1})
    assert rnd.table.rows == [[12], [28, 40], [39, 41, 42], [44]]
    assert types(rnd)[-2:] == ["special_slid", "special_place"]


@pytest.mark.parametrize("move,reason", [
    ((1, 0, 0, 1), "slide_empties"),
    ((0, 1, 2, 5), "slide_overfills"),
    ((0, 1, 3, 0), "stopped"),
    ((3, 0, 0, 1), "stopped"),
    ((0, 1, 0, 0), "slide_same_row"),
    ((0, 5, 1, 0), "slide_no_card"),
    ((0, 0, 1, 1), "slide_order"),      # 12 after 28
    ((9, 0, 1, 0), "no_row"),
])
def test_slide_refusals(move, reason):
    rnd = table([[12, 40], [28], [50, 51, 52, 53, 54], [60, 61]], {"A": 70}, stopped=[3])
    fr, fi, to, ti = move
    refused(rnd, {"card": "glisser", "from_row": fr, "from_index": fi, "to_row": to, "to_index": ti},
            reason=reason)


# --- Stop ---------------------------------------------------------------------------------

def test_a_stopped_row_is_absent_for_placement():
    rnd = table(ROWS, {"A": 30, "B": 31})
    rnd.settle({"card": "stop", "row": 1})
    assert rnd.table.rows[0] == [12, 30] and rnd.table.stopped == {1}
    # The 30 passed over the stopped 28, the closer row end below it: the sentence says why.
    assert rnd.log[-1].passed == (1,)
    assert explain(rnd.log[-1]) == (f"A pose le 30 après le 12, dans la rangée{NB}1{NB}: le 12 est le bout "
                                    f"de rangée ouverte le plus proche en dessous de 30 (écart de 18)"
                                    f"\u202f; la rangée{NB}2, bloquée, ne compte pas.")
    rnd.settle()
    assert rnd.table.rows[0] == [12, 30, 31]
    assert rnd.log[-1].passed == ()   # the 30 now ends row 1, closer to the 31 than the 28


def test_a_stopped_row_above_the_card_is_not_said_to_be_passed():
    rnd = table(ROWS, {"A": 30}, stopped=[2])
    rnd.settle()
    assert rnd.log[-1].passed == () and "bloquée" not in explain(rnd.log[-1])


def test_a_fifth_card_is_not_said_to_make_the_next_player_take():
    """A « 7 qui prend » played with the next card there makes it the sixth without a take."""
    rnd = table([[12, 13, 14, 15], [28], [39], [44]], {"A": 16})
    rnd.settle()
    text = explain(rnd.log[-1])
    assert text.endswith(f"La rangée compte maintenant cinq cartes{NB}: la prochaine carte posée ici "
                         f"serait la sixième.") and "ramassera" not in text


def test_a_stopped_row_cannot_be_taken_and_every_stop_goes_at_the_first_take():
    rnd = table(ROWS, {"A": 5, "B": 30}, stopped=[0, 2])
    assert rnd.resolve() is False
    assert [o["row"] for o in rnd.pending["options"]] == [1, 3]
    with pytest.raises(GameError):
        rnd.resolve(None, 0)
    rnd.settle(None, 1)
    assert "special_too_low" in types(rnd) and "too_low" not in types(rnd)
    assert "les rangées bloquées (1 et 3) ne comptent pas" in explain(rnd.log[1])
    assert rnd.table.stopped == set()
    assert types(rnd)[-1] == "special_stops_removed"
    assert explain(rnd.log[-1]).endswith("quittent la table.")


def test_stop_is_refused_on_a_stopped_row_and_on_the_last_open_row():
    rnd = table(ROWS, {"A": 30}, stopped=[0, 1, 2])
    refused(rnd, {"card": "stop", "row": 1}, reason="stop_stopped")
    error = refused(rnd, {"card": "stop", "row": 3}, reason="stop_last")
    assert "au moins une rangée doit rester ouverte" in refusal(error)


def test_a_stop_may_lie_beside_a_seven_marker():
    rnd = table([[12], [28, 29], [39], [44]], {"A": 45}, marked=[1])
    rnd.settle({"card": "stop", "row": 1})
    assert rnd.table.stopped == {1} and rnd.table.marked == {1}


# --- Négatif = positif --------------------------------------------------------------------

def test_negative_counts_the_chosen_card_in_the_players_favour():
    rnd = table([[51, 52, 53, 54, 55], [70], [80], [90]], {"A": 60})
    rnd.settle({"card": "negatif_positif", "chosen": 55})
    assert rnd.piles["A"] == [51, 52, 53, 54, 55]
    assert rnd.scores()["A"] == 11 - 14 == -3
    assert types(rnd)[-1] == "special_negative"
    assert "baisse de 14" in explain(rnd.log[-1])


def test_negative_works_with_a_too_low_card_and_its_row_choice():
    rnd = table(ROWS, {"A": 5})
    rnd.settle({"card": "negatif_positif", "chosen": 44}, 3)
    assert rnd.scores()["A"] == 5 - 10


def test_negative_is_refused_when_the_player_takes_nothing():
    error = refused(table(ROWS, {"A": 30}), {"card": "negatif_positif", "chosen": 28},
                    reason="negative_no_take")
    assert "pas en train de ramasser" in refusal(error)


def test_negative_is_refused_for_a_card_not_taken():
    rnd = table([[51, 52, 53, 54, 56], [70], [80], [90]], {"A": 60})
    refused(rnd, {"card": "negatif_positif", "chosen": 70}, reason="negative_not_taken")


def test_a_caller_holding_every_decision_is_told_when_it_left_out_the_row():
    rnd = table(ROWS, {"A": 5, "B": 30})
    before = snapshot(rnd)
    with pytest.raises(GameError) as info:
        rnd.settle()
    assert info.value.code == "missing_choice" and "5 is lower than every open row" in str(info.value)
    assert snapshot(rnd) == before
    with pytest.raises(GameError):
        table(ROWS, {"A": 37}).choose(0)   # nothing to answer: the 37 finds its row
    assert rnd.pending["kind"] == "row"
    rnd.settle(None, 2)
    assert rnd.pending == {"kind": "place", "player": "B", "card": 30}
