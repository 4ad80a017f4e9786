"""Realistic endings for property tests: a random deal played double dummy down to k cards.

Random subsets of a deck make endings nobody meets at the table (a hand of four aces opposite
four deuces). Playing a random deal out with DDS's best cards until k cards a hand are left gives
the endings claims are made in: both sides have kept their winners and guards.
"""

from __future__ import annotations

import numpy as np

from claimcheck.bits import mask_of
from claimcheck.cards import Card, Seat, Strain
from claimcheck.engine.solver import DDSolver
from claimcheck.position import Position


def realistic_position(rng: np.random.Generator, solver: DDSolver, k: int,
                       *, mid_trick: bool = True) -> tuple[Position, Seat]:
    """A position with *k* cards a hand (maybe mid-trick), and the declarer."""
    deck = rng.permutation(52)
    hands = [[Card.from_index(int(i)) for i in deck[s * 13:(s + 1) * 13]] for s in range(4)]
    trump = Strain(int(rng.choice([0, 1, 2, 3, 4], p=[0.2, 0.2, 0.15, 0.15, 0.3])))
    declarer = Seat(int(rng.integers(0, 4)))
    pos = Position.build(hands, trump, declarer.next(1), declarer=declarer)
    extra = int(rng.integers(0, 3)) if mid_trick else 0
    while len(pos.hands[int(pos.to_play)]) > k or (
            len(pos.trick) < extra and len(pos.hands[int(pos.to_play)]) == k):
        masks = tuple(mask_of(h) for h in pos.hands)
        trick = tuple(c.index for c in pos.trick)
        scores = solver.scores(masks, trick, int(pos.leader), int(pos.trump))  # type: ignore[arg-type]
        best = max(scores.values())
        # Mostly the best card; now and then a slip, as real play has.
        good = sorted(c for c, v in scores.items() if v == best)
        pick = good[int(rng.integers(0, len(good)))]
        if rng.random() < 0.1:
            pick = sorted(scores)[int(rng.integers(0, len(scores)))]
        pos = pos.play(Card.from_index(pick))
    return pos, declarer
