"""Random small positions for property tests (seeded numpy generators)."""

from __future__ import annotations

import numpy as np

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
