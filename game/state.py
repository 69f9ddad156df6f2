"""One state protocol for every variant, in the spirit of OpenSpiel's `State`.

Why one shape: bots, whole-game simulation, the « Jouer une manche » session and the worker's
saved games are then written once, over any variant (CONTRIBUTING.md « State protocol »).
A Bot is anything with `move(state) -> move` for `state.pending["player"]`.
"""

from __future__ import annotations

import importlib
import time
from typing import Protocol

from . import variants
from .errors import GameError
from .rng import Rng
from .untrusted import check_seed, is_whole

MAX_MOVES = 5000   # no game of any variant comes near it: a saved game beyond it is refused


class State(Protocol):
    """A game in progress. Simultaneous reveals are asked one player at a time, cards hidden until
    everyone chose; a step nobody decides (dealing the next round) has "player" None and the one
    legal move {"kind": "next_round"}. A refused move raises GameError and changes nothing."""

    variant: str
    players: list

    @property
    def pending(self) -> dict | None: ...       # {"kind", "player", …}, None once over
    def legal_moves(self) -> list[dict]: ...    # every move answering `pending` (JSON-ready)
    def apply(self, move: dict) -> list: ...    # the events the move caused
    @property
    def is_over(self) -> bool: ...
    def scores(self) -> dict: ...               # as the variant counts (heads, album cards)
    def returns(self) -> dict: ...              # higher is better, for bots and statistics
    def winners(self) -> list: ...              # ties share the victory
    def to_json(self) -> dict: ...              # the seed and moves: `from_json` replays them


class RandomBot:
    """Any legal move, uniformly: the one bot every variant has for free."""

    name = "random"

    def __init__(self, rng: Rng):
        self.rng = rng

    def move(self, state) -> dict:
        return self.rng.choice(state.legal_moves())


def check_move(move) -> dict:
    """A move read from outside (a page, a saved game): a small dict with a string "kind"."""
    if not isinstance(move, dict) or not isinstance(move.get("kind"), str):
        raise GameError(f"a move is an object with a \"kind\", not {str(move)[:40]!r}", code="move")
    for key in ("card", "row"):   # `True` would pass for card 1 (True == 1) and then fail to draw
        value = move.get(key)
        if value is not None and not is_whole(value):
            raise GameError(f"a move's {key} is a whole number, not {str(value)[:20]!r}", code="move")
    return move


def check_turn(state, move: dict, keys: dict) -> dict:
    """The move answers what the state waits for (same kind, same player, only the fields that
    kind has, `keys[kind]`): else GameError."""
    want = state.pending
    move = check_move(move)
    extra = set(move) - {"kind", "player"} - set(keys.get(move["kind"], ()))
    if extra:
        raise GameError(f"a {move['kind'][:20]!r} move has no field "
                        f"{', '.join(sorted(map(str, extra)))[:60]}", code="move")
    if want is None:
        raise GameError("the game is over", code="not_now")
    if move["kind"] != want["kind"]:
        raise GameError(f"the game waits for a {want['kind']!r} move, not {move['kind']!r}",
                        code="not_now")
    if want.get("player") is not None and move.get("player") != want["player"]:
        raise GameError(f"it is {want['player']}'s turn, not {str(move.get('player'))[:40]}'s",
                        player=want["player"], code="not_now")
    return move


def from_json(data, *, watch=None) -> "State":
    """A saved game (`to_json()`) rebuilt by replaying its moves; GameError if any is illegal.
    The variant's `from_json` gives the game before its moves; `watch(state)` may wrap it to see
    every move played (the session draws the round in the same pass: game.playback.Recording)."""
    if not isinstance(data, dict):
        raise GameError("a saved game is a JSON object", code="session")
    moves, players, seed = data.get("moves"), data.get("players"), data.get("seed", 0)
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise GameError("a saved game has a list of moves", code="session")
    if not isinstance(players, list) or not 1 <= len(players) <= 20 or len(set(map(str, players))) != len(players) \
            or not all(isinstance(p, str) and 0 < len(p) <= 40 for p in players):
        raise GameError("a saved game names its players (distinct, short names)", code="session")
    check_seed(seed)
    variant = variants.get(data.get("variant", variants.DEFAULT))
    if not variant.min_players <= len(players) <= variant.max_players:
        raise GameError(f"{variant.name} is played by {variant.min_players} to {variant.max_players}",
                        code="session")
    variants.check_options(variant, data.get("options"))
    for move in moves:
        check_move(move)
    state = variant.from_json(data)
    return replay_moves(state if watch is None else watch(state), moves)


