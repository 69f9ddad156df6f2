"""The « Jouer une manche » session (game/session.py, game/web_play.py) in CPython."""

from __future__ import annotations

import json
import random

import pytest

from game import session, web
from game.errors import GameError
from game.classic.replay import run


def ask(kind, **request) -> dict:
    """A worker message through the one facade, as the page sends it."""
    return json.loads(web.handle(json.dumps({"type": kind, **request})))


def play_round(state, pick_row=lambda options: options[-1]["row"]):
    """Play the round to its end: always the reader's lowest card, the given row at a choice."""
    choices = 0
    while session.phase(state) in ("play", "row", "pick"):
        now = session.phase(state)
        view = session.view(state)
        if now == "play":
            state = session.decide(state, "play", view["hand"][0]["card"])[0]
        elif now == "row":
            choices += 1
            state = session.decide(state, "row", pick_row(view["choice"]["options"]))[0]
        else:
            state = session.decide(state, "pick", view["pool"][0]["card"])[0]
    return state, choices


def test_a_new_session_deals_ten_cards_to_the_reader_and_bots():
    state = session.start("Camille", ["heuristic", "random"], seed=4)[0]
    json.dumps(state)  # plain JSON: the page keeps it
    view = session.view(state)
    assert view["phase"] == "play" and view["players"] == ["Camille", "Alice", "Bruno"]
    assert len(view["hand"]) == 10 and all("<svg" in c["svg"] for c in view["hand"])
    assert view["table"].count("data-row=") == 4
    exported = session.scenario(state)
    dealt = [c for h in exported["hands"].values() for c in h] + [r[0] for r in exported["rows"]]
    assert len(set(dealt)) == 34 and exported["turns"] == []


def test_a_move_does_not_change_the_given_state():
    a = session.start("Camille", ["random", "random"], seed=9)[0]
    before = json.dumps(a)
    card = session.view(a)["hand"][3]["card"]
    after = session.decide(a, "play", card)[0]
    assert json.dumps(a) == before   # pure: the old state is untouched
    assert session.scenario(after)["turns"][0]["plays"]["Camille"] == card


def test_a_card_not_in_hand_is_refused_with_a_french_message():
    state = session.start("Camille", ["heuristic"], seed=1)[0]
    hand = [c["card"] for c in session.view(state)["hand"]]
    missing = next(c for c in range(1, 105) if c not in hand)
    with pytest.raises(GameError):
        session.decide(state, "play", missing)[0]
    answer = ask("play_card", state=state, card=missing)
    assert not answer["ok"] and "rechargez" in answer["errors"][0]["message"]


def test_a_too_low_card_waits_for_the_reader_then_takes_the_chosen_row():
    # Seed 3 with three bots gives the reader a too-low card when they play their lowest cards.
    state = session.start("Camille", ["heuristic", "random", "heuristic"], seed=3)[0]
    while session.phase(state) == "play":
        state = session.decide(state, "play", session.view(state)["hand"][0]["card"])[0]
    assert session.phase(state) == "row"
    view = session.view(state)
    options = view["choice"]["options"]
    assert len(options) == 4 and all("Ramasser la rangée" in o["label"] for o in options)
    steps = session.round_steps(state, last=True)
    assert steps[-1]["kind"] == "choice"
    waiting = view["turn"]
    assert len(session.scenario(state)["turns"]) == waiting - 1   # the waiting turn is not exported
    chosen = max(options, key=lambda o: o["heads"])
    after = session.decide(state, "row", chosen["row"])[0]
    assert session.scenario(after)["turns"][waiting - 1]["choices"]["Camille"] == chosen["row"]
    with pytest.raises(GameError):
        session.decide(after, "row", 0)[0]


def test_an_exported_round_replays_to_the_same_scores():
    state = session.start("Camille", ["heuristic", "random", "heuristic"], seed=3)[0]
    state, choices = play_round(state)
    assert choices >= 1
    assert session.phase(state) in ("round_over", "game_over")
    exported = session.scenario(state)
    assert set(exported["hands"]) == {"Camille", "Alice", "Bruno", "Chloé"}
    result = run(json.loads(json.dumps(exported)))
    view = session.view(state)
    round_heads = {s["player"]: s["round"] for s in view["scores"]}
    assert result["penalties"] == round_heads == {s["player"]: s["total"] for s in view["scores"]}
    assert sum(round_heads.values()) > 0   # the « Manche » column keeps the round's heads
    # Loaded back, the round is the same finished round.
    loaded = session.load(exported)[0]
    strip = lambda scores: [{k: v for k, v in s.items() if k not in ("bot", "level")} for s in scores]
    assert strip(session.view(loaded)["scores"]) == strip(view["scores"])   # robots load as « prudent »


