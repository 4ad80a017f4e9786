"""Penalty cards and lead restrictions: the position model, its validation, legality under Laws
44C, 50 and 51, and the text forms in PBN, JSON and diagrams."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from claimcheck.bits import mask_of
from claimcheck.cards import Card, Seat, Suit
from claimcheck.engine.restricted import RestrictedDD
from claimcheck.engine.solver import DDSolver
from claimcheck.errors import PlayError, PositionError
from claimcheck.formats import load_text
from claimcheck.formats.diagram import read_diagram, render_diagram
from claimcheck.formats.jsonfmt import read_json, write_json
from claimcheck.formats.pbn import read_pbn, write_pbn
from claimcheck.penalty import (
    LeadRestriction,
    PenaltyCard,
    parse_lead_restrictions,
    parse_penalty_cards,
    render_lead_restrictions,
    render_penalty_cards,
)
from claimcheck.position import Position
from claimcheck.tricks import Pair
from tests.randpos import random_position

SEEDS = Path(__file__).resolve().parent.parent / "deals" / "seeds"

# Law 51's examples A1-A2 (East holds hearts) and A3 (East has none): our endings.
ENDING_A = "N:.A43.8.2 .J.96.K5 .KQ.AK.A .T9.QJ.Q"
ENDING_A3 = "N:.A43.8.2 2..96.K5 .KQ.AK.A .JT.QJ.Q"
EAST_CK_D6 = "E: CK major, D6 major"


def c(text: str) -> Card:
    return Card.parse(text)


def names(cards: list[Card]) -> list[str]:
    return [str(x) for x in cards]


def ending(deal: str, penalty: str = EAST_CK_D6) -> Position:
    p = Position.from_pbn(deal, trump="NT", leader="N", declarer="S")
    return p.with_irregularities(parse_penalty_cards(penalty))


# --- text forms ----------------------------------------------------------------------------------


def test_penalty_cards_read_and_render_both_ways() -> None:
    cards = parse_penalty_cards("E: CK major, D6 major; W: S4 minor")
    assert set(cards) == {PenaltyCard(Seat.E, c("CK")), PenaltyCard(Seat.E, c("D6")),
                          PenaltyCard(Seat.W, c("S4"), False)}
    assert render_penalty_cards(cards) == "E: D6 major, CK major; W: S4 minor"
    assert set(parse_penalty_cards(render_penalty_cards(cards))) == set(cards)


def test_the_french_diagram_line_reads_symbol_suits_and_french_ranks() -> None:
    cards = parse_penalty_cards("Est ♣R ♦6", "fr")
    assert set(cards) == {PenaltyCard(Seat.E, c("CK")), PenaltyCard(Seat.E, c("D6"))}
    assert parse_penalty_cards("Ouest ª4 mineure", "fr") == (
        PenaltyCard(Seat.W, c("S4"), False),)


def test_lead_restrictions_read_in_english_and_french() -> None:
    assert parse_lead_restrictions("W: S forbidden while on lead") == (
        LeadRestriction(Seat.W, Suit.S, "forbidden", "retains-lead"),)
    assert parse_lead_restrictions("Ouest ♠ interdite tant qu'il garde la main", "fr") == (
        LeadRestriction(Seat.W, Suit.S, "forbidden", "retains-lead"),)
    assert parse_lead_restrictions("W: H required") == (
        LeadRestriction(Seat.W, Suit.H, "required"),)
    text = "W: D forbidden next lead; W: H forbidden next lead"
    assert render_lead_restrictions(parse_lead_restrictions(text)) == (
        "W: H forbidden next lead; W: D forbidden next lead")


def test_pbn_diagram_and_json_carry_penalty_cards_and_restrictions() -> None:
    pbn = ('[Deal "W:K.9.KQ.KQ 32.3.32.2 7.A2.54.7 A.KQ.A.A3"]\n[Contract "1NT"]\n'
           '[Declarer "S"]\n[Leader "W"]\n[PenaltyCards "E: HA major, H2 major"]\n'
           '[LeadRestriction "W: D forbidden while on lead"]\n')
    rec = read_pbn(pbn).records[0]
    pos = rec.position
    assert render_penalty_cards(pos.penalty_cards) == "E: HA major, H2 major"
    assert render_lead_restrictions(pos.lead_restrictions) == "W: D forbidden while on lead"
    again = read_pbn(write_pbn(rec)).records[0].position
    assert again.penalty_cards == pos.penalty_cards
    assert again.lead_restrictions == pos.lead_restrictions
    via_json = read_json(write_json([rec])).records[0].position
    assert via_json.penalty_cards == pos.penalty_cards
    assert via_json.lead_restrictions == pos.lead_restrictions
    drawn = read_diagram(render_diagram(pos)).records[0].position
    assert drawn.penalty_cards == pos.penalty_cards
    assert drawn.lead_restrictions == pos.lead_restrictions


def test_a_french_diagram_with_cartes_penalisees() -> None:
    text = ("Contrat: 1SA\nDéclarant: S\nEntame: N\n"
            "Cartes pénalisées : Est §R ¨6\n"
            "N: - A43 8 2\nE: - V 96 R5\nS: - RD AR A\nO: - 109 DV D\n")
    result = read_diagram(text)
    assert not result.errors, result.errors
    pos = result.records[0].position
    assert {str(p) for p in pos.penalty_cards} == {"E: CK major", "E: D6 major"}


# --- validation ----------------------------------------------------------------------------------


def test_impossible_penalty_cards_are_all_reported_at_once() -> None:
    p = Position.from_pbn(ENDING_A, trump="NT", leader="N", declarer="S")
    with pytest.raises(PositionError) as info:
        p.with_irregularities(
            parse_penalty_cards("E: SA major, CK minor; S: HK major; N: HA major"),
            parse_lead_restrictions("N: H required while on lead"))
    problems = info.value.problems
    assert any("East holds no ♠A" in x for x in problems)
    assert any("♣K is an honour: a minor penalty card" in x for x in problems)
    assert any("South is declarer: declarer's cards never become penalty cards" in x
               for x in problems)
    assert any("North is dummy" in x for x in problems)
    assert any("lead restrictions bind a defender" in x for x in problems)
    assert any("required for one lead only" in x for x in problems)


def test_a_restriction_in_the_suit_of_partners_penalty_card_is_impossible() -> None:
    p = Position.from_pbn(ENDING_A, trump="NT", leader="W", declarer="S")
    with pytest.raises(PositionError, match="picked up"):
        p.with_irregularities(parse_penalty_cards("E: D6 major"),
                              parse_lead_restrictions("W: D forbidden while on lead"))


def test_penalty_cards_need_a_declarer() -> None:
    p = Position.from_pbn(ENDING_A, trump="NT", leader="N")
    with pytest.raises(PositionError, match="need a declarer"):
        p.with_irregularities(parse_penalty_cards(EAST_CK_D6))


def test_a_pbn_record_with_an_impossible_penalty_card_is_located() -> None:
    pbn = ('[Deal "N:.A43.8.2 .J.96.K5 .KQ.AK.A .T9.QJ.Q"]\n[Contract "1NT"]\n'
           '[Declarer "S"]\n[Leader "N"]\n[PenaltyCards "E: SA major"]\n')
    result = load_text(pbn, "pbn", source="bad.pbn")
    assert not result.records
    err = result.errors[0]
    assert err.location.source == "bad.pbn" and err.location.line == 5
    assert "East holds no ♠A" in err.message


def test_an_unreadable_penalty_cards_tag_is_a_located_format_error() -> None:
    pbn = ('[Deal "N:.A43.8.2 .J.96.K5 .KQ.AK.A .T9.QJ.Q"]\n[Contract "1NT"]\n'
           '[Declarer "S"]\n[Leader "N"]\n[PenaltyCards "E: ZZ"]\n')
    err = load_text(pbn, "pbn", source="bad.pbn").errors[0]
    assert err.location.line == 5 and "not a card: 'ZZ'" in err.message


# --- legality: the seed's examples -------------------------------------------------------------


def test_a1_following_suit_plays_the_penalty_card_of_that_suit() -> None:
    after = ending(ENDING_A).play(c("D8"))
    assert names(after.legal_cards()) == ["D6"]  # Law 44C, then 50D1
    assert not after.is_designation()
    with pytest.raises(PlayError, match="major penalty card"):
        after.play(c("D9"))
    assert {str(p) for p in after.play(c("D6")).penalty_cards} == {"E: CK major"}


def test_a2_east_follows_with_any_heart_and_both_cards_stay() -> None:
    after = ending(ENDING_A).play(c("HA"))
    assert names(after.legal_cards()) == ["HJ"]
    assert len(after.play(c("HJ")).penalty_cards) == 2


def test_a3_void_east_plays_a_penalty_card_declarer_designates() -> None:
    after = ending(ENDING_A3).play(c("HA"))
    assert set(names(after.legal_cards())) == {"D6", "CK"}
    assert after.is_designation()  # Law 51A
    assert {str(p) for p in after.play(c("CK")).penalty_cards} == {"E: D6 major"}


def test_a_minor_penalty_card_comes_before_other_small_cards_of_its_suit() -> None:
    p = Position.from_pbn("N:.A43.8.2 .J.96.K5 .KQ.AK.A .T9.QJ.Q", trump="NT", leader="N",
                          declarer="S").with_irregularities(parse_penalty_cards("E: D6 minor"))
    after = p.play(c("D8"))
    assert names(after.legal_cards()) == ["D6"]  # the 9 is below an honour (Law 50C)
    q = Position.from_pbn("N:.A43.8.2 .J.J6.K5 .KQ.AK.A .T9.Q9.Q", trump="NT", leader="N",
                          declarer="S").with_irregularities(parse_penalty_cards("E: D6 minor"))
    assert names(q.play(c("D8")).legal_cards()) == ["DJ", "D6"]  # an honour instead


def test_a_lead_restriction_binds_while_he_retains_the_lead() -> None:
    p = Position.from_pbn("W:A.2.A. 3.4.5. 4.5.6. 5.6.7.", trump="NT", leader="W",
                          declarer="S")
    r = p.with_irregularities((), parse_lead_restrictions("W: S forbidden while on lead"))
    assert {str(x) for x in r.legal_cards()} == {"H2", "DA"}
    won = r.play(c("H2")).play(c("H4")).play(c("H5")).play(c("H6"))
    assert won.leader is Seat.S and not won.lead_restrictions  # lost the lead: spent
    kept = r.play(c("DA")).play(c("D5")).play(c("D6")).play(c("D7"))
    assert kept.leader is Seat.W and kept.lead_restrictions  # he retains the lead
    assert {str(x) for x in kept.legal_cards()} == {"H2"}


def test_a_required_suit_binds_one_lead() -> None:
    p = Position.from_pbn("W:A.2.A. 3.4.5. 4.5.6. 5.6.7.", trump="NT", leader="W",
                          declarer="S")
    r = p.with_irregularities((), parse_lead_restrictions("W: D required"))
    assert names(r.legal_cards()) == ["DA"]
    after = r.play(c("DA")).play(c("D5")).play(c("D6")).play(c("D7"))
    assert not after.lead_restrictions


# --- properties ----------------------------------------------------------------------------------


def _random_irregular(rng: np.random.Generator) -> Position | None:
    pos = random_position(rng, 5)
    assert pos.declarer is not None
    defenders = [s for s in Seat if s not in (pos.declarer, pos.declarer.partner)]
    cards: list[PenaltyCard] = []
    for seat in defenders:
        hand = sorted(pos.hands[seat])
        for i in rng.permutation(len(hand))[: int(rng.integers(0, 3))]:
            card = hand[int(i)]
            cards.append(PenaltyCard(seat, card, bool(card.rank >= 10 or rng.integers(0, 2))))
    try:
        return pos.with_irregularities(cards)
    except PositionError:
        return None  # a card of the trick in progress no longer legal under these cards


def test_no_position_with_a_penalty_card_offers_an_illegal_card() -> None:
    rng = np.random.default_rng(51)
    checked = 0
    for _ in range(400):
        pos = _random_irregular(rng)
        if pos is None:
            continue
        checked += 1
        while not pos.is_over():
            seat = pos.to_play
            legal = pos.legal_cards()
            hand = pos.hands[seat]
            assert legal and set(legal) <= hand
            led = pos.led_suit
            if led is not None and any(x.suit == led for x in hand):
                assert all(x.suit == led for x in legal)  # Law 44C first
            majors = {p.card for p in pos.penalty_cards if p.seat == seat and p.major}
            if majors & set(legal):
                assert set(legal) <= majors  # Law 50D1
            assert pos.is_designation() == (len(legal) > 1 and set(legal) <= majors)
            pos = pos.play(legal[int(rng.integers(0, len(legal)))])
    assert checked > 300


def test_a_card_designated_by_declarer_is_played_when_legal() -> None:
    rng = np.random.default_rng(5151)
    designations = 0
    for _ in range(400):
        pos = _random_irregular(rng)
        if pos is None:
            continue
        while not pos.is_over():
            legal = pos.legal_cards()
            if pos.is_designation():
                designations += 1
                chosen = legal[int(rng.integers(0, len(legal)))]
                after = pos.play(chosen)
                assert chosen not in {p.card for p in after.penalty_cards}
                assert {p.card for p in pos.penalty_cards} - {chosen} == {
                    p.card for p in after.penalty_cards}
                pos = after
            else:
                pos = pos.play(legal[0])
    assert designations > 10


def test_restricted_dd_is_plain_dd_without_restrictions_and_never_below_it() -> None:
    rng = np.random.default_rng(50)
    solver = DDSolver()
    for _ in range(60):
        pos = _random_irregular(rng)
        if pos is None or pos.declarer is None:
            continue
        rdd = RestrictedDD(solver, int(pos.trump), int(pos.declarer))
        hands = (mask_of(pos.hands[0]), mask_of(pos.hands[1]), mask_of(pos.hands[2]),
                 mask_of(pos.hands[3]))
        trick = tuple(x.index for x in pos.trick)
        plain = rdd.plain(hands, trick, int(pos.leader))
        value = rdd.value(hands, trick, int(pos.leader), pos.restrictions)
        # Every restriction binds a defender, every choice it gives is declarer's (Law 51A,
        # 50D2): declarer's side never does worse than with none.
        assert value >= plain
        free = rdd.value(hands, trick, int(pos.leader), pos.with_irregularities().restrictions)
        assert free == plain


def _reference(pos: Position, pending: bool) -> int:
    """Declarer's side's tricks by plain minimax over Position.legal_cards (no bound, no memo,
    no DDS), with declarer's designation (Law 51A) and his Law 50D2 / 51B lead options."""
    assert pos.declarer is not None
    side = Pair.of(pos.declarer)
    if pos.is_over():
        return 0
    leader = pos.leader
    if pending and not pos.trick and not side.has(leader) and not any(
            r.seat == leader for r in pos.lead_restrictions):
        majors = [p for p in pos.penalty_cards if p.seat == leader.partner and p.major]
        if majors:
            values = [_reference(pos, False)]
            for suit in {p.card.suit for p in majors}:
                rest = [p for p in pos.penalty_cards
                        if not (p.seat == leader.partner and p.card.suit == suit)]
                for kind, until in (("required", "next-lead"), ("forbidden", "retains-lead")):
                    option = pos.with_irregularities(
                        rest, [LeadRestriction(leader, suit, kind, until)])  # type: ignore[arg-type]
                    values.append(_reference(option, False))
            return max(values)
    seat = pos.to_play
    maximise = side.has(seat) or pos.is_designation()
    values = []
    for card in pos.legal_cards():
        after = pos.play(card)
        won = after.won.pov(side) - pos.won.pov(side)
        values.append(won + _reference(after, not after.trick))
    return max(values) if maximise else min(values)


