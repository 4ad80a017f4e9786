"""The audit benchmark runs (a smoke run on a few claims: timings are never asserted)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "audit_bench.py"


def test_audit_benchmark_rows_and_card_mix() -> None:
    spec = importlib.util.spec_from_file_location("audit_bench", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    counts = module._counts(module.REAL_MIX, 1000)
    assert sum(counts.values()) == 1000 and set(counts) == set(range(1, 14))
    assert abs(counts[4] - 1000 * 162 / 1093) < 1
    rows = module.bench(8, max_nodes=5_000, dask=False)
    assert [r["run"] for r in rows] == ["local, 1 job", "local, 2 jobs"]
    assert all(r["records"] == 8 and r["errors"] == 0 and r["same_json"] for r in rows)
