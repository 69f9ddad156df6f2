"""`game.untrusted`: what hostile JSON may hold is refused before any parser reads it, and the
small shared checks (digits typed by a reader, a seed) behave the same wherever they are used."""

from __future__ import annotations

import json

import pytest

from game.classic.scenario import parse as parse_classic
from game.classic.replay import run as run_classic
from game.errors import GameError
from game.junior.scenario import load as load_junior
from game.specials.scenario import parse as parse_specials
from game import variants
from game.untrusted import check_plain, is_digits

ROWS = [[12], [28], [39], [44]]
CLASSIC = {"rows": ROWS, "turns": [{"plays": {"a": 40, "b": 45}}]}
SPECIALS = {"variant": "speciales", "rows": ROWS, "turns": [{"plays": {"a": 40, "b": 45}}]}
JUNIOR = {"level": "base", "players": ["a", "b"], "rows": [["A"], ["B"], ["C"], ["D"]],
          "deck": ["E", "F"], "moves": [{"row": 0}]}


def nested(depth: int):
    """A list nested `depth` deep, built without recursion (like json.loads would)."""
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


def lone_surrogate() -> str:
    return json.loads('"Zo\\ud800"')


BAD = {
    "huge int": 10**4000,
    "negative huge int": -(10**10),
    "lone surrogate": lone_surrogate(),
    "deep nesting": nested(100_000),
    "tuple": (1, 2),
    "set": {1, 2},
    "bytes": b"a",
    "nan": float("nan"),
    "infinity": float("inf"),
    "int key": {1: 2},
    "surrogate key": {lone_surrogate(): 1},
}


@pytest.mark.parametrize("name", BAD)
def test_check_plain_refuses_with_a_one_line_shape_error(name):
    with pytest.raises(GameError) as info:
        check_plain({"rows": [[1], BAD[name]]})
    assert info.value.code == "shape"
    assert "\n" not in str(info.value) and str(info.value).isprintable()


def test_check_plain_accepts_plain_bounded_json():
    check_plain({"a": [1, -(10**9), 10**9, 1.5, "é", None, True, {"b": nested(29)}]})


def test_nesting_limit_is_32_levels():
    check_plain(nested(32))
    with pytest.raises(GameError):
        check_plain(nested(33))


def test_a_newline_in_a_key_does_not_break_the_message_line():
    with pytest.raises(GameError) as info:
        check_plain({"a\nb": [10**12]})
    assert "\n" not in str(info.value)


PARSERS = {
    "classic": (parse_classic, CLASSIC, lambda s, bad: {**s, "turns": [{"plays": {bad: 40}}]}),
    "specials": (parse_specials, SPECIALS, lambda s, bad: {**s, "turns": [{"plays": {bad: 40}}]}),
    "junior": (load_junior, JUNIOR, lambda s, bad: {**s, "players": ["a", bad]}),
}


@pytest.mark.parametrize("variant", PARSERS)
def test_each_parser_refuses_a_lone_surrogate_in_a_player_name(variant):
    parse, scenario, with_name = PARSERS[variant]
    parse(scenario)  # the valid scenario goes through
    with pytest.raises(GameError) as info:
        parse(with_name(scenario, lone_surrogate()))
    assert info.value.code == "shape"


@pytest.mark.parametrize("variant", PARSERS)
@pytest.mark.parametrize("bad", ["huge int", "deep nesting", "tuple"])
def test_each_parser_checks_plain_first(variant, bad):
    parse, scenario, _ = PARSERS[variant]
    with pytest.raises(GameError) as info:
        parse({**scenario, "rows": BAD[bad]})
    assert info.value.code == "shape"


def test_classic_run_survives_turns_that_are_not_a_list():
    """`run` asks whether a scenario has special cards before parsing: that must not crash."""
    with pytest.raises(GameError) as info:
        run_classic({"rows": ROWS, "turns": 5})
    assert info.value.code == "shape"


@pytest.mark.parametrize("text, longest, ok", [("12", 2, True), ("123", 2, False), ("", 2, False),
                                               ("²", 2, False), ("١٢", 2, False), ("1 ", 2, False),
                                               (12, 2, False), ("-1", 2, False)])
def test_is_digits_takes_ascii_digits_only_and_few_of_them(text, longest, ok):
    assert is_digits(text, longest) is ok


@pytest.mark.parametrize("name", ["classic", "speciales", "junior"])
@pytest.mark.parametrize("seed", [True, 2**64, "x" * 201, 1.5, None])
def test_a_new_game_and_a_saved_game_refuse_the_same_seeds(name, seed):
    from game import state as protocol
    variant = variants.get(name)
    players = ["a", "b"]
    with pytest.raises(GameError) as new:
        variant.new_game(players, seed=seed)
    saved = variant.new_game(players, seed=7).to_json()
    with pytest.raises(GameError) as loaded:
        protocol.from_json({**saved, "seed": seed})
    assert new.value.code == loaded.value.code == "session"
    assert str(new.value) == str(loaded.value)
