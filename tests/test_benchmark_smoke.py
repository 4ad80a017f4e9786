"""The benchmark script runs (a smoke run: timings are never asserted in tests)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "run.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_run", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_benchmark_script_produces_a_row_per_size() -> None:
    module = _script()
    rows = module.bench([2, 3], count=3, seed=1, max_nodes=50_000, rounds=1)
    assert [r["cards"] for r in rows] == [2, 3]
    assert all(r["n"] == 3 and r["ratio"] > 0 and r["undetermined"] == 0 for r in rows)


def test_benchmark_real_claims_are_read_as_the_audit_reads_them() -> None:
    """``--real``: the real claims of ../shared/data by cards left, each with its claimer and
    tricks claimed; skipped when the folder is absent."""
    module = _script()
    if not module.SHARED.is_dir():
        pytest.skip("../shared/data is absent")
    claims = module.real_claims()
    assert sum(len(v) for v in claims.values()) > 1000
    for k, cases in claims.items():
        for pos, claimer, claimed, _statement in cases:
            assert pos.tricks_left == k and 0 <= claimed <= k and claimer is not None
    picked = module.sampled_real(claims[3], 4, 7)
    assert len(picked) == 4 and picked == module.sampled_real(claims[3], 4, 7)
    rows = module.bench([2, 3], count=2, seed=1, max_nodes=50_000, rounds=1, real=claims)
    assert [r["n"] for r in rows] == [2, 2]
