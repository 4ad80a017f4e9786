"""Benchmark the Law 69B sampler: rulings per second, and the share of their time in DDS.

Run: ``.venv/bin/python benchmarks/sampler_bench.py`` (``--help`` for options). For each number
of cards a hand it plays seeded random deals down double dummy to an ending
(``tests/realistic.py``), lets declarer claim the double-dummy tricks, agreed and then
withdrawn, and rules with ``check_claim(..., inputs=Inputs(phase="withdrawn"))`` at the
default samples and layouts, with a fresh solver for each ruling (no memo shared). It prints,
by cards a hand: rulings per second, median and p95 seconds a ruling, the share of the time
spent inside DDS, and the median of positions sampled, layouts solved and DDS batch calls.

``--batch`` adds the measurement behind the batched call: the same layouts solved one board a
call (``DDSolver.scores``) and in ``SolveAllBoardsBin`` batches (``DDSolver.scores_many``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from claimcheck.bits import mask_of  # noqa: E402
from claimcheck.check import check_claim  # noqa: E402
from claimcheck.engine.solver import DDSolver  # noqa: E402
from claimcheck.policy.profiles import Inputs  # noqa: E402
from claimcheck.position import Position  # noqa: E402
from claimcheck.ruling import Ruling  # noqa: E402
from tests.realistic import realistic_position  # noqa: E402


def claims(k: int, count: int, seed: int) -> list[tuple[Position, int, int]]:
    """*count* endings of *k* cards a hand: (position, declarer, DD tricks of his side)."""
    rng = np.random.default_rng(seed + k)
    out = []
    for _ in range(count):
        pos, declarer = realistic_position(rng, DDSolver(), k)
        hands = tuple(mask_of(h) for h in pos.hands)
        dd = DDSolver().tricks(hands, tuple(c.index for c in pos.trick),  # type: ignore[arg-type]
                               int(pos.leader), int(pos.trump))
        mine = dd if (int(pos.to_play) - int(declarer)) % 2 == 0 else pos.tricks_left - dd
        out.append((pos, int(declarer), mine))
    return out


def bench(cards: list[int], count: int, seed: int, samples: int | None = None
          ) -> list[dict[str, float]]:
    """One row per number of cards a hand."""
    from claimcheck.cards import Seat

    rows = []
    for k in cards:
        seconds: list[float] = []
        dds: list[float] = []
        rulings: list[Ruling] = []
        for pos, declarer, claimed in claims(k, count, seed):
            start = time.perf_counter()
            ruling = check_claim(pos, Seat(declarer), claimed, inputs=Inputs(phase="withdrawn"),
                                 solver=DDSolver(), samples=samples, seed=0)
            seconds.append(time.perf_counter() - start)
            assert ruling.likely is not None
            dds.append(ruling.likely.dds_seconds)
            rulings.append(ruling)
        likely = [r.likely for r in rulings if r.likely is not None]
        rows.append({
            "cards": k, "n": count, "samples": likely[0].samples,
            "per_second": count / sum(seconds),
            "median_s": statistics.median(seconds),
            "p95_s": float(np.percentile(seconds, 95)),
            "dds_share": sum(dds) / sum(seconds),
            "pools": statistics.median(lk.pools for lk in likely),
            "layouts": statistics.median(lk.layouts_solved for lk in likely),
            "boards": statistics.median(r.search.solver_calls for r in rulings),
        })
    return rows


def batch_versus_single(k: int, boards: int, seed: int) -> tuple[float, float]:
    """Milliseconds to solve *boards* random *k*-card layouts one a call and batched."""
    rng = np.random.default_rng(seed)
    positions = []
    for _ in range(boards):
        deck = rng.permutation(52)
        hands = tuple(sum(1 << int(c) for c in deck[h * k:(h + 1) * k]) for h in range(4))
        positions.append((hands, (), int(rng.integers(4))))
    single = DDSolver()
    start = time.perf_counter()
    for hands, trick, leader in positions:
        single.scores(hands, trick, leader, 4)  # type: ignore[arg-type]
    one = time.perf_counter() - start
    batch = DDSolver()
    start = time.perf_counter()
    batch.scores_many(positions, 4)  # type: ignore[arg-type]
    many = time.perf_counter() - start
    return one * 1000, many * 1000


def print_table(rows: list[dict[str, float]]) -> None:
    head = (f"{'cards':>5} {'rulings':>7} {'samples':>7} {'rulings/s':>9} {'median s':>8} "
            f"{'p95 s':>7} {'DDS share':>9} {'positions':>9} {'layouts':>8} {'DDS boards':>10}")
    print(head)
    print("-" * len(head))
    for r in rows:
        print(f"{r['cards']:>5} {r['n']:>7} {r['samples']:>7} {r['per_second']:>9.2f} "
              f"{r['median_s']:>8.2f} {r['p95_s']:>7.2f} {r['dds_share']:>9.0%} "
              f"{r['pools']:>9.0f} {r['layouts']:>8.0f} {r['boards']:>10.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", default="6,10", help="cards a hand, e.g. 6,10 or 4-8")
    parser.add_argument("--count", type=int, default=10, help="rulings per row")
    parser.add_argument("--samples", type=int, help="playouts a ruling (default: the ruling's)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--batch", action="store_true",
                        help="also time 200 layouts solved one a call and batched")
    args = parser.parse_args()
    if "-" in args.cards:
        lo, hi = (int(x) for x in args.cards.split("-"))
        cards = list(range(lo, hi + 1))
    else:
        cards = [int(x) for x in args.cards.split(",")]
    DDSolver().tricks((1, 1 << 13, 1 << 26, 1 << 39), (), 0, 4)  # load DDS before timing
    print_table(bench(cards, args.count, args.seed, args.samples))
    if args.batch:
        print()
        for k in cards:
            one, many = batch_versus_single(k, 200, args.seed)
            print(f"{k:>2} cards, 200 layouts: one board a call {one:.1f} ms, "
                  f"SolveAllBoardsBin batches {many:.1f} ms ({one / many:.1f}x)")


if __name__ == "__main__":
    main()
