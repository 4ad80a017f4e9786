"""Benchmark claims and options in irregular positions (penalty cards, Laws 50-51).

Run: ``.venv/bin/python benchmarks/irregular.py`` (``--help`` for options). Two tables:

* **claims**: for each number of cards a hand, seeded random deals where South declares and
  leads and East holds one major penalty card; declarer claims the restricted double-dummy
  tricks with no statement. ``check_claim`` is timed with and without the penalty card, and
  the rulings that differ and the undetermined ones are counted.
* **options**: ``claimcheck options`` on the seed's 6♥ deal (12 cards a hand) with cards
  exposed: the restricted double-dummy search's time, DDS calls and result.
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
from claimcheck.cards import Card, Seat, Strain  # noqa: E402
from claimcheck.check import check_claim  # noqa: E402
from claimcheck.engine.restricted import RestrictedDD  # noqa: E402
from claimcheck.engine.solver import DDSolver  # noqa: E402
from claimcheck.formats import load  # noqa: E402
from claimcheck.options import analyse  # noqa: E402
from claimcheck.penalty import PenaltyCard  # noqa: E402
from claimcheck.policy.irregularities import parse_irregularity  # noqa: E402
from claimcheck.position import Position  # noqa: E402

SEED = Path(__file__).resolve().parents[1] / "deals" / "seeds" / "law55-options.pbn"
EXPOSED = ("exposed: W SJ ST", "exposed: W SJ ST S6", "exposed: E D9 C4")


def claims(sizes: list[int], per_size: int, max_nodes: int) -> None:
    rng = np.random.default_rng(7)
    print("cards  claims  plain s (median)  penalty s (median)  differ  undetermined")
    for k in sizes:
        plain_t: list[float] = []
        pen_t: list[float] = []
        differ = undetermined = 0
        for _ in range(per_size):
            deck = rng.permutation(52)
            hands = [[Card.from_index(int(i)) for i in deck[s * k:(s + 1) * k]]
                     for s in range(4)]
            pos = Position.build(hands, Strain(int(rng.integers(0, 5))), Seat.S,
                                 declarer=Seat.S)
            east = sorted(pos.hands[Seat.E])
            irr = pos.with_irregularities(
                [PenaltyCard(Seat.E, east[int(rng.integers(0, k))], True)])
            masks = (mask_of(irr.hands[0]), mask_of(irr.hands[1]), mask_of(irr.hands[2]),
                     mask_of(irr.hands[3]))
            claim = RestrictedDD(DDSolver(), int(pos.trump), int(Seat.S)).value(
                masks, (), int(Seat.S), irr.restrictions)
            start = time.perf_counter()
            r0 = check_claim(pos, Seat.S, claim, max_nodes=max_nodes)
            plain_t.append(time.perf_counter() - start)
            start = time.perf_counter()
            r1 = check_claim(irr, Seat.S, claim, max_nodes=max_nodes)
            pen_t.append(time.perf_counter() - start)
            differ += (r0.verdict, r0.awarded_claimer) != (r1.verdict, r1.awarded_claimer)
            undetermined += r1.verdict == "undetermined"
        print(f"{k:5}  {per_size:6}  {statistics.median(plain_t):16.3f}  "
              f"{statistics.median(pen_t):18.3f}  {differ:6}  {undetermined:12}")


def options() -> None:
    record = load(SEED).records[0]
    print()
    print("irregularity (12 cards a hand)   seconds  DDS calls  DD (low, high)")
    for text in EXPOSED:
        solver = DDSolver()
        start = time.perf_counter()
        a = analyse(record.position, parse_irregularity(text), solver=solver)
        seconds = time.perf_counter() - start
        values = [(v.low, v.high) for v in a.valued]
        print(f"{text:32} {seconds:7.1f}  {solver.calls:9}  {values}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="4,6", help="cards a hand, comma-separated")
    parser.add_argument("--per-size", type=int, default=6)
    parser.add_argument("--max-nodes", type=int, default=200_000)
    parser.add_argument("--no-options", action="store_true", help="skip the options table")
    args = parser.parse_args()
    claims([int(x) for x in args.sizes.split(",")], args.per_size, args.max_nodes)
    if not args.no_options:
        options()


if __name__ == "__main__":
    main()
