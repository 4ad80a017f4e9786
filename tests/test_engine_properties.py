"""Invariants of law70.md section 2 on small random positions."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from claimcheck.cards import Card, Seat, Strain, Suit
from claimcheck.check import check_claim
from claimcheck.engine.solver import DDSolver
from claimcheck.formats import load
from claimcheck.policy.profiles import PROFILES, Inputs
from claimcheck.position import Position
from claimcheck.report.text import render_json
from tests.randpos import random_position

SOLVER = DDSolver()


def _positions(seed: int, count: int, max_cards: int = 4) -> list[Position]:
    rng = np.random.default_rng(seed)
    return [random_position(rng, max_cards) for _ in range(count)]


@pytest.mark.parametrize("seed", range(3))
def test_n_never_exceeds_double_dummy_and_awards_sum_to_tricks_left(seed: int) -> None:
    for i, pos in enumerate(_positions(seed, 80)):
        claimer = Seat(i % 4)
        r = check_claim(pos, claimer, pos.tricks_left, solver=SOLVER)
        assert r.n is not None and r.n <= r.dd, f"case {i}: N {r.n} > DD {r.dd}"
        assert r.awarded_claimer + r.awarded_opponents == pos.tricks_left
        claimer_cards = sum(1 for t in r.worst_line for lc in t
                            if (int(lc.seat) - int(claimer)) % 2 == 0)
        assert claimer_cards > 0 or not any(pos.hands[claimer])


@pytest.mark.parametrize("seed", range(3))
def test_wider_normal_sets_never_raise_n(seed: int) -> None:
    """acbl (top-down, lowest ruff) admits a subset of wbf's cards; awareness removes beliefs."""
    for i, pos in enumerate(_positions(100 + seed, 80)):
        claimer = Seat(i % 4)
        left = pos.tricks_left
        wbf = check_claim(pos, claimer, left, profile="wbf", solver=SOLVER).n
        acbl = check_claim(pos, claimer, left, profile="acbl", solver=SOLVER).n
        aware = check_claim(pos, claimer, left, inputs=Inputs(trump_aware="yes"),
                            solver=SOLVER).n
        assert wbf is not None and acbl is not None and aware is not None
        assert wbf <= acbl, f"case {i}: wbf {wbf} > acbl {acbl} at {pos.to_pbn()}"
        assert wbf <= aware, f"case {i}: unaware {wbf} > aware {aware} at {pos.to_pbn()}"


def _permute(pos: Position, perm: dict[int, int]) -> Position:
    def move(c: Card) -> Card:
        return Card(Suit(perm.get(int(c.suit), int(c.suit))), c.rank)

    hands = [[move(c) for c in h] for h in pos.hands]
    trick = [move(c) for c in pos.trick]
    trump = pos.trump if pos.trump is Strain.NT else Strain(perm.get(int(pos.trump),
                                                                     int(pos.trump)))
    return Position.build(hands, trump, pos.leader, trick, declarer=pos.declarer,
                          shown_out=[(s, Suit(perm.get(int(x), int(x)))) for s, x in
                                     pos.shown_out])


@pytest.mark.parametrize("seed", range(3))
def test_rotating_seats_and_permuting_side_suits_leave_n_unchanged(seed: int) -> None:
    rng = np.random.default_rng(200 + seed)
    for i, pos in enumerate(_positions(200 + seed, 60)):
        claimer = Seat(i % 4)
        left = pos.tricks_left
        profile = PROFILES[("wbf", "ebu", "acbl")[i % 3]]
        base = check_claim(pos, claimer, left, profile=profile, solver=SOLVER).n
        turn = int(rng.integers(1, 4))
        rotated = check_claim(pos.rotate(turn), claimer.next(turn), left, profile=profile,
                              solver=SOLVER).n
        assert rotated == base, f"case {i}: rotated by {turn}: {rotated} != {base}"
        side = [s for s in range(4) if s != int(pos.trump)]
        shuffled = [int(x) for x in rng.permutation(side)]
        perm = dict(zip(side, shuffled, strict=True))
        permuted = check_claim(_permute(pos, perm), claimer, left, profile=profile,
                               solver=SOLVER).n
        assert permuted == base, f"case {i}: suits {perm}: {permuted} != {base}"


def test_same_input_gives_byte_identical_json() -> None:
    for pos in _positions(7, 20):
        a = render_json(check_claim(pos, Seat.S, pos.tricks_left, solver=SOLVER))
        b = render_json(check_claim(pos, Seat.S, pos.tricks_left, solver=DDSolver()))
        assert a == b


@pytest.mark.parametrize("seed", range(2))
def test_a_spent_budget_ends_with_proved_bounds_never_a_guess(seed: int) -> None:
    """Up to 8 cards a hand with a budget far too small: the ruling says so, with bounds."""
    rng = np.random.default_rng(300 + seed)
    for i in range(12):
        pos = random_position(rng, 8)
        claimer = Seat(i % 4)
        small = check_claim(pos, claimer, pos.tricks_left, solver=SOLVER, max_nodes=40)
        if small.verdict == "undetermined":
            assert small.bounds is not None and small.n is None
            low, high = small.bounds
            assert 0 <= low <= high <= small.dd
            assert small.search.budget_exhausted
            assert small.awarded_claimer == low
        else:
            assert small.n is not None and small.n <= small.dd


