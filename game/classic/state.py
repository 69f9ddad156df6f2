"""The classic game (and Tactique, Logique) as the one state protocol of game/state.py: the State
is the game (it deals, scores each round, ends the game); a round's own rules are `play.Round`.
Moves:
    {"kind": "card", "player": p, "card": c}   a card chosen for the turn (hidden until all chose)
    {"kind": "row",  "player": p, "row": r}    the row a too-low card takes
    {"kind": "pick", "player": p, "card": c}   Logique's draft
    {"kind": "next_round"}                     deal the next round (nobody decides it)
"""

from __future__ import annotations

from ..errors import GameError
from ..events import GameEnd, RoundEnd
from ..rng import Rng
from ..untrusted import check_seed
from ..state import check_turn
from .cards import MAX_PLAYERS, MIN_PLAYERS
from .play import HAND_SIZE, ROWS, Options, Round, winners_of
from .scenario import parse
from .table import LIMIT


MOVE_KEYS = {"card": ("card",), "row": ("row",), "pick": ("card",), "next_round": ()}


class RoundsState:
    """What the games played in rounds share (the classic family, the special cards): the State
    deals each round (the variant's `_new_round`), keeps the cards of a turn hidden until everyone
    has chosen, scores a round as soon as it is over and ends the game by the variant's
    `game_over`. A round's own rules are the variant's round object (`play.Round`,
    `specials.round.SpecialRound`)."""

    RECORDED = ("kind", "player", "card", "row")   # the fields of a move kept in `moves`
    MOVE_KEYS: dict                                  # each kind of move → its fields (check_turn)
    partial = False   # a scenario's round: a player may sit a turn out (a card move with card None)
    title, min_players, max_players = "6 qui prend", MIN_PLAYERS, MAX_PLAYERS

    def _begin(self, players, seed, *, log: bool, deal: dict | None, partial: bool) -> None:
        """The game, its first round dealt (from `deal`, a scenario's, when given); `log` False
        keeps no events (whole-game simulations, which play the rounds directly: `apply` needs it)."""
        self.partial = partial
        players = list(players)
        # A scenario's excerpt may show one player, or none (its rows only).
        if not (0 if self.partial else self.min_players) <= len(players) <= self.max_players:
            raise GameError(f"{self.title} is played by {self.min_players} to {self.max_players} "
                            f"players, not {len(players)}")
        if len(set(players)) != len(players):
            raise GameError(f"player names must be different: {players}")
        self.players = players
        self.seed = seed
        self.rng = Rng(seed)
        self.log = [] if log else None
        self.totals = {p: 0 for p in players}
        self.history: list[dict] = []        # scores of each finished round
        self.round = None                    # the round in progress
        self.finished = None                 # the last round played, once scored (still shown)
        self.moves: list[dict] = []
        self.hidden: dict = {}               # cards chosen this turn, shown once everyone chose
        self.round_starts: list[dict] = []   # each round's deal (exports, « revoir la manche »)
        self.given_deal = deal               # a first deal read from a scenario instead of the seed
        self.new_round()

    # --- the game -------------------------------------------------------------------------------
    def new_round(self):
        """Deal the next round: the first one from the scenario's deal when one is given."""
        if self.game_over:
            raise GameError("the game is over")
        r = self.round = self._new_round(len(self.history) + 1)
        self.round_starts.append(self._start_of(r))
        return r

    def end_round(self) -> dict:
        """Score the finished round (kept as `finished`, still shown); returns its scores."""
        if self.round is None or not self.round.over:
            raise GameError("the round is not over")
        scores = self.round.scores()
        for p, s in scores.items():
            self.totals[p] += s
        self.history.append(scores)
        if self.log is not None:
            self.log.append(RoundEnd(len(self.history), dict(scores), dict(self.totals)))
            if self.game_over:
                self.log.append(GameEnd(len(self.history), dict(self.totals), tuple(self.winners())))
        self.finished, self.round = self.round, None
        return scores

    def play_rounds(self, play) -> None:
        """Every round to the end of the game, `play(round)` playing each one out on the round
        itself (whole-game simulations, the rules' tests: no moves, no protocol checks)."""
        while True:
            play(self.round)
            self.end_round()
            if self.game_over:
                return
            self.new_round()

    @property
    def shown_round(self):
        """The round the reader sees: the one in progress, or the last one once it is scored."""
        return self.round if self.round is not None else self.finished

    @property
    def is_over(self) -> bool:
        return self.round is None and self.game_over

    def scores(self) -> dict:
        """Points since the start of the game, the round in progress included."""
        current = self.round.scores() if self.round is not None else {}
        return {p: self.totals[p] + current.get(p, 0) for p in self.players}

    def returns(self) -> dict:
        return {p: -s for p, s in self.scores().items()}

    def winners(self) -> list:
        """Everyone with the fewest points: ties share the victory."""
        return winners_of(self.totals)

    def to_json(self) -> dict:
        out = {"variant": self.variant, "players": list(self.players), "seed": self.seed,
               "options": dict(self.saved_options), "moves": [dict(m) for m in self.moves]}
        if self.given_deal is not None:
            out["deal"] = self.given_deal
        return out

    # --- moves ----------------------------------------------------------------------------------
    @property
    def pending(self) -> dict | None:
        if self.round is None:
            return None if self.game_over else {"kind": "next_round", "player": None}
        return self._waiting(self.round)

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
        elif card not in self.round.hands[player]:   # `check_move` has refused a bool card
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
            self.new_round()
        else:
            self._decide(move)
        if self.round is not None and self.round.over:
            self.end_round()
        self.moves.append({k: move[k] for k in self.RECORDED if k in move})
        return self.log[start:]


