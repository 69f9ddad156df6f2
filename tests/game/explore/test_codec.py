"""The permalink and the scenario format: every valid position goes there and back; anything else
(an old version, a changed character, a cut link, noise) is refused with GameError, never a crash."""

from __future__ import annotations

import json
import string
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis_budget import scaled

from game.errors import GameError
from game.explore import codec
from game.explore.position import Position

B64 = string.ascii_letters + string.digits + "-_"


@st.composite
def positions(draw):
    """Any valid position: 2–10 players, classic or Tactique, rows, hand, known and gone cards."""
    variant = draw(st.sampled_from(["classic", "tactique"]))
    players = draw(st.integers(min_value=2, max_value=10))
    highest = 104 if variant == "classic" else 10 * players + 4
    deck = draw(st.permutations(range(1, highest + 1)))
    lengths = [draw(st.integers(min_value=1, max_value=5)) for _ in range(4)]
    hand_size = draw(st.integers(min_value=1, max_value=10))
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
    position = Position.of(rows, hand, players, known, gone, variant)
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
    # One byte per card plus at most 25 of header, lengths and check: compact enough to share.
    assert fragment.startswith("v1.") and len(fragment) <= 3 + -(-4 * (25 + cards) // 3)
    assert all(c in B64 for c in fragment[3:])
    assert codec.decode(fragment) == codec.Link(position, seed, mode)
    assert codec.decode("#" + fragment) == codec.Link(position, seed, mode)


@PROPERTY
@given(positions())
def test_every_valid_position_round_trips_through_the_scenario_format(position):
    scenario = codec.to_scenario(position)
    back = codec.from_scenario(json.loads(json.dumps(scenario)))
    whole = [k if len(k) == len(position.hand) else () for k in position.known]
    expected = Position.of(position.rows, position.hand, position.players, whole, (),
                           position.variant)
    assert back == expected   # partial hands and cards out of play have no place in that format


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


def test_an_old_or_future_version_is_named_as_such():
    fragment = codec.encode(Position.of([[1], [2], [3], [4]], [50], 2))
    for version in ("v0.", "v2.", "v17."):
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
    ({"variant": "speciales", "rows": [[1], [2], [3], [4]], "turns": []}, "variant_unknown"),
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
