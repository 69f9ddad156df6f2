"""« 6 qui prend Junior » as an entry of the variant registry, and its replay's steps."""

from __future__ import annotations

import copy

from .. import playback
from ..errors import GameError
from ..messages import advice as words
from ..messages import explain
from ..messages import junior as say
from ..player_boxes import move_box
from ..variants import Option, Seat, Variant
from . import bots, cows, rules, scenario, seat, state
from .cows import MAX_PLAYERS, MIN_PLAYERS
from .draw import step_html, table_svg
from .rules import counts, game_end_event


def setup_event(data) -> dict:
    return {"type": "junior_setup", "level": data["level"], "players": list(data["players"]),
            "goal": data["goal"], "rows": copy.deepcopy(data["rows"]),
            "hand_sizes": sorted({len(h) for h in data.get("hands", {}).values()})}


def _step(n, kind, data, events, *, player=None, placed=None, taken=None, choice=None,
          others=None) -> dict:
    return {
        "n": n, "turn": data["turn"], "kind": kind, "player": player, "level": data["level"],
        "events": events, "text": " ".join(explain(e) for e in events),
        "rows": copy.deepcopy(data["rows"]), "albums": counts(data),
        "hands": copy.deepcopy(data["hands"]), "deck": len(data["deck"]),
        "placed": placed, "taken": taken, "choice": choice,
        "takes": [{"player": e["player"], "cards": list(e["cards"]), "kind": e["type"]}
                  for e in events if e["type"] in ("junior_complete", "junior_take")],
        "svg": table_svg(data["rows"], placed=placed, taken=taken, options=others),
    }


def move_steps(st, move, events, n) -> list[dict]:
    """The one step of a move: what it placed, completed or took, and where else it could go."""
    events = [e for e in events if e["type"] != "junior_game_end"]
    # a move takes one row at most: completed, or taken by a stuck player or its 6th card
    took = next((e for e in events if e["type"] in ("junior_complete", "junior_take")), None)
    kind, taken = (took["type"].removeprefix("junior_"), took["row"]) if took else ("place", None)
    place = next(e for e in events if e["type"] == "junior_place")
    row = move["row"]
    choice = {"player": move["player"], "card": move["card"], "options": place["options"],
              "chosen": row}
    # other rows the card could have gone to get a dashed slot; not after a stuck player's take,
    # where the choice was which row to take, not where the card fits
    others = [] if place["rule"] == "empty" else [r for r in place["options"] if r != row]
    return [_step(n, kind, st.data, events, player=move["player"], placed=move["card"], taken=taken,
                  choice=choice, others=others)]


def closing_steps(st, n, *, refused: dict | None = None) -> list[dict]:
    """The albums at the end: the game's end, or a tally where an example stops (with the rules'
    `refused` of its next written move when a changed example stops before it)."""
    data = st.data
    closing = (game_end_event(data) if data["over"]
               else {"type": "junior_tally", "counts": counts(data),
                     **({"refused": refused} if refused else {})})
    return [_step(n, "end", data, [closing])]


def result(data) -> dict:
    """What `python -m game junior-replay` prints: final rows, albums, winners if over, events;
    an error names the move it comes from (« moves[2]: … »)."""
    try:
        st, moves = state.scenario_game(data)
        events = [setup_event(st.data)]
        for *_, evs in playback.fold(st, moves, scenario.named):
            events += evs
    except GameError as error:
        raise error.replace(message=scenario.where(error)) from None
    out = {"rows": st.data["rows"], "albums": st.scores(), "over": st.is_over, "events": events}
    if st.is_over:
        out["winners"] = st.winners()
    return out


STEPS = {"opening": lambda st: [_step(0, "start", st.data, [setup_event(st.data)])],
         "steps_of": move_steps, "closing": closing_steps}
"""How a Junior game's moves become steps (game/playback.py): one per move, between two tables."""


