"""Claim records as JSON: claimcheck's own schema, ``claimcheck.records/1``.

A document is an object with the schema name and a list of records (a single record object on
its own is accepted too)::

    {
      "schema": "claimcheck.records/1",
      "records": [
        {
          "id": "endings-3",                      string, required
          "board": 3,                             integer or null
          "position": {                           object, required
            "hands": {"N": "AK..2.", "E": "QJ...", "S": "32...", "W": "54..."},
                                                  PBN hands (spades.hearts.diamonds.clubs) the
                                                  seats hold now: trick cards are not in them
            "trump": "S",                         S H D C or NT
            "leader": "W",                        seat that led the trick in progress / to lead
            "trick": ["HK"],                      cards on the trick in progress, in order
            "declarer": "S",                      seat or null
            "won": {"ns": 7, "ew": 3},            tricks won before the trick in progress
            "shown_out": [["E", "H"]],            (seat, suit) pairs seen to show out
            "penalty_cards": "E: CK major, D6 major",     defenders' penalty cards (Law 50)
            "lead_restrictions": "W: S forbidden while on lead"   (Law 50D2, 51B)
          },
          "contract": {"level": 4, "strain": "S", "declarer": "S", "doubled": 0},   or null
          "claimer": "S",                         seat or null
          "claimed": 3,                           remaining tricks claimed (trick in progress
                                                  included), or null
          "statement": "trumps are good",         string or null
          "play": ["SQ", "S2", "SA", "S3"],        cards played before the claim, in order
          "tags": [["ExpectedTricks", "3"]]       other tags, [name, value] pairs in order
        }
      ]
    }

Only ``id`` and ``position`` (with ``hands``, ``trump`` and ``leader``) are required; the other
fields default to empty. Unknown fields are an error, so a typo does not pass silently. Cards are
``SA``/``HT`` (``♠A`` and ``H10`` are read too). Errors are located by source, record number and
the line where the offending JSON object starts.

>>> rec = read_json('{"id": "x", "position": {"hands": {"N": "A...", "E": "K...",'
...                 ' "S": "Q...", "W": "J..."}, "trump": "NT", "leader": "N"}}').records[0]
>>> rec.position.to_play.name
'N'
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
from collections.abc import Iterable, Sequence
from functools import partial
from typing import Any

from claimcheck.cards import Card, Seat, Strain, Suit, hand_from_pbn, hand_to_pbn
from claimcheck.errors import (
    CardError,
    ClaimcheckError,
    FormatError,
    InputError,
    Location,
    PositionError,
)
from claimcheck.formats.record import ClaimRecord, Contract, ReadResult, read_record
from claimcheck.penalty import (
    LeadRestriction,
    PenaltyCard,
    parse_lead_restrictions,
    parse_penalty_cards,
    render_lead_restrictions,
    render_penalty_cards,
)
from claimcheck.position import Position
from claimcheck.tricks import Tricks

__all__ = ["SCHEMA", "read_json", "record_from_dict", "record_to_dict", "write_json"]

SCHEMA = "claimcheck.records/1"
"""The schema name and version written in every document."""

_RECORD_FIELDS = frozenset(
    {"id", "board", "position", "contract", "claimer", "claimed", "statement", "play", "tags"}
)
_POSITION_FIELDS = frozenset(
    {"hands", "trump", "leader", "trick", "declarer", "won", "shown_out", "penalty_cards",
     "lead_restrictions"}
)
_CONTRACT_FIELDS = frozenset({"level", "strain", "declarer", "doubled"})


# --- writing ----------------------------------------------------------------------------------


def record_to_dict(record: ClaimRecord) -> dict[str, Any]:
    """The JSON object of *record*: ``{"id": "b1", "position": {...}, "claimed": 3, ...}``."""
    p = record.position
    c = record.contract
    return {
        "id": record.id,
        "board": record.board,
        "position": {
            "hands": {s.letter: hand_to_pbn(p.hands[s]) for s in Seat},
            "trump": _strain_text(p.trump),
            "leader": p.leader.letter,
            "trick": [str(card) for card in p.trick],
            "declarer": None if p.declarer is None else p.declarer.letter,
            "won": {"ns": p.won.ns, "ew": p.won.ew},
            "shown_out": [[s.letter, suit.letter] for s, suit in sorted(p.shown_out)],
            **({"penalty_cards": render_penalty_cards(p.penalty_cards)}
               if p.penalty_cards else {}),
            **({"lead_restrictions": render_lead_restrictions(p.lead_restrictions)}
               if p.lead_restrictions else {}),
        },
        "contract": None if c is None else {
            "level": c.level,
            "strain": _strain_text(c.strain),
            "declarer": c.declarer.letter,
            "doubled": c.doubled,
        },
        "claimer": None if record.claimer is None else record.claimer.letter,
        "claimed": record.claimed,
        "statement": record.statement,
        "play": [str(card) for card in record.play],
        "tags": [[k, v] for k, v in record.tags],
    }


def write_json(records: Iterable[ClaimRecord]) -> str:
    """A ``claimcheck.records/1`` document of *records* (sorted keys, indent 2, final newline)."""
    doc = {"schema": SCHEMA, "records": [record_to_dict(r) for r in records]}
    return json.dumps(doc, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def _strain_text(strain: Strain) -> str:
    return "NT" if strain is Strain.NT else strain.name


# --- reading ----------------------------------------------------------------------------------


class _Obj(dict[str, Any]):
    """A JSON object that remembers the line where it starts."""

    line: int = 0


def _decoder() -> json.JSONDecoder:
    """A decoder whose objects are :class:`_Obj` carrying their starting line."""
    decoder = json.JSONDecoder()

    def parse_object(
        s_and_end: tuple[str, int], *args: Any, **kwargs: Any
    ) -> tuple[_Obj, int]:
        s, end = s_and_end
        value, new_end = _JSON_OBJECT(s_and_end, *args, **kwargs)
        obj = _Obj(value)
        obj.line = s.count("\n", 0, end) + 1
        return obj, new_end

    setattr(decoder, "parse_object", parse_object)  # noqa: B010 - not in the stubs
    # The C scanner ignores parse_object; the pure-Python one calls it.
    setattr(decoder, "scan_once", _PY_MAKE_SCANNER(decoder))  # noqa: B010
    return decoder


# Private to the json package and absent from its stubs, but stable since Python 3.1.
_JSON_OBJECT: Any = getattr(json.decoder, "JSONObject")  # noqa: B009
_PY_MAKE_SCANNER: Any = getattr(json.scanner, "py_make_scanner")  # noqa: B009


def read_json(text: str, source: str = "<json>") -> ReadResult:
    """Read a ``claimcheck.records/1`` document, or one record object, into a :class:`ReadResult`.

    A document-level problem (not JSON, wrong schema, no records list) is returned as a single
    located error; a bad record is reported and the others are still read.
    """
    try:
        doc = _decoder().decode(text)
    except json.JSONDecodeError as exc:
        return ReadResult(
            errors=(FormatError(f"not JSON: {exc.msg}", Location(source, None, exc.lineno)),)
        )
    if not isinstance(doc, _Obj):
        return ReadResult(
            errors=(FormatError(
                f"a claimcheck JSON document is an object, got {_type_name(doc)}",
                Location(source, None, 1),
            ),)
        )
    items: Sequence[Any]
    if "records" in doc or "schema" in doc:
        schema = doc.get("schema")
        problem: str | None = None
        if schema is None:
            problem = f'missing field "schema" (expected "{SCHEMA}")'
        elif not isinstance(schema, str):
            problem = f'"schema" must be a string, got {_type_name(schema)}'
        elif schema.split("/")[0] != SCHEMA.split("/")[0]:
            problem = f'unknown schema {schema!r} (expected "{SCHEMA}")'
        elif schema != SCHEMA:
            problem = f'unknown schema version {schema!r} (this claimcheck reads "{SCHEMA}")'
        elif "records" not in doc:
            problem = 'missing field "records"'
        elif not isinstance(doc["records"], list):
            problem = f'"records" must be a list, got {_type_name(doc["records"])}'
        else:
            extra = sorted(set(doc) - {"schema", "records"})
            if extra:
                problem = f"unknown field {extra[0]!r} in the document"
        if problem is not None:
            return ReadResult(errors=(FormatError(problem, Location(source, None, doc.line)),))
        items = doc["records"]
    else:
        items = [doc]
    records: list[ClaimRecord] = []
    errors: list[ClaimcheckError] = []
    for number, item in enumerate(items, start=1):
        line = item.line if isinstance(item, _Obj) else doc.line
        where = Location(source, number, line)
        read_record(partial(record_from_dict, item, where), where, "record", records, errors)
    return ReadResult(tuple(records), tuple(errors))


def record_from_dict(obj: Any, where: Location | None = None) -> ClaimRecord:
    """The :class:`ClaimRecord` of one JSON record object (see the module doc for the fields).

    :raises FormatError: on a missing field, a wrong type, an unknown field or a bad card.
    :raises PositionError: when the position is impossible (every problem listed).
    """
    where = where or Location()
    rec = _object(obj, "record", where.line or 0)
    line = rec.line or where.line or 0
    _no_extra(rec, _RECORD_FIELDS, "record", line)
    record_id = _get(rec, "id", str, line, required=True)
    pos_obj = _object(_get(rec, "position", dict, line, required=True), '"position"', line)
    position = _position(pos_obj, pos_obj.line or line)
    contract: Contract | None = None
    contract_obj = _get(rec, "contract", dict, line)
    if contract_obj is not None:
        contract = _contract(_object(contract_obj, '"contract"', line), line)
    board = _get(rec, "board", int, line)
    claimer = _seat(_get(rec, "claimer", str, line), "claimer", line)
    claimed = _get(rec, "claimed", int, line)
    if claimed is not None and not 0 <= claimed <= position.tricks_left:
        raise FormatError(
            f'"claimed" must be between 0 and the {position.tricks_left} tricks left, got '
            f"{claimed}",
            Location(line=line),
        )
    statement = _get(rec, "statement", str, line)
    play = _cards(_get(rec, "play", list, line) or [], "play", line)
    tags_raw = _get(rec, "tags", list, line) or []
    tags: list[tuple[str, str]] = []
    for tag in tags_raw:
        if (
            not isinstance(tag, list) or len(tag) != 2
            or not all(isinstance(x, str) for x in tag)
        ):
            raise FormatError(
                f'each of "tags" is a [name, value] pair of strings, got {tag!r}',
                Location(line=line),
            )
        tags.append((tag[0], tag[1]))
    return ClaimRecord(
        id=record_id,
        position=position,
        contract=contract,
        claimer=claimer,
        claimed=claimed,
        statement=statement,
        source=where,
        play=play,
        board=board,
        tags=tuple(tags),
        format="json",
    )


def _position(obj: _Obj, line: int) -> Position:
    _no_extra(obj, _POSITION_FIELDS, '"position"', line)
    hands_obj = _object(_get(obj, "hands", dict, line, required=True), '"hands"', line)
    _no_extra(hands_obj, frozenset("NESW"), '"hands"', line)
    hands: list[frozenset[Card]] = []
    for seat in Seat:
        text = _get(hands_obj, seat.letter, str, line, required=True, where='"hands"')
        try:
            hands.append(hand_from_pbn(text))
        except CardError as exc:
            raise FormatError(
                f"bad hand for {seat.long_name}: {exc.message}", Location(line=line)
            ) from None
    trump = _get(obj, "trump", str, line, required=True)
    leader = _get(obj, "leader", str, line, required=True)
    trick = _cards(_get(obj, "trick", list, line) or [], "trick", line)
    declarer = _get(obj, "declarer", str, line)
    won = Tricks()
    won_obj = _get(obj, "won", dict, line)
    if won_obj is not None:
        won_o = _object(won_obj, '"won"', line)
        _no_extra(won_o, frozenset({"ns", "ew"}), '"won"', line)
        won = Tricks(
            _get(won_o, "ns", int, line, where='"won"') or 0,
            _get(won_o, "ew", int, line, where='"won"') or 0,
        )
    shown: list[tuple[Seat, Suit]] = []
    for pair in _get(obj, "shown_out", list, line) or []:
        if not (
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair)
        ):
            raise FormatError(
                f'each of "shown_out" is a [seat, suit] pair, got {pair!r}', Location(line=line)
            )
        who = _seat(pair[0], "seat in shown_out", line)
        if who is None or pair[1] not in ("S", "H", "D", "C"):
            raise FormatError(f"unknown suit {pair[1]!r} in shown_out", Location(line=line))
        shown.append((who, Suit[pair[1]]))
    penalty: tuple[PenaltyCard, ...] = ()
    restrictions: tuple[LeadRestriction, ...] = ()
    try:
        text = _get(obj, "penalty_cards", str, line)
        if text:
            penalty = parse_penalty_cards(text)
        text = _get(obj, "lead_restrictions", str, line)
        if text:
            restrictions = parse_lead_restrictions(text)
    except InputError as exc:
        if isinstance(exc, FormatError):
            raise
        raise FormatError(exc.message, Location(line=line)) from None
    try:
        return Position.build(
            hands, trump, leader, trick, declarer=declarer, won=won, shown_out=shown,
            penalty_cards=penalty, lead_restrictions=restrictions,
        )
    except PositionError as exc:
        raise PositionError(exc.message, Location(line=line), exc.problems) from None


def _contract(obj: _Obj, line: int) -> Contract:
    line = obj.line or line
    _no_extra(obj, _CONTRACT_FIELDS, '"contract"', line)
    level = _get(obj, "level", int, line, required=True, where='"contract"')
    if not 1 <= level <= 7:
        raise FormatError(f"contract level must be 1 to 7, got {level}", Location(line=line))
    strain_text = _get(obj, "strain", str, line, required=True, where='"contract"')
    try:
        strain = Strain.parse(strain_text)
    except CardError as exc:
        raise FormatError(exc.message, Location(line=line)) from None
    declarer = _seat(
        _get(obj, "declarer", str, line, required=True, where='"contract"'), "declarer", line
    )
    assert declarer is not None
    doubled = _get(obj, "doubled", int, line, where='"contract"') or 0
    if doubled not in (0, 1, 2):
        raise FormatError(
            f'"doubled" is 0, 1 (doubled) or 2 (redoubled), got {doubled}', Location(line=line)
        )
    return Contract(level, strain, declarer, doubled)


def _object(value: Any, what: str, line: int) -> _Obj:
    if not isinstance(value, dict):
        raise FormatError(f"{what} must be an object, got {_type_name(value)}", Location(line=line))
    if isinstance(value, _Obj):
        return value
    obj = _Obj(value)
    obj.line = line
    return obj


def _get(
    obj: dict[str, Any],
    key: str,
    kind: type,
    line: int,
    *,
    required: bool = False,
    where: str = "",
) -> Any:
    """``obj[key]`` checked to be a *kind* (None allowed unless *required*)."""
    inside = f" in {where}" if where else ""
    if key not in obj or obj[key] is None:
        if required:
            raise FormatError(f'missing field "{key}"{inside}', Location(line=line))
        return None
    value = obj[key]
    # bool is an int in Python, but true is not a trick count.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise FormatError(
            f'"{key}"{inside} must be {_KIND_NAMES[kind]}, got {_type_name(value)}',
            Location(line=line),
        )
    return value


_KIND_NAMES: dict[type, str] = {
    str: "a string", int: "an integer", list: "a list", dict: "an object",
}


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _no_extra(obj: dict[str, Any], allowed: frozenset[str], what: str, line: int) -> None:
    extra = sorted(set(obj) - allowed)
    if extra:
        raise FormatError(f"unknown field {extra[0]!r} in {what}", Location(line=line))


def _seat(value: str | None, what: str, line: int) -> Seat | None:
    if value is None:
        return None
    try:
        return Seat.parse(value)
    except CardError:
        raise FormatError(
            f"unknown {what} {value!r} (expected N, E, S or W)", Location(line=line)
        ) from None


def _cards(values: list[Any], what: str, line: int) -> tuple[Card, ...]:
    out: list[Card] = []
    for value in values:
        if not isinstance(value, str):
            raise FormatError(
                f'"{what}" holds card strings like "SA", got {_type_name(value)}',
                Location(line=line),
            )
        try:
            out.append(Card.parse(value))
        except CardError:
            raise FormatError(f"bad card {value!r} in {what}", Location(line=line)) from None
    return tuple(out)
