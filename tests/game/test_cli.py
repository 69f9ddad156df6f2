"""`python -m game replay|simulate` as a user runs it: what `replay` prints for a scenario of any
variant (a file, standard input, an array), what `simulate` prints, and for any mistake one
`error: …` line and exit 2 with nothing on stdout: a bad scenario, a bad argument, an option the
variant does not take, a run asking for hours of play (issue 12).

The tests call `game.__main__.main(argv)` in-process (fast); one runs a real process.
"""

from __future__ import annotations

import io
import json
import signal
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest
from cli_output import assert_one_error_line
from junior_helpers import SCENARIOS as JUNIOR_SCENARIOS
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from game.__main__ import main, parser

ROOT = Path(__file__).resolve().parents[2]


def run(argv, monkeypatch, capsys, stdin: bytes = b""):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("argv, words", [
    ([], ["required: command"]),
    (["nope"], ["invalid choice: 'nope'"]),
    (["replay"], ["required: file"]),
    (["replay", "-", "--indent", "9"], ["--indent"]),
    (["simulate", "--gmes", "3"], ["unrecognized arguments: --gmes 3"]),
    (["simulate", "--games", "x"], ["argument --games: invalid int value: 'x'"]),
    (["simulate", "--games", "9" * 5000], ["argument --games: invalid int value"]),
    (["simulate", "--variant", "echecs"], ["argument --variant: invalid choice"]),
    (["simulate", "--bot"], ["argument --bot: expected one argument"]),
])
def test_an_argument_mistake_is_one_error_line_not_the_usage(argv, words, monkeypatch, capsys):
    # Issue 12: argparse printed the usage then `error:` (8 lines for `simulate`).
    assert_one_error_line(*run(argv, monkeypatch, capsys), *words)


def test_help_still_prints_the_usage(monkeypatch, capsys):
    code, out, err = run(["simulate", "--help"], monkeypatch, capsys)
    assert code == 0 and out.startswith("usage: python -m game simulate") and err == ""
    assert "--fewest" in out and "--rounds" in out


@pytest.mark.parametrize("argv, words", [
    (["--level", "expert"], ["--level does not apply to classic", "--target, --strict, --rounds"]),
    (["--fewest"], ["--fewest does not apply to classic"]),
    (["--variant", "tactique", "--level", "base"], ["--level does not apply to tactique"]),
    (["--variant", "junior", "--rounds", "3"], ["--rounds does not apply to junior", "--level, --fewest"]),
    (["--variant", "junior", "--strict"], ["--strict does not apply to junior"]),
    (["--variant", "junior", "--target", "50"], ["--target does not apply to junior"]),
    (["--variant", "speciales", "--rounds", "2"], ["--rounds does not apply to speciales",
                                                   "none of these options"]),
    (["--rounds", "3", "--target", "50"], ["--rounds fixes the number of rounds"]),
    (["--rounds", "3", "--strict"], ["--rounds fixes the number of rounds"]),
    (["--variant", "junior", "--fewest"], ["--fewest: goal 'fewest' contradicts the base level"]),
    (["junior-simulate-typo"], ["unrecognized arguments"]),
])
def test_an_option_the_variant_does_not_take_is_refused(argv, words, monkeypatch, capsys):
    # Issue 12: --level/--fewest were silently ignored for classic, --rounds/--strict for Junior.
    assert_one_error_line(*run(["simulate", "--games", "1", *argv], monkeypatch, capsys), *words)


@pytest.mark.parametrize("argv", [["--games", "0"], ["--games", "-5"], ["--target", "100000000"],
                                  ["--players", "11"], ["--variant", "speciales", "--players", "9"],
                                  ["--rounds", "0"], ["--variant", "speciales", "--target", "10"]])
def test_a_value_out_of_its_range_is_refused_on_its_option(argv, monkeypatch, capsys):
    code, out, err = run(["simulate", *argv], monkeypatch, capsys)
    assert code == 2 and out == "" and err.startswith("error: --") and err.count("\n") == 1


@pytest.mark.parametrize("argv, check", [
    (["--variant", "junior", "--level", "avance", "--fewest"], lambda s: s["goal"] == "fewest"),
    (["--variant", "junior", "--level", "expert", "--fewest"], lambda s: s["goal"] == "fewest"),
    (["--rounds", "2"], lambda s: s["rounds_per_game"] == 2),
    (["--variant", "logique", "--strict", "--target", "10"], lambda s: s["rounds_per_game"] >= 1),
])
def test_options_the_variant_takes_are_applied(argv, check, monkeypatch, capsys):
    code, out, err = run(["simulate", "--games", "2", "--players", "3", "--json", *argv],
                         monkeypatch, capsys)
    assert code == 0 and err == "", err
    assert check(json.loads(out))


