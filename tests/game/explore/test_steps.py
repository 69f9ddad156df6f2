"""« Ouvrir dans l’explorateur »: the position at a step of a replay, and at the reader's turn of
a game, as the engine works them out (the page never does)."""

from __future__ import annotations

import json

import pytest

from game import session
from game.errors import GameError
from game.explore import codec
from game.explore.position import Position
from game.explore.steps import position_at, position_in_game, seen_at
from game import web

TWO_TURNS = {"rows": [[12], [28], [39], [44]],
             "turns": [{"plays": {"Alice": 37, "Bruno": 10}, "choices": {"Bruno": 3}},
                       {"plays": {"Alice": 50, "Bruno": 13}}]}


def test_each_step_is_seen_by_the_player_whose_card_comes_next():
    # Steps: 0 start, 1 reveal, 2 Bruno's 10 takes row 4, 3 Alice's 37, 4 end of turn 1,
    # 5 reveal, 6 Bruno's 13, 7 Alice's 50, 8 end.
    seen = {n: seen_at(TWO_TURNS, n) for n in (0, 1, 2, 3, 4, 6)}
    assert {n: (p.hand, who) for n, (p, who) in seen.items()} == {
        0: ((10, 13), "Bruno"), 1: ((10, 13), "Bruno"), 2: ((37, 50), "Alice"),
        3: ((13,), "Bruno"), 4: ((13,), "Bruno"), 6: ((50,), "Alice")}
    # Without hands, a player's cards are the ones they reveal from that step on; the table is
    # the step's, the 44 Bruno took is out of play, and the two players play against each other.
    assert seen[2][0] == Position.of([[12], [28], [39], [10]], [37, 50], 2, (), [44])
    for n in (7, 8):   # no card comes next: nothing to explore
        with pytest.raises(GameError):
            position_at(TWO_TURNS, n)


def test_given_hands_and_a_chosen_player():
    scenario = {**TWO_TURNS, "hands": {"Alice": [37, 50, 60], "Bruno": [10, 11, 13]}}
    assert position_at(scenario, 4, "Alice").hand == (50, 60)
    # The other hands are known only when asked (an import of a saved round; Logique).
    assert position_at(scenario, 4, "Alice").known == ()
    assert position_at(scenario, 4, "Alice", known_hands=True).known == ((11, 13),)


def test_special_cards_a_replaced_card_and_a_fifth_row():
    replace = {"variant": "speciales", "rows": [[12], [23, 24, 25, 26, 27], [41], [67]],
               "turns": [{"plays": {"Alice": 28},
                          "specials": {"Alice": {"card": "remplacer", "with": 45}}}]}
    before = position_at(replace, 0)
    assert before.hand == (28, 45) and before.specials == ("remplacer",)
    assert before.variant == "speciales" and before.players == 2
    fifth = {"variant": "speciales", "rows": [[8], [23, 24, 25, 26, 27], [41], [67]],
             "turns": [{"plays": {"Alice": 28}, "specials": {"Alice": {"card": "cinquieme_serie"}}},
                       {"plays": {"Alice": 29, "Chloé": 3}, "choices": {"Chloé": 0}}]}
    after = position_at(fifth, 2)   # Alice's 28 opened a fifth row; Chloé's 3 comes next
    assert len(after.rows) == 5 and after.rows[4] == (28,) and after.hand == (3,)
    held = {**fifth, "held": {"Alice": ["cinquieme_serie", "stop"], "Chloé": ["glisser"]}}
    assert position_at(held, 0).specials == ("cinquieme_serie", "stop")
    assert position_at(held, 0).their_specials == (1,)            # Chloé still holds her card
    assert position_at(held, 2).their_specials == (1,)            # Alice's Stop is left


def test_junior_and_broken_scenarios_have_no_position():
    for scenario in ({"variant": "junior", "rows": [[1], [2], [3], [4]], "turns": []}, "nope",
                     {"rows": [[12], [28], [39], [44]], "turns": [{"plays": {"A": 5}}], "limit": 3}):
        with pytest.raises(GameError):
            position_at(scenario, 0)
    with pytest.raises(GameError):
        position_at(TWO_TURNS, 99)


def test_a_game_in_progress_is_seen_by_the_reader():
    state = session.start("Lou", ["heuristic", "random"], {"variant": "classic"}, seed=3)[0]
    now = position_in_game(state)
    assert now.players == 3 and len(now.hand) == 10 and now.known == () and now.gone == ()
    state = session.decide(state, "play", now.hand[-1])[0]
    later = position_in_game(state)
    assert len(later.hand) == 9 and now.hand[-1] not in later.hand
    special = session.start("Lou", ["heuristic"], {"variant": "speciales"}, seed=3)[0]
    seen = position_in_game(special)
    assert len(seen.hand) == 12 and len(seen.specials) == 3 and seen.their_specials == (3,)
    for variant in ("junior", "logique"):   # no explorer for Junior; Logique drafts first
        with pytest.raises(GameError):
            position_in_game(session.start("Lou", ["heuristic"], {"variant": variant}, seed=1)[0])
    with pytest.raises(GameError):
        position_in_game({"v": 2, "variant": "classic", "reader": "Lou", "bots": {}, "game": {}})


def test_logique_hands_are_public_once_drafted():
    state = session.start("Lou", ["heuristic"], {"variant": "logique"}, seed=1)[0]
    while session.phase(state) == "pick":
        state = session.decide(state, "pick", session.view(state)["pool"][0]["card"])[0]
    seen = position_in_game(state)
    assert seen.variant == "tactique" and len(seen.hand) == 10
    assert len(seen.known[0]) == 10 and not seen.unseen()   # 24 cards: every one is placed


def link(request: dict) -> dict:
    """The `explore_link` answer, through the worker facade as the page asks it."""
    return json.loads(web.handle(json.dumps({"id": 1, "type": "explore_link", **request})))


def test_a_step_link_and_the_link_message_for_a_game():
    """An example's step links to its position (the build writes it in the step, the worker adds
    it to a changed example's answer); « Jouer une manche » asks the worker for the game's."""
    found = codec.link_at(TWO_TURNS, 2)
    assert found["text"] == "\u00a0: la table de l’étape 2, avec en main les cartes d’Alice."
    assert codec.decode(found["fragment"]).position == position_at(TWO_TURNS, 2)
    assert codec.link_at(TWO_TURNS, 8) is None   # no such step: no link
    state = session.start("Lou", ["heuristic"], {"variant": "tactique"}, seed=5)[0]
    game = link({"state": state})
    json.dumps(game)
    assert codec.decode(game["fragment"]).position == position_in_game(state)
    for refused in (link({"state": {"v": 1}}), link({"scenario": TWO_TURNS, "step": 2})):
        assert not refused["ok"] and refused["errors"][0]["field"] is None
