"""§4.2's weighing deferred (engine/search.py DEFER_CARDS): the search takes a decision's
unweighed cards only where the weighing can do no more than narrow them
(:func:`claimcheck.policy.normal._weighing_narrows`)."""

from __future__ import annotations

from claimcheck.bits import mask_of
from claimcheck.cards import Card
from claimcheck.plan import EMPTY_PLAN
from claimcheck.policy.normal import Options, Point, _weighing_narrows
from claimcheck.policy.plan_state import compile_plan, initial_state
from claimcheck.policy.profiles import profile_for

N, E, S, W = 0, 1, 2, 3
CLUBS = 3


def _cards(text: str) -> list[int]:
    return [Card.parse(c).index for c in text.split()]


def _point(trick: str, leader: int) -> Point:
    """Clubs trumps, South (declarer) to play, void in hearts: ♠AK3 ♦A4 ♣2."""
    full = {N: "S2 HA H2 D3 C5 C6", E: "H5 HK HQ ST DJ C3",
            S: "SA SK S3 DA D4 C2", W: "SQ SJ HJ DK DQ C4"}
    played = _cards(trick)
    def hand(seat: int) -> int:
        return mask_of([Card.parse(c) for c in full[seat].split()
                        if Card.parse(c).index not in played])

    hands = (hand(N), hand(E), hand(S), hand(W))
    plan = compile_plan(EMPTY_PLAN)
    opts = Options.for_claim(profile_for("wbf"), S, True, plan, False)
    return Point(hands, tuple(played), leader, CLUBS, 0, 0, 0, 0, 0, plan,
                 initial_state(plan, hands, S, CLUBS), opts)


def test_a_lead_is_narrowed_suit_by_suit() -> None:
    p = _point("", S)
    assert _weighing_narrows(p, S, _cards("SA DA D4"))


def test_a_discard_with_a_spare_card_in_every_suit_is_narrowed() -> None:
    p = _point("H5", E)
    assert _weighing_narrows(p, S, _cards("S3 D4"))


def test_a_suit_of_winners_only_is_weighed_first() -> None:
    # Weighing that kept only the spades would bring the ♠K back as a discard (no spare
    # card left), a card the unweighed discards do not hold.
    p = _point("H5", E)
    assert not _weighing_narrows(p, S, _cards("SA SK D4"))


def test_a_ruff_of_partners_card_is_weighed_first() -> None:
    # North's ♥A is winning: the ruff is dropped while another card stays, and would come
    # back were the trumps all that the weighing kept.
    p = _point("HA H5", N)
    assert not _weighing_narrows(p, S, _cards("C2 S3"))