def test_a_half_played_export_loads_back_and_goes_on():
    state = session.start("Camille", ["heuristic", "heuristic"], seed=2)[0]
    for _ in range(3):
        state = session.decide(state, "play", session.view(state)["hand"][-1]["card"])[0]
    loaded = session.load(session.scenario(state))[0]
    assert session.view(loaded)["hand"] == session.view(state)["hand"]
    assert session.phase(loaded) == "play"


def test_a_game_ends_at_the_target_with_winners_and_countdown():
    state = session.start("Camille", ["heuristic", "heuristic"], {"target": 10}, seed=5)[0]
    while session.phase(state) != "game_over":
        state, _ = play_round(state)
        if session.phase(state) == "round_over":
            state = session.decide(state, "round_over")[0]
    view = session.view(state)
    totals = {s["player"]: s["total"] for s in view["scores"]}
    assert max(totals.values()) >= 10
    assert view["winners"] == [p for p in totals if totals[p] == min(totals.values())]
    assert all(s["countdown"] == 10 - s["total"] for s in view["scores"])
    assert "Partie terminée" in view["summary"]
    with pytest.raises(GameError):
        session.decide(state, "round_over")[0]


def test_fixed_rounds_end_the_game_after_that_many_rounds():
    state = session.start("Camille", ["random"], {"rounds": 1}, seed=8)[0]
    state, _ = play_round(state)
    assert session.phase(state) == "game_over" and session.view(state)["round"] == 1


def test_tactique_uses_only_the_low_cards_and_exports_its_variant():
    state = session.start("Camille", ["heuristic", "random"], {"variant": "tactique"}, seed=6)[0]
    dealt = [c["card"] for c in session.view(state)["hand"]]
    assert max(dealt) <= 34
    state, _ = play_round(state)
    exported = session.scenario(state)
    assert exported["variant"] == "tactique" and exported["players"] == 3
    assert max(c for h in exported["hands"].values() for c in h) <= 34
    assert run(exported)["penalties"] == {s["player"]: s["round"] for s in session.view(state)["scores"]}


def test_logique_drafts_then_plays_a_normal_round():
    state = session.start("Camille", ["heuristic", "random"], {"variant": "logique"}, seed=6)[0]
    assert session.phase(state) == "pick"     # the reader picks first in round 1
    assert len(session.view(state)["pool"]) == 34
    state, _ = play_round(state)
    exported = session.scenario(state)
    assert all(len(h) == 10 for h in exported["hands"].values())
    assert run(exported)["penalties"] == {s["player"]: s["round"] for s in session.view(state)["scores"]}


def test_a_logique_export_loads_back_and_the_next_round_drafts_again():
    """The export starts after its draft (the drafted hands are its deal): loaded, it plays on as
    Logique, and the next round begins with a draft."""
    state = session.start("Camille", ["heuristic", "random"], {"variant": "logique", "rounds": 2}, seed=6)[0]
    state, _ = play_round(state)
    loaded = session.load(session.scenario(state))[0]
    assert session.view(loaded)["options"]["variant"] == "logique"
    assert ask("play_view", state=loaded)["ok"]   # the page's next message restores it
    state = session.decide(loaded, "round_over")[0]
    assert session.view(state)["round"] == 2 and session.view(state)["pool"]


@pytest.mark.parametrize("options", [{"variant": "classic"}, {"variant": "logique"},
                                     {"variant": "speciales"}, {"variant": "junior", "level": "expert"}])
