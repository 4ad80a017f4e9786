"""The ruling: what the director awards and why (law70.md section 3)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from claimcheck.cards import Card, Seat
from claimcheck.position import Position

Verdict = Literal["upheld", "adjusted", "concession-cancelled", "undetermined"]

SCHEMA = "claimcheck.ruling/1"
"""The version of the ruling's JSON form."""


@dataclass(frozen=True, slots=True)
class LineCard:
    """One card of the worst normal line: who played it and the rule that made it normal."""

    seat: Seat
    card: Card
    rule: str
    """A rule id for a claimer-side card; ``defence`` for a defender's (free defence)."""
    also: tuple[str, ...] = ()
    """Other rules that made the card normal (the deciding one is :attr:`rule`)."""


@dataclass(frozen=True, slots=True)
class DoubtRecord:
    """A doubtful point and how it was resolved (always against the claimer, 70A)."""

    words: str
    reason: str
    resolution: str


@dataclass(frozen=True, slots=True)
class SearchReport:
    """What the search did."""

    nodes: int
    solver_calls: int
    solver_nodes: int
    memo_hits: int
    seconds: float
    budget_exhausted: bool
    beliefs: int


@dataclass(frozen=True, slots=True)
class Ruling:
    """A ruling on one claim."""

    position: Position
    claimer: Seat
    claimed: int
    """Remaining tricks the claimer's side claimed (trick in progress included)."""
    n: int | None
    """Claimer-side tricks on the worst normal line; None when the budget ran out first."""
    dd: int
    """Double-dummy tricks of the claimer side."""
    awarded_claimer: int
    awarded_opponents: int
    verdict: Verdict
    laws: tuple[str, ...]
    rules: tuple[str, ...]
    """Rule ids on the claimer cards of the worst normal line, in first-use order."""
    worst_line: tuple[tuple[LineCard, ...], ...]
    """The worst normal line, trick by trick (the first may be the trick in progress)."""
    doubts: tuple[DoubtRecord, ...]
    profile: str
    options: tuple[tuple[str, str], ...]
    statement: str
    plan_lines: tuple[str, ...]
    belief: str
    """Which forgotten cards the worst line assumes ("" for full awareness)."""
    search: SearchReport
    bounds: tuple[int, int] | None = None
    """(lower, upper) proved when the verdict is undetermined."""
    notes: tuple[str, ...] = field(default=())

    @property
    def is_upheld(self) -> bool:
        """True when the claim stands as made."""
        return self.verdict == "upheld"

    @property
    def tricks_left(self) -> int:
        """Tricks remaining at the claim, the trick in progress included."""
        return self.position.tricks_left

    def _repr_html_(self) -> str:
        from claimcheck.report.text import render_html

        return render_html(self)
