"""The progress bar of an audit on a terminal (the only module importing tqdm).

It shows records done of the total, the rate and the time left, on stderr; it is silent when
disabled (not a terminal, or ``--quiet``). Records taken from a journal count as done at the
start, so the rate and the time left are those of the records still to rule.
"""

from __future__ import annotations

from typing import IO, Any

from claimcheck.audit import AuditEntry


class ProgressBar:
    """A callable for :func:`claimcheck.audit.audit`'s *progress* that draws a tqdm bar."""

    def __init__(self, *, enabled: bool, file: IO[str] | None = None) -> None:
        self.enabled = enabled
        self.file = file
        self._bar: Any = None

    def __call__(self, done: int, total: int, entry: AuditEntry | None) -> None:
        if not self.enabled:
            return
        if self._bar is None:
            from tqdm import tqdm

            self._bar = tqdm(total=total, initial=done, unit="rec", file=self.file,
                             dynamic_ncols=True, smoothing=0.1, leave=True,
                             desc="audit")
            return
        self._bar.update(done - self._bar.n)
        if entry is not None:
            self._bar.set_postfix_str(entry.id[-40:], refresh=False)

    def close(self) -> None:
        """Finish the bar (its last state stays on the terminal)."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None
