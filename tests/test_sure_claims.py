"""Sure claims stand (law70.md §2): a claim that is sure with full awareness and needs nothing
the claimer might overlook is upheld, on positions of 4 to 13 cards a hand.

The generator deals the claimer side only top winners (every card above every opponent's card
of its suit), puts the claimer side on lead, and leaves the opponents either no trump or one
harmless trump: its holder has to follow to every round of every side suit the claimer side
can lead, so a claimer who forgets it loses nothing by it (70C3: "it is not likely that the
claimer was unaware" does not even arise). No order of play can strand a winner: every card
wins whichever hand leads.
"""

from __future__ import annotations

import numpy as np
import pytest

from claimcheck.cards import Card, Seat, Strain
from claimcheck.check import check_claim
from claimcheck.engine.solver import DDSolver
from claimcheck.position import Position
from tests.invariants import irrational_plays

SOLVER = DDSolver()


def _split(rng: np.random.Generator, total: int, parts: int, caps: list[int]) -> list[int] | None:
    out = [0] * parts
    for _ in range(total):
        free = [i for i in range(parts) if out[i] < caps[i]]
        if not free:
            return None
        out[int(rng.choice(free))] += 1
    return out


def sure_claim(rng: np.random.Generator) -> tuple[Position, Seat, bool] | None:
    """A sure claim of every trick, or None when this draw does not fit."""
    k = int(rng.integers(4, 14))
    trump = int(rng.integers(0, 5))
    harmless = trump < 4 and rng.random() < 0.35
    claimer = Seat(int(rng.integers(0, 4)))
    partner = claimer.partner
    a = _split(rng, k, 4, [13] * 4)
    if a is None:
        return None
    b = _split(rng, k, 4, [13 - x for x in a])
    if b is None:
        return None
    hands: dict[Seat, list[Card]] = {s: [] for s in Seat}
    low: dict[int, list[Card]] = {}
    for s in range(4):
        ranks = list(range(12, -1, -1))  # ace first
        tops = ranks[:a[s] + b[s]]
        order = [int(x) for x in rng.permutation(len(tops))]
        for i, j in enumerate(order):
            seat = claimer if i < a[s] else partner
            hands[seat].append(Card.from_index(13 * s + tops[j]))
        low[s] = [Card.from_index(13 * s + r) for r in ranks[a[s] + b[s]:]]
    lho, rho = claimer.next(1), claimer.next(3)
    holder = lho if rng.random() < 0.5 else rho
    other = rho if holder is lho else lho
    if harmless:
        if not low[trump]:
            return None
        hands[holder].append(low[trump][int(rng.integers(0, len(low[trump])))])
        for s in range(4):
            if s == trump:
                continue
            need = max(a[s], b[s])
            if len(low[s]) < need:
                return None
            picks = rng.choice(len(low[s]), size=need, replace=False)
            for i in sorted((int(x) for x in picks), reverse=True):
                hands[holder].append(low[s].pop(i))
        if len(hands[holder]) > k:
            return None
    pool = [c for s in range(4) if s != trump or trump == 4 for c in low[s]]
    rng.shuffle(pool)  # type: ignore[arg-type]
    for seat in (holder, other):
        while len(hands[seat]) < k:
            if not pool:
                return None
            hands[seat].append(pool.pop())
    leader = claimer if rng.random() < 0.5 else partner
    pos = Position.build([hands[s] for s in Seat], Strain(trump), leader, declarer=claimer)
    return pos, claimer, harmless


def _claims(seed: int, count: int) -> list[tuple[Position, Seat, bool]]:
    rng = np.random.default_rng(seed)
    out: list[tuple[Position, Seat, bool]] = []
    while len(out) < count:
        made = sure_claim(rng)
        if made is not None:
            out.append(made)
    return out


def _check(seed: int, count: int) -> None:
    for pos, claimer, harmless in _claims(seed, count):
        left = pos.tricks_left
        ruling = check_claim(pos, claimer, left, solver=SOLVER)
        assert ruling.verdict == "upheld" and ruling.n == left, (
            f"{pos.to_pbn()} trump {pos.trump.name} leader {pos.leader.name} claimer "
            f"{claimer.name} harmless trump {harmless}: {ruling.verdict} N={ruling.n} "
            f"{[[str(lc.card) + ':' + lc.rule for lc in t] for t in ruling.worst_line]}")
        assert not irrational_plays(ruling)


def test_the_generator_makes_every_size_and_both_kinds() -> None:
    made = _claims(1, 200)
    assert {len(p.hands[0]) for p, _, _ in made} == set(range(4, 14))
    assert sum(h for _, _, h in made) >= 15


@pytest.mark.parametrize("block", range(4))
def test_sure_claims_stand(block: int) -> None:
    """200 sure claims (4 blocks of 50) in the default run."""
    _check(300 + block, 50)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(16))
def test_many_sure_claims_stand(block: int) -> None:
    """800 more (16 blocks of 50): 1,000 with the default run."""
    _check(400 + block, 50)
