"""The engine agrees with a plain reference search on thousands of small random positions."""

from __future__ import annotations

import numpy as np
import pytest

from claimcheck.cards import Seat
from claimcheck.check import check_claim
from claimcheck.engine.solver import DDSolver
from claimcheck.policy.profiles import PROFILES, Inputs
from tests.randpos import random_position
from tests.reference import reference_n

AWARENESS = ("doubtful", "yes")


def _cases(seed: int, count: int, max_cards: int) -> list[tuple[int, object]]:
    rng = np.random.default_rng(seed)
    return [(i, random_position(rng, max_cards)) for i in range(count)]


@pytest.mark.parametrize("block", range(8))
def test_engine_agrees_with_reference_on_random_positions(block: int) -> None:
    """2,000 positions (8 blocks of 250), up to 4 cards a hand, profiles and beliefs mixed."""
    rng = np.random.default_rng(1000 + block)
    solver = DDSolver()
    names = sorted(PROFILES)
    for i in range(250):
        pos = random_position(rng, 4)
        claimer = Seat(int(rng.integers(0, 4)))
        left = pos.tricks_left
        claimed = int(rng.integers(0, left + 1))
        profile = PROFILES[names[i % len(names)]]
        inputs = Inputs(trump_aware=AWARENESS[(i // 3) % 2])  # type: ignore[arg-type]
        ruling = check_claim(pos, claimer, claimed, profile=profile, inputs=inputs,
                             solver=solver)
        expected = reference_n(pos, claimer, claimed, profile, inputs)
        assert ruling.n == expected, (
            f"block {block} case {i}: {pos.to_pbn()} trump {pos.trump.name} leader "
            f"{pos.leader.name} trick {[str(c) for c in pos.trick]} claimer {claimer.name} "
            f"claimed {claimed} profile {profile.name} aware {inputs.trump_aware}: "
            f"engine {ruling.n}, reference {expected}"
        )


def test_plain_double_dummy_agrees_with_dds() -> None:
    """The reference's own double dummy (its §4.2 layouts) gives DDS's scores: 300 positions of
    up to 4 cards a hand, some in mid-trick."""
    from claimcheck.bits import mask_of
    from tests.reference import _PlainDD

    rng = np.random.default_rng(77)
    solver = DDSolver()
    for i in range(300):
        pos = random_position(rng, 4)
        hands = tuple(mask_of(h) for h in pos.hands)
        trick = tuple(c.index for c in pos.trick)
        trump = int(pos.trump)
        plain = _PlainDD(trump).scores(hands, trick, int(pos.leader), trump)  # type: ignore[arg-type]
        dds = solver.scores(hands, trick, int(pos.leader), trump)  # type: ignore[arg-type]
        assert plain == {c: dds[c] for c in plain}, f"case {i}: {pos.to_pbn()}"
