"""Rounds and games (RULES §1, §2): deal, draft, end of game, ties, countdown, snapshots, events."""

from __future__ import annotations

import copy
import json

import pytest

from game import events as ev
from game.classic.bots import HeuristicBot
from round_robots import RoundRandom as RandomBot, play_game, play_round, snapshot
from game.classic.cards import tactique_deck
from game.errors import GameError
from game.classic.play import Options, Round
from game.classic.state import ClassicState

PLAYERS = ["Alice", "Bruno", "Chloé", "David"]
ONE_HEAD = [c for c in range(1, 105) if c % 5 and c % 11]  # 1 head each: piles of any size


def finish_round(game: ClassicState, heads: dict) -> dict:
    """Score a round in which each player took exactly `heads[player]` heads."""
    rnd = Round(game.players, {}, [[101], [102], [103], [104]], number=len(game.history) + 1,
                log=game.log)
    rnd.piles = {p: ONE_HEAD[:heads.get(p, 0)] for p in game.players}
    game.round = rnd
    return game.end_round()


# --- deal -----------------------------------------------------------------------------------

@pytest.mark.parametrize("n", range(2, 11))
def test_deal_gives_ten_cards_each_and_four_rows(n):
    rnd = ClassicState([f"p{i}" for i in range(n)], seed=n).round
    cards = [c for h in rnd.hands.values() for c in h] + rnd.table.cards()
    assert all(len(h) == 10 for h in rnd.hands.values())
    assert [len(r) for r in rnd.table.rows] == [1, 1, 1, 1]
    assert len(cards) == len(set(cards)) == 10 * n + 4
    assert all(1 <= c <= 104 for c in cards)


@pytest.mark.parametrize("n", [2, 5, 10])
def test_tactique_deals_every_card_of_its_deck(n):
    rnd = ClassicState([f"p{i}" for i in range(n)], variant="tactique", seed=3).round
    cards = sorted([c for h in rnd.hands.values() for c in h] + rnd.table.cards())
    assert cards == tactique_deck(n)


@pytest.mark.parametrize("players", [["a"], [f"p{i}" for i in range(11)], ["a", "a"]])
def test_game_refuses_bad_player_lists(players):
    with pytest.raises(GameError):
        ClassicState(players)


def test_a_round_is_ten_turns():
    game = ClassicState(PLAYERS, seed=5)
    rnd = game.round
    bots = {p: RandomBot(game.rng) for p in PLAYERS}
    play_round(rnd, bots)
    assert rnd.over and rnd.turn_number == 10 and rnd.pending is None


# --- Logique draft ----------------------------------------------------------------------------

def draft_order(rnd: Round) -> list[str]:
    """Who picks, pick after pick, until the round's rows are laid."""
    order = []
    while rnd.draft is not None:
        want = rnd.pending
        assert want["kind"] == "pick"
        order.append(want["player"])
        rnd.pick(want["player"], want["cards"][0])
    return order


def test_logique_two_players_draft_cards_1_to_24_and_the_four_left_start_the_rows():
    game = ClassicState(["Alice", "Bruno"], variant="logique", seed=1)
    rnd = game.round
    assert rnd.pending["cards"] == list(range(1, 25))
    bot = HeuristicBot()
    picked = []
    while rnd.draft is not None:
        want = rnd.pending
        card = bot.pick(rnd, want["player"], want["cards"])
        picked.append(card)
        rnd.pick(want["player"], card)
    left = sorted(set(range(1, 25)) - set(picked))
    assert len(left) == 4
    assert rnd.table.rows == [[c] for c in left]
    assert all(len(h) == 10 for h in rnd.hands.values())
    deal = [e for e in game.log if isinstance(e, ev.Deal)]
    assert deal == [ev.Deal(1, tuple((c,) for c in left), 24, drafted=True)]
    assert [e.card for e in game.log if isinstance(e, ev.DraftPick)] == picked


def test_logique_players_pick_one_at_a_time_in_turn_order():
    order = draft_order(ClassicState(PLAYERS, variant="logique", seed=1).round)
    assert order == PLAYERS * 10


def test_logique_first_picker_moves_one_seat_each_round():
    game = ClassicState(PLAYERS, variant="logique", options={"rounds": 5}, seed=2)
    bots = {p: RandomBot(game.rng) for p in PLAYERS}
    firsts = []
    for number in range(5):
        rnd = game.round or game.new_round()
        firsts.append(rnd.pending["player"])
        seat = number % 4
        assert draft_order(copy.deepcopy(rnd)) == (PLAYERS[seat:] + PLAYERS[:seat]) * 10
        play_round(rnd, bots)
        game.end_round()
    assert firsts == ["Alice", "Bruno", "Chloé", "David", "Alice"]


def test_draft_refuses_the_wrong_picker_or_a_card_not_face_up_and_changes_nothing():
    rnd = ClassicState(["Alice", "Bruno"], variant="logique", seed=1).round
    rnd.pick("Alice", 7)
    before = snapshot(rnd)
    for player, card in (("Alice", 8), ("Bruno", 7), ("Bruno", 25), ("Zoé", 8)):
        with pytest.raises(GameError):
            rnd.pick(player, card)
        assert snapshot(rnd) == before


