"""The permalink and the scenario format: every valid position goes there and back; anything else
(an old version, a changed character, a cut link, noise) is refused with GameError, never a crash."""

from __future__ import annotations

import json
import string
import subprocess
import sys

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis_budget import scaled

from game.errors import GameError
from game.explore import codec
from game.explore.position import KINDS, Position

B64 = string.ascii_letters + string.digits + "-_"


@st.composite
def positions(draw):
    """Any valid position: classic or Tactique (2–10 players), or with the special cards (2–8
    players, 4 or 5 rows, markers, Stops, special cards in hand); rows, hand, known and gone."""
    variant = draw(st.sampled_from(["classic", "tactique", "speciales"]))
    special = variant == "speciales"
    players = draw(st.integers(min_value=2, max_value=8 if special else 10))
    highest = 10 * players + 4 if variant == "tactique" else 104
    deck = draw(st.permutations(range(1, highest + 1)))
    count = draw(st.sampled_from([4, 5])) if special else 4
    marked = draw(st.sets(st.integers(0, count - 1))) if special else set()
    stopped = draw(st.sets(st.integers(0, count - 1), max_size=count - 1)) if special else set()
    lengths = [draw(st.integers(min_value=1, max_value=6 if i in marked else 5))
               for i in range(count)]
    hand_size = draw(st.integers(min_value=1, max_value=12 if special else 10))
    at, rows = 0, []
    for n in lengths:
        rows.append(sorted(deck[at:at + n]))
        at += n
    hand = deck[at:at + hand_size]
    at += hand_size
    known = []
    for _ in range(draw(st.integers(min_value=0, max_value=players - 1))):
        n = draw(st.integers(min_value=0, max_value=hand_size))
        known.append(deck[at:at + n])
        at += n
    gone = deck[at:at + draw(st.integers(min_value=0, max_value=30))]
    extra = {}
    if special:
        extra = {"marked": marked, "stopped": stopped,
                 "specials": draw(st.lists(st.sampled_from(KINDS), max_size=3)),
                 "their_specials": draw(st.lists(st.integers(0, 3), max_size=players - 1))}
    position = Position.of(rows, hand, players, known, gone, variant, **extra)
    assume(not position.problems())
    return position