def test_a_ruling_leaves_the_garbage_collector_as_it_found_it() -> None:
    """check_claim spaces the collector's young passes while it searches (check.py
    YOUNG_COLLECTION_THRESHOLD) and restores the thresholds after, a spent budget included."""
    import gc

    before = gc.get_threshold()
    gc.set_threshold(555, 7, 9)
    try:
        for pos in _positions(11, 4, 6):
            check_claim(pos, Seat.S, pos.tricks_left, solver=SOLVER)
            check_claim(pos, Seat.S, pos.tricks_left, solver=SOLVER, max_nodes=5)
            assert gc.get_threshold() == (555, 7, 9)
    finally:
        gc.set_threshold(*before)


def test_a_ruling_leaves_no_reference_cycle() -> None:
    """What a ruling made is freed by reference counting alone, as soon as it returns: a closure
    over the search (its layouts), and one made at every safety question, had kept each
    ruling's search, memos and solver alive until a full pass of the collector (19050:2: 223
    MB at its peak, 170 MB without). Realistic endings
    of 5 to 9 cards (forgotten-card pictures, the layouts of §4.2), a statement, a spent
    budget."""
    import gc

    from claimcheck.check import read_plan
    from tests.realistic import realistic_position

    rng = np.random.default_rng(12)
    cases = []
    for k in (5, 6, 7, 8, 9):
        for _ in range(3):
            pos, declarer = realistic_position(rng, SOLVER, k)
            cases.append((pos, declarer))
    plan = read_plan("drawing trumps, then the rest are good", cases[0][0], cases[0][1])

    def rule_all() -> None:
        for i, (pos, declarer) in enumerate(cases):
            check_claim(pos, declarer, pos.tricks_left, solver=DDSolver(),
                        max_nodes=20_000 if i % 4 else 50)
        check_claim(cases[0][0], cases[0][1], cases[0][0].tricks_left, plan, solver=DDSolver())

    rule_all()  # the first rulings import what they use: module objects are cyclic
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        rule_all()
        gc.collect()
        left = [o for o in gc.garbage if type(o).__module__.startswith("claimcheck")]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was:
            gc.enable()
    assert not left, sorted({type(o).__name__ for o in left})


def test_groups_match_a_plain_definition() -> None:
    """Equivalent-card groups: no card held elsewhere lies between two cards of a group."""
    from claimcheck.bits import groups

    def plain(own: int, others: int) -> list[int]:
        reps = []
        for card in range(52):
            if not own >> card & 1:
                continue
            above = [c for c in range(card + 1, (card // 13 + 1) * 13)]
            next_own = next((c for c in above if own >> c & 1), None)
            if next_own is None or any(others >> c & 1 for c in range(card + 1, next_own)):
                reps.append(card)
        return sorted(reps)

    rng = np.random.default_rng(11)
    for _ in range(3000):
        cards = [int(x) for x in rng.permutation(52)[: int(rng.integers(0, 40))]]
        k = int(rng.integers(0, len(cards) + 1))
        own = sum(1 << c for c in cards[:k])
        others = sum(1 << c for c in cards[k:])
        assert sorted(groups(own, others)) == plain(own, others)


@pytest.mark.parametrize("seed", range(2))
def test_permuting_side_suits_with_the_statement_leaves_n_unchanged(seed: int) -> None:
    """A plan naming a side suit ("cash the hearts"), permuted with the suits, rules alike."""
    from claimcheck.plan import LinePlan, Step

    rng = np.random.default_rng(400 + seed)
    for i, pos in enumerate(_positions(400 + seed, 40)):
        side = [s for s in range(4) if s != int(pos.trump)]
        named = Suit(side[i % len(side)])
        plan = LinePlan(phases=((Step("cash", suit=named),),))
        claimer = Seat(i % 4)
        base = check_claim(pos, claimer, pos.tricks_left, plan, solver=SOLVER).n
        shuffled = [int(x) for x in rng.permutation(side)]
        perm = dict(zip(side, shuffled, strict=True))
        moved = LinePlan(phases=((Step("cash", suit=Suit(perm[int(named)])),),))
        permuted = check_claim(_permute(pos, perm), claimer, pos.tricks_left, moved,
                               solver=SOLVER).n
        assert permuted == base, f"case {i}: suits {perm}, cash {named.name}: {permuted} != {base}"


SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"


@pytest.mark.shared
def test_a_real_claim_rotated_to_every_seat_gets_the_same_n() -> None:
    """law70.md §2 on a real 7-card claim (skipped when ../shared is absent): the layouts
    §4.2 weighs are drawn from a seed of the seats as the claimer sees them, so a rotation
    draws the same ones (seeded by compass, rotated by two seats it was 5 and the others 3).
    The weighing goes on to more layouts while a suit is too close to call: here to 64, on
    which the spade lead comes out plainly worse than the clubs, as it is over all 3,432
    layouts (0.55 of a trick behind), and the claim stands (on eight layouts it had been 0.25
    behind, and N 3). It remains a close call: one seed in four keeps the spades on 64."""
    path = SHARED / "usbf_sf_14502.lin"
    if not path.exists():
        pytest.skip("../shared/data is absent")
    record = next(r for r in load(path).records if r.id.endswith(":50"))
    assert record.claimer is not None and record.claimed is not None
    ns = {check_claim(record.position.rotate(t), record.claimer.next(t), record.claimed,
                      solver=SOLVER).n for t in range(4)}
    assert ns == {5}
