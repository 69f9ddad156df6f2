"""« 6 qui prend Junior » behind the one state protocol of game/state.py.

Junior's rules already keep a plain-dict state (game/junior/rules.py); this wraps it. Moves:
    {"kind": "card", "player": p, "card": id, "row": r}   lay a cow card (at base level the card
                                                          is the top of the deck)
"""

from __future__ import annotations

from ..errors import GameError
from ..state import check_turn, replay_moves
from . import rules


MOVE_KEYS = {"card": ("card", "row")}


class JuniorState:
    variant = "junior"

    def __init__(self, players: list, *, seed=0, options: dict | None = None):
        if not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise GameError("the seed is an integer or a string", code="session")
        if not isinstance(options or {}, dict):
            raise GameError("options must be an object", code="options")
        options = dict(options or {})
        unknown = sorted(set(options) - {"level", "goal"})
        if unknown:
            raise GameError(f"unknown Junior option(s): {', '.join(map(str, unknown))}", code="options")
        self.options = {"level": options.get("level", "base"), "goal": options.get("goal")}
        self.data = rules.deal(self.options["level"], list(players), seed, goal=self.options["goal"])
        self.players = list(players)
        self.seed = seed
        self.moves: list[dict] = []

    @property
    def pending(self) -> dict | None:
        player = rules.to_play(self.data)
        return None if player is None else {"kind": "card", "player": player}

    def legal_moves(self) -> list[dict]:
        want = self.pending
        if want is None:
            return []
        player = want["player"]
        return [{"kind": "card", "player": player, "card": c, "row": r}
                for c, r in rules.legal_moves(self.data, player)]

    @property
    def is_over(self) -> bool:
        return self.data["over"]

    def scores(self) -> dict:
        return rules.counts(self.data)

    def returns(self) -> dict:
        sign = 1 if self.data["goal"] == "most" else -1
        return {p: sign * n for p, n in rules.counts(self.data).items()}

    def winners(self) -> list:
        return rules.winners(self.data)

    def to_json(self) -> dict:
        return {"variant": self.variant, "players": list(self.players), "seed": self.seed,
                "options": {k: v for k, v in self.options.items() if v is not None},
                "moves": [dict(m) for m in self.moves]}

    def apply(self, move: dict) -> list:
        move = check_turn(self, move, MOVE_KEYS)
        self.data, events = rules.play(self.data, move["player"], move.get("card"), move.get("row"))
        self.moves.append({k: move[k] for k in ("kind", "player", "card", "row") if k in move})
        return events


def new_game(players, *, seed=0, options=None) -> JuniorState:
    return JuniorState(players, seed=seed, options=options)


def from_json(data: dict) -> JuniorState:
    state = JuniorState(data.get("players") or [], seed=data.get("seed", 0), options=data.get("options"))
    return replay_moves(state, data["moves"])
