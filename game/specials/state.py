"""« 6 qui surprend ! » behind the one state protocol of game/state.py.

A thin layer over `play.SpecialGame` and `round.SpecialRound`, which stay the rules. Moves:
    {"kind": "card", "player": p, "card": c}     the number card chosen for the turn (hidden)
    {"kind": "place", "player": p, "special": move or None, "row": r or None}
        when p's card comes up: an optional special card (game/specials/moves.py shapes) and,
        for a card lower than every open row, the row it takes
    {"kind": "next_round"}
"""

from __future__ import annotations

from ..classic.state import RoundsState
from ..errors import GameError
from ..state import replay_moves
from .play import SpecialGame


MOVE_KEYS = {"card": ("card",), "place": ("special", "row"), "next_round": ()}


class SpecialState(RoundsState):
    variant = "speciales"
    RECORDED = ("kind", "player", "card", "special", "row")
    MOVE_KEYS = MOVE_KEYS

    def __init__(self, players: list, *, seed=0, options: dict | None = None):
        if not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise GameError("the seed is an integer or a string", code="session")
        if options:
            raise GameError(f"the special-cards variant takes no option, not {sorted(options)}",
                            code="options")
        self.log: list = []
        self._begin(SpecialGame(list(players), seed=seed, log=self.log), players, seed)
        self._deal()

    def _deal(self) -> None:
        r = self.game.new_round()
        self.round_starts.append({"rows": [list(row) for row in r.table.rows],
                                  "hands": {p: list(h) for p, h in r.hands.items()},
                                  "specials": {p: list(s) for p, s in r.specials.items()}})

    @property
    def pending(self) -> dict | None:
        r = self.game.round
        if r is None:
            return None if self.game.over else {"kind": "next_round", "player": None}
        if r.turn_done:
            return self._next_to_choose()
        card, player = r.next_card()
        return {"kind": "place", "player": player, "card": card}

    def legal_moves(self) -> list[dict]:
        want = self.pending
        if want is None:
            return []
        kind, player = want["kind"], want["player"]
        if kind == "next_round":
            return [{"kind": "next_round"}]
        r = self.round
        if kind == "card":
            return [{"kind": "card", "player": player, "card": c} for c in r.hands[player]]
        from .bots import candidates
        out = []
        for special, _ in [(None, None), *candidates(r, player)]:
            trial = r.clone()
            try:
                settled = trial.resolve(special, None)
            except GameError:
                continue
            rows = [None] if settled else [o["row"] for o in trial.pending["options"]]
            for row in rows:
                if row is not None:
                    try:
                        r.clone().resolve(special, row)
                    except GameError:
                        continue
                out.append({"kind": "place", "player": player, "special": special, "row": row})
        return out

    def _needs_no_row(self, special) -> bool:
        """Whether the next card is placed without a row choice (tried on a copy)."""
        try:
            return self.round.clone().resolve(special, None)
        except GameError:
            return False   # the move itself is refused: the real resolve says why

    def to_json(self) -> dict:
        return {"variant": self.variant, "players": list(self.players), "seed": self.seed,
                "options": {}, "moves": [dict(m) for m in self.moves]}

    def _reveal(self, plays: dict) -> None:
        self.round.reveal(plays)

    def _decide(self, move: dict) -> None:
        """A `place` move: the optional special card, and the row a too-low card takes."""
        special, row, player = move.get("special"), move.get("row"), move.get("player")
        if row is not None and self._needs_no_row(special):
            raise GameError(f"{player}'s card is not lower than every open row: no row to take",
                            player=player, code="useless_choice")
        self.round.settle(special, row)


def new_game(players, *, seed=0, options=None) -> SpecialState:
    return SpecialState(players, seed=seed, options=options)


def from_json(data: dict) -> SpecialState:
    state = SpecialState(data.get("players") or [], seed=data.get("seed", 0),
                         options=data.get("options") or None)
    return replay_moves(state, data["moves"])
