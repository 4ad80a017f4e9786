"""The benchmark script runs (a smoke run: timings are never asserted in tests)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "run.py"


def test_benchmark_script_produces_a_row_per_size() -> None:
    spec = importlib.util.spec_from_file_location("bench_run", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rows = module.bench([2, 3], count=3, seed=1, max_nodes=50_000, rounds=1)
    assert [r["cards"] for r in rows] == [2, 3]
    assert all(r["n"] == 3 and r["ratio"] > 0 and r["undetermined"] == 0 for r in rows)
