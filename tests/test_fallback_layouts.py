"""law70.md §4.2: of cards that keep as many sure tricks, the suits plainly worse over the
layouts are not normal; within a suit, every option stays (70E1's guess)."""

from __future__ import annotations

from claimcheck.cards import Card
from claimcheck.policy.normal import Layouts, _likeliest


def _card(name: str) -> int:
    return Card.parse(name).index


def _layouts(totals: dict[str, int], count: int) -> Layouts:
    """Every layout at once (few of them: the first call is complete)."""
    return Layouts(lambda cards, first: ({c: totals[str(Card.from_index(c))] for c in cards},
                                         count, True))


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
    assert _likeliest(kept, Layouts(lambda cards, first: None)) == kept


def test_the_best_suit_always_stays() -> None:
    kept = [_card("SA"), _card("H2"), _card("D3")]
    out = _likeliest(kept, _layouts({"SA": 0, "H2": 0, "D3": 0}, 12))
    assert out == kept


def test_a_close_first_half_asks_for_every_layout() -> None:
    # Half a trick behind on the first eight layouts is close: all sixteen are weighed, and
    # there the clubs are a quarter of a trick behind, so they stay.
    asked: list[bool] = []

    def fetch(cards: list[int], first: bool) -> tuple[dict[int, int], int, bool]:
        asked.append(first)
        half = {"SJ": 8, "C7": 4} if first else {"SJ": 16, "C7": 12}
        return {c: half[str(Card.from_index(c))] for c in cards}, 8 if first else 16, not first

    kept = [_card("SJ"), _card("C7")]
    assert _likeliest(kept, Layouts(fetch)) == kept
    assert asked == [True, False]


def test_a_clear_first_half_settles_it() -> None:
    asked: list[bool] = []

    def fetch(cards: list[int], first: bool) -> tuple[dict[int, int], int, bool]:
        asked.append(first)
        return {c: {"SJ": 8, "C7": 1}[str(Card.from_index(c))] for c in cards}, 8, False

    assert _likeliest([_card("SJ"), _card("C7")], Layouts(fetch)) == [_card("SJ")]
    assert asked == [True]
