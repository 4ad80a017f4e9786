"""The audit library: every record accounted for, ids unique, facts derived, journal, summary."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from claimcheck.audit import AuditReport, audit
from claimcheck.audit.executors import ProcessExecutor, WorkersCannotStart
from claimcheck.audit.facts import first_lost_trick, outcome
from claimcheck.audit.inputs import read_file, read_inputs
from claimcheck.audit.job import Job, Settings
from claimcheck.audit.journal import Journal, JournalError, write_atomic
from claimcheck.check import check_record
from claimcheck.formats import load
from tests.audit_helpers import (
    DEALS,
    ENDINGS,
    always_die,
    generated_claims,
    mixed_tree,
    rule_or_die,
)

LIMIT = 50_000  # bytes: bad/big.txt (60 KB) is over it


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return mixed_tree(tmp_path_factory.mktemp("mixed"))


@pytest.fixture(scope="module")
def report(tree: Path) -> AuditReport:
    return audit([tree], max_nodes=20_000, max_bytes=LIMIT)


def test_every_file_and_record_is_accounted_for(tree: Path, report: AuditReport) -> None:
    ids = [e.id for e in report.entries]
    assert len(ids) == len(set(ids)), "ids collide"
    root = str(tree)
    assert f"{root}/a/x.pbn:1" in ids and f"{root}/b/x.pbn:1" in ids
    assert f"{root}/b/deep/x.txt:1" in ids
    assert not any(".hidden" in i for i in ids)
    # endings.pbn has 5 records; b/x.pbn 2; the diagram 1; broken.pbn 4 of its 5.
    assert len(ids) == 5 + 2 + 1 + 4
    reasons = {Path(u.where.split(",")[0]).name: u.reason for u in report.unreadable}
    assert set(reasons) == {"broken.pbn", "binary.lin", "big.txt", "gone.pbn"}
    assert "NUL byte" in reasons["binary.lin"]
    assert "MB" in reasons["big.txt"] and "not read" in reasons["big.txt"]
    assert "broken symbolic link" in reasons["gone.pbn"]
    broken = [u for u in report.unreadable if u.where.startswith(f"{root}/bad/broken.pbn")]
    assert "record 2" in broken[0].where and "line" in broken[0].where
    assert report.skipped_files == [f"{root}/notes.md"]
    assert not report.failed


def test_inputs_are_never_modified(tree: Path, report: AuditReport) -> None:
    before = {p: p.read_bytes() for p in tree.rglob("*") if p.is_file()}
    audit([tree], max_nodes=20_000, max_bytes=LIMIT)
    after = {p: p.read_bytes() for p in tree.rglob("*") if p.is_file()}
    assert before == after


def test_a_huge_file_is_rejected_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "huge.txt"
    with big.open("wb") as fh:  # sparse: 200 MB that costs nothing to make
        fh.seek(200 * 1024 * 1024)
        fh.write(b"\n")
    with pytest.raises(ValueError, match="over the"):
        read_file(big)


def test_entry_facts_from_the_record_and_the_ruling(report: AuditReport, tree: Path) -> None:
    e = {x.id: x.data for x in report.entries}[f"{tree}/a/x.pbn:2"]
    assert e["event"] == "claimcheck examples" and e["board"] == 2
    assert e["contract"] == {"level": 4, "strain": "H", "doubled": 0, "declarer": "S",
                             "text": "4H"}
    assert e["won_by"] == {"claimer_side": 9, "opponents": 1}
    assert e["claimed"] == 3 and e["dd"] == 3 and e["n"] == 2
    assert e["outcome"] == "fails by 1" and e["change"] == -1
    assert "70C" in e["laws"] and e["kind"] == "claim"
    assert e["first_lost_trick"] in (11, 12, 13)
    assert "seconds" not in json.dumps(e)


def test_outcome_words_for_each_verdict() -> None:
    records = load(ENDINGS).records
    words = {r.id: outcome(check_record(r))[0] for r in records}
    assert words["endings:1"] == "stands"
    assert words["endings:2"] == "fails by 1"
    conc = load(DEALS / "examples" / "concession.txt").records[0]
    assert outcome(check_record(conc)) == ("concession cancelled by 1", 1)


def test_undetermined_reports_bounds_never_one_number() -> None:
    record = load(DEALS / "seeds" / "law55.pbn").records[0]
    from dataclasses import replace

    claim = replace(record, claimer=record.position.declarer,
                    claimed=record.position.tricks_left)
    ruling = check_record(claim, max_nodes=50)
    assert ruling.verdict == "undetermined" and ruling.bounds is not None
    words, change = outcome(ruling)
    assert words.startswith(
        f"undetermined: N between {ruling.bounds[0]} and {ruling.bounds[1]}")
    assert change is None


def test_first_lost_trick_is_the_trick_of_the_deal() -> None:
    record = [r for r in load(ENDINGS).records if r.id == "endings:3"][0]
    ruling = check_record(record)
    lost = first_lost_trick(ruling)
    assert lost is not None and 13 - ruling.tricks_left < lost <= 13


def test_unfinished_boards_are_ruled_apart() -> None:
    report = audit([DEALS / "seeds"], unfinished=True, max_nodes=20_000)
    kinds = {e.data["kind"] for e in report.entries}
    assert "unfinished" in kinds
    unf = [e.data for e in report.entries if e.data["kind"] == "unfinished"]
    for e in unf:
        assert e["statement"] is None and e["claimed"] == e["dd"]
    summary = report.summary()
    assert sum(summary["unfinished"].values()) == len(unf)
    plain = audit([DEALS / "seeds"], max_nodes=20_000)
    assert all(e.data["kind"] == "claim" for e in plain.entries)
    assert len(plain.unclaimed) == len(unf)


def test_summary_counts_and_above_dd(report: AuditReport) -> None:
    s = report.summary()
    assert sum(s["claims"].values()) == len(report.entries)
    assert s["records"] == len(report.entries) + len(report.unreadable) + len(report.unclaimed)
    assert s["tricks_at_stake"]["taken_from_claimers"] == sum(
        -e.data["change"] for e in report.entries if e.data.get("verdict") == "adjusted")
    rulings = audit([DEALS / "rulings" / "claim-exceeds-dd.pbn"]).summary()
    assert rulings["above_dd"] and rulings["above_dd"][0]["gap"] >= 1


def test_journal_resume_keeps_finished_records(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    first = audit([ENDINGS], journal=path, max_nodes=20_000)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + len(first.entries)
    # A kill in the middle of a line: the cut line is dropped, the rest is kept.
    path.write_text("\n".join(lines[:3]) + "\n" + lines[3][:20], encoding="utf-8")
    second = audit([ENDINGS], journal=path, resume=True, max_nodes=20_000)
    assert second.resumed == 2
    assert [e.data for e in second.entries] == [e.data for e in first.entries]
    ids = [json.loads(x)["id"] for x in path.read_text(encoding="utf-8").splitlines()[1:]]
    assert sorted(ids) == sorted(e.id for e in first.entries)


def test_journal_with_other_settings_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    Journal(path, {"max_nodes": 1}, resume=False).close()
    with pytest.raises(JournalError, match="other settings"):
        Journal(path, {"max_nodes": 2}, resume=True)


def test_write_atomic_replaces_whole(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    target.write_text("old", encoding="utf-8")
    write_atomic(target, "new")
    assert target.read_text(encoding="utf-8") == "new"
    assert target.stat().st_mode & 0o044, "the output should be readable like any new file"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


def test_read_inputs_dedupes_a_file_named_twice() -> None:
    found = read_inputs([ENDINGS, ENDINGS.parent])
    ids = [i.uid for i in found.items]
    assert len(ids) == len(set(ids))
    assert sum(1 for i in ids if "endings.pbn" in i) == 5


ONE_DOOR = {"tqdm": "claimcheck.audit.progress", "jinja2": "claimcheck.report.audit_html",
            "distributed": "claimcheck.audit.dask_executor",
            "dask": "claimcheck.audit.dask_executor"}


def test_one_door_for_the_audit_dependencies() -> None:
    package = Path(__file__).resolve().parents[1] / "claimcheck"
    for path in package.rglob("*.py"):
        name = ".".join(path.relative_to(package.parent).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                       [node.module] if isinstance(node, ast.ImportFrom) and node.module
                       else [])
            for t in targets:
                top = t.split(".")[0]
                if top in ONE_DOOR:
                    assert name == ONE_DOOR[top], f"{name} imports {t}"


def _jobs(count: int) -> list[Job]:
    settings = Settings(max_nodes=5_000)
    return [Job(i, f"gen:{r.id}", "claim", r, settings)
            for i, r in enumerate(generated_claims(count, 3, seed=9))]


def test_a_worker_crash_fails_only_its_own_record() -> None:
    outcomes = sorted(ProcessExecutor(2, task=rule_or_die).run(_jobs(6)),
                      key=lambda o: o.index)
    assert [o.uid for o in outcomes] == [f"gen:g{i}" for i in range(1, 7)]
    failed = [o.uid for o in outcomes if o.entry["error"]]
    assert failed == ["gen:g3"]
    assert "worker process died" in outcomes[2].entry["error"]


def test_workers_that_cannot_start_stop_the_audit() -> None:
    with pytest.raises(WorkersCannotStart):
        list(ProcessExecutor(2, task=always_die).run(_jobs(4)))


def test_bounds_below_the_claim_settle_the_verdict() -> None:
    """An undetermined claim whose proved upper bound is below the claim fails in any case:
    the outcome and the text say so, only the award is open."""
    from dataclasses import replace

    from claimcheck.report.text import render_text

    record = load(DEALS / "seeds" / "law55.pbn").records[0]
    claim = replace(record, claimer=record.position.declarer,
                    claimed=record.position.tricks_left)
    ruling = check_record(claim, max_nodes=50)
    assert ruling.verdict == "undetermined" and ruling.bounds is not None
    lo, hi = ruling.bounds
    settled = replace(ruling, bounds=(lo, ruling.claimed - 1))
    assert settled.settled_by_bounds == "adjusted"
    assert outcome(settled)[0].endswith("(fails in any case)")
    assert "the claim fails in any case" in render_text(settled, diagram=False)
    assert "no normal line losing a trick" not in render_text(settled, diagram=False)
    open_ = replace(ruling, bounds=(lo, ruling.claimed))
    assert open_.settled_by_bounds is None
    assert outcome(open_)[0] == f"undetermined: N between {lo} and {ruling.claimed}"
    # What was missing is the proof that no normal line loses a trick, and the text says so.
    assert "no normal line losing a trick of the claim was found" in render_text(
        open_, diagram=False)
