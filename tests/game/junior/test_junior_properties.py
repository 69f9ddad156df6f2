"""Invariants over random games of every level (hypothesis picks level, players, seed and bots)."""

import copy
import json

from hypothesis import given
from junior_helpers import final_state
from hypothesis import strategies as st

from game.errors import GameError
from game.junior.cows import ALL_TYPES, CARD_IDS, row_types
from game.junior.rules import ROWS, all_cards, deal, legal_moves, play, playable_cards, to_play
from game.junior.scenario import to_scenario
from game.junior.state import run_game
from game.junior.bots import heuristic_move
from game.rng import Rng

games = st.tuples(st.sampled_from(["base", "avance", "expert"]), st.integers(2, 5),
                  st.integers(0, 10**6), st.sampled_from(["random", "heuristic", "mixed"]))


def play_out(level, players, seed, bots):
    """Yield (state before, move, state after, events) for a whole game."""
    names = [f"p{k}" for k in range(players)]
    rng = Rng(seed + 1)
    state = deal(level, names, seed)
    while not state["over"]:
        player = to_play(state)
        use_random = bots == "random" or (bots == "mixed" and names.index(player) % 2)
        card, row = rng.choice(legal_moves(state, player)) if use_random else heuristic_move(state, player)
        after, events = play(state, player, card, row)
        yield state, (player, card, row), after, events
        state = after


@given(games)
def test_cards_are_conserved_and_rows_obey_their_level(game):
    level = game[0]
    for before, _, after, events in play_out(*game):
        assert sorted(all_cards(after)) == list(CARD_IDS)
        for e in events:
            if e["type"] == "junior_complete":
                assert row_types(e["cards"]) == ALL_TYPES
        if level == "expert":
            assert all(1 <= len(r) <= 5 for r in after["rows"])  # never over six: the 6th takes
            assert all(e["type"] != "junior_complete" for e in events)
        else:
            assert all(row_types(r) != ALL_TYPES for r in after["rows"])  # a complete row is taken
    assert after["over"] and not after["deck"] and not any(after["hands"].values())
    assert sum(len(a) for a in after["albums"].values()) + sum(map(len, after["rows"])) == 52


@given(games)
def test_snapshots_round_trip_through_json_and_the_player_to_move_always_can(game):
    for before, _, after, _ in play_out(*game):
        assert json.loads(json.dumps(before)) == before
        assert legal_moves(before, to_play(before))
    assert json.loads(json.dumps(after)) == after


@given(games, st.integers(0, 3), st.integers(0, 60))
def test_illegal_moves_are_refused_and_change_nothing(game, row, pick):
    for before, (player, card, _), _, _ in play_out(*game):
        legal = set(legal_moves(before, player))
        own = [(c, r) for c in playable_cards(before, player) for r in range(ROWS) if (c, r) not in legal]
        other = [(c, r) for c in range(1, 53) for r in range(ROWS) if (c, r) not in legal]
        # a wrong row for a card the player holds is the interesting refusal; try it when there is one
        candidates = own if own and pick % 2 == 0 else other
        bad = candidates[pick % len(candidates)]
        snapshot = copy.deepcopy(before)
        try:
            play(before, player, *bad)
        except GameError:
            pass
        else:
            raise AssertionError(f"{bad} was not in legal_moves yet was accepted")
        assert before == snapshot


@given(games)
def test_replaying_the_log_of_a_game_gives_the_same_state(game):
    level, players, seed, bots = game
    names = [f"p{k}" for k in range(players)]
    seat = {p: ("random" if bots == "random" or (bots == "mixed" and i % 2) else "heuristic")
            for i, p in enumerate(names)}
    first, moves, final = run_game(level, names, seed, bot=seat)
    scenario = json.loads(json.dumps(to_scenario(first, moves)))  # through JSON, as a file would
    assert final_state(scenario) == final
