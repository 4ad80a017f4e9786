"""The ``claimcheck`` command: a thin click shell over the library (the only module with click).

Exit codes: 0 ran (whatever the ruling), 1 bad input or solver failure, 2 usage error,
3 ``audit --expect`` found rulings that differ from the records' expectations.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click

from claimcheck.cards import Seat, Strain
from claimcheck.errors import ClaimcheckError, Location
from claimcheck.formats import is_url, load
from claimcheck.formats.record import ClaimRecord
from claimcheck.policy.sure import DEFAULT_MAX_NODES, ORACLE_NODES_PER_NODE, SOLVE_NODES
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


class FileOrUrl(click.ParamType):  # type: ignore[type-arg]
    """A file that exists, or a BBO hand-viewer URL (read as LIN, never fetched)."""

    name = "file"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> str:
        text = str(value)
        if is_url(text) or Path(text).is_file():
            return text
        if Path(text).is_dir():
            self.fail(f"{text!r} is a folder (give a file, or use audit)", param, ctx)
        self.fail(f"file {text!r} does not exist (and it is not a hand-viewer URL)", param, ctx)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="claimcheck")
def main() -> None:
    """Rule on contested claims and concessions at bridge (Laws 68-71), reasoning shown."""


# --- shared helpers ---------------------------------------------------------------------------


def _records(path: str, lang: str | None = None, board: int | None = None
             ) -> list[ClaimRecord]:
    result = load(path, lang=lang, board=board)
    for err in result.errors:
        click.echo(f"error: {err}", err=True)
    if not result.records:
        where = "<hand-viewer URL>" if is_url(path) else path
        why = ("; ".join(result.skipped) if result.skipped else
               "the errors above say why" if result.errors else "nothing in it is a claim")
        raise InputFailure(f"{where}: no claim record could be read: {why}")
    return list(result.records)


_BOARD_NUMBER = re.compile(r"(?:^|:)(\d+)(?:-\d+)?$")
"""The board number in a --board value: ``12``, ``12-2`` (its second record) or ``file:12-2``."""


def _chosen(path: str, board: str | None, lang: str | None = None) -> list[ClaimRecord]:
    """The records of *path* that *board* names (all of them when None). A board number lets
    the reader skip the other boards (a session's LIN file holds hundreds); when that finds
    nothing, the whole file is read, so that the error lists what is there."""
    number = _BOARD_NUMBER.search(board) if board is not None else None
    if number is not None:
        try:
            return _pick(_records(path, lang, int(number.group(1))), board)
        except InputFailure:
            pass
    return _pick(_records(path, lang), board)


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


def _IRREGULAR(f: F) -> F:  # noqa: N802  # a decorator named like the others
    """The penalty cards and lead restriction options of check and options."""
    f = click.option("--lead-restriction",
                     help="A lead restriction in force, like 'W: S forbidden while on lead'."
                     )(f)
    return click.option("--penalty-cards",
                        help="Penalty cards in force, like 'E: CK major, D6 minor'.")(f)


def _irregular(pos: Position, penalty_cards: str | None, lead_restriction: str | None
               ) -> Position:
    """*pos* with the penalty cards and lead restriction given on the command line (each
    replaces the record's own when given)."""
    from claimcheck.penalty import parse_lead_restrictions, parse_penalty_cards

    return pos.with_irregularities(
        parse_penalty_cards(penalty_cards) if penalty_cards else pos.penalty_cards,
        parse_lead_restrictions(lead_restriction) if lead_restriction
        else pos.lead_restrictions)


# --- show / dd --------------------------------------------------------------------------------


@main.command()
@click.argument("file", type=FileOrUrl())
@_BOARD
@_ASCII
def show(file: str, board: str | None, ascii_only: bool) -> None:
    """Print the position at the claim point, the contract and the claim (FILE may be a
    hand-viewer URL)."""
    from claimcheck.formats.diagram import render_diagram

    for record in _chosen(file, board):
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
@click.argument("file", type=FileOrUrl())
@_BOARD
def dd(file: str, board: str | None) -> None:
    """Print the double-dummy tricks for the side on play and for the claimer's side."""
    from claimcheck.engine.solver import DDSolver
    from claimcheck.tricks import Pair

    solver = DDSolver()
    for record in _chosen(file, board):
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
@click.argument("file", required=False, type=FileOrUrl())
@_BOARD
@click.option("--deal", help="The remaining cards: a PBN deal 'N:...' or a diagram.")
@click.option("--trump", type=STRAIN, help="Trump strain: S, H, D, C or NT.")
@click.option("--lead", type=SEAT, help="Seat that led the trick in progress (or is to lead).")
@click.option("--trick", default="", help="Cards already played to the trick, in order.")
@click.option("--declarer", type=SEAT, help="Declarer (default: the claimer).")
@click.option("--claimer", type=SEAT, help="Who claims.")
@click.option("--tricks", type=int, help="Remaining tricks claimed (trick in progress included).")
@click.option("--statement", help="The clarification statement (English or French).")
@click.option("--accept-partial", is_flag=True,
              help="Rule on a statement only partly understood (or in a language with no "
                   "lexicon) instead of stopping.")
@click.option("--lang", type=click.Choice(["en", "fr"]),
              help="The file's notation: fr reads contracts in French letters (4C = 4 Cœur).")
@click.option("--profile", type=click.Choice(["wbf", "ebu", "acbl"]), help="Regulating authority.")
@click.option("--trump-aware", type=click.Choice(["yes", "no", "doubtful"]),
              help="Was the claimer aware of the outstanding trump? (doubtful = no)")
@click.option("--class", "player_class", type=click.Choice(["novice", "club", "expert"]),
              help="Class of player (default: the record's PlayerClass tag, else club).")
@click.option("--phase", type=click.Choice(["contested", "concession", "withdrawn"]),
              help="Contested claim (70), concession (71), agreed then withdrawn (69B).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@click.option("--max-nodes", type=click.IntRange(min=1), default=DEFAULT_MAX_NODES,
              show_default=True,
              help=f"Search budget in nodes ({ORACLE_NODES_PER_NODE} sure-oracle nodes count as "
                   f"one, a layout solve as {SOLVE_NODES}); past it the ruling gives proved "
                   "bounds.")
@click.option("--max-seconds", type=click.FloatRange(min=0, min_open=True), default=20.0,
              show_default=True,
              help="Search budget in seconds; past it the ruling gives proved bounds.")
# 100,000 is single_dummy.MAX_SAMPLES, written out so that `claimcheck --help` needs no numpy.
@click.option("--samples", type=click.IntRange(1, 100_000), default=None,
              help="With --phase withdrawn: single-dummy playouts of the 69B estimate "
                   "[default: 200].")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="With --phase withdrawn: the seed of the playouts (same seed, same ruling).")
@click.option("--likely-threshold", type=click.FloatRange(0.5, 1, max_open=True), default=None,
              help="With --phase withdrawn: the probability above which a trick is 'likely' "
                   "(69B) [default: 0.5, the director's judgement].")
@_IRREGULAR
@_ASCII
def check(file: str | None, board: str | None, deal: str | None, trump: Strain | None,
          lead: Seat | None, trick: str, declarer: Seat | None, claimer: Seat | None,
          tricks: int | None, statement: str | None, accept_partial: bool, lang: str | None,
          profile: str | None, trump_aware: str | None, player_class: str | None, phase: str | None,
          fmt: str, max_nodes: int, max_seconds: float, samples: int | None, seed: int,
          likely_threshold: float | None, penalty_cards: str | None,
          lead_restriction: str | None, ascii_only: bool) -> None:
    """Rule on a claim: from FILE (records with a claim, or a hand-viewer URL) or from --deal
    and options."""
    from claimcheck.report.text import render_json, render_text
    from claimcheck.service import rule_records

    try:
        if file is not None:
            records = _chosen(file, board, lang)
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
        if penalty_cards or lead_restriction:
            records = [replace(r, position=_irregular(r.position, penalty_cards,
                                                      lead_restriction)) for r in records]
        rulings = rule_records(records, from_options=file is None, statement=statement,
                               profile=profile, trump_aware=trump_aware,
                               player_class=player_class, phase=phase, max_nodes=max_nodes,
                               max_seconds=max_seconds, accept_partial=accept_partial,
                               warn=lambda text: click.echo(f"warning: {text}", err=True),
                               samples=samples, seed=seed, likely_threshold=likely_threshold)
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
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes (DDS is not thread-safe: processes, never threads).")
@click.option("--executor", type=click.Choice(["local", "dask"]), default="local",
              show_default=True,
              help="local: this machine's processes; dask: a Dask cluster (claimcheck[dask]).")
@click.option("--scheduler", metavar="ADDRESS",
              help="Dask scheduler address (with --executor dask; default: a local cluster of "
                   "--jobs workers).")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json", "html"]),
              default="table", show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False),
              help="Write the report to FILE (atomically) instead of stdout; finished records "
                   "are journalled beside it in FILE.journal.jsonl.")
