"""The one state protocol (game/state.py) over every variant of the registry.

Each property is checked for classic, Tactique, Logique, the special cards and Junior, so a
variant that breaks the contract the session, the robots and the saved games rely on fails here.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import state as protocol
from game import variants
from game.errors import GameError
from game.rng import Rng

PLAYERS = ["Ana", "Bea", "Cyd"]
ALL = variants.names()


def played(name: str, seed: int, bot: str = "random", stop: int | None = None):
    variant = variants.get(name)
    s = variant.new_game(PLAYERS, seed=seed)
    bots = protocol.make_bots(variant, PLAYERS, bot, seed)
    for _ in range(stop if stop is not None else protocol.MAX_MOVES):
        want = s.pending
        if want is None:
            break
        player = want.get("player")
        s.apply(bots[player].move(s) if player else s.legal_moves()[0])
    return s


@pytest.mark.parametrize("name", ALL)
def test_a_game_played_to_its_end_has_winners_with_the_best_returns(name):
    s = played(name, seed=7)
    assert s.is_over and s.pending is None and s.legal_moves() == []
    returns = s.returns()
    assert sorted(s.winners()) == sorted(p for p in PLAYERS if returns[p] == max(returns.values()))


@pytest.mark.parametrize("name", ALL)
@settings(deadline=None)   # a shared 2-core machine: timing is not what this checks
@given(seed=st.integers(0, 10_000), stop=st.integers(0, 120))
def test_to_json_from_json_rebuilds_the_same_game(name, seed, stop):
    s = played(name, seed, stop=stop)
    data = json.loads(json.dumps(s.to_json()))
    again = protocol.from_json(data)
    assert again.to_json() == s.to_json() and again.scores() == s.scores()
    assert again.pending == s.pending and again.legal_moves() == s.legal_moves()


@pytest.mark.parametrize("name", ALL)
@settings(deadline=None)
@given(seed=st.integers(0, 10_000), stop=st.integers(0, 80), pick=st.integers(0, 10_000))
def test_every_legal_move_applies_and_a_refused_move_changes_nothing(name, seed, stop, pick):
    s = played(name, seed, stop=stop)
    if s.pending is None:
        return
    legal = s.legal_moves()
    assert legal, "a game waiting for a decision offers at least one move"
    before = json.dumps(s.to_json())
    someone_else = {**legal[0], "player": "Nobody"} if legal[0].get("player") else {"kind": "nonsense"}
    for wrong in ({"kind": "nonsense"}, someone_else, {**legal[0], "card": 999}, {**legal[0], "row": 42},
                  {**legal[0], "card": True}, "card", None):
        if wrong in legal:
            continue
        with pytest.raises(GameError):
            s.apply(wrong)
        assert json.dumps(s.to_json()) == before
    copy = protocol.from_json(s.to_json())
    copy.apply(legal[pick % len(legal)])
    assert len(copy.to_json()["moves"]) == len(s.to_json()["moves"]) + 1


@pytest.mark.parametrize("name", ALL)
def test_the_heuristic_robot_beats_the_random_one_on_average(name):
    """Not a proof of skill: a check that `returns()` points the way the robots play."""
    variant = variants.get(name)
    mixed = {"heuristic": 0.0, "random": 0.0}
    for seed in range(12):
        s = variant.new_game(["H", "R"], seed=seed)
        bots = {"H": protocol.make_bots(variant, ["H"], "heuristic", seed)["H"],
                "R": protocol.make_bots(variant, ["R"], "random", seed)["R"]}
        protocol.play_out(s, bots)
        r = s.returns()
        mixed["heuristic"] += r["H"]
        mixed["random"] += r["R"]
    assert mixed["heuristic"] > mixed["random"]


@pytest.mark.parametrize("data", [
    None, [], {"moves": "x"}, {"variant": "nope", "moves": []},
    {"variant": "classic", "players": ["a"], "moves": []},
    {"variant": "classic", "players": ["a", "b"], "seed": {"x": 1}, "moves": []},
    {"variant": "classic", "players": ["a", "b"], "options": {"target": "66"}, "moves": []},
    {"variant": "classic", "players": ["a", "b"], "moves": [{"kind": "row", "player": "a", "row": None}]},
    {"variant": "classic", "players": ["a", "b"], "moves": [None]},
    {"variant": "speciales", "players": ["a", "b"], "moves": [{"kind": "place", "player": "a"}]},
    {"variant": "junior", "players": ["a", "b"], "options": {"level": "x"}, "moves": []},
    {"variant": "classic", "players": ["a", "b"], "moves": [{"kind": "next_round"}] * 6000},
])
def test_a_tampered_saved_game_is_refused_not_trusted(data):
    with pytest.raises(GameError):
        protocol.from_json(data)


def test_simulate_plays_any_variant_through_the_protocol():
    stats = protocol.simulate("speciales", players=3, games=3, seed=2, bot="random")
    assert stats["games"] == 3 and set(stats["win_share"]) == {"j1", "j2", "j3"}
    assert abs(sum(stats["win_share"].values()) - 1) < 1e-9
    assert protocol.simulate("speciales", players=3, games=3, seed=2, bot="random")["average_score"] \
        == stats["average_score"]


def test_the_random_robot_of_the_protocol_draws_only_legal_moves():
    s = variants.get("junior").new_game(PLAYERS, seed=3, options={"level": "expert"})
    bot = protocol.RandomBot(Rng(5))
    while s.pending is not None:
        move = bot.move(s)
        assert move in s.legal_moves()
        s.apply(move)


@pytest.mark.parametrize("players", ["ab", [], ["a", "a"], ["a", 3], ["x" * 100, "b"]])
def test_a_saved_game_must_name_distinct_short_players(players):
    with pytest.raises(GameError):
        protocol.from_json({"variant": "junior", "players": players, "moves": []})
