"""An audit document as CSV: one row per ruled (or failed) record, nothing else in the file.

The summary never goes into the CSV (it goes to stderr). Columns, in order (:data:`COLUMNS`):

=====================  ==========================================================================
id                     unique id: path and record (``deals/examples/endings.pbn:2``)
file, record           the file, and the record's own id within it
kind                   ``claim``, or ``unfinished`` (play stopped with no claim, ``--unfinished``)
event, board, room     from the record's tags, empty when unknown
north … west           player names, empty when unknown
contract               ``4SX``; level, strain (S H D C NT) and doubled (0, 1, 2) apart
declarer, claimer      seat letters
tricks_left            tricks left at the claim, the trick in progress included
won_claimer_side,      tricks already won before the claim
won_opponents
claimed, dd            remaining tricks claimed; double-dummy tricks of the claimer's side
n, n_lower, n_upper    N (worst normal line); when undetermined, n is empty and the bounds set
verdict                upheld, adjusted, concession-cancelled, undetermined (the ruling's word)
outcome                stands / fails by k / concession cancelled by k / undetermined: N between
change                 awarded minus claimed (empty when undetermined)
awarded_claimer,       tricks awarded
awarded_opponents
above_dd               how far the claim is above DD (0 when not); likely_misread: 3 or more
laws, rules            ``;``-separated
first_lost_trick       trick of the deal (1-13) where the claimer's side loses its first trick on
                       the worst normal line, empty when it loses none
nodes, budget_exhausted  search nodes; whether the node budget ran out
seconds                time to rule the record (the one column that varies from run to run)
mismatches, error      differences from the record's Expected* tags; why it could not be ruled
statement              the claim statement
=====================  ==========================================================================
"""

from __future__ import annotations

import csv
import io
from typing import Any

COLUMNS = (
    "id", "file", "record", "kind", "event", "board", "room", "north", "east", "south", "west",
    "contract", "level", "strain", "doubled", "declarer", "claimer", "tricks_left",
    "won_claimer_side", "won_opponents", "claimed", "dd", "n", "n_lower", "n_upper", "verdict",
    "outcome", "change", "awarded_claimer", "awarded_opponents", "above_dd", "likely_misread",
    "laws", "rules", "first_lost_trick", "nodes", "budget_exhausted", "seconds", "mismatches",
    "error", "statement",
)


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def csv_row(e: dict[str, Any], seconds: float | None) -> dict[str, str]:
    """The CSV row of one audit entry."""
    contract = e.get("contract") or {}
    players = e.get("players") or {}
    won = e.get("won_by") or {}
    bounds = e.get("bounds") or {}
    awarded = e.get("awarded") or {}
    row: dict[str, Any] = {
        "id": e["id"], "file": e.get("file"), "record": e.get("record"), "kind": e.get("kind"),
        "event": e.get("event"), "board": e.get("board"), "room": e.get("room"),
        "north": players.get("N"), "east": players.get("E"), "south": players.get("S"),
        "west": players.get("W"),
        "contract": contract.get("text"), "level": contract.get("level"),
        "strain": contract.get("strain"), "doubled": contract.get("doubled"),
        "declarer": e.get("declarer"), "claimer": e.get("claimer"),
        "tricks_left": e.get("tricks_left"),
        "won_claimer_side": won.get("claimer_side"), "won_opponents": won.get("opponents"),
        "claimed": e.get("claimed"), "dd": e.get("dd"), "n": e.get("n"),
        "n_lower": bounds.get("lower"), "n_upper": bounds.get("upper"),
        "verdict": e.get("verdict"), "outcome": e.get("outcome"), "change": e.get("change"),
        "awarded_claimer": awarded.get("claimer"), "awarded_opponents": awarded.get("opponents"),
        "above_dd": e.get("above_dd"), "likely_misread": e.get("likely_misread"),
        "laws": ";".join(e.get("laws") or []), "rules": ";".join(e.get("rules") or []),
        "first_lost_trick": e.get("first_lost_trick"), "nodes": e.get("nodes"),
        "budget_exhausted": e.get("budget_exhausted"),
        "seconds": None if seconds is None else f"{seconds:.4f}",
        "mismatches": "; ".join(e.get("mismatches") or []), "error": e.get("error"),
        "statement": e.get("statement"),
    }
    return {k: _cell(row[k]) for k in COLUMNS}


def render_csv(doc: dict[str, Any]) -> str:
    """The CSV text of an audit document (header row, then one row per entry)."""
    seconds: dict[str, float] = (doc.get("timings") or {}).get("records", {})
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    for e in doc["entries"]:
        writer.writerow(csv_row(e, seconds.get(e["id"])))
    return buf.getvalue()
