"""« 6 qui surprend ! » as the one state protocol of game/state.py: `SpecialState` is the game (two
rounds, each dealt afresh), `round.SpecialRound` a round's rules. Moves:
    {"kind": "card", "player": p, "card": c}     the number card chosen for the turn (hidden)
    {"kind": "place", "player": p, "special": move or None, "row": r or None}
        when p's card comes up: an optional special card (game/specials/moves.py shapes) and,
        for a card lower than every open row, the row it takes
    {"kind": "next_round"}
"""

from __future__ import annotations

from .. import variants
from ..classic.bots import cheapest_row
from ..classic.cards import classic_deck
from ..classic.state import RoundsState
from ..errors import GameError
from ..events import Deal
from ..state import replay_moves
from ..untrusted import check_seed
from .cards import (MAX_PLAYERS, MIN_PLAYERS, NUMBER_CARDS_EACH, ROUNDS, ROWS, SPECIAL_CARDS_EACH,
                    special_deck)
from .moves import candidates
from .round import SpecialRound
from .scenario import parse


class SpecialState(RoundsState):
    """Two rounds, each dealt afresh (RULES §3); a round's rules are `SpecialRound`'s."""

    variant = "speciales"
    title, min_players, max_players = "the special-cards variant", MIN_PLAYERS, MAX_PLAYERS
    RECORDED = ("kind", "player", "card", "special", "row")
    MOVE_KEYS = {"card": ("card",), "place": ("special", "row"), "next_round": ()}

    def __init__(self, players: list, *, seed=0, options: dict | None = None,
                 deal: dict | None = None, partial: bool = False, log: bool = True):
        check_seed(seed)
        self.saved_options = variants.check_options(variants.get(self.variant), options)
        self._begin(players, seed, log=log, deal=deal, partial=partial)

    @property
    def game_over(self) -> bool:
        return len(self.history) >= ROUNDS

    def _new_round(self, number: int) -> SpecialRound:
        """The scenario's deal for the first round (rows, hands, held cards, markers, Stops),
        else 12 number cards and 3 special cards each and 4 rows drawn from the seed."""
        deal = self.given_deal if number == 1 else None
        if deal is None:
            n, each, held = len(self.players), NUMBER_CARDS_EACH, SPECIAL_CARDS_EACH
            draw = self.rng.draw(classic_deck(), each * n + ROWS)
            specials = self.rng.draw(special_deck(), held * n)
            seats = list(enumerate(self.players))
            deal = {"rows": [[c] for c in draw[each * n:]],
                    "hands": {p: draw[i * each:(i + 1) * each] for i, p in seats},
                    "held": {p: specials[i * held:(i + 1) * held] for i, p in seats}}
        r = SpecialRound(self.players, deal["hands"], deal["held"], deal["rows"],
                         marked=deal.get("marked", ()), stopped=deal.get("stopped", ()),
                         number=number, log=self.log)
        if self.log is not None:
            self.log.append(Deal(number, tuple(map(tuple, r.table.rows)),
                                 sum(map(len, r.hands.values())) + len(r.table.rows)))
        return r

    @staticmethod
    def _start_of(r) -> dict:
        return {"rows": [list(row) for row in r.table.rows],
                "hands": {p: list(h) for p, h in r.hands.items()},
                "specials": {p: list(s) for p, s in r.specials.items()}}

    def _waiting(self, r) -> dict:
        if r.turn_done:
            return self._next_to_choose()
        card, player = r.next_card()
        return {"kind": "place", "player": player, "card": card}

    def _rows(self, special) -> list:
        """The rows the next card may take after `special`: [None] when it needs no row choice,
        [] when `special` is refused."""
        trial = self.round.trial(special)
        if trial is None:
            return []
        return [None] if trial.asked is None else [o["row"] for o in trial.asked[0].options]

    def _decisions(self, want: dict) -> list[dict]:
        """A `place`: no special card or each legal one, with each row a too-low card may take."""
        r, player = self.round, want["player"]
        return [{"kind": "place", "player": player, "special": special, "row": row}
                for special, _ in [(None, None), *candidates(r, player)]
                for row in self._rows(special) if row is None or r.trial(special, row) is not None]

    def _reveal(self, plays: dict) -> None:
        self.round.reveal(plays, partial=self.partial)

    def _decide(self, move: dict) -> None:
        """A `place` move: the optional special card, and the row a too-low card takes (a refused
        special card is the round's to word)."""
        special, row, player = move.get("special"), move.get("row"), move.get("player")
        if row is not None and self._rows(special) == [None]:
            raise GameError(f"{player}'s card is not lower than every open row: no row to take",
                            player=player, code="useless_choice")
        self.round.settle(special, row)


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
    """A saved game before its moves (game.state.from_json plays them)."""
    players = data.get("players") or []
    deal = None if data.get("deal") is None else check_deal(data["deal"], players)
    return SpecialState(players, seed=data.get("seed", 0), options=data.get("options") or None, deal=deal)


