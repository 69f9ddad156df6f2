"""What each card risks with the special cards: one sampled turn, a `SpecialRound` in which every
placement decision (a special card or not, which one, which row) is the cautious robot's
(`SpecialBot`), for the reader too: « if you play this card and use your special cards as the
robot would ». Opponents hold their known cards plus unseen ones, and as many special cards as
the position says, drawn from the 28 but the reader's. The reader's result is the change of
their round score when their card is settled: below zero after a Négatif = positif.
"""

from __future__ import annotations

from itertools import islice

from ..classic.bots import HeuristicBot
from ..rng import Rng
from ..specials.bots import SpecialBot
from ..specials.round import SpecialRound
from .position import Position, opponent

ME = "p1"


def deal(position: Position, rng: Rng, pool: list, special_pool: list) -> SpecialRound:
    """One draw of the opponents' hands (number and special cards) around the position's table."""
    others, h = range(position.players - 1), len(position.hand)
    fill = iter(rng.draw(pool, sum(h - len(position.known_of(i)) for i in others)))
    specials_needed = sum(position.specials_of(i) for i in others)
    drawn = iter(rng.draw(special_pool, specials_needed) if specials_needed else [])
    hands = {ME: list(position.hand)}
    for i in others:
        hands[opponent(i)] = [*position.known_of(i), *islice(fill, h - len(position.known_of(i)))]
    held = {ME: list(position.specials),
            **{opponent(i): list(islice(drawn, position.specials_of(i))) for i in others}}
    return SpecialRound(list(hands), hands, held, [list(r) for r in position.rows],
                        marked=position.marked, stopped=position.stopped)


def opponents_cards(position: Position, base: SpecialRound, rng: Rng, mode: str) -> dict:
    """The number card each opponent reveals: uniformly from its hand, or the heuristic bot's."""
    bot = HeuristicBot() if mode == "heuristic" else None
    hands = {opponent(i): base.hands[opponent(i)] for i in range(position.players - 1)}
    return {p: bot.card(base, p) if bot else hand[rng.below(len(hand))]
            for p, hand in hands.items()}


def settle_all(base: SpecialRound, plays: dict, cards, bot: SpecialBot) -> dict:
    """{card: (change of the reader's score, whether they took cards)} for every card of the
    hand, each decision the robot's, the opponents' cards resolved only once.

    The cards below the reader's are settled before it and do not depend on it (nor do their
    players' decisions), so the round after the k lowest opponents' cards serves every reader
    card that comes next: the reader's card is then the only one waiting.
    """
    rnd = base.clone()
    rnd.reveal(plays, partial=True)
    order = list(rnd.queue)
    results, settled = {}, 0
    for card in sorted(cards):
        while settled < len(order) and order[settled][0] < card:
            _, player = rnd.next_card()
            rnd.resolve(*bot.decide(rnd, player))
            settled += 1
        trial = rnd.clone()
        trial.hands[ME].remove(card)
        trial.queue, trial.pos = [(card, ME)], 0
        trial.resolve(*bot.decide(trial, ME))
        results[card] = (trial.score(ME), bool(trial.piles[ME]))
    return results


__all__ = ["deal", "opponents_cards", "settle_all"]
