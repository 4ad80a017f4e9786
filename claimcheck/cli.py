"""The ``claimcheck`` command: a thin click shell over the library (the only module with click).

Exit codes: 0 ran (whatever the ruling), 1 bad input or solver failure, 2 usage error,
3 ``audit --expect`` found rulings that differ from the records' expectations.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click

from claimcheck.cards import Seat, Strain
from claimcheck.errors import ClaimcheckError, Location
from claimcheck.formats import load
from claimcheck.formats.record import ClaimRecord
from claimcheck.position import Position

F = TypeVar("F", bound=Callable[..., Any])


class InputFailure(click.ClickException):
    """A claimcheck error shown as ``error: <where>: <what>`` with exit code 1."""

    exit_code = 1

    def show(self, file: Any = None) -> None:
        click.echo(f"error: {self.message}", err=True)


def _fail(exc: ClaimcheckError) -> NoReturn:
    raise InputFailure(str(exc)) from None


class SeatType(click.ParamType):  # type: ignore[type-arg]  # generic only in click >= 8.2
    """A seat: N, E, S, W or a seat name in English or French."""

    name = "seat"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> Seat:
        if isinstance(value, Seat):
            return value
        try:
            return Seat.parse(str(value))
        except ClaimcheckError as exc:
            self.fail(exc.message, param, ctx)


class StrainType(click.ParamType):  # type: ignore[type-arg]
    """A trump strain: S, H, D, C or NT."""

    name = "trump"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> Strain:
        if isinstance(value, Strain):
            return value
        try:
            return Strain.parse(str(value))
        except ClaimcheckError as exc:
            self.fail(exc.message, param, ctx)


SEAT = SeatType()
STRAIN = StrainType()


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="claimcheck")
def main() -> None:
    """Rule on contested claims and concessions at bridge (Laws 68-71), reasoning shown."""


# --- shared helpers ---------------------------------------------------------------------------


def _records(path: str) -> list[ClaimRecord]:
    result = load(path)
    for err in result.errors:
        click.echo(f"error: {err}", err=True)
    if not result.records:
        raise InputFailure(f"{path}: no claim record could be read")
    return list(result.records)


def _pick(records: list[ClaimRecord], board: str | None) -> list[ClaimRecord]:
    if board is None:
        return records
    chosen = [r for r in records
              if str(r.board) == board or r.id == board or r.id.endswith(f":{board}")]
    if not chosen:
        ids = ", ".join(r.id for r in records[:10])
        more = " …" if len(records) > 10 else ""
        raise InputFailure(f"no record {board!r} (records: {ids}{more})")
    return chosen


def _position_from_options(deal: str, trump: Strain, lead: Seat, trick: str,
                           declarer: Seat | None) -> Position:
    from claimcheck.service import position_from_options

    return position_from_options(deal, trump, lead, trick, declarer)


_ASCII = click.option("--ascii", "ascii_only", is_flag=True,
                      help="Letters instead of suit symbols.")
_BOARD = click.option("--board", "-b", help="Board number or record id within the file.")


# --- show / dd --------------------------------------------------------------------------------


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@_BOARD
@_ASCII
def show(file: str, board: str | None, ascii_only: bool) -> None:
    """Print the position at the claim point, the contract and the claim."""
    from claimcheck.formats.diagram import render_diagram

    for record in _pick(_records(file), board):
        click.echo(f"== {record.id} ({record.source})")
        click.echo(render_diagram(record.position, ascii_only=ascii_only))
        click.echo(_describe(record, ascii_only))
        click.echo()


def _describe(record: ClaimRecord, ascii_only: bool) -> str:
    pos = record.position
    lines = []
    if record.contract is not None:
        lines.append(f"contract: {record.contract}")
    lines.append(f"tricks won so far: NS {pos.won.ns}, EW {pos.won.ew}; "
                 f"{pos.tricks_left} left; {pos.to_play.long_name} to play")
    if pos.trick:
        lines.append("trick in progress: "
                     + " ".join(c.render(ascii_only=ascii_only) for c in pos.trick)
                     + f" (led by {pos.leader.long_name})")
    claimer = record.claimer or pos.declarer
    if record.claimed is not None and claimer is not None:
        said = f' "{record.statement}"' if record.statement else " (no statement)"
        lines.append(f"claim: {claimer.long_name} claims {record.claimed} of "
                     f"{pos.tricks_left}{said}")
    else:
        lines.append("claim: none recorded")
    return "\n".join(lines)


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@_BOARD
def dd(file: str, board: str | None) -> None:
    """Print the double-dummy tricks for the side on play and for the claimer's side."""
    from claimcheck.engine.solver import DDSolver
    from claimcheck.tricks import Pair

    solver = DDSolver()
    for record in _pick(_records(file), board):
        pos = record.position
        try:
            on_play = _dd_on_play(solver, pos)
        except ClaimcheckError as exc:
            _fail(exc)
        side = Pair.of(pos.to_play)
        line = f"{record.id}: {side.value} (on play) {on_play} of {pos.tricks_left}"
        claimer = record.claimer or pos.declarer
        if claimer is not None:
            mine = on_play if Pair.of(claimer) is side else pos.tricks_left - on_play
            line += f"; claimer side {Pair.of(claimer).value} {mine}"
            if record.claimed is not None:
                line += f" (claimed {record.claimed})"
        click.echo(line)


