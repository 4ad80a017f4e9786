"""Binding rules of the statement reader: finesses against an opponent, overtakes, cards led to,
colours, facts about one hand, outstanding cards named in a step."""

from __future__ import annotations

from claimcheck.cards import Card, Seat, Suit
from claimcheck.plan import LinePlan
from claimcheck.position import Position
from claimcheck.statement import read_statement, render_plan
from claimcheck.statement.render import compact_plan, plan_key
from claimcheck.tricks import Tricks

# North ♥AT2, South ♥KJ3, West ♥Q54: a two-way guess for the queen, South on lead.
TWO_WAY = Position.from_pbn("N:.AT2.. .6.32. .KJ3.. .Q54..", "NT", "S", declarer="S",
                            won=Tricks(8, 2))
# North ♣AQJ, South ♦A2 ♣K: the ♣K must be overtaken.
BLOCKED = Position.from_pbn("N:...AQJ ..543. .A2..K .KQJ..", "NT", "S", declarer="S",
                            won=Tricks(9, 1))
# North ♦2 ♣A, South ♥A ♣2.
ACROSS = Position.from_pbn("N:..2.A .3..3 .A..2 ..KQ.", "NT", "S", declarer="S", won=Tricks(9, 2))
P1 = Position.from_pbn("N:AK2.Q2.AK.2 QJ5.K3.QJ.3 T43.A4.T2.4 876.J5.43.5", "H", "S",
                       declarer="S", won=Tricks(3, 2))


def _c(text: str) -> Card:
    return Card.parse(text)


def _read(text: str, pos: Position, claimer: Seat = Seat.S) -> LinePlan:
    plan = read_statement(text, pos, claimer)
    again = read_statement(render_plan(plan), pos, claimer)
    assert plan_key(again) == plan_key(plan), f"{text!r} does not read back"
    return plan


def _notes(plan: LinePlan) -> str:
    return " ".join(v for k, v in plan.meta if k == "note")


# --- finesses ---------------------------------------------------------------------------------


def test_finesse_an_opponent_for_a_missing_card() -> None:
    plan = _read("Finessing West for the heart queen", TWO_WAY)
    (step,) = plan.steps
    assert (step.action, step.suit, step.cards, step.against, step.hand) == (
        "finesse", Suit.H, (_c("HT"),), Seat.W, None)
    # The queen is named, so the claimer is aware of it; how the ten was found is noted.
    assert plan.aware_cards() == {_c("HQ")}
    assert "♥T" in _notes(plan) and "North plays after West" in _notes(plan)


def test_finesse_the_other_way_takes_the_other_hands_card() -> None:
    (step,) = _read("finesse East for the queen of hearts", TWO_WAY).steps
    assert (step.cards, step.against) == ((_c("HJ"),), Seat.E)


def test_finesse_against_through_and_into() -> None:
    for text, against in (
        ("finesse against East", Seat.E), ("finesse through West", Seat.W),
        ("finesse into East", Seat.W), ("take the heart finesse into West", Seat.E),
    ):
        (step,) = _read(text, TWO_WAY).steps
        assert step.against == against and step.hand is None, text
    (step,) = _read("finesse into East for the queen", TWO_WAY).steps
    assert (step.cards, step.against) == ((_c("HT"),), Seat.W)


def test_finesse_card_named_is_kept() -> None:
    (step,) = _read("finesse the ♥J", TWO_WAY).steps
    assert (step.cards, step.against) == ((_c("HJ"),), None)
    (step,) = _read("finesse the heart ten against West", TWO_WAY).steps
    assert (step.cards, step.against) == ((_c("HT"),), Seat.W)


def test_finesse_in_a_hand_for_a_missing_card() -> None:
    (step,) = _read("finesse in dummy for the queen", TWO_WAY).steps
    assert (step.cards, step.hand) == ((_c("HT"),), Seat.N)


