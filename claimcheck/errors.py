"""The claimcheck error hierarchy.

A leaf module: it imports nothing from claimcheck. Every error a user can cause derives from
:class:`ClaimcheckError` *and* from ``ValueError``; trouble inside the solver derives from
``RuntimeError``. Errors about input carry where the problem is (file, record, line), so the CLI
and a batch audit can say exactly which record is wrong without a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Location:
    """Where in the input something is: file, record number (1-based) and line (1-based)."""

    source: str | None = None
    record: int | None = None
    line: int | None = None

    def __str__(self) -> str:
        parts = []
        if self.source:
            parts.append(self.source)
        if self.record is not None:
            parts.append(f"record {self.record}")
        if self.line is not None:
            parts.append(f"line {self.line}")
        return ", ".join(parts)


class ClaimcheckError(Exception):
    """Raised when claimcheck cannot do what it was asked; the base of all its errors."""

    def __init__(self, message: str, location: Location | None = None) -> None:
        self.message = message
        self.location = location or Location()
        where = str(self.location)
        super().__init__(f"{where}: {message}" if where else message)

    def at(self, location: Location) -> ClaimcheckError:
        """Return a copy of this error placed at *location* (fields already set are kept)."""
        merged = Location(
            self.location.source or location.source,
            self.location.record if self.location.record is not None else location.record,
            self.location.line if self.location.line is not None else location.line,
        )
        return type(self)(self.message, merged)


class InputError(ClaimcheckError, ValueError):
    """Raised when an input (file, diagram, option value) cannot be read."""


class CardError(InputError):
    """Raised when a card, rank, suit or seat cannot be read from text."""


class PositionError(InputError):
    """Raised when a position is impossible; the message lists every problem found at once."""

    def __init__(
        self,
        message: str,
        location: Location | None = None,
        problems: tuple[str, ...] = (),
    ) -> None:
        self.problems = problems or (message,)
        super().__init__(message, location)

    def at(self, location: Location) -> PositionError:
        """Return a copy of this error placed at *location*."""
        base = ClaimcheckError.at(self, location)
        return PositionError(self.message, base.location, self.problems)


class FormatError(InputError):
    """Raised when a PBN, LIN, diagram or JSON record is malformed."""


class StatementError(InputError):
    """Raised when a statement cannot be read at all (never for a doubtful point)."""


class PlayError(InputError):
    """Raised when a card cannot be played: not held, revoke, or play after the last trick."""


class SolverError(ClaimcheckError, RuntimeError):
    """Raised when the double-dummy solver reports a failure."""
