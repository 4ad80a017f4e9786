"""Tests for claimcheck.formats.diagram: notations, layouts, claim files, errors, rendering."""

from __future__ import annotations

import pytest

from claimcheck.cards import Card, Seat, Strain, hand_from_pbn
from claimcheck.errors import FormatError, PositionError
from claimcheck.formats.diagram import parse_diagram, read_diagram, render_diagram
from claimcheck.position import Position

# The same ending in every notation: North ♠AK2 ♥QJ ♦- ♣T9, East ♠QJ ♥AK ♦32 ♣-,
# South ♠- ♥T9 ♦AK ♣32, West ♠T9 ♥- ♦QJ ♣AK.
EXPECTED = {
    Seat.N: hand_from_pbn("AK2.QJ..T9"),
    Seat.E: hand_from_pbn("QJ.AK.32."),
    Seat.S: hand_from_pbn(".T9.AK.32"),
    Seat.W: hand_from_pbn("T9..QJ.AK"),
}

COMPASS_UNICODE = """\
            ♠ A K 2
            ♥ Q J
            ♦ —
            ♣ 10 9
♠ 10 9                  ♠ Q J
♥ -        N            ♥ A K
♦ Q J    W   E          ♦ 3 2
♣ A K      S            ♣ -
            ♠ -
            ♥ T 9
            ♦ A K
            ♣ 3 2
"""

NOTATIONS = {
    "lines-letters-T": "N: AK2 QJ - T9\nE: QJ AK 32 -\nS: - T9 AK 32\nW: T9 - QJ AK\n",
    "lines-dots-10": "N: AK2.QJ..109\nE: QJ.AK.32.\nS: .109.AK.32\nW: 109..QJ.AK\n",
    "lines-symbols": (
        "North ♠AK2 ♥QJ ♦- ♣T9\nEast ♠QJ ♥AK ♦32 ♣-\n"
        "South ♠- ♥T9 ♦AK ♣32\nWest ♠T9 ♥- ♦QJ ♣AK\n"
    ),
    "lines-spaced": (
        "N: ♠ A K 2 ♥ Q J ♦ — ♣ 10 9\nE: ♠ Q J ♥ A K ♦ 3 2 ♣ –\n"
        "S: ♠ - ♥ 10 9 ♦ A K ♣ 3 2\nW: ♠ 10 9 ♥ - ♦ Q J ♣ A K\n"
    ),
    "lines-english-letters": (
        "N: S AK2 H QJ D - C T9\nE: S QJ H AK D 32 C -\n"
        "S: S - H T9 D AK C 32\nW: S T9 H - D QJ C AK\n"
    ),
    "lines-white-suits": (
        "N: ♤AK2 ♡QJ ♢- ♧T9\nE: ♤QJ ♡AK ♢32 ♧-\nS: ♤- ♡T9 ♢AK ♧32\nW: ♤T9 ♡- ♢QJ ♧AK\n"
    ),
    "lines-emoji-selector": (
        "N: ♠️AK2 ♥️QJ ♦️- ♣️T9\nE: ♠️QJ ♥️AK ♦️32 ♣️-\n"
        "S: ♠️- ♥️T9 ♦️AK ♣️32\nW: ♠️T9 ♥️- ♦️QJ ♣️AK\n"
    ),
    "lines-french-letters": (
        "Nord: P AR2 C DV K - T 109\nEst: P DV C AR K 32 T -\n"
        "Sud: P - C 109 K AR T 32\nOuest: P 109 C - K DV T AR\n"
    ),
    "lines-french-symbol-font": (
        "N: ªAR2 ©DV ¨- §109\nE: ªDV ©AR ¨32 §-\nS: ª- ©109 ¨AR §32\nO: ª109 ©- ¨DV §AR\n"
    ),
    "lines-russian": (
        "С: п ТК2 ч ДВ б - т 109\nВ: п ДВ ч ТК б 32 т -\n"
        "Ю: п - ч 109 б ТК т 32\nЗ: п 109 ч - б ДВ т ТК\n"
    ),
    "compass-unicode": COMPASS_UNICODE,
    "compass-letters-tabs": (
        "\t\tS\tAK2\n\t\tH\tQJ\n\t\tD\t-\n\t\tC\tT9\n"
        "S\tT9\t\t\tS\tQJ\nH\t-\t\t\tH\tAK\nD\tQJ\t\t\tD\t32\nC\tAK\t\t\tC\t-\n"
        "\t\tS\t-\n\t\tH\tT9\n\t\tD\tAK\n\t\tC\t32\n"
    ),
    "compass-symbol-font-french": (
        "\t\tª\tAR2\t\t\tSud\tOuest\tNord\tEst\n\t\t©\tDV\t\t\t1 ©\t1ª\t3 ©\t-\n"
        "\t\t¨\t\n\t\t§\t109\n"
        "ª\t109\tN O E S\t\tª\tDV\t-\t-\n©\t\t\t\t©\tAR\n¨\tDV\t\t\t¨\t32\tOuest entame.\n"
        "§\tAR\t\t\t§\n\t\tª\n\t\t©\t109\n\t\t¨\tAR\n\t\t§\t32\n"
    ),
}


