"""The JSON scenario format for Junior, its replay as steps, and whole games for simulation.

A scenario names the table, the deck order or the hands, then the moves:
```json
{"level": "base", "players": ["Olivier", "Emma"],
 "rows": [["A", "C"], ["F", "B"], ["D"], []],
 "deck": ["F", "A"],
 "moves": [{"player": "Olivier", "row": 0}, {"player": "Emma", "row": 1}]}
```
- `level`: "base" | "avance" | "expert"; `players` in turn order (the first plays first).
- A card is an id (1..52) or its cow letters ("F", "AC"; A Afrique, B Allemagne, C Inde, D Japon,
  E Amérique du Nord, F Écosse): letters take the lowest id with exactly those cows still unused.
- `rows`: four lists, left to right; `deck`: top card first; `hands` (avancé, expert): {player: [cards]}.
- `moves`: {"player" (optional: whose turn it is), "card" (optional at base: the top card), "row"}.
  Rows are 0-based, as in the classic format.
- Optional `goal`: "most" or "fewest" (avancé's competitive option; expert is always "fewest").
Structural mistakes raise GameError in English (author errors); an illegal move raises the
engine's French refusal with `field` "moves[i]" naming the move (`where(error)` joins both).
"""

from __future__ import annotations

import copy

from game.errors import GameError
from game.untrusted import check_plain
from game.messages import junior as say

from . import bots
from .cows import COWS, ROWS, TYPES, cards_with, is_cow_card
from .rules import counts, deal, game_end_event, new_state, play, to_play, winners

KEYS = {"variant", "level", "players", "rows", "deck", "hands", "goal", "moves"}
MOVE_KEYS = {"player", "card", "row"}


# ---------------------------------------------------------------- scenario → initial state and moves

def _resolve_cards(scenario) -> dict:
    """Turn every card token of rows, hands and deck into an id, ints first so letters never collide."""
    used = set()
    tokens = []  # (where, token)
    for i, row in enumerate(scenario.get("rows", [[], [], [], []])):
        if not isinstance(row, list):
            raise GameError(f"rows[{i}] must be a list of cards", field=f"rows[{i}]")
        tokens += [(f"rows[{i}]", t) for t in row]
    for p, hand in scenario.get("hands", {}).items():
        if not isinstance(hand, list):
            raise GameError(f"hands.{p} must be a list of cards", field=f"hands.{p}")
        tokens += [(f"hands.{p}", t) for t in hand]
    if not isinstance(scenario.get("deck", []), list):
        raise GameError("deck must be a list of cards", field="deck")
    tokens += [("deck", t) for t in scenario.get("deck", [])]
    for where, t in tokens:
        if isinstance(t, int) and not isinstance(t, bool):
            if not is_cow_card(t):
                raise GameError(f"{where}: {t} is not a Junior card id (1..{len(COWS) - 1})", field=where)
            if t in used:
                raise GameError(f"{where}: card {t} appears twice", field=where)
            used.add(t)
    ids = {}
    for n, (where, t) in enumerate(tokens):
        if isinstance(t, int) and not isinstance(t, bool):
            ids[n] = t
            continue
        ids[n] = _allocate(where, t, used)
    out = {"rows": [], "hands": {}, "deck": []}
    n = 0
    for row in scenario.get("rows", [[], [], [], []]):
        out["rows"].append([ids[n + k] for k in range(len(row))])
        n += len(row)
    for p, hand in scenario.get("hands", {}).items():
        out["hands"][p] = [ids[n + k] for k in range(len(hand))]
        n += len(hand)
    out["deck"] = [ids[n + k] for k in range(len(scenario.get("deck", [])))]
    return out


def _allocate(where, token, used) -> int:
    """The lowest unused id whose cows are exactly the letters of token."""
    if not (isinstance(token, str) and token and set(token.upper()) <= set(TYPES)
            and len(set(token.upper())) == len(token)):
        raise GameError(f"{where}: {token!r} is neither a card id nor cow letters A..F", field=where)
    for card in cards_with(token):
        if card not in used:
            used.add(card)
            return card
    raise GameError(f"{where}: no card {token!r} left (the deck has {len(cards_with(token))})",
                    field=where)


