"""The sure oracle agrees with the plain pooled-defence game on thousands of small positions."""

from __future__ import annotations

import numpy as np
import pytest

from claimcheck.bits import mask_of
from claimcheck.cards import Card
from claimcheck.policy.sure import Budget, SureOracle
from tests.randpos import random_picture, random_position
from tests.reference import reference_sure


def _case(rng: np.random.Generator) -> tuple[object, ...]:
    pos = random_position(rng, 4)
    hands = tuple(mask_of(h) for h in pos.hands)
    trick = tuple(c.index for c in pos.trick)
    claimer = int(rng.integers(0, 4))
    forgotten, voids = random_picture(rng, hands, claimer)
    left = max(h.bit_count() for h in hands)
    need = int(rng.integers(0, left + 2))
    return hands, trick, int(pos.leader), int(pos.trump), claimer, forgotten, voids, need


@pytest.mark.parametrize("block", range(8))
def test_oracle_agrees_with_the_plain_game(block: int) -> None:
    """2,000 positions (8 blocks of 250), up to 4 cards a hand, pictures and voids mixed."""
    rng = np.random.default_rng(5000 + block)
    for i in range(250):
        hands, trick, leader, trump, claimer, forgotten, voids, need = _case(rng)
        oracle = SureOracle(trump, claimer, Budget(10**9))  # type: ignore[arg-type]
        got = oracle.sure(hands, trick, leader, forgotten, voids, need)  # type: ignore[arg-type]
        want = reference_sure(hands, trick, leader, trump, claimer,  # type: ignore[arg-type]
                              forgotten, voids, need)
        assert got == want, (
            f"block {block} case {i}: hands {[hex(h) for h in hands]} trick {trick} "  # type: ignore[union-attr]
            f"leader {leader} trump {trump} claimer {claimer} forgotten {forgotten:#x} "
            f"voids {voids:#x} need {need}: oracle {got}, plain game {want}")


def test_memo_is_consistent_across_calls() -> None:
    """One oracle asked many questions in turn answers each as a fresh one would."""
    rng = np.random.default_rng(77)
    cases = [_case(rng) for _ in range(300)]
    for trump in range(5):
        for claimer in range(4):
            shared = SureOracle(trump, claimer, Budget(10**9))
            for hands, trick, leader, t, c, forgotten, voids, need in cases:
                if t != trump or c != claimer:
                    continue
                fresh = SureOracle(trump, claimer, Budget(10**9))
                args = (hands, trick, leader, forgotten, voids, need)
                assert shared.sure(*args) == fresh.sure(*args)  # type: ignore[arg-type]


def test_trump_count_bounds_on_a_ruff_ending() -> None:
    """West ♠J762 ♦J3 opposite ♥T ♦AK94 ♣JT, spades trumps, the pool holding ♠QT: whatever
    anyone plays, West's four trumps take two tricks (the pool's two trumps top two of them),
    so "two tricks sure" needs no search at all."""
    hands = tuple(mask_of(frozenset(Card.parse(c) for c in h.split())) for h in (
        "SQ ST H7 DQ D6 CQ C2", "HT DA DK D9 D4 CJ CT", "HK H9 H5 DT D8 D7 CK",
        "SJ S7 S6 S2 DJ D3 D5"))
    oracle = SureOracle(0, 3, Budget(10**9))
    # Trick start, East (claimer side) on lead: the count alone proves two tricks.
    assert oracle.sure(hands, (), 1, 0, 0, 2)  # type: ignore[arg-type]
    assert oracle.budget.oracle_nodes == 0


def test_no_trump_bound_from_above_with_a_forgotten_card_about() -> None:
    """North, on lead with only his forgotten ♥Q, holds nothing that can take a trick in the
    picture, so West's side takes the last trick though South holds the ♣6 trump: the count
    of the pool's trumps must not say otherwise (found by the 5-card agreement run)."""
    hands = (mask_of([Card.parse("HQ")]), mask_of([Card.parse("S8")]),
             mask_of([Card.parse("C6")]), mask_of([Card.parse("D2")]))
    forgotten = hands[0]
    voids = 1 << 0 | 1 << 3 | 1 << 8 | 1 << 9 | 1 << 10
    oracle = SureOracle(3, 3, Budget(10**9))
    assert oracle.sure(hands, (), 0, forgotten, voids, 1)  # type: ignore[arg-type]
    assert reference_sure(hands, (), 0, 3, 3, forgotten, voids, 1)  # type: ignore[arg-type]


@pytest.mark.parametrize("block", [0, pytest.param(1, marks=pytest.mark.slow),
                                   pytest.param(2, marks=pytest.mark.slow)])