@pytest.mark.parametrize("text", NOTATIONS.values(), ids=NOTATIONS.keys())
def test_every_notation_reads_the_same_ending(text: str) -> None:
    diagram = parse_diagram(text)
    assert diagram.shown == frozenset(Seat)
    for seat in Seat:
        assert diagram.hands[seat] == EXPECTED[seat], seat


def test_notation_is_detected() -> None:
    assert parse_diagram(NOTATIONS["lines-russian"]).notation == "ru"
    assert parse_diagram(NOTATIONS["lines-french-letters"]).notation == "fr"
    assert parse_diagram(NOTATIONS["compass-symbol-font-french"]).notation == "fr"
    assert parse_diagram(NOTATIONS["lines-letters-T"]).notation == "en"
    assert parse_diagram(NOTATIONS["compass-unicode"]).layout == "compass"
    assert parse_diagram(NOTATIONS["lines-symbols"]).layout == "lines"


def test_russian_te_is_the_ace_not_a_ten() -> None:
    d = parse_diagram("С: Т - - -\nВ: К - - -\nЮ: Д - - -\nЗ: В - - -")
    assert d.hands[Seat.N] == {Card.parse("SA")}
    assert d.hands[Seat.W] == {Card.parse("SJ")}


def test_french_c_is_hearts_and_t_is_clubs() -> None:
    d = parse_diagram("Nord: P - C R K - T 2\nSud: P 2 C - K R T -", notation="fr")
    assert d.hands[Seat.N] == {Card.parse("HK"), Card.parse("C2")}
    assert d.hands[Seat.S] == {Card.parse("S2"), Card.parse("DK")}


def test_full_deal_in_compass_layout() -> None:
    text = """\
          ♠ AKQJ
          ♥ AKQ
          ♦ AKQ
          ♣ AKQ
♠ T987              ♠ 65432
♥ JT98              ♥ 76
♦ JT9               ♦ 8765
♣ JT                ♣ 98
          ♠ -
          ♥ 5432
          ♦ 432
          ♣ 765432
"""
    d = parse_diagram(text)
    assert [len(d.hands[s]) for s in Seat] == [13, 13, 13, 13]
    assert len(frozenset().union(*d.hands)) == 52


def test_partial_diagram_keeps_unequal_hands() -> None:
    text = "N: AK - - -\nE: - Q2 - -\nS: 2 - - -\nW: - 765 - -"
    d = parse_diagram(text)
    assert [len(d.hands[s]) for s in Seat] == [2, 2, 1, 3]


def test_headers_are_collected() -> None:
    d = parse_diagram("Trump: H\nLead: W\n" + NOTATIONS["lines-symbols"])
    assert d.header("trump") is not None and d.header("trump").value == "H"  # type: ignore[union-attr]
    assert [h.key for h in d.headers] == ["Trump", "Lead"]