def test_cards_cannot_be_played_during_the_draft():
    rnd = ClassicState(["Alice", "Bruno"], variant="logique", seed=1).round
    with pytest.raises(GameError):
        rnd.play({"Alice": 1, "Bruno": 2})


# --- end of game ----------------------------------------------------------------------------------

def test_game_ends_after_the_round_where_someone_reaches_66():
    game = ClassicState(PLAYERS, seed=1)
    finish_round(game, {"Alice": 40, "Bruno": 65})
    assert not game.is_over
    finish_round(game, {"Alice": 26})
    assert game.is_over and game.totals["Alice"] == 66


def test_game_end_at_66_or_more_counts_exceeding_too():
    game = ClassicState(PLAYERS, seed=1)
    finish_round(game, {"Chloé": 70})
    assert game.is_over


def test_strict_plus_de_66_needs_more_than_66():
    game = ClassicState(PLAYERS, options={"strict": True}, seed=1)
    finish_round(game, {"Alice": 66})
    assert not game.is_over
    finish_round(game, {"Alice": 1})
    assert game.is_over


def test_other_target():
    game = ClassicState(PLAYERS, options={"target": 30}, seed=1)
    finish_round(game, {"Alice": 29})
    assert not game.is_over
    finish_round(game, {"Bruno": 30})
    assert game.is_over


def test_fixed_number_of_rounds_ignores_the_target():
    game = ClassicState(PLAYERS, options={"rounds": 3}, seed=1)
    finish_round(game, {"Alice": 100})
    finish_round(game, {})
    assert not game.is_over
    finish_round(game, {})
    assert game.is_over and len(game.history) == 3


def test_no_round_after_the_end():
    game = ClassicState(PLAYERS, seed=1)
    finish_round(game, {"Alice": 66})
    with pytest.raises(GameError):
        game.new_round()


@pytest.mark.parametrize("variant, options", [("nope", {}), ("classic", {"target": 0}),
                                             ("classic", {"rounds": 0})])
def test_bad_options_are_refused(variant, options):
    with pytest.raises(GameError):
        ClassicState(PLAYERS, variant=variant, options=options)


def test_fewest_heads_wins():
    game = ClassicState(PLAYERS, seed=1)
    finish_round(game, {"Alice": 66, "Bruno": 12, "Chloé": 3, "David": 20})
    assert game.winners() == ["Chloé"]
    assert game.log[-1] == ev.GameEnd(1, {"Alice": 66, "Bruno": 12, "Chloé": 3, "David": 20}, ("Chloé",))


def test_shared_victory_on_ties():
    game = ClassicState(PLAYERS, seed=1)
    finish_round(game, {"Alice": 66, "Bruno": 8, "Chloé": 20, "David": 8})
    assert game.winners() == ["Bruno", "David"]
    end = game.log[-1]
    assert isinstance(end, ev.GameEnd) and end.winners == ("Bruno", "David")


def test_round_end_event_has_round_scores_and_totals():
    game = ClassicState(PLAYERS, seed=1)
    finish_round(game, {"Alice": 5})
    finish_round(game, {"Alice": 2, "Bruno": 1})
    assert game.log[-1] == ev.RoundEnd(2, {"Alice": 2, "Bruno": 1, "Chloé": 0, "David": 0},
                                       {"Alice": 7, "Bruno": 1, "Chloé": 0, "David": 0})
    assert game.history == [{"Alice": 5, "Bruno": 0, "Chloé": 0, "David": 0},
                            {"Alice": 2, "Bruno": 1, "Chloé": 0, "David": 0}]


def test_end_round_refuses_an_unfinished_round():
    game = ClassicState(PLAYERS, seed=1)
    with pytest.raises(GameError):
        game.end_round()


# --- snapshots and events --------------------------------------------------------------------------

def played_round(seed=4, turns=4) -> Round:
    game = ClassicState(PLAYERS, seed=seed)
    rnd = game.round
    bots = {p: RandomBot(game.rng) for p in PLAYERS}
    for _ in range(turns):
        rnd.play({p: bots[p].card(rnd, p) for p in PLAYERS},
                 lambda p, c, t: bots[p].row(rnd, p, c))
    return rnd


@pytest.mark.parametrize("variant", ["classic", "logique"])
def test_events_to_dict_round_trip(variant):
    game = ClassicState(PLAYERS, variant=variant, seed=11)
    log = game.log
    play_game(game, {p: HeuristicBot(game.rng) for p in PLAYERS})
    kinds = {e.type for e in log}
    expected = {"reveal", "place", "take", "start_row", "deal", "round_end", "game_end"}
    assert expected <= kinds
    if variant == "logique":
        assert "draft_pick" in kinds
    for event in log:
        data = json.loads(json.dumps(event.to_dict()))
        assert data["type"] == event.type
        assert data == event.to_dict()


