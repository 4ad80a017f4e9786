"""Tests for the PBN reader and writer: claims, endings, errors, round trips, real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck.cards import Card, Seat, Strain, Suit
from claimcheck.errors import ClaimcheckError
from claimcheck.formats.pbn import GENERATED_TAGS, read_pbn, write_pbn
from claimcheck.formats.record import ClaimRecord
from claimcheck.tricks import Tricks

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

DEAL = "N:AKQ2.AK2.AK2.AK2 JT98.QJT.QJT.QJT 7654.987.987.987 3.6543.6543.6543"

GAME = f"""% a comment line
[Event "Club night"]
[Board "7"]
[Dealer "N"]
[Deal "{DEAL}"]
[Declarer "N"]
[Contract "7NTX"]
[Result "13"]
[Auction "N"]
7NT ! X =1= Pass Pass
Pass
[Note "1:lightner"]
[Play "E"]
SJ S4 S3 SA ; E leads, N wins
HQ {{a comment
over two lines}} H9 H6 HA $14
CQ - - CA
*
[Profile "strict"]
[ExpectedVerdict "allowed"]
"""


def one(text: str, source: str = "t.pbn") -> ClaimRecord:
    res = read_pbn(text, source)
    assert not res.errors, [str(e) for e in res.errors]
    assert len(res.records) == 1
    return res.records[0]


def c(text: str) -> Card:
    return Card.parse(text)


def test_claim_mid_trick_position() -> None:
    rec = one(GAME)
    pos = rec.position
    assert rec.id == "t:7"
    assert rec.board == 7
    assert rec.contract is not None and rec.contract.pbn == "7NTX"
    assert pos.trump is Strain.NT and pos.declarer is Seat.N
    # Trick 1 led by E (seat order E S W N), N wins; N leads the next tricks.
    assert rec.play[:4] == (c("SJ"), c("S4"), c("S3"), c("SA"))
    assert pos.won == Tricks(2, 0)
    assert pos.leader is Seat.N and pos.trick == (c("CA"), c("CQ"))
    assert pos.to_play is Seat.S
    assert [len(pos.hands[s]) for s in Seat] == [10, 10, 11, 11]
    assert pos.tricks_left == 11
    assert rec.claimer is Seat.N and rec.claimed == 11
    assert rec.format == "pbn"
    assert rec.source.line == 2 and rec.source.record == 1


def test_tags_kept_in_order_with_unknown_and_comments() -> None:
    rec = one(GAME)
    names = [k for k, _ in rec.tags]
    assert names[:3] == ["Event", "Board", "Dealer"]
    assert "Profile" in names and "ExpectedVerdict" in names
    assert rec.tag("expectedverdict") == "allowed"
    assert ("Commentary", "a comment\nover two lines") in rec.tags


def test_claim_tags_and_defender_claim_from_result() -> None:
    text = GAME.replace('[Result "13"]', '[Result "11"]\n[Claimer "E"]')
    rec = one(text)
    # Defenders claim 11 - 11 + 2 ... : declarer side total 11, won 2 -> 9 more; 11 left.
    assert rec.claimer is Seat.E and rec.claimed == 2
    text = GAME.replace('[Result "13"]', '[ClaimTricks "9"]\n[ClaimStatement "Drawing trumps"]')
    rec = one(text)
    assert rec.claimed == 9 and rec.statement == "Drawing trumps"


def test_result_ns_form() -> None:
    rec = one(GAME.replace('[Result "13"]', '[Result "EW 2"]'))
    assert rec.claimed == 9


ENDING = """[Deal "W:A2.-.-.- KQ.-.-.- 3.4.-.- -.5.6.-"]
[Contract "4S"]
[Declarer "S"]
[Leader "S"]
[TricksWon "8 3"]
[ClaimTricks "2"]
[ClaimStatement "cross-ruff"]
"""


def test_ending_without_play_section() -> None:
    text = ENDING.replace(".-", ".").replace("-.", ".")
    rec = one(text)
    pos = rec.position
    assert pos.tricks_left == 2 and pos.leader is Seat.S and not pos.trick
    assert pos.won == Tricks(8, 3)
    assert rec.claimer is Seat.S and rec.claimed == 2 and rec.statement == "cross-ruff"


def test_ending_play_star_and_partial_trick_out_of_hands() -> None:
    # Hands at the claim point: N already led SA, so N holds one card fewer.
    text = """[Deal "N:2... KQ... 3.4.. .5.6."]
