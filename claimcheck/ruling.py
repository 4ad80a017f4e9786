"""The ruling: what the director awards and why (law70.md §6).

A plain record. How its laws and doubtful points are worked out is :mod:`claimcheck.reasons`;
how it is printed is :mod:`claimcheck.report`, which depends on this module and not the other
way round."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from claimcheck.cards import Card, Seat
from claimcheck.position import Position

Verdict = Literal["upheld", "adjusted", "concession-cancelled", "undetermined"]

SCHEMA = "claimcheck.ruling/2"
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
    forgotten: tuple[Card, ...] = ()
    """The forgotten cards that made this card look safe (empty when it was safe anyway)."""
    why: str = ""
    """Why a careless card looked safe, in the director's words ("♠9 forgotten: leading ♥A
    looked safe")."""
    cost: int = 0
    """Tricks this claimer card cost against the best card of the same hand (double dummy);
    computed for the worst line of an adjusted claim."""


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
    pictures: int
    """The admissible pictures searched (law70.md §3)."""
    oracle_nodes: int = 0
    """Nodes of the sure oracle (counted in the same budget as the search's)."""
    oracle_calls: int = 0
    clock_stopped: bool = False
    """True when the wall-clock safety net, not the node budget, cut the search short."""
    undecided: int = 0
    """Sure-oracle questions given up at their own cap (counted, deterministic)."""


@dataclass(frozen=True, slots=True)
class DisputedTrick:
    """One trick of a withdrawn agreement (69B): how likely the side was to win it in play."""

    side: Literal["claimer", "opponents"]
    """The side that agreed to lose it and may have it back: the claimer's side for a trick
    its claim conceded, the opponents for a trick they agreed the claimer would win."""
    tricks: int
    """The question is "would that side have won at least this many of the tricks left?"."""
    wins: int
    """Playouts in which it did."""
    probability: float
    interval: tuple[float, float]
    """The confidence interval of :attr:`probability` (Wilson score, 95 %)."""
    likely: bool
    """True when the whole interval lies above the threshold: the trick goes back."""


@dataclass(frozen=True, slots=True)
class SampleLine:
    """One playout of a 69B estimate: the claimer side's tricks and the cards played."""

    tricks: int
    """Claimer-side tricks on this line (the trick in progress included)."""
    playouts: int
    """Playouts that ended with this many claimer-side tricks."""
    line: tuple[tuple[LineCard, ...], ...]


@dataclass(frozen=True, slots=True)
class LikelyReport:
    """How Law 69B's "would likely have won had play continued" was estimated and answered."""

    samples: int
    """Playouts from the real cards."""
    seed: int
    """The seed of the playouts: the same seed gives the same ruling."""
    threshold: float
    """A trick is "likely" when its probability is above this, with confidence."""
    threshold_source: str
    """Where the threshold comes from (the director's judgement by default)."""
    layouts_per_decision: int
    """Layouts a player weighs at one decision."""
    pool_size: int
    """Layouts solved at a decision that has many (drawn once a ruling)."""
    exact_up_to: int
    """A decision with at most this many layouts solves every one of them."""
    disputed: tuple[DisputedTrick, ...]
    outcomes: tuple[SampleLine, ...]
    """One sample line for each number of claimer-side tricks seen, fewest first."""
    decisions: int
    """Decisions over all playouts with a real choice (equal and dominated cards set aside)."""
    pools: int
    """Distinct positions with such a choice."""
    layouts_solved: int
    """Layouts solved double dummy (DDS boards, before the memo)."""
    seconds: float
    dds_seconds: float
    """Time inside DDS, part of :attr:`seconds` (not in the JSON unless timings are asked)."""


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
    picture: str
    """The claimer's picture on the worst line: which cards it forgets ("" for full
    awareness)."""
    search: SearchReport
    bounds: tuple[int, int] | None = None
    """(lower, upper) proved when the verdict is undetermined."""
    notes: tuple[str, ...] = field(default=())
    forgotten: tuple[Card, ...] = ()
    """The cards that picture forgets (at the claim)."""
    likely: LikelyReport | None = None
    """The 69B estimate, for an agreed claim or concession withdrawn (phase ``withdrawn``);
    None in the other phases."""

    @property
    def is_upheld(self) -> bool:
        """True when the claim stands as made."""
        return self.verdict == "upheld"

    @property
    def tricks_left(self) -> int:
        """Tricks remaining at the claim, the trick in progress included."""
        return self.position.tricks_left

    @property
    def concession(self) -> bool:
        """True when the ruling is on a concession (Law 71), not a contested claim."""
        return dict(self.options).get("phase") == "concession"

    @property
    def settled_by_bounds(self) -> Verdict | None:
        """For an undetermined ruling, the verdict its proved bounds already give: a claim
        whose upper bound is below what was claimed fails whatever N is (``adjusted``), a
        concession whose lower bound is above what was kept is cancelled
        (``concession-cancelled``); None when the bounds leave the verdict open. Only the
        number of tricks to award is then undecided: the director knows the claim fails."""
        if self.verdict != "undetermined" or self.bounds is None:
            return None
        lo, hi = self.bounds
        if self.concession:
            return "concession-cancelled" if lo > self.claimed else None
        return "adjusted" if hi < self.claimed else None
