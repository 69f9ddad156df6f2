"""Robots for the special cards. `SpecialBot` plays its number cards like the classic heuristic
robot and, when its card comes up, tries each special move on a copy of the round, keeping the
one that saves the most heads when the saving is worth one of its three special cards. The
random robot is every variant's `game.state.RandomBot` (any legal move, special cards included).
"""

from __future__ import annotations

from game.classic.bots import HeuristicBot

from .cards import SLIDE
from .moves import candidates


def cost(rnd, player: str, move, choice) -> tuple[int, int | None] | None:
    """(heads this resolution adds to `player`'s round score, row choice); None if refused.
    A too-low card without a choice is tried on every row it may take, keeping the cheapest."""
    now, trial = rnd.score(player), rnd.trial(move, choice)
    if trial is None or trial.asked is None:
        return None if trial is None else (trial.score(player) - now, choice)
    tries = ((rnd.trial(move, o["row"]), o["row"]) for o in trial.asked[0].options)
    return min(((t.score(player) - now, row) for t, row in tries if t is not None),
               key=lambda found: found[0], default=None)


class SpecialBot(HeuristicBot):
    name = "special"

    def decide_move(self, want: dict, rnd, player: str) -> dict:
        """The state protocol's `place` move (game/specials/state.py) from `decide`."""
        special, row = self.decide(rnd, player)
        return {"kind": "place", "player": player, "special": special, "row": row}

    def decide(self, rnd, player: str) -> tuple[dict | None, int | None]:
        """(special move or None, row choice or None) for the next card, `player`'s."""
        base, base_choice = cost(rnd, player, None, None)
        if base <= 0 or not rnd.specials[player]:
            return None, base_choice
        best = (base, None, base_choice)
        card, _ = rnd.next_card()
        target = rnd.table.target(card)
        for move, choice in candidates(rnd, player):
            if move["card"] == SLIDE and target is not None and move["from_row"] != target \
                    and move["to_index"] != len(rnd.table.rows[move["to_row"]]):
                continue  # a move that neither empties my row nor gives me a new row end: no help
            found = cost(rnd, player, move, choice)
            if found is not None and found[0] < best[0]:
                best = (found[0], move, found[1])
        # Three special cards for twelve turns: spend one on a small saving only near the end.
        needed = 1 if len(rnd.hands[player]) < 2 * len(rnd.specials[player]) else 2
        if best[1] is not None and base - best[0] >= needed:
            return best[1], best[2]
        return None, base_choice