@pytest.mark.parametrize("argv, words", [
    (["--games", "100000", "--rounds", "1000", "--players", "10"],
     ["10,000,000,000 cards", "lower --games or --rounds"]),
    (["--games", "100000"], ["heuristic robots plays at most 2,000,000", "lower --games"]),
    (["--games", "10000", "--target", "5000", "--bot", "random"], ["to reach 5000", "or --target"]),
    (["--variant", "speciales", "--players", "8", "--games", "100000"], ["speciales"]),
    (["--variant", "junior", "--games", "100000", "--bot", "random"], ["52 cards a game"]),
    (["--variant", "logique", "--games", "100000", "--bot", "random"],
     ["logique with random robots plays at most 10,000,000"]),   # the draft plays slower
])
def test_a_run_of_more_than_about_a_minute_is_refused_before_playing(argv, words, monkeypatch, capsys):
    # Issue 12: `--games 100000 --rounds 1000 --players 10` was accepted (about 40 hours).
    def too_long(signum, frame):
        raise AssertionError(f"simulate {' '.join(argv)} started playing instead of refusing")
    previous = signal.signal(signal.SIGALRM, too_long)
    signal.alarm(3)
    try:
        result = run(["simulate", *argv], monkeypatch, capsys)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert_one_error_line(*result, "cards to play", "about a minute", *words)


def test_the_default_runs_and_the_readme_examples_fit_the_bound(monkeypatch, capsys):
    """The bound is checked alone (no game is played): the usual runs stay accepted."""
    import game.__main__ as cli
    for argv in (["simulate"], ["simulate", "--players", "4", "--games", "1000", "--bot", "heuristic"],
                 ["simulate", "--variant", "speciales", "--players", "5", "--games", "200"],
                 ["simulate", "--variant", "junior", "--players", "5", "--games", "1000"],
                 ["simulate", "--games", "100000", "--bot", "random"], ["junior-simulate"]):
        args = parser().parse_args(argv)
        variant = cli.variants.get(args.variant)
        cli._check_work(args, variant, cli._options(args, variant))   # raises Refusal if refused


def test_a_marked_count_instead_of_a_list_is_one_error_line(monkeypatch, capsys):
    # Issue 12 listed `"marked": 3` among the tracebacks; it must stay a one-line refusal.
    scenario = {"variant": "speciales", "rows": [[12], [28], [39], [44]], "marked": 3,
                "turns": [{"plays": {"Alice": 37, "Bruno": 45}}]}
    result = run(["replay", "-"], monkeypatch, capsys, json.dumps(scenario).encode())
    assert_one_error_line(*result, '"marked" must be a list of row indexes, not 3')


# --- generated argument lists ------------------------------------------------------------------

VALUES = {
    "--variant": ["classic", "tactique", "logique", "speciales", "junior", "Classic", "", "toy"],
    "--players": ["1", "2", "3", "5", "8", "10", "11", "0", "-2", "x", "٣"],
    "--games": ["1", "2", "0", "-5", "100001", "x", "", "9" * 5000, "1e3", "٢"],
    "--seed": ["0", "7", "-1", str(2**63 + 1), "x"],
    "--bot": ["random", "heuristic", "smart"],
    "--target": ["1", "5", "66", "0", "10001", "x"],
    "--rounds": ["1", "2", "0", "1001", "x"],
    "--level": ["base", "avance", "expert", "avancé"],
}
SWITCHES = ["--strict", "--fewest", "--json", "--gmes", "stray", "-h"]
GOOD = {"--variant": ["classic", "tactique", "logique", "speciales", "junior"],
        "--players": ["2", "3", "4"], "--games": ["1", "2", "3"], "--seed": ["0", "7"],
        "--bot": ["random", "heuristic"], "--target": ["5", "66"], "--rounds": ["1", "2"],
        "--level": ["base", "avance", "expert"]}
"""Values each right on its own: what is left to refuse is how they combine."""


