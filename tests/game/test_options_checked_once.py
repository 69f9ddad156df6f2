"""Options are checked in one place (`variants.check_values`): every entry point refuses an unknown
option or a value out of its spec with a GameError naming it, never a TypeError, and accepts none
silently."""

import pytest

from game import variants
from game.errors import GameError
from game.state import from_json, simulate

BAD = [("classic", {"foo": 1}, "options"), ("classic", {"target": None}, "target"),
       ("logique", {"rounds": "3"}, "rounds"), ("speciales", {"target": 66}, "options"),
       ("junior", {"foo": 1}, "options"), ("junior", {"level": "x"}, "level"),
       ("junior", {"level": "base", "goal": "fewest"}, "goal")]


@pytest.mark.parametrize("name, options, field", BAD)
def test_simulate_refuses_a_bad_option_with_a_game_error(name, options, field):
    with pytest.raises(GameError) as caught:
        simulate(name, players=3, games=1, options=options)
    assert caught.value.code == "options" and caught.value.field == field


@pytest.mark.parametrize("name, options, field", BAD)
def test_a_new_game_refuses_a_bad_option_with_a_game_error(name, options, field):
    with pytest.raises(GameError) as caught:
        variants.get(name).new_game(["a", "b", "c"], seed=1, options=options)
    assert caught.value.code == "options" and caught.value.field == field


@pytest.mark.parametrize("name, options, field", BAD)
def test_a_saved_game_with_a_bad_option_is_refused(name, options, field):
    with pytest.raises(GameError) as caught:
        from_json({"variant": name, "players": ["a", "b", "c"], "seed": 1, "options": options,
                   "moves": []})
    assert caught.value.code == "options" and caught.value.field == field


def test_the_defaults_are_filled_in_once():
    assert variants.check_options(variants.get("classic"), None) == \
        {"target": 66, "strict": False, "rounds": None}
    assert variants.check_options(variants.get("junior"), {"level": "expert"}) == \
        {"level": "expert", "goal": None}


@pytest.mark.parametrize("arguments", [{"players": "4"}, {"players": 4.0}, {"games": "3"},
                                       {"games": 0}, {"seed": "x"}, {"seed": True}])
def test_simulate_refuses_a_count_or_seed_that_is_no_whole_number_with_a_game_error(arguments):
    with pytest.raises(GameError):
        simulate("classic", **{"players": 3, "games": 1, **arguments})
