"""The sure oracle agrees with the plain pooled-defence game on thousands of small positions."""

from __future__ import annotations

import numpy as np
import pytest

from claimcheck.bits import SUIT_RANGES, mask_of
from claimcheck.policy.sure import Budget, SureOracle
from tests.randpos import random_position
from tests.reference import reference_sure


def _case(rng: np.random.Generator) -> tuple[object, ...]:
    pos = random_position(rng, 4)
    hands = tuple(mask_of(h) for h in pos.hands)
    trick = tuple(c.index for c in pos.trick)
    claimer = int(rng.integers(0, 4))
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
    left = max(h.bit_count() for h in hands)
    need = int(rng.integers(0, left + 2))
    return hands, trick, int(pos.leader), int(pos.trump), claimer, forgotten, voids, need


@pytest.mark.parametrize("block", range(8))
def test_oracle_agrees_with_the_plain_game(block: int) -> None:
    """2,000 positions (8 blocks of 250), up to 4 cards a hand, pictures and voids mixed."""
    rng = np.random.default_rng(5000 + block)
    for i in range(250):
        hands, trick, leader, trump, claimer, forgotten, voids, need = _case(rng)
        oracle = SureOracle(trump, claimer, Budget(10**9))  # type: ignore[arg-type]
        got = oracle.sure(hands, trick, leader, forgotten, voids, need)  # type: ignore[arg-type]
        want = reference_sure(hands, trick, leader, trump, claimer,  # type: ignore[arg-type]
                              forgotten, voids, need)
        assert got == want, (
            f"block {block} case {i}: hands {[hex(h) for h in hands]} trick {trick} "  # type: ignore[union-attr]
            f"leader {leader} trump {trump} claimer {claimer} forgotten {forgotten:#x} "
            f"voids {voids:#x} need {need}: oracle {got}, plain game {want}")


def test_memo_is_consistent_across_calls() -> None:
    """One oracle asked many questions in turn answers each as a fresh one would."""
    rng = np.random.default_rng(77)
    cases = [_case(rng) for _ in range(300)]
    for trump in range(5):
        for claimer in range(4):
            shared = SureOracle(trump, claimer, Budget(10**9))
            for hands, trick, leader, t, c, forgotten, voids, need in cases:
                if t != trump or c != claimer:
                    continue
                fresh = SureOracle(trump, claimer, Budget(10**9))
                args = (hands, trick, leader, forgotten, voids, need)
                assert shared.sure(*args) == fresh.sure(*args)  # type: ignore[arg-type]
