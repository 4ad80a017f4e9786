"""Nothing lost: each finished record is appended to a journal of JSON lines at once.

A journal (by default ``<output>.journal.jsonl`` beside the output) starts with a header line
holding the settings, then one line per finished record::

    {"journal": "claimcheck.audit-journal/1", "settings": {...}}
    {"id": "deals/x.pbn:1", "fingerprint": "…", "seconds": 0.12, "entry": {...}}

With ``--resume`` the records already in the journal with the same fingerprint (the record has
not changed) are not ruled again; a line cut short by a kill is dropped. A journal written with
other settings is refused rather than mixed. Final outputs are written atomically: a temporary
file in the same folder, flushed and synced, then renamed over the target.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

JOURNAL_SCHEMA = "claimcheck.audit-journal/1"


class JournalError(ValueError):
    """Raised when a journal cannot be resumed (other settings, not a journal, unreadable)."""


@dataclass(frozen=True, slots=True)
class Done:
    """A record finished in an earlier run."""

    fingerprint: str
    seconds: float
    entry: dict[str, Any]


def journal_path(output: str | Path) -> Path:
    """The journal beside *output*."""
    out = Path(output)
    return out.with_name(out.name + ".journal.jsonl")


class Journal:
    """An append-only journal of finished records."""

    def __init__(self, path: str | Path, settings: dict[str, Any], *, resume: bool) -> None:
        self.path = Path(path)
        self.settings = settings
        self.done: dict[str, Done] = {}
        if resume and self.path.exists():
            self._load()
            self._fh: IO[str] = self.path.open("a", encoding="utf-8")
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fh = self.path.open("w", encoding="utf-8")
            self._write({"journal": JOURNAL_SCHEMA, "settings": settings})

    def _load(self) -> None:
        try:
            raw = self.path.read_bytes()
        except OSError as exc:
            raise JournalError(f"{self.path}: cannot read the journal: {exc.strerror}") from exc
        if raw and not raw.endswith(b"\n"):
            # The last line was cut short by a kill: drop it, so appends start on a new line.
            keep = raw.rfind(b"\n") + 1
            with self.path.open("r+b") as fh:
                fh.truncate(keep)
            raw = raw[:keep]
        lines = raw.decode("utf-8").splitlines()
        if not lines:
            with self.path.open("w", encoding="utf-8") as fh:
                fh.write(json.dumps({"journal": JOURNAL_SCHEMA, "settings": self.settings},
                                    sort_keys=True) + "\n")
            return
        try:
            header = json.loads(lines[0])
        except json.JSONDecodeError:
            header = None
        if not isinstance(header, dict) or header.get("journal") != JOURNAL_SCHEMA:
            raise JournalError(f"{self.path}: not an audit journal (first line)")
        if header.get("settings") != self.settings:
            raise JournalError(
                f"{self.path}: the journal was made with other settings "
                f"({_diff(header.get('settings'), self.settings)}); run without --resume to "
                "start over"
            )
        for number, line in enumerate(lines[1:], start=2):
            try:
                obj = json.loads(line)
                self.done[str(obj["id"])] = Done(str(obj["fingerprint"]),
                                                 float(obj["seconds"]), dict(obj["entry"]))
            except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
                raise JournalError(f"{self.path}, line {number}: not a journal line ({exc})"
                                   ) from exc

    def _write(self, obj: dict[str, Any]) -> None:
        self._fh.write(json.dumps(obj, sort_keys=True, ensure_ascii=False) + "\n")
        self._fh.flush()

    def append(self, uid: str, fingerprint: str, seconds: float, entry: dict[str, Any]) -> None:
        """Record a finished record (flushed to the file at once)."""
        self._write({"id": uid, "fingerprint": fingerprint, "seconds": round(seconds, 6),
                     "entry": entry})

    def close(self) -> None:
        """Close the file (the journal stays: a later ``--resume`` redoes nothing)."""
        self._fh.close()


def _diff(old: Any, new: dict[str, Any]) -> str:
    if not isinstance(old, dict):
        return "no settings recorded"
    keys = sorted(set(old) | set(new))
    return ", ".join(f"{k} {old.get(k)!r} then, {new.get(k)!r} now" for k in keys
                     if old.get(k) != new.get(k))


def write_atomic(path: str | Path, text: str) -> None:
    """Write *text* to *path* so that readers see the old file or the whole new one."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        # mkstemp makes the file private; give it the mode a plain open would have.
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
