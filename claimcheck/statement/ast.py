"""The unbound statement: what the words say, before they meet a position.

:func:`claimcheck.statement.grammar.parse_tokens` builds these from tokens; :mod:`bind` resolves
them against a position and the claimer into a :class:`~claimcheck.plan.LinePlan`.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Ref:
    """A reference to cards, a suit, a hand or a number of tricks, as said."""

    suit: str | None = None
    """``S H D C``, or ``T`` for "trumps" (resolved when bound)."""
    ranks: tuple[str, ...] = ()
    """Ranks named without a card form (``A``, ``K``, ``T`` …), in English letters."""
    cards: tuple[str, ...] = ()
    """Cards written as cards (``SA``, ``HK``)."""
    count: int | None = None
    """A number said with it ("two diamonds", "ruff a heart" = 1)."""
    plural: bool = False
    states: tuple[str, ...] = ()
    """Adjectives: ``top good small last losing outstanding remaining free``."""
    post_states: tuple[str, ...] = ()
    """States said after a copula ("the clubs *are good*", "trumps are *drawn*")."""
    owner: str | None = None
    """``me you dummy partner`` ("my trump", "your ace")."""
    hand: str | None = None
    """When the reference is a hand: ``dummy me partner N E S W``."""
    tricks: bool = False
    """The noun "tricks" was said ("two tricks", "four club tricks")."""
    rest: bool = False
    """"the rest", "all", "toutes"."""
    pronoun: bool = False
    """"it" or "them": resolved from the trick in progress, if any."""
    words: str = ""

    @property
    def has_head(self) -> bool:
        """True when the reference names something (a suit, card, rank, hand or count noun)."""
        return bool(
            self.suit or self.ranks or self.cards or self.hand or self.tricks or self.rest
            or self.pronoun
        )

    @property
    def is_count(self) -> bool:
        """True for a bare count of tricks ("two tricks", "the rest", "1")."""
        return (self.tricks or self.rest or (self.count is not None and not self.has_head)) and (
            not self.suit and not self.cards and not self.ranks and not self.hand
        )


@dataclass(frozen=True, slots=True)
class StepNode:
    """An unbound step: an action with its objects and the hands and seats it names."""

    action: str
    objects: tuple[Ref, ...] = ()
    hand: str | None = None
    against: str | None = None
    onto: tuple[Ref, ...] = ()
    via: tuple[Ref, ...] = ()
    target: tuple[Ref, ...] = ()
    """For a finesse: the missing card it is taken for ("for the queen", "against the king")."""
    into: str | None = None
    """For a finesse: the hand it is taken *into* ("finesse into East": against West)."""
    to_card: bool = False
    """The object was said as the card led *to* ("a club to the ace"): the hand is its holder."""
    words: str = ""


@dataclass(frozen=True, slots=True)
class FactNode:
    """An unbound fact: ``trumps-drawn``, ``good`` (a card, suit or hand) or ``aware-of``."""

    kind: str
    subject: Ref = field(default_factory=Ref)
    words: str = ""


@dataclass(frozen=True, slots=True)
class CountNode:
    """A number of tricks claimed or conceded, as said."""

    side: str
    """``claim`` or ``concede``."""
    n: int | None = None
    rest: bool = False
    level: int | None = None
    """A contract level said with a result ("making 4", "7=")."""
    result: str | None = None
    """``making``, ``=``, ``off`` or ``down``."""
    words: str = ""
    condition: str | None = None
    """The words of the condition when the count is claimed only if it holds ("eleven *if the
    clubs break*")."""
    part: bool = False
    """One suit's tricks in a list of tricks by suit ("three club tricks and two hearts"): the
    parts add up to the count claimed."""


@dataclass(frozen=True, slots=True)
class DoubtNode:
    """A doubtful point found by the grammar (condition, hedge, aborted statement, negation)."""

    kind: str
    words: str
    reason: str


@dataclass(frozen=True, slots=True)
class Statement:
    """A parsed, unbound statement."""

    text: str = ""
    language: str = "en"
    phases: tuple[tuple[StepNode, ...], ...] = ()
    facts: tuple[FactNode, ...] = ()
    counts: tuple[CountNode, ...] = ()
    doubts: tuple[DoubtNode, ...] = ()
    ignored: tuple[str, ...] = ()
    corrections: tuple[tuple[str, str], ...] = ()
    """(word as written, lexicon word it was read as)."""
    words: int = 0
    """How many words the text has (punctuation left out): the base of the reading's coverage."""
