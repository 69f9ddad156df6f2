"""`python -m game`'s arguments: one `error: …` line and exit 2 for any mistake, options checked
against the variant, and no run asking for hours of play (issue 12).

Most tests call `game.__main__.main(argv)` in-process (fast); one runs a real process.
"""

from __future__ import annotations

import io
import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from cli_output import assert_one_error_line
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
    (["--variant", "junior", "--fewest"], ["--fewest is an option of Junior avancé"]),
    (["--variant", "junior", "--level", "expert", "--fewest"], ["--level avance"]),
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
