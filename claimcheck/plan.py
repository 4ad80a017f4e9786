"""The line plan: what the claimer's statement says, in a form the engine consumes.

The statement reader (:mod:`claimcheck.statement`) produces a :class:`LinePlan` bound to a
position (cards, suits and seats resolved); tests and other tools may build one in code. An empty
plan is a claim with no statement, which is valid (Law 68C asks for a statement; Law 70 still
rules when there is none).

Order: a plan is a sequence of *phases*. Steps within one phase are unordered, because a plain
list of tricks is not an order of play ("four hearts, three spades"); a new phase starts where the
statement says "then", "after", "ensuite", "puis" (EBU guidance quoted in law70-practice.md C4).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from claimcheck.cards import Card, Seat, Suit

Action = Literal[
    "cash",  # cash named cards, or the winners of a suit ("top spades", "two diamonds")
    "run",  # run a suit: play it until it is exhausted ("run the clubs")
    "draw-trumps",  # lead trumps until the opponents (as the claimer believes) have none
    "ruff",  # ruff *suit* in *hand* (count times when given)
    "cross-ruff",  # ruff alternately in both hands
    "finesse",  # finesse *cards[0]* (the finesse card), against *against* when given
    "duck",  # duck a trick in *suit*
    "concede",  # give up a trick (in *suit*, or to *cards*) at a moment the engine chooses
    "discard",  # discard *cards* (or *suit*) on *onto* (or *onto_suit*)
    "cross",  # cross to *hand* with *suit* or *cards* (an entry)
    "play",  # play the named *cards*
    "squeeze",  # a squeeze named (no detail)
    "throw-in",  # a throw-in / endplay named
]

ACTIONS: tuple[Action, ...] = (
    "cash", "run", "draw-trumps", "ruff", "cross-ruff", "finesse", "duck", "concede",
    "discard", "cross", "play", "squeeze", "throw-in",
)


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the claimer's line, bound to the position."""

    action: Action
    """What is done."""
    suit: Suit | None = None
    """The suit the step is about (trumps resolved to their suit)."""
    cards: tuple[Card, ...] = ()
    """Named cards: cashed, finessed, discarded, conceded or played."""
    count: int | None = None
    """How many times ("two diamonds", "ruff two hearts"), when said."""
    hand: Seat | None = None
    """The hand that plays, ruffs or is crossed to ("in dummy", "from hand")."""
    against: Seat | None = None
    """For a finesse: the opponent it is taken against, when said."""
    onto: tuple[Card, ...] = ()
    """For a discard: the cards it is made on ("on the ♥A")."""
    onto_suit: Suit | None = None
    """For a discard: the suit it is made on ("on the spades")."""
    words: str = ""
    """The words of the statement that gave this step."""


FactKind = Literal[
    "trumps-drawn",  # "trumps are drawn", "no trumps out"
    "card-good",  # "the ♦Q is good": *cards*
    "suit-good",  # "the clubs are good": *suit*
    "hand-good",  # "dummy is good", "my hand is high": *hand*
    "aware-of",  # an outstanding card the claimer mentions ("your last trump", "il reste un atout")
]


@dataclass(frozen=True, slots=True)
class Fact:
    """Something the claimer asserts about the position."""

    kind: FactKind
    cards: tuple[Card, ...] = ()
    suit: Suit | None = None
    hand: Seat | None = None
    words: str = ""


@dataclass(frozen=True, slots=True)
class Doubt:
    """A doubtful point (Law 70A): words the reader could not bind to one meaning.

    The engine resolves every doubt against the claimer; the ruling reports it and how.
    """

    words: str
    """The words that caused it."""
    reason: str
    """Why it is doubtful, in a director's words."""
    kind: str = "reference"
    """``reference`` (no or several bindings), ``count``, ``order``, ``condition``, ``hedge``."""