def test_a_message_rebuilds_the_game_once_and_its_steps_are_the_example_replay(options, monkeypatch):
    """Each answer (new state, view, the turn's steps) rebuilds the saved game once, not once per
    part; the steps come from the events the moves returned as the game was rebuilt and played,
    with no second fold, and they are the steps an example shows for the same round (its export
    replayed)."""
    from game import playback, variants
    from game import state as protocol
    rebuilds = []
    real = protocol.from_json
    monkeypatch.setattr(protocol, "from_json", lambda *a, **k: rebuilds.append(1) or real(*a, **k))
    monkeypatch.setattr(playback, "replay", None)   # no second fold to draw the steps
    pick = random.Random(1)
    answer = ask("play_new", reader="Zoé", bots=["heuristic", "random"], options=options, seed=4)
    while answer["view"]["phase"] not in ("round_over", "game_over"):
        view, rebuilds[:] = answer["view"], []
        if view["phase"] == "pick":
            answer = ask("play_pick", state=answer["state"], card=view["pool"][0]["card"])
        elif view["phase"] == "play":
            answer = ask("play_card", state=answer["state"], card=pick.choice(view["hand"])["card"])
        elif view["phase"] == "row":
            answer = ask("play_choose", state=answer["state"], row=view["choice"]["options"][0]["row"])
        else:
            answer = ask("play_move", state=answer["state"],
                         index=pick.randrange(len(view["decision"]["options"])))
        assert answer["ok"] and len(rebuilds) == 1, answer
    again = ask("play_view", state=answer["state"])
    assert again["view"] == answer["view"] and len(rebuilds) == 2   # a new message checks it afresh
    monkeypatch.undo()
    shown = [s["text"] for s in session.round_steps(answer["state"])]
    example = variants.get(options["variant"]).replay(session.scenario(answer["state"]), draw=False)
    assert shown == [s["text"] for s in example] and len(shown) > 10


def test_advice_names_a_card_of_the_hand_and_explains_in_french():
    state = session.start("Camille", ["heuristic"], seed=5)[0]
    tip = session.advice(state)
    assert tip["card"] in [c["card"] for c in session.view(state)["hand"]]
    assert tip["text"].startswith("Le conseil du robot prudent\u00a0: jouez le " + str(tip["card"]))


def test_the_worker_messages_round_trip_as_json():
    answer = ask("play_new", reader="Camille", bots=["heuristic"], seed=1)
    assert answer["ok"]
    card = answer["view"]["hand"][0]["card"]
    played = ask("play_card", state=answer["state"], card=card)
    assert played["ok"] and played["steps"][0]["kind"] == "reveal"
    assert all("<svg" in s["html"] for s in played["steps"])
    bad = ask("play_new", reader="", bots=["heuristic"])
    assert bad["errors"][0]["field"] == "reader"
    bad = ask("play_new", reader="A", bots=["heuristic"], options={"target": "x"})
    assert bad["errors"][0]["field"] == "target"
    assert not ask("play_load", scenario={"rows": 3})["ok"]


def test_a_kept_state_is_checked_before_the_page_resumes_it():
    state = session.start("Camille", ["random"], seed=2)[0]
    state = session.decide(state, "play", session.view(state)["hand"][0]["card"])[0]
    answer = ask("play_view", state=json.loads(json.dumps(state)))
    assert answer["ok"] and len(answer["view"]["hand"]) == 9
    broken = json.loads(json.dumps(state))
    broken["game"]["moves"][0]["card"] = 200
    assert not ask("play_view", state=broken)["ok"]
    assert not ask("play_view", state={"v": 99})["ok"]


def test_the_draft_view_tells_which_cards_the_bots_took():
    # Round 2: the first picker moves one seat left, so the bot picks before the reader.
    state = session.start("Camille", ["heuristic"], {"variant": "logique", "rounds": 2}, seed=1)[0]
    state, _ = play_round(state)
    state = session.decide(state, "round_over")[0]
    view = session.view(state)
    assert view["phase"] == "pick"
    start = max(i for i, m in enumerate(state["game"]["moves"]) if m["kind"] == "next_round")
    first = state["game"]["moves"][start + 1]
    player, card = first["player"], first["card"]
    from game.messages import explain
    assert player == "Alice" and view["picks"] == explain(
        {"type": "draft_pick", "round": 2, "player": "Alice", "card": card})
    assert str(card) in view["picks"]


def play_listed_moves(state, pick=lambda options: 0):
    """Answer every « move » decision with the option `pick` chooses; cards by the first card."""
    for _ in range(500):
        now = session.phase(state)
        if now == "game_over":
            return state
        view = session.view(state)
        if now == "play":
            state = session.decide(state, "play", view["hand"][0]["card"])[0]
        elif now == "move":
            options = view["decision"]["options"]
            assert options and all(o["label"] and o["label"][0].isupper() for o in options)
            state = session.decide(state, "move", pick(options))[0]
        elif now == "round_over":
            state = session.decide(state, "round_over")[0]
    raise AssertionError("the game did not end")