def argument_lists(values: dict, switches: list):
    pair = st.sampled_from(sorted(values)).flatmap(
        lambda flag: st.sampled_from(values[flag]).map(lambda value: [flag, value]))
    parts = [pair, st.sampled_from(switches).map(lambda switch: [switch])]
    if values is VALUES:
        parts.append(st.sampled_from(sorted(values)).map(lambda flag: [flag]))   # a value missing
    return st.lists(st.one_of(*parts), max_size=6).map(
        lambda chosen: [token for part in chosen for token in part])


arguments = argument_lists(VALUES, SWITCHES) | argument_lists(GOOD, ["--strict", "--fewest", "--json"])


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
          deadline=None)
@given(command=st.sampled_from(["simulate", "junior-simulate"]), argv=arguments)
def test_simulate_prints_statistics_or_one_error_line(command, argv, monkeypatch, capsys):
    argv = ["--games", "2", *argv]   # a later --games wins; the default (1000 games) is slow here
    code, out, err = run([command, *argv], monkeypatch, capsys)
    event(f"exit {code}")
    if code == 2:
        assert_one_error_line(code, out, err)
        return
    assert code == 0 and err == "", (argv, err)
    if "-h" in argv:
        assert out.startswith("usage: python -m game")
        return
    args = parser().parse_args([command, *argv])
    try:
        stats = json.loads(out)
    except ValueError:
        first = out.splitlines()[0]
        assert f"{args.games} games" in first and f"{args.players} players" in first, out
    else:
        assert stats["games"] == args.games and len(stats["win_share"]) == args.players


def test_a_real_process_gets_one_error_line_and_exit_2():
    done = subprocess.run([sys.executable, "-m", "game", "simulate", "--games", "x", "--level", "base"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "error: argument --games: invalid int value: 'x'\n"


# --- replay and simulate as a user runs them (classic) -----------------------------------------
SCENARIO = {"rows": [[12], [28], [39], [44]], "turns": [{"plays": {"Alice": 37, "Bruno": 45}}]}


class Done(NamedTuple):
    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def cli(monkeypatch, capsys):
    """`python -m game ARGS` with `stdin`, in-process: (returncode, stdout, stderr)."""
    def call(*argv, stdin: str = "") -> Done:
        return Done(*run(list(argv), monkeypatch, capsys, stdin.encode("utf-8")))
    return call


def test_replay_a_scenario_file(tmp_path, cli):
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(SCENARIO), encoding="utf-8")
    done = cli("replay", str(path))
    assert done.returncode == 0 and done.stderr == ""
    out = json.loads(done.stdout)
    assert set(out) == {"rows", "penalties", "events"}
    assert out["rows"] == [[12], [28, 37], [39], [44, 45]]
    assert [e["type"] for e in out["events"]] == ["reveal", "place", "place"]


def test_replay_reads_standard_input_with_dash(cli):
    done = cli("replay", "-", stdin=json.dumps(SCENARIO))
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout)["rows"] == [[12], [28, 37], [39], [44, 45]]


def test_every_player_is_in_penalties_with_zero_when_nothing_taken(cli):
    scenario = {"rows": [[11], [20], [33], [47]],
                "turns": [{"plays": {"Alice": 10, "Bruno": 50, "Chloé": 21}, "choices": {"Alice": 3}},
                          {"plays": {"Bruno": 60, "Chloé": 22}}]}
    out = json.loads(cli("replay", "-", stdin=json.dumps(scenario)).stdout)
    assert out["penalties"] == {"Alice": 1, "Bruno": 0, "Chloé": 0}


def test_an_array_of_scenarios_gives_an_array_of_results_in_order(cli):
    second = {"rows": [[11], [20], [33], [47]], "turns": [{"plays": {"X": 5}, "choices": {"X": 1}}]}
    done = cli("replay", "-", stdin=json.dumps([SCENARIO, second, SCENARIO]))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert [r["penalties"] for r in out] == [{"Alice": 0, "Bruno": 0}, {"X": 3}, {"Alice": 0, "Bruno": 0}]
    assert out[1]["rows"] == [[11], [5], [33], [47]]


def test_player_names_are_any_strings(cli):
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
def test_bad_scenario_exits_2_with_message_on_stderr_and_nothing_on_stdout(name, cli):
    scenario, words = BAD[name]
    text = scenario if isinstance(scenario, str) else json.dumps(scenario)
    done = cli("replay", "-", stdin=text)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1
    for word in words:
        assert word in done.stderr, (word, done.stderr)


