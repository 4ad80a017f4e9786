"""Load claim records from files in any supported format (PBN, LIN, diagram, JSON).

The format comes from the file extension, and from the content for ``.txt`` files (a PBN
game, a LIN string or hand-viewer URL, a JSON object, or a hand diagram). Files are read as
UTF-8, falling back to Latin-1, and never modified.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Literal, cast

from claimcheck.errors import FormatError, InputError, Location
from claimcheck.formats.record import ClaimRecord, ReadResult

Format = Literal["pbn", "lin", "diagram", "json"]

__all__ = [
    "ClaimRecord", "Format", "ReadResult", "is_url", "load", "load_many", "load_text", "sniff",
]

_BY_EXT: dict[str, str] = {".pbn": "pbn", ".lin": "lin", ".json": "json", ".diag": "diagram"}
_PBN_TAG = re.compile(r'^\s*\[\s*\w+\s*"', re.MULTILINE)
_LIN = re.compile(r"(^|\|)\s*(md|pn|qx|vg|mb|pc|st)\|", re.IGNORECASE | re.MULTILINE)
_URL = re.compile(r"handviewer\.html\?|\[hv=", re.IGNORECASE)
_DIAGRAM_LINE = re.compile(
    r"^\s*(?:[♠♥♦♣♤♡♢♧]|[SHDC]\s*[:.]?\s*(?:[AKQJT2-9xX]|10|-|—)).*$", re.MULTILINE
)


def sniff(text: str, filename: str = "") -> str:
    """Tell the format of *text*: ``pbn``, ``lin``, ``json``, ``diagram`` or ``unknown``.

    The extension of *filename* decides for ``.pbn``, ``.lin``, ``.json`` and ``.diag``; any
    other name (``.txt`` or none) is decided by the content.
    """
    ext = Path(filename).suffix.lower()
    if ext in _BY_EXT:
        return _BY_EXT[ext]
    body = text.lstrip("\ufeff").strip()
    if not body:
        return "unknown"
    if body[0] in "{[" and not _PBN_TAG.search(body):
        return "json"
    if _PBN_TAG.search(body):
        return "pbn"
    if _URL.search(body) or _LIN.search(body):
        return "lin"
    if re.search("[♠♥♦♣♤♡♢♧ª©¨§]", body) or len(_DIAGRAM_LINE.findall(body)) >= 2:
        return "diagram"
    # Letter-only, French and Russian diagrams: ask the diagram reader itself.
    from claimcheck.errors import ClaimcheckError
    from claimcheck.formats.diagram import parse_diagram

    try:
        if len(parse_diagram(body.split("\n---")[0]).shown) >= 2:
            return "diagram"
    except ClaimcheckError:
        pass
    return "unknown"


_URL_ARG = re.compile(r"^\s*(?:https?://|www\.)\S*handviewer\S*\?|^\s*https?://\S*[?&]lin=",
                      re.IGNORECASE)


def is_url(text: str) -> bool:
    """True when *text* (a command-line FILE) is a BBO hand-viewer URL rather than a path."""
    return _URL_ARG.match(text) is not None


def load_text(text: str, fmt: Format | None = None, source: str = "<text>",
              lang: str | None = None, board: int | None = None) -> ReadResult:
    """Read claim records from *text* in *fmt* (sniffed from the content when None).

    *lang* (``en`` or ``fr``) says which letters a diagram's contract uses (``4C`` is 4 Cœur
    in French); by default the diagram's own notation decides. *board*, when given, lets a
    LIN reader skip the records of other board numbers (the caller still picks among those
    returned); the other readers return every record.
    """
    kind = fmt or sniff(text, "" if source.startswith("<") else source)
    text = text.lstrip("\ufeff")
    if kind == "pbn":
        from claimcheck.formats.pbn import read_pbn

        return read_pbn(text, source)
    if kind == "lin":
        from claimcheck.formats.lin import read_lin

        return read_lin(text, source, board)
    if kind == "diagram":
        from claimcheck.formats.diagram import read_diagram

        return read_diagram(text, source, lang)
    if kind == "json":
        from claimcheck.formats.jsonfmt import read_json

        return read_json(text, source)
    return ReadResult(errors=(FormatError(
        "cannot tell the format (expected PBN, LIN, a hand-viewer URL, JSON or a diagram)",
        Location(source),
    ),))


def read_file_text(path: str | Path) -> str:
    """The text of *path*: UTF-8, or Latin-1 when it is not valid UTF-8.

    :raises InputError: when the file cannot be read.
    """
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise InputError(
            f"cannot read the file: {exc.strerror or exc}", Location(str(path))
        ) from exc
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def load(path: str | Path, lang: str | None = None, board: int | None = None) -> ReadResult:
    """Read the claim records of one file, or of a hand-viewer URL given in its place (read as
    LIN, never fetched); an unreadable file is an error in the result. *board*: as
    :func:`load_text`."""
    source = str(path)
    if isinstance(path, str) and is_url(path):
        return load_text(path.strip(), "lin", "<hand-viewer URL>", board=board)
    try:
        text = read_file_text(path)
    except InputError as exc:
        return ReadResult(errors=(exc,))
    kind = sniff(text, source)
    return load_text(text, None if kind == "unknown" else cast(Format, kind), source, lang,
                     board)


def load_many(paths: Iterable[str | Path]) -> ReadResult:
    """Read many files; directories are walked (sorted), skipping README.md and unknown files."""
    result = ReadResult()
    for item in paths:
        path = Path(item)
        if path.is_dir():
            for child in sorted(p for p in path.rglob("*") if p.is_file()):
                if child.name.lower() == "readme.md":
                    continue
                if child.suffix.lower() not in _BY_EXT and child.suffix.lower() != ".txt":
                    continue
                if child.suffix.lower() == ".txt":
                    try:
                        text = read_file_text(child)
                    except InputError as exc:
                        result = result + ReadResult(errors=(exc,))
                        continue
                    kind = sniff(text, str(child))
                    if kind == "unknown":
                        continue
                    result = result + load_text(text, cast(Format, kind), str(child))
                    continue
                result = result + load(child)
        else:
            result = result + load(path)
    return result