def test_the_reader_plays_the_special_cards_with_the_listed_moves():
    state = session.start("Camille", ["heuristic", "random"], {"variant": "speciales"}, seed=4)[0]
    view = session.view(state)
    assert view["title"] == "6 qui prend\u202f! avec les cartes spéciales" and len(view["hand"]) == 12
    assert "Vos cartes spéciales (3)" in view["extra"]
    state = play_listed_moves(state, pick=lambda options: len(options) - 1)
    view = session.view(state)
    assert view["winners"] and "après deux manches" in view["summary"]
    exported = session.scenario(state)
    from game import variants
    assert variants.get("speciales").result(exported)["penalties"] == {s["player"]: s["round"] for s in view["scores"]}


def test_a_special_cards_decision_shows_the_turn_so_far_then_the_rest_once():
    """At the reader's placement the page draws this turn up to their card (the revealed cards,
    the lower ones placed), not the previous turn; after the decision it gets the rest, and
    the two parts make the whole turn, each step once."""
    state = session.start("Zoé", ["random", "random"], {"variant": "speciales"}, seed=3)[0]
    for turn in (1, 2, 3):
        state = session.decide(state, "play", session.view(state)["hand"][0]["card"])[0]
        assert session.phase(state) == "move"
        before = session.round_steps(state, last=True)
        assert {s["turn"] for s in before} == {turn} and before[-1]["kind"] == "choice"
        assert "Zoé peut d’abord jouer une carte spéciale" in before[-1]["text"]
        assert "sqp-tour" in before[-1]["html"]       # the revealed cards drawn beside the table
        shown = sum(s["kind"] != "choice" for s in before)
        answer = json.loads(web.handle(json.dumps({"type": "play_move", "state": state, "index": 0,
                                                   "shown": shown})))
        assert answer["ok"], answer
        state = answer["state"]
        whole = session.round_steps(state, last=True)
        assert [s["text"] for s in before[:-1] + answer["steps"]] == [s["text"] for s in whole]
        assert whole[-1]["kind"] == "end" and {s["turn"] for s in whole} == {turn}


@pytest.mark.parametrize("seed", range(4))
def test_any_special_card_decision_continues_its_turn_where_the_page_stopped(seed):
    """Whole games with every kind of listed move (special cards, rows): the page's two parts of
    a turn are always the turn, each step once."""
    pick = random.Random(seed)
    state = session.start("Zoé", ["heuristic", "random", "random"], {"variant": "speciales"}, seed=seed)[0]
    decisions = 0
    while session.phase(state) != "game_over":
        now = session.phase(state)
        if now == "play":
            state = session.decide(state, "play", pick.choice(session.view(state)["hand"])["card"])[0]
        elif now == "round_over":
            state = session.decide(state, "round_over")[0]
        else:
            before = session.round_steps(state, last=True)
            options = session.view(state)["decision"]["options"]
            answer = ask("play_move", state=state, index=pick.randrange(len(options)),
                         shown=sum(s["kind"] != "choice" for s in before))
            assert answer["ok"], answer
            state = answer["state"]
            assert [s["text"] for s in before[:-1] + answer["steps"]] == \
                [s["text"] for s in session.round_steps(state, last=True)]
            decisions += 1
    assert decisions >= 20


@pytest.mark.parametrize("level", ["base", "avance", "expert"])
def test_after_a_junior_move_the_page_gets_it_and_every_robot_move_that_followed(level):
    """Junior's players move one at a time: the steps after the reader's move are that move and
    the robots' until the reader's next turn (not just the last robot's), with no example tally."""
    state = session.start("Zoé", ["random", "heuristic"], {"variant": "junior", "level": level}, seed=3)[0]
    seen = []
    while session.phase(state) == "move":
        answer = ask("play_move", state=state, index=0, shown=0)
        assert answer["ok"], answer
        state, steps = answer["state"], answer["steps"]
        movers = [s["player"] for s in steps if s["kind"] != "end"]
        assert movers[0] == "Zoé" and "Zoé" not in movers[1:]
        assert not any("exemple" in s["text"] for s in steps)
        assert not any("jr-mains" in s["html"] for s in steps)      # the robots' hands stay hidden
        seen += [s for s in steps if s["kind"] != "end"]
    # Put end to end, the stretches are the whole game as « Revoir la manche » replays it.
    whole = ask("play_review", state=state)["steps"]
    assert [s["text"] for s in seen] == [s["text"] for s in whole[1:-1]]
    assert whole[-1]["kind"] == "end" and session.phase(state) == "game_over"