def test_oracle_agrees_on_five_card_trump_endings(block: int) -> None:
    """Five cards a hand, trump contracts only, where the trump-count bounds bite: 20
    positions in the default run, 150 a block in the slow ones."""
    rng = np.random.default_rng(9100 + block)
    done = 0
    while done < (20 if block == 0 else 150):
        pos = random_position(rng, 5)
        if int(pos.trump) == 4:
            continue
        hands = tuple(mask_of(h) for h in pos.hands)
        trick = tuple(c.index for c in pos.trick)
        claimer = int(rng.integers(0, 4))
        opps = hands[(claimer + 1) % 4] | hands[(claimer + 3) % 4]
        forgotten = 0
        if rng.random() < 0.4:
            trumps = [i for i in range(52) if opps >> i & 1 and i // 13 == int(pos.trump)]
            if trumps:
                forgotten = 1 << trumps[int(rng.integers(0, len(trumps)))]
        left = max(h.bit_count() for h in hands)
        need = int(rng.integers(1, left + 1))
        args = (hands, trick, int(pos.leader), forgotten, 0, need)
        got = SureOracle(int(pos.trump), claimer, Budget(10**9)).sure(*args)  # type: ignore[arg-type]
        want = reference_sure(hands, trick, int(pos.leader), int(pos.trump),  # type: ignore[arg-type]
                              claimer, forgotten, 0, need)
        assert got == want, f"block {block} case {done}: {args}, oracle {got}, plain {want}"
        done += 1


def test_defence_cashing_bound_at_notrump() -> None:
    """West on lead at notrump; the pool holds ♠A ♠K over North-South's ♠Q ♠J. West may hold
    both (nothing he showed says otherwise) and cash them: not one trick is sure for North,
    and the count says so with no search; the plain game agrees."""
    hands = tuple(mask_of([Card.parse(x) for x in h.split()]) for h in (
        "SQ HA", "SA H2", "SJ HK", "SK H3"))
    oracle = SureOracle(4, 0, Budget(10**9))
    assert not oracle.sure(hands, (), 3, 0, 0, 1)  # type: ignore[arg-type]
    assert oracle.budget.oracle_nodes == 0
    assert not reference_sure(hands, (), 3, 4, 0, 0, 0, 1)  # type: ignore[arg-type]
    # Once West has shown out of spades, East holds them both and West cannot cash them.
    voids = 1 << (3 * 4 + 0)
    fresh = SureOracle(4, 0, Budget(10**9))
    assert fresh.sure(hands, (), 3, 0, voids, 1) == reference_sure(  # type: ignore[arg-type]
        hands, (), 3, 4, 0, 0, voids, 1)


def _hands(*texts: str) -> tuple[int, int, int, int]:
    """Four hands (North, East, South, West) from cards like "SQ HT"."""
    masks = [mask_of([Card.parse(x) for x in t.split()]) for t in texts]
    return masks[0], masks[1], masks[2], masks[3]


def test_a_crossruff_with_no_trump_out_is_a_top_trick_line() -> None:
    """Spades trumps, none out: West ♠KQ ♥32 opposite ♠AJ ♣32. Each hand ruffs the other's
    losers, four tricks whatever the defenders hold: the cashing bound plays the ruffs, so
    the question needs no search; the plain game agrees."""
    hands = _hands("HA HK CA CK", "SA SJ C3 C2", "HQ HJ CQ CJ", "SK SQ H3 H2")
    oracle = SureOracle(0, 3, Budget(10**9))
    assert oracle.sure(hands, (), 3, 0, 0, 4)
    assert oracle.budget.oracle_nodes == 0
    assert reference_sure(hands, (), 3, 0, 3, 0, 0, 4)


def test_a_defender_on_lead_against_top_cards_in_every_suit() -> None:
    """Notrump, East on lead; North ♠A ♥A, South ♦A ♣A. Whatever East leads, an ace wins it
    and the other ace in that hand cashes: two tricks sure with no search."""
    hands = _hands("SA HA", "SK HK", "DA CA", "DK CK")
    oracle = SureOracle(4, 0, Budget(10**9))
    assert oracle.sure(hands, (), 1, 0, 0, 2)
    assert oracle.budget.oracle_nodes == 0
    assert reference_sure(hands, (), 1, 4, 0, 0, 0, 2)
    # With the ace of a suit missing (East's ♠A over North's ♠K) the bound says nothing
    # false: East cashes it, and the plain game agrees with the oracle.
    hands = _hands("SK HA", "SA HK", "DA CA", "DK CK")
    assert SureOracle(4, 0, Budget(10**9)).sure(hands, (), 1, 0, 0, 2) == reference_sure(
        hands, (), 1, 4, 0, 0, 0, 2)


def test_knocking_out_the_ace_is_tried_before_every_order_of_cashing() -> None:
    """vugraph 17040:42, clubs trumps, none out, East on lead: West ♥KJ2 ♦KQT85 ♣9, East ♠962
    ♥Q5 ♦J63 ♣T claim 8 of 9, conceding the ♦A. Cashing the top winners falls short, so the
    oracle leads the suit with one stopper first; once the ace is gone, whatever the defender
    returns is won and the rest cashes. Measured: 458,946 oracle nodes when the winners came
    first, 27,193 with this order and the defence-on-lead bound."""
    hands = _hands("SJ ST S8 S4 H9 H7 DA D7 D2", "S9 S6 S2 HQ H5 DJ D6 D3 CT",
                   "SA SK S7 S5 S3 HT H8 D9 D4", "HK HJ H2 DK DQ DT D8 D5 C9")
    oracle = SureOracle(3, 1, Budget(10**9))
    assert oracle.sure(hands, (), 1, 0, 1 << (0 * 4 + 3), 8)
    assert oracle.budget.oracle_nodes < 40_000


def test_a_top_winner_just_led_needs_no_search() -> None:
    """Notrump: North has led the ♠A and holds the ♥A; nothing in the pool beats either. The
    trick is his, then the ♥A cashes: "is the lead safe?" needs no search, whatever the
    defenders still play to the trick; the plain game agrees."""
    hands = _hands("HA", "SK HK", "S2 H2", "SQ HQ")
    spade_ace = Card.parse("SA").index
    oracle = SureOracle(4, 0, Budget(10**9))
    assert oracle.sure(hands, (spade_ace,), 0, 0, 0, 2)
    assert oracle.budget.oracle_nodes == 0
    assert reference_sure(hands, (spade_ace,), 0, 4, 0, 0, 0, 2)
    # With a trump in the pool the ace may be ruffed: no bound, and the plain game agrees.
    hands = _hands("HA", "SK CK", "S2 H2", "SQ HQ")
    assert SureOracle(3, 0, Budget(10**9)).sure(hands, (spade_ace,), 0, 0, 0, 2) == (
        reference_sure(hands, (spade_ace,), 0, 3, 0, 0, 0, 2))


@pytest.mark.parametrize("compiled", [True, False])
def test_a_cashing_count_stopped_at_its_need_does_not_cap_a_later_question(
        compiled: bool) -> None:
    """vugraph 01050:19: North ♠QT9872 ♥KJ95 ♣T opposite ♠KJ ♥AQ43 ♦QJ97, spades, South
    has led the ♦6; in the picture that forgets the ♠A, ten tricks are sure, then eleven are
    asked. The cashing search of the first question stopped at ten, and its count was kept
    for the position: the second question read ten from it and played the whole game, given
    up at 4,000 nodes (fresh, it takes 32). The picture then passed for one in which the
    claimer would not have conceded the trick, and ruled 10 of 11 at N <= 5."""
    hands = (140737510442465, 651203413286920, 113858628096, 1161226550644756)
    spade_ace = 1 << Card.parse("SA").index
    shown = 1 << (2 * 4 + 3)  # South has shown out of clubs
    oracle = SureOracle(0, 0, Budget(10**9), compiled=compiled)
    assert oracle.decide(hands, (30,), 2, spade_ace, shown, 10, 4_000) is True
    before = oracle.budget.oracle_nodes
    assert oracle.decide(hands, (30,), 2, spade_ace, shown, 11, 4_000) is True
    assert oracle.budget.oracle_nodes - before < 100


@pytest.mark.parametrize("compiled", [True, False])
def test_trumps_left_after_a_ruff_in_the_short_hand_still_count(compiled: bool) -> None:
    """Spades trumps, North on lead with ♠T8 ♥6 ♦A ♣A opposite ♠Q ♥K85 ♣7, the pool holding
    ♠74. Neither count alone proves three tricks: North's trumps take two whatever anyone
    plays (the ♠7 and ♠4 top neither), and cashing finds one (the ♦A ruffed by South's ♠Q,
    then nothing else cashes while trumps are out). Counted together, the ruff in the short
    hand and North's two trumps after it are three, proved with no search in either game
    (1,544 nodes before); the plain game agrees."""
    hands = _hands("ST S8 H6 DA CA", "S7 DQ D2 C6 C3", "SQ HK H8 H5 C7", "S4 HJ H9 CQ C8")
    oracle = SureOracle(0, 0, Budget(10**9), compiled=compiled)
    assert oracle.sure(hands, (), 0, 0, 0, 3)
    assert oracle.budget.oracle_nodes == 0
    assert reference_sure(hands, (), 0, 0, 0, 0, 0, 3)
    assert not reference_sure(hands, (), 0, 0, 0, 0, 0, 5)