def test_one_bad_scenario_in_an_array_fails_the_whole_array(cli):
    bad = {"rows": ROWS, "turns": [{"plays": {"Alice": 105}}]}
    done = cli("replay", "-", stdin=json.dumps([SCENARIO, bad]))
    assert (done.returncode, done.stdout) == (2, "")
    assert "105" in done.stderr


def test_missing_file_exits_2(tmp_path, cli):
    done = cli("replay", str(tmp_path / "nowhere.json"))
    assert (done.returncode, done.stdout) == (2, "")
    assert "nowhere.json" in done.stderr


def test_simulate_prints_its_statistics(cli):
    done = cli("simulate", "--players", "4", "--games", "50", "--seed", "1", "--bot", "heuristic")
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert "50 games, 4 players, bot heuristic" in text
    for label in ("rounds per game:", "games per second:", "average heads per player:", "share of wins:"):
        assert label in text
    assert all(f"j{i}" in text for i in range(1, 5))


def test_simulate_json_is_deterministic_but_for_speed(cli):
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


# --- Junior through the one CLI (and its aliases junior-replay, junior-simulate) -----------------
@pytest.mark.parametrize("command", [["junior-replay"], ["replay", "--variant", "junior"]])
def test_replay_a_junior_file(monkeypatch, capsys, command):
    code, out, _ = run([*command, str(JUNIOR_SCENARIOS / "emma.json")], monkeypatch, capsys)
    assert code == 0 and json.loads(out)["albums"] == {"Emma": 4, "Olivier": 0}


def test_a_scenario_naming_its_variant_needs_no_flag(monkeypatch, capsys):
    scenario = json.loads((JUNIOR_SCENARIOS / "emma.json").read_text())
    assert scenario["variant"] == "junior"
    code, out, _ = run(["replay", "-"], monkeypatch, capsys, json.dumps(scenario).encode("utf-8"))
    assert code == 0 and json.loads(out)["albums"] == {"Emma": 4, "Olivier": 0}
    del scenario["variant"]
    code, out, err = run(["replay", "-"], monkeypatch, capsys, json.dumps(scenario).encode("utf-8"))
    assert code == 2 and out == "" and err.startswith("error: unknown scenario key")   # read as classic


def test_replay_a_junior_array_from_stdin(monkeypatch, capsys):
    both = "[" + (JUNIOR_SCENARIOS / "emma.json").read_text() + "," + (JUNIOR_SCENARIOS / "olivier.json").read_text() + "]"
    code, out, _ = run(["junior-replay", "-"], monkeypatch, capsys, both.encode("utf-8"))
    assert code == 0 and [r["albums"]["Emma"] for r in json.loads(out)] == [4, 0]


@pytest.mark.parametrize("text, words", [
    ("{", "error: cannot read scenario -: Expecting property name"),
    ('{"level": "base", "players": ["a"]}', "error: Junior is played by 2 to 5 players"),
    ('{"level": "base", "players": ["a", "b"], "deck": ["A"], "rows": [["A"], [], [], []], '
     '"moves": [{"row": 0}]}', "error: moves[0]: card 2 (A) adds no new cow to row 0"),
    ('{"variant": "junior", "level": "base", "players": ["O", "E"], "rows": [[' +
     ", ".join(map(str, range(1, 20))) + '], [], [], []]}', "error: rows[0]: card 2 (A) brings no new cow"),
])
def test_junior_replay_errors_exit_2(monkeypatch, capsys, text, words):
    code, out, err = run(["junior-replay", "-"], monkeypatch, capsys, text.encode("utf-8"))
    assert code == 2 and out == "" and err.startswith(words)


def test_simulate_prints_junior_statistics(monkeypatch, capsys):
    code, out, _ = run(["simulate", "--variant", "junior", "--level", "avance", "--players", "4",
                        "--games", "5", "--seed", "3", "--json"], monkeypatch, capsys)
    stats = json.loads(out)
    assert code == 0 and stats["level"] == "avance" and set(stats["win_share"]) == {"p1", "p2", "p3", "p4"}


def test_junior_simulate_prints_readable_lines_by_default(monkeypatch, capsys):
    code, out, _ = run(["junior-simulate", "--level", "expert", "--players", "2", "--games", "4"],
                       monkeypatch, capsys)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "Junior expert, 2 players, 4 games from seed 0, heuristic bots, fewest cards win"
    assert lines[1] == "moves per game: 48.0" and "sixth-card takes" in lines[3]
