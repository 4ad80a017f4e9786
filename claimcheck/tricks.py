"""Sides and trick counts with their perspective explicit.

Trick counts cross module boundaries as :class:`Tricks` (North-South and East-West), read from a
side with :meth:`Tricks.pov`; this is the one place a count is flipped from one side to the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from claimcheck.cards import Seat


class Pair(Enum):
    """A partnership at the table."""

    NS = "NS"
    EW = "EW"

    @classmethod
    def of(cls, seat: Seat) -> Pair:
        """The partnership of *seat*."""
        return cls.NS if seat.is_ns() else cls.EW

    @property
    def other(self) -> Pair:
        """The other partnership."""
        return Pair.EW if self is Pair.NS else Pair.NS

    def has(self, seat: Seat) -> bool:
        """True when *seat* belongs to this partnership."""
        return Pair.of(seat) is self


@dataclass(frozen=True, slots=True)
class Tricks:
    """Tricks won by each partnership."""

    ns: int = 0
    ew: int = 0

    def pov(self, pair: Pair) -> int:
        """Tricks of *pair*."""
        return self.ns if pair is Pair.NS else self.ew

    def add(self, pair: Pair, n: int = 1) -> Tricks:
        """A copy with *n* more tricks for *pair*."""
        if pair is Pair.NS:
            return Tricks(self.ns + n, self.ew)
        return Tricks(self.ns, self.ew + n)

    @classmethod
    def for_pair(cls, pair: Pair, mine: int, theirs: int) -> Tricks:
        """Build from *pair*'s point of view."""
        return cls(mine, theirs) if pair is Pair.NS else cls(theirs, mine)

    @property
    def total(self) -> int:
        """Tricks played in all."""
        return self.ns + self.ew