@click.option("--journal", type=click.Path(dir_okay=False),
              help="Journal of finished records (JSON lines; default beside --output).")
@click.option("--resume", is_flag=True,
              help="Take the records already in the journal; rule only the others.")
@click.option("--unfinished", is_flag=True,
              help="Rule boards whose play stopped with no claim as if declarer had claimed the "
                   "double-dummy tricks with no statement (reported apart).")
@click.option("--expect", is_flag=True, help="Exit 3 when a ruling differs from Expected* tags.")
@click.option("--fail-on-unreadable", is_flag=True,
              help="Exit 1 when a file or record could not be read or ruled.")
@click.option("--max-nodes", type=click.IntRange(min=1), default=DEFAULT_MAX_NODES,
              show_default=True,
              help=f"Search budget a record, in nodes ({ORACLE_NODES_PER_NODE} sure-oracle nodes "
                   f"count as one, a layout solve as {SOLVE_NODES}).")
@click.option("--max-seconds", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Time cap a record, in seconds (a positive number; default none, which keeps "
                   "rulings deterministic).")
@click.option("--max-file-mb", type=click.FloatRange(min=0, min_open=True), default=16.0,
              show_default=True, help="Larger files are rejected unread.")
@click.option("--no-timings", is_flag=True,
              help="Leave the per-record times out of JSON, CSV and HTML (byte-identical runs).")
@click.option("--only", multiple=True,
              type=click.Choice(["stands", "fails", "concession-cancelled", "undetermined",
                                 "error", "above-dd", "misread", "unfinished", "claims",
                                 "mismatch"]),
              help="Report only these records (repeatable; the summary still counts all).")
@click.option("--sort", "sort_by", default="input", show_default=True,
              type=click.Choice(["input", "id", "stake", "above-dd", "cards", "nodes", "time"]),
              help="Order of the records: tricks at stake, claim above DD, cards left, nodes, "
                   "time: largest first.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no summary on stderr.")
@click.option("--progress/--no-progress", default=None,
              help="Progress bar on stderr (default: when stderr is a terminal).")
def audit(paths: tuple[str, ...], profile: str | None, jobs: int, executor: str,
          scheduler: str | None, fmt: str, output: str | None, journal: str | None,
          resume: bool, unfinished: bool, expect: bool, fail_on_unreadable: bool,
          max_nodes: int, max_seconds: float | None, max_file_mb: float, no_timings: bool,
          only: tuple[str, ...], sort_by: str, quiet: bool, progress: bool | None) -> None:
    """Rule on every claim record in PATHS (files, folders walked recursively) and report.

    The summary (counts by verdict, tricks at stake, adjustments by law and size, claims
    above double dummy, slowest and unreadable records) goes to stderr; the table, CSV, JSON
    or HTML to stdout or --output. Exit 0 ran, 1 bad input (with --fail-on-unreadable: any
    unreadable record), 2 usage error, 3 --expect found differences.
    """
    from claimcheck.audit import audit as run_audit
    from claimcheck.audit.dask_executor import DaskUnavailable
    from claimcheck.audit.executors import WorkersCannotStart
    from claimcheck.audit.journal import JournalError, journal_path, write_atomic
    from claimcheck.audit.progress import ProgressBar

    if scheduler is not None and executor != "dask":
        raise click.UsageError("--scheduler goes with --executor dask")
    if journal is None and output is not None:
        journal = str(journal_path(output))
    if resume and journal is None:
        raise click.UsageError("--resume needs --output (or --journal) to find the journal")
    show = (sys.stderr.isatty() and not quiet) if progress is None else progress
    bar = ProgressBar(enabled=show, file=sys.stderr)
    try:
        report = run_audit([Path(p) for p in paths], profile=profile, jobs=jobs,
                           max_nodes=max_nodes, max_seconds=max_seconds, executor=executor,
                           scheduler=scheduler, unfinished=unfinished, journal=journal,
                           resume=resume, max_bytes=int(max_file_mb * 1024 * 1024),
                           exclude=[output] if output else [], progress=bar)
    except (JournalError, DaskUnavailable, WorkersCannotStart) as exc:
        raise InputFailure(str(exc)) from None
    except KeyboardInterrupt:
        bar.close()
        where = (f"the finished records are in {journal}; run again with --resume"
                 if journal else "nothing was journalled (no --output or --journal)")
        click.echo(f"\naudit interrupted: {where}", err=True)
        sys.exit(130)
    finally:
        bar.close()
    from claimcheck.audit.summary import select

    doc = report.to_document(with_timings=not no_timings)
    if only or sort_by != "input":
        seconds = {e.id: e.seconds for e in report.entries}
        doc["entries"] = select(doc["entries"], only=only, sort=sort_by, seconds=seconds)
    text = _render_audit(doc, fmt)
    if output is not None:
        write_atomic(output, text)
    else:
        click.echo(text, nl=False)
    if not quiet:
        from claimcheck.report.audit_text import render_summary

        summary_doc = report.to_document(with_timings=True)
        click.echo(render_summary(summary_doc), err=True, nl=False)
        if output is not None:
            click.echo(f"report written to {output}"
                       + (f"; journal {journal}" if journal else ""), err=True)
    if fail_on_unreadable and (report.unreadable or report.failed):
        sys.exit(1)
    if expect and report.mismatches:
        sys.exit(3)


def _render_audit(doc: dict[str, Any], fmt: str) -> str:
    if fmt == "json":
        return json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    if fmt == "csv":
        from claimcheck.report.audit_csv import render_csv

        return render_csv(doc)
    if fmt == "html":
        from claimcheck.report.audit_html import render_audit_html

        return render_audit_html(doc)
    from claimcheck.report.audit_text import render_table

    return render_table(doc)


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


# --- options ----------------------------------------------------------------------------------


@main.command()
@click.argument("file", required=False, type=FileOrUrl())
@_BOARD
@click.option("--deal", help="The cards at the irregularity: a PBN deal 'N:...'.")
@click.option("--trump", type=STRAIN, help="Trump strain (with --deal).")
@click.option("--lead", type=SEAT, help="Seat that led the trick in progress or is to lead.")
@click.option("--trick", default="", help="Cards already played to the trick, in order.")
@click.option("--declarer", type=SEAT, help="Declarer (needed with --deal).")
@_IRREGULAR
@click.option("--irregularity", "irregularity_text",
              help="What happened, like 'lead out of turn: N HQ' (default: the record's "
                   "[Irregularity] tag; none: the choices now in force).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@click.option("--max-nodes", type=click.IntRange(min=1), default=DEFAULT_MAX_NODES,
              show_default=True, help="Nodes each option's double-dummy value may take.")
@_ASCII
def options(file: str | None, board: str | None, deal: str | None, trump: Strain | None,
            lead: Seat | None, trick: str, declarer: Seat | None, penalty_cards: str | None,
            lead_restriction: str | None, irregularity_text: str | None, fmt: str,
            max_nodes: int, ascii_only: bool) -> None:
    """List each side's options after a play irregularity (Laws 50-58), with the Laws, who
    chooses, what follows, and each option's double-dummy result for the non-offending side."""
    from claimcheck.options import analyse, render_options_json, render_options_text
    from claimcheck.policy.irregularities import parse_irregularity

    try:
        records: list[tuple[str, Position, str | None]] = []
        if deal is not None:
            if trump is None or lead is None or declarer is None:
                raise click.UsageError("--deal needs --trump, --lead and --declarer")
            records.append(("--deal", _position_from_options(deal, trump, lead, trick,
                                                             declarer), None))
        elif file is not None:
            for rec in _chosen(file, board):
                records.append((rec.id, rec.position, rec.tag("Irregularity")))
        else:
            raise click.UsageError("give FILE or --deal")
        outputs = []
        for name, pos, tag in records:
            if penalty_cards or lead_restriction:
                pos = _irregular(pos, penalty_cards, lead_restriction)
            text = irregularity_text if irregularity_text is not None else tag
            irregularity = parse_irregularity(text) if text else None
            analysis = analyse(pos, irregularity, max_nodes=max_nodes)
            if fmt == "json":
                outputs.append(render_options_json(analysis))
            else:
                head = f"== {name}\n" if len(records) > 1 else ""
                outputs.append(head + render_options_text(analysis, ascii_only=ascii_only))
    except ClaimcheckError as exc:
        _fail(exc)
    if fmt == "json" and len(outputs) > 1:
        click.echo("[" + ",\n".join(outputs) + "]")
    else:
        click.echo("\n".join(outputs))


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