def _dd_on_play(solver: Any, pos: Position) -> int:
    from claimcheck.bits import mask_of

    hands = tuple(mask_of(h) for h in pos.hands)
    return int(solver.tricks(hands, tuple(c.index for c in pos.trick), int(pos.leader),
                             int(pos.trump)))


# --- check ------------------------------------------------------------------------------------


@main.command()
@click.argument("file", required=False, type=click.Path(exists=True, dir_okay=False))
@_BOARD
@click.option("--deal", help="The remaining cards: a PBN deal 'N:...' or a diagram.")
@click.option("--trump", type=STRAIN, help="Trump strain: S, H, D, C or NT.")
@click.option("--lead", type=SEAT, help="Seat that led the trick in progress (or is to lead).")
@click.option("--trick", default="", help="Cards already played to the trick, in order.")
@click.option("--declarer", type=SEAT, help="Declarer (default: the claimer).")
@click.option("--claimer", type=SEAT, help="Who claims.")
@click.option("--tricks", type=int, help="Remaining tricks claimed (trick in progress included).")
@click.option("--statement", help="The clarification statement (English or French).")
@click.option("--profile", type=click.Choice(["wbf", "ebu", "acbl"]), help="Regulating authority.")
@click.option("--trump-aware", type=click.Choice(["yes", "no", "doubtful"]),
              help="Was the claimer aware of the outstanding trump? (doubtful = no)")
@click.option("--class", "player_class", type=click.Choice(["novice", "club", "expert"]),
              help="Class of player (default: the record's PlayerClass tag, else club).")
@click.option("--phase", type=click.Choice(["contested", "concession", "withdrawn"]),
              help="Contested claim (70), concession (71), agreed then withdrawn (69B).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@click.option("--max-nodes", type=int, default=400_000, show_default=True,
              help="Search budget in nodes; past it the ruling gives proved bounds.")
@click.option("--max-seconds", type=float, default=20.0, show_default=True,
              help="Search budget in seconds; past it the ruling gives proved bounds.")
@_ASCII
def check(file: str | None, board: str | None, deal: str | None, trump: Strain | None,
          lead: Seat | None, trick: str, declarer: Seat | None, claimer: Seat | None,
          tricks: int | None, statement: str | None, profile: str | None,
          trump_aware: str | None, player_class: str | None, phase: str | None, fmt: str,
          max_nodes: int, max_seconds: float, ascii_only: bool) -> None:
    """Rule on a claim: from FILE (records with a claim) or from --deal and options."""
    from claimcheck.report.text import render_json, render_text
    from claimcheck.service import rule_records

    try:
        if file is not None:
            records = _pick(_records(file), board)
        else:
            missing = [name for name, v in (("--deal", deal), ("--trump", trump),
                                            ("--lead", lead), ("--claimer", claimer),
                                            ("--tricks", tricks)) if v is None]
            if missing:
                raise click.UsageError("give FILE, or " + ", ".join(missing))
            assert deal is not None and trump is not None and lead is not None
            assert claimer is not None and tricks is not None
            pos = _position_from_options(deal, trump, lead, trick, declarer or claimer)
            records = [ClaimRecord("command-line", pos, claimer=claimer, claimed=tricks,
                                   statement=statement, source=Location("<command line>"))]
        rulings = rule_records(records, from_options=file is None, statement=statement,
                               profile=profile, trump_aware=trump_aware,
                               player_class=player_class, phase=phase, max_nodes=max_nodes,
                               max_seconds=max_seconds)
        outputs = [render_json(ruling) if fmt == "json" else
                   f"== {record.id}\n" + render_text(ruling, ascii_only=ascii_only)
                   for record, ruling in zip(records, rulings, strict=True)]
    except ClaimcheckError as exc:
        _fail(exc)
    if fmt == "json" and len(outputs) > 1:
        click.echo("[" + ",\n".join(outputs) + "]")
    else:
        click.echo("\n\n".join(outputs))


# --- parse ------------------------------------------------------------------------------------


@main.command()
@click.argument("statement")
@click.option("--deal", help="The remaining cards, to bind the statement to.")
@click.option("--trump", type=STRAIN, default="NT", show_default=True)
@click.option("--lead", type=SEAT, help="Seat to lead (default: the claimer).")
@click.option("--trick", default="")
@click.option("--claimer", type=SEAT, help="Who claims (needed with --deal).")
@click.option("--declarer", type=SEAT, help="Declarer (default: the claimer).")
def parse(statement: str, deal: str | None, trump: Strain, lead: Seat | None, trick: str,
          claimer: Seat | None, declarer: Seat | None) -> None:
    """Show how a statement is read: the plan, the doubtful points, the ignored words."""
    from claimcheck.statement import describe_plan, parse_statement, read_statement
    from claimcheck.statement.render import render_plan, render_statement

    try:
        if deal is None:
            st = parse_statement(statement)
            click.echo(render_statement(st))
            return
        if claimer is None:
            raise click.UsageError("--claimer is needed with --deal")
        pos = _position_from_options(deal, trump, lead or claimer, trick, declarer or claimer)
        plan = read_statement(statement, pos, claimer)
    except ClaimcheckError as exc:
        _fail(exc)
    click.echo(f"canonical: {render_plan(plan)}")
    for line in describe_plan(plan):
        click.echo(line)


