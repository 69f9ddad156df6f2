"""The classic family's parts of « Jouer une manche » (game/session.py, written once for every
variant): the reader's seat, the round as a scenario (the export) and as steps, a game loaded
from an export, and the robot's advice.
"""

from __future__ import annotations

from ..errors import GameError
from ..messages import advice as words
from ..messages import explain_all
from .bots import HeuristicBot, cheapest_row
from .cards import HEADS
from .draw import card_svg, table_svg
from .play import HAND_SIZE
from ..state import replay_moves
from .replay import scenario_moves
from .scenario import parse
from .state import new_game


def card_view(card: int) -> dict:
    return {"card": card, "heads": HEADS[card], "svg": card_svg(card),
            "label": words.card_button(card, HEADS[card])}


def rounds_view(st) -> dict:
    """The parts of the seat view every game in rounds shares (classic family, special cards)."""
    live, history = st.round is not None, st.history
    return {"round": len(history) + (1 if live else 0), "turn": st.shown_round.turn_number,
            "round_scores": st.round.scores() if live else dict(history[-1]), "totals": st.scores(),
            "last_round": dict(history[-1]) if history else {}, "rounds_played": len(history)}


def seat_view(st, reader: str) -> dict:
    r, options = st.shown_round, st.options
    drafting = r.draft is not None
    out = {**rounds_view(st), "turns": HAND_SIZE, "hand": [card_view(c) for c in r.hands[reader]],
           "table": "" if drafting else table_svg(r.table.to_json()),
           "countdown": {p: options.target - t for p, t in st.scores().items()},
           "target": options.target, "options": {"variant": st.variant, **st.saved_options}}
    if drafting:   # the robots' picks since the reader's last one, in the engine's French
        picks = [m for m in st.moves[round_start(st):] if m["kind"] == "pick"]
        mine = [i for i, m in enumerate(picks) if m["player"] == reader]
        out["pool"] = [card_view(c) for c in r.draft["pool"]]
        out["picks"] = explain_all({"type": "draft_pick", "round": r.number, "player": m["player"],
                                    "card": m["card"]} for m in picks[mine[-1] + 1 if mine else 0:])
    return out


def round_start(st) -> int:
    """Index in `st.moves` of the current round's first move."""
    return max((i + 1 for i, m in enumerate(st.moves) if m["kind"] == "next_round"), default=0)


def record_row(turn: dict, move: dict) -> None:
    """A row choice goes to the turn's "choices" (the scenario format)."""
    if move.get("row") is not None:
        turn.setdefault("choices", {})[move["player"]] = move["row"]


def turns_of(st, record: dict) -> list[dict]:
    """The current round's turns rebuilt from the moves: {"plays"} once everyone has chosen a
    card, then `record[kind](turn, move)` for every other move of that turn. A turn whose cards
    are still being placed is left out, so the turns replay as they are (the export)."""
    n = len(st.players)
    turns, plays = [], {}
    for move in st.moves[round_start(st):]:
        if move["kind"] == "card":
            plays[move["player"]] = move["card"]
            if len(plays) == n:
                turns.append({"plays": plays})
                plays = {}
        elif move["kind"] in record:
            record[move["kind"]](turns[-1], move)
    return turns if st.shown_round.turn_done else turns[:-1]


def round_scenario(st) -> dict:
    """The current (or just finished) round as a scenario: its deal, its turns and row choices;
    a turn not over is left out, so the scenario replays as is (the export)."""
    r = st.shown_round
    if r.draft is not None:
        raise GameError("the draft is not over: nothing to export yet", code="not_now")
    turns = turns_of(st, record={"row": record_row})
    start = st.round_starts[-1]
    extra = {} if st.variant == "classic" else {"variant": st.variant, "players": len(st.players)}
    return {"rows": [list(row) for row in start["rows"]], "turns": turns,
            "hands": {p: list(start["hands"][p]) for p in st.players}, **extra}


def from_scenario(data: dict, *, seed: int = 0, options: dict | None = None):
    """A game whose first round is a scenario with hands (an export): its turns are replayed,
    the last one may wait for a row choice (the reader's, or a robot's that the session refuses)."""
    sc = parse(data)
    hands = data.get("hands")
    if not hands or len(hands) < 2 or set(hands) != set(sc.players):
        raise GameError("a session needs the hands of every player", code="hands")
    # A Logique export's round starts after its draft (the deal is what was drafted); the next
    # rounds draft again, as Logique does.
    variant = data.get("variant", "classic")
    options = {k: v for k, v in (options or {}).items() if k != "variant"}
    st = new_game(list(hands), seed=seed, options=options, variant=variant,
                  deal={"rows": data["rows"], "hands": hands})

    def missing(t, state):
        if t < len(sc.turns):
            raise GameError(f"turn {t}: {state.pending['player']}'s row choice is missing",
                            code="missing_choice")

    return replay_moves(st, scenario_moves(st, sc.turns, missing, unused=lambda *_: None))


def advice(st, reader: str) -> dict:
    """What the heuristic robot would do in the reader's place, and why (French)."""
    want, r = st.pending, st.round
    bot = HeuristicBot()
    if want["kind"] == "card":
        assessed = {c: bot.assess(r.table, c) for c in r.hands[reader]}
        card = bot.card(r, reader)
        return {"kind": "card", "card": card, "text": words.card_advice(r.table, card, assessed)}
    if want["kind"] == "row":
        row = cheapest_row(want["options"])
        return {"kind": "row", "row": row, "text": words.row_advice(want["options"], row)}
    card = bot.pick(r, reader, want["cards"])
    return {"kind": "pick", "card": card, "text": words.pick_advice(card, HEADS[card])}
