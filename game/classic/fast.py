"""A lean kernel for simulations: whole random-bot rounds on plain lists, no step log.

Why: the event-logging `play.Round` costs ~4× more per card. This plays the rules of `table.py` /
`play.py` with RandomBot's decisions and the same random draws in the same order, so a seed gives
the same scores as through the State (tests/game/classic/test_fast.py): rules change there first.
"""

from __future__ import annotations

from .cards import HEADS
from .play import HAND_SIZE, ROWS
from .table import LIMIT

assert ROWS == 4, "random_round unrolls the search over exactly four rows"


def random_round(rnd, players: int, deck: list[int], first: int | None = None) -> list[int]:
    """One round between `players` random bots; heads taken by each (seat order).

    `rnd` is the game's Rng.random: the deal is Rng.draw's, each pick RandomBot's among the
    sorted hand. With `first` (Logique: the seat that picks first) a random draft replaces the deal.
    """
    # A card in a hand is encoded as card * 16 + seat: sorting ints is the cheapest ascending reveal.
    if first is not None:
        hands, ends = _random_draft(rnd, players, deck, first)
    else:
        cards = deck[:]
        n = len(cards)
        used = HAND_SIZE * players + ROWS
        for i in range(used):
            j = i + int(rnd() * (n - i))
            cards[i], cards[j] = cards[j], cards[i]
        hands = [sorted([c * 16 + p for c in cards[p * HAND_SIZE:(p + 1) * HAND_SIZE]])
                 for p in range(players)]
        ends = cards[used - ROWS:used]
    return _random_turns(rnd, hands, ends, players)


def _random_draft(rnd, players: int, deck: list[int], first: int) -> tuple[list, list]:
    """Logique's draft by random bots: each in turn takes a face-up card until every hand is
    full; the lowest cards left start the rows (RULES §2)."""
    pool = deck[:]
    hands: list[list[int]] = [[] for _ in range(players)]
    seat = first
    for _ in range(HAND_SIZE * players):
        hands[seat].append(pool.pop(int(rnd() * len(pool))) * 16 + seat)
        seat = (seat + 1) % players
    return [sorted(hand) for hand in hands], sorted(pool)[:ROWS]


def _random_turns(rnd, hands: list[list[int]], ends: list[int], players: int) -> list[int]:
    heads = HEADS
    lengths = [1] * ROWS
    row_heads = [heads[c] for c in ends]
    score = [0] * players
    for left in range(HAND_SIZE, 0, -1):
        plays = sorted([hand.pop(int(rnd() * left)) for hand in hands])
        for play in plays:
            card = play >> 4
            e0, e1, e2, e3 = ends
            best, best_end = -1, 0
            if e0 < card:
                best, best_end = 0, e0
            if best_end < e1 < card:
                best, best_end = 1, e1
            if best_end < e2 < card:
                best, best_end = 2, e2
            if best_end < e3 < card:
                best = 3
            if best < 0:                      # too low: RandomBot takes a random row
                best = int(rnd() * ROWS)
            elif lengths[best] < LIMIT:       # ordinary placement
                ends[best] = card
                lengths[best] += 1
                row_heads[best] += heads[card]
                continue
            score[play & 15] += row_heads[best]   # sixth or too-low card: take the row
            ends[best] = card
            lengths[best] = 1
            row_heads[best] = heads[card]
    return score


def play_round(r, bots: dict) -> None:
    """A classic round to its end, every decision (card, row, pick) `bots[player]`'s, on the
    round itself: no moves, no protocol checks."""
    while r.draft is not None:
        want = r.pending
        r.pick(want["player"], bots[want["player"]].pick(r, want["player"], want["cards"]))
    while not r.over:
        r.play({p: bots[p].card(r, p) for p in r.players}, lambda p, card, _: bots[p].row(r, p, card))


def bot_game(st, bot) -> None:
    """A whole game (a `ClassicState` made with `log=False`) whose every decision `bot` takes,
    without the step log or the moves' checks: the loop of heuristic simulations, equal in
    results to `state.play_out` over the State (tests/game/classic/test_fast.py)."""
    bots = dict.fromkeys(st.players, bot)
    st.play_rounds(lambda r: play_round(r, bots))
