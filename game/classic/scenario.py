"""The JSON scenario format (the contract of `python -m game replay`, CONTRIBUTING.md « Scenario
format »): a starting table and turns, each with every player's card and, for a too-low card,
its row. Optional: "limit", "hands", "variant" (Tactique, Logique: cards 1..10 × players + 4)
and "players". `parse` checks all it can before anything is played; what only playing tells
(a missing or useless row choice) the run checks.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import HIGHEST, MAX_PLAYERS, MIN_PLAYERS, ROWS, VARIANTS, is_card, tactique_highest
from ..errors import GameError
from ..untrusted import check_plain, is_whole
from .table import LIMIT, check_rows

KEYS = {"rows", "turns", "hands", "variant", "players", "limit"}


@dataclass
class Scenario:
    rows: list
    turns: list          # [(plays: {player: card}, choices: {player: row})]
    players: list        # every player, in order of first appearance
    hands: dict | None
    limit: int = LIMIT


def check_outline(data, keys, check_variant=None) -> None:
    """The first checks of a rows-and-turns scenario (classic or special cards): plain JSON, an
    object, no unknown key, then the variant's own check, then "rows" and "turns" (a list)."""
    check_plain(data)
    if not isinstance(data, dict):
        raise GameError("a scenario is a JSON object with \"rows\" and \"turns\"", code="shape")
    unknown = sorted(set(data) - keys)
    if unknown:
        raise GameError(f"unknown scenario key(s): {', '.join(unknown)}", code="shape")
    if check_variant is not None:
        check_variant(data)
    for key in ("rows", "turns"):
        if key not in data:
            raise GameError(f"a scenario needs \"{key}\"", field=key, code="shape")
    if not isinstance(data["turns"], list):
        raise GameError("\"turns\" must be a list", field="turns", code="shape")


def parse(data) -> Scenario:
    """Validate a scenario dict; raise GameError naming the card, player and turn.

    The checks run in a fixed order (shape, then players, deck, rows, hands, turns), so a
    scenario with several faults is always refused for the same first one."""
    check_outline(data, KEYS)
    turns_in, hands = data["turns"], data.get("hands")
    players = players_of(turns_in, hands)
    variant = data.get("variant", "classic")
    if variant not in VARIANTS:
        raise GameError(f"unknown variant {variant!r}", field="variant", code="shape")
    count = check_count(data, players, MIN_PLAYERS, MAX_PLAYERS, "the game is")
    highest = HIGHEST if variant == "classic" else tactique_highest(count)   # RULES §2
    limit = data.get("limit", LIMIT)
    if not is_whole(limit) or not 1 <= limit <= 10:
        raise GameError(f"\"limit\" must be a number of cards from 1 to 10, not {limit!r}",
                        field="limit", code="shape")
    rows = data["rows"]
    check_rows(rows, limit=limit, highest=highest)
    if len(rows) != ROWS:
        raise GameError(f"the table has {ROWS} rows, not {len(rows)}", field="rows", code="rows_shape")
    used = {c: "on the table" for r in rows for c in r}
    if hands is not None:
        check_hands(hands, used, highest)
    turns = [_turn(t, turn, hands, used, highest, len(rows)) for t, turn in enumerate(turns_in, 1)]
    return Scenario([list(r) for r in rows], turns, players, hands, limit)


def players_of(turns_in: list, hands, turn_keys=("plays", "choices")) -> list[str]:
    """Every player, in order of first appearance (turns, then hands), once the turns (each with
    "plays" and keys among `turn_keys`) and hands have their shape."""
    players: list[str] = []
    for t, turn in enumerate(turns_in, 1):
        if not isinstance(turn, dict) or not isinstance(turn.get("plays"), dict) or not turn["plays"]:
            raise GameError(f"turn {t}: needs \"plays\", an object {{player: card}} with at least one play",
                            turn=t, field=f"turns[{t - 1}].plays", code="shape")
        extra = sorted(set(turn) - set(turn_keys))
        if extra:
            raise GameError(f"turn {t}: unknown key(s) {', '.join(extra)}", turn=t, code="shape")
        add_players(players, turn["plays"], f"turn {t}: a player name cannot be empty", turn=t)
    if hands is not None:
        if not isinstance(hands, dict):
            raise GameError("\"hands\" must be an object {player: [cards]}", field="hands", code="shape")
        add_players(players, hands, "\"hands\": a player name cannot be empty", field="hands")
    return players


