"""Golden playthroughs: the French text of whole seeded games, compared word for word.

Each file in tests/game/golden/ holds one line per event of the step log
(`game.messages.explain`), for a seeded game between heuristic bots, every variant through the
state protocol (game/state.py): its whole log, and move by move the events `apply` returns. Any change
of a rule, a bot, the random draws or a French sentence shows as a diff here,
to be read and accepted deliberately.

To accept a change, regenerate the files and review the diff before committing:

    GOLDEN_UPDATE=1 .venv/bin/python -m pytest tests/game/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game import state as protocol
from game import variants
from game.messages import explain

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("GOLDEN_UPDATE") == "1"

GAMES = {
    # file name: (variant, players, options, seed): the whole log, first deal included
    "classique-4-joueurs-graine-1.txt": ("classic", ["Alice", "Bruno", "Chloé", "David"], {}, 1),
    "logique-3-joueurs-graine-2.txt": ("logique", ["Alice", "Bruno", "Chloé"], {"rounds": 1}, 2),
}


PROTOCOL_GAMES = {
    # file name: (variant, players, options, seed)
    "speciales-4-joueurs-graine-1.txt": ("speciales", ["Alice", "Bruno", "Chloé", "David"], {}, 1),
    "junior-expert-3-joueurs-graine-1.txt": ("junior", ["Alice", "Bruno", "Chloé"], {"level": "expert"}, 1),
    "tactique-3-joueurs-graine-4.txt": ("tactique", ["Alice", "Bruno", "Chloé"], {"rounds": 1}, 4),
}


def playthrough(name, players, options, seed) -> str:
    variant = variants.get(name)
    state = protocol.play_out(variant.new_game(players, seed=seed, options=options),
                              protocol.make_bots(variant, players, "heuristic", seed))
    return "".join(explain(e) + "\n" for e in state.log)


def protocol_playthrough(name, players, options, seed) -> str:
    """Every event of a game played by heuristic robots through the state protocol."""
    variant = variants.get(name)
    state = variant.new_game(players, seed=seed, options=options)
    bots = protocol.make_bots(variant, players, "heuristic", seed)
    lines = []
    while state.pending is not None:
        player = state.pending.get("player")
        events = state.apply(bots[player].move(state) if player else state.legal_moves()[0])
        lines += [explain(e) + "\n" for e in events]
    return "".join(lines)


@pytest.mark.parametrize("name", sorted(GAMES) + sorted(PROTOCOL_GAMES))
def test_golden_playthrough(name):
    text = playthrough(*GAMES[name]) if name in GAMES else protocol_playthrough(*PROTOCOL_GAMES[name])
    path = GOLDEN / name
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing: run GOLDEN_UPDATE=1 pytest {__file__}"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        old, new = expected.splitlines(), text.splitlines()
        first = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
        pytest.fail(f"{name} differs from line {first + 1}:\n"
                    f"  golden: {old[first] if first < len(old) else '<end>'}\n"
                    f"  now:    {new[first] if first < len(new) else '<end>'}\n"
                    "If the change is intended, regenerate with GOLDEN_UPDATE=1 and review the diff.")
