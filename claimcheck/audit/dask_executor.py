"""The Dask executor: audit jobs on a Dask distributed cluster (the only module importing Dask).

Install the extra (``pip install 'claimcheck[dask]'``) here and on the workers, then
``claimcheck audit PATH --executor dask --scheduler tcp://host:8786``. Without ``--scheduler``
a local cluster of ``--jobs`` worker processes is started for the audit and closed after it.

DDS is not thread-safe: start workers with ``--nthreads 1`` (``dask worker ADDRESS --nthreads
1``); a worker with more threads still rules one record at a time (a lock in the job), so
extra threads only sit idle. Jobs are submitted in a bounded window, so the scheduler never
holds more than ``8 * workers`` records at once, and outcomes come back as they finish.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from claimcheck.audit.job import Job, Outcome, rule_job


class DaskUnavailable(ValueError):
    """Raised when the Dask executor is asked for and Dask is not installed."""


def _distributed() -> Any:
    try:
        import distributed
    except ImportError as exc:
        raise DaskUnavailable(
            "the Dask executor needs the dask extra: pip install 'claimcheck[dask]'"
        ) from exc
    return distributed


class DaskExecutor:
    """Runs jobs on the Dask scheduler at *address* (a local cluster when None)."""

    def __init__(self, address: str | None, workers: int = 1) -> None:
        self.address = address
        self.workers = max(1, workers)
        _distributed()

    def run(self, jobs: Sequence[Job]) -> Iterator[Outcome]:
        """Rule on every job on the cluster; yield outcomes as they finish."""
        dist = _distributed()
        cluster = None
        if self.address is None:
            cluster = dist.LocalCluster(n_workers=self.workers, threads_per_worker=1,
                                        processes=True, dashboard_address=None)
            client = dist.Client(cluster)
        else:
            client = dist.Client(self.address)
        try:
            nworkers = max(1, len(client.scheduler_info().get("workers", {})))
            window = 8 * nworkers
            todo = list(reversed(jobs))
            first = [todo.pop() for _ in range(min(window, len(todo)))]
            futures = [client.submit(rule_job, job, pure=False) for job in first]
            pending = dist.as_completed(futures)
            for fut in pending:
                outcome: Outcome = fut.result()
                fut.release()
                if todo:
                    pending.add(client.submit(rule_job, todo.pop(), pure=False))
                yield outcome
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