[Contract "4S"]
[Declarer "S"]
[Play "N"]
SA - - -
*
[ClaimTricks "1"]
"""
    rec = one(text)
    assert rec.position.trick == (c("SA"),)
    assert rec.position.to_play is Seat.E
    assert rec.claimed == 1


def test_no_play_and_no_claim_tags_is_skipped() -> None:
    res = read_pbn(f'[Board "1"]\n[Deal "{DEAL}"]\n[Contract "3NT"]\n')
    assert res.records == () and res.errors == ()


def test_complete_play_without_star_is_skipped() -> None:
    deal = "N:A... K... Q... J..."
    text = f'[Deal "{deal}"]\n[Contract "1S"]\n[Declarer "N"]\n[Play "E"]\nSK SQ SJ SA\n'
    res = read_pbn(text)
    assert res.records == () and res.errors == ()


def test_unfinished_play_without_star_is_a_record() -> None:
    # Trickster exports end with "S2 - - -" and no "*"; "+" means to be continued.
    for tail in ("SJ - - -\n", "SJ S4 +  -\n"):
        rec = one(GAME.split("[Play")[0] + '[Play "E"]\n' + tail)
        assert rec.claimed == 13
        assert rec.position.trick[0] == c("SJ")


def test_inheritance_hash_and_missing_deal() -> None:
    text = f"""[Event "##Spring"]
[Board "3"]
[West "Ann"]
[Deal "{DEAL}"]
[Contract "7NT"]
[Declarer "N"]
[Play "E"]
SJ S4 S3 SA
*

