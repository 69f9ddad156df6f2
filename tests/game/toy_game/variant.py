"""A toy variant, to prove the registry's seam: one folder, one `register()` line, and the CLI,
the worker facade, the session and the simulation all play it with no other change.

Rules: each player holds the cards dealt from 1..12; each turn everyone plays one card, the
highest card scores one point for its player. Scenario: {"variant": "toy", "hands": {p: [..]},
"turns": [{p: card}]}.
"""

from __future__ import annotations

from html import escape

from game import events as event_types
from game import playback
from game.errors import GameError
from game.messages import explain_all
from game.rng import Rng
from game.state import check_turn
from game.variants import Option, Seat, Variant

HAND = 3
OPTIONS = {"hand": Option("int", default=HAND, low=1, high=4, input="cartes", label="Cartes en main")}
"""Cards per player: the one option, read by the « Jouer » facade and shown in its form from this
spec alone."""


class ToyState:
    variant = "toy"

    def __init__(self, players, *, seed=0, options=None, hands=None):
        self.players, self.seed = list(players), seed
        self.options = {"hand": (options or {}).get("hand", HAND)}
        if len(self.players) < 2:
            raise GameError("two players at least", code="players")
        size = self.options["hand"]
        deck = Rng(seed).draw(list(range(1, 13)), size * len(self.players))
        self.hands = hands or {p: sorted(deck[i * size:(i + 1) * size]) for i, p in enumerate(self.players)}
        self.points = {p: 0 for p in self.players}
        self.hidden, self.moves, self.history = {}, [], []

    @property
    def pending(self):
        if all(not h for h in self.hands.values()):
            return None
        return {"kind": "card", "player": next(p for p in self.players if p not in self.hidden)}

    def legal_moves(self):
        want = self.pending
        return [] if want is None else [{"kind": "card", "player": want["player"], "card": c}
                                        for c in self.hands[want["player"]]]

    @property
    def is_over(self):
        return self.pending is None

    def scores(self):
        return dict(self.points)

    def returns(self):
        return dict(self.points)

    def winners(self):
        best = max(self.points.values())
        return [p for p in self.players if self.points[p] == best]

    def to_json(self):
        return {"variant": "toy", "players": self.players, "seed": self.seed, "options": dict(self.options),
                "moves": list(self.moves)}

    def apply(self, move):
        move = check_turn(self, move, {"card": ("card",)})
        player, card = move["player"], move.get("card")
        if isinstance(card, bool) or card not in self.hands[player]:
            raise GameError(f"{player} does not hold {card!r}", code="not_in_hand")
        self.hidden[player] = card
        events = []
        if len(self.hidden) == len(self.players):
            winner = max(self.hidden, key=self.hidden.get)
            self.points[winner] += 1
            for p, c in self.hidden.items():
                self.hands[p].remove(c)
            events = [{"type": "toy_trick", "plays": dict(self.hidden), "winner": winner}]
            self.history.append(events[0])
            self.hidden = {}
        self.moves.append(dict(move))
        return events


def from_json(data):
    return ToyState(data["players"], seed=data.get("seed", 0), options=data.get("options"))


def _step(st, n, kind, events, text):
    return {"n": n, "turn": len(st.history), "kind": kind, "events": events, "text": text,
            "points": st.scores(), "choice": None}


def trick_steps(st):
    """How the toy's moves become steps (game/playback.py): the hands, then one step per trick.
    The example replay and « Jouer une manche » (`Seat.steps`) both use it."""
    return {"opening": lambda st: [_step(st, 0, "start", [], "Début.")],
            "steps_of": lambda st, move, events, n: [_step(st, n, "trick", events, explain_all(events))]
            if events else [],
            "closing": lambda st, n: []}


def replay(scenario, *, draw=True, pause=False):
    """The scenario's turns as moves, folded over the State by the one replay."""
    hands = scenario.get("hands")
    if not isinstance(hands, dict) or len(hands) < 2:
        raise GameError("a toy scenario has the hands of two players or more", field="hands")
    st = ToyState(list(hands), hands={p: list(h) for p, h in hands.items()})
    moves = ({"kind": "card", "player": p, "card": plays.get(p)}
             for plays in scenario.get("turns", []) for p in st.players)
    return playback.replay(st, moves, **trick_steps(st))


def step_html(step):
    return f'<p class="toy">{escape(step["text"])}</p>'


def seat_view(st, reader):
    return {"round": 1, "turn": len(st.history), "turns": st.options["hand"],
            "hand": [{"card": c, "svg": f"<svg><text>{c}</text></svg>", "label": f"Jouer le {c}"}
                     for c in st.hands[reader]],
            "table": "<svg></svg>", "round_scores": st.scores(), "totals": st.scores(), "countdown": {},
            "last_round": st.scores(), "rounds_played": 1 if st.is_over else 0}


WORDING = {"toy_trick": lambda e: f"{e['winner']} remporte le pli."}
"""The French of its one event type: the variant brings it along (`Variant.wording`)."""


def variant(name):
    event_types.register_dict_types("toy_trick")   # its event, listed by events.all_types
    return Variant(
        name=name, title="Carte haute", min_players=2, max_players=4, replay=replay,
        result=lambda sc: {"points": replay(sc, draw=False)[-1]["points"]}, step_html=step_html,
        new_game=lambda players, *, seed=0, options=None: ToyState(players, seed=seed, options=options),
        from_json=from_json, seat=Seat(view=seat_view, steps=trick_steps), options=OPTIONS, wording=WORDING,
        tool_numbers=lambda: {"deal": {"hand": OPTIONS["hand"].default, "specials": 0, "rows": 0},
                              "winners": "most"},
    )
