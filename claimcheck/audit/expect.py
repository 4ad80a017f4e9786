"""Expectations that ride with the data: a record's ``Expected*`` tags against its ruling."""

from __future__ import annotations

from typing import Any

from claimcheck.formats.record import ClaimRecord


def expectation_mismatches(record: ClaimRecord, ruling: dict[str, Any]) -> tuple[str, ...]:
    """What differs between *ruling* (its JSON form) and the record's ``Expected*`` tags."""
    out: list[str] = []
    tricks = record.tag("ExpectedTricks")
    if tricks is not None and tricks.strip() != str(ruling["awarded"]["claimer"]):
        out.append(f"tricks: expected {tricks}, got {ruling['awarded']['claimer']}")
    n = record.tag("ExpectedN")
    if n is not None and n.strip() != str(ruling["n"]):
        out.append(f"N: expected {n}, got {ruling['n']}")
    dd = record.tag("ExpectedDD")
    if dd is not None and dd.strip() != str(ruling["dd"]):
        out.append(f"DD: expected {dd}, got {ruling['dd']}")
    verdict = record.tag("ExpectedVerdict")
    if verdict is not None:
        want = verdict.strip().lower()
        # A concession that stands is an upheld one in the ruling's vocabulary.
        want = "upheld" if want == "concession-stands" else want
        if want != ruling["verdict"]:
            out.append(f"verdict: expected {want}, got {ruling['verdict']}")
    rules = record.tag("ExpectedRules")
    if rules is not None:
        missing = [r for r in _split(rules) if r not in ruling["rules"]]
        if missing:
            out.append(f"rules: expected {', '.join(missing)} in {ruling['rules']}")
    laws = record.tag("ExpectedLaws")
    if laws is not None:
        missing = [law for law in _split(laws) if law not in ruling["laws"]]
        if missing:
            out.append(f"laws: expected {', '.join(missing)} in {ruling['laws']}")
    return tuple(out)


def _split(text: str) -> list[str]:
    return [t.strip() for t in text.replace(",", ";").split(";") if t.strip()]
