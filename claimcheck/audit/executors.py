"""Where audit jobs run: in this process, in a local process pool, or on a Dask cluster.

Every executor yields :class:`~claimcheck.audit.job.Outcome` objects as jobs finish (not in
input order), so the caller can journal each one at once; the audit puts them back in input
order, which is why the same records give the same JSON whatever the executor and job count.

DDS is not thread-safe: local parallelism is processes only, never threads. The pool's worker
processes are started by a fork server that has already imported the ruling code (or spawned,
where there is no fork server), never forked from a parent that may be running threads (the
progress bar has one).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Protocol

from claimcheck.audit.job import Job, Outcome, base_entry, rule_job


class Executor(Protocol):
    """Runs jobs and yields their outcomes as they finish."""

    def run(self, jobs: Sequence[Job]) -> Iterator[Outcome]:
        """Rule on every job; yield each outcome when it is ready."""
        ...


class SerialExecutor:
    """Every job in this process, one after the other."""

    def run(self, jobs: Sequence[Job]) -> Iterator[Outcome]:
        """Rule on every job in order."""
        for job in jobs:
            yield rule_job(job)


def _context() -> multiprocessing.context.BaseContext:
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["claimcheck.audit.job", "claimcheck.check"])
        return ctx
    return multiprocessing.get_context("spawn")


class WorkersCannotStart(RuntimeError):
    """Raised when the pool's worker processes die before ruling any record."""


class ProcessExecutor:
    """A local pool of *workers* processes, each with its own solver.

    At most ``4 * workers`` jobs are in flight, so a large audit does not queue every record
    at once. If a worker process dies (a crash inside the solver), every job in flight is
    suspect: each is ruled again alone in a fresh one-process pool, so only the record that
    kills a worker by itself is reported as failed (with that reason), and the audit goes on.
    A pool whose workers die before any record was ruled raises :class:`WorkersCannotStart`.
    """

    def __init__(self, workers: int, task: Callable[[Job], Outcome] = rule_job) -> None:
        self.workers = max(1, workers)
        self.task = task
        """What a worker runs for a job (a module-level function: it is pickled by name)."""
        self._ruled = 0

    def run(self, jobs: Sequence[Job]) -> Iterator[Outcome]:
        """Rule on every job in the pool; yield outcomes as they finish."""
        todo = list(reversed(jobs))
        while todo:
            suspects = yield from self._pool(todo, self.workers)
            for job in suspects:
                alone = yield from self._pool([job], 1)
                if alone:
                    if not self._ruled:
                        raise WorkersCannotStart(
                            "the audit's worker processes die before ruling any record; "
                            "run with --jobs 1 to see why")
                    yield _died(job)

    def _pool(self, todo: list[Job], workers: int) -> Generator[Outcome, None, list[Job]]:
        """Run *todo* (popped from the end) in a new pool; return the jobs in flight if it
        broke (their order is the input order), else an empty list."""
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=_context())
        running: dict[Future[Outcome], Job] = {}
        window = 4 * workers
        try:
            while todo or running:
                while todo and len(running) < window:
                    job = todo.pop()
                    running[pool.submit(self.task, job)] = job
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for fut in sorted(done, key=lambda f: running[f].index):
                    outcome = fut.result()  # a dead worker raises here: see below
                    del running[fut]
                    self._ruled += 1
                    yield outcome
        except BrokenProcessPool:
            return sorted(running.values(), key=lambda j: j.index)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        return []


def _died(job: Job) -> Outcome:
    entry = base_entry(job.uid, job.kind, job.record)
    entry["error"] = ("the worker process died while ruling this record (a crash in the "
                      "solver?) - please report it with this record")
    return Outcome(job.index, job.uid, entry, 0.0)


def make_executor(name: str, jobs: int, scheduler: str | None = None) -> Executor:
    """The executor called *name* (``local`` or ``dask``) for *jobs* parallel workers.

    :raises ValueError: when *name* is unknown, or Dask is asked for and not installed.
    """
    if name == "dask":
        from claimcheck.audit.dask_executor import DaskExecutor

        return DaskExecutor(scheduler, workers=jobs)
    if name != "local":
        raise ValueError(f"unknown executor {name!r} (expected local or dask)")
    if jobs <= 1:
        return SerialExecutor()
    return ProcessExecutor(jobs)