@dataclass(frozen=True, slots=True)
class LinePlan:
    """The claimer's statement as a plan: ordered phases of steps, facts, the count, doubts."""

    phases: tuple[tuple[Step, ...], ...] = ()
    """Steps in order; the steps of one phase may be played in any order."""
    facts: tuple[Fact, ...] = ()
    claimed: int | None = None
    """Remaining tricks (the trick in progress included) the statement claims, when it says."""
    conceded: int | None = None
    """Remaining tricks the statement concedes, when it says."""
    doubts: tuple[Doubt, ...] = ()
    ignored: tuple[str, ...] = ()
    """Words the reader did not understand, reported back, never dropped silently."""
    text: str = ""
    """The statement as said."""
    meta: tuple[tuple[str, str], ...] = field(default=())
    """Extra reader notes (language detected …) as key/value pairs."""
    condition: str | None = None
    """A conditional claim ("ten tricks, eleven *if the clubs break*"): the condition's words.
    :attr:`claimed` stays the minimum claimed without it."""
    condition_tricks: int | None = None
    """The remaining tricks claimed if the condition holds (None when no condition is said)."""
    coverage: float = 1.0
    """The share of the statement's words the reader understood, filler counting as understood
    (1.0 for no statement)."""
    unread: tuple[str, ...] = ()
    """The words the reader did not understand (the same words as :attr:`ignored`)."""
    language: str | None = None
    """The language detected from the words (``en``, ``fr``), ``unknown`` for a language with no
    lexicon, None when nothing was said."""
    kept: tuple[Card, ...] = ()
    """Cards the claimer keeps ("keep the ♠A for the end", "je garde l'As de pique"): played in
    the last phase, and not to be discarded before (their cash step is in :attr:`phases`)."""

    @property
    def steps(self) -> tuple[Step, ...]:
        """Every step, phase after phase."""
        return tuple(s for phase in self.phases for s in phase)

    @property
    def is_empty(self) -> bool:
        """True for a claim with nothing said about the line."""
        return not self.phases and not self.facts

    def mentions_trump(self, trump: Suit | None) -> bool:
        """True when the statement shows awareness of trumps (Law 70C1: 'made no statement
        about that trump'): a draw, a fact about trumps, or an outstanding trump named."""
        if trump is None:
            return False
        for step in self.steps:
            if step.action == "draw-trumps":
                return True
        for fact in self.facts:
            if fact.kind == "trumps-drawn":
                return True
            if fact.kind == "aware-of" and (
                fact.suit == trump or any(c.suit == trump for c in fact.cards)
            ):
                return True
        return False

    def aware_cards(self) -> frozenset[Card]:
        """Outstanding cards the statement names (the claimer cannot have forgotten them)."""
        out: set[Card] = set()
        for fact in self.facts:
            if fact.kind == "aware-of":
                out.update(fact.cards)
        return frozenset(out)

    def condition_doubt(self) -> str | None:
        """The doubtful point a conditional claim raises, in a director's words, or None.

        The claimer gets no trick from a condition on how the cards lie (Law 70A): the claim is
        the minimum, and the ruling says what the condition would have given.
        """
        if self.condition is None or self.condition_tricks is None:
            return None
        return condition_reason(self.claimed, self.condition, self.condition_tricks)

    def finesses(self) -> tuple[Step, ...]:
        """The finesse steps stated (Law 70E1 credits only these)."""
        return tuple(s for s in self.steps if s.action == "finesse")


def condition_reason(claimed: int | None, condition: str, condition_tricks: int) -> str:
    """The doubtful point of a conditional claim, in a director's words (see
    :meth:`LinePlan.condition_doubt`)."""
    base = "" if claimed is None else f", {claimed} without it"
    claim = "" if claimed is None else f", so the claim is {claimed}"
    return (f"{condition_tricks} tricks are claimed only {condition!r}{base}: the condition is a "
            f"doubtful point against the claimer (Law 70A){claim}; the condition would have "
            f"given {condition_tricks}")


EMPTY_PLAN = LinePlan()
"""A claim with no statement."""
