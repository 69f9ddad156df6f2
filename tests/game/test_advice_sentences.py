"""The robot's advice and the moves it names say what the rules do, in French a reader reads once.

Each case here was a sentence a reader could misread: « Négatif = positif » described as
cancelling the heads (docs/rules.md §3: they count for the player, twice lower than a take), « ne
coûte que 1 tête », a Junior choice that asked « laquelle » of a row and a card at once.
"""

from __future__ import annotations

import pytest

from game.classic.bots import HeuristicBot
from game.classic.table import Table
from game.messages import advice
from game.messages.typography import NBSP


def test_negatif_positif_counts_the_heads_for_the_player():
    text = advice.special_move(30, {"special": {"card": "negatif_positif", "chosen": 55}})
    assert "en votre faveur les têtes du 55" in text
    assert "annul" not in text


@pytest.mark.parametrize("rows, cost", [
    ([[11], [20, 21], [33], [47]], "ne coûte qu’une tête de bœuf"),          # the 47's row: one head
    ([[11], [20], [33], [55]], f"ne coûte que 3{NBSP}têtes de bœuf"),            # the 20: three heads
])
def test_a_too_low_card_names_the_cheapest_row_s_price(rows, cost):
    table = Table(rows)
    assessed = {card: HeuristicBot().assess(table, card) for card in (5, 60)}
    text = advice.card_advice(table, 5, assessed)
    assert "plus petit que toutes les rangées" in text and cost in text, text


def test_a_stuck_junior_player_is_asked_for_both_the_row_and_the_card():
    text = advice.junior_decision(True)
    assert text.endswith("Choisissez la rangée et la carte.")
