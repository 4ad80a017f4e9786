"""Tests for the LIN reader: boards, mid-trick claims, vugraph files, URLs, errors, real files."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest

from claimcheck.cards import Card, Seat, Strain
from claimcheck.errors import ClaimcheckError
from claimcheck.formats.lin import read_lin
from claimcheck.formats.pbn import GENERATED_TAGS, read_pbn, write_pbn
from claimcheck.tricks import Tricks

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

# South deals; hands S, W, N (E omitted = the rest). N-S bid 1N-3N, North declares.
MD = "md|1S345H567QD37TC456,S67H39TD289JC2TQA,S2TJAHJAD46QAC3JK,|"
AUCTION = "mb|p|mb|p|mb|1N!|an|15-17|mb|p|mb|3N|mb|p|mb|p|mb|p|"
PLAY = "pc|SK|pc|S3|pc|S6|pc|SA|pg||pc|D4|pc|D5|"
BOARD = f"pn|a,b,c,d|st||{MD}rh||ah|Board 5|sv|n|{AUCTION}{PLAY}mc|9|nt|rest are mine|pg||"


def c(text: str) -> Card:
    return Card.parse(text)


def test_one_board_mid_trick_claim() -> None:
    res = read_lin(BOARD, "t.lin")
    assert not res.errors, [str(e) for e in res.errors]
    (rec,) = res.records
    pos = rec.position
    assert rec.id == "t:5" and rec.board == 5 and rec.format == "lin"
    assert rec.contract is not None and rec.contract.pbn == "3NT"
    assert pos.declarer is Seat.N and pos.trump is Strain.NT
    # E leads SK, S S3, W S6, N SA: North wins and leads D4, East plays D5: claim mid-trick.
    assert pos.won == Tricks(1, 0)
    assert pos.leader is Seat.N and pos.trick == (c("D4"), c("D5"))
    assert [len(h) for h in pos.hands] == [11, 11, 12, 12]
    assert rec.claimer is Seat.N and rec.claimed == 8
    assert rec.tag("Vulnerable") == "NS" and rec.tag("South") == "a" and rec.tag("East") == "d"
    assert ("Commentary", "rest are mine") in rec.tags
    assert rec.tag("Result") == "9"


def test_lower_case_cards_and_ten_and_any_rank_order() -> None:
    text = BOARD.replace("S345H567QD37TC456", "s543h765qd3t7c654").replace("pc|SK|", "pc|sk|")
    res = read_lin(text)
    assert not res.errors
    assert res.records[0].position == read_lin(BOARD).records[0].position


def test_unfinished_play_without_mc_and_boards_without_claims() -> None:
    unfinished = BOARD.replace("mc|9|", "")
    rec = read_lin(unfinished).records[0]
    assert rec.claimed is None and rec.claimer is None
    passed = f"pn|a,b,c,d|{MD}ah|Board 6|mb|p|mb|p|mb|p|mb|p|pg||"
    no_play = f"pn|a,b,c,d|{MD}ah|Board 7|{AUCTION}pg||"
    res = read_lin(passed + "\n" + no_play)
    assert res.records == () and res.errors == ()


def test_claim_before_any_card() -> None:
    rec = read_lin(BOARD.replace(PLAY, "")).records[0]
    assert rec.claimed == 9 and rec.position.tricks_left == 13 and rec.play == ()


VUGRAPH = (
    "vg|Test Teams,Final,I,1,2,A,0,B,0|\nrs|3NN=,3NN=|\n"
    "pn|s1,w1,n1,e1,s2,w2,n2,e2|pg||\n"
    "nt|hello everybody|pg||\n"
    f"qx|o1|st||{MD}sv|o|{AUCTION}pg||\n{PLAY}\nmc|9|pg||\n"
    f"qx|c1|st||{MD}sv|o|{AUCTION}pg||\npc|sk|pc|s3|nt|chat|pg||\npc|s6|mc|10|pg||\n"
)


def test_vugraph_rooms_and_names() -> None:
    res = read_lin(VUGRAPH, "vg.lin")
    assert not res.errors
    a, b = res.records
    assert (a.id, b.id) == ("vg:1", "vg:1-2")
    assert a.tag("Room") == "Open" and b.tag("Room") == "Closed"
    assert a.tag("North") == "n1" and b.tag("North") == "n2"
    assert a.tag("Event") == "Test Teams"
    assert b.position.trick == (c("SK"), c("S3"), c("S6")) and b.claimed == 10
    assert b.source.line == 8 and b.source.record == 2
    assert ("Commentary", "chat") in b.tags


def test_handviewer_url_and_forum_forms() -> None:
    lin = f"st||{MD}ah|Board 5|{AUCTION}{PLAY}mc|9|"
    url = "https://www.bridgebase.com/tools/handviewer.html?lin=" + quote(lin)
    res = read_lin(f"see {url}\n", "u.txt")
    assert not res.errors and res.records[0].claimed == 8
    assert res.records[0].position == read_lin(BOARD).records[0].position
    forum = "[hv=lin=" + lin + "]"
    assert read_lin(forum).records[0].claimed == 8
    params = (
        "[hv=pc=n&s=s345h567qd37tc456&w=s67h39td289jc2tqa&n=s2tjahjad46qac3jk"
        "&d=s&v=n&b=5&a=pp1n(15-17)p3nppp&p=skS3s6sad4d5]"
    )
    rec = read_lin(params).records[0]
    assert rec.claimed is None and rec.position == read_lin(BOARD).records[0].position


def test_lin_record_round_trips_through_pbn() -> None:
    rec = read_lin(BOARD).records[0]
    back = read_pbn(write_pbn(rec)).records[0]
    assert back.position == rec.position
    assert (back.claimed, back.claimer) == (rec.claimed, rec.claimer)
    keep = [t for t in rec.tags if t[0].lower() not in GENERATED_TAGS]
    assert [t for t in back.tags if t[0].lower() not in GENERATED_TAGS] == keep


BAD_CASES = [
    ("dealer digit", BOARD.replace("md|1S", "md|7S"), "bad dealer digit '7'"),
    ("no dealer", BOARD.replace("md|1S", "md|S"), "bad dealer digit 'S'"),
    ("12 cards", BOARD.replace("S345H567Q", "S345H56Q"), "South's hand has 12 cards"),
    ("14 cards", BOARD.replace("S345H567Q", "S3458H567Q"), "South has 14 cards"),
    ("two missing", BOARD.replace(",S2TJAHJAD46QAC3JK,", ",,"), "md gives only 2 hands"),
    ("unknown rank", BOARD.replace("S345H", "S3X5H"), "unknown card SX"),
    ("duplicate", BOARD.replace("S345H567Q", "S346H567Q"), "S6 is twice in the deal"),
    ("rank twice", BOARD.replace("S345H567Q", "S344H567Q"), "♠4 is written twice"),
    ("pc not held", BOARD.replace("pc|S3|", "pc|D4|"), "South does not hold ♦4"),
    ("pc twice", BOARD.replace("pc|D5|", "pc|SK|"), "♠K was already played"),
    ("pc revoke", BOARD.replace("pc|S3|", "pc|D3|"), "South revokes"),
    ("pc bad card", BOARD.replace("pc|S3|", "pc|S1|"), "unknown card 'S1'"),
    ("mc nan", BOARD.replace("mc|9|", "mc|nine|"), "mc 'nine' is not a number"),
    ("mc > 13", BOARD.replace("mc|9|", "mc|14|"), "mc 14 claims more than 13 tricks"),
    ("mc too few", BOARD.replace("mc|9|", "mc|0|"), "mc 0 does not fit"),
    ("insufficient", BOARD.replace("mb|3N|", "mb|1C|"), "1C is insufficient"),
    ("bad double", BOARD.replace("mb|3N|", "mb|d|"), "double is not allowed"),
    ("bad call", BOARD.replace("mb|3N|", "mb|8N|"), "unknown call '8N'"),
    ("no contract", BOARD.replace(AUCTION, "mb|p|"), "without a contract"),
    ("no deal", BOARD.replace(MD, ""), "play without a deal"),
]


@pytest.mark.parametrize(("name", "text", "message"), BAD_CASES, ids=[b[0] for b in BAD_CASES])
def test_bad_input_gives_located_error(name: str, text: str, message: str) -> None:
    res = read_lin("pn|x,y,z,w|" + "\n" + text, "bad.lin")
    assert res.records == ()
    assert len(res.errors) == 1
    err = res.errors[0]
    assert isinstance(err, ClaimcheckError)
    assert message in err.message, err.message
    assert err.location.source == "bad.lin" and err.location.record == 1
    # Without md the two pn tags stay one board, which starts on line 1.
    assert err.location.line == (1 if name == "no deal" else 2)


def test_good_and_bad_boards_together() -> None:
    bad = BOARD.replace("pc|S3|", "pc|D4|").replace("Board 5", "Board 6")
    res = read_lin("\n".join([BOARD, bad, BOARD]), "m.lin")
    assert [r.id for r in res.records] == ["m:5", "m:5-2"]
    assert len(res.errors) == 1
    assert str(res.errors[0]) == "m.lin, record 2, line 2: trick 1, card 2: South does not hold ♦4"


# --- real files -------------------------------------------------------------------------------


def _real(rel: str) -> str:
    path = DATA / rel
    if not path.exists():
        pytest.skip(f"{path} is absent")
    return path.read_bytes().decode("utf-8", errors="replace")


@pytest.mark.shared
def test_speedball_file() -> None:
    res = read_lin(_real("bbo_speedball_5229.lin"), "speedball.lin")
    assert res.errors == ()
    claims = [r for r in res.records if r.claimed is not None]
    assert len(claims) == 166
    assert sum(1 for r in claims if r.position.trick) == 78
    assert all(r.claimer == r.position.declarer for r in claims)
    for r in claims:
        pos = r.position
        played = {s: 13 - len(pos.hands[s]) for s in Seat}
        assert sum(played.values()) == len(r.play)
        assert 0 <= r.claimed <= pos.tricks_left if r.claimed is not None else True
    assert len({r.id for r in res.records}) == len(res.records)


@pytest.mark.shared
def test_usbf_vugraph_file() -> None:
    res = read_lin(_real("usbf_sf_14502.lin"), "usbf.lin")
    assert res.errors == ()
    assert len(res.records) == 30
    assert all(r.claimed is not None for r in res.records)
    assert sum(1 for r in res.records if r.position.trick) == 18
    first = res.records[0]
    assert first.id == "usbf:46" and first.tag("Room") == "Open"
    assert first.tag("South") == "Meckstroth" and first.contract is not None
    assert first.contract.pbn == "4H" and first.position.declarer is Seat.E
    # mc|10| after 5 tricks: the claim counts what is left.
    assert first.position.tricks_left == 8
    assert first.claimed == 10 - first.position.won.ew
    closed = res.records[1]
    assert closed.tag("Room") == "Closed" and closed.tag("South") == "Stansby"
    assert closed.position.trick == () and closed.position.tricks_left == 9


@pytest.mark.shared
def test_vugraph_folder() -> None:
    folder = DATA / "vugraph"
    if not folder.exists():
        pytest.skip(f"{folder} is absent")
    claims = mid = 0
    for path in sorted(folder.glob("*.lin")):
        res = read_lin(path.read_bytes().decode("utf-8", errors="replace"), path.name)
        if path.name == "12090.lin":
            # Its play does not fit its deal: each board is a located error.
            assert res.records == () and len(res.errors) == 20
            assert all(e.location.line and e.location.record for e in res.errors)
            assert "does not hold" in res.errors[0].message
            continue
        assert res.errors == (), path.name
        claims += sum(1 for r in res.records if r.claimed is not None)
        mid += sum(1 for r in res.records if r.claimed is not None and r.position.trick)
    assert claims == 885
    assert mid > 250


def _same(a: object, b: object) -> bool:
    return list(a) == list(b)  # type: ignore[call-overload]


def test_board_filter_keeps_only_that_board_with_the_same_ids() -> None:
    # Board 6 names other players, and the last board names none: it takes board 6's, also
    # when board 6 is skipped.
    two = BOARD.replace("ah|Board 5|", "ah|Board 6|").replace("pn|a,b,c,d|", "pn|e,f,g,h|")
    text = BOARD + two + BOARD.replace("pn|a,b,c,d|", "")
    whole = read_lin(text, "t.lin")
    assert [r.id for r in whole.records] == ["t:5", "t:6", "t:5-2"]
    five = read_lin(text, "t.lin", board=5)
    assert [r.id for r in five.records] == ["t:5", "t:5-2"]
    assert _same(five.records, [r for r in whole.records if r.board == 5])
    assert five.records[1].tag("South") == "e"
    assert read_lin(text, "t.lin", board=7).records == ()


@pytest.mark.shared
@pytest.mark.parametrize("name", ["bbo_speedball_5229.lin", "vugraph/07050.lin"])
def test_board_filter_on_real_files(name: str) -> None:
    text = _real(name)
    whole = read_lin(text, name)
    numbers = sorted({r.board for r in whole.records if r.board is not None})
    for number in numbers[:: max(1, len(numbers) // 6)]:
        part = read_lin(text, name, board=number)
        assert _same(part.records, [r for r in whole.records if r.board == number]), number
