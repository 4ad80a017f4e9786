"""law70.md §4.2: of cards that keep as many sure tricks, the suits plainly worse over the
layouts are not normal; within a suit, every option stays (70E1's guess)."""

from __future__ import annotations

from claimcheck.cards import Card
from claimcheck.policy.normal import Layouts, _likeliest


def _card(name: str) -> int:
    return Card.parse(name).index


def _scores(totals: dict[str, int], count: int, complete: bool
            ) -> tuple[list[int], list[dict[int, int]], bool]:
    """Layouts whose sums are *totals* over *count* layouts: one layout scoring them all,
    the others nothing."""
    first = {_card(name): t for name, t in totals.items()}
    rest = [{c: 0 for c in first} for _ in range(count - 1)]
    return [1] * count, [first, *rest], complete


def _layouts(totals: dict[str, int], count: int) -> Layouts:
    """Every layout at once (few of them: the first call is complete)."""
    return Layouts(lambda first: _scores(totals, count, True))


def test_a_suit_half_a_trick_worse_goes() -> None:
    # vugraph 10050:3: the ruff makes 10 over six layouts, the discard 7: exactly half a
    # trick worse on average, which is plainly worse.
    kept = [_card("SJ"), _card("C7")]
    assert _likeliest(kept, _layouts({"SJ": 10, "C7": 7}, 6)) == [_card("SJ")]


def test_a_close_choice_of_suits_stays() -> None:
    kept = [_card("SJ"), _card("C7")]
    assert _likeliest(kept, _layouts({"SJ": 10, "C7": 8}, 6)) == kept


def test_a_suit_is_weighed_by_its_best_card() -> None:
    # The finesse (DQ) and the cash (DA) are a guess within the suit: the worse option stays
    # normal as long as the suit is not plainly worse than the clubs (70E1).
    kept = [_card("DA"), _card("DQ"), _card("C2")]
    assert _likeliest(kept, _layouts({"DA": 4, "DQ": 12, "C2": 11}, 16)) == kept
    assert _likeliest(kept, _layouts({"DA": 4, "DQ": 5, "C2": 16}, 16)) == [_card("C2")]


def test_nothing_to_weigh_keeps_every_card() -> None:
    kept = [_card("SA"), _card("H2")]
    assert _likeliest(kept, Layouts(lambda first: None)) == kept


def test_the_best_suit_always_stays() -> None:
    kept = [_card("SA"), _card("H2"), _card("D3")]
    out = _likeliest(kept, _layouts({"SA": 0, "H2": 0, "D3": 0}, 12))
    assert out == kept


def _spread(gaps: list[int]) -> tuple[list[int], list[dict[int, int]], bool]:
    """Layouts on which the ♠J makes one trick and the ♣7 *gap* fewer, layout by layout."""
    sj, c7 = _card("SJ"), _card("C7")
    return [1] * len(gaps), [{sj: 2, c7: 2 - g} for g in gaps], False


def test_a_close_first_stage_asks_for_more_layouts() -> None:
    # Half a trick behind on the first eight layouts is too close to call: the next stage's
    # sixteen are weighed, and there the clubs are a sixteenth of a trick behind: they stay.
    asked: list[int] = []

    def fetch(stage: int) -> tuple[list[int], list[dict[int, int]], bool]:
        asked.append(stage)
        return _spread([1, 0] * 4 if stage == 0 else [1] + [0] * 15)

    kept = [_card("SJ"), _card("C7")]
    assert _likeliest(kept, Layouts(fetch)) == kept
    assert asked == [0, 1]


def test_a_clear_first_stage_settles_it() -> None:
    asked: list[int] = []

    def fetch(stage: int) -> tuple[list[int], list[dict[int, int]], bool]:
        asked.append(stage)
        return _spread([2] * 8)

    assert _likeliest([_card("SJ"), _card("C7")], Layouts(fetch)) == [_card("SJ")]
    assert asked == [0]


def test_a_gap_that_spreads_widely_is_weighed_on_more_layouts() -> None:
    # usbf_sf_14502:50 on one draw of eight: the spade lead 1.25 tricks behind on average,
    # but 0, 1 or 3 behind layout by layout. That is no clear gap: more layouts decide, here
    # a fifth of a trick behind on all of them, so the spades stay.
    asked: list[int] = []
    stages = {0: [3, 3, 3, 1, 0, 0, 0, 0], 1: [3, 3, 3, 1] + [0] * 12,
              2: [3, 3, 3, 1] + [0] * 60, 3: [3, 3, 3, 1] + [0] * 252}

    def fetch(stage: int) -> tuple[list[int], list[dict[int, int]], bool]:
        asked.append(stage)
        weights, scores, _ = _spread(stages[stage])
        return weights, scores, stage == 3

    kept = [_card("SJ"), _card("C7")]
    assert _likeliest(kept, Layouts(fetch)) == kept
    assert asked[0] == 0 and len(asked) > 1


