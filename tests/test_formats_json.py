"""Tests for claimcheck.formats.jsonfmt: the claimcheck.records/1 schema, round trip, errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

from claimcheck.cards import Card, Seat, Strain, Suit, hand_from_pbn
from claimcheck.errors import FormatError, Location, PositionError
from claimcheck.formats.jsonfmt import SCHEMA, read_json, record_to_dict, write_json
from claimcheck.formats.record import ClaimRecord, Contract
from claimcheck.position import Position
from claimcheck.tricks import Tricks


def _records() -> tuple[ClaimRecord, ...]:
    mid_trick = Position.build(
        [hand_from_pbn("2.A.A."), hand_from_pbn(".KQ.Q."), hand_from_pbn("AK...2"),
         hand_from_pbn(".J..Q")],
        "S", "W", [Card.parse("DK")], declarer="S", won=Tricks(8, 2),
        shown_out=[(Seat.E, Suit.C), (Seat.W, Suit.S)],
    )
    ending = Position.from_pbn("N:AQ... ..KQ. 3..A. K5...", trump="NT", leader="S")
    return (
        ClaimRecord(
            id="endings:4", position=mid_trick, contract=Contract(4, Strain.S, Seat.S, 1),
            claimer=Seat.S, claimed=3, statement="Ace of diamonds, then trumps — «tout»",
            play=(Card.parse("SA"), Card.parse("S2")), board=4,
            tags=(("ExpectedTricks", "3"), ("Profile", "club"), ("Profile", "expert")),
        ),
        ClaimRecord(id="bare", position=ending),
    )


FIELDS = ("id", "position", "contract", "claimer", "claimed", "statement", "play", "tags", "board")


def test_round_trip_keeps_every_field() -> None:
    records = _records()
    text = write_json(records)
    result = read_json(text, "rt.json")
    assert result.errors == ()
    assert len(result.records) == len(records)
    for got, want in zip(result.records, records, strict=True):
        for name in FIELDS:
            assert getattr(got, name) == getattr(want, name), name
        assert got.format == "json"
    # Writing again gives the same bytes.
    assert write_json(result.records) == text


def test_document_shape() -> None:
    doc = json.loads(write_json(_records()))
    assert doc["schema"] == SCHEMA == "claimcheck.records/1"
    assert list(doc) == ["records", "schema"]
    first = doc["records"][0]
    assert first["position"]["hands"]["N"] == "2.A.A."
    assert first["position"]["trick"] == ["DK"]
    assert first["contract"] == {"declarer": "S", "doubled": 1, "level": 4, "strain": "S"}
    assert first["tags"][0] == ["ExpectedTricks", "3"]


def test_single_record_object_is_accepted() -> None:
    one = json.dumps(record_to_dict(_records()[1]))
    result = read_json(one, "one.json")
    assert result.errors == ()
    assert result.records[0].id == "bare"
    assert result.records[0].source == Location("one.json", 1, 1)


def test_cards_in_other_forms_are_read() -> None:
    obj = record_to_dict(_records()[0])
    obj["position"]["trick"] = ["♦K"]
    obj["play"] = ["S10", "♠A"]
    (rec,) = read_json(json.dumps(obj)).records
    assert rec.position.trick == (Card.parse("DK"),)
    assert rec.play == (Card.parse("ST"), Card.parse("SA"))


def _doc(record: dict[str, Any]) -> str:
    good = record_to_dict(_records()[1])
    return json.dumps({"schema": SCHEMA, "records": [good, record]}, indent=2)


def _bad(**changes: Any) -> dict[str, Any]:
    rec = record_to_dict(_records()[0])
    for path, value in changes.items():
        target = rec
        keys = path.split("__")
        for key in keys[:-1]:
            target = target[key]
        if value is _DELETE:
            del target[keys[-1]]
        else:
            target[keys[-1]] = value
    return rec


_DELETE = object()

BAD_RECORDS = [
    ("missing-position", _bad(position=_DELETE), 'missing field "position"', FormatError),
    ("missing-id", _bad(id=_DELETE), 'missing field "id"', FormatError),
    ("wrong-type-claimed", _bad(claimed="3"), '"claimed" must be an integer, got a string',
     FormatError),
    ("bool-is-not-int", _bad(board=True), '"board" must be an integer, got a boolean',
     FormatError),
    ("bad-card-in-trick", _bad(position__trick=["D1"]), "bad card 'D1' in trick", FormatError),
    ("bad-card-in-play", _bad(play=["ZZ"]), "bad card 'ZZ' in play", FormatError),
    ("bad-hand", _bad(position__hands__N="2.A.A"), "bad hand for North", FormatError),
    ("missing-hand", _bad(position__hands__W=_DELETE), 'missing field "W" in "hands"',
     FormatError),
    ("unknown-field", _bad(claimd=3), "unknown field 'claimd' in record", FormatError),
    ("unknown-trump", _bad(position__trump="Z"), "unknown trump 'Z'", PositionError),
    ("unknown-leader", _bad(position__leader="X"), "unknown leader 'X'", PositionError),
    ("impossible-position", _bad(position__hands__S="AK...2S"), "bad hand for South",
     FormatError),
    ("duplicate-card", _bad(position__hands__S="AK..A.2"),
     "DA is twice in the deal (North's hand and South's hand)", PositionError),
    ("card-in-hand-and-trick", _bad(position__hands__W=".J.K.Q", position__trick=["DK"]),
     "DK is both in West's hand and in the trick in progress", PositionError),
    ("claimed-too-many", _bad(claimed=9), '"claimed" must be between 0 and the 3 tricks left',
     FormatError),
    ("bad-contract-level", _bad(contract__level=8), "contract level must be 1 to 7",
     FormatError),
    ("bad-tag", _bad(tags=[["only-name"]]), "[name, value] pair", FormatError),
    ("bad-claimer", _bad(claimer="Q"), "unknown claimer 'Q'", FormatError),
]


@pytest.mark.parametrize(
    ("record", "message", "kind"), [b[1:] for b in BAD_RECORDS], ids=[b[0] for b in BAD_RECORDS]
)
def test_bad_record_is_a_located_error(
    record: dict[str, Any], message: str, kind: type[Exception]
) -> None:
    text = _doc(record)
    result = read_json(text, "bad.json")
    assert [r.id for r in result.records] == ["bare"]
    (error,) = result.errors
    assert isinstance(error, kind)
    assert message in str(error)
    assert error.location.source == "bad.json"
    assert error.location.record == 2
    # The second record object starts on the line after the first one's closing brace.
    lines = text.splitlines()
    assert error.location.line is not None
    assert lines[error.location.line - 1].strip() in ("{", '"position": {', '"contract": {')
    assert error.location.line > 20


BAD_DOCUMENTS = [
    ("not-json", '{"schema": ', "not JSON", 1),
    ("not-an-object", "[1, 2]", "a claimcheck JSON document is an object, got a list", 1),
    ("missing-schema", '{"records": []}', 'missing field "schema"', 1),
    ("bad-version", '{"schema": "claimcheck.records/2", "records": []}',
     "unknown schema version 'claimcheck.records/2'", 1),
    ("other-schema", '{"schema": "claimcheck.ruling/1", "records": []}',
     "unknown schema 'claimcheck.ruling/1'", 1),
    ("schema-not-string", '{"schema": 1, "records": []}', '"schema" must be a string', 1),
    ("records-not-list", '{\n"schema": "claimcheck.records/1",\n"records": {}}',
     '"records" must be a list, got an object', 1),
    ("missing-records", '\n\n{"schema": "claimcheck.records/1"}', 'missing field "records"', 3),
]


@pytest.mark.parametrize(
    ("text", "message", "line"), [b[1:] for b in BAD_DOCUMENTS], ids=[b[0] for b in BAD_DOCUMENTS]
)
def test_bad_document_is_a_located_error(text: str, message: str, line: int) -> None:
    result = read_json(text, "doc.json")
    assert result.records == ()
    (error,) = result.errors
    assert isinstance(error, FormatError)
    assert message in str(error)
    assert error.location.source == "doc.json"
    assert error.location.line == line


def test_a_record_that_is_not_an_object() -> None:
    result = read_json('{"schema": "claimcheck.records/1", "records": [3]}', "x.json")
    (error,) = result.errors
    assert "record must be an object, got an integer" in str(error)
    assert error.location.record == 1 and error.location.line == 1