def replay(data, *, draw: bool = True, pause: bool = False) -> list[dict]:
    """Step 0 is the table before; then one step per move; a last `end` step with the albums.
    Junior moves are all written out, so there is no decision to pause on.

    Each step: n, turn, kind ("start" | "place" | "complete" | "take" | "end"), player, events,
    text (French), rows, albums {player: cards}, hands, deck (cards left), placed (card id),
    taken (row), choice ({player, card, options, chosen}: where the card could go), takes
    ([{player, cards, kind}]: the cards won or taken at this step, kind the event's type), svg.
    """
    st, moves = state.scenario_game(data)
    stops = "played" in data   # a changed example that stops before a move its table refuses
    return playback.replay(st, moves, **{**STEPS, "closing": lambda st, n: closing_steps(
        st, n, refused=state.stopped_by(st, data) if stops else None)}, where=scenario.named)


def page_step(data, step: dict) -> dict:
    """A step as the page needs it: markup, and where the card went and could have gone."""
    item = {key: value for key, value in step.items() if key != "svg"}
    item["html"] = step_html(step)
    choice = step.get("choice")
    item["target"] = None if choice is None else {
        "card": choice["card"], "row": choice["chosen"], "player": choice["player"],
        "options": choice["options"]}
    if choice is not None:
        item["html"] += move_box(choice["player"], choice["chosen"], len(step["rows"]))
    return item


def with_choice(data: dict, step: dict, row: int) -> dict:
    """The scenario with the move of `step` played in `row`, then the example's later moves as
    long as the rules take them: the changed example goes on as written, as the classic one does,
    and stops (« avant la fin de la partie », `played`) before the first written move its new
    table refuses, which its last step names. A refused deviation is the replay's to word."""
    moves = data.get("moves", [])
    move = step["n"] - 1
    if not 0 <= move < len(moves):
        raise GameError(f"no move {move}: the scenario has {len(moves)}", field="move")
    out = copy.deepcopy(data)
    out.pop("played", None)   # a changed example changed again: every written move may count again
    out["moves"][move]["row"] = row
    played = 0   # the moves the rules take, in order, on the changed table
    try:
        for n, *_ in playback.fold(*state.scenario_game(out)):
            played = n + 1
    except GameError:
        if played > move:
            out["played"] = played
        else:
            out["moves"] = out["moves"][:move + 1]
    return out


OPTIONS = {
    # The level is chosen with the variant (« Junior, jeu expert »): its errors go on that field.
    "level": Option("choice", default="base", choices=("base", "avance", "expert"), field="variante",
                    wording=words.BAD_VARIANT, labels=tuple(say.MENU.values())),
    "goal": Option("choice", optional=True, choices=("most", "fewest")),
}


def tool_numbers() -> dict:
    """Junior: no heads, no target (the game ends with the cards); deal and winners by level."""
    players = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    return {
        "deal": {level: {"hand": 0 if level == "base" else rules.HAND_SIZE, "specials": 0,
                         "rows": cows.ROWS if level == "expert" else 0,
                         "deck": {str(n): cows.DECK_SIZE for n in players}}
                 for level in rules.LEVELS},
        "max_rows": cows.ROWS,
        "row_limit": {level: rules.EXPERT_TAKE_AT - 1 if level == "expert" else None
                      for level in rules.LEVELS},
        "end": None,
        "winners": {level: rules.default_goal(level) for level in rules.LEVELS},
        "negative_scores": False,
    }


def check_options(options: dict) -> None:
    """A goal contradicting the level is refused, as the scenario parser refuses it (RULES §4)."""
    try:
        scenario._check_goal(options["level"], options["goal"])   # the parser's own rule
    except GameError as error:
        raise GameError(error.message, field="goal", code="options") from None


def variant(name: str) -> Variant:
    return Variant(
        name=name, title=say.TITLE, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS,
        replay=replay, result=result, step_html=step_html, page_step=page_step,
        with_choice=with_choice, new_game=state.new_game, from_json=state.from_json,
        bots={"heuristic": lambda rng: bots.Heuristic()},   # "random": game.state.RandomBot
        options=OPTIONS, check_options=check_options,
        simulator="game.junior.simulate",
        seat=Seat(view=seat.seat_view, move_label=seat.move_label, decision_text=seat.decision_text,
                  advice=seat.advice, round_scenario=seat.round_scenario, steps=lambda st: STEPS,
                  from_scenario=state.from_scenario, last_stretch=seat.last_stretch),
        tool_numbers=tool_numbers,
        # ~9,000 cards a second, whichever robots: about a minute
        run_cost=lambda players, options, bot: (cows.DECK_SIZE, f"{cows.DECK_SIZE} cards a game", 400_000),
    )