def test_finesse_against_own_side_or_for_a_held_card_is_doubtful() -> None:
    plan = _read("finesse against North", TWO_WAY)
    assert plan.steps[0].against is None and plan.doubts
    plan = _read("finesse West for the king of hearts", TWO_WAY)
    assert plan.steps[0].cards == () and plan.doubts


def test_finesse_with_no_lower_card_after_the_opponent_is_doubtful() -> None:
    pos = Position.from_pbn("N:.A32.. .6.32. .KJT.. .Q54..", "NT", "S", declarer="S",
                            won=Tricks(8, 2))
    plan = _read("finesse West for the queen", pos)
    assert plan.steps[0].cards == () and plan.steps[0].against == Seat.W
    assert any("North" in d.reason for d in plan.doubts)


# --- overtakes ----------------------------------------------------------------------------------


def test_overtake_names_both_cards() -> None:
    plan = _read("Overtaking the club king, dummy's clubs are good", BLOCKED)
    assert compact_plan(plan)["phases"] == [["play CK CA"]]
    assert compact_plan(plan)["facts"] == ["suit-good C N"]
    assert "♣A" in _notes(plan)
    plan = _read("overtake the king with the ace", BLOCKED)
    assert compact_plan(plan)["phases"] == [["play CK CA"]]


def test_overtake_with_nothing_higher_is_doubtful() -> None:
    plan = _read("overtake the ♥A", BLOCKED)
    assert plan.steps[0].cards == (_c("HA"),) and plan.doubts


# --- other wordings ---------------------------------------------------------------------------


def test_a_card_led_to_is_cashed_from_its_hand() -> None:
    plan = _read("The heart ace, then a club to the ace", ACROSS)
    assert compact_plan(plan)["phases"] == [["cash HA"], ["cash CA in N"]]


def test_colours_and_adverbs() -> None:
    plan = _read("Drawing your last trump, then the two red aces", P1)
    assert compact_plan(plan)["phases"] == [["draw-trumps"], ["cash HA", "cash DA"]]
    assert plan.mentions_trump(Suit.H)
    assert compact_plan(_read("The hearts are all good", P1)) == {"facts": ["suit-good H"]}
    assert compact_plan(_read("My hearts are good", P1)) == {"facts": ["suit-good H"]}


def test_conceding_an_outstanding_card_shows_awareness() -> None:
    plan = _read("Conceding the king of hearts", P1)
    assert plan.aware_cards() == {_c("HK")} and plan.conceded == 1


# --- issue 8: readings that were wrong without a word -------------------------------------------


def test_top_cards_stop_below_an_opponents_card_on_the_table() -> None:
    on_table = Position.from_pbn("N:AKQ2... .AK2..5 54.QJ.. .T98..", "NT", "W",
                                 [Card.parse("SJ")], declarer="S", won=Tricks(9, 0))
    plan = read_statement("top spades", on_table, Seat.S)
    assert compact_plan(plan) == {"phases": [["cash SA SK SQ"]]}, "♠2 is not top under ♠J"


def test_a_pronoun_without_antecedent_is_the_suit_led() -> None:
    trick = Position.from_pbn("N:AK2.Q2.AK.2 QJ5.K3.QJ.3 T43.A4.T2.4 876.J5.3.5", "H", "W",
                              [Card.parse("D4")], declarer="S", won=Tricks(3, 2))
    assert compact_plan(read_statement("ruff it", trick, Seat.S)) == {"phases": [["ruff D x1"]]}
    named = read_statement("cash the ace of spades, then ruff them in dummy", trick, Seat.S)
    assert compact_plan(named)["phases"] == [["cash SA"], ["ruff S in N"]]


def test_a_count_of_aces_that_does_not_fit_is_a_count_doubt() -> None:
    plan = read_statement("mes deux As", P1, Seat.S)
    assert [d.kind for d in plan.doubts] == ["count"]
    assert "2 aces said but 3 held: ♠A, ♥A, ♦A" in plan.doubts[0].reason
    assert not any(s.cards for s in plan.steps)
