"""The variant registry: the one place that knows which games the engine plays.

A scenario names its variant with `"variant"` (default `"classic"`, so every classic scenario
written before the registry stays valid); nothing is guessed from a scenario's contents. The CLI,
the worker facade, the session (« Jouer une manche ») and the site's example blocks all go through
`get(name)` or `of(scenario)`, so a new variant is one folder with a `variant.py` plus one line
in `MODULES` (or one `register()` call, as tests/game/test_toy_variant.py does).

Modules are imported on first use: the browser worker loads only the variant a page needs.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .errors import GameError


@dataclass(frozen=True)
class Variant:
    """What every variant gives the rest of the project (see CONTRIBUTING.md « Variants »).

    replay(scenario, *, draw=True, pause=False) -> steps   (each step has n, turn, kind, events,
        text, choice, …; with pause=True a missing decision ends on a step of kind "choice")
    result(scenario) -> dict                               (what `python -m game replay` prints)
    step_html(step) -> str                                 (the one drawing of a step)
    page_step(scenario, step) -> dict                      (extra fields the page player needs)
    with_choice(scenario, step, row) -> scenario           (the reader takes `row` at that step)
    new_game(players, *, seed, options) -> State           (game/state.py protocol)
    from_json(data) -> State                               (a State's `to_json()` read back)
    bots: {level: factory(rng) -> Bot}                     (Bot.move(state) -> move)
    simulate(players, games, seed, bot, options) -> dict   (optional: a faster special case;
        game.state.simulate plays any variant through the state protocol otherwise)
    """

    name: str
    title: str                       # French, as readers see it
    min_players: int
    max_players: int
    replay: Callable[..., list]
    result: Callable[[Any], dict]
    step_html: Callable[[dict], str]
    page_step: Callable[[Any, dict], dict]
    with_choice: Callable[[Any, dict, int], dict]
    new_game: Callable[..., Any]
    from_json: Callable[[dict], Any]
    bots: Mapping[str, Callable] = field(default_factory=dict)
    options: tuple[str, ...] = ()    # keys of `new_game(options=…)` this variant understands
    simulate: Callable[..., dict] | None = None
    format_stats: Callable[[dict], str] | None = None   # readable lines of `simulate`'s figures
    what_if: Callable[..., tuple] | None = None   # (scenario, rows, plays) -> (scenario, errors)
    compare: Callable[[Any], dict] | None = None  # scenario -> {"with", "without", "saved"} heads
                                                  # (special cards: « et si je ne la jouais pas ? »)
    # « Jouer une manche » (game/session.py): what the reader sees from their seat.
    seat_view: Callable[[Any, str], dict] | None = None          # (state, reader) -> parts of the view
    move_label: Callable[[Any, dict], str] | None = None         # a legal move, in French
    decision_text: Callable[[Any, str], str] | None = None       # what the reader is asked, in French
    round_scenario: Callable[..., dict | None] | None = None     # (state, *, pending) -> scenario
    from_scenario: Callable[..., Any] | None = None              # (scenario, *, seed, options) -> State
    advice: Callable[[Any, str], dict] | None = None             # (state, reader) -> {kind, text, …}


# name -> module whose `variant(name)` returns the Variant. One line per variant.
MODULES: dict[str, str] = {
    "classic": "game.classic.variant",
    "tactique": "game.classic.variant",
    "logique": "game.classic.variant",
    "speciales": "game.specials.variant",
    "junior": "game.junior.variant",
}
DEFAULT = "classic"
_loaded: dict[str, Variant] = {}


def register(name: str, module: str) -> None:
    """Add (or replace) a variant: `module.variant(name)` must return its Variant."""
    MODULES[name] = module
    _loaded.pop(name, None)


def names() -> list[str]:
    return list(MODULES)


def get(name) -> Variant:
    """The variant called `name`; GameError (code "unknown_variant") for any other value."""
    if not isinstance(name, str) or name not in MODULES:
        known = ", ".join(MODULES)
        shown = repr(name)[:40]
        raise GameError(f"unknown variant {shown} (one of {known})", field="variant",
                        code="unknown_variant")
    if name not in _loaded:
        _loaded[name] = importlib.import_module(MODULES[name]).variant(name)
    return _loaded[name]


def name_of(scenario, default: str = DEFAULT) -> str:
    """The variant a scenario names (its "variant" key), `default` when it names none."""
    if isinstance(scenario, dict) and "variant" in scenario:
        return scenario["variant"]
    return default


def of(scenario, default: str = DEFAULT) -> Variant:
    """The Variant of a scenario: its "variant" key, or `default` when it has none."""
    return get(name_of(scenario, default))
