"""Batch audits: rule on every claim record of many files and folders, and report.

:func:`audit` finds the records (:mod:`.inputs`), rules on each in an executor
(:mod:`.executors`: this process, a local process pool, or Dask), journals each finished record
(:mod:`.journal`) and returns an :class:`AuditReport`, whose :meth:`~AuditReport.to_document` is
the audit's JSON (schema ``claimcheck.audit/2``). The table, CSV and HTML renderings of that
document are in :mod:`claimcheck.report`.

Every record is accounted for: ruled (an entry), unreadable with a reason, listed as having no
claim, or in a file skipped as not a record format. A bad record never stops a batch.

The document is byte-identical for the same records and settings whatever the executor and
job count, except its ``timings`` section (per-record seconds, the slowest records, the wall
time), which is kept apart for that reason and can be left out.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from claimcheck.audit.expect import expectation_mismatches
from claimcheck.audit.inputs import MAX_FILE_BYTES, Inputs, Unreadable, read_inputs
from claimcheck.audit.job import Job, Outcome, Settings
from claimcheck.audit.journal import Journal
from claimcheck.audit.summary import summarize, timings
from claimcheck.policy.sure import DEFAULT_MAX_NODES

SCHEMA = "claimcheck.audit/2"

__all__ = ["SCHEMA", "AuditEntry", "AuditReport", "Settings", "audit",
           "expectation_mismatches"]


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """One record's outcome: the JSON entry (ruling and derived facts, or the error)."""

    data: dict[str, Any]
    seconds: float = 0.0

    @property
    def id(self) -> str:
        """The record's unique id in the audit: path and record."""
        return str(self.data["id"])

    @property
    def where(self) -> str:
        """File, record and line."""
        return str(self.data["where"])

    @property
    def ruling(self) -> dict[str, Any] | None:
        """The ruling's JSON form (schema ``claimcheck.ruling/1``), None when it failed."""
        ruling: dict[str, Any] | None = self.data.get("ruling")
        return ruling

    @property
    def error(self) -> str | None:
        """Why the record could not be ruled on, or None."""
        error: str | None = self.data.get("error")
        return error

    @property
    def mismatches(self) -> tuple[str, ...]:
        """How the ruling differs from the record's ``Expected*`` tags."""
        return tuple(self.data.get("mismatches") or ())


@dataclass
class AuditReport:
    """Every entry in input order, and every record or file that gave no entry."""

    entries: list[AuditEntry] = field(default_factory=list)
    unreadable: list[Unreadable] = field(default_factory=list)
    unclaimed: list[tuple[str, str]] = field(default_factory=list)
    """(id, one-line summary) of the records without a claim (nothing to rule on)."""
    skipped_files: list[str] = field(default_factory=list)
    settings: Settings = field(default_factory=Settings)
    resumed: int = 0
    """Entries taken from the journal of an earlier run."""
    wall_seconds: float = 0.0

    @property
    def read_errors(self) -> list[str]:
        """The unreadable files and records, each as ``where: reason``."""
        return [str(u) for u in self.unreadable]

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

    def summary(self) -> dict[str, Any]:
        """The deterministic summary (see :func:`claimcheck.audit.summary.summarize`)."""
        return summarize([e.data for e in self.entries],
                         unreadable=[_unreadable(u) for u in self.unreadable],
                         unclaimed=len(self.unclaimed), skipped_files=len(self.skipped_files))

    def timings(self) -> dict[str, Any]:
        """Per-record seconds and totals (differ from run to run)."""
        return timings({e.id: e.seconds for e in self.entries}, self.wall_seconds,
                       ruled_now=len(self.entries) - self.resumed)

    def to_document(self, *, with_timings: bool = True) -> dict[str, Any]:
        """The audit as JSON (schema ``claimcheck.audit/2``).

        Everything but ``timings`` is the same, byte for byte, for the same records and
        settings whatever the executor or job count.
        """
        doc: dict[str, Any] = {
            "schema": SCHEMA,
            "settings": self.settings.to_dict(),
            "summary": self.summary(),
            "entries": [e.data for e in self.entries],
            "unreadable": [_unreadable(u) for u in self.unreadable],
            "unclaimed": [{"id": uid, "summary": text} for uid, text in self.unclaimed],
            "skipped_files": list(self.skipped_files),
        }
        if with_timings:
            doc["timings"] = self.timings()
        return doc


def _unreadable(u: Unreadable) -> dict[str, str]:
    return {"where": u.where, "reason": u.reason}


Progress = Callable[[int, int, AuditEntry | None], None]
"""Called with (done, total, entry): once before any work (entry None, done = resumed), then
after each record."""


def audit(
    paths: Iterable[str | Path],
    *,
    profile: str | None = None,
    jobs: int = 1,
    max_nodes: int = DEFAULT_MAX_NODES,
    max_seconds: float | None = None,
    executor: str = "local",
    scheduler: str | None = None,
    unfinished: bool = False,
    journal: str | Path | None = None,
    resume: bool = False,
    max_bytes: int = MAX_FILE_BYTES,
    exclude: Iterable[str | Path] = (),
    progress: Progress | None = None,
) -> AuditReport:
    """Rule on every claim in *paths* (files, and folders walked recursively).

    *executor* is ``local`` (this process for ``jobs <= 1``, else a pool of *jobs* processes)
    or ``dask`` (the scheduler at *scheduler*, or a local cluster of *jobs* workers). Each
    finished record is appended to *journal* at once; with *resume*, records already in it are
    not ruled again. With *unfinished*, a board whose play stopped with no claim is ruled as if
    declarer had claimed the double-dummy tricks with no statement (kind ``unfinished``).
    No time cap (*max_seconds* None) keeps rulings deterministic.

    :raises ValueError: (``JournalError``) when *resume* meets a journal made with other
        settings; (``DaskUnavailable``) when Dask is asked for and not installed.
    """
    from claimcheck.audit.executors import make_executor

    start = time.perf_counter()
    settings = Settings(profile, max_nodes, max_seconds, unfinished)
    found: Inputs = read_inputs(paths, unfinished=unfinished, max_bytes=max_bytes,
                                exclude=[*exclude, *([journal] if journal else [])])
    report = AuditReport(unreadable=found.unreadable, unclaimed=found.unclaimed,
                         skipped_files=found.skipped, settings=settings)
    book = Journal(journal, settings.to_dict(), resume=resume) if journal else None
    results: dict[int, AuditEntry] = {}
    todo: list[Job] = []
    fingerprints: dict[int, str] = {}
    for item in found.items:
        fingerprints[item.index] = item.fingerprint
        done = book.done.get(item.uid) if book else None
        if done is not None and done.fingerprint == item.fingerprint:
            results[item.index] = AuditEntry(done.entry, done.seconds)
        else:
            todo.append(Job.of(item, settings))
    report.resumed = len(results)
    total = len(found.items)
    if progress is not None:
        progress(len(results), total, None)
    try:
        if todo:
            runner = make_executor(executor, jobs, scheduler)
            for outcome in runner.run(todo):
                entry = _entry(outcome)
                results[outcome.index] = entry
                if book is not None:
                    book.append(outcome.uid, fingerprints[outcome.index], outcome.seconds,
                                outcome.entry)
                if progress is not None:
                    progress(len(results), total, entry)
    finally:
        if book is not None:
            book.close()
    report.entries = [results[i] for i in sorted(results)]
    report.wall_seconds = time.perf_counter() - start
    return report


def _entry(outcome: Outcome) -> AuditEntry:
    return AuditEntry(outcome.entry, outcome.seconds)
