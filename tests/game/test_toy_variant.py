"""A fourth variant needs its own folder and one registry line, nothing else (issue « One engine
shape for every variant »): the toy « Carte haute » in tests/game/toy_game/ is registered with
`variants.register` and then played through the CLI, the worker facade, the session and the
simulation, none of which knows it."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from game import events, messages, session, variants, web
from game.errors import GameError
from game import state as protocol
from game.__main__ import main

SCENARIO = {"variant": "toy", "hands": {"Ana": [3, 9, 12], "Bea": [5, 10, 11]},
            "turns": [{"Ana": 12, "Bea": 5}, {"Ana": 3, "Bea": 10}, {"Ana": 9, "Bea": 11}]}


def play(kind, **request) -> dict:
    return json.loads(web.handle(json.dumps({"type": kind, **request})))


@pytest.fixture()
def toy(monkeypatch):
    monkeypatch.syspath_prepend(str(Path(__file__).parent))
    monkeypatch.setattr(variants, "MODULES", dict(variants.MODULES))
    monkeypatch.setattr(variants, "_loaded", {})
    variants.register("toy", "toy_game.variant")   # the one registry line
    yield variants.get("toy")
    events.DICT_EVENT_TYPES.discard("toy_trick")      # the other tests meet the built-in variants only
    messages.WORDING.pop("toy_trick", None)


def test_the_cli_replays_a_toy_scenario(toy, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(json.dumps(SCENARIO).encode())))
    assert main(["replay", "-"]) == 0
    assert json.loads(capsys.readouterr().out) == {"points": {"Ana": 1, "Bea": 2}}


def test_the_worker_facade_answers_a_toy_replay(toy):
    answer = json.loads(web.handle(json.dumps({"type": "replay", "scenario": SCENARIO, "id": 3})))
    assert answer["ok"] and answer["id"] == 3
    assert [s["html"] for s in answer["steps"]][-1] == '<p class="toy">Bea remporte le pli.</p>'


def test_a_reader_plays_the_toy_against_robots_in_a_session(toy):
    """Each card's answer draws that trick with the toy's own steps (`Seat.steps`, the hooks its
    example replay uses too), and « revoir la manche » shows every trick so far."""
    state = session.start("Zoé", ["random", "random"], {"variant": "toy"}, seed=4)[0]
    tricks = []
    while session.phase(state) == "play":
        answer = play("play_card", state=state, card=session.view(state)["hand"][0]["card"])
        assert answer["ok"], answer
        state = answer["state"]
        assert [s["kind"] for s in answer["steps"]] == ["trick"]
        tricks.append(answer["steps"][0]["text"])
        assert answer["steps"][0]["html"] == f'<p class="toy">{tricks[-1]}</p>'
    view = session.view(state)
    assert view["phase"] == "game_over" and view["title"] == "Carte haute"
    assert sum(s["total"] for s in view["scores"]) == 3     # three tricks, one point each
    assert all(text.endswith(" remporte le pli.") for text in tricks)
    assert [s["text"] for s in play("play_review", state=state)["steps"]] == ["Début.", *tricks]
    assert json.loads(json.dumps(state)) == session.restore(state)[0]


def test_the_toy_simulates_through_the_state_protocol(toy):
    stats = protocol.simulate("toy", players=3, games=20, seed=1, bot="random")
    assert stats["games"] == 20 and sum(stats["average_score"].values()) == pytest.approx(3)


def test_jouer_offers_the_toy_and_its_option_with_no_facade_edit(toy):
    """play_new reads the toy's own option spec (1 to 4 cards each) from the registry."""
    answer = play("play_new", reader="Zoé", bots=["random"], seed=2,
                  options={"variant": "toy", "hand": "2", "target": "66", "level": "base"})
    assert answer["ok"], answer
    assert len(answer["view"]["hand"]) == 2 and answer["state"]["game"]["options"] == {"hand": 2}
    card = play("play_card", state=answer["state"], card=answer["view"]["hand"][0]["card"])
    assert card["ok"] and len(card["view"]["hand"]) == 1
    assert play("play_view", state=card["state"])["ok"]


@pytest.mark.parametrize("typed", ["5", "0", "²", "deux", "9" * 5000])
def test_a_toy_option_out_of_its_spec_is_refused_on_its_field(toy, typed):
    answer = play("play_new", reader="Zoé", bots=["random"], options={"variant": "toy", "hand": typed})
    assert answer["ok"] is False
    assert [(e["field"], e["message"]) for e in answer["errors"]] == [("hand", "Indiquez un nombre entier de 1 à 4.")]


def test_a_saved_toy_game_with_an_option_out_of_its_spec_is_discarded(toy):
    state = play("play_new", reader="Zoé", bots=["random"], options={"variant": "toy"})["state"]
    state["game"]["options"] = {"hand": 40}
    answer = play("play_view", state=state)
    assert answer["ok"] is False and answer["discard"] is True


def test_the_built_jouer_form_offers_the_toy_and_its_option(toy):
    """The form is generated from the registry: the toy's entry and its `hand` field appear."""
    from site_builder.blocks.jouer import jouer_form
    form = jouer_form()
    assert '<option value="toy" data-robots="3">Carte haute</option>' in form   # 4 seats: 3 robots
    assert '<input id="jouer-cartes" name="cartes" data-option="hand" inputmode="numeric" value="3"' in form


def test_the_page_tools_read_the_toys_numbers_from_its_registry_entry(toy):
    """js/tetes.json, which the Compteur reads, lists the toy with the numbers it gives."""
    from site_builder.tools_assets import HEADS_FILE, files
    toy_rules = json.loads(files()[HEADS_FILE])["variants"]["toy"]
    assert toy_rules == {"title": "Carte haute", "players": {"min": 2, "max": 4},
                         "deal": {"hand": 3, "specials": 0, "rows": 0}, "winners": "most"}


def test_the_toy_brings_its_events_and_their_french_from_its_folder(toy):
    """No line of game/events.py nor game/messages/ names the toy: its event type is registered and
    worded through the registry alone."""
    event = {"type": "toy_trick", "plays": {"Ana": 12, "Bea": 5}, "winner": "Ana"}
    assert "toy_trick" in events.all_types()
    assert messages.explain(event) == "Ana remporte le pli."
    assert messages.explain_all([event]) == "Ana remporte le pli."


def test_a_variant_without_a_seat_is_not_offered_and_its_saved_game_is_refused(toy, monkeypatch):
    """`Variant.seat` absent: « Jouer une manche » refuses to start it, to load it or to read a
    saved session of it, each with a GameError (never an AttributeError on the missing seat)."""
    import dataclasses
    state = session.start("Zoé", ["random"], {"variant": "toy"}, seed=1)[0]
    monkeypatch.setitem(variants._loaded, "toy", dataclasses.replace(toy, seat=None))
    with pytest.raises(GameError) as started:
        session.start("Zoé", ["random"], {"variant": "toy"})
    with pytest.raises(GameError) as restored:
        session.view(state)
    with pytest.raises(GameError) as loaded:
        session.load({**SCENARIO, "turns": []})
    assert (started.value.code, restored.value.code, loaded.value.code) == ("variant", "session", "hands")
