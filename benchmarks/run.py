"""Benchmark the Law 70 engine against one plain DDS solve of the same position.

Run: ``.venv/bin/python benchmarks/run.py`` (``--help`` for options). For each number of cards
a hand it draws seeded random positions (random trump, leader, declarer; some in the middle of a
trick), lets declarer claim the double-dummy number of tricks with no statement (the common
case on real claim logs: 194 of 196 real claims equal DD), and times:

* the engine: ``check_claim`` with a fresh solver (no cache shared between positions);
* one plain DDS solve: endplay's public API, ``Deal`` + ``solve_board`` (all cards scored).

It prints positions by cards left with median and p95 time, median nodes and solver calls, and
the median of the per-position ratio engine / plain solve. ``--real`` times, in a second table,
the real claims under ../shared/data (when present) with their claimer, tricks claimed and
statement as the audit reads them: up to ``--count`` of them a row, drawn with the seed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from claimcheck.cards import Card, Seat, Strain  # noqa: E402
from claimcheck.check import check_claim  # noqa: E402
from claimcheck.engine.solver import DDSolver, plain_solve_seconds  # noqa: E402
from claimcheck.policy.sure import DEFAULT_MAX_NODES  # noqa: E402
from claimcheck.position import Position  # noqa: E402
from claimcheck.ruling import Ruling  # noqa: E402


def random_claim(rng: np.random.Generator, k: int) -> tuple[Position, Seat]:
    """A random position with *k* cards a hand (maybe mid-trick) and its declarer."""
    deck = rng.permutation(52)
    hands = [[Card.from_index(int(i)) for i in deck[s * k:(s + 1) * k]] for s in range(4)]
    declarer = Seat(int(rng.integers(0, 4)))
    pos = Position.build(hands, Strain(int(rng.integers(0, 5))), Seat(int(rng.integers(0, 4))),
                         declarer=declarer)
    for _ in range(int(rng.integers(0, 3)) if k > 1 else 0):
        legal = pos.legal_cards()
        pos = pos.play(legal[int(rng.integers(0, len(legal)))])
    return pos, declarer


REALISTIC = False
"""--realistic: endings reached by playing a random deal double dummy (tests/realistic.py)."""


def realistic_claim(rng: np.random.Generator, k: int) -> tuple[Position, Seat]:
    """An ending of *k* cards a hand reached by double-dummy play from a random deal."""
    from tests.realistic import realistic_position

    return realistic_position(rng, DDSolver(), k)


SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"


def real_claims(root: Path = SHARED) -> dict[int, list[tuple[Position, Seat, int, str]]]:
    """The real claims under *root* by cards a hand: (position, claimer, claimed, statement),
    read as the audit reads them (a record without a claimer is its declarer's)."""
    from claimcheck.audit.inputs import read_inputs

    out: dict[int, list[tuple[Position, Seat, int, str]]] = {}
    for item in read_inputs([root]).items:
        rec = item.record
        claimer = rec.claimer or rec.position.declarer
        if item.kind != "claim" or claimer is None or rec.claimed is None:
            continue
        out.setdefault(rec.position.tricks_left, []).append(
            (rec.position, claimer, rec.claimed, rec.statement or ""))
    return out


def plain_solve(pos: Position) -> float:
    """Seconds for one plain DDS solve of *pos* through endplay's public API."""
    start = pos.rewind_trick()
    return plain_solve_seconds(start.to_pbn(), int(pos.leader), int(pos.trump),
                               tuple(str(c) for c in pos.trick))


def pct(values: list[float], q: float) -> float:
    return float(np.percentile(values, q)) if values else float("nan")


Case = tuple[Position, Seat, int, str]
"""A claim to time: position, claimer, tricks claimed, statement."""


def drawn_cases(k: int, count: int, seed: int) -> list[Case]:
    """*count* random (or, with --realistic, played-down) positions of *k* cards a hand, in
    which declarer claims the double-dummy tricks with no statement."""
    from claimcheck.bits import mask_of

    rng = np.random.default_rng(seed + k)
    cases = []
    for _ in range(count):
        pos, declarer = (realistic_claim(rng, k) if REALISTIC else random_claim(rng, k))
        dd = DDSolver().tricks(
            tuple(mask_of(h) for h in pos.hands),  # type: ignore[arg-type]
            tuple(c.index for c in pos.trick), int(pos.leader), int(pos.trump))
        on_play = pos.to_play
        claimed = dd if (int(on_play) - int(declarer)) % 2 == 0 else pos.tricks_left - dd
        cases.append((pos, declarer, claimed, ""))
    return cases


def sampled_real(claims: list[Case], count: int, seed: int) -> list[Case]:
    """Up to *count* of *claims*, drawn with *seed* (all of them when there are fewer)."""
    if len(claims) <= count:
        return claims
    picks = np.random.default_rng(seed).choice(len(claims), size=count, replace=False)
    return [claims[int(i)] for i in sorted(picks)]


def bench(cards: list[int], count: int, seed: int, max_nodes: int, rounds: int,
          real: dict[int, list[Case]] | None = None) -> list[dict[str, float]]:
    """Time every position *rounds* times, round after round (so DDS never reuses its table
    for the same deal twice in a row), and keep each position's fastest engine run and fastest
    plain solve: the machine's noise then cancels out of the ratio. With *real*, the positions
    are those real claims instead of drawn ones."""
    from claimcheck.check import read_plan

    rows = []
    for k in cards:
        cases = (drawn_cases(k, count, seed) if real is None
                 else sampled_real(real.get(k, []), count, seed + k))
        if not cases:
            continue
        best = [float("inf")] * len(cases)
        plain = [float("inf")] * len(cases)
        rulings: dict[int, Ruling] = {}
        plans = [read_plan(statement, pos, declarer) for pos, declarer, _, statement in cases]
        for _ in range(rounds):
            for i, (pos, declarer, claimed, _statement) in enumerate(cases):
                plain[i] = min(plain[i], plain_solve(pos))
                start = time.perf_counter()
                ruling = check_claim(pos, declarer, claimed, plans[i], solver=DDSolver(),
                                     max_nodes=max_nodes)
                best[i] = min(best[i], time.perf_counter() - start)
                rulings[i] = ruling
        ratios = [b / p for b, p in zip(best, plain, strict=True)]
        nodes = [r.search.nodes for r in rulings.values()]
        calls = [r.search.solver_calls for r in rulings.values()]
        onodes = [r.search.oracle_nodes for r in rulings.values()]
        ocalls = [r.search.oracle_calls for r in rulings.values()]
        rows.append({
            "cards": k, "n": len(cases),
            "median_ms": statistics.median(best) * 1000, "p95_ms": pct(best, 95) * 1000,
            "max_ms": max(best) * 1000,
            "nodes": statistics.median(nodes), "calls": statistics.median(calls),
            "oracle_nodes": statistics.median(onodes), "oracle_calls": statistics.median(ocalls),
            "plain_ms": statistics.median(plain) * 1000,
            "ratio": statistics.median(ratios), "ratio_p95": pct(ratios, 95),
            "adjusted": sum(r.verdict == "adjusted" for r in rulings.values()),
            "undetermined": sum(r.verdict == "undetermined" for r in rulings.values()),
        })
    return rows


def print_table(rows: list[dict[str, float]]) -> None:
    head = (f"{'cards':>5} {'pos':>4} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} "
            f"{'nodes':>7} {'DDS calls':>9} {'oracle calls':>12} {'oracle nodes':>12} "
            f"{'plain DDS ms':>12} {'ratio med':>9} {'ratio p95':>9} {'adjusted':>8} "
            f"{'undecided':>9}")
    print(head)
    print("-" * len(head))
    for r in rows:
        print(f"{r['cards']:>5} {r['n']:>4} {r['median_ms']:>10.2f} {r['p95_ms']:>8.2f} "
              f"{r['max_ms']:>8.1f} {r['nodes']:>7.0f} {r['calls']:>9.0f} "
              f"{r['oracle_calls']:>12.0f} {r['oracle_nodes']:>12.0f} {r['plain_ms']:>12.3f} "
              f"{r['ratio']:>9.2f} {r['ratio_p95']:>9.1f} {r['adjusted']:>8} "
              f"{r['undetermined']:>9}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", default="1-8", help="cards a hand, e.g. 2-6 or 4,6,8")
    parser.add_argument("--count", type=int, default=60, help="positions per row")
    parser.add_argument("--realistic", action="store_true",
                        help="endings played down double dummy from random deals")
    parser.add_argument("--real", action="store_true",
                        help="also time the real claims under ../shared/data (a second table)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--max-nodes", type=int, default=DEFAULT_MAX_NODES,
                        help="node budget a ruling (default: the engine's, every door's)")
    parser.add_argument("--max-cases", type=int, help="smoke run: this many positions a row")
    parser.add_argument("--rounds", type=int, default=3,
                        help="time each position this many times, keep the fastest")
    args = parser.parse_args()
    global REALISTIC
    REALISTIC = args.realistic
    if "-" in args.cards:
        lo, hi = (int(x) for x in args.cards.split("-"))
        cards = list(range(lo, hi + 1))
    else:
        cards = [int(x) for x in args.cards.split(",")]
    count = args.max_cases or args.count
    # Import endplay and warm DDS up before timing anything.
    plain_solve(Position.from_pbn("N:A... K... Q... J...", trump="NT", leader="N"))
    rows = bench(cards, count, args.seed, args.max_nodes, args.rounds)
    print_table(rows)
    upto6 = [r for r in rows if r["cards"] <= 6]
    if upto6:
        worst = max(r["ratio"] for r in upto6)
        print(f"\nworst median ratio at <= 6 cards a hand: {worst:.2f}x one plain DDS solve")
    if args.real:
        if not SHARED.is_dir():
            print(f"\n--real: {SHARED} is absent, no real claims timed")
            return
        print(f"\nreal claims ({SHARED}), up to {count} a row:")
        print_table(bench(cards, count, args.seed, args.max_nodes, args.rounds,
                          real=real_claims()))


if __name__ == "__main__":
    main()
