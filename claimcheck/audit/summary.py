"""The summary an analyst reads first: counts by verdict, tricks at stake, adjustments by law and
by size, claims above double dummy set apart, the unreadable records with their reasons.

Everything in :func:`summarize` is deterministic (no time in it); the times, the slowest records
among them, are in :func:`timings`, kept apart so the rest compares byte for byte.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from claimcheck.audit.facts import MISREAD_GAP
from claimcheck.report.audit_text import category_of

CATEGORIES = ("stands", "fails", "concession-cancelled", "undetermined", "error")
"""Verdict categories in the order a summary lists them."""

category = category_of
"""The verdict category of an entry (stands, fails, concession-cancelled, undetermined, error)."""


def _size_bucket(k: int) -> str:
    return str(k) if k < 4 else "4+"


def summarize(entries: Sequence[dict[str, Any]], *, unreadable: Sequence[dict[str, str]] = (),
              unclaimed: int = 0, skipped_files: int = 0, top: int = 5) -> dict[str, Any]:
    """The deterministic summary of an audit's entries (JSON-ready)."""
    claims = [e for e in entries if e.get("kind", "claim") == "claim"]
    unfinished = [e for e in entries if e.get("kind") == "unfinished"]
    taken = given = undecided_low = undecided_high = failing = 0
    by_law: Counter[str] = Counter()
    by_size: Counter[str] = Counter()
    lost_hist: Counter[int] = Counter()
    by_left: dict[int, Counter[str]] = {}
    for e in claims:
        cat = category(e)
        left = e.get("tricks_left")
        if isinstance(left, int):
            by_left.setdefault(left, Counter())[cat] += 1
        if cat == "error":
            continue
        change = e.get("change")
        if cat == "fails" and isinstance(change, int):
            taken += -change
            by_size[_size_bucket(-change)] += 1
            lost_hist[-change] += 1
            by_law.update(e.get("laws", []))
        elif cat == "concession-cancelled" and isinstance(change, int):
            given += change
            by_size[_size_bucket(change)] += 1
            by_law.update(e.get("laws", []))
        elif cat == "stands":
            lost_hist[0] += 1
        elif cat == "undetermined" and e.get("bounds"):
            b = e["bounds"]
            undecided_low += max(0, int(e["claimed"]) - int(b["upper"]))
            undecided_high += max(0, int(e["claimed"]) - int(b["lower"]))
            if e.get("settled_by_bounds") == "adjusted":
                failing += 1
    above = sorted(
        ({"id": e["id"], "claimed": e["claimed"], "dd": e["dd"], "gap": e["above_dd"],
          "likely_misread": bool(e.get("likely_misread"))}
         for e in claims if category(e) != "error" and e.get("above_dd")),
        key=lambda a: (-int(a["gap"]), str(a["id"])),
    )

    def counts(group: Sequence[dict[str, Any]]) -> dict[str, int]:
        c = Counter(category(e) for e in group)
        return {k: c.get(k, 0) for k in CATEGORIES}

    heavy = sorted((e for e in entries if category(e) != "error"),
                   key=lambda e: (-int(e.get("nodes") or 0), str(e["id"])))[:top]
    return {
        "records": len(entries) + len(unreadable) + unclaimed,
        "ruled": sum(1 for e in entries if category(e) != "error"),
        "claims": counts(claims),
        "unfinished": counts(unfinished),
        "tricks_at_stake": {
            "taken_from_claimers": taken,
            "given_back_to_conceders": given,
            "undetermined_between": [undecided_low, undecided_high],
        },
        # Undetermined claims whose proved upper bound is below the claim: they fail in any
        # case, only the award is open.
        "undetermined_failing": failing,
        "adjustments_by_law": dict(sorted(by_law.items())),
        "adjustments_by_size": {k: by_size.get(k, 0) for k in ("1", "2", "3", "4+")},
        "tricks_lost": {str(k): v for k, v in sorted(lost_hist.items())},
        "by_cards_left": {str(k): {c: v.get(c, 0) for c in CATEGORIES}
                          for k, v in sorted(by_left.items())},
        "above_dd": above,
        "likely_misread": sum(1 for a in above if a["likely_misread"]),
        "misread_gap": MISREAD_GAP,
        "errors": [{"id": e["id"], "where": e.get("where"), "error": e["error"]}
                   for e in entries if e.get("error")],
        "mismatches": sum(1 for e in entries if e.get("mismatches")),
        "unreadable": len(unreadable),
        "unclaimed": unclaimed,
        "skipped_files": skipped_files,
        "most_nodes": [{"id": e["id"], "nodes": e.get("nodes")} for e in heavy],
    }


def timings(seconds: dict[str, float], wall: float, *, ruled_now: int | None = None,
            top: int = 5) -> dict[str, Any]:
    """Per-record seconds, the slowest records and the totals (not deterministic).

    *ruled_now* is how many records this run ruled (the rest came from a journal); the rate is
    theirs over the wall time.
    """
    now = len(seconds) if ruled_now is None else ruled_now
    slow = sorted(seconds.items(), key=lambda kv: (-kv[1], kv[0]))[:top]
    busy = sum(seconds.values())
    return {
        "wall_seconds": round(wall, 3),
        "ruling_seconds": round(busy, 3),
        "ruled_now": now,
        "records_per_second": round(now / wall, 2) if wall > 0 else None,
        "slowest": [{"id": k, "seconds": round(v, 3)} for k, v in slow],
        "records": {k: round(v, 4) for k, v in sorted(seconds.items())},
    }


FILTERS = (*CATEGORIES, "above-dd", "misread", "unfinished", "claims", "mismatch")
"""What ``--only`` selects: a verdict category, claims above DD, likely misread records,
unfinished boards, real claims, or rulings that differ from the records' expectations."""
SORTS = ("input", "id", "stake", "above-dd", "cards", "nodes", "time")
"""Orders of ``--sort``: input order, id, tricks at stake (largest first), claim above DD
(largest first), cards left (most first), nodes (most first), time (slowest first)."""


def _keep(e: dict[str, Any], only: set[str]) -> bool:
    if not only:
        return True
    tags = {category(e)}
    if e.get("above_dd"):
        tags.add("above-dd")
    if e.get("likely_misread"):
        tags.add("misread")
    tags.add("unfinished" if e.get("kind") == "unfinished" else "claims")
    if e.get("mismatches"):
        tags.add("mismatch")
    return bool(tags & only)


def select(entries: Sequence[dict[str, Any]], *, only: Sequence[str] = (), sort: str = "input",
           seconds: dict[str, float] | None = None) -> list[dict[str, Any]]:
    """The entries kept by *only* (any of :data:`FILTERS`) in the order *sort* (one of
    :data:`SORTS`); ties keep the input order."""
    wanted = set(only)
    kept = [e for e in entries if _keep(e, wanted)]
    secs = seconds or {}
    keys: dict[str, Callable[[dict[str, Any]], Any]] = {
        "input": lambda e: 0,
        "id": lambda e: e["id"],
        "stake": lambda e: -abs(e.get("change") or 0),
        "above-dd": lambda e: -(e.get("above_dd") or 0),
        "cards": lambda e: -(e.get("tricks_left") or 0),
        "nodes": lambda e: -(e.get("nodes") or 0),
        "time": lambda e: -secs.get(e["id"], 0.0),
    }
    if sort not in keys:
        raise ValueError(f"unknown sort {sort!r} (expected one of {', '.join(SORTS)})")
    return sorted(kept, key=keys[sort])