# Encoding is cheap: three times the profile's examples (tests/hypothesis_budget.py).
PROPERTY = settings(parent=scaled(3), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@PROPERTY
@given(positions(), st.one_of(st.none(), st.integers(min_value=0, max_value=2**32 - 1)),
       st.sampled_from(["uniform", "heuristic"]))
def test_every_valid_position_round_trips_through_its_link(position, seed, mode):
    fragment = codec.encode(position, seed=seed, mode=mode)
    cards = len(position.used())
    # One byte per card plus at most 40 of header, lengths, special cards and check: compact
    # enough to share.
    assert fragment.startswith("v2.") and len(fragment) <= 3 + -(-4 * (40 + cards) // 3)
    assert all(c in B64 for c in fragment[3:])
    assert codec.decode(fragment) == codec.Link(position, seed, mode)
    assert codec.decode("#" + fragment) == codec.Link(position, seed, mode)


@PROPERTY
@given(positions())
def test_every_valid_position_round_trips_through_the_scenario_format(position):
    """Export then import gives the position back, but for what the format cannot hold: the
    cards out of play and the opponents' special-card counts (the page says so)."""
    assert codec.NOT_IN_SCENARIOS == ("gone", "their_specials")
    scenario = codec.to_scenario(position)
    back = codec.from_scenario(json.loads(json.dumps(scenario)))
    assert back == replace(position, gone=(), their_specials=())


def test_known_cards_of_an_opponent_survive_an_export():
    """« J3 : 7 » (one card of five known) is kept: the audit found it dropped."""
    position = Position.of([[12], [28, 30], [39], [44]], [3, 60, 77, 80, 90], 4, {"p3": [7]})
    scenario = codec.to_scenario(position)
    assert scenario["hands"] == {"p1": [3, 60, 77, 80, 90], "p3": [7]}
    assert codec.from_scenario(scenario) == position


@settings(parent=scaled(0.25), deadline=None,   # each example decodes thousands of tampered links
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(positions(), st.one_of(st.none(), st.integers(min_value=0, max_value=2**32 - 1)))
def test_every_changed_character_is_refused(position, seed):
    fragment = codec.encode(position, seed=seed)
    for i in range(3, len(fragment)):
        for c in B64:
            if c != fragment[i]:
                tampered = fragment[:i] + c + fragment[i + 1:]
                with pytest.raises(GameError) as raised:
                    codec.decode(tampered)
                assert raised.value.field == "link"
                assert raised.value.code in ("link_damaged", "link_invalid")
    for cut in range(len(fragment)):
        with pytest.raises(GameError):
            codec.decode(fragment[:cut])
    with pytest.raises(GameError):
        codec.decode(fragment + "A")


@settings(parent=scaled(3), deadline=None)
@given(st.one_of(st.text(), st.text(alphabet=B64 + ".v0123456789").map(lambda t: "v1." + t),
                 st.binary().map(lambda b: "v1." + __import__("base64").urlsafe_b64encode(b).decode()),
                 st.integers(), st.none(), st.lists(st.integers())))
def test_noise_is_refused_cleanly(noise):
    with pytest.raises(GameError) as raised:
        codec.decode(noise)
    assert raised.value.field == "link"


V1_LINKS = {
    # Written by the v1 codec (before the special cards): they must still open, unchanged.
    "v1.YgAAAAcDAwwPAhweBScpKisvATwGBR0hMD1aAgECAgABB3qw3ac": (
        Position.of([[3, 12, 15], [28, 30], [39, 41, 42, 43, 47], [60]], [5, 29, 33, 48, 61, 90], 4,
                    {"p3": [7]}, [1, 2]), 7, "heuristic"),
    "v1.gQEBAQUBCQEUAgIDAABK2Jfe": (Position.of([[1], [5], [9], [20]], [2, 3], 3, (), [], "tactique"),
                                    None, "uniform"),
}


@pytest.mark.parametrize("fragment", sorted(V1_LINKS))
def test_links_of_the_first_version_still_open(fragment):
    position, seed, mode = V1_LINKS[fragment]
    assert codec.decode(fragment) == codec.Link(position, seed, mode)
    assert codec.encode(position, seed=seed, mode=mode).startswith("v2.")   # new links: v2
    changed = fragment[:-3] + ("A" if fragment[-3] != "A" else "B") + fragment[-2:]
    with pytest.raises(GameError):
        codec.decode(changed)


def test_an_old_or_future_version_is_named_as_such():
    fragment = codec.encode(Position.of([[1], [2], [3], [4]], [50], 2))
    for version in ("v0.", "v3.", "v17."):
        with pytest.raises(GameError) as raised:
            codec.decode(version + fragment[3:])
        assert raised.value.code == "link_version"


def test_a_well_formed_link_to_an_impossible_position_is_refused():
    """Bytes with a right check but a descending row: caught by the position's own checks."""
    import base64
    import zlib
    body = bytes([0x00, 1, 9, 1, 2, 1, 3, 2, 8, 4, 1, 50, 0, 0])   # row 4 is « 8 4 »
    raw = body + zlib.crc32(body).to_bytes(4, "big")
    fragment = "v1." + base64.urlsafe_b64encode(raw).decode().rstrip("=")
    with pytest.raises(GameError) as raised:
        codec.decode(fragment)
    assert raised.value.code == "link_invalid"


def test_a_saved_round_opens_after_its_last_turn():
    scenario = {"rows": [[12], [28], [39], [44]],
                "turns": [{"plays": {"p1": 37, "p2": 10}, "choices": {"p2": 3}}],
                "hands": {"p1": [37, 50, 60], "p2": [10, 11, 13]}}
    position = codec.from_scenario(scenario)
    assert position == Position.of([[12], [28, 37], [39], [10]], [50, 60], 2, [[11, 13]], [44])


@pytest.mark.parametrize("scenario, code", [
    ({"rows": [[12], [28], [39], [44]], "turns": []}, "no_hand"),
    ({"rows": [[12], [28], [39], [44]], "turns": [{"plays": {"p1": 5, "p2": 6}}],
      "hands": {"p1": [5, 7], "p2": [6, 8]}}, None),
    ({"variant": "junior", "rows": [[1], [2], [3], [4]], "turns": []}, "variant_unknown"),
    ("nope", "shape"),
])
def test_scenarios_the_explorer_cannot_open(scenario, code):
    with pytest.raises(GameError) as raised:
        codec.from_scenario(scenario)
    if code:
        assert raised.value.code == code


def test_the_exported_scenario_replays_with_the_cli():
    position = Position.of([[12], [28, 30], [39], [44]], [3, 60, 77], 3, {"p3": [5, 6, 7]}).check()
    scenario = codec.to_scenario(position)
    assert scenario["hands"] == {"p1": [3, 60, 77], "p3": [5, 6, 7]}   # p2's hand is unknown
    assert _replay(scenario)["penalties"] == {"p1": 0, "p3": 0}
    # An author who adds turns gives p2's hand too (the format wants every hand or none).
    scenario["hands"]["p2"] = [61, 62, 63]
    scenario["turns"] = [{"plays": {"p1": 60, "p2": 61, "p3": 5}, "choices": {"p3": 0}}]
    assert _replay(scenario)["penalties"] == {"p1": 0, "p2": 0, "p3": 1}


def _replay(scenario: dict) -> dict:
    done = subprocess.run([sys.executable, "-m", "game", "replay", "-"], input=json.dumps(scenario),
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)
