"""An interactive game against bots, for the « Jouer une manche » page.

Why the state is a plain JSON dict held by the page rather than objects kept in the worker's
Python: every message then carries everything it needs, so a message is a pure function
(state, move) → (new state, view). That makes the session testable in CPython without a browser,
lets the page keep a game across an engine restart, and makes the export free: the current round
*is* a scenario (starting rows, hands, turns with their choices), and the round's position is
rebuilt by replaying it with `Round.play` (ten turns at most, well under a millisecond).

Nothing is random at play time except through seeds derived from the session seed, so the same
state and move always give the same answer (the bots' random draws included).

State (JSON):
    {"v": 1, "seed": int, "options": {variant, target, strict, rounds},
     "reader": name, "players": [reader, bots…], "bots": {name: "random"|"heuristic"},
     "history": [{player: heads}, …],           # finished rounds
     "round": {"number": k, "rows": [[c]…], "hands": {p: [..]}, "turns": [{plays, choices}],
               "draft": None | {"pool", "order", "picks": [[player, card]…]}, "scored": bool}}
"""

from __future__ import annotations

import copy
from dataclasses import asdict

from .classic.bots import HeuristicBot, RandomBot, cheapest_row
from .classic.cards import HEADS
from .classic.draw import card_svg, step_html, table_svg
from .errors import GameError
from .messages import advice as words
from .messages import explain_all
from .classic.play import HAND_SIZE, MAX_PLAYERS, ROWS, Game, Options, Round
from .classic.replay import replay
from .rng import Rng

VERSION = 1
LEVELS = ("random", "heuristic")
BOT_NAMES = ("Alice", "Bruno", "Chloé", "David", "Emma", "Farid", "Gaëlle", "Hugo", "Inès", "Jules")
NAME_MAX = 20


# --- starting -----------------------------------------------------------------------------------

def new_session(reader: str, levels: list[str], options: dict | None = None,
                seed: int = 0) -> dict:
    """A new game: the reader and one bot per level in `levels`, first round dealt."""
    reader = check_name(reader)
    if not 1 <= len(levels) <= MAX_PLAYERS - 1:
        raise GameError(f"1 to {MAX_PLAYERS - 1} bots, not {len(levels)}", code="bots")
    for level in levels:
        if level not in LEVELS:
            raise GameError(f"unknown bot level {level!r}", code="bots")
    opts = Options(**(options or {}))
    opts.check()
    names = [n for n in BOT_NAMES if n.casefold() != reader.casefold()][:len(levels)]
    state = {"v": VERSION, "seed": int(seed), "options": asdict(opts), "reader": reader,
             "players": [reader, *names], "bots": dict(zip(names, levels)), "history": [],
             "round": None}
    _deal(state, 1)
    _bots_pick(state)
    return state


def check_name(name) -> str:
    """The reader's name: shown in every explanation, so short, non-empty text."""
    name = " ".join(str(name).split())
    if not name:
        raise GameError("empty name", code="name_empty")
    if len(name) > NAME_MAX:
        raise GameError(f"name longer than {NAME_MAX} characters", code="name_long")
    return name


def _rng(state: dict, *parts) -> Rng:
    """A generator for one decision, derived from the session seed (a str seed is version-stable)."""
    return Rng("/".join(str(p) for p in (state["seed"], *parts)))


