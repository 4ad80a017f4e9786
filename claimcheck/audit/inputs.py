"""The records of an audit: files and folders walked, each file checked before it is parsed.

Every file found is accounted for: its records are ruled, or it is reported as unreadable with a
reason (a broken link, too big, binary, a read or format error), or it is listed as skipped (a
file in a folder whose format is not a record format). Files are only ever read.

Checks made before parsing, so a 100 MB log or a binary file is rejected in milliseconds:

* size: a record file is at most :data:`MAX_FILE_BYTES` (an option of :func:`read_inputs`);
* content: a NUL byte in the first 64 KiB means a binary file (UTF-16 with a byte-order mark
  is read as text).

A record's id in the audit is its file's path (as given or found) and the record within it,
``deals/examples/endings.pbn:2``, so two ``x.txt`` in different folders never collide.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, cast

from claimcheck.errors import ClaimcheckError
from claimcheck.formats import Format, load_text, sniff
from claimcheck.formats.record import ClaimRecord

MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest file read as a record file (16 MiB: the biggest real vugraph file is ~20 KB)."""

RECORD_SUFFIXES = frozenset({".pbn", ".lin", ".json", ".diag"})
"""Suffixes read as record files when met in a folder."""
SNIFFED_SUFFIXES = frozenset({".txt", ""})
"""Suffixes whose format is told by the content (BBO vugraph archive files have none)."""

Kind = Literal["claim", "unfinished"]


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A file or record that could not be read, and why."""

    where: str
    reason: str

    def __str__(self) -> str:
        return f"{self.where}: {self.reason}"


@dataclass(frozen=True, slots=True)
class Item:
    """One record to rule on: its unique id, its place in the input order and its kind."""

    uid: str
    index: int
    kind: Kind
    record: ClaimRecord
    fingerprint: str


@dataclass
class Inputs:
    """What the paths gave: records to rule, unreadable files and records, records without a
    claim, and files skipped as not record files."""

    items: list[Item] = field(default_factory=list)
    unreadable: list[Unreadable] = field(default_factory=list)
    unclaimed: list[tuple[str, str]] = field(default_factory=list)
    """(id, one-line summary) of each record with no claim (nothing to rule on)."""
    skipped: list[str] = field(default_factory=list)
    files: int = 0
    """Files read."""


def fingerprint(record: ClaimRecord) -> str:
    """A digest of everything a ruling reads from *record* (a changed file is ruled again)."""
    from claimcheck.formats.jsonfmt import record_to_dict

    text = json.dumps(record_to_dict(record), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _walk(root: Path, found: list[tuple[Path, bool]], problems: list[Unreadable]) -> None:
    """Files under *root* (sorted, hidden entries skipped, links to folders not followed)."""
    def on_error(exc: OSError) -> None:
        problems.append(Unreadable(str(exc.filename or root),
                                   f"cannot list the folder: {exc.strerror or exc}"))

    for dirpath, dirnames, filenames in os.walk(root, onerror=on_error):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            if not name.startswith("."):
                found.append((Path(dirpath) / name, False))


def _files(paths: Iterable[str | Path], exclude: set[Path]
           ) -> tuple[list[tuple[Path, bool]], list[Unreadable]]:
    """Each file to consider with whether it was named explicitly, duplicates removed."""
    found: list[tuple[Path, bool]] = []
    problems: list[Unreadable] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            _walk(path, found, problems)
        else:
            found.append((path, True))
    out: list[tuple[Path, bool]] = []
    seen: set[Path] = set()
    for path, explicit in found:
        key = Path(os.path.realpath(path))
        if key in seen or key in exclude:
            continue
        seen.add(key)
        out.append((path, explicit))
    return out, problems


def _decode(raw: bytes) -> str:
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return raw.decode("utf-16")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def read_file(path: Path, max_bytes: int = MAX_FILE_BYTES) -> str:
    """The text of a record file, checked for size and binary content before it is read whole.

    :raises OSError: when the file cannot be read.
    :raises ValueError: with the reason, when the file is too big or binary.
    """
    if path.is_symlink() and not path.exists():
        raise ValueError(f"broken symbolic link (to {os.readlink(path)}, which does not exist)")
    size = path.stat().st_size
    if size > max_bytes:
        raise ValueError(f"file of {size / 1e6:.1f} MB is over the {max_bytes / 1e6:.1f} MB a "
                         "record file may have (not read; see --max-file-mb)")
    with path.open("rb") as fh:
        raw = fh.read(max_bytes + 1)
    if len(raw) > max_bytes:  # grew while we looked
        raise ValueError(f"file is over the {max_bytes / 1e6:.1f} MB a record file may have")
    head = raw[:65536]
    if not head.startswith((b"\xff\xfe", b"\xfe\xff")) and b"\x00" in head:
        offset = head.index(b"\x00")
        raise ValueError(f"binary content (a NUL byte at offset {offset}): "
                         "not a text record file")
    return _decode(raw)


def _relative_id(path: str, record: ClaimRecord) -> str:
    """``<path>:<record>``: the record's own id without its file-stem prefix."""
    stem = Path(path).stem
    rid = record.id
    if rid.startswith(stem + ":"):
        rid = rid[len(stem) + 1:]
    return f"{path}:{rid}"


