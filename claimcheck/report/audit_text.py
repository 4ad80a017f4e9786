"""An audit document (schema ``claimcheck.audit/2``) as a text table and a text summary.

The renderers read the JSON document only (never the audit code), so an audit resumed from a
journal or loaded from a file renders the same way. Column widths come from the longest value
of each column, so long paths never shift the columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

_CATEGORY_WORDS = {"stands": "stands", "fails": "fails",
                   "concession-cancelled": "concession cancelled",
                   "undetermined": "undetermined", "error": "could not be ruled"}

_CATEGORY = {"upheld": "stands", "adjusted": "fails",
             "concession-cancelled": "concession-cancelled", "undetermined": "undetermined"}


def category_of(entry: dict[str, Any]) -> str:
    """The verdict category of an audit entry: stands, fails, concession-cancelled,
    undetermined, or error (could not be ruled)."""
    if entry.get("error") or entry.get("verdict") is None:
        return "error"
    return _CATEGORY.get(str(entry["verdict"]), "undetermined")


_COLUMNS = ("record", "contract", "claimer", "left", "won", "claim", "DD", "N", "outcome",
            "laws", "lost at")
_RIGHT = {"left", "won", "claim", "DD", "N", "lost at"}


def _n(e: dict[str, Any]) -> str:
    if e.get("n") is not None:
        return str(e["n"])
    b = e.get("bounds")
    return f"{b['lower']}-{b['upper']}" if b else "?"


def _row(e: dict[str, Any]) -> list[str]:
    contract = e.get("contract")
    text = "-" if not contract else f"{contract['text']} {contract['declarer']}"
    won = e.get("won_by")
    kind = " (unfinished)" if e.get("kind") == "unfinished" else ""
    if e.get("error"):
        return [e["id"], text, e.get("claimer") or "-", str(e.get("tricks_left", "")), "", "",
                "", "", f"error: {e['error']}", "", ""]
    return [
        e["id"], text, e.get("claimer") or "-", str(e["tricks_left"]),
        "-" if won is None else f"{won['claimer_side']}-{won['opponents']}",
        str(e["claimed"]), str(e["dd"]), _n(e), e["outcome"] + kind,
        ",".join(e.get("laws", [])) or "-",
        "-" if e.get("first_lost_trick") is None else str(e["first_lost_trick"]),
    ]


def render_table(doc: dict[str, Any]) -> str:
    """One line per record, columns aligned; expectation differences under their record."""
    entries: Sequence[dict[str, Any]] = doc["entries"]
    rows = [_row(e) for e in entries]
    widths = [max([len(_COLUMNS[i])] + [len(r[i]) for r in rows if not _is_error_cell(r, i)])
              for i in range(len(_COLUMNS))]

    def fmt(cells: Sequence[str]) -> str:
        out = []
        for i, cell in enumerate(cells):
            name = _COLUMNS[i]
            out.append(cell.rjust(widths[i]) if name in _RIGHT else cell.ljust(widths[i]))
        return "  ".join(out).rstrip()

    lines = [fmt(_COLUMNS)]
    for e, r in zip(entries, rows, strict=True):
        if e.get("error"):
            lines.append(f"{r[0].ljust(widths[0])}  {r[8]}")
        else:
            lines.append(fmt(r))
        for m in e.get("mismatches") or ():
            lines.append(f"{'':{widths[0]}}  MISMATCH {m}")
    return "\n".join(lines) + "\n"


def _is_error_cell(row: Sequence[str], i: int) -> bool:
    return i == 8 and row[8].startswith("error: ")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def render_summary(doc: dict[str, Any], *, limit: int = 10) -> str:
    """The summary an analyst reads first, as text (for stderr or the top of a report)."""
    s = doc["summary"]
    claims = s["claims"]
    unf = s["unfinished"]
    n_claims = sum(claims.values())
    n_unf = sum(unf.values())
    out = [
        f"audit: {s['records']} records: {n_claims} claims ruled, "
        f"{_plural(n_unf, 'unfinished board')} ruled, "
        f"{s['unclaimed']} without a claim, {s['unreadable']} unreadable; "
        f"{_plural(s['skipped_files'], 'file')} skipped (not a record format)",
        "claims: " + ", ".join(f"{_CATEGORY_WORDS[k]} {v}" for k, v in claims.items())
        + (f" ({s['undetermined_failing']} of the undetermined fail in any case)"
           if s.get("undetermined_failing") else ""),
    ]
    if n_unf:
        out.append("unfinished boards (as if declarer claimed the double-dummy tricks): "
                   + ", ".join(f"{_CATEGORY_WORDS[k]} {v}" for k, v in unf.items()))
    stake = s["tricks_at_stake"]
    lo, hi = stake["undetermined_between"]
    line = (f"tricks at stake: {stake['taken_from_claimers']} taken from claimers, "
            f"{stake['given_back_to_conceders']} given back to conceders (71B)")
    if lo or hi:
        line += f"; undetermined claims: between {lo} and {hi} more"
    out.append(line)
    if s["adjustments_by_law"]:
        out.append("adjustments by law: " + ", ".join(
            f"{k} {v}" for k, v in s["adjustments_by_law"].items()))
    size = s["adjustments_by_size"]
    out.append("adjustments by size: " + ", ".join(
        f"{k} trick{'' if k == '1' else 's'} {v}" for k, v in size.items()))
    above = s["above_dd"]
    if above:
        out.append(f"claims above double dummy: {len(above)} "
                   f"({s['likely_misread']} by {s.get('misread_gap', 3)} or more: likely "
                   "misread records)")
        for a in above[:limit]:
            flag = "  <- likely a misread record" if a["likely_misread"] else ""
            out.append(f"  {a['id']}: claimed {a['claimed']}, DD {a['dd']} "
                       f"(+{a['gap']}){flag}")
        if len(above) > limit:
            out.append(f"  ... and {len(above) - limit} more (all are in the JSON, CSV, HTML)")
    if s["errors"]:
        out.append(f"could not be ruled: {len(s['errors'])}")
        out.extend(f"  {e['id']}: {e['error']}" for e in s["errors"])
    unreadable = doc.get("unreadable") or []
    if unreadable:
        out.append(f"unreadable: {len(unreadable)}")
        out.extend(f"  {u['where']}: {u['reason']}" for u in unreadable)
    if s["mismatches"]:
        out.append(f"differ from expectations: {s['mismatches']}")
    t = doc.get("timings")
    if t:
        slow = ", ".join(f"{x['id']} {x['seconds']:.2f} s" for x in t["slowest"])
        out.append(f"time: {t['wall_seconds']:.1f} s wall, {t['ruling_seconds']:.1f} s ruling, "
                   f"{t['ruled_now']} ruled now"
                   + (f" at {t['records_per_second']} records/s" if t["records_per_second"]
                      else ""))
        if slow:
            out.append(f"slowest: {slow}")
    return "\n".join(out) + "\n"
