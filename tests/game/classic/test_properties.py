"""Property tests: invariants of the rules over many random rounds and games.

Rounds and games are drawn for 2–10 players, the classic deck, Tactique and
Logique, random and heuristic bots. After every event of the step log the
table is rebuilt from the log alone and checked (ascending rows, at most 5
cards, the placement rule), and after every turn and every pause for a row
choice the whole state is checked (cards and heads conserved; between turns the
JSON snapshot rebuilds the same round). A finished game is then replayed from
its log (the Deal events, the Reveal and ChoiceMade events) and must end in the
same state.

How many rounds and games each property draws is the Hypothesis profile's choice
(HYPOTHESIS_PROFILE, see tests/conftest.py): 100 by default and under `make test`, 500 under `deep`.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import events as ev
from game.classic.bots import HeuristicBot
from round_robots import RoundRandom as RandomBot, play_round, snapshot
from game.classic.cards import HEADS
from game.classic.play import Round
from game.classic.state import ClassicState
from game.classic.table import LIMIT

# How many rounds and games: the Hypothesis profile (tests/conftest.py), never a number here.
ROUNDS = GAMES = settings(suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(min_value=0, max_value=2**32 - 1)
player_counts = st.integers(min_value=2, max_value=10)
variants = st.sampled_from(["classic", "tactique", "logique"])
bot_kinds = st.sampled_from(["random", "heuristic"])


def make_bots(kind, game, names):
    return {p: (RandomBot(game.rng) if kind == "random" else HeuristicBot(game.rng)) for p in names}


def heads(cards) -> int:
    return sum(HEADS[c] for c in cards)


class LogTable:
    """The table rebuilt from the step log alone, checking each event against the rules."""

    def __init__(self):
        self.rows = None
        self.reveal = None

    def apply(self, e):
        if isinstance(e, ev.Deal):
            self.rows = [list(r) for r in e.rows]
            assert len(self.rows) == 4 and all(len(r) == 1 for r in self.rows)
        elif isinstance(e, ev.Reveal):
            cards = [p["card"] for p in e.plays]
            assert cards == sorted(cards), "a reveal lists cards in the order they are placed"
            self.reveal = cards
        elif isinstance(e, ev.Place):
            ends = [r[-1] for r in self.rows]
            assert e.after == ends[e.row] < e.card and e.gap == e.card - e.after
            assert not any(e.after < end < e.card for end in ends), "goes after the greatest lower end"
            self.rows[e.row].append(e.card)
            assert e.length == len(self.rows[e.row]) <= LIMIT
        elif isinstance(e, ev.TooLow):
            assert e.card < min(r[-1] for r in self.rows) == e.lowest
            assert e.card == self.reveal[0], "only the lowest card of a turn can be too low"
        elif isinstance(e, ev.ChoiceRequested):
            assert [o["row"] for o in e.options] == [0, 1, 2, 3]
            assert [o["heads"] for o in e.options] == [heads(r) for r in self.rows]
        elif isinstance(e, ev.Take):
            assert list(e.cards) == self.rows[e.row] and e.heads == heads(e.cards)
            if e.reason == "sixth":
                assert len(e.cards) == LIMIT
                ends = [r[-1] for r in self.rows]
                assert ends[e.row] < e.card and not any(ends[e.row] < x < e.card for x in ends)
            else:
                assert e.reason == "too_low" and e.card < min(r[-1] for r in self.rows)
            self.rows[e.row] = []
        elif isinstance(e, ev.StartRow):
            assert self.rows[e.row] == []
            self.rows[e.row] = [e.card]
        if self.rows is not None:
            assert all(len(r) <= LIMIT for r in self.rows)
            assert all(a < b for r in self.rows for a, b in zip(r, r[1:])), "rows stay ascending"


def check_state(rnd: Round, in_play: list[int], table_from_log: LogTable | None):
    """At a pause for a row choice, the revealed cards not yet placed are still face up."""
    rows = rnd.table.rows
    face_up = [c for c, _ in rnd.queue[rnd.pos:]]
    assert len(rows) == 4
    assert all(1 <= len(r) <= LIMIT for r in rows)
    assert all(a < b for r in rows for a, b in zip(r, r[1:]))
    cards = ([c for h in rnd.hands.values() for c in h] + [c for r in rows for c in r]
             + [c for pile in rnd.piles.values() for c in pile] + face_up)
    assert sorted(cards) == in_play, "hands + rows + penalty piles = the cards in play"
    assert heads(cards) == heads(in_play)
    if table_from_log is not None:   # between turns: the log rebuilds the table
        assert table_from_log.rows == rows


def play_checked_round(rnd: Round, bots: dict, log: list, seen: int) -> tuple[list[int], LogTable]:
    """Drive a round by hand, checking the state at every pause and after every turn.

    `seen`: where the round's events start in `log` (its Deal may already be there).
    """
    rebuilt = LogTable()

    def follow_log():
        nonlocal seen
        for e in log[seen:]:
            rebuilt.apply(e)
        seen = len(log)

    while rnd.draft is not None:
        want = rnd.pending
        rnd.pick(want["player"], bots[want["player"]].pick(rnd, want["player"], want["cards"]))
    follow_log()
    in_play = sorted([c for h in rnd.hands.values() for c in h] + rnd.table.cards())
    assert len(in_play) == 10 * len(rnd.players) + 4
    check_state(rnd, in_play, rebuilt)
    while not rnd.over:
        plays = {p: bots[p].card(rnd, p) for p in rnd.players}
        done = rnd.play(plays)
        while not done:
            follow_log()
            want = rnd.pending
            assert want["kind"] == "row" and want["card"] == min(plays.values())
            check_state(rnd, in_play, None)
            done = rnd.choose(bots[want["player"]].row(rnd, want["player"], want["card"]))
        follow_log()
        check_state(rnd, in_play, rebuilt)
    return in_play, rebuilt


@ROUNDS
@given(seed=seeds, n=player_counts, variant=variants, bot=bot_kinds)
def test_round_invariants(seed, n, variant, bot):
    names = [f"p{i}" for i in range(n)]
    game = ClassicState(names, variant=variant, seed=seed)
    rnd, log = game.round, game.log
    in_play, _ = play_checked_round(rnd, make_bots(bot, game, names), log, 0)
    if n == 10:
        assert heads(in_play) == 171   # all 104 cards are in play
    assert rnd.turn_number == 10
    scores = game.end_round()
    assert sum(scores.values()) == heads(in_play) - heads(rnd.table.cards())


def rounds_of(log: list) -> list[list]:
    """The events of each round of a logged game (a round ends with its RoundEnd)."""
    out, current = [], []
    for e in log:
        current.append(e)
        if isinstance(e, ev.RoundEnd):
            out.append(current)
            current = []
    return out


def replay_round_from_log(players: list[str], events: list) -> Round:
    """Rebuild a round from its Deal rows, its Reveal plays and its ChoiceMade rows only."""
    deal = next(e for e in events if isinstance(e, ev.Deal))
    reveals = [e for e in events if isinstance(e, ev.Reveal)]
    choices = {(e.turn, e.player): e.row for e in events if isinstance(e, ev.ChoiceMade)}
    hands = {p: [] for p in players}
    for r in reveals:
        for play in r.plays:
            hands[play["player"]].append(play["card"])
    rnd = Round(players, hands, [list(r) for r in deal.rows], number=deal.round)
    for r in reveals:
        rnd.play({p["player"]: p["card"] for p in r.plays},
                 lambda player, card, turn, t=r.turn: choices[(t, player)])
    return rnd


@GAMES
@given(seed=seeds, n=player_counts, variant=variants, bot=bot_kinds)
def test_game_replayed_from_its_log_reaches_the_same_state(seed, n, variant, bot):
    names = [f"p{i}" for i in range(n)]
    game = ClassicState(names, variant=variant, seed=seed)
    log, bots = game.log, make_bots(bot, game, names)
    finals = []
    while not game.is_over:
        rnd = game.round or game.new_round()
        play_round(rnd, bots)
        finals.append(snapshot(rnd))
        game.end_round()
    assert max(game.totals.values()) >= 66
    assert all(max(sum(h[p] for h in game.history[:k]) for p in names) < 66
               for k in range(1, len(game.history)))

    per_round = rounds_of(log)
    assert len(per_round) == len(finals) == len(game.history)
    for events, final in zip(per_round, finals):
        rebuilt = replay_round_from_log(names, events)
        assert snapshot(rebuilt) == final
        assert rebuilt.scores() == events[-1].scores
    end = log[-1]
    assert isinstance(end, ev.GameEnd) and end.totals == game.totals
    assert list(end.winners) == [p for p in names if game.totals[p] == min(game.totals.values())]


@given(seed=seeds, n=player_counts, variant=variants)
def test_too_low_card_is_always_the_lowest_of_its_turn(seed, n, variant):
    names = [f"p{i}" for i in range(n)]
    game = ClassicState(names, variant=variant, options={"rounds": 1}, seed=seed)
    log = game.log
    play_round(game.round, make_bots("random", game, names))
    lowest = {e.turn: e.plays[0]["card"] for e in log if isinstance(e, ev.Reveal)}
    for e in log:
        if isinstance(e, (ev.TooLow, ev.ChoiceMade)) or (isinstance(e, ev.Take) and e.reason == "too_low"):
            assert e.card == lowest[e.turn]