# --- audit ------------------------------------------------------------------------------------


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--profile", type=click.Choice(["wbf", "ebu", "acbl"]),
              help="Override the records' Profile tags.")
@click.option("--jobs", "-j", type=int, default=1, show_default=True,
              help="Processes (DDS is not thread-safe).")
@click.option("--expect", is_flag=True, help="Exit 3 when a ruling differs from Expected* tags.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@click.option("--max-nodes", type=int, default=200_000, show_default=True,
              help="Search budget a record, in nodes.")
@click.option("--max-seconds", type=float, default=10.0, show_default=True,
              help="Search budget a record, in seconds.")
@click.option("--progress/--no-progress", default=None,
              help="Progress on stderr (default: when stderr is a terminal).")
def audit(paths: tuple[str, ...], profile: str | None, jobs: int, expect: bool, fmt: str,
          max_nodes: int, max_seconds: float, progress: bool | None) -> None:
    """Rule on every claim record in PATHS (files or folders) and report."""
    from claimcheck.audit import AuditEntry
    from claimcheck.audit import audit as run_audit

    show_progress = sys.stderr.isatty() if progress is None else progress

    def tick(i: int, n: int, entry: AuditEntry) -> None:
        if show_progress:
            click.echo(f"\r[{i}/{n}] {entry.id}" + " " * 10, err=True, nl=(i == n))

    report = run_audit([Path(p) for p in paths], profile=profile, jobs=jobs,
                       max_nodes=max_nodes, max_seconds=max_seconds, progress=tick)
    if fmt == "json":
        doc = {
            "schema": "claimcheck.audit/1",
            "entries": [{"id": e.id, "where": e.where, "ruling": e.ruling, "error": e.error,
                         "mismatches": list(e.mismatches)} for e in report.entries],
            "read_errors": report.read_errors,
            "unclaimed": report.unclaimed,
            "verdicts": dict(sorted(report.verdicts.items())),
        }
        click.echo(json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        click.echo(f"{'record':40} {'claim':>5} {'N':>3} {'DD':>3} {'award':>5}  verdict / rules")
        for e in report.entries:
            if e.ruling is None:
                click.echo(f"{e.id:40} error: {e.error}")
                continue
            r = e.ruling
            n = "?" if r["n"] is None else str(r["n"])
            rules = ",".join(r["rules"]) or "-"
            click.echo(f"{e.id:40} {r['claimed']:>5} {n:>3} {r['dd']:>3} "
                       f"{r['awarded']['claimer']:>5}  {r['verdict']} [{rules}]")
            for m in e.mismatches:
                click.echo(f"{'':40} MISMATCH {m}")
        for line in report.unclaimed:
            click.echo(f"{line}")
        for err in report.read_errors:
            click.echo(f"read error: {err}")
        counts = ", ".join(f"{k} {v}" for k, v in sorted(report.verdicts.items()))
        click.echo(f"\n{len(report.entries)} claims ruled ({counts}); "
                   f"{len(report.failed)} failed; {len(report.read_errors)} unreadable records; "
                   f"{report.skipped} records without a claim; "
                   f"{len(report.mismatches)} differ from expectations")
    if expect and report.mismatches:
        sys.exit(3)


# --- serve ------------------------------------------------------------------------------------


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on. The default is this machine only; give 0.0.0.0 to "
                   "let a phone on the same network reach the page.")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True)
def serve(host: str, port: int) -> None:
    """Serve the director's page: paste the hands, type the statement, see the ruling."""
    try:
        from claimcheck.server import is_loopback, run
    except ImportError as exc:
        raise InputFailure(f"the page needs the web extra: pip install 'claimcheck[web]' "
                           f"(cannot import {exc.name})") from None
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"claimcheck: the director's page is at http://{shown}:{port}/ (Ctrl-C stops)")
    if not is_loopback(host):
        click.echo(f"warning: listening on {host}: other machines on the network can reach the "
                   "page", err=True)
    run(host, port)


# --- rules ------------------------------------------------------------------------------------


@main.command()
def rules() -> None:
    """Print the catalogue of rules with their citations, and the profiles."""
    from claimcheck.policy.profiles import PROFILES
    from claimcheck.policy.rules import RULES

    for rule in RULES:
        click.echo(f"{rule.id:18} {rule.citation.law:8} {rule.summary}")
    click.echo()
    for p in PROFILES.values():
        click.echo(f"profile {p.name}: suit-order {p.suit_order}, notices-break "
                   f"{'yes' if p.notices_break else 'no'}, ruff {p.ruff} — {p.description}")
