"""The rulings corpus: one constructed position per file in deals/rulings, ruled as pinned.

Each file carries its expectation tags (ExpectedTricks, ExpectedN, ExpectedDD, ExpectedVerdict,
ExpectedRules, ExpectedLaws). Each is ruled twice: with the hand-built plan of
``tests/rulings_plans.py`` and with the plan the statement reader makes of [ClaimStatement];
both must give the pinned ruling.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck.audit import expectation_mismatches
from claimcheck.check import check_record
from claimcheck.engine.solver import DDSolver
from claimcheck.formats import load
from claimcheck.formats.record import ClaimRecord
from claimcheck.report.text import ruling_to_dict
from tests.rulings_plans import plan_for

CORPUS = Path(__file__).resolve().parents[1] / "deals" / "rulings"
FILES = sorted(CORPUS.glob("*.pbn"))
SAID = [p for p in FILES if "[ClaimStatement " in p.read_text(encoding="utf-8")]
SOLVER = DDSolver()


def _record(path: Path) -> ClaimRecord:
    result = load(path)
    assert not result.errors, f"{path.name}: {[str(e) for e in result.errors]}"
    assert len(result.records) == 1, f"{path.name}: one ruling per file"
    return result.records[0]


def test_corpus_is_large_enough_and_covers_every_rule() -> None:
    from claimcheck.policy.rules import RULES

    assert len(FILES) >= 40
    cited: dict[str, int] = {}
    for path in FILES:
        for rid in (_record(path).tag("ExpectedRules") or "").split(";"):
            if rid.strip():
                cited[rid.strip()] = cited.get(rid.strip(), 0) + 1
    for rule in RULES:
        assert cited.get(rule.id, 0) >= 2, f"rule {rule.id} is pinned by {cited.get(rule.id, 0)}"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_ruling_with_hand_built_plan(path: Path) -> None:
    record = _record(path)
    ruling = ruling_to_dict(check_record(record, plan=plan_for(path.stem), solver=SOLVER))
    problems = expectation_mismatches(record, ruling)
    assert not problems, f"{path.name}: " + "; ".join(problems)


@pytest.mark.parametrize("path", SAID, ids=[p.stem for p in SAID])
def test_ruling_with_statement_reader(path: Path) -> None:
    record = _record(path)
    assert record.statement, f"{path.name}: the statement tag was not read"
    read = ruling_to_dict(check_record(record, solver=SOLVER))
    built = ruling_to_dict(check_record(record, plan=plan_for(path.stem), solver=SOLVER))
    for key in ("n", "awarded", "verdict"):
        assert read[key] == built[key], (
            f"{path.name}: statement {record.statement!r}: {key} with the reader "
            f"{read[key]}, with the hand-built plan {built[key]}; reader plan {read['plan']}"
        )


def test_bundled_examples_meet_their_expectations() -> None:
    """`make run` audits deals/: the examples' Expected* tags hold too."""
    from claimcheck.audit import audit

    report = audit([CORPUS.parent / "examples", CORPUS.parent / "seeds"])
    assert not report.read_errors and not report.failed
    assert len(report.entries) >= 10
    problems = [f"{e.id}: {'; '.join(e.mismatches)}" for e in report.mismatches]
    assert not problems, problems


def test_an_undecided_ruling_does_not_say_the_forgotten_trump_costs_nothing() -> None:
    """A budget too small to finish proves nothing about the forgotten trump: the doubtful
    point says so instead of "it costs nothing" (vugraph 17040:36-2 said it, undetermined)."""
    path = Path(__file__).parent.parent / "deals" / "rulings" / \
        "70C-same-claim-before-drawing-trumps.pbn"
    record = _record(path)
    ruling = check_record(record, solver=DDSolver(), max_nodes=20)
    assert ruling.verdict == "undetermined"
    trump_doubts = [d for d in ruling.doubts if "trump" in d.reason]
    assert trump_doubts
    assert all("costs nothing" not in d.resolution for d in trump_doubts)
    assert any("not decided within the search budget" in d.resolution for d in trump_doubts)