def test_a_saved_junior_round_loads_back_and_a_tampered_deal_is_refused():
    state = session.start("Zoé", ["heuristic"], {"variant": "junior", "level": "expert"}, seed=5)[0]
    for _ in range(3):
        state = session.decide(state, "move", 0)[0]
    exported = ask("play_export", state=state)
    assert exported["ok"] and exported["scenario"]["variant"] == "junior"
    loaded = ask("play_load", scenario=exported["scenario"])
    assert loaded["ok"], loaded
    now = session.view(state)
    assert {k: loaded["view"][k] for k in ("table", "hand", "scores", "turn")} == \
        {k: now[k] for k in ("table", "hand", "scores", "turn")}
    kept = loaded["state"]
    assert ask("play_view", state=kept)["ok"]                        # a reload resumes it
    for tamper in ({"rows": [[1], [1], [2], [3]]}, {"deck": [999]}, {"hands": "Zoé"}, {"cheat": 1}):
        broken = json.loads(json.dumps(kept))
        broken["game"]["deal"].update(tamper)
        answer = ask("play_view", state=broken)
        assert answer["ok"] is False and answer["discard"] is True, tamper


@pytest.mark.parametrize("level", ["base", "avance", "expert"])
def test_the_reader_plays_junior_with_the_listed_moves(level):
    state = session.start("Zoé", ["heuristic"], {"variant": "junior", "level": level}, seed=2)[0]
    assert session.phase(state) == "move" and session.view(state)["decision"]["options"][0]["label"].startswith("Poser la carte")
    state = play_listed_moves(state)
    view = session.view(state)
    assert view["summary"].startswith("Albums") and view["winners"]


def test_a_move_index_out_of_the_list_is_refused():
    state = session.start("Zoé", ["heuristic"], {"variant": "junior"}, seed=2)[0]
    for bad in (-1, 10_000, True, "0", None):
        with pytest.raises(GameError):
            session.decide(state, "move", bad)[0]


def test_the_page_is_told_which_field_to_fix_for_a_variant_or_too_many_robots():
    too_many = ask("play_new", reader="Zoé", bots=["heuristic"] * 8, options={"variant": "speciales"})
    assert too_many["errors"][0]["field"] == "bots" and "robots" in too_many["errors"][0]["message"]
    unknown = ask("play_new", reader="Zoé", bots=["heuristic"], options={"variant": "belote"})
    assert unknown["errors"][0]["field"] == "variante"
    junior = ask("play_new", reader="Zoé", bots=["heuristic"], options={"variant": "junior", "level": "expert"})
    assert junior["ok"] and junior["view"]["options"]["level"] == "expert"


def test_junior_advice_names_one_of_the_listed_moves():
    state = session.start("Zoé", ["heuristic"], {"variant": "junior", "level": "avance"}, seed=3)[0]
    tip = session.advice(state)
    labels = [o["label"] for o in session.view(state)["decision"]["options"]]
    assert tip["index"] is not None and labels[tip["index"]][1:] in tip["text"]


@pytest.mark.parametrize("options, best", [({"variant": "classic"}, min), ({"variant": "junior", "level": "base"}, max)])
def test_the_view_names_who_leads_as_the_variant_counts_it(options, best):
    """Fewest heads lead the classic game, most cards Junior base: the page holds no such rule."""
    state = session.start("Zoé", ["heuristic", "random"], options, seed=3)[0]
    assert session.view(state)["leaders"] == []          # everyone level at the start
    seen = False
    for _ in range(200):
        now = session.phase(state)
        if now in ("round_over", "game_over"):
            break
        view = session.view(state)
        totals = {s["player"]: s["total"] for s in view["scores"]}
        if len(set(totals.values())) > 1:
            top = best(totals.values())
            assert view["leaders"] == [p for p in view["players"] if totals[p] == top]
            seen = True
        if now == "play":
            state = session.decide(state, "play", view["hand"][0]["card"])[0]
        elif now == "row":
            state = session.decide(state, "row", view["choice"]["options"][0]["row"])[0]
        elif now == "move":
            state = session.decide(state, "move", 0)[0]
        else:
            state = session.decide(state, "pick", view["pool"][0]["card"])[0]
    assert seen
