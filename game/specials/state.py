"""« 6 qui surprend ! » behind the one state protocol of game/state.py.

A thin layer over `play.SpecialGame` and `round.SpecialRound`, which stay the rules. Moves:
    {"kind": "card", "player": p, "card": c}     the number card chosen for the turn (hidden)
    {"kind": "place", "player": p, "special": move or None, "row": r or None}
        when p's card comes up: an optional special card (game/specials/moves.py shapes) and,
        for a card lower than every open row, the row it takes
    {"kind": "next_round"}
"""

from __future__ import annotations

from .. import variants
from ..classic.state import RoundsState
from ..errors import GameError
from ..untrusted import check_seed
from ..state import replay_moves
from .cards import NUMBER_CARDS_EACH, ROWS, SPECIAL_CARDS_EACH
from .moves import candidates
from .play import SpecialGame
from .round import SpecialRound
from .scenario import parse


MOVE_KEYS = {"card": ("card",), "place": ("special", "row"), "next_round": ()}


class SpecialState(RoundsState):
    variant = "speciales"
    RECORDED = ("kind", "player", "card", "special", "row")
    MOVE_KEYS = MOVE_KEYS

    def __init__(self, players: list, *, seed=0, options: dict | None = None, deal: dict | None = None):
        check_seed(seed)
        self.saved_options = variants.check_options(variants.get(self.variant), options)
        self.log: list = []
        self._begin(SpecialGame(list(players), seed=seed, log=self.log), players, seed)
        self.given_deal = deal   # a first deal read from a scenario (a loaded export), not the seed
        self._deal()

    def _given_round(self, deal: dict) -> SpecialRound:
        return SpecialRound(self.players, deal["hands"], deal["held"], deal["rows"], number=1, log=self.log)

    def _remember_start(self, r) -> None:
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

    def _decisions(self, want: dict) -> list[dict]:
        """A `place`: no special card or each one that is legal now, with the rows a too-low card
        may then take."""
        r, player = self.round, want["player"]
        out = []
        for special, _ in [(None, None), *candidates(r, player)]:
            trial = r.trial(special)
            if trial is None:
                continue
            rows = [None] if trial.asked is None else [o["row"] for o in trial.pending["options"]]
            out += [{"kind": "place", "player": player, "special": special, "row": row} for row in rows
                    if row is None or r.trial(special, row) is not None]
        return out

    def _needs_no_row(self, special) -> bool:
        """Whether the next card is placed without a row choice (tried on a copy); False for a
        refused move: the real resolve says why."""
        trial = self.round.trial(special)
        return trial is not None and trial.asked is None

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


def check_deal(deal, players: list) -> dict:
    """A first deal given by a scenario: the scenario checks (cards once, in the deck, four open
    rows) plus a full hand of number and special cards for every player."""
    if not isinstance(deal, dict):
        raise GameError("a deal is an object with rows, hands and held", code="hands")
    hands, held = deal.get("hands"), deal.get("held")
    parse({"variant": "speciales", "rows": deal.get("rows"), "hands": hands, "held": held, "turns": []})
    if not isinstance(hands, dict) or not isinstance(held, dict) or list(hands) != list(players) \
            or list(held) != list(players) or len(deal.get("rows")) != ROWS \
            or any(len(h) != NUMBER_CARDS_EACH for h in hands.values()) \
            or any(len(h) != SPECIAL_CARDS_EACH for h in held.values()):
        raise GameError(f"a deal gives every player {NUMBER_CARDS_EACH} number cards and "
                        f"{SPECIAL_CARDS_EACH} special cards, and opens {ROWS} rows", code="hands")
    return {"rows": [list(r) for r in deal["rows"]], "hands": {p: sorted(h) for p, h in hands.items()},
            "held": {p: list(h) for p, h in held.items()}}


def from_json(data: dict) -> SpecialState:
    players = data.get("players") or []
    deal = None if data.get("deal") is None else check_deal(data["deal"], players)
    state = SpecialState(players, seed=data.get("seed", 0), options=data.get("options") or None, deal=deal)
    return replay_moves(state, data["moves"])


def from_scenario(data: dict, *, seed: int = 0, options: dict | None = None) -> SpecialState:
    """A game whose first round is an exported special-cards round (« Enregistrer la manche »):
    its deal (rows, hands, held) and its turns, replayed move by move."""
    sc = parse(data)
    if sc.marked or sc.stopped or data.get("hands") is None or data.get("held") is None:
        raise GameError("a session needs a fresh deal: every player's hands and held cards", code="hands")
    players = list(data["hands"])
    deal = check_deal({"rows": data["rows"], "hands": data["hands"],
                       "held": {p: data["held"].get(p) for p in players}}, players)
    st = SpecialState(players, seed=seed, options=options, deal=deal)

    def decide(want, turn):
        _, choices, specials = turn
        special, row = specials.get(want["player"]), choices.get(want["player"])
        if row is None and not st._needs_no_row(special):
            return None   # the last turn waits for this decision (the reader's, or refused by load)
        return {"kind": "place", "player": want["player"], "special": special, "row": row}

    st.play_turns(sc.turns, decide)
    return st
