"""The seeds' worked examples on play irregularities, as options and legal cards.

Each position of ``deals/seeds/law51.pbn``, ``law55-options.pbn`` and ``law58.pbn`` carries its
provenance (``[Source]``: the seed file and paragraph; ``[Law]``; ``[Conclusion]``: the
commentary's conclusion), and each test checks that conclusion: the options listed with their
Laws, what follows each, and the double-dummy result for the non-offending side.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from claimcheck.cards import Card, Seat
from claimcheck.cli import main
from claimcheck.formats import load
from claimcheck.formats.record import ClaimRecord
from claimcheck.options import Analysis, analyse
from claimcheck.penalty import render_lead_restrictions, render_penalty_cards
from claimcheck.policy.irregularities import (
    IrregularityError,
    options_for,
    parse_irregularity,
)
from claimcheck.position import Position
from claimcheck.tricks import Pair

SEEDS = Path(__file__).resolve().parent.parent / "deals" / "seeds"
FILES = ("law51.pbn", "law55-options.pbn", "law58.pbn")


@cache
def record(file: str, board: int) -> ClaimRecord:
    return load(SEEDS / file).records[board - 1]


@cache
def analysis(file: str, board: int) -> Analysis:
    rec = record(file, board)
    tag = rec.tag("Irregularity")
    return analyse(rec.position, parse_irregularity(tag) if tag else None)


def by_id(a: Analysis) -> dict[str, tuple[int, int]]:
    return {v.option.id: (v.low, v.high) for v in a.valued}


def option(a: Analysis, oid: str) -> Position:
    return next(v.option.position for v in a.valued if v.option.id == oid)


def play(pos: Position, *cards: str) -> Position:
    for c in cards:
        pos = pos.play(Card.parse(c))
    return pos


def legal(pos: Position) -> set[str]:
    return {str(c) for c in pos.legal_cards()}


@pytest.mark.parametrize("file", FILES)
def test_every_seed_position_names_its_source_law_and_conclusion(file: str) -> None:
    result = load(SEEDS / file)
    assert not result.errors and result.records
    for rec in result.records:
        source = rec.tag("Source") or ""
        assert source.startswith("seed ") and ".txt" in source, rec.id
        assert rec.tag("Law") and rec.tag("Conclusion"), rec.id


# --- Law 51 --------------------------------------------------------------------------------------


def test_law51_a1_dummy_leads_a_diamond_and_east_must_play_the_d6() -> None:
    pos = record("law51.pbn", 1).position
    assert legal(pos) == {"D6"} and not pos.is_designation()
    assert render_penalty_cards(play(pos, "D6").penalty_cards) == "E: CK major"


def test_law51_a2_east_follows_in_hearts_and_keeps_both_penalty_cards() -> None:
    pos = record("law51.pbn", 2).position
    assert legal(pos) == {"HJ"}
    assert len(play(pos, "HJ").penalty_cards) == 2


def test_law51_a3_declarer_designates_the_ck_or_the_d6() -> None:
    a = analysis("law51.pbn", 3)
    assert a.options.laws == ("51A",) and a.options.chooser == "declarer (South)"
    assert set(by_id(a)) == {"designate-CK", "designate-D6"}
    assert render_penalty_cards(option(a, "designate-CK").penalty_cards) == "E: D6 major"
    assert render_penalty_cards(option(a, "designate-D6").penalty_cards) == "E: CK major"
    assert by_id(a) == {"designate-CK": (5, 5), "designate-D6": (5, 5)}


def test_law51_b_the_offender_on_lead_leads_the_card_declarer_designates() -> None:
    a = analysis("law51.pbn", 4)
    assert a.options.offender is Seat.W and set(by_id(a)) == {"designate-CK", "designate-S4"}
    led = option(a, "designate-CK")
    assert led.trick == (Card.parse("CK"),)
    assert render_penalty_cards(led.penalty_cards) == "W: S4 major"


def test_law51_c_two_cards_of_one_suit_are_picked_up_whichever_declarer_chooses() -> None:
    a = analysis("law51.pbn", 5)
    assert a.options.laws == ("51B1",)
    assert list(by_id(a)) == ["require-D", "forbid-D", "no-restriction"]
    for oid, restriction in (("require-D", "W: D required"),
                             ("forbid-D", "W: D forbidden while on lead")):
        pos = option(a, oid)
        assert not pos.penalty_cards, oid
        assert render_lead_restrictions(pos.lead_restrictions) == restriction
    assert render_penalty_cards(option(a, "no-restriction").penalty_cards) == (
        "E: D5 major, D4 major")


def test_law51_d_cards_of_three_suits_give_one_requirement_or_any_prohibition() -> None:
    a = analysis("law51.pbn", 6)
    assert a.options.laws == ("51B2",)
    ids = list(by_id(a))
    assert ids[:3] == ["require-S", "require-H", "require-D"]
    assert {"forbid-S", "forbid-H", "forbid-D", "forbid-SH", "forbid-SD", "forbid-HD",
            "forbid-SHD", "no-restriction"} <= set(ids) and len(ids) == 11
    # The suit required is picked up, the others stay (51B2(a)).
    assert render_penalty_cards(option(a, "require-H").penalty_cards) == "E: S7 major, D5 major"
    # Each suit forbidden is picked up, and the prohibition lasts while he keeps the lead.
    forbid = option(a, "forbid-SD")
    assert render_penalty_cards(forbid.penalty_cards) == "E: H2 major"
    assert all(r.until == "retains-lead" for r in forbid.lead_restrictions)


def test_law51_example_1_the_s4_is_led_as_soon_as_west_wins_the_da() -> None:
    a = analysis("law51.pbn", 7)
    pos = option(a, "designate-CK")  # Sud demande l'entame du Roi de trèfle
    pos = play(pos, "C2", "CQ", "CA")  # Sud capture le Roi
    pos = play(pos, "DT", "DA", "DJ", "D2")  # l'affranchissement des carreaux
    assert pos.leader is Seat.W and legal(pos) == {"S4"}  # Ouest devra jouer le 4 de pique


def test_law51_example_2_forbidding_diamonds_leaves_the_hearts_to_be_played() -> None:
    a = analysis("law51.pbn", 8)
    pos = option(a, "forbid-D")  # Sud interdit l'entame carreau
    assert render_penalty_cards(pos.penalty_cards) == "E: HA major, H2 major"
    assert "D" not in {c[0] for c in legal(pos)}
    pos = play(pos, "H9", "H3")  # Ouest entame du 9, le mort fournit le 3
    assert legal(pos) == {"HA", "H2"} and pos.is_designation()  # Sud exige l'As (51A)
    pos = play(pos, "HA", "HQ")
    assert pos.leader is Seat.E and legal(pos) == {"H2"}  # Est doit jouer le 2 (50D1)
    # As analysis: forbidding (or requiring) diamonds is worth a trick to North-South here.
    assert by_id(a)["forbid-D"] == (5, 5) and by_id(a)["forbid-H"] == (4, 4)
    assert set(a.best) == {"require-D", "forbid-D", "no-restriction"}


# --- Law 55 --------------------------------------------------------------------------------------


def test_law55_either_defender_may_refuse_and_south_must_lead_from_hand() -> None:
    a = analysis("law55-options.pbn", 1)
    o = a.options
    assert o.offender is Seat.N and o.non_offending is Pair.EW
    assert "either defender" in o.chooser and "East (next in turn)" in o.chooser
    assert by_id(a) == {"accept": (2, 2), "refuse": (2, 2)}
    laws = {v.option.id: v.option.laws for v in a.valued}
    assert laws == {"accept": ("55A", "53A"), "refuse": ("55A", "55B1")}
    refused = option(a, "refuse")
    assert refused.to_play is Seat.S and not refused.penalty_cards  # Law 48A
    # No entry to dummy: South plays the ♥A and West's singleton ♥K falls.
    assert legal(play(refused, "HA")) == {"HK"}


def test_law55_easts_h2_accepts_the_lead_out_of_turn() -> None:
    a = analysis("law55-options.pbn", 2)
    assert [v.option.id for v in a.valued] == ["accepted"]
    assert a.options.laws == ("53A",)
    after = a.valued[0].option.position
    assert after.trick == (Card.parse("HT"), Card.parse("H2")) and after.to_play is Seat.S


def test_a_lead_out_of_turn_by_the_seat_on_lead_is_refused() -> None:
    rec = record("law55-options.pbn", 1)
    with pytest.raises(IrregularityError, match="has the lead"):
        options_for(rec.position, parse_irregularity("lead out of turn: S HA"))


def test_a_defenders_lead_out_of_turn_gives_declarer_the_law_50_options() -> None:
    rec = record("law51.pbn", 5)  # West to lead; East leads the ♦5 instead
    o = options_for(rec.position, parse_irregularity("lead out of turn: E D5"))
    ids = [x.id for x in o.options]
    assert ids == ["accept", "refuse-require-D", "refuse-forbid-D", "refuse-no-restriction"]
    kept = o.options[-1].position
    assert render_penalty_cards(kept.penalty_cards) == "E: D5 major"


# --- Law 58 --------------------------------------------------------------------------------------


def test_law58_declarer_replaces_the_ten_by_the_ace_and_the_director_adjusts() -> None:
    a = analysis("law58.pbn", 1)
    o = a.options
    assert o.offender is Seat.S and "South, the offender" in o.chooser
    assert by_id(a) == {"play-SA": (1, 1), "play-ST": (2, 2)}  # East-West's tricks
    assert a.best == ("play-ST",)
    ace = next(v.option for v in a.valued if v.option.id == "play-SA")
    assert ace.laws == ("58B2", "58B3") and not ace.position.penalty_cards  # Law 48A
    assert any("withdrawn" in f for f in ace.follows)
    assert any("12A1" in n for n in o.notes) and any("16D" in n for n in o.notes)


def test_russian_58_2_the_second_card_is_a_legal_play_in_turn() -> None:
    a = analysis("law58.pbn", 2)
    assert a.options.offender is None and [v.option.id for v in a.valued] == ["in-turn"]
    assert a.valued[0].option.position.trick == (Card.parse("D8"), Card.parse("D6"))


def test_russian_58_3_a_second_card_that_cannot_follow_becomes_a_penalty_card() -> None:
    a = analysis("law58.pbn", 3)
    pos = a.valued[0].option.position
    assert render_penalty_cards(pos.penalty_cards) == "E: C5 major"
    assert pos.to_play is Seat.E and legal(pos) == {"D9", "D6"}


def test_russian_58_3_a_simultaneous_lead_out_of_turn_is_a_premature_play() -> None:
    a = analysis("law58.pbn", 4)
    assert a.options.laws == ("57A",)
    assert {v.option.id: v.option.then_cards for v in a.valued} == {
        "highest": (Card.parse("D9"),), "lowest": (Card.parse("D6"),)}
    assert render_penalty_cards(a.valued[0].option.position.penalty_cards) == "W: DQ major"


def test_russian_58_4_one_visible_card_is_played() -> None:
    a = analysis("law58.pbn", 5)
    assert [v.option.id for v in a.valued] == ["visible-card"]
    assert a.valued[0].option.position.trick[-1] == Card.parse("D9")


def test_russian_58_4_a_visible_card_that_would_revoke_becomes_a_penalty_card() -> None:
    a = analysis("law58.pbn", 6)
    v = a.valued[0]
    assert v.option.id == "revoke-card" and v.option.laws == ("58B1", "62B")
    assert render_penalty_cards(v.option.position.penalty_cards) == "E: CK major"
    assert legal(v.option.position) == {"D9", "D6"}  # Law 44C before the penalty card


# --- the command ---------------------------------------------------------------------------------


def test_options_prints_one_line_per_option_with_its_laws() -> None:
    result = CliRunner().invoke(main, ["options", str(SEEDS / "law55-options.pbn"), "--board",
                                       "1"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "IRREGULARITY: lead out of turn: N HQ  [laws 55A]"
    assert "1. accept the lead  [55A, 53A]  DD East-West 2 of 12" in lines
    assert "2. require its retraction  [55A, 55B1]  DD East-West 2 of 12" in lines


def test_options_json_for_tools() -> None:
    result = CliRunner().invoke(main, ["options", str(SEEDS / "law58.pbn"), "--board",
                                       "law58:1", "--format", "json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["schema"] == "claimcheck.options/1" and doc["offender"] == "S"
    assert [o["id"] for o in doc["options"]] == ["play-SA", "play-ST"]
    assert doc["options"][1]["dd"] == {"low": 2, "high": 2} and doc["best"] == ["play-ST"]


def test_options_from_the_command_line_with_a_penalty_card() -> None:
    result = CliRunner().invoke(main, [
        "options", "--deal", "N:.43.8.2 2..96.K5 .KQ.AK.A .JT.QJ.Q", "--trump", "NT",
        "--lead", "N", "--trick", "HA", "--declarer", "S", "--penalty-cards", "E: CK, D6"])
    assert result.exit_code == 0, result.output
    assert "1. designate ♦6  [51A]" in result.output


def test_options_reports_an_impossible_irregularity_without_a_traceback() -> None:
    result = CliRunner().invoke(main, ["options", str(SEEDS / "law55-options.pbn"), "--board",
                                       "1", "--irregularity", "premature play: E SK"])
    assert result.exit_code == 1
    assert "East does not hold ♠K" in result.output
    assert "Traceback" not in result.output


def test_the_readme_example_is_the_commands_output() -> None:
    readme = (SEEDS.parents[1] / "README.md").read_text(encoding="utf-8")
    command = "$ claimcheck options deals/seeds/law55-options.pbn --board 1\n"
    shown = readme.split(command, 1)[1].split("```", 1)[0]
    result = CliRunner().invoke(main, ["options", str(SEEDS / "law55-options.pbn"), "--board",
                                       "1"])
    assert result.output.rstrip("\n") == shown.rstrip("\n")


def test_an_opening_lead_out_of_turn_gives_declarer_the_law_54_options() -> None:
    # The seed's first Law 55 deal before the opening lead, East leading instead of West.
    deal = "S:AK.AT8743.AJ3.Q3 QJT654.K.K54.965 98.QJ95.QT2.KT82 732.62.9876.AJ74"
    pos = Position.from_pbn(deal, trump="H", leader="W", declarer="S")
    o = options_for(pos, parse_irregularity("lead out of turn: E C4"))
    assert [x.id for x in o.options] == ["accept", "spread", "refuse-require-C",
                                         "refuse-forbid-C", "refuse-no-restriction"]
    assert o.options[1].laws == ("54A",) and o.options[1].position.declarer is Seat.N
    assert o.options[0].position.to_play is Seat.S  # declarer plays second (Law 54B1)
    assert o.options[2].laws[0] == "54D"


def test_the_cards_played_after_an_irregularity_are_shown_with_their_seats() -> None:
    a = analysis("law58.pbn", 1)
    assert a.options.irregularity is not None
    text = a.options.irregularity.render(a.options.position)
    assert text == "simultaneous play: S SA ST; then W SQ"
    assert parse_irregularity(text) == a.options.irregularity


def test_any_irregularity_in_a_random_position_gives_valid_options_or_a_clear_error() -> None:
    import numpy as np

    from tests.randpos import random_position

    rng = np.random.default_rng(58)
    kinds = ["lead out of turn", "premature play", "simultaneous lead", "simultaneous play",
             "exposed", "exposed inadvertently"]
    listed = 0
    for _ in range(120):
        pos = random_position(rng, 4)
        seat = Seat(int(rng.integers(0, 4)))
        hand = sorted(pos.hands[seat])
        if not hand:
            continue
        cards = [hand[int(i)] for i in rng.permutation(len(hand))[: int(rng.integers(1, 3))]]
        kind = kinds[int(rng.integers(0, len(kinds)))]
        text = f"{kind}: {seat.letter} " + " ".join(str(c) for c in cards)
        if kind == "simultaneous lead" and not pos.trick:
            text += f"; in turn {pos.legal_cards()[0]}"
        try:
            a = analyse(pos, parse_irregularity(text))
        except IrregularityError as exc:
            assert exc.message and "Traceback" not in exc.message
            continue
        listed += 1
        assert a.valued, text
        for v in a.valued:
            assert 0 <= v.low <= v.high <= a.tricks_left, (text, v.option.id)
            after = v.option.position
            assert after.is_over() or after.legal_cards(), (text, v.option.id)
    assert listed > 40