def _deal(state: dict, number: int) -> None:
    opts = Options(**state["options"])
    players = state["players"]
    deck = opts.deck(len(players))
    if opts.variant == "logique":
        first = (number - 1) % len(players)
        order = players[first:] + players[:first]
        state["round"] = {"number": number, "rows": None, "hands": None, "turns": [],
                          "draft": {"pool": deck, "order": order, "picks": []}, "scored": False}
        return
    draw = _rng(state, "manche", number).draw(deck, HAND_SIZE * len(players) + ROWS)
    hands = {p: sorted(draw[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i, p in enumerate(players)}
    rows = [[c] for c in draw[HAND_SIZE * len(players):]]
    state["round"] = {"number": number, "rows": rows, "hands": hands, "turns": [], "draft": None,
                      "scored": False}


# --- rebuilding the position ----------------------------------------------------------------------

def _bot(state: dict, player: str, *parts):
    if state["bots"][player] == "random":
        return RandomBot(_rng(state, state["round"]["number"], player, *parts))
    return HeuristicBot()


def _draft_round(state: dict) -> Round:
    draft = state["round"]["draft"]
    r = Round(state["players"], {}, [], number=state["round"]["number"],
              draft={"pool": list(draft["pool"]), "order": list(draft["order"]), "pos": 0})
    for player, card in draft["picks"]:
        r.pick(player, card)
    return r


def _position(state: dict) -> Round:
    """The round as it stands: replay the recorded turns (the last may wait for a choice)."""
    rnd = state["round"]
    if rnd["draft"] is not None:
        return _draft_round(state)
    r = Round(state["players"], rnd["hands"], rnd["rows"], number=rnd["number"])
    for turn in rnd["turns"]:
        choices = turn.get("choices", {})
        r.play(turn["plays"])
        while r.turn.pending is not None and r.turn.pending[0] in choices:
            r.choose(choices[r.turn.pending[0]])
    return r


def _resolve(state: dict, r: Round) -> None:
    """Go on with the turn in progress: bots answer their row choices; stop at the reader's."""
    turn = state["round"]["turns"][-1]
    while r.turn.pending is not None:
        player, card = r.turn.pending
        if player == state["reader"]:
            return
        row = _bot(state, player, r.turn_number, "rangée").row(r, player, card)
        turn.setdefault("choices", {})[player] = row
        r.choose(row)
    if r.over and not state["round"]["scored"]:
        state["history"].append(r.scores())
        state["round"]["scored"] = True


def _bots_pick(state: dict) -> None:
    """Logique draft: the bots pick until it is the reader's turn or every hand is full."""
    rnd = state["round"]
    if rnd["draft"] is None:
        return
    r = _draft_round(state)
    while r.draft is not None:
        want = r.pending
        player = want["player"]
        if player == state["reader"]:
            return
        card = _bot(state, player, "choix", len(rnd["draft"]["picks"])).pick(r, player, want["cards"])
        r.pick(player, card)
        rnd["draft"]["picks"].append([player, card])
    # Draft over: the round becomes an ordinary dealt round (and a scenario).
    rnd["rows"] = r.table.to_json()
    rnd["hands"] = {p: list(h) for p, h in r.hands.items()}
    rnd["draft"] = None


# --- moves ------------------------------------------------------------------------------------------

def _copy(state: dict) -> dict:
    if not isinstance(state, dict) or state.get("v") != VERSION or not state.get("round"):
        raise GameError("not a game session", code="session")
    return copy.deepcopy(state)


def check_state(state: dict) -> dict:
    """A state kept by the page (localStorage), checked by rebuilding its position."""
    state = _copy(state)
    if state["reader"] not in state["players"] or set(state["bots"]) != set(state["players"][1:]):
        raise GameError("players and bots do not match", code="session")
    _position(state)
    return state


def phase(state: dict, r: Round | None = None) -> str:
    """What the game waits for: pick, play, row, round_over or game_over."""
    r = r or _position(state)
    if state["round"]["scored"]:
        return "game_over" if _game(state).over else "round_over"
    want = r.pending
    if want["kind"] == "pick":
        return "pick"
    if want["kind"] == "row":
        return "row"
    return "play"


def play_card(state: dict, card: int) -> dict:
    """The reader plays `card`; the bots play theirs; the turn resolves up to the reader's choice."""
    state = _copy(state)
    r = _position(state)
    if phase(state, r) != "play":
        raise GameError("the game is not waiting for a card", code="not_now")
    reader = state["reader"]
    if card not in r.hands[reader]:
        raise GameError(f"{reader} does not hold card {card}", card=card, code="not_in_hand")
    number = r.turn_number + 1
    plays = {p: (card if p == reader else _bot(state, p, number, "carte").card(r, p))
             for p in state["players"]}
    state["round"]["turns"].append({"plays": plays})
    r.play(plays)
    _resolve(state, r)
    return state


def choose_row(state: dict, row: int) -> dict:
    """The reader's too-low card takes `row`; the rest of the turn resolves."""
    state = _copy(state)
    r = _position(state)
    if phase(state, r) != "row" or r.turn.pending[0] != state["reader"]:
        raise GameError("no row choice is waiting", code="not_now")
    r.choose(row)   # raises GameError (state untouched: we work on a copy) for a bad row
    state["round"]["turns"][-1].setdefault("choices", {})[state["reader"]] = row
    _resolve(state, r)
    return state


def pick_card(state: dict, card: int) -> dict:
    """Logique: the reader drafts `card`; the bots draft until the reader's next pick."""
    state = _copy(state)
    r = _position(state)
    if phase(state, r) != "pick":
        raise GameError("no card is being drafted", code="not_now")
    r.pick(state["reader"], card)
    state["round"]["draft"]["picks"].append([state["reader"], card])
    _bots_pick(state)
    return state


def next_round(state: dict) -> dict:
    """Deal the next round once the current one is scored and the game goes on."""
    state = _copy(state)
    if phase(state) != "round_over":
        raise GameError("the round is not over, or the game is", code="not_now")
    _deal(state, state["round"]["number"] + 1)
    _bots_pick(state)
    return state


# --- reading -----------------------------------------------------------------------------------------

def _game(state: dict) -> Game:
    """A Game holding the totals, so end of game, winners and countdown follow the engine."""
    g = Game(state["players"], Options(**state["options"]), seed=0)
    g.history = [dict(h) for h in state["history"]]
    for scores in g.history:
        for p, s in scores.items():
            g.totals[p] += s
    return g


def scenario(state: dict) -> dict:
    """The current round as the JSON scenario format (hands included); a turn still waiting for
    the reader's row choice is left out, so `python -m game replay` accepts it."""
    rnd = state["round"]
    if rnd["draft"] is not None:
        raise GameError("the draft is not over: nothing to export yet", code="not_now")
    turns = [copy.deepcopy(t) for t in rnd["turns"]]
    r = _position(state)
    if r.turn is not None and not r.turn.done:
        turns.pop()
    out = {"rows": copy.deepcopy(rnd["rows"]), "turns": turns,
           "hands": {p: list(rnd["hands"][p]) for p in state["players"]}}
    variant = state["options"]["variant"]
    if variant != "classic":
        out["variant"] = variant
        out["players"] = len(state["players"])
    return out


def load(data: dict, levels: dict | None = None, options: dict | None = None, seed: int = 0) -> dict:
    """A session from a scenario with hands (an export): the first player of "hands" is the reader,
    the others become bots (heuristic unless `levels` says otherwise); recorded turns are kept."""
    from .classic.scenario import parse
    sc = parse(data)
    hands = data.get("hands")
    if not hands or len(hands) < 2 or set(hands) != set(sc.players):
        raise GameError("a session needs the hands of every player", code="hands")
    players = list(hands)
    if any(len(h) != HAND_SIZE for h in hands.values()):
        raise GameError(f"each hand holds {HAND_SIZE} cards", code="hands")
    opts = dict(options or {})
    if data.get("variant", "classic") != "classic":
        opts["variant"] = "tactique"   # the draft is over in a scenario: Logique plays as Tactique
    if any(len(t["plays"]) != len(players) for t in data["turns"]):
        raise GameError("every player plays at every turn", code="hands")
    state = {"v": VERSION, "seed": int(seed), "options": asdict(Options(**opts)),
             "reader": check_name(players[0]), "players": players,
             "bots": {p: (levels or {}).get(p, "heuristic") for p in players[1:]}, "history": [],
             "round": {"number": 1, "rows": copy.deepcopy(data["rows"]),
                       "hands": {p: sorted(hands[p]) for p in players},
                       "turns": [{"plays": dict(t["plays"]),
                                  **({"choices": dict(t["choices"])} if t.get("choices") else {})}
                                 for t in data["turns"]],
                       "draft": None, "scored": False}}
    r = _position(state)   # raises GameError if a recorded turn is illegal
    if r.turn is not None and r.turn.pending is not None:
        if r.turn.pending[0] != state["reader"]:
            raise GameError("a bot's row choice is missing", code="missing_choice")
    elif r.over:
        state["history"].append(r.scores())
        state["round"]["scored"] = True
    return state


def advice(state: dict) -> dict:
    """What the heuristic bot would do in the reader's place, and why (French)."""
    r = _position(state)
    now = phase(state, r)
    reader = state["reader"]
    bot = HeuristicBot()
    if now == "play":
        assessed = {c: bot.assess(r.table, c) for c in r.hands[reader]}
        card = bot.card(r, reader)
        return {"kind": "card", "card": card, "text": words.card_advice(r.table, card, assessed)}
    if now == "row":
        options = r.turn.options()
        row = cheapest_row(options)
        return {"kind": "row", "row": row, "text": words.row_advice(options, row)}
    if now == "pick":
        card = bot.pick(r, reader, r.pending["cards"])
        return {"kind": "pick", "card": card, "text": words.pick_advice(card, HEADS[card])}
    return {"kind": None, "text": words.nothing_to_advise()}


def turn_steps(state: dict, turn: int | None = None) -> list[dict]:
    """The replay steps of one turn (default: the last one) as the examples show them: text and
    markup from `draw.step_html`; a step of kind "choice" ends a turn waiting for the reader."""
    rnd = state["round"]
    if rnd["draft"] is not None or not rnd["turns"]:
        return []
    turn = turn or len(rnd["turns"])
    steps = replay(_replayable(state), draw=False, pause=True)
    return [_step_view(s) for s in steps if s["turn"] == turn]


def round_steps(state: dict) -> list[dict]:
    """Every step of the round, from the table before the first turn: « revoir la manche »."""
    if state["round"]["draft"] is not None:
        return []
    return [_step_view(s) for s in replay(_replayable(state), draw=False, pause=True)]


def _replayable(state: dict) -> dict:
    rnd = state["round"]
    out = {"rows": rnd["rows"], "turns": rnd["turns"], "hands": rnd["hands"]}
    if state["options"]["variant"] != "classic":
        out.update(variant=state["options"]["variant"], players=len(state["players"]))
    return out


def _step_view(step: dict) -> dict:
    return {"n": step["n"], "turn": step["turn"], "kind": step["kind"], "text": step["text"],
            "html": step_html(step), "penalties": step["penalties"]}


def view(state: dict) -> dict:
    """Everything the page shows, as data and engine-drawn markup (the page only swaps it in)."""
    r = _position(state)
    now = phase(state, r)
    g = _game(state)
    reader = state["reader"]
    rnd = state["round"]
    piles = r.scores() if rnd["draft"] is None else {p: 0 for p in state["players"]}
    countdown = g.countdown()
    scores = [{"player": p, "bot": state["bots"].get(p), "level": words.level_name(state["bots"].get(p)),
               "round": piles[p],  # kept after scoring, until « Manche suivante »
               "total": g.totals[p] + (0 if rnd["scored"] else piles[p]),
               "countdown": countdown[p] - (0 if rnd["scored"] else piles[p])}
              for p in state["players"]]
    out = {"phase": now, "round": rnd["number"], "turn": r.turn_number, "reader": reader,
           "players": list(state["players"]), "scores": scores,
           "target": state["options"]["target"], "options": dict(state["options"]),
           "hand": [_card(c) for c in r.hands[reader]],
           "table": "" if rnd["draft"] is not None else table_svg(r.table.to_json()),
           "status": words.status(now, rnd["number"], r.turn_number, reader),
           "pool": [], "choice": None, "winners": [], "summary": None}
    if now == "pick":
        out["pool"] = [_card(c) for c in r.pending["cards"]]
        out["picks"] = _bot_picks(state)
    if now == "row":
        player, card = r.turn.pending
        out["choice"] = {"card": card, "options": [
            {**o, "label": words.row_option(o["row"], o["cards"], o["heads"])}
            for o in r.turn.options()]}
    if now in ("round_over", "game_over"):
        out["summary"] = words.round_summary(rnd["number"], state["history"][-1], g.totals)
    if now == "game_over":
        out["winners"] = g.winners
        out["summary"] += " " + words.game_summary(len(g.history), g.winners, reader)
    return out


def _bot_picks(state: dict) -> str:
    """The bots' draft picks since the reader's last one, in the engine's French."""
    picks = state["round"]["draft"]["picks"]
    mine = [i for i, (player, _) in enumerate(picks) if player == state["reader"]]
    recent = picks[mine[-1] + 1:] if mine else picks
    return explain_all({"type": "draft_pick", "round": state["round"]["number"], "player": p, "card": c}
                       for p, c in recent)


def _card(card: int) -> dict:
    return {"card": card, "heads": HEADS[card], "svg": card_svg(card),
            "label": words.card_button(card, HEADS[card])}