def test_a_trump_forgotten_with_the_words_is_reported_once_with_its_cost() -> None:
    """Issue 7's example: "my spades and diamonds are all good" with the ♥9 out. The picture
    forgets the ♥9 (70C) and the diamonds his words contradict (70A). The ♥9 ruffs: its point
    says it costs a trick, and the words' point lists the diamonds only, for the statement's
    reason (it listed the ♥9 as well, saying it costs nothing, for the trump's reason)."""
    from claimcheck.cards import Seat, Strain
    from claimcheck.check import check_claim
    from claimcheck.service import position_from_options
    from claimcheck.statement import read_statement

    pos = position_from_options("N:432.32.32. JT98..654. AKQ.KQ.AK. .9.QJT987.", Strain.H,
                                Seat.S, "", None)
    plan = read_statement("My spades and diamonds are all good.", pos, Seat.S)
    ruling = check_claim(pos, Seat.S, 7, plan)
    assert ruling.n == 6 and "70C" in ruling.laws
    (trump,) = [d for d in ruling.doubts if "trump" in d.reason]
    assert trump.words == "H9" and "costs a trick" in trump.resolution
    (words,) = [d for d in ruling.doubts if "overlooks" in d.reason]
    assert "H9" not in words.words and words.words.startswith("D4")
    assert "contradicts what the statement says" in words.reason


def test_a_trump_drawn_as_the_routine_is_not_said_to_cost_nothing() -> None:
    """North claims 5 of 5 in spades, West's ♠5 out, no statement (vugraph 14060:10's
    ending). No trick is lost *to* the ♠5, so 70C takes none; the worst line is the one that
    draws it (the routine) and strands South's last diamond. The doubtful point says so: it
    said "it costs nothing" beside a line whose draws-trumps card is marked as costing the
    trick."""
    from claimcheck.cards import Seat, Strain
    from claimcheck.check import check_claim
    from claimcheck.service import position_from_options

    pos = position_from_options("N:QJ.Q8.8. .JT97..K T6..T94. 5.43.2.J", Strain.S, Seat.W,
                                "", None)
    ruling = check_claim(pos, Seat.N, 5)
    assert (ruling.verdict, ruling.n) == ("adjusted", 4)
    assert "70C" not in ruling.laws and "70D1" in ruling.laws
    costly = [lc for trick in ruling.worst_line for lc in trick if lc.cost > 0]
    assert [lc.rule for lc in costly] == ["draws-trumps"]
    (trump,) = [d for d in ruling.doubts if "trump" in d.reason]
    assert trump.words == "S5"
    assert "costs nothing" not in trump.resolution
    assert "draws-trumps" in trump.resolution and "costs a trick" in trump.resolution


def test_a_forgotten_set_equal_to_the_trump_picture_is_searched_once() -> None:
    """South claims all four with the ♠2 out and says nothing of it (his hearts, then the ♣2
    ruffed in dummy). It is not sure (West, short in hearts, could hold the ♠2), though East
    has it and follows to all three hearts.
    Forgetting the ♠2 is the 70C picture, and it is also the smallest set whose absence makes
    the claim sure (§3.3): one picture, under the trump's rule, not the same search twice
    (vugraph 17040:36-2 had {♦8, ♦T} both ways)."""
    from claimcheck.cards import Seat, Strain
    from claimcheck.check import check_claim
    from claimcheck.service import position_from_options

    pos = position_from_options("N:A..432. 2.JT9.. .AKQ..2 ..KQJ.3", Strain.S, Seat.S, "",
                                None)
    ruling = check_claim(pos, Seat.S, 4)
    assert ruling.n == 3 and "70C" in ruling.laws  # the ♣2 led, thought good, is ruffed
    assert ruling.search.pictures == 2  # full awareness and the forgotten ♠2


