"""The picture's threats to a trick (policy/normal.py): a defender who has shown out of trumps
cannot ruff, so a card above everything of the suit led surely wins against him."""

from __future__ import annotations

from claimcheck.bits import mask_of
from claimcheck.cards import Card
from claimcheck.plan import EMPTY_PLAN
from claimcheck.policy.normal import (
    Options,
    Point,
    _has_chance,
    _partner_may_take,
    _partner_wins,
    _ties,
    _trick_sure,
    normal_plays,
)
from claimcheck.policy.plan_state import compile_plan, initial_state
from claimcheck.policy.profiles import profile_for
from claimcheck.policy.sure import Budget, SureOracle

N, E, S, W = 0, 1, 2, 3
HEARTS, DIAMONDS, CLUBS = 1, 2, 3


def _cards(text: str) -> int:
    return mask_of([Card.parse(c) for c in text.split()])


def _point(known_out: int) -> Point:
    """vugraph 39010:5-2 at trick four (clubs trumps): North led the ♦3, East played the ♦5;
    South, with ♦A7, plays third; West, still to play, holds the ♦9 and no club."""
    hands = (_cards("SJ S7 S6 S3 H6 H2 DQ D8"), _cards("ST HQ HJ HT D4 CA CJ CT"),
             _cards("SA S8 DA D7 CQ C9 C4 C3"), _cards("SK SQ S9 S4 HK H8 H5 D9"))
    plan = compile_plan(EMPTY_PLAN)
    opts = Options.for_claim(profile_for("wbf"), S, True, plan, False)
    trick = (Card.parse("D3").index, Card.parse("D5").index)
    return Point(hands, trick, N, CLUBS, 0, known_out, 0, 0, 0, plan,
                 initial_state(plan, hands, S, CLUBS), opts)


def test_the_top_card_of_the_suit_led_surely_wins_when_the_defender_left_cannot_ruff() -> None:
    west_void_in_clubs = 1 << (W * 4 + CLUBS)
    assert _trick_sure(_point(west_void_in_clubs), S, Card.parse("DA").index)


def test_it_is_not_sure_while_the_defender_left_may_hold_a_trump() -> None:
    assert not _trick_sure(_point(0), S, Card.parse("DA").index)


def _trick_five(south: str) -> Point:
    """vugraph 05050:10-2 on its worst line, trick five (spades trumps, South declarer): West
    leads the ♣Q; North (dummy), void in clubs, plays second with ♠T3 ♥QT7; South plays last."""
    hands = (_cards("ST S3 HQ HT H7"), _cards("SK D8 D5 D2 C8"), _cards(south),
             _cards("S5 S2 CQ C9 C7"))
    plan = compile_plan(EMPTY_PLAN)
    opts = Options.for_claim(profile_for("wbf"), S, True, plan, False)
    trick = (Card.parse("CQ").index,)
    return Point(hands, trick, W, 0, 0, 0, 0, 0, 0, plan,
                 initial_state(plan, hands, S, 0), opts)


def test_partner_void_with_a_trump_may_still_take_the_trick() -> None:
    # South ruffs the club anyway: North discarding a heart gives nothing away.
    assert _partner_may_take(_trick_five("SQ S9 S6 S4 D9"), N)


def test_partner_above_the_card_led_may_still_take_the_trick() -> None:
    assert _partner_may_take(_trick_five("SQ S9 S6 CK D9"), N)


def test_partner_who_must_follow_low_cannot_take_the_trick() -> None:
    # South's ♣3 is under the ♣Q: a heart thrown by North would give the trick away.
    assert not _partner_may_take(_trick_five("SQ S9 S6 C3 D9"), N)


def _trick_two_19050() -> Point:
    """vugraph 19050:14 on its worst line at trick two (notrump, West declarer, claiming all
    seven): West led the ♦8, North threw the ♣Q; East (dummy) discards from ♠AKQ6 ♥7 ♣7, the
    fifth spade needed for the claim."""
    hands = (_cards("S7 S5 S3 H6 CA"), _cards("SA SK SQ S6 H7 C7"),
             _cards("S8 HK H9 CK CT C3"), _cards("S2 HA HT CJ C8"))
    plan = compile_plan(EMPTY_PLAN)
    opts = Options.for_claim(profile_for("wbf"), W, True, plan, False)
    trick = (Card.parse("D8").index, Card.parse("CQ").index)
    return Point(hands, trick, W, 4, 0, 0, 0, 0, 0, plan,
                 initial_state(plan, hands, W, 4), opts)


def test_a_length_card_has_a_chance_and_a_lone_low_card_has_none() -> None:
    p = _trick_two_19050()
    believed = p.hands[N] | p.hands[S]
    assert _has_chance(p, E, Card.parse("S6").index, believed)  # the fifth round, 3-3 or 4-2
    assert not _has_chance(p, E, Card.parse("C7").index, believed)  # under ♣AKQT, alone
    # West's ♥AT can fall on the ♥K9: the ♥7 wins a trick if they go together.
    assert _has_chance(p, E, Card.parse("H7").index, believed)


