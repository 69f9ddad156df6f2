"""What the page player needs of a classic-family example (and a special-card one), beyond the
replay: each step's markup, quiz target and row costs (`page_step`), and the scenarios the reader
asks for: another row (`with_choice`), « Et si… ? » (`edited_scenario`).
"""

from __future__ import annotations

import copy
import re

from ..errors import GameError, fault
from ..messages import reader_errors
from ..player_boxes import decision_box
from .cards import is_card
from .draw import step_html
from .replay import replay, scenario_moves, scenario_state
from .scenario import parse
from ..state import replay_moves
from .table import LIMIT
from ..untrusted import is_whole


# --- steps ------------------------------------------------------------------------------------

def page_step(scenario: dict, step: dict, *, draw=step_html, replay=replay,
              rows: int | None = None) -> dict:
    """One replay step as the page needs it: markup, text, and what the reader can act on."""
    item = {**{key: value for key, value in step.items() if key != "svg"},
            "html": draw(step), "target": _target(step)}
    if step.get("choice"):
        item["choice"] = {**step["choice"],
                          "costs": choice_costs(scenario, step, replay=replay, rows=rows)}
        item["html"] += decision_box(item["choice"])
    return item


def _target(step: dict) -> dict | None:
    """The card placed at this step and the row it ended in, for the « Où va cette carte ? » quiz."""
    for event in step.get("events", []):
        if event.get("type") in ("place", "special_place", "start_row"):
            return {"card": event["card"], "row": event["row"], "player": event.get("player"),
                    "chosen": event["type"] == "start_row" and step.get("choice") is not None}
    return None


def choice_costs(scenario: dict, step: dict, *, replay=replay, rows: int | None = None) -> dict[str, int]:
    """For a decision, the chooser's total at the end of that turn for each row they could take
    (not later: that would cost a full replay per option and mix in other decisions)."""
    upto = {**scenario, "turns": scenario["turns"][:step["turn"]]}
    player = step["choice"]["player"]
    return {str(o["row"]): replay(with_choice(upto, step, o["row"], rows=rows), draw=False,
                                  pause=True)[-1]["penalties"][player]
            for o in step["choice"]["options"]}


def with_choice(scenario: dict, step: dict, row: int, *, rows: int | None = None) -> dict:
    """A copy of the scenario where the player deciding at `step` takes `row` (`rows`: the
    bound of a variant that may add a row during the replay; the engine checks the rest)."""
    changed = copy.deepcopy(scenario)
    turn, turns = step["turn"], changed["turns"]
    if not 1 <= turn <= len(turns):
        raise GameError(f"turn {turn}: no such turn", turn=turn, code="no_such_turn")
    if not is_whole(row) or not 0 <= row < (len(changed["rows"]) if rows is None else rows):
        raise GameError(f"turn {turn}: no row {row}", turn=turn, code="no_such_row")
    turns[turn - 1].setdefault("choices", {})[step["choice"]["player"]] = row
    return changed


# --- « Et si… ? » -------------------------------------------------------------------------------

_INT = re.compile(r"^[0-9]+$")
TWICE = {("table", "table"): "rows", ("table", "play"): "table", ("play", "table"): "play",
         ("play", "play"): "played"}
"""(where a card was first, where again) → where reader_errors.twice says the card already was."""


def parse_card(text) -> tuple[int | None, str | None]:
    """A card typed by the reader → (card, None) or (None, French message)."""
    text = str(text).strip()
    if not text:
        return None, reader_errors.EMPTY_FIELD
    if not _INT.match(text):
        return None, reader_errors.not_a_number(text)
    if len(text) > 6:   # a number, but no card: and no 5,000-digit int to parse
        return None, reader_errors.not_a_card(text)
    card = int(text)
    if not is_card(card):
        return None, reader_errors.out_of_range(card)
    return card, None


def parse_row(text) -> tuple[list[int] | None, str | None]:
    """A starting row typed as cards separated by spaces (or commas) → cards or a message."""
    words = [w for w in re.split(r"[\s,;]+", str(text).strip()) if w]
    if not words:
        return None, reader_errors.EMPTY_ROW
    cards = []
    for word in words:
        card, message = parse_card(word)
        if message:
            return None, message
        cards.append(card)
    for before, after in zip(cards, cards[1:]):
        if after <= before:
            return None, reader_errors.not_ascending(before, after)
    return cards, None


def edited_scenario(base: dict, rows: list, plays: list) -> tuple[dict, list[dict]]:
    """The base scenario with the reader's rows and played cards, or the French errors by field.

    The players and number of turns are those of the example; choices are kept for the turns and
    players that still make one (the player picks again on the page otherwise).
    """
    limit = int(base.get("limit", LIMIT))
    base_rows, base_turns = base.get("rows", []), base.get("turns", [])
    if (len(rows) != len(base_rows) or len(plays) != len(base_turns)
            or any(set(typed) != set(t.get("plays", {})) for typed, t in zip(plays, base_turns))):
        return base, [fault(None, reader_errors.TOO_MANY_FIELDS,
                            "the form's fields do not match the example")]
    # Each field: [name, "table"|"play", cards, message, changed from the example].
    entries: list[list] = []
    for index, text in enumerate(rows):
        cards, message = parse_row(text)
        if message is None and len(cards) > limit:
            message = reader_errors.row_too_long(limit)
        entries.append([f"rows[{index}]", "table", cards, message, cards != list(base_rows[index])])
    for t, (typed, base_turn) in enumerate(zip(plays, base_turns)):
        for player, was in base_turn.get("plays", {}).items():  # the example's order of players
            card, message = parse_card(typed[player])
            entries.append([f"turns[{t}].plays.{player}", "play", None if card is None else [card],
                            message, card != was])

    # A card in two fields is the fault of the one the reader edited: unchanged fields claim
    # their cards first (giving Alice Bruno's 27 marks Alice's field, not Bruno's).
    seen: dict[int, str] = {}  # card → "table" or "play"
    for entry in sorted(entries, key=lambda e: e[4]):
        for card in entry[2] if entry[3] is None else ():
            if card in seen:
                entry[3] = reader_errors.twice(card, TWICE[seen[card], entry[1]])
                break
            seen[card] = entry[1]
    errors = [fault(name, message, f"{name}: the what-if entry is refused")
              for name, _, _, message, _ in entries if message]
    if errors:
        return base, errors

    played = iter(cards[0] for _, kind, cards, _, _ in entries if kind == "play")
    turns = []
    for base_turn in base_turns:
        turn = {"plays": {player: next(played) for player in base_turn.get("plays", {})}}
        if base_turn.get("choices"):
            turn["choices"] = dict(base_turn["choices"])
        turns.append(turn)
    scenario = {key: value for key, value in base.items() if key not in ("rows", "turns", "hands")}
    return _drop_needless_choices({**scenario, "rows": [e[2] for e in entries if e[1] == "table"],
                                   "turns": turns}), []


def _drop_needless_choices(scenario: dict) -> dict:
    """Drop the example's choices that the edited cards no longer need, in one replay (one newly
    needed is missing: the replay pauses on it and the reader picks the row on the page)."""
    if not any(t.get("choices") for t in scenario["turns"]):
        return scenario

    def drop(t: int, players: list, plays: dict) -> None:
        turn = scenario["turns"][t - 1]
        for player in players:
            del turn["choices"][player]
        if not turn["choices"]:
            del turn["choices"]

    sc = parse(scenario)
    state = scenario_state(sc, partial=True)
    replay_moves(state, scenario_moves(state, sc.turns, lambda t, state: None, unused=drop))
    return scenario