def replay_moves(state, moves: list) -> "State":
    """Apply recorded moves one by one (each checked): the bounded loop behind `from_json` and
    a loaded export."""
    for move in moves:
        state.apply(move)
    return state


def play_out(state, bots: dict, *, until=None, limit: int = MAX_MOVES, log: list | None = None) -> "State":
    """Let `bots[player]` answer every decision until the game ends (steps nobody decides too),
    or until `until(pending)` is true (« Jouer une manche »: the reader's turn). `log` gets the
    events of every move, as `apply` returned them."""
    for _ in range(limit):
        want = state.pending
        if want is None or until is not None and until(want):
            return state
        player = want.get("player")
        events = state.apply(bots[player].move(state) if player is not None else state.legal_moves()[0])
        if log is not None:
            log.extend(events)
    raise GameError(f"the game did not end within {limit} moves", code="too_long")


def levels(variant) -> tuple:
    """A variant's robot levels: "random" (`RandomBot`, every variant's) and its own `bots`."""
    return ("random", *variant.bots)


def bot_factory(variant, level: str):
    """`factory(rng) -> Bot` for a robot level of a variant; GameError for any other level."""
    if level not in levels(variant):
        raise GameError(f"unknown bot {str(level)[:20]!r} for {variant.name} (one of "
                        f"{', '.join(sorted(levels(variant)))})", code="bot_level")
    return RandomBot if level == "random" else variant.bots[level]


def make_bots(variant, names: list, level: str, seed) -> dict:
    """One bot of `level` per player, each with its own generator derived from `seed`."""
    factory = bot_factory(variant, level)
    return {p: factory(Rng(f"{seed}/{p}")) for p in names}


def simulate(variant_name: str = variants.DEFAULT, players: int = 4, games: int = 100,
             seed: int = 1, bot: str = "heuristic", options: dict | None = None) -> dict:
    """Full games between bots: heads (or cards) per seat, share of wins, rounds, speed."""
    variant = variants.get(variant_name)
    options = variants.check_options(variant, options)
    bot_factory(variant, bot)   # an unknown robot is a GameError, whichever loop plays
    # Checked here for every loop (the kernels' included): a GameError, never a TypeError.
    if not (is_whole(players) and is_whole(games) and is_whole(seed) and games >= 1):
        raise GameError("players, games and seed are whole numbers, with at least one game")
    if variant.simulator is not None:   # imported on use: the browser never simulates
        return importlib.import_module(variant.simulator).simulate(
            players=players, games=games, seed=seed, bot=bot, variant=variant.name, **options)
    names = [f"j{i + 1}" for i in range(players)]
    sums = {p: 0 for p in names}
    wins = {p: 0.0 for p in names}
    moves = 0
    start = time.perf_counter()
    for g in range(games):
        state = variant.new_game(names, seed=seed * 1_000_003 + g, options=options)
        play_out(state, make_bots(variant, names, bot, f"{seed}/{g}"))
        best = state.winners()
        for p in best:
            wins[p] += 1 / len(best)
        for p, s in state.scores().items():
            sums[p] += s
        moves += len(state.to_json()["moves"])
    elapsed = time.perf_counter() - start
    return {"variant": variant_name, "players": players, "games": games, "bot": bot, "seed": seed,
            "average_score": {p: round(s / games, 2) for p, s in sums.items()},
            "win_share": {p: round(w / games, 3) for p, w in wins.items()},
            "moves_per_game": round(moves / games, 2),
            "games_per_second": round(games / elapsed, 1) if elapsed else None}
