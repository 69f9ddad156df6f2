"""The classic game (and Tactique, Logique) behind the one state protocol of game/state.py.

A thin layer over `play.Game` and `play.Round`, which stay the rules: this module only turns
their decisions into moves. Moves:
    {"kind": "card", "player": p, "card": c}   a card chosen for the turn (hidden until all chose)
    {"kind": "row",  "player": p, "row": r}    the row a too-low card takes
    {"kind": "pick", "player": p, "card": c}   Logique's draft
    {"kind": "next_round"}                     deal the next round (nobody decides it)
"""

from __future__ import annotations

from ..errors import GameError
from ..untrusted import check_seed
from ..state import check_turn, replay_moves
from ..events import Deal
from ..variants import check_values
from .play import HAND_SIZE, OPTIONS, Game, Options, Round
from .scenario import parse
from .table import LIMIT


MOVE_KEYS = {"card": ("card",), "row": ("row",), "pick": ("card",), "next_round": ()}


class RoundsState:
    """What the games played in rounds share (the classic family, the special cards): the cards
    of a turn stay hidden until everyone has chosen, a round is scored as soon as it is over,
    and scores, totals and winners come from the `Game`."""

    RECORDED = ("kind", "player", "card", "row")   # the fields of a move kept in `moves`
    MOVE_KEYS: dict                                  # each kind of move → its fields (check_turn)
    partial = False   # a scenario's round: a player may sit a turn out (a card move with card None)

    def _begin(self, game, players, seed) -> None:
        self.game = game
        self.players = list(players)
        self.seed = seed
        self.moves: list[dict] = []
        self.hidden: dict = {}               # cards chosen this turn, shown once everyone chose
        self.round_starts: list[dict] = []   # each round's deal (exports, « revoir la manche »)
        self.finished = None                 # the last round played, once scored (still shown)

    @property
    def round(self):
        return self.game.round

    @property
    def shown_round(self):
        """The round the reader sees: the one in progress, or the last one once it is scored."""
        return self.game.round if self.game.round is not None else self.finished

    @property
    def is_over(self) -> bool:
        return self.game.over and self.game.round is None

    def scores(self) -> dict:
        """Points since the start of the game, the round in progress included."""
        current = self.round.scores() if self.round is not None else {}
        return {p: self.game.totals[p] + current.get(p, 0) for p in self.players}

    def returns(self) -> dict:
        return {p: -s for p, s in self.scores().items()}

    def winners(self) -> list:
        return self.game.winners

    def _deal(self) -> None:
        """Deal the next round, the first one from the scenario's deal when one is given."""
        if self.given_deal is not None and not self.game.history:
            r = self.game.round = self._given_round(self.given_deal)
            self.log.append(Deal(1, tuple(tuple(row) for row in r.table.rows),
                                 sum(len(h) for h in r.hands.values()) + len(r.table.rows)))
        else:
            r = self.game.new_round()
        self._remember_start(r)

    def to_json(self) -> dict:
        out = {"variant": self.variant, "players": list(self.players), "seed": self.seed,
               "options": dict(self.saved_options), "moves": [dict(m) for m in self.moves]}
        if self.given_deal is not None:
            out["deal"] = self.given_deal
        return out

    def legal_moves(self) -> list[dict]:
        """Every move answering `pending`: the hidden card and next_round here, a variant's own
        decisions from its `_decisions(want)`."""
        want = self.pending
        if want is None:
            return []
        if want["kind"] == "next_round":
            return [{"kind": "next_round"}]
        if want["kind"] == "card":
            player = want["player"]
            return [{"kind": "card", "player": player, "card": c} for c in self.round.hands[player]]
        return self._decisions(want)

    def _next_to_choose(self) -> dict:
        return {"kind": "card", "player": next(p for p in self.players if p not in self.hidden)}

    def _choose_card(self, player: str, card) -> None:
        """Keep `player`'s card hidden; once everyone has chosen, `_reveal(plays)` (atomic)."""
        if card is None and self.partial:
            pass   # sits this turn out: a scenario shows only the players who matter
        elif isinstance(card, bool) or card not in self.round.hands[player]:
            raise GameError(f"{player} does not hold card {str(card)[:20]}", player=player,
                            code="not_in_hand")
        self.hidden[player] = card
        if len(self.hidden) == len(self.players):
            plays, self.hidden = self.hidden, {}
            try:
                self._reveal({p: c for p, c in plays.items() if c is not None})
            except GameError:
                self.hidden = {p: c for p, c in plays.items() if p != player}
                raise

    def apply(self, move: dict) -> list:
        """Play one move (GameError leaves the state unchanged); the events it caused. A round
        is scored as soon as it is over. A variant's own decisions (a row, a pick, a special
        card) are its `_decide(move)`."""
        move = check_turn(self, move, self.MOVE_KEYS)
        start = len(self.log)
        if move["kind"] == "card":
            self._choose_card(move.get("player"), move.get("card"))
        elif move["kind"] == "next_round":
            self._deal()
        else:
            self._decide(move)
        if self.game.round is not None and self.game.round.over:
            self.finished = self.game.round
            self.game.end_round()
        self.moves.append({k: move[k] for k in self.RECORDED if k in move})
        return self.log[start:]


