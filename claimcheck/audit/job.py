"""One unit of audit work: rule on one record, in whatever process or machine runs it.

:func:`rule_job` is what every executor runs (in this process, a local process pool, or Dask
workers). It takes a picklable :class:`Job` and returns an :class:`Outcome` whose entry is a
JSON-ready dict with no time in it, so the same record gives the same bytes wherever it was
ruled. The time spent rides beside the entry (``Outcome.seconds``).

Each job gets a fresh solver: a solver's cache shared between records would make the DDS call
counts depend on which records a process ruled before. DDS is not thread-safe, so a process
rules one record at a time (a lock guards it even where a Dask worker runs several threads).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, replace
from typing import Any

from claimcheck.audit.facts import record_facts, ruling_facts, won_by_claimer
from claimcheck.audit.inputs import Item, Kind
from claimcheck.errors import ClaimcheckError
from claimcheck.formats.record import ClaimRecord
from claimcheck.policy.sure import DEFAULT_MAX_NODES

_DDS_LOCK = threading.Lock()


@dataclass(frozen=True, slots=True)
class Settings:
    """What decides a ruling besides the record: the same settings give the same entries."""

    profile: str | None = None
    max_nodes: int = DEFAULT_MAX_NODES
    max_seconds: float | None = None
    unfinished: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON (a journal's header)."""
        return {"profile": self.profile, "max_nodes": self.max_nodes,
                "max_seconds": self.max_seconds, "unfinished": self.unfinished}


@dataclass(frozen=True, slots=True)
class Job:
    """One record to rule, with its audit id and the settings."""

    index: int
    uid: str
    kind: Kind
    record: ClaimRecord
    settings: Settings

    @classmethod
    def of(cls, item: Item, settings: Settings) -> Job:
        """The job for *item*."""
        return cls(item.index, item.uid, item.kind, item.record, settings)


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished job: the entry (JSON-ready, time-free) and the seconds it took."""

    index: int
    uid: str
    entry: dict[str, Any]
    seconds: float


def _unfinished_claim(record: ClaimRecord) -> ClaimRecord:
    """The record as if declarer had claimed the double-dummy tricks with no statement."""
    from claimcheck.bits import mask_of
    from claimcheck.engine.restricted import RestrictedSolver
    from claimcheck.engine.solver import DDSolver, DoubleDummy
    from claimcheck.tricks import Pair

    pos = record.position
    declarer = pos.declarer
    if declarer is None:
        raise ClaimcheckError("an unfinished board without a declarer", record.source)
    hands = (mask_of(pos.hands[0]), mask_of(pos.hands[1]), mask_of(pos.hands[2]),
             mask_of(pos.hands[3]))
    trick = tuple(c.index for c in pos.trick)
    solver: DoubleDummy = DDSolver()
    if pos.is_irregular:
        # Penalty cards or a lead restriction in force (Laws 50-51): the tricks the ruling's
        # search counts as double dummy, restrictions honoured.
        solver = RestrictedSolver(solver, int(pos.trump), int(declarer), pos.restrictions,
                                  sum(h.bit_count() for h in hands), len(trick))
    on_play = int(solver.tricks(hands, trick, int(pos.leader), int(pos.trump)))
    mine = on_play if Pair.of(pos.to_play) is Pair.of(declarer) else pos.tricks_left - on_play
    return replace(record, claimer=declarer, claimed=mine, statement=None)


def base_entry(uid: str, kind: Kind, record: ClaimRecord) -> dict[str, Any]:
    """The entry's fields known before the ruling."""
    claimer = record.claimer or record.position.declarer
    facts = record_facts(record)
    return {
        "id": uid,
        "file": record.source.source,
        "record": record.id,
        "where": str(record.source),
        "kind": kind,
        **facts,
        "claimer": None if claimer is None else claimer.letter,
        "won_by": won_by_claimer(facts, None if claimer is None else claimer.letter),
        "claimed": record.claimed,
        "error": None,
        "mismatches": [],
        "ruling": None,
    }


def rule_job(job: Job) -> Outcome:
    """Rule on the job's record; any failure becomes the entry's ``error`` (the batch goes on)."""
    from claimcheck.audit.expect import expectation_mismatches
    from claimcheck.check import check_record
    from claimcheck.report.text import ruling_to_dict

    start = time.perf_counter()
    s = job.settings
    entry = base_entry(job.uid, job.kind, job.record)
    with _DDS_LOCK:
        try:
            record = job.record
            if job.kind == "unfinished":
                record = _unfinished_claim(record)
                entry["claimer"] = record.claimer.letter if record.claimer else None
                entry["claimed"] = record.claimed
                entry["won_by"] = won_by_claimer(entry, entry["claimer"])
            ruling = check_record(record, profile=s.profile, max_nodes=s.max_nodes,
                                  max_seconds=s.max_seconds)
        except ClaimcheckError as exc:
            entry["error"] = exc.message
            ruling = None
        except Exception as exc:  # noqa: BLE001 - a batch reports an internal failure, goes on
            entry["error"] = (f"internal error ({type(exc).__name__}: {exc}) - please report "
                              "it with this record")
            ruling = None
    if ruling is not None:
        data = ruling_to_dict(ruling)
        entry.update(ruling_facts(ruling))
        entry["ruling"] = data
        if job.kind == "claim":
            entry["mismatches"] = list(expectation_mismatches(job.record, data))
    return Outcome(job.index, job.uid, entry, time.perf_counter() - start)
