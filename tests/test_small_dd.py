"""The small-ending double-dummy search (claimcheck/engine/_small_dd.c) gives DDS's numbers.

DDSolver answers endings of at most SMALL_CARDS cards a hand with it instead of DDS, so every
ruling that weighs layouts rests on the two agreeing: checked here on random endings of one to
SMALL_CARDS + 1 cards a hand (seven), each strain, trick in progress or not, card by card.
"""

from __future__ import annotations

import random

import pytest

from claimcheck.bits import winner_index
from claimcheck.engine import solver
from claimcheck.engine.solver import SMALL_CARDS, DDSolver, _scores_of

small = solver._SMALL
pytestmark = pytest.mark.skipif(small is None, reason="built without its C extension")

Hands = tuple[int, int, int, int]


def _legal(own: int, trick: list[int]) -> list[int]:
    follow = own & (0x1FFF << 13 * (trick[0] // 13)) if trick else 0
    pool = follow or own
    return [c for c in range(52) if pool >> c & 1]


def random_ending(rng: random.Random, k: int) -> tuple[Hands, tuple[int, ...], int, int]:
    """*k* cards a hand dealt at random, a random leader and strain, and up to three cards of
    the trick played (legal cards, at random)."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[s * k:(s + 1) * k]) for s in range(4)]
    leader, trump = rng.randrange(4), rng.randrange(5)
    trick: list[int] = []
    for _ in range(rng.randrange(4)):
        seat = (leader + len(trick)) % 4
        card = rng.choice(_legal(hands[seat], trick))
        hands[seat] &= ~(1 << card)
        trick.append(card)
    return (hands[0], hands[1], hands[2], hands[3]), tuple(trick), leader, trump


@pytest.mark.parametrize("k", range(1, SMALL_CARDS + 2))
def test_scores_and_tricks_equal_dds_on_random_endings(k: int) -> None:
    rng = random.Random(7000 + k)
    dds = DDSolver()
    for _ in range(400):
        hands, trick, leader, trump = random_ending(rng, k)
        want = _scores_of(dds._solve(hands, trick, leader, trump, 3))
        got = small.scores(hands, trick, leader, trump)
        assert got == want, (hands, trick, leader, trump)
        assert small.tricks(hands, trick, leader, trump) == max(want.values())


def test_the_solver_routes_small_endings_and_counts_them_apart() -> None:
    """DDSolver's scores, tricks and batches answer an ending of at most SMALL_CARDS cards a
    hand from the C search (not counted as DDS calls) and a larger one from DDS."""
    rng = random.Random(11)
    s = DDSolver()
    little = [random_ending(rng, SMALL_CARDS) for _ in range(20)]
    large = [random_ending(rng, SMALL_CARDS + 2) for _ in range(5)]
    positions = [(h, t, lead) for h, t, lead, _ in little + large]
    got = s.scores_many(positions, trump=4)
    assert s.calls == len(large) and s.small_solves == len(little)
    plain = DDSolver()
    for (h, t, lead), scores in zip(positions, got, strict=True):
        assert scores == _scores_of(plain._solve(h, t, lead, 4, 3))


def test_a_last_trick_and_a_trick_completed_by_the_card() -> None:
    """Two hand-checked endings: the last trick, and a card that completes a trick."""
    # North ♠A, East ♠K, South ♠2, West ♥2; spades trump, North leads: North's side wins.
    hands = (1 << 12, 1 << 11, 1 << 0, 1 << 13)
    assert small.scores(hands, (), 0, 0) == {12: 1}
    # Hearts trump. West, void in spades, plays last to ♠Q ♠K ♠A (North led) holding ♥2 ♦7:
    # ruffing wins this trick and the ♦7 the last (2); the ♦7 lets the ♠A win and the ♥2 ruff
    # the last spade (1).
    hands = (1 << 2, 1 << 3, 1 << 4, (1 << 13) | (1 << 31))
    trick = (10, 11, 12)
    assert winner_index((*trick, 13), 1) == 3
    assert small.scores(hands, trick, 0, 1) == {13: 2, 31: 1}
