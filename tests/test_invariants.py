"""law70.md §2 and §4.3 as properties: every worst normal line is free of irrational plays, on
realistic endings, on every ruling in deals/ and on the real claims of ../shared/data."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from claimcheck.bits import mask_of
from claimcheck.check import check_claim, check_record
from claimcheck.engine.solver import DDSolver
from claimcheck.formats import load_many
from tests.invariants import explanation_contradictions, irrational_plays
from tests.realistic import realistic_position

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
SOLVER = DDSolver()
BUDGET = 60_000
"""A small node budget keeps the suite quick: an undetermined ruling still shows the lowest line
it found, and that line must be free of irrational plays too."""


def _rule_realistic(seed: int, count: int) -> list[str]:
    rng = np.random.default_rng(seed)
    problems: list[str] = []
    for i in range(count):
        k = int(rng.integers(5, 11))
        pos, declarer = realistic_position(rng, SOLVER, k)
        hands = tuple(mask_of(h) for h in pos.hands)
        dd_on_play = SOLVER.tricks(hands, tuple(c.index for c in pos.trick),  # type: ignore[arg-type]
                                   int(pos.leader), int(pos.trump))
        on_play = (int(pos.leader) + len(pos.trick)) % 4
        dd = dd_on_play if (on_play - int(declarer)) % 2 == 0 else pos.tricks_left - dd_on_play
        # Expert claims are mostly the double-dummy number; some claim one more or one less.
        claimed = int(min(pos.tricks_left, max(0, dd + rng.choice([0, 0, 0, 1, -1]))))
        ruling = check_claim(pos, declarer, claimed, solver=SOLVER, max_nodes=BUDGET)
        assert ruling.n is None or ruling.n <= ruling.dd
        assert ruling.awarded_claimer + ruling.awarded_opponents == pos.tricks_left
        for p in irrational_plays(ruling) + explanation_contradictions(ruling):
            problems.append(f"seed {seed} case {i}: {pos.to_pbn()} trump {pos.trump.name} "
                            f"leader {pos.leader.name} trick {[str(c) for c in pos.trick]} "
                            f"declarer {declarer.name} claimed {claimed}: {p}")
    return problems


@pytest.mark.parametrize("block", range(6))
def test_no_irrational_play_on_realistic_endings(block: int) -> None:
    """300 realistic endings of 5 to 10 cards a hand (6 blocks of 50)."""
    problems = _rule_realistic(9000 + block, 50)
    assert not problems, "\n".join(problems[:10])


@pytest.mark.slow
@pytest.mark.parametrize("block", range(34))
def test_no_irrational_play_on_many_realistic_endings(block: int) -> None:
    """1,700 more (34 blocks of 50): 2,000 with the default run."""
    problems = _rule_realistic(19000 + block, 50)
    assert not problems, "\n".join(problems[:10])


def test_no_irrational_play_in_the_bundled_rulings() -> None:
    read = load_many([ROOT / "deals"])
    problems: list[str] = []
    ruled = 0
    for record in read.records:
        if record.claimed is None or (record.claimer or record.position.declarer) is None:
            continue
        ruling = check_record(record, solver=SOLVER)
        ruled += 1
        novice = (record.tag("PlayerClass") or "").lower() == "novice"
        problems += [f"{record.id}: {p}" for p in irrational_plays(ruling, novice=novice)
                     + explanation_contradictions(ruling)]
    assert ruled >= 60
    assert not problems, "\n".join(problems)


@pytest.mark.shared
@pytest.mark.slow
def test_no_irrational_play_in_the_real_claims() -> None:
    """Every real claim in ../shared/data (skipped when absent)."""
    if not SHARED.is_dir():
        pytest.skip("../shared/data is absent")
    read = load_many([SHARED])
    problems: list[str] = []
    for record in read.records:
        if record.claimed is None or (record.claimer or record.position.declarer) is None:
            continue
        ruling = check_record(record, solver=SOLVER, max_nodes=BUDGET)
        problems += [f"{record.id}: {p}" for p in irrational_plays(ruling)
                     + explanation_contradictions(ruling)]
    assert not problems, "\n".join(problems[:20])


@pytest.mark.shared
def test_no_irrational_play_in_a_sample_of_real_claims() -> None:
    """The real claims of the speedball file, in the default run (skipped when absent)."""
    path = SHARED / "bbo_speedball_5229.lin"
    if not path.exists():
        pytest.skip("../shared/data is absent")
    read = load_many([path])
    problems: list[str] = []
    ruled = 0
    for record in read.records[:200]:
        if record.claimed is None or (record.claimer or record.position.declarer) is None:
            continue
        ruling = check_record(record, solver=SOLVER, max_nodes=BUDGET)
        ruled += 1
        problems += [f"{record.id}: {p}" for p in irrational_plays(ruling)
                     + explanation_contradictions(ruling)]
    assert ruled > 50
    assert not problems, "\n".join(problems[:20])
