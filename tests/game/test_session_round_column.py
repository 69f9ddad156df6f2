"""The « Manche » column of « Jouer une manche » keeps the round's heads until « Manche suivante »."""

from __future__ import annotations

from game import session
from game.classic.replay import run


def play_to_round_end(state):
    while session.phase(state) in ("play", "row"):
        view = session.view(state)
        if view["phase"] == "play":
            state = session.decide(state, "play", view["hand"][0]["card"])[0]
        else:
            state = session.decide(state, "row", view["choice"]["options"][0]["row"])[0]
    return state


def test_the_round_column_shows_the_finished_rounds_heads_until_the_next_round():
    state = session.start("Camille", ["heuristic", "heuristic", "random"], {"target": 500},
                                seed=3)[0]
    state = play_to_round_end(state)
    assert session.phase(state) == "round_over"
    finished = run(session.scenario(state))["penalties"]   # the round's heads, replayed apart
    assert any(finished.values())   # some heads were taken, so 0 would be wrong
    shown = {s["player"]: s for s in session.view(state)["scores"]}
    assert {p: s["round"] for p, s in shown.items()} == finished
    assert {p: s["total"] for p, s in shown.items()} == finished   # counted once, not twice
    assert all(s["countdown"] == 500 - finished[p] for p, s in shown.items())

    after = session.view(session.decide(state, "round_over")[0])["scores"]
    assert all(s["round"] == 0 and s["total"] == finished[s["player"]] for s in after)
