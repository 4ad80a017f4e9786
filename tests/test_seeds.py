"""The seed deals in their French form equal their PBN transcription; the examples all load."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck.cards import Card, Seat
from claimcheck.formats.diagram import parse_diagram
from claimcheck.formats.pbn import read_pbn
from claimcheck.position import parse_pbn_deal

DEALS = Path(__file__).resolve().parent.parent / "deals"


def _french_diagrams() -> list[str]:
    text = (DEALS / "seeds" / "law55-fr.diagram").read_text(encoding="utf-8")
    return [chunk for chunk in text.split("\n---\n") if chunk.strip()]


def _pbn_deals() -> list[list[frozenset[Card]]]:
    """The four full hands of each seed game, before any card is played."""
    text = (DEALS / "seeds" / "law55.pbn").read_text(encoding="utf-8")
    deals = []
    for line in text.splitlines():
        if line.startswith("[Deal "):
            deals.append(parse_pbn_deal(line.split('"')[1])[1])
    return deals


def test_the_seed_has_two_french_diagrams() -> None:
    diagrams = [parse_diagram(chunk) for chunk in _french_diagrams()]
    assert len(diagrams) == 2
    assert all(d.notation == "fr" and d.layout == "compass" for d in diagrams)


def test_deal_one_matches_its_pbn_transcription() -> None:
    french = parse_diagram(_french_diagrams()[0])
    pbn = _pbn_deals()[0]
    for seat in Seat:
        assert french.hands[seat] == pbn[seat], seat.long_name
    assert [len(h) for h in french.hands] == [13, 13, 13, 13]


def test_deal_two_keeps_every_card_the_french_diagram_shows() -> None:
    french = parse_diagram(_french_diagrams()[1])
    pbn = _pbn_deals()[1]
    for seat in Seat:
        assert french.hands[seat] <= pbn[seat], seat.long_name
    # North-South are shown in full; of East-West, only the hearts.
    assert len(french.hands[Seat.N]) == len(french.hands[Seat.S]) == 13
    assert {c.suit.letter for c in french.hands[Seat.E] | french.hands[Seat.W]} == {"H"}


def test_seed_pbn_reads_and_stops_where_the_text_stops() -> None:
    result = read_pbn((DEALS / "seeds" / "law55.pbn").read_text(encoding="utf-8"), "law55.pbn")
    assert result.errors == ()
    one, two = result.records
    assert one.contract is not None and one.contract.pbn == "6H"
    assert one.position.trick == (Card.parse("HA"), Card.parse("HK"))
    assert two.contract is not None and two.contract.pbn == "4H"
    assert two.play[-1] == Card.parse("HQ")
    assert two.position.won.ns == 3


EXAMPLES = sorted(p for p in (DEALS / "examples").iterdir() if p.is_file())


def test_there_are_enough_examples() -> None:
    suffixes = [p.suffix for p in EXAMPLES]
    assert suffixes.count(".txt") >= 4 and suffixes.count(".lin") >= 2
    assert ".pbn" in suffixes


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_every_example_loads(path: Path) -> None:
    formats = pytest.importorskip("claimcheck.formats")
    load = getattr(formats, "load", None)
    if load is None:
        pytest.skip("claimcheck.formats.load is not there yet")
    result = load(path)
    assert result.errors == ()
    assert result.records
    for record in result.records:
        assert record.claimer is not None
        assert record.claimed is not None
        assert 0 <= record.claimed <= record.position.tricks_left


def test_examples_hold_at_least_ten_claims() -> None:
    load = getattr(pytest.importorskip("claimcheck.formats"), "load", None)
    if load is None:
        pytest.skip("claimcheck.formats.load is not there yet")
    assert sum(len(load(p).records) for p in EXAMPLES) >= 10
