"""normal.py first_normal_lead: the first normal lead, asked suit by suit, is the first card of
normal_plays (the line an upheld claim shows is built from it, search.py plain_line)."""

from __future__ import annotations

import numpy as np

from claimcheck.bits import mask_of
from claimcheck.engine.solver import DDSolver
from claimcheck.plan import EMPTY_PLAN
from claimcheck.policy.normal import AfterDD, Options, Point, first_normal_lead, normal_plays
from claimcheck.policy.plan_state import compile_plan, initial_state
from claimcheck.policy.profiles import profile_for
from claimcheck.policy.sure import Budget, SureOracle
from tests.realistic import realistic_position

SOLVER = DDSolver()


def _lead_point(rng: np.random.Generator, k: int, profile: str) -> tuple[Point, int]:
    """A realistic ending of *k* cards a hand at a trick start, the side on lead claiming the
    double-dummy tricks, as a decision point of its declarer's side."""
    pos, declarer = realistic_position(rng, SOLVER, k, mid_trick=False)
    h = [mask_of(cards) for cards in pos.hands]
    hands = (h[0], h[1], h[2], h[3])
    leader = int(pos.leader)
    trump = int(pos.trump)
    dd = SOLVER.tricks(hands, (), leader, trump)
    plan = compile_plan(EMPTY_PLAN)
    claim_side_declares = (leader - int(declarer)) % 2 == 0
    opts = Options.for_claim(profile_for(profile), leader, claim_side_declares, plan, False)
    state = initial_state(plan, hands, leader, trump)
    to_concede = k - dd
    point = Point(hands, (), leader, trump, 0, 0, 0, to_concede, 0, plan, state, opts)
    return point, leader


def _dd_after(p: Point) -> AfterDD:
    return AfterDD(lambda: SOLVER.scores(p.hands, p.trick, p.leader, p.trump))


def test_the_first_normal_lead_is_the_first_card_of_the_normal_leads() -> None:
    rng = np.random.default_rng(44)
    compared = 0
    for i in range(120):
        p, leader = _lead_point(rng, 4 + i % 5, ("wbf", "ebu", "acbl")[i % 3])
        full = normal_plays(p, SureOracle(p.trump, leader, Budget(10**9)), _dd_after(p))
        first = first_normal_lead(p, SureOracle(p.trump, leader, Budget(10**9)), _dd_after(p))
        if first is None:
            # No card safe, or one card to lead: the caller takes normal_plays then.
            continue
        assert first == full[0], (i, p.hands, p.trump, first, full)
        compared += 1
    assert compared >= 60
