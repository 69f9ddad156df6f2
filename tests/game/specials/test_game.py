"""Set-up and scoring of « 6 qui surprend ! » (RULES §3) and the bots' full games."""

import pytest

from game.errors import GameError
from game.rng import Rng
from game.specials.bots import SpecialBot
from round_robots import RoundRandomSpecial, play_game, play_special_round as play_round
from game.specials.cards import KINDS, special_deck
from game.specials.state import SpecialState
from game.specials.round import SpecialRound


def test_the_special_deck_is_four_of_each_of_seven_cards():
    deck = special_deck()
    assert len(deck) == 28 and all(deck.count(k) == 4 for k in KINDS) and len(KINDS) == 7


@pytest.mark.parametrize("players", range(2, 9))
def test_each_player_gets_twelve_number_cards_and_three_special_cards(players):
    rnd = SpecialState([f"p{i}" for i in range(players)], seed=players).round
    assert all(len(h) == 12 for h in rnd.hands.values())
    assert all(len(s) == 3 for s in rnd.specials.values())
    assert len(rnd.table.rows) == 4 and all(len(r) == 1 for r in rnd.table.rows)
    dealt = [c for h in rnd.hands.values() for c in h] + rnd.table.cards()
    assert len(set(dealt)) == 12 * players + 4
    held = [k for s in rnd.specials.values() for k in s]
    assert all(held.count(k) <= 4 for k in KINDS)


@pytest.mark.parametrize("players", [1, 9])
def test_the_variant_is_for_two_to_eight_players(players):
    with pytest.raises(GameError):
        SpecialState([f"p{i}" for i in range(players)])


def test_a_game_has_exactly_two_rounds_with_a_full_redeal():
    game = SpecialState(["A", "B", "C"], seed=4)
    log, first = game.log, game.round
    hands_1 = {p: list(h) for p, h in first.hands.items()}
    play_round(first, {p: SpecialBot() for p in game.players})
    game.end_round()
    assert not game.is_over
    second = game.new_round()
    assert {p: list(h) for p, h in second.hands.items()} != hands_1
    play_round(second, {p: SpecialBot() for p in game.players})
    game.end_round()
    assert game.is_over
    with pytest.raises(GameError):
        game.new_round()
    assert [e.type for e in log].count("round_end") == 2 and log[-1].type == "game_end"
    assert game.totals == {p: game.history[0][p] + game.history[1][p] for p in game.players}


def test_the_fewest_heads_win_and_ties_share():
    game = SpecialState(["A", "B", "C"])
    game.totals = {"A": 4, "B": -2, "C": -2}
    assert game.winners() == ["B", "C"]


def test_a_round_lasts_twelve_turns():
    rnd = SpecialState(["A", "B"], seed=1).round
    play_round(rnd, {p: SpecialBot() for p in rnd.players})
    assert rnd.turn_number == 12 and rnd.over


def test_the_bot_uses_stop_to_dodge_a_sixth_card():
    rnd = SpecialRound(["A"], {"A": [25, 90]}, {"A": ["stop"]},
                       [[5], [20, 21, 22, 23, 24], [70], [80]])
    rnd.reveal({"A": 25})
    move, _ = SpecialBot().decide(rnd, "A")
    assert move == {"card": "stop", "row": 1}


def test_the_bot_plays_negatif_on_the_row_with_the_55():
    rnd = SpecialRound(["A"], {"A": [3, 90]}, {"A": ["negatif_positif"]},
                       [[51, 52, 53, 54, 55], [20], [70], [80]])
    rnd.reveal({"A": 3})
    move, choice = SpecialBot().decide(rnd, "A")
    assert move == {"card": "negatif_positif", "chosen": 55} and choice == 0


def test_the_bot_keeps_its_special_cards_when_nothing_threatens():
    rnd = SpecialRound(["A"], {"A": [30, 90]}, {"A": ["stop", "sept_qui_prend"]},
                       [[5], [20], [70], [80]])
    rnd.reveal({"A": 30})
    assert SpecialBot().decide(rnd, "A") == (None, None)


def test_special_bots_lose_fewer_heads_than_bots_that_never_play_them():
    """Over many games, four special-card bots against four that hold theirs unplayed."""
    class Plain(SpecialBot):
        def decide(self, rnd, player):
            return None, SpecialBot.decide(self, _no_specials(rnd), player)[1]

    wins = {"special": 0, "plain": 0}
    for seed in range(30):
        names = ["s1", "p1", "s2", "p2"]
        game = SpecialState(names, seed=seed)
        play_game(game, {p: SpecialBot() if p[0] == "s" else Plain() for p in names}, play_round)
        wins["special"] += game.totals["s1"] + game.totals["s2"]
        wins["plain"] += game.totals["p1"] + game.totals["p2"]
    assert wins["special"] < wins["plain"]


def _no_specials(rnd):
    clone = rnd.clone()
    clone.specials = {p: [] for p in clone.players}
    return clone


def test_random_special_bots_finish_games_with_every_card_played_somewhere():
    seen = set()
    for seed in range(40):
        game = SpecialState(["A", "B", "C", "D"], seed=seed)
        log = game.log
        rng = Rng(seed)
        play_game(game, {p: RoundRandomSpecial(rng, rate=0.5) for p in game.players}, play_round)
        seen |= {e.special for e in log if e.type == "special_played"}
    assert seen == set(KINDS)


def test_a_refused_reveal_changes_nothing_not_even_a_row_being_asked():
    rnd = SpecialRound(["A", "B"], {"A": [1, 3], "B": [2, 90]}, {}, [[50], [60], [70], [80]])
    rnd.reveal({"A": 3, "B": 90})
    assert not rnd.resolve()   # 3 is lower than every row: its row is asked, nothing moves
    asked = rnd.pending
    assert asked["kind"] == "row" and asked["player"] == "A"
    with pytest.raises(GameError, match="not waiting for cards"):
        rnd.reveal({"A": 1, "B": 2})
    assert rnd.pending == asked and rnd.hands == {"A": [1], "B": [2]}
    fresh = SpecialRound(["A"], {"A": [1, 5]}, {}, [[50], [60], [70], [80]])
    with pytest.raises(GameError, match="does not hold card True"):   # JSON true is not card 1
        fresh.reveal({"A": True})
    assert fresh.hands == {"A": [1, 5]} and fresh.turn_number == 0