def test_a_tie_of_discards_throws_the_card_with_no_chance() -> None:
    p = _trick_two_19050()
    kept = [Card.parse(c).index for c in ("C7", "H7", "S6")]
    assert _ties(p, E, kept) == kept[:1]


def test_a_queen_under_the_ace_has_a_chance_by_rank() -> None:
    # vugraph 02050:9: West's ♦Q of ♦AQ86, the ♦K out, is not thrown as a card with no chance
    # (it falls third in the suit, too early for a length winner against four out).
    hands = (_cards("SQ DJ DT D9"), _cards("ST D7 D5"), _cards("S7 S4 DK"),
             _cards("DA DQ D8 D6"))
    plan = compile_plan(EMPTY_PLAN)
    opts = Options.for_claim(profile_for("wbf"), E, True, plan, False)
    trick = (Card.parse("C9").index, Card.parse("H5").index)
    p = Point(hands, trick, E, 4, 0, 0, 0, 0, 0, plan, initial_state(plan, hands, E, 4), opts)
    believed = hands[N] | hands[S]
    assert _has_chance(p, W, Card.parse("DQ").index, believed)


def _trick_seven_29050() -> Point:
    """vugraph 29050:11-2 on a worst line, trick seven (hearts trumps, South declarer, claiming 7
    of 10 with the ♥Q forgotten): West leads the ♦Q, dummy follows, East discards; South, void
    in diamonds with ♥T6 ♣AK, has one trick of the claim still to concede, the ♠K having
    dropped under his ♠A."""
    hands = (_cards("CT C9 C3"), _cards("S2 HQ C5"), _cards("HT H6 CA CK"), _cards("D3 C7 C6"))
    plan = compile_plan(EMPTY_PLAN)
    opts = Options.for_claim(profile_for("wbf"), S, True, plan, False)
    trick = (Card.parse("DQ").index, Card.parse("D5").index, Card.parse("C8").index)
    shown_out = 1 << (N * 4 + HEARTS) | 1 << (W * 4 + HEARTS) | 1 << (E * 4 + DIAMONDS)
    return Point(hands, trick, W, HEARTS, _cards("HQ"), shown_out, 0, 1, 0, plan,
                 initial_state(plan, hands, S, HEARTS), opts)


def test_a_winner_is_not_thrown_on_the_opponents_trick_that_a_safe_ruff_takes() -> None:
    # Ruffing the ♦Q with a trump he sees as master wins the trick; throwing the ♣A gives it
    # away for nothing, whatever trick the claim still concedes.
    p = _trick_seven_29050()
    cards = {c for c, _ in normal_plays(p, SureOracle(HEARTS, S, Budget(400_000)))}
    assert cards and all(c // 13 == HEARTS for c in cards)


def _trick_three_30090(east: str = "SJ S9 DJ CQ", south: str = "ST S8 S7 C2",
                       trick: str = "CK C4") -> Point:
    """vugraph 30090:45-2 on the old worst line, trick three (hearts trumps, West declarer,
    claiming 6 of 7 with the ♥JT7 out): East (dummy) leads the ♣K, South follows; West, void
    in clubs, holds ♠A ♥AK98. North, still to play, may be void in clubs and ruff: the ♣K is
    not sure, but only a ruff could beat it."""
    hands = (_cards("S5 S2 HJ HT H7"), _cards(east), _cards(south), _cards("SA HA HK H9 H8"))
    plan = compile_plan(EMPTY_PLAN)
    opts = Options.for_claim(profile_for("wbf"), W, True, plan, False)
    shown_out = 1 << (S * 4 + HEARTS) | 1 << (S * 4 + DIAMONDS) | 1 << (W * 4 + CLUBS)
    return Point(hands, tuple(Card.parse(c).index for c in trick.split()), E, HEARTS, 0,
                 shown_out, 0, 1, 0, plan, initial_state(plan, hands, W, HEARTS), opts)


def test_partners_master_that_only_a_ruff_could_beat_is_not_ruffed() -> None:
    # The old line ruffed dummy's good ♣K with the ♥A, a trick thrown away; throwing the ♠A
    # keeps the claim sure, so the ruff is ruffing partner's winner (§4.3).
    p = _trick_three_30090()
    assert _partner_wins(p, W)
    cards = {c for c, _ in normal_plays(p, SureOracle(HEARTS, W, Budget(400_000)))}
    assert cards == {Card.parse("SA").index}


def test_partners_card_under_an_outstanding_card_of_its_suit_is_no_master() -> None:
    # Dummy leads the ♣Q with the ♣K out: South, who followed low, may hold it for all West
    # knows of the pooled cards, and North may still beat the queen.
    p = _trick_three_30090(east="SJ S9 DJ C4", south="ST S8 S7 CK", trick="CQ C2")
    assert not _partner_wins(p, W)
