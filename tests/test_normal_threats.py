"""The picture's threats to a trick (policy/normal.py): a defender who has shown out of trumps
cannot ruff, so a card above everything of the suit led surely wins against him."""

from __future__ import annotations

from claimcheck.bits import mask_of
from claimcheck.cards import Card
from claimcheck.plan import EMPTY_PLAN
from claimcheck.policy.normal import Options, Point, _trick_sure
from claimcheck.policy.plan_state import compile_plan, initial_state
from claimcheck.policy.profiles import profile_for

N, E, S, W = 0, 1, 2, 3
CLUBS = 3


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
