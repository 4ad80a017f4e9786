"""Claims in irregular positions: the search honours penalty cards and lead restrictions, and a
statement that starts from the wrong hand is ruled as Law 55 and the WBF Laws Committee (2001)
read it."""

from __future__ import annotations

from claimcheck.cards import Seat
from claimcheck.check import check_claim, check_record, read_plan
from claimcheck.formats.pbn import read_pbn
from claimcheck.penalty import parse_penalty_cards
from claimcheck.policy.irregularities import WRONG_HAND
from claimcheck.position import Position

# South leads towards dummy's ♠AQ; West holds ♠K5. Without a statement the finesse is not
# credited (70E1). With West's ♠K a major penalty card, West must play it to the first spade
# (Law 50D1, following suit) and the claim needs no finesse.
FINESSE = "S:32... K5... AQ... .32.."
# West claims the last two tricks with his hearts; with his ♠K a major penalty card he must
# lead it first (Law 50D1, leading) and dummy's ♠A wins: the defence takes nothing.
DEFENDER_CLAIM = "W:K.AK.. A...32 ..432. .QJ.5."


def test_a_penalty_card_that_must_fall_upholds_a_claim_that_failed_without_it() -> None:
    plain = Position.from_pbn(FINESSE, trump="NT", leader="S", declarer="S")
    without = check_claim(plain, Seat.S, 2)
    assert (without.verdict, without.awarded_claimer) == ("adjusted", 1)
    assert "70E1" in without.laws
    irregular = plain.with_irregularities(parse_penalty_cards("W: SK major"))
    with_card = check_claim(irregular, Seat.S, 2)
    assert (with_card.verdict, with_card.awarded_claimer, with_card.dd) == ("upheld", 2, 2)


def test_a_penalty_card_of_the_claiming_defender_costs_his_claim() -> None:
    plain = Position.from_pbn(DEFENDER_CLAIM, trump="NT", leader="W", declarer="S")
    plan = read_plan("cashing my hearts", plain, Seat.W)
    without = check_claim(plain, Seat.W, 2, plan)
    assert (without.verdict, without.awarded_claimer) == ("upheld", 2)
    irregular = plain.with_irregularities(parse_penalty_cards("W: SK major"))
    with_card = check_claim(irregular, Seat.W, 2, read_plan("cashing my hearts", irregular,
                                                            Seat.W))
    assert (with_card.verdict, with_card.awarded_claimer, with_card.dd) == ("adjusted", 0, 0)
    first = with_card.worst_line[0]
    assert (first[0].seat, str(first[0].card)) == (Seat.W, "SK")


def test_a_claim_file_carries_the_penalty_cards_to_the_ruling() -> None:
    pbn = (f'[Deal "{FINESSE}"]\n[Contract "1NT"]\n[Declarer "S"]\n[Leader "S"]\n'
           '[Claimer "S"]\n[ClaimTricks "2"]\n[PenaltyCards "W: SK major"]\n')
    record = read_pbn(pbn).records[0]
    ruling = check_record(record)
    assert (ruling.verdict, ruling.awarded_claimer) == ("upheld", 2)


def test_a_statement_from_the_wrong_hand_is_ruled_as_if_nothing_more_was_said() -> None:
    # South has the lead and says he leads dummy's ♥Q (Law 55: a lead from the wrong hand).
    pos = Position.from_pbn("S:.AT..A 23.K.. .QJ..2 4.32..", trump="NT", leader="S",
                            declarer="S")
    wrong = check_claim(pos, Seat.S, 3, read_plan("I lead the heart queen from dummy", pos,
                                                  Seat.S))
    silent = check_claim(pos, Seat.S, 3)
    assert (wrong.verdict, wrong.awarded_claimer, wrong.n) == (
        silent.verdict, silent.awarded_claimer, silent.n)
    doubt = next(d for d in wrong.doubts if "wrong hand" in d.reason)
    assert doubt.words == "I lead the heart queen from dummy"
    assert "WBF Laws Committee 2001" in doubt.reason
    # The same words with dummy on lead are an ordinary statement.
    from_dummy = Position.from_pbn("N:.QJ..2 4.32.. .AT..A 23.K..", trump="NT", leader="N",
                                   declarer="S")
    ruled = check_claim(from_dummy, Seat.S, 3, read_plan("I lead the heart queen from dummy",
                                                         from_dummy, Seat.S))
    assert not any("wrong hand" in d.reason for d in ruled.doubts)
    assert WRONG_HAND == "wrong-hand"


def test_check_takes_penalty_cards_on_the_command_line() -> None:
    from click.testing import CliRunner

    from claimcheck.cli import main

    args = ["check", "--deal", FINESSE, "--trump", "NT", "--lead", "S", "--claimer", "S",
            "--tricks", "2"]
    plain = CliRunner().invoke(main, args)
    assert plain.exit_code == 0 and "claim adjusted" in plain.output
    upheld = CliRunner().invoke(main, [*args, "--penalty-cards", "W: SK major"])
    assert upheld.exit_code == 0 and "RULING: claim upheld" in upheld.output, upheld.output
    bad = CliRunner().invoke(main, [*args, "--penalty-cards", "W: SA"])
    assert bad.exit_code == 1 and "West holds no ♠A" in bad.output


def test_declarers_designation_goes_against_a_defender_who_claims() -> None:
    # West, void in clubs, holds the ♥A and ♠2 as major penalty cards when South leads a club:
    # declarer designates which he plays (Law 51A), and takes the ♥A. Without them West keeps
    # his ace for partner's heart lead.
    plain = Position.from_pbn("S:.K..2 2.A.. .2..3 .3..A", trump="NT", leader="S",
                              declarer="S")
    without = check_claim(plain, Seat.W, 2)
    assert (without.verdict, without.awarded_claimer) == ("upheld", 2)
    irregular = plain.with_irregularities(parse_penalty_cards("W: HA major, S2 major"))
    ruling = check_claim(irregular, Seat.W, 2)
    assert (ruling.verdict, ruling.awarded_claimer) == ("adjusted", 1)
    assert "50D1" in ruling.laws
    west = ruling.worst_line[0][1]
    assert (west.seat, str(west.card), west.rule) == (Seat.W, "HA", "penalty-card")
