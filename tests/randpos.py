"""Random small positions for property tests (seeded numpy generators)."""

from __future__ import annotations

import numpy as np

from claimcheck.bits import SUIT_RANGES
from claimcheck.cards import Card, Seat, Strain
from claimcheck.position import Position


def random_position(rng: np.random.Generator, max_cards: int = 4, *, mid_trick: bool = True
                    ) -> Position:
    """A random legal position with 1..max_cards cards a hand, maybe in the middle of a trick."""
    k = int(rng.integers(1, max_cards + 1))
    deck = rng.permutation(52)
    hands = [[Card.from_index(int(i)) for i in deck[s * k:(s + 1) * k]] for s in range(4)]
    trump = Strain(int(rng.integers(0, 5)))
    leader = Seat(int(rng.integers(0, 4)))
    declarer = Seat(int(rng.integers(0, 4)))
    pos = Position.build(hands, trump, leader, declarer=declarer)
    if mid_trick and k > 1:
        for _ in range(int(rng.integers(0, 3))):
            legal = pos.legal_cards()
            pos = pos.play(legal[int(rng.integers(0, len(legal)))])
    return pos


def random_picture(rng: np.random.Generator, hands: tuple[int, ...], claimer: int
                   ) -> tuple[int, int]:
    """A picture for the sure oracle's tests: the forgotten cards (one or two of the
    opponents', four times in ten) and the voids the claimer knows of (each void of a
    defender, one time in two), as masks."""
    opps = hands[(claimer + 1) % 4] | hands[(claimer + 3) % 4]
    forgotten = 0
    if rng.random() < 0.4:
        cards = [i for i in range(52) if opps >> i & 1]
        for i in rng.choice(len(cards), size=min(len(cards), int(rng.integers(1, 3))),
                            replace=False):
            forgotten |= 1 << cards[int(i)]
    voids = 0
    for d in ((claimer + 1) % 4, (claimer + 3) % 4):
        for s in range(4):
            if not hands[d] & SUIT_RANGES[s] and rng.random() < 0.5:
                voids |= 1 << (d * 4 + s)
    return forgotten, voids
