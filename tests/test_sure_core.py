"""The C game (``policy/_sure_core.c``) and the Python one (``policy/sure.py``) are the same.

The ruling's budget is counted in oracle nodes, and a question given up at its cap bounds a
card's safety: so the two must agree not only on every answer but on every node count, or a
ruling would depend on which of them was built. Each case asks one shared oracle of each kind a
run of questions (the memo carried from one to the next, as in a ruling), some under a cap that
gives them up midway, and compares answers and node counts after each.
"""

from __future__ import annotations

import numpy as np
import pytest

from claimcheck.bits import mask_of
from claimcheck.policy import sure
from claimcheck.policy.sure import Budget, BudgetExceeded, SureOracle
from tests.randpos import random_picture, random_position

pytestmark = pytest.mark.skipif(sure._CORE is None, reason="the C oracle is not built")


def _questions(rng: np.random.Generator, k: int) -> tuple[int, int, list[tuple[object, ...]]]:
    """A position of *k* cards a hand, its claimer side, and questions about it and its
    children: pictures with forgotten cards, known voids, every number of tricks."""
    pos = random_position(rng, k)
    hands = tuple(mask_of(h) for h in pos.hands)
    trick = tuple(c.index for c in pos.trick)
    claimer = int(rng.integers(0, 4))
    forgotten, voids = random_picture(rng, hands, claimer)
    left = max(h.bit_count() for h in hands)
    out: list[tuple[object, ...]] = []
    for _ in range(6):
        need = int(rng.integers(0, left + 2))
        cap = int(rng.choice([0, 0, 50, 400, 3000]))
        out.append((hands, trick, int(pos.leader), forgotten, voids, need, cap))
    return int(pos.trump), claimer, out


def _ask(oracle: SureOracle, q: tuple[object, ...]) -> object:
    hands, trick, leader, forgotten, voids, need, cap = q
    try:
        if cap:
            return oracle.decide(hands, trick, leader, forgotten, voids, need,  # type: ignore[arg-type]
                                 cap)  # type: ignore[arg-type]
        return oracle.sure(hands, trick, leader, forgotten, voids, need)  # type: ignore[arg-type]
    except BudgetExceeded:
        return "budget"


def _agree(seed: int, cases: int, sizes: tuple[int, ...], max_nodes: int) -> None:
    rng = np.random.default_rng(seed)
    for i in range(cases):
        k = sizes[i % len(sizes)]
        trump, claimer, questions = _questions(rng, k)
        c_budget, py_budget = Budget(max_nodes), Budget(max_nodes)
        fast = SureOracle(trump, claimer, c_budget)
        plain = SureOracle(trump, claimer, py_budget, compiled=False)
        for j, q in enumerate(questions):
            got, want = _ask(fast, q), _ask(plain, q)
            where = f"seed {seed} case {i} ({k} cards) question {j} {q[5:]}"
            assert got == want, f"{where}: C {got}, Python {want}"
            assert c_budget.oracle_nodes == py_budget.oracle_nodes, (
                f"{where}: C {c_budget.oracle_nodes} nodes, Python {py_budget.oracle_nodes}")
            assert fast.undecided == plain.undecided, where
            if got == "budget":
                break


@pytest.mark.parametrize("block", range(4))
def test_c_and_python_games_agree(block: int) -> None:
    """400 positions of up to 3 to 8 cards a hand, six questions each: answers, node counts."""
    _agree(9100 + block, 100, (3, 4, 5, 6, 7, 8), 10**9)


def test_c_and_python_games_agree_when_the_budget_runs_out() -> None:
    """A small ruling budget: both stop at the same node, and say so."""
    _agree(9200, 60, (6, 7, 8), 2_000)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(10))
def test_c_and_python_games_agree_on_large_endings(block: int) -> None:
    """1,000 more positions of up to 6 to 13 cards a hand (the sizes of real claims)."""
    _agree(9300 + block, 100, (6, 7, 8, 9, 10, 11, 12, 13), 300_000)