def test_a_call_still_close_at_the_last_stage_stays_normal() -> None:
    # Half a trick behind at every stage: the draws cannot say whether the suit is plainly
    # worse, a doubtful point resolved against the claimer (70A), so the clubs stay normal.
    asked: list[int] = []

    def fetch(stage: int) -> tuple[list[int], list[dict[int, int]], bool]:
        asked.append(stage)
        return _spread([1, 0] * 4)

    kept = [_card("SJ"), _card("C7")]
    assert _likeliest(kept, Layouts(fetch)) == kept
    assert asked == [0, 1, 2, 3]


def test_every_layout_weighed_settles_a_close_call() -> None:
    # The same half trick over every layout there is: no draw to doubt, plainly worse.
    def fetch(stage: int) -> tuple[list[int], list[dict[int, int]], bool]:
        weights, scores, _ = _spread([1, 0] * 4)
        return weights, scores, True

    assert _likeliest([_card("SJ"), _card("C7")], Layouts(fetch)) == [_card("SJ")]


def test_a_refuter_without_layouts_refutes_nothing() -> None:
    """Layouts that cannot give their fewest tricks refute nothing; one card's fewest below
    the tricks asked refutes them, not fewer."""
    assert not Layouts(lambda first: None).refutes(_card("SA"), 1)
    refuter = Layouts(lambda first: ([1, 1], [{_card("SA"): 1, _card("H2"): 3},
                                              {_card("SA"): 2, _card("H2"): 1}], True))
    assert refuter.refutes(_card("H2"), 2)
    assert not refuter.refutes(_card("H2"), 1)


def test_a_refuted_card_is_never_safe_in_the_plain_game() -> None:
    """law70.md §1: k tricks sure means one line takes k in every layout of the picture, so a
    layout whose double dummy falls below k after a card proves the card keeps fewer. On 300
    random claimer decisions (up to 4 cards a hand, the show-outs he knows respected), every
    card the layouts refute at k is one the plain pooled-defence game finds not sure at k."""
    import numpy as np

    from claimcheck.bits import mask_of
    from claimcheck.engine.search import Search, start_node
    from claimcheck.engine.solver import DDSolver
    from claimcheck.plan import EMPTY_PLAN
    from claimcheck.policy.normal import Options, after_card
    from claimcheck.policy.pictures import AWARE, known_show_outs
    from claimcheck.policy.plan_state import compile_plan, initial_state
    from claimcheck.policy.profiles import PROFILES
    from claimcheck.policy.sure import Budget, SureOracle
    from tests.randpos import random_position
    from tests.reference import reference_sure

    rng = np.random.default_rng(4242)
    solver = DDSolver()
    refuted = 0
    for _ in range(300):
        pos = random_position(rng, 4)
        hands = tuple(mask_of(h) for h in pos.hands)
        trick = tuple(c.index for c in pos.trick)
        seat = int(pos.to_play)
        trump = int(pos.trump)
        cplan = compile_plan(EMPTY_PLAN)
        budget = Budget(10**9)
        search = Search(trump, seat, cplan, Options(PROFILES["wbf"], seat, True), solver,
                        budget, SureOracle(trump, seat, budget))
        known = known_show_outs(pos)
        node = start_node(hands, trick, int(pos.leader), seat, AWARE, known, 0,  # type: ignore[arg-type]
                          initial_state(cplan, hands, seat, trump))  # type: ignore[arg-type]
        layouts = search.layouts_at(node)
        assert layouts is not None
        legal = [c.index for c in pos.legal_cards()]
        point = search._point(node)
        for card in legal:
            after, t, leader, won = after_card(point, seat, card)
            for total in range(1, max(h.bit_count() for h in hands) + 2):
                if layouts.refutes(card, total):
                    refuted += 1
                    assert not reference_sure(after, t, leader, trump, seat, 0, known,
                                              total - won)
    assert refuted > 100


def test_a_low_card_of_a_long_suit_is_not_dead() -> None:
    """§4.2's tie-break throws a card that can never take a trick: below every card out in
    its suit *and* too short to outlast them. ♠3 of ♠AQJ73 against ♠T9864 is the fifth-round
    winner on a 3-2 break (vugraph 14060:5); ♦6 singleton against ♦KQJ is dead."""
    from claimcheck.bits import mask_of
    from claimcheck.policy.normal import _dead

    def m(*names: str) -> int:
        return mask_of([Card.parse(n) for n in names])

    assert not _dead(m("SA", "SQ", "SJ", "S7", "S3"), _card("S3"), m("ST", "S9", "S8", "S6", "S4"))
    assert _dead(m("S3", "S2"), _card("S3"), m("ST", "S9", "S8", "S6"))
    assert _dead(m("D6", "CA"), _card("D6"), m("DK", "DQ", "DJ"))
    assert not _dead(m("D6"), _card("D6"), m("DK", "D2"))  # the ♦2 is below it
