"""`junior-replay` and `junior-simulate` through argparse, as game/__main__.py will call them."""

import argparse
import io
import json

import pytest
from junior_helpers import SCENARIOS

from game.junior import cli


def run(argv, monkeypatch, capsys, stdin=""):
    parser = argparse.ArgumentParser()
    cli.register(parser.add_subparsers(dest="command", required=True))
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    args = parser.parse_args(argv)
    code = args.func(args)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_replay_a_file(monkeypatch, capsys):
    code, out, _ = run(["junior-replay", str(SCENARIOS / "emma.json")], monkeypatch, capsys)
    assert code == 0 and json.loads(out)["albums"] == {"Emma": 4, "Olivier": 0}


def test_replay_an_array_from_stdin(monkeypatch, capsys):
    both = "[" + (SCENARIOS / "emma.json").read_text() + "," + (SCENARIOS / "olivier.json").read_text() + "]"
    code, out, _ = run(["junior-replay", "-"], monkeypatch, capsys, stdin=both)
    assert code == 0 and [r["albums"]["Emma"] for r in json.loads(out)] == [4, 0]


@pytest.mark.parametrize("text, words", [
    ("{", "error: cannot read scenario -: Expecting property name"),
    ('{"level": "base", "players": ["a"]}', "error: -: Junior is played by 2 to 5 players"),
    ('{"level": "base", "players": ["a", "b"], "deck": ["A"], "rows": [["A"], [], [], []], '
     '"moves": [{"row": 0}]}', "error: -: moves[0]: La carte Afrique n’ajoute aucune nouvelle vache"),
])
def test_replay_errors_exit_2(monkeypatch, capsys, text, words):
    code, out, err = run(["junior-replay", "-"], monkeypatch, capsys, stdin=text)
    assert code == 2 and out == "" and err.startswith(words)


def test_simulate_prints_statistics(monkeypatch, capsys):
    code, out, _ = run(["junior-simulate", "--level", "avance", "--players", "4", "--games", "5",
                        "--seed", "3", "--json"], monkeypatch, capsys)
    stats = json.loads(out)
    assert code == 0 and stats["level"] == "avance" and set(stats["win_share"]) == {"p1", "p2", "p3", "p4"}


def test_simulate_prints_readable_lines_by_default(monkeypatch, capsys):
    code, out, _ = run(["junior-simulate", "--level", "expert", "--players", "2", "--games", "4"],
                       monkeypatch, capsys)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "Junior expert, 2 players, 4 games from seed 0, heuristic bots, fewest cards win"
    assert lines[1] == "moves per game: 48.0" and "sixth-card takes" in lines[3]
