"""The six worked examples of RULES §5, replayed through `game.classic.replay.run` and the CLI.

Each scenario file in tests/game/classic/scenarios/ keeps the seed's setup; the expected
rows and penalties below are the outcomes RULES §5 settles (with its errata).
Examples 3 and 6 are also replayed with every row their too-low player may take.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.classic.replay import run

SCENARIOS = Path(__file__).parent / "scenarios"
ROOT = Path(__file__).resolve().parents[3]


def load(name: str) -> dict:
    return json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))


def with_choice(scenario: dict, player: str, row: int) -> dict:
    copy = json.loads(json.dumps(scenario))
    copy["turns"][0]["choices"] = {player: row}
    return copy


EXPECTED = {
    # 1. 37 goes after 28; nobody takes.
    "exemple-1": ([[12], [28, 37], [39], [44]], {"Alice": 0}),
    # 2. 31 is the 6th card of 5 12 15 23 29: 2 + 1 + 2 + 1 + 1 = 7 heads; 31 starts the row.
    "exemple-2": ([[31], [40], [62], [88]], {"Alice": 7}),
    # 3. The seed's choice: the 11 row (5 heads, the most expensive).
    "exemple-3": ([[10], [20], [33], [47]], {"Alice": 5}),
    # 4. Erratum: 35 follows 27 (38 > 35 cannot come before it).
    "exemple-4": ([[10, 15], [26, 27, 35], [38], [44, 50]],
                  {"Alice": 0, "Bruno": 0, "Chloé": 0, "David": 0}),
    # 5. Several cards in the same row: 65 then 67 after 63.
    "exemple-5": ([[18, 19], [42, 44], [63, 65, 67], [78]],
                  {"Alice": 0, "Bruno": 0, "Chloé": 0, "David": 0}),
    # 6. Only 12 takes (the 30 row here: 3 heads); 35 then follows 12, 55 follows 43.
    "exemple-6": ([[12, 35], [43, 55], [56], [63, 64]],
                  {"Alice": 3, "Bruno": 0, "Chloé": 0, "David": 0}),
    # 6, corrected: row 2 is full, so 55 is its 6th card (5 heads) after 12 took the 30 row.
    "exemple-6-corrige": ([[12, 35], [55], [56], [63, 64]],
                          {"Alice": 3, "Bruno": 0, "Chloé": 5, "David": 0}),
}

# Example 3: each row Alice's 10 may take, and its cost (RULES §5: 5, 3, 5, 1).
EXAMPLE_3_CHOICES = [
    (0, 5, [[10], [20], [33], [47]]),
    (1, 3, [[11], [10], [33], [47]]),
    (2, 5, [[11], [20], [10], [47]]),
    (3, 1, [[11], [20], [33], [10]]),
]

# Example 6: 30 → 3 heads, 43 / 56 / 63 → 1 head; nobody else takes.
EXAMPLE_6_CHOICES = [
    (0, {"Alice": 3, "Bruno": 0, "Chloé": 0, "David": 0}, [[12, 35], [43, 55], [56], [63, 64]]),
    (1, {"Alice": 1, "Bruno": 0, "Chloé": 0, "David": 0}, [[30, 35, 55], [12], [56], [63, 64]]),
    (2, {"Alice": 1, "Bruno": 0, "Chloé": 0, "David": 0}, [[30, 35], [43, 55], [12], [63, 64]]),
    (3, {"Alice": 1, "Bruno": 0, "Chloé": 0, "David": 0}, [[30, 35], [43, 55], [56, 64], [12]]),
]

# Example 6 corrected (row 2 = 36 38 39 41 43, 5 heads): unless Alice empties row 2,
# 55 is its 6th card and Chloé takes 5 heads; two takes in one turn.
EXAMPLE_6_CORRECTED_CHOICES = [
    (0, {"Alice": 3, "Bruno": 0, "Chloé": 5, "David": 0}, [[12, 35], [55], [56], [63, 64]]),
    (1, {"Alice": 5, "Bruno": 0, "Chloé": 0, "David": 0}, [[30, 35, 55], [12], [56], [63, 64]]),
    (2, {"Alice": 1, "Bruno": 0, "Chloé": 5, "David": 0}, [[30, 35], [55], [12], [63, 64]]),
    (3, {"Alice": 1, "Bruno": 0, "Chloé": 5, "David": 0}, [[30, 35], [55], [56, 64], [12]]),
]


def cli(*args, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, encoding="utf-8", timeout=60)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_worked_example_gives_expected_rows_and_penalties(name):
    rows, penalties = EXPECTED[name]
    out = run(load(name))
    assert out["rows"] == rows
    assert out["penalties"] == penalties


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_worked_example_through_the_cli(name):
    rows, penalties = EXPECTED[name]
    done = cli("replay", str(SCENARIOS / f"{name}.json"))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = json.loads(done.stdout)
    assert (out["rows"], out["penalties"]) == (rows, penalties)
    assert out["events"] == run(load(name))["events"]


def test_example_1_says_37_follows_28_with_gap_9():
    place = [e for e in run(load("exemple-1"))["events"] if e["type"] == "place"]
    assert place == [{"type": "place", "turn": 1, "player": "Alice", "card": 37, "row": 1,
                      "after": 28, "gap": 9, "length": 2}]


def test_example_2_take_lists_the_five_cards_and_seven_heads():
    takes = [e for e in run(load("exemple-2"))["events"] if e["type"] == "take"]
    assert takes == [{"type": "take", "turn": 1, "player": "Alice", "card": 31, "row": 0,
                      "cards": [5, 12, 15, 23, 29], "heads": 7, "reason": "sixth"}]


def test_example_3_offers_every_row_with_its_cost():
    events = run(load("exemple-3"))["events"]
    request = next(e for e in events if e["type"] == "choice_requested")
    assert [(o["row"], o["cards"], o["heads"]) for o in request["options"]] == [
        (0, [11], 5), (1, [20], 3), (2, [33], 5), (3, [47], 1)]
    made = next(e for e in events if e["type"] == "choice_made")
    assert (made["row"], made["heads"], made["cheapest"]) == (0, 5, 1)


@pytest.mark.parametrize("row,heads,rows", EXAMPLE_3_CHOICES)
def test_example_3_each_choice_costs_its_row(row, heads, rows):
    out = run(with_choice(load("exemple-3"), "Alice", row))
    assert out["penalties"] == {"Alice": heads}
    assert out["rows"] == rows


@pytest.mark.parametrize("row,penalties,rows", EXAMPLE_6_CHOICES)
def test_example_6_each_choice(row, penalties, rows):
    out = run(with_choice(load("exemple-6"), "Alice", row))
    assert out["penalties"] == penalties
    assert out["rows"] == rows
    assert [e["player"] for e in out["events"] if e["type"] == "take"] == ["Alice"]


@pytest.mark.parametrize("row,penalties,rows", EXAMPLE_6_CORRECTED_CHOICES)
def test_example_6_corrected_each_choice(row, penalties, rows):
    out = run(with_choice(load("exemple-6-corrige"), "Alice", row))
    assert out["penalties"] == penalties
    assert out["rows"] == rows
    takers = [(e["player"], e["reason"]) for e in out["events"] if e["type"] == "take"]
    expected = [("Alice", "too_low")] + ([("Chloé", "sixth")] if penalties["Chloé"] else [])
    assert takers == expected


def test_every_choice_of_examples_3_and_6_through_the_cli_as_one_array():
    cases = ([(with_choice(load("exemple-3"), "Alice", r), h, rows)
              for r, h, rows in EXAMPLE_3_CHOICES]
             + [(with_choice(load("exemple-6"), "Alice", r), p, rows)
                for r, p, rows in EXAMPLE_6_CHOICES]
             + [(with_choice(load("exemple-6-corrige"), "Alice", r), p, rows)
                for r, p, rows in EXAMPLE_6_CORRECTED_CHOICES])
    done = cli("replay", "-", stdin=json.dumps([c[0] for c in cases]))
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)
    assert len(results) == len(cases)
    for (scenario, expected, rows), out in zip(cases, results):
        penalties = {"Alice": expected} if isinstance(expected, int) else expected
        assert (out["rows"], out["penalties"]) == (rows, penalties)
