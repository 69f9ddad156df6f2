"""Every event of every variant goes to JSON and back unchanged (issue 12).

The site, the worker and the CLI carry events as JSON: `to_dict()` must give plain JSON that
comes back from JSON equal, for whatever any variant logs. Events come from real bot games over several seeds, and the
test checks that these games produced every registered event type, so a new type cannot slip
through untested.
"""

from __future__ import annotations

import json

import pytest

from game.classic.bots import HeuristicBot
from round_robots import RoundRandom as RandomBot, RoundRandomSpecial, play_game as play_classic, play_special_round
from game.classic.state import ClassicState
from game.classic.replay import replay
from game.events import EVENT_TYPES, Event, all_types
from game.junior.rules import LEVELS, play
from game.junior.variant import replay as junior_replay
from game.junior.scenario import to_scenario
from game.junior.variant import setup_event
from game.junior.state import run_game
from game.junior.rules import game_end_event
from game.rng import Rng
from game.specials.bots import SpecialBot
from game.specials.state import SpecialState
from game.untrusted import check_plain

SEEDS = range(1, 5)


def classic_events() -> list[Event]:
    log: list = []
    for seed in SEEDS:
        for variant in ("classic", "tactique", "logique"):
            players = [f"p{i}" for i in range(2 + seed)]
            rng = Rng(seed)
            bots = {p: (RandomBot(rng) if i % 2 else HeuristicBot(rng)) for i, p in enumerate(players)}
            game = ClassicState(players, variant=variant, options={"rounds": 2}, seed=seed)
            play_classic(game, bots)
            log += game.log
    return log


def special_events() -> list[Event]:
    log: list = []
    for seed in SEEDS:
        players = [f"p{i}" for i in range(2 + seed)]
        rng = Rng(seed)
        bots = {p: (RoundRandomSpecial(rng, rate=0.9) if i % 2 else SpecialBot(rng))
                for i, p in enumerate(players)}
        game = SpecialState(players, seed=seed)
        play_classic(game, bots, play_special_round)
        log += game.log
    return log


def through_json(value):
    return json.loads(json.dumps(value, ensure_ascii=False))


@pytest.fixture(scope="module")
def logged() -> list[Event]:
    return classic_events() + special_events()


def test_every_logged_event_round_trips_through_json(logged):
    for event in logged:
        data = event.to_dict()
        check_plain(data)
        assert through_json(data) == data
        assert type(event)(**{k: v for k, v in through_json(data).items() if k != "type"}) == event


def test_the_generated_games_cover_every_registered_event_type(logged):
    """Row choices that are asked for (choice_requested) come from scenarios, see below."""
    seen = {e.type for e in logged} | {"choice_requested"}
    assert seen == set(EVENT_TYPES)


def test_replayed_scenario_events_round_trip_too():
    steps = replay({"rows": [[12], [28], [39], [44]], "turns": [{"plays": {"a": 5}, "choices": {"a": 1}}]})
    events = [e for s in steps for e in s["events"]]
    assert "choice_requested" in {e["type"] for e in events}
    for data in events:
        assert through_json(data) == data


def junior_events() -> list[dict]:
    out = []
    for seed in SEEDS:
        for level in LEVELS:
            for bot in ("heuristic", "random"):
                first, moves, final = run_game(level, ["a", "b", "c"], seed, bot=bot)
                out.append(setup_event(first))
                state = first
                for m in moves:
                    state, events = play(state, m["player"], m["card"], m["row"])
                    out += events
                out.append(game_end_event(final))
            partial = to_scenario(first, moves[:4])   # replayed part way: it ends on a tally
            out += [e for step in junior_replay(partial) for e in step["events"]]
    return out


def test_junior_events_are_their_own_json_form():
    """Junior logs plain dicts (documented in game/junior/rules.py): JSON gives them back equal."""
    events = junior_events()
    types = {e["type"] for e in events}
    assert {"junior_setup", "junior_reveal", "junior_place", "junior_complete", "junior_draw",
            "junior_take", "junior_game_end"} <= types
    for event in events:
        check_plain(event)
        assert through_json(event) == event
    assert types == all_types() & {t for t in all_types() if t.startswith("junior_")}, \
        "every registered Junior type happens in these games"