def test_restricted_dd_agrees_with_a_plain_minimax_over_the_legal_cards() -> None:
    rng = np.random.default_rng(5050)
    solver = DDSolver()
    compared = 0
    for _ in range(150):
        pos = _random_irregular(rng)
        if pos is None or pos.declarer is None or pos.tricks_left > 3:
            continue
        rdd = RestrictedDD(solver, int(pos.trump), int(pos.declarer))
        hands = (mask_of(pos.hands[0]), mask_of(pos.hands[1]), mask_of(pos.hands[2]),
                 mask_of(pos.hands[3]))
        trick = tuple(x.index for x in pos.trick)
        got = rdd.value(hands, trick, int(pos.leader), pos.restrictions)
        assert got == _reference(pos, True), (pos.to_pbn(), pos.penalty_cards)
        compared += 1
    assert compared > 40


def test_bad_penalty_cards_in_json_and_diagrams_are_located() -> None:
    doc = ('{"id": "x", "position": {"hands": {"N": ".A43.8.2", "E": ".J.96.K5",\n'
           ' "S": ".KQ.AK.A", "W": ".T9.QJ.Q"}, "trump": "NT", "leader": "N",\n'
           ' "declarer": "S", "penalty_cards": "E: ♠A"}}')
    err = read_json(doc, source="x.json").errors[0]
    assert err.location.source == "x.json" and "East holds no ♠A" in err.message
    text = ("Contract: 1NT\nDeclarer: S\nLead: N\nPenalty cards: E SA\n"
            "N: - A43 8 2\nE: - J 96 K5\nS: - KQ AK A\nW: - T9 QJ Q\n")
    err = read_diagram(text, source="x.txt").errors[0]
    assert err.location.line == 4 and "East holds no ♠A" in err.message
    text = text.replace("Penalty cards: E SA", "Lead restriction: W forbidden")
    err = read_diagram(text, source="x.txt").errors[0]
    assert err.location.line == 4 and "which suit?" in err.message