class ClassicState(RoundsState):
    MOVE_KEYS = MOVE_KEYS

    def __init__(self, players: list, *, seed=0, options: dict | None = None, variant: str = "classic",
                 deal: dict | None = None, partial: bool = False, log: bool = True):
        if deal is not None and not partial:   # a scenario's excerpt deals only the cards it plays
            deal = check_deal(deal, players, variant)
        check_seed(seed)
        self.options = Options.read(variant, options)
        self.saved_options = self.options.saved
        self.variant = variant
        self._begin(players, seed, log=log, deal=deal, partial=partial)

    @property
    def game_over(self) -> bool:
        return self.options.game_over(list(self.totals.values()), len(self.history))

    def _new_round(self, number: int) -> Round:
        """The scenario's deal for the first round, else the seed's (Logique: the draft's pool,
        the first picker one seat further left each round, RULES §2)."""
        log, n = self.log, len(self.players)
        if self.given_deal is not None and number == 1:
            deal = self.given_deal
            r = Round(self.players, deal["hands"], deal["rows"], number=1, log=log,
                      limit=deal.get("limit", LIMIT))
        elif self.options.variant == "logique":
            first = (number - 1) % n
            order = self.players[first:] + self.players[:first]
            return Round(self.players, {}, [], number=number, log=log,
                         draft={"pool": self.options.deck(n), "order": order, "pos": 0})
        else:
            draw = self.rng.draw(self.options.deck(n), HAND_SIZE * n + ROWS)
            hands = {p: draw[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i, p in enumerate(self.players)}
            r = Round(self.players, hands, [[c] for c in draw[HAND_SIZE * n:]], number=number, log=log)
        r.log_deal()
        return r

    @staticmethod
    def _start_of(r) -> dict:
        return {"rows": r.table.to_json(), "hands": {p: list(h) for p, h in r.hands.items()}}

    # --- reading ------------------------------------------------------------------------------
    def _waiting(self, r) -> dict:
        want = r.pending
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
                self.round_starts[-1] = self._start_of(r)


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
    """A saved game before its moves (its players and options already checked, its moves played
    by game.state.from_json)."""
    return ClassicState(data["players"], seed=data.get("seed", 0), deal=data.get("deal"),
                        options=data.get("options"), variant=data.get("variant", "classic"))
