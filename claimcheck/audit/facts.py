"""What an analyst reads about one ruled record, derived from the record and the ruling.

The ruling (``check_record(...) -> Ruling``) is the engine's; everything here is computed from
its public fields and from the record: the contract with its level and doubling, the tricks won
before the claim, the board, event and players from the record's tags, the outcome in words
(stands / fails by k / concession cancelled by k / undetermined with the proved bounds), how far a
claim is above double dummy, and the trick at which the claimer's side lost its first trick on
the worst normal line.
"""

from __future__ import annotations

from typing import Any

from claimcheck.cards import Seat
from claimcheck.errors import ClaimcheckError
from claimcheck.formats.record import ClaimRecord
from claimcheck.position import Position
from claimcheck.ruling import Ruling
from claimcheck.tricks import Pair

MISREAD_GAP = 3
"""A claim this many tricks or more above double dummy is flagged as a likely misread record."""

_ROOMS = {"open": "Open", "closed": "Closed"}


def record_facts(record: ClaimRecord) -> dict[str, Any]:
    """Event, board, room, players, contract, declarer and tricks won so far, from *record*."""
    pos = record.position
    c = record.contract
    players = {s.letter: name for s in Seat
               if (name := (record.tag(s.long_name) or "").strip())}
    room = record.tag("Room")
    declarer = c.declarer if c is not None else pos.declarer
    contract: dict[str, Any] | None = None
    if c is not None:
        strain = "NT" if c.strain.suit is None else c.strain.suit.letter
        contract = {"level": c.level, "strain": strain, "doubled": c.doubled,
                    "declarer": c.declarer.letter, "text": c.pbn}
    return {
        "event": (record.tag("Event") or "").strip() or None,
        "board": record.board,
        "room": _ROOMS.get((room or "").strip().lower(), room),
        "players": players,
        "contract": contract,
        "declarer": None if declarer is None else declarer.letter,
        "won": {"ns": pos.won.ns, "ew": pos.won.ew},
        "tricks_left": pos.tricks_left,
        "statement": record.statement,
    }


def outcome(ruling: Ruling) -> tuple[str, int | None]:
    """The outcome in words and its signed size (awarded minus claimed; None if undetermined).

    ``stands``, ``fails by 2``, ``concession cancelled by 1``, or ``undetermined: N between 3
    and 5`` (the proved bounds, never a single number), with ``(fails in any case)`` when the
    upper bound is below the claim.
    """
    if ruling.verdict == "undetermined":
        if ruling.bounds is not None:
            lo, hi = ruling.bounds
            settled = {"adjusted": " (fails in any case)",
                       "concession-cancelled": " (cancelled in any case)"}.get(
                           ruling.settled_by_bounds or "", "")
            return f"undetermined: N between {lo} and {hi}{settled}", None
        n = "?" if ruling.n is None else str(ruling.n)
        return f"undetermined (N = {n}, for reference only)", None
    change = ruling.awarded_claimer - ruling.claimed
    if ruling.verdict == "adjusted":
        return f"fails by {-change}", change
    if ruling.verdict == "concession-cancelled":
        return f"concession cancelled by {change}", change
    return "stands", 0


def first_lost_trick(ruling: Ruling) -> int | None:
    """The trick (1-13 of the deal) where the claimer's side loses its first trick on the worst
    normal line; None when it loses none (or there is no line)."""
    pos: Position = ruling.position
    side = Pair.of(ruling.claimer)
    number = 13 - pos.tricks_left + 1
    try:
        for trick in ruling.worst_line:
            before = pos.won
            for lc in trick:
                pos = pos.play(lc.card)
            if pos.trick:  # an incomplete line: nothing more to learn
                return None
            if pos.won.pov(side.other) > before.pov(side.other):
                return number
            number += 1
    except ClaimcheckError:
        return None
    return None


def ruling_facts(ruling: Ruling) -> dict[str, Any]:
    """Outcome, size, claim above DD, first lost trick and search counters of *ruling*."""
    words, change = outcome(ruling)
    above = ruling.claimed - ruling.dd
    return {
        "claimer": ruling.claimer.letter,
        "claimed": ruling.claimed,
        "dd": ruling.dd,
        "n": ruling.n,
        "bounds": None if ruling.bounds is None else {"lower": ruling.bounds[0],
                                                      "upper": ruling.bounds[1]},
        "verdict": ruling.verdict,
        "settled_by_bounds": ruling.settled_by_bounds,
        "outcome": words,
        "change": change,
        # An undetermined ruling awards nothing yet: only its bounds are reported.
        "awarded": None if ruling.verdict == "undetermined" else {
            "claimer": ruling.awarded_claimer, "opponents": ruling.awarded_opponents},
        "above_dd": above if above > 0 else 0,
        "likely_misread": above >= MISREAD_GAP,
        "laws": list(ruling.laws),
        "rules": list(ruling.rules),
        "first_lost_trick": first_lost_trick(ruling),
        "nodes": ruling.search.nodes,
        "budget_exhausted": ruling.search.budget_exhausted,
    }


def won_by_claimer(facts: dict[str, Any], claimer: str | None) -> dict[str, int] | None:
    """Tricks won before the claim from the claimer side's point of view."""
    if claimer is None:
        return None
    ns = facts["won"]["ns"]
    ew = facts["won"]["ew"]
    mine, theirs = (ns, ew) if claimer in "NS" else (ew, ns)
    return {"claimer_side": mine, "opponents": theirs}