[West "#"]
[Contract "7NTX"]
[Declarer "N"]
[Play "E"]
ST S5 S3 SK
*
"""
    res = read_pbn(text, "inh.pbn")
    assert not res.errors
    a, b = res.records
    assert (a.id, b.id) == ("inh:3", "inh:3-2")
    assert b.tag("Event") == "Spring" and b.tag("West") == "Ann" and b.tag("Board") == "3"
    assert b.position.tricks_left == a.position.tricks_left == 12 and b.play[3] == c("SK")
    assert b.contract is not None and b.contract.doubled == 1


def test_cards_case_insensitive_ten_nags_notes() -> None:
    text = GAME.replace("SJ S4 S3 SA", "sj $2 S4 =1= s3 !? sA")
    assert one(text).position == one(GAME).position
    text = GAME.replace("ST", "S10")
    assert one(text).position == one(GAME).position


def test_contract_from_auction_when_missing() -> None:
    text = GAME.replace('[Contract "7NTX"]\n', "").replace('[Declarer "N"]\n', "")
    rec = one(text)
    assert rec.contract is not None and rec.contract.pbn == "7NTX"
    assert rec.position.declarer is Seat.N


def _bad(replace: tuple[str, str]) -> str:
    return GAME.replace(*replace)


BAD_CASES = [
    ("deal-string", _bad((DEAL, "N:AKQ2.AK2 xyz")), "four hands needed", 5),
    ("deal-seat", _bad((DEAL, "Q" + DEAL[1:])), "unknown first seat", 5),
    ("14 cards", _bad(("AKQ2.AK2.AK2.AK2", "AKQ2.AK2.AK2.AK23")), "North has 14 cards", 5),
    ("duplicate", _bad(("3.6543.6543.6543", "A.6543.6543.6543")), "SA is twice in the deal", 5),
    ("card SX", _bad(("SJ S4 S3 SA", "SX S4 S3 SA")), "unknown card 'SX'", 14),
    ("card S1", _bad(("SJ S4 S3 SA", "S1 S4 S3 SA")), "unknown card 'S1'", 14),
    ("deal SX", _bad(("JT98.QJT", "JX98.QJT")), "unknown card SX", 5),
    ("revoke", _bad(("CQ - - CA", "CQ H8 - CA")), "South revokes", 17),
    ("not held", _bad(("CQ - - CA", "C7 - - CA")), "East does not hold ♣7", 17),
    ("played twice", _bad(("CQ - - CA", "- - - SA")), "♠A was already played", 17),
    ("too many", _bad(("CQ - - CA", "CQ C9 C3 CA C4")), "a trick line has more than 4 cards", 17),
    ("gap", _bad(("CQ - - CA", "CQ - C3 CA")), "has a card but South", 17),
    ("no contract", _bad(('[Contract "7NTX"]', '[Contract "?"]'))
     .replace("[Auction", "[X"), "without a contract", 7),
    ("passed out", _bad(('[Contract "7NTX"]', '[Contract "Pass"]')), "passed out", 7),
    ("bad contract", _bad(('[Contract "7NTX"]', '[Contract "8NT"]')), "unknown contract", 7),
    ("declarer", _bad(('[Declarer "N"]', '[Declarer "Q"]')), "unknown declarer 'Q'", 6),
    ("claimtricks neg", _bad(('[Result "13"]', '[ClaimTricks "-1"]')),
     "[ClaimTricks] -1 is negative", 8),
    ("claimtricks big", _bad(('[Result "13"]', '[ClaimTricks "12"]')),
     "[ClaimTricks] 12 is more than the 11 tricks left", 8),
    ("claimtricks nan", _bad(('[Result "13"]', '[ClaimTricks "all"]')),
     "[ClaimTricks] 'all' is not a number", 8),
    ("claimer", _bad(('[Result "13"]', '[Claimer "Q"]')), "[Claimer] 'Q' is not a seat", 8),
    ("result", _bad(('[Result "13"]', '[Result "lots"]')), "[Result] 'lots' is not", 8),
    ("result fit", _bad(('[Result "13"]', '[Result "1"]')), "[Result] 1 does not fit", 8),
    ("brace", _bad(("[Profile", "{ never closed\n[Profile")), "unterminated { comment", 19),
    ("unknown hand", _bad((DEAL, DEAL.replace("3.6543.6543.6543", "-"))),
     "does not give West's hand", 5),
    ("play leader", _bad(('[Play "E"]', '[Play "Z"]')), "unknown leader in [Play]", 13),
    ("tag", _bad(('[Board "7"]', '[Board 7]')), "malformed tag", 3),
    ("tricks won", _bad(('[Result "13"]', '[TricksWon "x"]')), "[TricksWon] 'x'", 8),
    ("no deal", _bad((f'[Deal "{DEAL}"]\n', "")), "no [Deal] tag", 2),
]


@pytest.mark.parametrize(("name", "text", "message", "line"), BAD_CASES,
                         ids=[b[0] for b in BAD_CASES])
def test_bad_input_gives_located_error(name: str, text: str, message: str, line: int) -> None:
    res = read_pbn(text, "bad.pbn")
    assert res.records == ()
    assert len(res.errors) == 1
    err = res.errors[0]
    assert isinstance(err, ClaimcheckError)
    assert message in err.message, err.message
    assert err.location.source == "bad.pbn"
    assert err.location.record == 1
    assert err.location.line == line, str(err)
    assert str(err).startswith("bad.pbn, record 1, line ")


def test_several_games_good_and_bad_together() -> None:
    bad = GAME.replace("CQ - - CA", "C7 - - CA").replace('[Board "7"]', '[Board "8"]')
    res = read_pbn(GAME + "\n" + bad + "\n" + GAME, "mix.pbn")
    assert [r.id for r in res.records] == ["mix:7", "mix:7-2"]
    assert [r.source.record for r in res.records] == [1, 3]
    assert len(res.errors) == 1 and res.errors[0].location.record == 2


# --- round trip -------------------------------------------------------------------------------


def roundtrip(rec: ClaimRecord) -> ClaimRecord:
    back = read_pbn(write_pbn(rec), "rt.pbn")
    assert not back.errors, [str(e) for e in back.errors]
    assert len(back.records) == 1
    return back.records[0]


def kept(rec: ClaimRecord) -> list[tuple[str, str]]:
    return [(k, v) for k, v in rec.tags if k.lower() not in GENERATED_TAGS]


def assert_same(a: ClaimRecord, b: ClaimRecord) -> None:
    assert b.position == a.position
    assert (b.claimed, b.claimer, b.statement) == (a.claimed, a.claimer, a.statement)
    assert b.contract == a.contract
    assert kept(b) == kept(a)
    assert b.board == a.board


@pytest.mark.parametrize(
    "text",
    [
        GAME,
        GAME.replace('[Result "13"]', '[ClaimStatement "say \\"all\\" \\\\ mine"]\n[Claimer "W"]'),
        ENDING.replace(".-", ".").replace("-.", "."),
        GAME.replace("CQ - - CA", "*"),
        GAME.replace("CQ - - CA", "ST S7 H3 SK"),  # West shows out of spades
    ],
)
def test_round_trip_constructed(text: str) -> None:
    rec = one(text)
    assert_same(rec, roundtrip(rec))


def test_round_trip_keeps_shown_out() -> None:
    text = GAME.replace("CQ - - CA", "ST S7 H3 SK\n- - - C2")
    rec = one(text)
    assert rec.position.shown_out == {(Seat.W, Suit.S)}
    assert_same(rec, roundtrip(rec))


def test_write_pbn_form() -> None:
    out = write_pbn(one(GAME))
    assert '[Play "N"]\nCA CQ - -\n*\n' in out
    assert '[TricksWon "2 0"]' in out and '[ClaimTricks "11"]' in out


# --- real files -------------------------------------------------------------------------------


def _real(name: str) -> str:
    path = DATA / name
    if not path.exists():
        pytest.skip(f"{path} is absent")
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


@pytest.mark.shared
@pytest.mark.parametrize(
    ("name", "records", "errors"),
    [
        ("bridgebots_shared_deals.pbn", 4, 0),
        ("bridgebots_sample.pbn", 3, 0),
        # correct_10: 4 games end with "*": one fits, two have an unknown West, one a revoke.
        ("pbnref_correct_10.pbn", 1, 3),
        # correct_20: 2 with "*", 4 with "+", 1 ending stopped mid-play; 1 "+" without West.
        ("pbnref_correct_20.pbn", 7, 1),
        ("pbnref_correct_21.pbn", 1, 0),
    ],
)
def test_real_pbn_files(name: str, records: int, errors: int) -> None:
    res = read_pbn(_real(name), name)
    assert (len(res.records), len(res.errors)) == (records, errors), [str(e) for e in res.errors]
    for err in res.errors:
        assert err.location.record is not None and err.location.line is not None
    for rec in res.records:
        assert_same(rec, roundtrip(rec))


@pytest.mark.shared
def test_real_pbn_claim_positions() -> None:
    recs = read_pbn(_real("bridgebots_sample.pbn"), "s.pbn").records
    first = recs[0]
    assert first.claimed == 9 - first.position.won.ew and first.claimer is Seat.W
    assert first.position.trick == (c("S6"),) and first.position.tricks_left == 6
    assert [len(h) for h in first.position.hands] == [6, 6, 6, 5]
    shared = read_pbn(_real("bridgebots_shared_deals.pbn"), "d.pbn").records
    assert [r.id for r in shared] == ["d:62", "d:62-2", "d:7", "d:7-2"]
    assert shared[2].position.trick == (c("HQ"),) and shared[2].claimed == 12
    # rpbridge wrote one trick rotated; it is read by who holds the cards, and said so.
    assert shared[0].tag("ReadNote") is not None
    ref = read_pbn(_real("pbnref_correct_21.pbn"), "r.pbn").records[0]
    assert ref.claimed == 11 - ref.position.won.ns and ref.position.trick == ()