class ClassicState(RoundsState):
    MOVE_KEYS = MOVE_KEYS

    def __init__(self, players: list, *, seed=0, options: dict | None = None, variant: str = "classic",
                 deal: dict | None = None, partial: bool = False):
        if deal is not None and not partial:   # a scenario's excerpt deals only the cards it plays
            deal = check_deal(deal, players, variant)
        check_seed(seed)
        self.saved_options = check_values(variant, OPTIONS, options)
        self.options = Options(variant, **self.saved_options)
        self.variant = variant
        self.log: list = []
        self.partial = partial
        game = Game(list(players), self.options, seed=seed, log=self.log, excerpt=partial)
        self._begin(game, players, seed)
        self.given_deal = deal               # a first deal read from a scenario instead of the seed
        self._deal()

    def _given_round(self, deal: dict) -> Round:
        return Round(self.players, deal["hands"], deal["rows"], number=1, log=self.log,
                     limit=deal.get("limit", LIMIT))

    def _remember_start(self, r) -> None:
        self.round_starts.append({"rows": r.table.to_json(), "hands": {p: list(h) for p, h in r.hands.items()}})

    # --- reading ------------------------------------------------------------------------------
    @property
    def pending(self) -> dict | None:
        if self.game.round is None:
            return None if self.game.over else {"kind": "next_round", "player": None}
        want = self.game.round.pending
        return self._next_to_choose() if want["kind"] == "card" else want

    def _decisions(self, want: dict) -> list[dict]:
        player = want["player"]
        if want["kind"] == "row":
            return [{"kind": "row", "player": player, "row": o["row"]} for o in want["options"]]
        return [{"kind": "pick", "player": player, "card": c} for c in want["cards"]]

    # --- playing ------------------------------------------------------------------------------
    def _reveal(self, plays: dict) -> None:
        self.round.play(plays, partial=self.partial)

    def _decide(self, move: dict) -> None:
        r = self.round
        if move["kind"] == "row":
            r.choose(move.get("row"))
        else:
            r.pick(move.get("player"), move.get("card"))
            if r.draft is None:   # the draft is over: the round starts from these rows and hands
                self.round_starts.pop()
                self._remember_start(r)


new_game = ClassicState   # the registry's `new_game(players, *, seed, options, variant, deal)`


def check_deal(deal, players: list, variant: str) -> dict:
    """A first deal given by a scenario: the scenario checks (cards once, in the deck, four rows)
    plus a full hand for every player."""
    if not isinstance(deal, dict):
        raise GameError("a deal is an object with rows and hands", code="hands")
    hands = deal.get("hands")
    extra = {} if variant == "classic" else {"variant": variant, "players": len(players)}
    parse({"rows": deal.get("rows"), "hands": hands, "turns": [], **extra})
    if not isinstance(hands, dict) or list(hands) != list(players) \
            or any(len(h) != HAND_SIZE for h in hands.values()):
        raise GameError(f"a deal gives every player {HAND_SIZE} cards", code="hands")
    return {"rows": [list(r) for r in deal["rows"]], "hands": {p: sorted(h) for p, h in hands.items()}}


def from_json(data: dict) -> ClassicState:
    """A saved game read back (its players and options already checked by game.state.from_json)."""
    state = ClassicState(data["players"], seed=data.get("seed", 0), deal=data.get("deal"),
                         options=data.get("options"), variant=data.get("variant", "classic"))
    return replay_moves(state, data["moves"])
