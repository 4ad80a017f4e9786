"""Batch audits: rule on every claim record of many files, compare with expectations, report.

A bad record never stops a batch: it is reported with its location and the batch goes on. DDS is
not thread-safe, so parallel work uses processes (``jobs > 1``), each with its own solver.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from claimcheck.check import check_record
from claimcheck.errors import ClaimcheckError
from claimcheck.formats import load_many
from claimcheck.formats.record import ClaimRecord
from claimcheck.report.text import ruling_to_dict


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """One record's outcome: its ruling (as a dict), or the error that stopped it."""

    id: str
    where: str
    ruling: dict[str, Any] | None = None
    error: str | None = None
    mismatches: tuple[str, ...] = ()
    seconds: float = 0.0


@dataclass
class AuditReport:
    """Every entry, the read errors, and the counts."""

    entries: list[AuditEntry] = field(default_factory=list)
    read_errors: list[str] = field(default_factory=list)
    unclaimed: list[str] = field(default_factory=list)
    """Records without a claim (nothing to rule on), each with a one-line summary."""

    @property
    def skipped(self) -> int:
        """How many records had no claim."""
        return len(self.unclaimed)

    @property
    def verdicts(self) -> Counter[str]:
        """How many rulings of each verdict."""
        return Counter(e.ruling["verdict"] for e in self.entries if e.ruling)

    @property
    def mismatches(self) -> list[AuditEntry]:
        """Entries whose ruling differs from the record's expectation tags."""
        return [e for e in self.entries if e.mismatches]

    @property
    def failed(self) -> list[AuditEntry]:
        """Entries that could not be ruled on."""
        return [e for e in self.entries if e.error]


def expectation_mismatches(record: ClaimRecord, ruling: dict[str, Any]) -> tuple[str, ...]:
    """What differs between *ruling* and the record's ``Expected*`` tags."""
    out: list[str] = []
    tricks = record.tag("ExpectedTricks")
    if tricks is not None and tricks.strip() != str(ruling["awarded"]["claimer"]):
        out.append(f"tricks: expected {tricks}, got {ruling['awarded']['claimer']}")
    n = record.tag("ExpectedN")
    if n is not None and n.strip() != str(ruling["n"]):
        out.append(f"N: expected {n}, got {ruling['n']}")
    dd = record.tag("ExpectedDD")
    if dd is not None and dd.strip() != str(ruling["dd"]):
        out.append(f"DD: expected {dd}, got {ruling['dd']}")
    verdict = record.tag("ExpectedVerdict")
    if verdict is not None:
        want = verdict.strip().lower()
        # A concession that stands is an upheld one in the ruling's vocabulary.
        want = "upheld" if want == "concession-stands" else want
        if want != ruling["verdict"]:
            out.append(f"verdict: expected {want}, got {ruling['verdict']}")
    rules = record.tag("ExpectedRules")
    if rules is not None:
        missing = [r for r in _split(rules) if r not in ruling["rules"]]
        if missing:
            out.append(f"rules: expected {', '.join(missing)} in {ruling['rules']}")
    laws = record.tag("ExpectedLaws")
    if laws is not None:
        missing = [law for law in _split(laws) if law not in ruling["laws"]]
        if missing:
            out.append(f"laws: expected {', '.join(missing)} in {ruling['laws']}")
    return tuple(out)


def _split(text: str) -> list[str]:
    return [t.strip() for t in text.replace(",", ";").split(";") if t.strip()]


def _rule_one(args: tuple[ClaimRecord, str | None, int, float | None]) -> AuditEntry:
    record, profile, max_nodes, max_seconds = args
    start = time.perf_counter()
    where = str(record.source)
    try:
        ruling = check_record(record, profile=profile, max_nodes=max_nodes,
                              max_seconds=max_seconds)
    except ClaimcheckError as exc:
        return AuditEntry(record.id, where, error=exc.message,
                          seconds=time.perf_counter() - start)
    except Exception as exc:  # noqa: BLE001 - a batch reports an internal failure and goes on
        return AuditEntry(record.id, where, error=f"internal error ({type(exc).__name__}: {exc})"
                          " - please report it with this record",
                          seconds=time.perf_counter() - start)
    data = ruling_to_dict(ruling)
    return AuditEntry(record.id, where, data, None, expectation_mismatches(record, data),
                      time.perf_counter() - start)


def audit(
    paths: Iterable[str | Path],
    *,
    profile: str | None = None,
    jobs: int = 1,
    max_nodes: int = 200_000,
    max_seconds: float | None = 10.0,
    progress: Callable[[int, int, AuditEntry], None] | None = None,
) -> AuditReport:
    """Rule on every claim in *paths* (files or folders), in *jobs* processes."""
    read = load_many(paths)
    report = AuditReport(read_errors=[str(e) for e in read.errors])
    todo = []
    for record in read.records:
        if (record.claimer is None and record.position.declarer is None) or record.claimed is None:
            report.unclaimed.append(f"{record.id}: {_summary(record)}")
            continue
        todo.append((record, profile, max_nodes, max_seconds))
    for i, entry in enumerate(_run(todo, jobs), start=1):
        report.entries.append(entry)
        if progress is not None:
            progress(i, len(todo), entry)
    return report


def _summary(record: ClaimRecord) -> str:
    pos = record.position
    contract = str(record.contract) if record.contract else "no contract"
    played = 13 - pos.tricks_left
    return (f"{contract}; play stops after {played} trick(s), {len(pos.trick)} card(s) of the "
            f"next; NS {pos.won.ns}, EW {pos.won.ew}; no claim recorded")


def _run(todo: list[tuple[ClaimRecord, str | None, int, float | None]], jobs: int
         ) -> Iterator[AuditEntry]:
    if jobs <= 1 or len(todo) < 2:
        for item in todo:
            yield _rule_one(item)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_rule_one, todo, chunksize=4)