def test_a_forgotten_card_is_a_guess_only_inside_a_tenace() -> None:
    """70E1 is named for a forgotten card the claimer side holds a tenace around (AQ over the
    king): however he plays the suit, he guessed. A forgotten card with another outstanding
    card between his cards is no guess: from ♦K85 with the ♦Q and ♦J out, the ♦8 led into the
    forgotten queen is the oversight of 70A (vugraph 11510:15-2 named it an unstated finesse)."""
    from claimcheck.cards import Card, Seat, Strain
    from claimcheck.policy.pictures import Picture
    from claimcheck.policy.rules import UnawareCard
    from claimcheck.reasons import _guessed_suits
    from claimcheck.service import position_from_options

    # West (dummy) ♦K85 ♣AJ, East ♥J653 ♣4; North holds the ♦J, South the ♦Q.
    pos = position_from_options("N:T3.A.J.8 .J653..4 2.974.Q. ..K85.AJ", Strain.NT, Seat.W,
                                "", Seat.E)
    queen = 1 << Card.parse("DQ").index
    assert _guessed_suits(pos, Seat.E, Picture(queen, UnawareCard.id)) == set()
    # The same hands with the ♦J in West's hand instead of the ♦8: ♦KJ5 around the queen.
    pos = position_from_options("N:T3.A.8.8 .J653..4 2.974.Q. ..KJ5.AJ", Strain.NT, Seat.W,
                                "", Seat.E)
    assert _guessed_suits(pos, Seat.E, Picture(queen, UnawareCard.id)) == {Card.parse("DQ").suit}


def test_a_concession_counts_the_trump_that_wins_a_trick_whatever_he_does() -> None:
    """North claims 3 of 7 with East's ♠Q above all of North-South's trumps: the queen is one
    of the four tricks he concedes, so no 70C picture forgets it, and the doubtful point says
    why instead of "presumed forgotten" (deals/rulings/70C-master-trump-counted-by-the-
    concession; vugraph 28030:39 was adjusted to 2 in the picture that forgot it)."""
    from claimcheck.cards import Seat, Strain
    from claimcheck.check import check_claim
    from claimcheck.service import position_from_options

    pos = position_from_options("N:53.873.Q6. Q.KJ.AJT8. T9.QT.K54. .A965.973.", Strain.S,
                                Seat.N, "", None)
    ruling = check_claim(pos, Seat.N, 3)
    assert (ruling.verdict, ruling.n) == ("upheld", 3) and "70C" not in ruling.laws
    (trump,) = [d for d in ruling.doubts if "trump" in d.reason]
    assert "concession counts it" in trump.resolution
    assert "presumed forgotten (70C" not in trump.resolution
    # Claiming all seven is no concession: the queen may be forgotten (70C), and it costs.
    all_of_them = check_claim(pos, Seat.N, 7)
    assert all_of_them.verdict == "adjusted"
    (trump,) = [d for d in all_of_them.doubts if "trump" in d.reason]
    assert "presumed forgotten" in trump.resolution


def test_the_master_trumps_a_concession_counts() -> None:
    """One trick conceded counts one master trump; a picture may still forget a lower trump,
    or one master of two when only one trick is conceded."""
    from claimcheck.cards import Card
    from claimcheck.policy.pictures import forgets_conceded_masters, master_trumps

    def m(*cards: str) -> int:
        return sum(1 << Card.parse(c).index for c in cards)

    # South ♥KJT84, North ♥6 against ♥A7: the ace is above all of theirs, the 7 is not.
    hands = (m("H6"), 0, m("HK", "HJ", "HT", "H8", "H4"), m("HA", "H7"))
    masters = master_trumps(hands, 2, 1)
    assert masters == m("HA")
    assert forgets_conceded_masters(m("HA"), masters, 1)
    assert forgets_conceded_masters(m("HA", "H7"), masters, 1)
    assert not forgets_conceded_masters(m("H7"), masters, 1)
    assert not forgets_conceded_masters(m("HA"), masters, 0)  # claims all: no concession
    # ♥AK out above ♥Q: conceding one counts one of them; forgetting the other may stand.
    hands = (m("HQ"), m("HA"), 0, m("HK", "H2"))
    masters = master_trumps(hands, 0, 1)
    assert masters == m("HA", "HK")
    assert not forgets_conceded_masters(m("HK"), masters, 1)
    assert forgets_conceded_masters(m("HK"), masters, 2)
    assert master_trumps(hands, 0, 4) == 0  # notrump
