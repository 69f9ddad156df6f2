"""« 6 qui prend Junior » behind the one state protocol of game/state.py.

Junior's rules already keep a plain-dict state (game/junior/rules.py); this wraps it. Moves:
    {"kind": "card", "player": p, "card": id, "row": r}   lay a cow card (at base level the card
                                                          is the top of the deck)
"""

from __future__ import annotations

import copy

from .. import variants
from ..errors import GameError
from ..untrusted import check_seed
from ..playback import fold
from ..rng import Rng
from ..state import RandomBot, check_turn, play_out
from . import bots, rules
from .scenario import load, named, state_moves


MOVE_KEYS = {"card": ("card", "row")}
DEAL_KEYS = ("rows", "deck", "hands")


class JuniorState:
    variant = "junior"

    def __init__(self, players: list, *, seed=0, options: dict | None = None, deal: dict | None = None):
        check_seed(seed)
        self.options = variants.check_options(variants.get(self.variant), options)
        self.players = list(players)
        self.seed = seed
        # `deal`: a round loaded from a file (its rows, deck and hands), not dealt from the seed.
        self.deal = None if deal is None else {key: copy.deepcopy(deal[key]) for key in DEAL_KEYS}
        self.data = self.first_state()
        self.moves: list[dict] = []

    def first_state(self) -> dict:
        """The game before its first move: the seed's deal, or the loaded one."""
        level, goal = self.options["level"], self.options["goal"]
        if self.deal is None:
            return rules.deal(level, self.players, self.seed, goal=goal)
        return rules.new_state(level, self.players, goal=goal, **copy.deepcopy(self.deal))

    @property
    def pending(self) -> dict | None:
        player = rules.to_play(self.data)
        return None if player is None else {"kind": "card", "player": player}

    def legal_moves(self) -> list[dict]:
        player = rules.to_play(self.data)   # None once over: the rules list no move then
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
        out = {"variant": self.variant, "players": list(self.players), "seed": self.seed,
               "options": {k: v for k, v in self.options.items() if v is not None},
               "moves": [dict(m) for m in self.moves]}
        if self.deal is not None:
            out["deal"] = copy.deepcopy(self.deal)
        return out

    def apply(self, move: dict) -> list:
        move = check_turn(self, move, MOVE_KEYS)
        self.data, events = rules.play(self.data, move["player"], move.get("card"), move.get("row"))
        self.moves.append({k: move[k] for k in ("kind", "player", "card", "row") if k in move})
        return events


new_game = JuniorState   # the registry's `new_game(players, *, seed, options)`


def from_json(data: dict) -> JuniorState:
    """A saved game before its moves (game.state.from_json plays them). A loaded deal is refused
    (GameError) unless a scenario with it would be accepted: known cards, each once, a table the
    level's rules can lay."""
    deal, options, players = data.get("deal"), data.get("options"), data.get("players") or []
    if deal is not None:
        if not isinstance(deal, dict) or set(deal) != set(DEAL_KEYS):
            raise GameError(f"a deal is an object with {', '.join(DEAL_KEYS)}", code="session")
        chosen = options if isinstance(options, dict) else {}
        deal, _ = load({"variant": "junior", "level": chosen.get("level", "base"),
                        "players": players, "goal": chosen.get("goal"), **deal, "moves": []})
    return JuniorState(players, seed=data.get("seed", 0), options=options, deal=deal)


def from_scenario(data: dict, *, seed: int = 0, options: dict | None = None) -> JuniorState:
    """A game whose moves so far are a saved Junior round (« Enregistrer la manche »)."""
    st, moves = scenario_game(data, seed=seed)
    for _ in fold(st, moves, named):
        pass
    return st


def scenario_game(data: dict, *, seed: int = 0) -> tuple[JuniorState, object]:
    """A scenario's table as a fresh game, and the moves it plays as State moves (not yet played):
    all those written, or the first `played` (a changed example stops before a move its new table
    refuses: `stopped_by` says why)."""
    first, moves = load(data)
    st = JuniorState(first["players"], seed=seed, options={"level": first["level"], "goal": first["goal"]},
                     deal=first)
    return st, state_moves(st, moves[:data.get("played", len(moves))])


def stopped_by(st: JuniorState, data: dict) -> dict:
    """Why an example that stops early stops: the rules' refusal of its next written move, tried on
    `st` (the game after the `played` moves; a refusal leaves it unchanged)."""
    i = data["played"]
    if st.is_over:
        raise GameError(f"played: the game is over after {i} moves", field="played", code="shape")
    written = data["moves"][i]
    player = written.get("player") or st.pending["player"]
    try:
        for move in state_moves(st, [written], i):
            st.apply(move)
    except GameError as error:
        return {"player": player, "code": error.code, "facts": error.facts}
    raise GameError(f"moves[{i}] is legal here: an example stops (played) only before a move the "
                    f"rules refuse", field="played", code="shape")


def run_game(level, players, seed, *, bot="heuristic", goal=None, log: list | None = None):
    """Deal with `seed` and let robots play it out: (first state, moves, final state). `bot`
    names every seat's robot, or each seat's ({player: name}); random ones share one generator.
    `log` gets the events of every move, as `apply` returned them."""
    st = JuniorState(players, seed=seed, options={"level": level, "goal": goal})
    first = st.data
    robots = {"random": RandomBot(Rng(seed)), "heuristic": bots.Heuristic()}
    seats = bot if isinstance(bot, dict) else dict.fromkeys(players, bot)
    play_out(st, {p: robots[seats[p]] for p in players}, log=log)
    return first, [{k: m[k] for k in ("player", "card", "row")} for m in st.moves], st.data
