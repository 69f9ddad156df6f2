"""Junior through the one CLI: `replay --variant junior` and its alias `junior-replay`,
`simulate --variant junior` and its alias `junior-simulate` (game/__main__.py)."""

import io
import json

import pytest
from junior_helpers import SCENARIOS

from game.__main__ import main


def run(argv, monkeypatch, capsys, stdin=""):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8"))))
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("command", [["junior-replay"], ["replay", "--variant", "junior"]])
def test_replay_a_file(monkeypatch, capsys, command):
    code, out, _ = run([*command, str(SCENARIOS / "emma.json")], monkeypatch, capsys)
    assert code == 0 and json.loads(out)["albums"] == {"Emma": 4, "Olivier": 0}


def test_a_scenario_naming_its_variant_needs_no_flag(monkeypatch, capsys):
    scenario = json.loads((SCENARIOS / "emma.json").read_text())
    assert scenario["variant"] == "junior"
    code, out, _ = run(["replay", "-"], monkeypatch, capsys, stdin=json.dumps(scenario))
    assert code == 0 and json.loads(out)["albums"] == {"Emma": 4, "Olivier": 0}
    del scenario["variant"]
    code, out, err = run(["replay", "-"], monkeypatch, capsys, stdin=json.dumps(scenario))
    assert code == 2 and out == "" and err.startswith("error: unknown scenario key")   # read as classic


def test_replay_an_array_from_stdin(monkeypatch, capsys):
    both = "[" + (SCENARIOS / "emma.json").read_text() + "," + (SCENARIOS / "olivier.json").read_text() + "]"
    code, out, _ = run(["junior-replay", "-"], monkeypatch, capsys, stdin=both)
    assert code == 0 and [r["albums"]["Emma"] for r in json.loads(out)] == [4, 0]


@pytest.mark.parametrize("text, words", [
    ("{", "error: cannot read scenario -: Expecting property name"),
    ('{"level": "base", "players": ["a"]}', "error: Junior is played by 2 to 5 players"),
    ('{"level": "base", "players": ["a", "b"], "deck": ["A"], "rows": [["A"], [], [], []], '
     '"moves": [{"row": 0}]}', "error: moves[0]: card 2 (A) adds no new cow to row 0"),
    ('{"variant": "junior", "level": "base", "players": ["O", "E"], "rows": [[' +
     ", ".join(map(str, range(1, 20))) + '], [], [], []]}', "error: rows[0]: card 2 (A) brings no new cow"),
])
def test_replay_errors_exit_2(monkeypatch, capsys, text, words):
    code, out, err = run(["junior-replay", "-"], monkeypatch, capsys, stdin=text)
    assert code == 2 and out == "" and err.startswith(words)


def test_simulate_prints_statistics(monkeypatch, capsys):
    code, out, _ = run(["simulate", "--variant", "junior", "--level", "avance", "--players", "4",
                        "--games", "5", "--seed", "3", "--json"], monkeypatch, capsys)
    stats = json.loads(out)
    assert code == 0 and stats["level"] == "avance" and set(stats["win_share"]) == {"p1", "p2", "p3", "p4"}


def test_simulate_prints_readable_lines_by_default(monkeypatch, capsys):
    code, out, _ = run(["junior-simulate", "--level", "expert", "--players", "2", "--games", "4"],
                       monkeypatch, capsys)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "Junior expert, 2 players, 4 games from seed 0, heuristic bots, fewest cards win"
    assert lines[1] == "moves per game: 48.0" and "sixth-card takes" in lines[3]
