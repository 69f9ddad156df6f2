"""The explorer's position at a step of a replay, or at the reader's turn of a game.

« Ouvrir dans l’explorateur » on a worked example, on a step of its player and in « Jouer une
manche » all come here, so the page never works out a position itself. A position is always
seen by one player (p1 of the explorer): the table as the step shows it, that player's cards
still to play, the cards already taken (out of play). The step's next card is part of the
hand: the explorer asks which card to play, and that card is one of the answers.

The example scenarios name only the players that matter, and rarely give hands: without hands,
a player's cards are the ones they reveal from this step on (all the reader of the example can
know). Other players' hands stay unknown to p1, unless `known_hands` (an import of a saved round,
or Logique, where the draft is public) makes them known cards.
"""

from __future__ import annotations

from collections import Counter

from .. import variants
from ..errors import GameError
from ..specials.cards import REPLACE
from .position import Position
from ..untrusted import is_whole

EXPLORED = {"classic": "classic", "tactique": "tactique", "logique": "tactique",
            "speciales": "speciales"}
"""Variants whose positions the explorer takes (Logique's positions are Tactique's, known hands)."""

RESOLVING = ("place", "take")


def _turns(name: str, data: dict):
    """(parsed scenario, [(plays, specials)]) whatever the variant's parser."""
    if name == "speciales":
        from ..specials.scenario import parse
        parsed = parse(data)
        return parsed, [(plays, specials) for plays, _, specials in parsed.turns]
    from ..classic.scenario import parse
    parsed = parse(data)
    if parsed.limit != 5:
        raise GameError("the explorer's rows hold 5 cards", field="limit", code="limit")
    return parsed, [(plays, {}) for plays, _ in parsed.turns]


def _variant(data) -> str:
    if not isinstance(data, dict):
        raise GameError("a scenario is a JSON object", code="shape")
    return _explored(variants.name_of(data))


def _explored(name) -> str:
    if not isinstance(name, str) or name not in EXPLORED:
        raise GameError(f"the explorer does not take {name} positions", field="variant",
                        code="variant_unknown")
    return name


def players_of(data) -> list[str]:
    """A scenario's players, in order of first appearance (its variant's parser checks it)."""
    return list(_turns(_variant(data), data)[0].players)


def _effective(plays: dict, specials: dict, player: str):
    """The card `player` leaves on the table in a turn: Remplacer swaps the revealed card."""
    move = specials.get(player)
    if move and move.get("card") == REPLACE:
        return move["with"]
    return plays.get(player)


def position_at(data: dict, n: int | None = None, player: str | None = None, *,
                known_hands: bool = False) -> Position:
    """The position at step `n` (default: the last) of a scenario, seen by `player` (default: the
    player whose card comes next). GameError when the explorer cannot take it (Junior, no next
    card, a position its checks refuse…)."""
    return seen_at(data, n, player, known_hands=known_hands)[0]


