"""« Jouer une manche »'s parts for the special cards (the session, game/session.py, is the same
for every variant): the table with markers and Stops, the cards in hand, each move's words, the
round as a scenario and as steps, and the robot's advice.
"""

from __future__ import annotations

from html import escape

from ..classic.seat import card_view, record_row, rounds_view, turns_of
from ..messages import advice as words
from ..messages import specials as say
from .bots import SpecialBot
from .cards import NUMBER_CARDS_EACH
from .draw import special_card_svg, table_svg


def seat_view(st, reader: str) -> dict:
    r = st.shown_round
    held = "".join(f'<li>{special_card_svg(kind)}<span>{escape(say.NAMES[kind])}</span></li>'
                   for kind in r.specials[reader])
    extra = (f'<div class="speciales-en-main"><p>{escape(say.held_caption(len(r.specials[reader])))}</p>'
             f'<ul>{held}</ul></div>')
    return {**rounds_view(st), "turns": NUMBER_CARDS_EACH, "hand": [card_view(c) for c in r.hands[reader]],
            "table": table_svg(r.table.rows, marked=r.table.marked, stopped=r.table.stopped),
            "extra": extra, "countdown": {}, "target": None, "options": {"variant": st.variant}}


def move_label(st, move: dict) -> str:
    return words.special_move(st.pending["card"], move)


def decision_text(st, reader: str) -> str:
    return words.special_decision(st.pending["card"])


def round_scenario(st) -> dict:
    """The current (or just finished) round as a special-cards scenario (the export); the turn
    being placed is left out."""
    turns = turns_of(st, record={"place": _record_place})
    start = st.round_starts[-1]
    return {"variant": "speciales", "rows": [list(row) for row in start["rows"]],
            "hands": {p: list(start["hands"][p]) for p in st.players},
            "held": {p: list(start["specials"][p]) for p in st.players}, "turns": turns}


def _record_place(turn: dict, move: dict) -> None:
    record_row(turn, move)
    if move.get("special") is not None:
        turn.setdefault("specials", {})[move["player"]] = move["special"]


def advice(st, reader: str) -> dict:
    bot, r, want = SpecialBot(), st.round, st.pending
    if want["kind"] == "card":
        card = bot.card(r, reader)
        return {"kind": "card", "card": card, "text": words.advice(words.play_card(card))}
    move = bot.decide_move(want, r, reader)
    index = next((i for i, m in enumerate(st.legal_moves()) if m == move), None)
    return {"kind": "move", "index": index,
            "text": words.advice(words.special_move(want["card"], move))}