def scenario_moves(state, sc, missing, *, strict: bool = True, waiting: str | None = None,
                   auto_choice: bool = False):
    """A scenario's turns as moves, as `state` plays them: each player's number card (None: a
    player who sits the turn out), then one `place` per card with its special card and row.

    `missing(t, player, need)` answers a decision the turn does not give (`need`: the round's
    "row" decision, or None for the player `waiting` names or, unless `strict`, a refused special
    card without a row): it raises, or returns and the moves end there. `strict` (a replay)
    refuses a card played twice and a row for a card that needs none (a loaded export leaves
    that row to the State, which refuses it). `auto_choice` takes the cheapest row for a
    missing or closed one.
    """
    for t, (plays, choices, specials) in enumerate(sc.turns, 1):
        if not state.partial and set(plays) != set(state.players):
            raise GameError(f"turn {t}: every player plays at every turn", code="hands")
        r = state.shown_round
        out_of_hand = set(r.table.cards()).union(*r.piles.values())
        if strict:
            for p, card in plays.items():
                if card in out_of_hand:
                    raise GameError(f"turn {t}: {p} plays {card}, which is already on the table or "
                                    f"taken", player=p, card=card, turn=t,
                                    field=f"turns[{t - 1}].plays.{p}", code="card_twice")
            for p, card in plays.items():
                if card not in r.hands[p]:   # the round's words, naming the turn
                    raise GameError(f"turn {t}: {p} does not hold card {card}", player=p,
                                    card=card, turn=t, code="not_in_hand")
        for p in state.players:
            yield {"kind": "card", "player": p, "card": plays.get(p)}
        while state.pending is not None and state.pending["kind"] == "place":
            r = state.round
            card, player = r.next_card()
            if t == len(sc.turns) and player == waiting:
                missing(t, player, None)
                return
            special, row = specials.get(player), choices.get(player)
            if auto_choice and row is not None:
                try:
                    r.clone().resolve(special, row)
                except GameError as error:
                    if error.code == "bad_choice":   # the row the scenario names is closed now
                        row = cheapest_row(r.options())
            trial = r.trial(special)   # None: refused (the State's own move then says why)
            settles = trial is not None and trial.asked is None   # placed with no row to take
            if settles and row is not None and strict:
                if not auto_choice:
                    raise GameError(f"turn {t}: {player} has a row choice, but their card is not lower "
                                    f"than every open row when it is placed", player=player, turn=t,
                                    code="useless_choice")
                row = None
            elif not settles and row is None and (trial is not None or not strict):
                if auto_choice:
                    row = cheapest_row(trial.pending["options"])
                else:
                    missing(t, player, None if trial is None else trial.pending)
                    return
            yield {"kind": "place", "player": player, "special": special, "row": row}


def from_scenario(data: dict, *, seed: int = 0, options: dict | None = None) -> SpecialState:
    """A game whose first round is an exported special-cards round (« Enregistrer la manche »):
    its deal (rows, hands, held) and its turns, replayed move by move; the last turn may wait
    for a decision (the reader's, or a robot's that the session refuses)."""
    sc = parse(data)
    if sc.marked or sc.stopped or data.get("hands") is None or data.get("held") is None:
        raise GameError("a session needs a fresh deal: every player's hands and held cards", code="hands")
    players = list(data["hands"])
    deal = check_deal({"rows": data["rows"], "hands": data["hands"],
                       "held": {p: data["held"].get(p) for p in players}}, players)
    st = SpecialState(players, seed=seed, options=options, deal=deal)

    def missing(t, player, need):
        if t < len(sc.turns):
            raise GameError(f"turn {t}: {player}'s row choice is missing", code="missing_choice")

    return replay_moves(st, scenario_moves(st, sc, missing, strict=False))
