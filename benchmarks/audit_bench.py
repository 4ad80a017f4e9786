"""Benchmark audit throughput: records per second at 1 and 2 jobs, and the Dask overhead.

Run: ``.venv/bin/python benchmarks/audit_bench.py`` (``--help`` for options). It generates a
seeded set of claim positions (default 1,000) whose cards left follow the mix of the real
claims in ``../shared/data`` (1,093 claims: the table :data:`REAL_MIX`, measured from those
files; ``--mix-from-shared`` measures it again when the folder is present). Each position is a
random deal of that many cards a hand with a random trump, led by declarer's left-hand
opponent, and declarer claims the double-dummy tricks with no statement, the common case of
real claim logs. The set is written as one JSON records file and audited:

* ``local`` with 1 job (this process) and 2 jobs (a process pool);
* ``dask`` on a LocalCluster of 2 worker processes (1 thread each) started by the benchmark,
  when the dask extra is installed; the cluster start is timed apart, and the overhead per
  record is (Dask wall - local 2-job wall) / records.

It checks that the three runs give the same JSON (timings left out) and prints the table.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from claimcheck.audit import AuditReport, audit  # noqa: E402
from claimcheck.bits import mask_of  # noqa: E402
from claimcheck.cards import Card, Seat, Strain  # noqa: E402
from claimcheck.engine.solver import DDSolver  # noqa: E402
from claimcheck.formats.jsonfmt import write_json  # noqa: E402
from claimcheck.formats.record import ClaimRecord  # noqa: E402
from claimcheck.position import Position  # noqa: E402
from claimcheck.tricks import Pair  # noqa: E402

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"

REAL_MIX = {1: 7, 2: 111, 3: 147, 4: 162, 5: 154, 6: 139, 7: 111, 8: 109, 9: 67, 10: 34,
            11: 25, 12: 12, 13: 15}
"""Claims by cards left (tricks left at the claim) in ../shared/data: 1,093 claims."""


def measure_mix(root: Path = SHARED) -> dict[int, int]:
    """Claims by cards left in the record files under *root*."""
    from claimcheck.audit.inputs import read_inputs

    found = read_inputs([root])
    return dict(sorted(Counter(i.record.position.tricks_left for i in found.items).items()))


def _counts(mix: dict[int, int], total: int) -> dict[int, int]:
    """*total* split over the card counts in the proportions of *mix* (largest remainders)."""
    weight = sum(mix.values())
    exact = {k: total * v / weight for k, v in mix.items()}
    out = {k: int(x) for k, x in exact.items()}
    for k in sorted(exact, key=lambda k: exact[k] - out[k], reverse=True)[:total - sum(
            out.values())]:
        out[k] += 1
    return out


def generate(total: int, mix: dict[int, int], seed: int = 2026) -> list[ClaimRecord]:
    """*total* claims: random deals with the card mix, declarer claiming DD, no statement."""
    rng = np.random.default_rng(seed)
    solver = DDSolver()
    out: list[ClaimRecord] = []
    for cards, count in _counts(mix, total).items():
        for _ in range(count):
            deck = rng.permutation(52)
            hands = [[Card.from_index(int(i)) for i in deck[s * cards:(s + 1) * cards]]
                     for s in range(4)]
            declarer = Seat(int(rng.integers(0, 4)))
            pos = Position.build(hands, Strain(int(rng.integers(0, 5))), declarer.lho,
                                 declarer=declarer)
            masks = tuple(mask_of(h) for h in pos.hands)
            on_play = int(solver.tricks(masks, (), int(pos.leader), int(pos.trump)))
            dd = on_play if Pair.of(pos.to_play) is Pair.of(declarer) else cards - on_play
            out.append(ClaimRecord(f"c{len(out) + 1}", pos, claimer=declarer, claimed=dd,
                                   board=len(out) + 1))
    return out


def _doc(report: AuditReport) -> str:
    return json.dumps(report.to_document(with_timings=False), sort_keys=True)


def bench(total: int = 1000, *, max_nodes: int = 20_000, seed: int = 2026,
          mix: dict[int, int] | None = None, dask: bool = True) -> list[dict[str, Any]]:
    """Audit a generated set at 1 and 2 jobs (and on Dask); one row per run."""
    records = generate(total, mix or REAL_MIX, seed)
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "claims.json"
        path.write_text(write_json(records), encoding="utf-8")
        docs = {}
        for jobs in (1, 2):
            start = time.perf_counter()
            report = audit([path], jobs=jobs, max_nodes=max_nodes)
            wall = time.perf_counter() - start
            docs[f"local {jobs}"] = _doc(report)
            rows.append(_row(f"local, {jobs} job{'s' if jobs > 1 else ''}", report, wall))
        if dask:
            try:
                import distributed
            except ImportError:
                print("dask extra not installed: no Dask row", file=sys.stderr)
            else:
                start = time.perf_counter()
                with distributed.LocalCluster(n_workers=2, threads_per_worker=1,
                                              processes=True, dashboard_address=None) as c:
                    started = time.perf_counter() - start
                    start = time.perf_counter()
                    report = audit([path], executor="dask", scheduler=c.scheduler_address,
                                   max_nodes=max_nodes)
                    wall = time.perf_counter() - start
                docs["dask 2"] = _doc(report)
                row = _row("dask LocalCluster, 2 workers", report, wall)
                local2 = rows[1]["wall_s"]
                row["cluster_start_s"] = round(started, 2)
                row["overhead_ms_per_record"] = round((wall - local2) / len(records) * 1000, 2)
                rows.append(row)
        same = len(set(docs.values())) == 1
        for row in rows:
            row["same_json"] = same
    return rows


def _row(name: str, report: AuditReport, wall: float) -> dict[str, Any]:
    n = len(report.entries)
    verdicts = Counter(e.data.get("verdict") or "error" for e in report.entries)
    return {"run": name, "records": n, "wall_s": round(wall, 2),
            "records_per_s": round(n / wall, 2) if wall else None,
            "undetermined": verdicts.get("undetermined", 0),
            "errors": len(report.failed)}


def main() -> None:
    """Print the benchmark table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=1000, help="claim positions (default 1000)")
    ap.add_argument("--max-nodes", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--no-dask", action="store_true")
    ap.add_argument("--mix-from-shared", action="store_true",
                    help="measure the card mix from ../shared/data instead of the stored table")
    args = ap.parse_args()
    mix = REAL_MIX
    if args.mix_from_shared and SHARED.is_dir():
        mix = measure_mix()
    print(f"{args.count} claims, cards left mix {mix}, --max-nodes {args.max_nodes}")
    rows = bench(args.count, max_nodes=args.max_nodes, seed=args.seed, mix=mix,
                 dask=not args.no_dask)
    print(f"{'run':30} {'records':>7} {'wall s':>8} {'rec/s':>7} {'undet.':>6}  extra")
    for r in rows:
        extra = ""
        if "overhead_ms_per_record" in r:
            extra = (f"cluster start {r['cluster_start_s']} s, overhead "
                     f"{r['overhead_ms_per_record']} ms/record vs local 2 jobs")
        print(f"{r['run']:30} {r['records']:>7} {r['wall_s']:>8} {r['records_per_s']:>7} "
              f"{r['undetermined']:>6}  {extra}")
    print(f"same JSON across runs: {rows[0]['same_json']}")


if __name__ == "__main__":
    main()