def test_choice_events_round_trip():
    log = []
    rnd = Round(["a", "b"], {"a": [3], "b": [60]}, [[20], [30], [40], [50]], log=log)
    rnd.play({"a": 3, "b": 60}, lambda p, c, t: 1)
    kinds = [e.type for e in log]
    assert kinds == ["reveal", "too_low", "choice_requested", "choice_made", "take", "start_row", "place"]
    for event in log:
        data = json.loads(json.dumps(event.to_dict()))
        assert data == event.to_dict()


# --- errors never corrupt the state ------------------------------------------------------------------

def state(rnd: Round):
    return json.dumps(snapshot(rnd)), (rnd.pos, rnd.waiting, list(rnd.queue)), rnd.pending


@pytest.mark.parametrize("bad", [
    lambda hands: {"Alice": hands["Bruno"][0], "Bruno": hands["Bruno"][1],
                   "Chloé": hands["Chloé"][0], "David": hands["David"][0]},   # another player's card
    lambda hands: {"Alice": 105, "Bruno": hands["Bruno"][0], "Chloé": hands["Chloé"][0],
                   "David": hands["David"][0]},                              # outside 1..104
    lambda hands: {"Alice": 0, "Bruno": hands["Bruno"][0], "Chloé": hands["Chloé"][0],
                   "David": hands["David"][0]},
    lambda hands: {"Alice": str(hands["Alice"][0]), "Bruno": hands["Bruno"][0],
                   "Chloé": hands["Chloé"][0], "David": hands["David"][0]},  # not a number
    lambda hands: {"Alice": hands["Alice"][0], "Bruno": hands["Bruno"][0],
                   "Chloé": hands["Chloé"][0]},                              # David plays nothing
    lambda hands: {"Alice": hands["Alice"][0], "Bruno": hands["Bruno"][0],
                   "Chloé": hands["Chloé"][0], "David": hands["David"][0], "Zoé": 1},  # unknown player
    lambda hands: {"Alice": hands["Alice"][0], "Bruno": hands["Bruno"][0],
                   "Chloé": hands["Chloé"][0], "David": hands["Alice"][1]},  # card of Alice's twice
])
def test_bad_play_leaves_the_round_exactly_as_before(bad):
    rnd = played_round(turns=2)
    before = state(rnd)
    with pytest.raises(GameError):
        rnd.play(bad(rnd.hands))
    assert state(rnd) == before


def test_bad_play_names_player_card_and_turn():
    rnd = played_round(turns=2)
    with pytest.raises(GameError) as info:
        rnd.play({"Alice": 105, **{p: rnd.hands[p][0] for p in PLAYERS[1:]}})
    assert (info.value.player, info.value.card, info.value.turn) == ("Alice", 105, 3)
    assert "Alice" in str(info.value) and "105" in str(info.value) and "turn 3" in str(info.value)


def test_json_true_is_not_the_card_1():
    rnd = Round(["a", "b"], {"a": [1, 60], "b": [70, 80]}, [[20], [30], [40], [50]])
    before = state(rnd)
    with pytest.raises(GameError):
        rnd.play({"a": True, "b": 70})
    assert state(rnd) == before


def waiting_for_a_row() -> Round:
    rnd = Round(["a", "b"], {"a": [3, 61], "b": [4, 60]}, [[20], [30], [40], [50]])
    assert rnd.play({"a": 3, "b": 60}) is False
    return rnd


@pytest.mark.parametrize("row", [-1, 4, 99, True, "0", 1.5])
def test_bad_row_choice_leaves_the_round_exactly_as_before(row):
    rnd = waiting_for_a_row()
    before = state(rnd)
    assert rnd.pending["kind"] == "row" and rnd.pending["player"] == "a"
    with pytest.raises(GameError) as info:
        rnd.choose(row)
    assert (info.value.player, info.value.card, info.value.turn) == ("a", 3, 1)
    assert state(rnd) == before
    assert rnd.choose(2) is True
    assert rnd.table.rows == [[20], [30], [3], [50, 60]] and rnd.piles == {"a": [40], "b": []}


def test_play_while_a_row_choice_is_pending_changes_nothing():
    rnd = waiting_for_a_row()
    before = state(rnd)
    with pytest.raises(GameError):
        rnd.play({"a": 61, "b": 4})
    assert state(rnd) == before


def test_choose_without_a_pending_choice_is_refused():
    rnd = Round(["a", "b"], {"a": [3], "b": [60]}, [[2], [30], [40], [50]])
    with pytest.raises(GameError):
        rnd.choose(0)


@pytest.mark.parametrize("changes", [{"target": None}, {"target": True}, {"rounds": 0}, {"strict": 1},
                                     {"target": "66"}, {"variant": None}])
def test_bad_options_raise_game_error_naming_the_option(changes):
    variant = changes.get("variant", "classic")
    with pytest.raises(GameError) as caught:
        Options.read(variant, {k: v for k, v in changes.items() if k != "variant"})
    assert caught.value.code == "options" and caught.value.field == next(iter(changes))