def _summary(record: ClaimRecord) -> str:
    pos = record.position
    contract = str(record.contract) if record.contract else "no contract"
    played = 13 - pos.tricks_left
    return (f"{contract}; play stops after {played} trick(s), {len(pos.trick)} card(s) of the "
            f"next; NS {pos.won.ns}, EW {pos.won.ew}; no claim recorded")


def is_unfinished(record: ClaimRecord) -> bool:
    """True when play started, stopped before the end, and no claim was recorded."""
    pos = record.position
    started = pos.tricks_left < 13 or bool(pos.trick)
    return (record.claimed is None and pos.declarer is not None and not pos.is_over()
            and started)


def read_inputs(
    paths: Iterable[str | Path], *, unfinished: bool = False,
    max_bytes: int = MAX_FILE_BYTES, exclude: Iterable[str | Path] = (),
) -> Inputs:
    """Find and read every record under *paths* (files, and folders walked recursively).

    Files named explicitly are always read; in folders, files with a record suffix are read,
    ``.txt`` and suffix-less files when their content looks like a record format, and others
    are listed as skipped. With *unfinished*, a record whose play stopped with no claim becomes
    an item of kind ``unfinished``. *exclude* names files never to read (the audit's own
    output and journal).
    """
    excluded = {Path(os.path.realpath(p)) for p in exclude}
    files, problems = _files(paths, excluded)
    out = Inputs(unreadable=problems)
    uids: set[str] = set()
    for path, explicit in files:
        source = str(path)
        suffix = path.suffix.lower()
        if not explicit:
            if path.name.lower() == "readme.md" or (
                suffix not in RECORD_SUFFIXES and suffix not in SNIFFED_SUFFIXES
            ):
                out.skipped.append(source)
                continue
        try:
            text = read_file(path, max_bytes)
        except ValueError as exc:
            out.unreadable.append(Unreadable(source, str(exc)))
            continue
        except OSError as exc:
            out.unreadable.append(Unreadable(source,
                                             f"cannot read the file: {exc.strerror or exc}"))
            continue
        kind = sniff(text, source)
        if kind == "unknown" and not explicit:
            out.skipped.append(source)
            continue
        out.files += 1
        result = load_text(text, None if kind == "unknown" else cast(Format, kind), source)
        for err in result.errors:
            out.unreadable.append(_located(err, source))
        for record in result.records:
            uid = _relative_id(source, record)
            n = 2
            base = uid
            while uid in uids:
                uid, n = f"{base}-{n}", n + 1
            uids.add(uid)
            has_claim = record.claimed is not None and (
                record.claimer is not None or record.position.declarer is not None)
            if has_claim:
                out.items.append(Item(uid, len(out.items), "claim", record,
                                      fingerprint(record)))
            elif unfinished and is_unfinished(record):
                out.items.append(Item(uid, len(out.items), "unfinished", record,
                                      fingerprint(record)))
            else:
                out.unclaimed.append((uid, _summary(record)))
    return out


def _located(err: ClaimcheckError, source: str) -> Unreadable:
    where = str(err.location) or source
    return Unreadable(where, err.message)