CLAIM = """\
Contract: 4S
Declarer: S
Lead: W
Trick: HK
Claimer: S
Tricks: 3
Statement: trumps are good
ExpectedTricks: 3
Profile: club
N: AK 2 - -
E: QJ Q - -
S: 32 - - 2
W: 54 - - -
"""


def test_read_diagram_builds_the_claim() -> None:
    result = read_diagram(CLAIM, "claim.txt")
    assert result.errors == ()
    (rec,) = result.records
    assert rec.id == "claim:1"
    assert rec.format == "diagram"
    assert rec.claimer is Seat.S and rec.claimed == 3
    assert rec.statement == "trumps are good"
    assert rec.contract is not None and rec.contract.pbn == "4S"
    assert rec.tags == (("ExpectedTricks", "3"), ("Profile", "club"))
    pos = rec.position
    assert pos.trump is Strain.S and pos.leader is Seat.W and pos.to_play is Seat.N
    assert pos.trick == (Card.parse("HK"),)
    assert pos.declarer is Seat.S
    assert rec.source.source == "claim.txt" and rec.source.record == 1 and rec.source.line == 1


def test_several_records_and_french_headers() -> None:
    text = CLAIM + "---\n" + (
        "Atout: SA\nEntame: O\nTricksWon: 9 2\nShownOut: NH\n"
        "Nord: P R2 C - K - T -\nEst: P DV C - K - T -\nSud: P 3 C - K A T -\n"
        "Ouest: P 54 C - K - T -\n"
    ) + "===\n"
    result = read_diagram(text, "two.txt")
    assert result.errors == ()
    first, second = result.records
    assert second.id == "two:2"
    assert second.position.trump is Strain.NT and second.position.leader is Seat.W
    assert second.position.won.ns == 9 and second.position.won.ew == 2
    assert second.position.shown_out == frozenset({(Seat.N, Card.parse("H2").suit)})
    assert second.source.line == 15


def test_a_bad_record_does_not_stop_the_others() -> None:
    text = CLAIM + "---\nTrump: H\nLead: W\nN: A - - -\nE: A - - -\nS: 2 - - -\nW: 3 - - -\n"
    result = read_diagram(text + "---\n" + CLAIM, "f.txt")
    assert len(result.records) == 2 and len(result.errors) == 1
    assert result.errors[0].location.record == 2


BASE = "Trump: S\nLead: W\n"
GOOD_HANDS = "N: AK - - -\nE: QJ - - -\nS: 32 - - -\nW: 54 - - -\n"
BAD_DIAGRAMS = [
    ("duplicate-card", BASE + "N: AK - - -\nE: QJ - - -\nS: A2 - - -\nW: 54 - - -\n",
     "SA is twice in the deal (North's hand and South's hand)", PositionError, 1),
    ("unknown-rank", BASE + "N: AZ - - -\nE: QJ - - -\nS: 32 - - -\nW: 54 - - -\n",
     "unknown rank 'Z'", FormatError, 3),
    ("small-x", BASE + "N: Kx - - -\nE: QJ - - -\nS: 32 - - -\nW: 54 - - -\n",
     "unknown card 'x'", FormatError, 3),
    ("rank-twice", BASE + "N: AA - - -\nE: QJ - - -\nS: 32 - - -\nW: 54 - - -\n",
     "rank A written twice", FormatError, 3),
    ("unequal-hands", BASE + "N: AK - - -\nE: QJT - - -\nS: 32 - - -\nW: 54 - - -\n",
     "hand lengths do not fit the trick in progress", PositionError, 1),
    ("card-in-hand-and-trick",
     "Trump: S\nLead: W\nTrick: S5\n" + GOOD_HANDS.replace("W: 54", "W: 5"),
     "S5 is both in West's hand and in the trick in progress", PositionError, 3),
    ("wrong-seat-in-lead", "Trump: S\nLead: X\n" + GOOD_HANDS,
     "unknown seat in Lead 'X'", FormatError, 2),
    ("unknown-trump", "Trump: Z\nLead: W\n" + GOOD_HANDS,
     "unknown trump 'Z'", FormatError, 1),
    ("missing-hand", BASE + "N: AK - - -\nE: QJ - - -\nS: 32 - - -\n",
     "missing hand: West not drawn", FormatError, 1),
    ("no-trump-line", "Lead: W\n" + GOOD_HANDS, "no trump given", FormatError, 1),
    ("no-lead-line", "Trump: S\n" + GOOD_HANDS, "no 'Lead: W' line", FormatError, 1),
    ("suit-twice", BASE + "N: ♠AK ♠2 ♥- ♦-\nE: QJ - - -\nS: 32 - - -\nW: 54 - - -\n",
     "spades are given twice", FormatError, 3),
    ("three-holdings", BASE + "N: AK - -\nE: QJ - - -\nS: 32 - - -\nW: 54 - - -\n",
     "needs four holdings", FormatError, 3),
    ("too-many-claimed", BASE + "Tricks: 5\n" + GOOD_HANDS,
     "5 tricks claimed but only 2 are left", FormatError, 3),
    ("bad-trick-card", BASE + "Trick: S1\n" + GOOD_HANDS, "not a card: 'S1'", FormatError, 3),
    ("contract-without-declarer", "Contract: 4S\nLead: W\n" + GOOD_HANDS,
     "needs a declarer", FormatError, 1),
    ("trump-contract-mismatch", "Contract: 4S\nDeclarer: S\nTrump: H\nLead: W\n" + GOOD_HANDS,
     "does not match the contract", FormatError, 3),
    ("seat-twice", BASE + GOOD_HANDS + "N: 9 - - -\n",
     "North's hand is given twice", FormatError, 7),
]


