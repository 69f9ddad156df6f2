"""How fast the rules engine plays: random 4-player rounds per second, with and without the step log.

Issue 2 asks for at least 18,000 random-bot 4-player rounds per second in CPython
with the log off, ahead of every public Python engine; this script measures it,
and py6Nimmt (`pip install py6Nimmt`) in the same process for a fair ratio.
The machine may be noisy: each figure is the best of several timed batches, both
by the wall clock and by the process's CPU time (which other busy processes
disturb much less: on a shared machine it is the fairer figure of the engine).

    .venv/bin/python bench/engine_speed.py [--repeat 7] [--seconds 0.5]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.classic.bots import HeuristicBot  # noqa: E402
from game.classic.cards import classic_deck  # noqa: E402
from game.classic.fast import bot_game, random_round  # noqa: E402
from game.classic.state import ClassicState  # noqa: E402
from game.rng import Rng  # noqa: E402
from tests.round_robots import RoundRandom as RandomBot, play_game  # noqa: E402  (a Round's driver)

PLAYERS = ["j1", "j2", "j3", "j4"]


def best_rate(batch, repeat: int, seconds: float) -> tuple[float, float]:
    """Best units per second over `repeat` batches of about `seconds` each: (wall, CPU).

    `batch(k)` does k units of work; k is sized once so a batch lasts about `seconds`.
    """
    k = 1
    while True:
        start = time.process_time()
        batch(k)
        elapsed = time.process_time() - start
        if elapsed >= seconds / 4:
            break
        k *= 2
    k = max(1, int(k * seconds / elapsed))
    wall = cpu = 0.0
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        batch(k)
        w, c = time.perf_counter() - w, time.process_time() - c
        wall = max(wall, k / w)
        cpu = max(cpu, k / c) if c > 0 else cpu
    return wall, cpu


def fast_rounds(k: int, _rng=Rng(1), _deck=classic_deck()) -> None:
    """The kernel `game.classic.simulate` uses for random bots: no step log."""
    rnd = _rng.random
    for _ in range(k):
        random_round(rnd, 4, _deck)


def logged_rounds(k: int, _seed=[0]) -> None:
    """The State's rounds + RandomBot with the step log on: what the site replays step by step."""
    for _ in range(k):
        _seed[0] += 1
        game = ClassicState(PLAYERS, options={"rounds": 1}, seed=_seed[0])
        play_game(game, {p: RandomBot(game.rng) for p in PLAYERS})


def unlogged_game_rounds(k: int, _seed=[0]) -> None:
    """The State's rounds + RandomBot, log off: the full state machine without the kernel."""
    for _ in range(k):
        _seed[0] += 1
        game = ClassicState(PLAYERS, options={"rounds": 1}, seed=_seed[0], log=False)
        play_game(game, {p: RandomBot(game.rng) for p in PLAYERS})


def heuristic_games(k: int, _seed=[0]) -> None:
    """Whole games (to 66 heads) between four heuristic bots, log off."""
    for _ in range(k):
        _seed[0] += 1
        bot_game(ClassicState(PLAYERS, seed=_seed[0], log=False), HeuristicBot())   # what `simulate` plays


def py6nimmt_rounds():
    """py6Nimmt's random 4-player round, or None when it is not installed.

    py6Nimmt has no simultaneous reveal: players play in seat order, each a
    random card of their hand, and a too-low card takes a random row. Its Table
    deals 10 cards each and 4 row cards from a shuffled 104-card deck, like a
    round of ours; no card is drawn after a play (that is its « draw to 10 »
    mode, not the round of the rules).
    """
    try:
        from py6Nimmt import Table
    except ImportError:
        return None
    rnd = random.random

    def rounds(k: int) -> None:
        for _ in range(k):
            table = Table.Table(4)
            for _turn in range(10):
                for p in range(1, 5):
                    player = table.player(p)
                    card = table.playCard(p, int(rnd() * player.countHand()) + 1)
                    if card is not None:
                        table.catchBoard(p, int(rnd() * 4) + 1, card)
    return rounds


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="timed batches per figure (best kept)")
    parser.add_argument("--seconds", type=float, default=0.5, help="length of one batch")
    args = parser.parse_args(argv)
    r, s = args.repeat, args.seconds

    rows = [("random 4-player rounds/s, log off (game.classic.fast kernel)", best_rate(fast_rounds, r, s)),
            ("random 4-player rounds/s, log on (State rounds + RandomBot + log)", best_rate(logged_rounds, r, s)),
            ("random 4-player rounds/s, log off (State rounds + RandomBot)", best_rate(unlogged_game_rounds, r, s)),
            ("heuristic 4-player games/s (to 66 heads)", best_rate(heuristic_games, r, s))]
    theirs = py6nimmt_rounds()
    if theirs is not None:
        rows.append(("py6Nimmt random 4-player rounds/s", best_rate(theirs, r, s)))

    width = max(len(label) for label, _ in rows)
    print(f"Python {sys.version.split()[0]}, best of {r} batches of ~{s:g} s CPU")
    print(f"{'measure':<{width}}  {'per s (CPU)':>12}  {'per s (wall)':>12}")
    print(f"{'-' * width}  {'-' * 12}  {'-' * 12}")
    for label, (wall, cpu) in rows:
        print(f"{label:<{width}}  {cpu:>12,.0f}  {wall:>12,.0f}")
    ours, logged = rows[0][1][1], rows[1][1][1]
    print()
    print(f"target (issue 2): 18,000 rounds/s with the log off (CPU): "
          f"{'met' if ours >= 18000 else 'NOT met'}")
    if theirs is None:
        print("py6Nimmt is not installed (pip install py6Nimmt): no ratio")
    else:
        other = rows[-1][1][1]
        print(f"ratio ours / py6Nimmt (CPU): log off {ours / other:.1f}×, log on {logged / other:.2f}×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
