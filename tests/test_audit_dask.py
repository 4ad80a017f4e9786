"""The Dask executor against a LocalCluster the test starts: the same JSON as the local runs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from claimcheck.cli import main
from tests.audit_helpers import DEALS, write_generated

distributed = pytest.importorskip("distributed")

pytestmark = pytest.mark.dask


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as c:
        yield c


def test_dask_gives_the_same_json_as_one_and_two_jobs(cluster: Any, tmp_path: Path) -> None:
    write_generated(tmp_path / "gen" / "claims.json", 6, 6, seed=3)
    paths = [str(DEALS / "examples"), str(tmp_path / "gen")]
    common = ["audit", *paths, "--format", "json", "--no-timings", "--quiet",
              "--max-nodes", "20000"]
    runner = CliRunner()
    outs = {}
    for name, extra in (("jobs 1", ["--jobs", "1"]), ("jobs 2", ["--jobs", "2"]),
                        ("dask", ["--executor", "dask", "--scheduler",
                                  cluster.scheduler_address])):
        result = runner.invoke(main, [*common, *extra])
        assert result.exit_code == 0, result.output
        outs[name] = result.stdout
    assert outs["dask"] == outs["jobs 1"] == outs["jobs 2"]


def test_dask_resume_skips_what_the_journal_holds(cluster: Any, tmp_path: Path) -> None:
    out = tmp_path / "a.json"
    args = ["audit", str(DEALS / "examples"), "--format", "json", "-o", str(out), "--quiet",
            "--executor", "dask", "--scheduler", cluster.scheduler_address]
    runner = CliRunner()
    assert runner.invoke(main, args).exit_code == 0
    again = runner.invoke(main, [*args, "--resume", "--no-timings"])
    assert again.exit_code == 0
    journal = out.with_name("a.json.journal.jsonl")
    assert len(journal.read_text(encoding="utf-8").splitlines()) == 1 + 12
