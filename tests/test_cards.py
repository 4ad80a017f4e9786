"""Cards: every notation read, located errors, and the endplay seam (same numbering as DDS)."""

from __future__ import annotations

import pytest

from claimcheck.cards import (
    Card,
    Rank,
    Seat,
    Strain,
    Suit,
    from_endplay_card,
    parse_holding,
    parse_suit_letter,
    to_endplay_card,
    to_endplay_seat,
)
from claimcheck.errors import CardError


@pytest.mark.parametrize("text,notation,expected", [
    ("SA", "any", "SA"), ("sa", "any", "SA"), ("AS", "any", "SA"), ("♠A", "any", "SA"),
    ("A♠", "any", "SA"), ("S10", "any", "ST"), ("10s", "any", "ST"), ("♥️Q", "any", "HQ"),
    ("♡Q", "any", "HQ"), ("ªR", "fr", "SK"), ("©D", "fr", "HQ"), ("CV", "fr", "HJ"),
    ("TR", "fr", "CK"), ("БТ", "ru", "DA"),
])
def test_card_forms(text: str, notation: str, expected: str) -> None:
    assert str(Card.parse(text, notation)) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize("text,message", [
    ("SX", "not a card"), ("S1", "not a card"), ("Z", "not a card"), ("", "not a card"),
])
def test_bad_cards(text: str, message: str) -> None:
    with pytest.raises(CardError, match=message):
        Card.parse(text)


def test_holdings_and_their_errors() -> None:
    assert parse_holding("AKJ10") == (Rank.RA, Rank.RK, Rank.RJ, Rank.RT)
    assert parse_holding("RDV", "fr") == (Rank.RK, Rank.RQ, Rank.RJ)
    assert parse_holding("—") == ()
    with pytest.raises(CardError, match="x for a small card is not a card"):
        parse_holding("KJx")
    with pytest.raises(CardError, match="written twice"):
        parse_holding("AKA")
    with pytest.raises(CardError, match=r"unknown rank 'R' in 'AR' \(English notation\)"):
        parse_holding("AR")


def test_suits_seats_and_strains() -> None:
    assert parse_suit_letter("P", "fr") is Suit.S and parse_suit_letter("C", "fr") is Suit.H
    assert parse_suit_letter("C") is Suit.C
    assert Seat.parse("Ouest") is Seat.W and Seat.parse("o") is Seat.W
    assert Strain.parse("SA") is Strain.NT and Strain.parse("coeur") is Strain.H
    assert Seat.N.lho is Seat.E and Seat.N.rho is Seat.W and Seat.N.partner is Seat.S


def test_the_endplay_seam_keeps_dds_numbering() -> None:
    from endplay.types import Player

    for index in range(52):
        card = Card.from_index(index)
        assert from_endplay_card(to_endplay_card(card)) == card
    assert to_endplay_seat(Seat.E) == Player.east


def test_packed_ranks_keep_the_order_of_the_cards_still_out() -> None:
    """bits.pack_ranks, the key of the oracle's and the search's memos: each suit's cards are
    moved to the top in order, so two positions that differ only in which small cards were
    played pack alike, and every comparison between cards still out is unchanged."""
    import numpy as np

    from claimcheck.bits import pack_ranks

    rng = np.random.default_rng(3)
    for _ in range(300):
        owner = rng.integers(0, 5, size=52)  # 4: played
        masks = tuple(sum(1 << i for i in range(52) if owner[i] == s) for s in range(4))
        packed = pack_ranks(masks)
        assert [m.bit_count() for m in packed] == [m.bit_count() for m in masks]
        for suit in range(4):
            before = [s for i in range(13 * suit, 13 * suit + 13) for s in range(4)
                      if masks[s] >> i & 1]
            after = [s for i in range(13 * suit, 13 * suit + 13) for s in range(4)
                     if packed[s] >> i & 1]
            assert before == after  # the same owners, low to high
            held = sum(m for m in packed) >> (13 * suit) & 0x1FFF
            assert held == (0x1FFF >> (13 - len(after))) << (13 - len(after))  # at the top
    # AK and Q9 opposite the J pack as AK and Q2 opposite the 3 (one suit).
    assert pack_ranks((0b1100000000000, 0b0010010000000, 0b0001000000000)) == (
        0b1100000000000, 0b0010100000000, 0b0001000000000)
    assert pack_ranks((0b1100000000000, 0b0010010000000, 0b0001000000000)) == pack_ranks(
        (0b1100000000000, 0b0010000000001, 0b0000000000010))


def test_packed_hands_move_an_overlapping_mask_with_the_hands() -> None:
    """bits.pack_hands, the search's memo key: four disjoint hands and a fifth mask within them
    (the forgotten cards), each moved by the hands' packing; the same as pack_ranks of the
    five, and as packing the forgotten and the remembered cards apart, as the key once did."""
    import numpy as np

    from claimcheck.bits import pack_hands, pack_ranks

    rng = np.random.default_rng(8)
    for _ in range(300):
        owner = rng.integers(0, 5, size=52)  # 4: played
        h = [sum(1 << i for i in range(52) if owner[i] == s) for s in range(4)]
        f = sum(1 << i for i in range(52) if owner[i] < 4 and rng.random() < 0.15)
        packed = pack_hands(h[0], h[1], h[2], h[3], f)
        assert packed == pack_ranks((h[0], h[1], h[2], h[3], f))
        apart = pack_ranks(tuple(x for m in h for x in (m & ~f, m & f)))
        assert packed[:4] == tuple(apart[2 * s] | apart[2 * s + 1] for s in range(4))
        assert packed[4] == apart[1] | apart[3] | apart[5] | apart[7]


def test_a_seats_hand_and_a_suits_mask_read_as_indexing_would() -> None:
    """bits.seat_hand and SUIT_RANGES, the hot paths' reads by a seat or suit known only at
    run time (written so that compiled code boxes no tuple): the same as indexing."""
    from claimcheck.bits import SUIT_MASK, SUIT_RANGES, seat_hand, suit_bits

    hands = (1 << 51 | 5, 1 << 40 | 1 << 13, 0, (1 << 52) - 1 - (1 << 51))
    assert [seat_hand(hands, seat) for seat in range(4)] == list(hands)
    for suit in range(4):
        assert SUIT_RANGES[suit] == SUIT_MASK << (13 * suit)
        assert suit_bits(hands[3], suit) == (hands[3] & SUIT_RANGES[suit]) >> (13 * suit)


def test_popcount_counts_every_mask_of_cards_as_bit_count_does() -> None:
    """bits.popcount, the compiled hot paths' count of a mask (int.bit_count without a boxed
    call): equal to it on every single card, every suit, every hand of a random deal, the
    whole deck and nothing."""
    import numpy as np

    from claimcheck.bits import SUIT_RANGES, popcount

    masks = [0, (1 << 52) - 1, *(1 << c for c in range(52)), *SUIT_RANGES]
    rng = np.random.default_rng(4)
    for _ in range(500):
        owner = rng.integers(0, 5, size=52)
        masks += [sum(1 << i for i in range(52) if owner[i] == s) for s in range(4)]
    assert [popcount(m) for m in masks] == [m.bit_count() for m in masks]
