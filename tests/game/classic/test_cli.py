"""`python -m game replay|simulate`, run as a user would: a real process, its exit status and streams."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
GOOD = {"rows": [[12], [28], [39], [44]], "turns": [{"plays": {"Alice": 37, "Bruno": 45}}]}


def cli(*args, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, encoding="utf-8", timeout=120)


def test_replay_a_scenario_file(tmp_path):
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(GOOD), encoding="utf-8")
    done = cli("replay", str(path))
    assert done.returncode == 0 and done.stderr == ""
    out = json.loads(done.stdout)
    assert set(out) == {"rows", "penalties", "events"}
    assert out["rows"] == [[12], [28, 37], [39], [44, 45]]
    assert [e["type"] for e in out["events"]] == ["reveal", "place", "place"]


def test_replay_reads_standard_input_with_dash():
    done = cli("replay", "-", stdin=json.dumps(GOOD))
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout)["rows"] == [[12], [28, 37], [39], [44, 45]]


def test_every_player_is_in_penalties_with_zero_when_nothing_taken():
    scenario = {"rows": [[11], [20], [33], [47]],
                "turns": [{"plays": {"Alice": 10, "Bruno": 50, "Chloé": 21}, "choices": {"Alice": 3}},
                          {"plays": {"Bruno": 60, "Chloé": 22}}]}
    out = json.loads(cli("replay", "-", stdin=json.dumps(scenario)).stdout)
    assert out["penalties"] == {"Alice": 1, "Bruno": 0, "Chloé": 0}


def test_an_array_of_scenarios_gives_an_array_of_results_in_order():
    second = {"rows": [[11], [20], [33], [47]], "turns": [{"plays": {"X": 5}, "choices": {"X": 1}}]}
    done = cli("replay", "-", stdin=json.dumps([GOOD, second, GOOD]))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert [r["penalties"] for r in out] == [{"Alice": 0, "Bruno": 0}, {"X": 3}, {"Alice": 0, "Bruno": 0}]
    assert out[1]["rows"] == [[11], [5], [33], [47]]


def test_player_names_are_any_strings():
    scenario = {"rows": [[12], [28], [39], [44]],
                "turns": [{"plays": {"Zoé « la rusée »": 37, "42": 45}}]}
    out = json.loads(cli("replay", "-", stdin=json.dumps(scenario, ensure_ascii=False)).stdout)
    assert out["penalties"] == {"Zoé « la rusée »": 0, "42": 0}


ROWS = [[12], [28], [39], [44]]
BAD = {
    # name: (scenario or raw text, words the message must contain)
    "card_above_104": ({"rows": ROWS, "turns": [{"plays": {"Alice": 105}}]}, ["105", "Alice", "turn 1"]),
    "card_zero": ({"rows": ROWS, "turns": [{"plays": {"Alice": 37}}, {"plays": {"Bruno": 0}}]},
                  ["0", "Bruno", "turn 2"]),
    "card_not_a_number": ({"rows": ROWS, "turns": [{"plays": {"Alice": "37"}}]}, ["37", "Alice", "turn 1"]),
    "card_true": ({"rows": ROWS, "turns": [{"plays": {"Alice": True}}]}, ["True", "Alice", "turn 1"]),
    "row_card_above_104": ({"rows": [[12], [28], [39], [144]], "turns": [{"plays": {"Alice": 37}}]},
                           ["144", "row 3"]),
    "outside_tactique_deck": ({"rows": ROWS, "variant": "tactique", "players": 4,
                               "turns": [{"plays": {"Alice": 37, "Bruno": 45}}]},
                              ["45", "Bruno", "turn 1", "1..44"]),
    "card_played_twice": ({"rows": ROWS, "turns": [{"plays": {"Alice": 37}}, {"plays": {"Bruno": 37}}]},
                          ["37", "Bruno", "turn 2"]),
    "card_already_on_table": ({"rows": ROWS, "turns": [{"plays": {"Alice": 28}}]}, ["28", "Alice", "turn 1"]),
    "card_not_in_hand": ({"rows": ROWS, "hands": {"Alice": [37, 50], "Bruno": [45, 60]},
                          "turns": [{"plays": {"Alice": 37, "Bruno": 50}}]},
                         ["50", "Bruno", "turn 1", "hand"]),
    "missing_choice": ({"rows": ROWS, "turns": [{"plays": {"Alice": 37, "Bruno": 5}}]},
                       ["5", "Bruno", "turn 1", "choice"]),
    "choice_out_of_range": ({"rows": ROWS, "turns": [{"plays": {"Alice": 5}, "choices": {"Alice": 4}}]},
                            ["4", "Alice", "turn 1"]),
    "choice_negative": ({"rows": ROWS, "turns": [{"plays": {"Alice": 37}},
                                                 {"plays": {"Alice": 5}, "choices": {"Alice": -1}}]},
                        ["-1", "Alice", "turn 2"]),
    "row_not_ascending": ({"rows": [[12, 30, 29], [28], [39], [44]], "turns": [{"plays": {"Alice": 37}}]},
                          ["row 0", "not ascending"]),
    "row_of_six": ({"rows": [[1, 2, 3, 4, 5, 6], [28], [39], [44]], "turns": [{"plays": {"Alice": 37}}]},
                   ["row 0", "6 cards"]),
    "malformed_json": ('{"rows": [[12], [28], [39], [44]], "turns": [', ["cannot read scenario"]),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_scenario_exits_2_with_message_on_stderr_and_nothing_on_stdout(name):
    scenario, words = BAD[name]
    text = scenario if isinstance(scenario, str) else json.dumps(scenario)
    done = cli("replay", "-", stdin=text)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1
    for word in words:
        assert word in done.stderr, (word, done.stderr)


def test_one_bad_scenario_in_an_array_fails_the_whole_array():
    bad = {"rows": ROWS, "turns": [{"plays": {"Alice": 105}}]}
    done = cli("replay", "-", stdin=json.dumps([GOOD, bad]))
    assert (done.returncode, done.stdout) == (2, "")
    assert "105" in done.stderr


def test_missing_file_exits_2(tmp_path):
    done = cli("replay", str(tmp_path / "nowhere.json"))
    assert (done.returncode, done.stdout) == (2, "")
    assert "nowhere.json" in done.stderr


def test_simulate_prints_its_statistics():
    done = cli("simulate", "--players", "4", "--games", "50", "--seed", "1", "--bot", "heuristic")
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert "50 games, 4 players, bot heuristic" in text
    for label in ("rounds per game:", "games per second:", "average heads per player:", "share of wins:"):
        assert label in text
    assert all(f"j{i}" in text for i in range(1, 5))


def test_simulate_json_is_deterministic_but_for_speed():
    def stats():
        done = cli("simulate", "--players", "3", "--games", "20", "--seed", "7", "--bot", "random", "--json")
        assert done.returncode == 0, done.stderr
        out = json.loads(done.stdout)
        del out["games_per_second"], out["rounds_per_second"]
        return out
    first = stats()
    assert first == stats()
    # A game ends once someone has 66 heads, so the worst average is at least 66 / 3 per seat.
    assert first["rounds_per_game"] >= 1
    assert sum(first["average_heads"].values()) >= 66
    assert abs(sum(first["win_share"].values()) - 1) < 0.01  # ties share one victory