def load(scenario) -> tuple[dict, list]:
    """Check a scenario's shape; return its initial state and its moves (not yet applied)."""
    check_plain(scenario)
    if not isinstance(scenario, dict):
        raise GameError("a Junior scenario is a JSON object")
    unknown = set(scenario) - KEYS
    if unknown:
        raise GameError(f"unknown scenario keys: {', '.join(sorted(map(str, unknown)))}")
    if scenario.get("variant", "junior") != "junior":
        raise GameError("a Junior scenario has \"variant\": \"junior\"", field="variant")
    for key in ("level", "players"):
        if key not in scenario:
            raise GameError(f"missing scenario key {key!r}", field=key)
    players = scenario["players"]
    if not isinstance(players, list):
        raise GameError("players must be a list of names", field="players")
    for p in players:
        if not isinstance(p, str) or not p.strip():
            raise GameError(f"players: {p!r} is not a name (a non-empty string)", field="players",
                            code="shape")
    _check_goal(scenario.get("level"), scenario.get("goal"))
    rows = scenario.get("rows", [])
    if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
        raise GameError(f"rows must be a list of {ROWS} rows, each a list of cards, not {rows!r}"[:200],
                        field="rows", code="shape")
    hands = scenario.get("hands", {})
    if not isinstance(hands, dict) or set(hands) - set(players):
        raise GameError(f"hands must map players among {players!r} to cards", field="hands")
    cards = _resolve_cards(scenario)
    state = new_state(scenario["level"], players, rows=cards["rows"] or None, deck=cards["deck"],
                      hands=cards["hands"], goal=scenario.get("goal"))
    moves = scenario.get("moves", [])
    if not isinstance(moves, list):
        raise GameError("moves must be a list", field="moves")
    for i, m in enumerate(moves):
        if not isinstance(m, dict) or "row" not in m or set(m) - MOVE_KEYS:
            raise GameError(f"moves[{i}] must be an object with 'row' and optional 'player', 'card'",
                            field=f"moves[{i}]")
        _check_move(m, i)
    return state, moves


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_move(move: dict, i: int) -> None:
    """Types only (true is not card 1, 1.0 not row 1); legality is the rules' French refusal."""
    card, row, player = move.get("card"), move["row"], move.get("player", "")
    if not (card is None or isinstance(card, str) or _whole(card)):
        raise GameError(f"moves[{i}]: card must be a card id or cow letters, not {card!r}",
                        field=f"moves[{i}]", code="shape")
    if not _whole(row):
        raise GameError(f"moves[{i}]: row must be a whole number (0..{ROWS - 1}), not {row!r}",
                        field=f"moves[{i}]", code="shape")
    if not isinstance(player, str):
        raise GameError(f"moves[{i}]: player must be a name, not {player!r}", field=f"moves[{i}]",
                        code="shape")


def _check_goal(level, goal) -> None:
    """RULES §4: base counts the most cards, expert the fewest; only avancé offers both."""
    fixed = {"base": "most", "expert": "fewest"}.get(level) if isinstance(level, str) else None
    if goal is not None and fixed is not None and goal != fixed:
        raise GameError(f"goal {goal!r} contradicts the {level} level, where the {fixed} cards win "
                        f"(RULES §4)", field="goal", code="shape")


def _move_card(state, player, token, i):
    """The id a move plays: the top card at base level, else the named card of the hand."""
    if state["level"] == "base":
        top = state["deck"][0] if state["deck"] else None
        if token is None:
            return top
    elif token is None:
        raise GameError(f"moves[{i}]: name the card played from the hand", field=f"moves[{i}]")
    if isinstance(token, str):
        pool = state["deck"][:1] if state["level"] == "base" else state["hands"].get(player, [])
        for card in pool:
            if COWS[card] == "".join(sorted(token.upper())):
                return card
        raise GameError(f"moves[{i}]: {player} has no card {token!r} to play", field=f"moves[{i}]",
                        player=player)
    return token


def apply_moves(state, moves):
    """Yield (move index, player, card, row, state before, state after, events) for each move."""
    for i, m in enumerate(moves):
        if state["over"]:
            raise GameError(f"moves[{i}]: the game is already over", field=f"moves[{i}]")
        player = m.get("player", to_play(state))
        card = _move_card(state, player, m.get("card"), i)
        try:
            after, events = play(state, player, card, m["row"])
        except GameError as e:
            # the French refusal stays as is (readers see it); the move is named by `field`
            raise GameError(e.message, player=e.player, card=e.card, turn=e.turn,
                            field=f"moves[{i}]", code=e.code) from None
        yield i, player, card, m["row"], state, after, events
        state = after


def where(error: GameError) -> str:
    """« moves[2]: La carte … »: an error with the place it comes from, for authors and the CLI."""
    if error.field and not error.message.startswith(error.field):
        return f"{error.field}: {error.message}"
    return error.message


def final_state(scenario) -> dict:
    """The state once every move of the scenario is played."""
    state, moves = load(scenario)
    for *_, after, _events in apply_moves(state, moves):
        state = after
    return state


