"""``claimcheck audit``: formats, the summary apart from the data, exit codes, budgets validated,
the same JSON for any job count, and a resume after a kill that loses and redoes nothing."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from claimcheck.cli import main
from claimcheck.report.audit_csv import COLUMNS
from tests.audit_helpers import DEALS, mixed_tree, write_generated

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return mixed_tree(tmp_path_factory.mktemp("mixed"))


def _audit(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(main, ["audit", *args])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def test_table_has_path_ids_aligned_columns_and_summary_on_stderr(runner: CliRunner,
                                                                  tree: Path) -> None:
    code, out, err = _audit(runner, str(tree), "--max-file-mb", "0.05", "--no-progress")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("record") and "outcome" in lines[0]
    assert any(line.startswith(f"{tree}/a/x.pbn:2 ") for line in lines)
    assert any(line.startswith(f"{tree}/b/x.pbn:2 ") for line in lines)
    col = lines[0].index("outcome")
    rows = [line for line in lines[1:] if "MISMATCH" not in line and "error:" not in line]
    assert all(len(r) > col and r[col - 2:col] == "  " for r in rows), "columns shift"
    assert "unreadable" not in out and "claims ruled" not in out
    assert "claims ruled" in err and "unreadable: 4" in err
    assert "NUL byte" in err and "broken symbolic link" in err


def test_fail_on_unreadable_exits_1(runner: CliRunner, tree: Path) -> None:
    code, _, _ = _audit(runner, str(tree), "--max-file-mb", "0.05", "--quiet",
                        "--fail-on-unreadable")
    assert code == 1
    code, _, _ = _audit(runner, str(DEALS / "examples"), "--quiet", "--fail-on-unreadable")
    assert code == 0


def test_csv_loads_with_the_documented_columns(runner: CliRunner, tree: Path) -> None:
    code, out, err = _audit(runner, str(tree), "--max-file-mb", "0.05", "--format", "csv",
                            "--no-progress")
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows and tuple(rows[0].keys()) == COLUMNS
    assert len(rows) == 12 and all(r["id"].startswith(str(tree)) for r in rows)
    by_id = {r["id"]: r for r in rows}
    r = by_id[f"{tree}/a/x.pbn:2"]
    assert (r["contract"], r["level"], r["strain"], r["doubled"]) == ("4H", "4", "H", "0")
    assert (r["claimed"], r["dd"], r["n"], r["outcome"]) == ("3", "3", "2", "fails by 1")
    assert "70C" in r["laws"].split(";") and float(r["seconds"]) >= 0
    assert "claims ruled" in err


def test_json_document_and_output_file(runner: CliRunner, tree: Path, tmp_path: Path) -> None:
    out_file = tmp_path / "report" / "audit.json"
    code, out, err = _audit(runner, str(tree), "--max-file-mb", "0.05", "--format", "json",
                            "--output", str(out_file), "--no-progress")
    assert code == 0, err
    assert out == "" and "report written to" in err
    doc = json.loads(out_file.read_text(encoding="utf-8"))
    assert doc["schema"] == "claimcheck.audit/2"
    assert len(doc["entries"]) == 12 and len(doc["unreadable"]) == 4
    assert any("record 2" in u["where"] for u in doc["unreadable"])
    assert set(doc["timings"]["records"]) == {e["id"] for e in doc["entries"]}
    journal = out_file.with_name("audit.json.journal.jsonl")
    assert len(journal.read_text(encoding="utf-8").splitlines()) == 13


@pytest.mark.parametrize("args", [
    ["--max-nodes", "0"], ["--max-nodes", "-5"], ["--max-seconds", "0"],
    ["--max-seconds", "-1"], ["--jobs", "0"], ["--max-file-mb", "0"], ["--resume"],
    ["--scheduler", "tcp://127.0.0.1:1"],
])
def test_bad_budgets_and_options_are_usage_errors(runner: CliRunner, args: list[str]) -> None:
    result = runner.invoke(main, ["audit", str(DEALS / "examples"), *args])
    assert result.exit_code == 2, result.output


def test_help_states_the_budget(runner: CliRunner) -> None:
    result = runner.invoke(main, ["audit", "--help"])
    assert "--max-nodes" in result.output and "400000" in result.output


def test_quiet_is_silent_and_progress_draws_a_bar(runner: CliRunner) -> None:
    code, _, err = _audit(runner, str(DEALS / "examples"), "--quiet")
    assert code == 0 and err == ""
    code, _, err = _audit(runner, str(DEALS / "examples"), "--progress")
    assert code == 0 and "rec/s" in err and "12/12" in err


def test_html_is_one_self_contained_page(runner: CliRunner, tree: Path, tmp_path: Path) -> None:
    page = tmp_path / "audit.html"
    code, _, err = _audit(runner, str(tree), "--max-file-mb", "0.05", "--format", "html",
                          "-o", str(page), "--unfinished", "--no-progress")
    assert code == 0, err
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>")
    for needle in ("<script src", "<link", "http://", "https://"):
        assert needle not in html.replace("http://www.w3.org/2000/svg", ""), needle
    assert "<svg" in html and "id=\"records\"" in html and "♠" in html
    assert "Worst normal line" in html and "fails by 1" in html
    assert "NUL byte" in html


def test_same_json_for_one_and_two_jobs(runner: CliRunner, tmp_path: Path) -> None:
    write_generated(tmp_path / "gen" / "claims.json", 6, 6, seed=3)
    paths = [str(DEALS / "examples"), str(tmp_path / "gen")]
    outs = []
    for jobs in ("1", "2"):
        code, out, err = _audit(runner, *paths, "--format", "json", "--jobs", jobs,
                                "--no-timings", "--quiet", "--max-nodes", "20000")
        assert code == 0, err
        outs.append(out)
    assert outs[0] == outs[1]
    assert "timings" not in json.loads(outs[0])


def _journal_ids(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()[1:] if path.exists() else []
    out = []
    for line in lines:
        try:
            out.append(json.loads(line)["id"])
        except json.JSONDecodeError:
            pass  # the line being written when the process was killed
    return out


def test_resume_after_a_kill_loses_and_redoes_nothing(tmp_path: Path) -> None:
    records = write_generated(tmp_path / "in" / "slow.json", 12, 11, seed=5)
    out = tmp_path / "audit.json"
    journal = tmp_path / "audit.json.journal.jsonl"
    base = [sys.executable, "-m", "claimcheck", "audit", str(records.parent), "--format", "json",
            "--max-nodes", "20000", "--no-timings", "--quiet"]
    cmd = [*base, "--output", str(out)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while len(_journal_ids(journal)) < 3 and proc.poll() is None:
        assert time.monotonic() < deadline, "no progress in the journal"
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    done_before = _journal_ids(journal)
    assert 3 <= len(done_before) < 12, "the kill did not land in the middle"
    assert not out.exists(), "a final output was written before the end"
    resumed = subprocess.run([*cmd, "--resume"], env=env, capture_output=True, text=True,
                             timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    ids = _journal_ids(journal)
    assert ids[:len(done_before)] == done_before, "finished records were redone"
    assert len(ids) == len(set(ids)) == 12, "a record was lost or ruled twice"
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert [e["id"] for e in doc["entries"]] == sorted(ids, key=lambda i: int(i.rsplit(":g", 1)[1]))
    fresh = subprocess.run(base, env=env, capture_output=True, text=True, timeout=300)
    assert fresh.returncode == 0, fresh.stderr
    assert fresh.stdout == out.read_text(encoding="utf-8"), "resumed audit differs"


@pytest.mark.parametrize("args", [["--max-nodes", "0"], ["--max-seconds", "0"],
                                  ["--max-seconds", "-2"]])
def test_check_budgets_are_validated_too(runner: CliRunner, args: list[str]) -> None:
    result = runner.invoke(main, ["check", str(DEALS / "examples" / "endings.pbn"), "-b", "1",
                                  *args])
    assert result.exit_code == 2, result.output


def test_check_headline_of_an_undetermined_ruling_gives_bounds(runner: CliRunner,
                                                               tmp_path: Path) -> None:
    path = write_generated(tmp_path / "one.json", 1, 11, seed=5)
    result = runner.invoke(main, ["check", str(path), "--max-nodes", "50"])
    assert result.exit_code == 0, result.output
    headline = [line for line in result.output.splitlines() if line.startswith("RULING")][0]
    assert "cannot decide" in headline and "N between" in headline
    assert "opponents" not in headline, "an undetermined ruling shows no award"


def test_only_and_sort_choose_the_records_not_the_summary(runner: CliRunner) -> None:
    code, out, err = _audit(runner, str(DEALS / "rulings"), "--format", "json", "--quiet",
                            "--only", "concession-cancelled", "--sort", "stake")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["entries"] and all(e["verdict"] == "concession-cancelled"
                                  for e in doc["entries"])
    assert doc["summary"]["claims"]["fails"] > 0, "the summary counts every record"
    code, out, _ = _audit(runner, str(DEALS / "rulings"), "--format", "csv", "--quiet",
                          "--only", "above-dd", "--sort", "above-dd")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows and all(int(r["above_dd"]) > 0 for r in rows)


def test_cli_choices_match_the_library() -> None:
    from claimcheck.audit.summary import FILTERS, SORTS

    params = {p.name: p for p in main.commands["audit"].params}  # type: ignore[attr-defined]
    assert tuple(params["only"].type.choices) == FILTERS
    assert tuple(params["sort_by"].type.choices) == SORTS