@pytest.mark.parametrize(
    ("text", "message", "kind", "line"),
    [b[1:] for b in BAD_DIAGRAMS],
    ids=[b[0] for b in BAD_DIAGRAMS],
)
def test_bad_diagram_is_a_located_error(
    text: str, message: str, kind: type[Exception], line: int
) -> None:
    # A good record first, so the bad one is record 2 and its lines are offset.
    result = read_diagram(CLAIM + "---\n" + text, "bad.txt")
    assert len(result.records) == 1
    (error,) = result.errors
    assert isinstance(error, kind)
    assert message in str(error)
    assert error.location.source == "bad.txt"
    assert error.location.record == 2
    assert error.location.line == 14 + line


def test_parse_diagram_error_carries_its_line() -> None:
    with pytest.raises(FormatError, match="unknown card") as info:
        parse_diagram("N: AKx - - -\nS: 2 - - -")
    assert info.value.location.line == 1


POSITIONS = [
    Position.from_pbn("N:AK.QJ..T9 QJ.AK.32. .T9.AK.32 T9..QJ.AK", trump="S", leader="N"),
    Position.from_pbn("N:AK3... ..KQJ. Q.A..2 .KQ..A", trump="NT", leader="S", declarer="S"),
    Position.build(
        [hand_from_pbn("2.A.A."), hand_from_pbn(".KQ.Q."), hand_from_pbn("AK...2"),
         hand_from_pbn(".J..Q")],
        "S", "W", [Card.parse("DK")], declarer="S",
    ),
    Position.from_pbn(
        "N:AKQJ.AKQ.AKQ.AKQ T987.JT98.JT9.JT 65432.76.8765.98 .5432.432.765432",
        trump="H", leader="E",
    ),
]


@pytest.mark.parametrize("ascii_only", [False, True])
@pytest.mark.parametrize("position", POSITIONS)
def test_render_then_parse_gives_the_same_hands(position: Position, ascii_only: bool) -> None:
    text = render_diagram(position, ascii_only=ascii_only)
    diagram = parse_diagram(text)
    assert diagram.hands == position.hands
    (rec,) = read_diagram(text).records
    assert rec.position == position


def test_render_draws_the_compass() -> None:
    text = render_diagram(POSITIONS[0], ascii_only=True)
    lines = text.splitlines()
    assert lines[0].strip() == "S AK"
    assert lines[4].startswith("S T9") and lines[4].rstrip().endswith("S QJ")
    assert "Trump: S" in lines and "Lead: N" in lines
