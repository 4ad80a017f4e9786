"""ClaimRecord: one claim as read from a file, whatever the format.

Every reader returns :class:`ReadResult`: the records it could read and a located error for each
one it could not, so a batch goes on past a bad record.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from claimcheck.cards import Card, Seat, Strain
from claimcheck.errors import ClaimcheckError, FormatError, Location, PositionError
from claimcheck.position import Position
from claimcheck.tricks import Pair


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract: level, strain, doubling and declarer."""

    level: int
    strain: Strain
    declarer: Seat
    doubled: int = 0
    """0 undoubled, 1 doubled, 2 redoubled."""

    def __str__(self) -> str:
        strain = "NT" if self.strain is Strain.NT else self.strain.name
        return f"{self.level}{strain}{'X' * self.doubled} by {self.declarer.letter}"

    @property
    def pbn(self) -> str:
        """The PBN ``[Contract]`` value: ``4SX``."""
        strain = "NT" if self.strain is Strain.NT else self.strain.name
        return f"{self.level}{strain}{'X' * self.doubled}"


@dataclass(frozen=True, slots=True)
class ClaimRecord:
    """One record at its claim point.

    The position is the one at the moment of the claim (mid-trick claims included). *claimed*
    counts the remaining tricks (the trick in progress included) the claimer's side claims; a
    concession of everything is ``claimed=0``.
    """

    id: str
    """A stable id: the file stem and board or record number."""
    position: Position
    contract: Contract | None = None
    claimer: Seat | None = None
    """Who claimed; None when the record does not say (LIN ``mc`` does not)."""
    claimed: int | None = None
    """Remaining tricks claimed by the claimer's side."""
    statement: str | None = None
    """The clarification statement, when the record has one."""
    source: Location = field(default_factory=Location)
    """Where the record was read: file, record number, line of its start."""
    play: tuple[Card, ...] = ()
    """The cards played before the claim, in play order."""
    board: int | None = None
    tags: tuple[tuple[str, str], ...] = ()
    """Every other tag of the record, kept in order (PBN tags, our expectation tags)."""
    format: str = ""
    """``pbn``, ``lin``, ``diagram`` or ``json``."""

    def tag(self, name: str) -> str | None:
        """The value of tag *name* (case-insensitive), or None."""
        low = name.lower()
        for key, value in self.tags:
            if key.lower() == low:
                return value
        return None

    @property
    def claimer_pair(self) -> Pair | None:
        """The claimer's partnership."""
        return None if self.claimer is None else Pair.of(self.claimer)


@dataclass(frozen=True, slots=True)
class ReadResult:
    """What a reader got from one input: the good records, the located errors, and a located
    reason for each record it read but did not keep (no claim in it)."""

    records: tuple[ClaimRecord, ...] = ()
    errors: tuple[ClaimcheckError, ...] = ()
    skipped: tuple[str, ...] = ()
    """``"deals.pbn, record 2, line 9: the play is complete (no claim)"`` and the like."""

    def __add__(self, other: ReadResult) -> ReadResult:
        return ReadResult(self.records + other.records, self.errors + other.errors,
                          self.skipped + other.skipped)


class NoClaim(Exception):  # noqa: N818  # not an error: a record that holds no claim
    """Raised by a reader's record builder for a record with no claim, saying why."""


def read_record(
    build: Callable[[], ClaimRecord | None], where: Location, what: str,
    records: list[ClaimRecord], errors: list[ClaimcheckError],
    skipped: list[str] | None = None,
) -> None:
    """Build one record and keep it, or keep a located error and let the batch go on.

    Every reader reports a bad record the same way: a :class:`PositionError` when the position
    is impossible, a :class:`FormatError` for anything else, placed at *where* (file, record,
    line). A record with no claim (*build* returns None, or raises :class:`NoClaim` with the
    reason, which goes to *skipped* located at *where*) is not kept.
    """
    try:
        record = build()
    except NoClaim as why:
        if skipped is not None:
            skipped.append(f"{where}: {why}")
        return
    except PositionError as exc:
        errors.append(exc.at(where))
        return
    except ClaimcheckError as exc:
        located = exc.at(where)
        errors.append(FormatError(located.message, located.location))
        return
    except (ValueError, KeyError, IndexError) as exc:  # a batch must go on past any record
        errors.append(FormatError(f"cannot read this {what}: {exc}", where))
        return
    if record is not None:
        records.append(record)