def add_players(players: list, names, empty: str, **where) -> None:
    """`names` not yet in `players` added in order; an empty name is refused with `empty`."""
    for p in names:
        if not p.strip():
            raise GameError(empty, code="shape", **where)
        if p not in players:
            players.append(p)


def check_count(data: dict, players: list, low: int, high: int, game: str, rule: str = "") -> int:
    """The table's size: "players" when given (it caps who plays: a scenario may show an excerpt
    of a larger table), else the players named, from `low` to `high`."""
    if "players" not in data and len(players) > high:
        raise GameError(f"{game} for {low} to {high} players{rule}, and {len(players)} play here",
                        field="players", code="shape")
    count = data.get("players", max(len(players), low))
    if not is_whole(count) or not low <= count <= high:
        raise GameError(f"\"players\" must be a number from {low} to {high}{rule}, not {count!r}",
                        field="players", code="shape")
    if len(players) > count:  # "players" is the table's size: nobody else can be playing
        raise GameError(f"{len(players)} players play, but \"players\" says {count}", field="players",
                        code="shape")
    return count


def check_card(card, player, turn, field, highest: int) -> None:
    """A card of the deck (1..`highest`) in a scenario: else GameError naming player, turn and field."""
    if not is_card(card) or card > highest:
        raise GameError(f"{f'turn {turn}: ' if turn else ''}{player}'s card {card!r} is not in "
                        f"the deck (1..{highest})", player=player, turn=turn or None,
                        card=card if is_whole(card) else None,
                        field=field, code="card_out_of_deck")


def check_hands(hands: dict, used: dict, highest: int) -> None:
    """Each hand a list of cards of the deck, none on the table or in two hands."""
    in_hand: dict[int, str] = {}
    for p, cards in hands.items():
        if not isinstance(cards, list):
            raise GameError(f"{p}'s hand must be a list of cards", player=p, field=f"hands.{p}",
                            code="shape")
        for c in cards:
            check_card(c, p, 0, f"hands.{p}", highest)
            if c in used:
                raise GameError(f"card {c} in {p}'s hand is also on the table", player=p, card=c,
                                field=f"hands.{p}", code="card_twice")
            if c in in_hand:
                raise GameError(f"card {c} is in the hands of {in_hand[c]} and {p}", player=p,
                                card=c, field=f"hands.{p}", code="card_twice")
            in_hand[c] = p


def _turn(t: int, turn: dict, hands, used: dict, highest: int, rows: int) -> tuple[dict, dict]:
    """One turn's plays (each card once, from its player's hand) and row choices."""
    plays = turn["plays"]
    for p, card in plays.items():
        field = f"turns[{t - 1}].plays.{p}"
        check_card(card, p, t, field, highest)
        if hands is not None and card not in hands.get(p, ()):
            raise GameError(f"turn {t}: {p} plays {card}, which is not in their hand", player=p,
                            card=card, turn=t, field=field, code="not_in_hand")
        if card in used:
            raise GameError(f"turn {t}: {p} plays {card}, which is already {used[card]}",
                            player=p, card=card, turn=t, field=field, code="card_twice")
        used[card] = f"played by {p} in turn {t}"
    choices = turn.get("choices", {})
    if not isinstance(choices, dict):
        raise GameError(f"turn {t}: \"choices\" must be an object {{player: row}}", turn=t,
                        code="shape")
    for p, row in choices.items():
        if p not in plays:
            raise GameError(f"turn {t}: {p} has a row choice but plays no card this turn",
                            player=p, turn=t, field=f"turns[{t - 1}].choices.{p}", code="bad_choice")
        if not is_whole(row) or not 0 <= row < rows:
            raise GameError(f"turn {t}: {p}'s row choice {row!r} is not a row index "
                            f"(0..{rows - 1})", player=p, card=plays[p], turn=t,
                            field=f"turns[{t - 1}].choices.{p}", code="bad_choice")
    return dict(plays), dict(choices)
