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
from .untrusted import is_whole


@dataclass(frozen=True)
class Option:
    """One option of a variant (« Fin de la partie à », a Junior level…): its type and limits.

    The same spec reads a reader's form (`read`: digits typed as text are fine; the facade,
    game/web_play.py, words its refusals) and checks a saved game (`check_options`: typed JSON
    only), so the facade and the session hold
    no option of their own and a new variant's options need no edit outside its folder.
    """

    kind: str                    # "int", "bool" or "choice"
    default: Any = None
    low: int = 1                 # "int": the bounds, both included
    high: int = 10_000
    choices: tuple = ()          # "choice": the accepted values
    optional: bool = False       # None (an empty form field) means « not set »
    field: str | None = None     # the reader's form field, when it is not the option's name
    wording: Callable[[], str] | None = None   # the French refusal (else one from the limits)

    def accepts(self, value) -> bool:
        """`value` is a typed value this option can hold (what a saved game stores)."""
        if value is None:
            return self.optional
        if self.kind == "int":
            return is_whole(value) and self.low <= value <= self.high
        if self.kind == "bool":
            return isinstance(value, bool)
        return isinstance(value, str) and value in self.choices

    def read(self, value):
        """A value typed in a form → the typed value, or ValueError."""
        if isinstance(value, str):
            value = value.strip()
            if value == "" and self.optional:
                return None
            if self.kind == "int":
                # ASCII digits only: « ² » passes str.isdigit() but not int(); no huge number either.
                if not (value.isascii() and value.isdigit()) or len(value) > len(str(self.high)):
                    raise ValueError(value[:20])
                value = int(value)
        if not self.accepts(value):
            raise ValueError(str(value)[:20])
        return value


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
    options: Mapping[str, Option] = field(default_factory=dict)   # `new_game(options=…)`'s keys
    check_options: Callable[[dict], None] | None = None   # a rule across options (GameError)
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
    last_stretch: Callable[[list, str], list] | None = None      # (steps, reader) -> the steps shown
                                                  # after a move (default: the last turn's)


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


def check_options(variant: Variant, options) -> dict:
    """Typed options (a saved game's, a caller's): every key known, every value within its spec,
    the missing ones filled with their defaults. GameError (code "options", field the option)."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise GameError(f"options must be an object, not {str(options)[:20]!r}", field="options",
                        code="options")
    unknown = sorted(set(options) - set(variant.options))
    if unknown:
        raise GameError(f"unknown option(s) for {variant.name}: {', '.join(map(str, unknown))[:80]}",
                        field="options", code="options")
    out = {}
    for name, spec in variant.options.items():
        value = options.get(name, spec.default)
        if not spec.accepts(value):
            raise GameError(f"option {name} of {variant.name} cannot be {str(value)[:20]!r}",
                            field=name, code="options")
        out[name] = value
    if variant.check_options is not None:
        variant.check_options(out)
    return out


def name_of(scenario, default: str = DEFAULT) -> str:
    """The variant a scenario names (its "variant" key), `default` when it names none."""
    if isinstance(scenario, dict) and "variant" in scenario:
        return scenario["variant"]
    return default


def of(scenario, default: str = DEFAULT) -> Variant:
    """The Variant of a scenario: its "variant" key, or `default` when it has none."""
    return get(name_of(scenario, default))