def seen_at(data: dict, n: int | None = None, player: str | None = None, *,
            known_hands: bool = False) -> tuple[Position, str]:
    """`position_at` and the player who sees it (the scenario's name for them)."""
    name = _variant(data)
    explored = EXPLORED[name]
    known_hands = known_hands or name == "logique"
    parsed, turns = _turns(name, data)
    steps = variants.get(name).replay(data, draw=False)
    n = len(steps) - 1 if n is None else n
    if not is_whole(n) or not 0 <= n < len(steps):
        raise GameError(f"no step {n!r} in this replay", code="no_such_step")
    step = steps[n]
    # The turn in progress and how many of its cards are already settled (ascending order).
    current = step["turn"] + (step["kind"] in ("start", "end"))   # the start's turn is 0
    settled = sum(1 for s in steps[:n + 1] if s["turn"] == current and s["kind"] in RESOLVING)

    def queue_of(turn: int) -> list:
        return sorted((c, p) for p, c in turns[turn - 1][0].items()) if turn <= len(turns) else []

    queue = queue_of(current)
    if queue and settled >= len(queue):   # the turn's last card is settled: the next turn comes
        current, settled = current + 1, 0
        queue = queue_of(current)
    done_now = {p for _, p in queue[:settled]}

    def settled_turns(who: str):
        """The turns whose card `who` has already settled, and those still to come."""
        mine = [t for t in range(len(turns)) if who in turns[t][0]]
        past = [t for t in mine if t < current - 1 or (t == current - 1 and who in done_now)]
        return past, [t for t in mine if t not in past]

    if player is None:
        if settled >= len(queue):
            raise GameError("no card comes next at this step", code="no_next_card")
        player = queue[settled][1]
    given = data.get("hands") if isinstance(data.get("hands"), dict) else {}
    held = data.get("held") if isinstance(data.get("held"), dict) else {}

    def hand_of(who: str) -> list[int]:
        past, future = settled_turns(who)
        if who in given:
            played = Counter(_effective(*turns[t], who) for t in past)
            return [c for c in given[who] if not played.pop(c, 0)]
        swaps = [turns[t][1].get(who) or {} for t in future]   # Remplacer's card comes too
        return sorted({turns[t][0][who] for t in future}
                      | {move["with"] for move in swaps if move.get("card") == REPLACE})

    def specials_of(who: str) -> list[str]:
        past, future = settled_turns(who)
        if who in held:
            left = Counter(held[who])
            left.subtract(turns[t][1][who]["card"] for t in past if who in turns[t][1])
            return sorted(left.elements())
        return sorted(turns[t][1][who]["card"] for t in future if who in turns[t][1])

    others = [p for p in parsed.players if p != player]
    on_table = {c for row in step["rows"] for c in row}
    ever = {c for row in steps[0]["rows"] for c in row}
    for who in parsed.players:
        ever.update(_effective(*turns[t], who) for t in settled_turns(who)[0])
    known = [hand_of(q) if known_hands and q in given else [] for q in others]
    if known_hands and player == "p1" and all(q in _NAMES for q in others):
        known = {q: k for q, k in zip(others, known)}   # keep p3 as p3 even when p2 has no hand
    count = data.get("players", max(len(parsed.players), 2))
    special = explored == "speciales"
    return Position.of(step["rows"], hand_of(player), count, known, sorted(ever - on_table),
                       explored, step.get("marked", ()) if special else (),
                       step.get("stopped", ()) if special else (),
                       specials_of(player) if special else (),
                       [len(specials_of(q)) for q in others] if special else ()).check(), player


_NAMES = {f"p{i}" for i in range(2, 11)}


def position_in_game(session: dict) -> Position:
    """The position of « Jouer une manche » as the reader sees it now: the table, their cards
    (a card revealed and not yet placed included), the cards taken this round, and with the
    special cards, the Stops, markers and special cards in hand. GameError when there is none
    (Junior, a Logique draft, a round over)."""
    from .. import session as sessions

    checked, state = sessions.restore(session)   # a saved game is re-checked, never trusted
    name = _explored(checked["variant"])
    reader, rnd = checked["reader"], state.round
    if rnd is None or getattr(rnd, "draft", None) is not None:
        raise GameError("no turn to explore now", code="no_next_card")
    waiting = [c for c, p in rnd.queue[rnd.pos:] if p == reader]
    others = [p for p in state.players if p != reader]
    special = name == "speciales"
    table = rnd.table
    return Position.of(table.rows, list(rnd.hands[reader]) + waiting, len(state.players),
                       [rnd.hands[q] for q in others] if name == "logique" else (),
                       [c for pile in rnd.piles.values() for c in pile], EXPLORED[name],
                       table.marked if special else (), table.stopped if special else (),
                       rnd.specials[reader] if special else (),
                       [len(rnd.specials[q]) for q in others] if special else ()).check()


__all__ = ["position_at", "seen_at", "position_in_game", "players_of", "EXPLORED"]
