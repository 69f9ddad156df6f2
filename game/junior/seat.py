"""Junior's parts of « Jouer une manche » (game/session.py, the same for every variant): the
rows and the reader's cards, the albums as scores, and the words of each legal move (a cow card
and its row), offered as a list by the page."""

from __future__ import annotations

from ..messages import junior as say
from ..messages import advice as words
from . import bots, rules
from .scenario import to_scenario
from .draw import card_svg, table_svg


def seat_view(st, reader: str) -> dict:
    data = st.data
    counts = rules.counts(data)
    cards = rules.playable_cards(data, reader) if not data["over"] else []
    # A « tour » is once round the table, as in the classic game (data["turn"] counts single moves).
    moves = data["turn"] - (1 if data["over"] else 0)
    return {"round": 1, "turn": moves // len(data["players"]) + 1, "turns": None,
            "hand": [{"card": c, "svg": card_svg(c), "label": say.card_name(c)} for c in cards],
            "table": table_svg(data["rows"]), "round_scores": counts, "totals": counts,
            "countdown": {}, "target": None, "options": {"variant": "junior", **st.to_json()["options"]},
            "last_round": counts, "rounds_played": 1 if data["over"] else 0,
            "summary": say.albums_text(counts).rstrip(".") + "."}


def move_label(st, move: dict) -> str:
    return words.junior_move(say.card_name(move["card"]), say.ordinal_row(move["row"]))


def decision_text(st, reader: str) -> str:
    return words.junior_decision(rules.is_stuck(st.data, reader))


def advice(st, reader: str) -> dict:
    """The move Junior's heuristic robot would make in the reader's place (French)."""
    card, row = bots.heuristic_move(st.data, reader)
    move = {"kind": "card", "player": reader, "card": card, "row": row}
    index = next((i for i, m in enumerate(st.legal_moves()) if m == move), None)
    return {"kind": "move", "index": index, "text": words.advice(move_label(st, move))}


def round_scenario(st) -> dict:
    """The game so far as a Junior scenario (the export);
    Junior moves are whole, so there is no half-made decision to leave out."""
    return to_scenario(st.first_state(), [{k: m[k] for k in ("player", "card", "row")} for m in st.moves])


def last_stretch(steps: list, reader: str) -> list:
    """Players move one at a time: after the reader's move the page shows it and the robots'
    moves that followed it (and the end of the game, if it came)."""
    mine = [i for i, step in enumerate(steps) if step.get("player") == reader]
    shown = steps[mine[-1]:] if mine else steps[1:]
    # A replay cut mid-game ends on a tally meant for the examples (« l’exemple s’arrête ici »).
    if shown and shown[-1]["events"][0]["type"] == "junior_tally":
        shown = shown[:-1]
    return shown