# ---------------------------------------------------------------- replay → steps

def setup_event(state) -> dict:
    return {"type": "junior_setup", "level": state["level"], "players": list(state["players"]),
            "goal": state["goal"], "rows": copy.deepcopy(state["rows"]),
            "hand_sizes": sorted({len(h) for h in state.get("hands", {}).values()})}


def _step(n, kind, state, events, *, player=None, placed=None, taken=None, choice=None,
          others=None) -> dict:
    from .draw import table_svg  # drawing only when steps are built: rules stay import-light

    return {
        "n": n, "turn": state["turn"], "kind": kind, "player": player, "level": state["level"],
        "events": events, "text": " ".join(say.explain(e) for e in events),
        "rows": copy.deepcopy(state["rows"]), "albums": counts(state),
        "hands": copy.deepcopy(state["hands"]), "deck": len(state["deck"]),
        "placed": placed, "taken": taken, "choice": choice,
        "takes": [{"player": e["player"], "cards": list(e["cards"]), "kind": e["type"]}
                  for e in events if e["type"] in ("junior_complete", "junior_take")],
        "svg": table_svg(state["rows"], placed=placed, taken=taken, options=others),
    }


def replay(scenario) -> list[dict]:
    """Step 0 is the table before; then one step per move; a last `end` step with the albums.

    Each step: n, turn, kind ("start" | "place" | "complete" | "take" | "end"), player, events,
    text (French), rows, albums {player: cards}, hands, deck (cards left), placed (card id),
    taken (row), choice ({player, card, options, chosen}: where the card could go), takes
    ([{player, cards, kind}]: the cards won or taken at this step, kind the event's type), svg.
    """
    state, moves = load(scenario)
    steps = [_step(0, "start", state, [setup_event(state)])]
    for i, player, card, row, before, after, events in apply_moves(state, moves):
        end = [e for e in events if e["type"] == "junior_game_end"]
        events = [e for e in events if e["type"] != "junior_game_end"]
        kinds = {e["type"] for e in events}
        kind = "complete" if "junior_complete" in kinds else "take" if "junior_take" in kinds else "place"
        taken = next((e["row"] for e in events if e["type"] in ("junior_complete", "junior_take")), None)
        place = next(e for e in events if e["type"] == "junior_place")
        choice = {"player": player, "card": card, "options": place["options"], "chosen": row}
        # other rows the card could have gone to get a dashed slot; not after a stuck player's take,
        # where the choice was which row to take, not where the card fits
        others = [] if place["rule"] == "empty" else [r for r in place["options"] if r != row]
        steps.append(_step(i + 1, kind, after, events, player=player, placed=card, taken=taken,
                           choice=choice, others=others))
        state = after
    closing = game_end_event(state) if state["over"] else {"type": "junior_tally", "counts": counts(state)}
    steps.append(_step(len(steps), "end", state, [closing]))
    return steps


def result(scenario) -> dict:
    """What `python -m game junior-replay` prints: final rows, albums, winners if over, events."""
    state, moves = load(scenario)
    events = [setup_event(state)]
    for *_, after, evs in apply_moves(state, moves):
        events += evs
        state = after
    out = {"rows": state["rows"], "albums": counts(state), "over": state["over"], "events": events}
    if state["over"]:
        out["winners"] = winners(state)
    return out


# ---------------------------------------------------------------- whole games

def run_game(level, players, seed, *, bot="heuristic", goal=None):
    """Deal with seed and let bots play; returns (initial state, moves, final state).

    bot: "heuristic" or "random" for every seat, or {player: bot name} to mix them.
    """
    from game.rng import Rng

    state = deal(level, players, seed, goal=goal)
    first = state
    seat_bots = bot if isinstance(bot, dict) else {p: bot for p in players}
    rng = Rng(seed)  # used by random bots only; heuristic bots take the first best move
    moves = []
    while not state["over"]:
        player = to_play(state)
        name = seat_bots[player]
        card, row = bots.BOTS[name](state, player, rng if name == "random" else None)
        moves.append({"player": player, "card": card, "row": row})
        state, _ = play(state, player, card, row)
    return first, moves, state


def to_scenario(state, moves) -> dict:
    """A scenario (ids only) that replays these moves from this state."""
    out = {"variant": "junior", "level": state["level"], "players": list(state["players"]), "goal": state["goal"],
           "rows": copy.deepcopy(state["rows"]), "deck": list(state["deck"]),
           "moves": copy.deepcopy(moves)}
    if state["level"] != "base":
        out["hands"] = copy.deepcopy(state["hands"])
    return out
