"""Cards as small ints and hands as 52-bit masks: the representation of the hot loops.

Card ``c`` is ``suit * 13 + rank - 2`` (``Card.index``): bit ``c`` of a hand mask. A suit's cards
are a contiguous 13-bit block, so "the cards of a suit" is a shift and a mask. Only the policy and
the engine use this module; everything public speaks :class:`~claimcheck.cards.Card`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from claimcheck.cards import Card

SUIT_MASK: Final = 0x1FFF
"""The 13 bits of one suit."""
NO_TRUMP: Final = 4


def suit_of(card: int) -> int:
    """The suit (0..3) of card int *card*."""
    return card // 13


def rank_of(card: int) -> int:
    """The rank (2..14) of card int *card*."""
    return card % 13 + 2


def suit_bits(mask: int, suit: int) -> int:
    """The cards of *suit* in *mask*, as a 13-bit block (bit 0 = the two)."""
    return (mask >> (13 * suit)) & SUIT_MASK


def cards_of(mask: int) -> Iterator[int]:
    """The card ints in *mask*, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def ascending(mask: int) -> list[int]:
    """The card ints in *mask*, lowest first, as a list."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of *cards*."""
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def highest(mask: int) -> int:
    """The highest card int in *mask* (use on one suit); -1 when empty."""
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    """The lowest card int in *mask*; -1 when empty."""
    return (mask & -mask).bit_length() - 1


def beats(card: int, best: int, trump: int) -> bool:
    """True when *card* beats *best*, the card currently winning the trick."""
    cs, bs = card // 13, best // 13
    if cs == bs:
        return card > best
    return cs == trump


def winner_index(trick: tuple[int, ...], trump: int) -> int:
    """The index (0..3) in *trick* of the card winning it so far."""
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[best], trump):
            best = i
    return best


SUIT_RANGES: Final[tuple[int, ...]] = (SUIT_MASK, SUIT_MASK << 13, SUIT_MASK << 26, SUIT_MASK << 39)
"""The mask of every card of each suit, by suit: the hot loops index this tuple. Typed of
variable length on purpose: compiled, a fixed-length tuple of ints is a C struct that a
variable index boxes into a new tuple (:func:`seat_hand`); this one is indexed in place."""


def suit_range(suit: int) -> int:
    """The mask of every card of *suit*."""
    return SUIT_RANGES[suit]


def popcount(mask: int) -> int:
    """``mask.bit_count()`` for a mask of cards (at most 56 bits). mypyc has no primitive for
    ``int.bit_count``: compiled, each call boxed the int and looked the method up by name.
    These shifts and masks stay in machine ints (every value below 2 ** 56)."""
    x = mask - ((mask >> 1) & 0x55555555555555)
    x = (x & 0x33333333333333) + ((x >> 2) & 0x33333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F
    x += x >> 8
    x += x >> 16
    x += x >> 32
    return x & 0x7F


def seat_hand(hands: tuple[int, int, int, int], seat: int) -> int:
    """``hands[seat]``, for a *seat* known only at run time. mypyc keeps a tuple of four ints
    as a C struct, and indexing it by a variable boxes it into a new Python tuple at every
    access (a tuple and four ints allocated to read one): in the search's hot paths that was
    much of the interpreter's allocation. Read by constant index, nothing is boxed."""
    if seat == 0:
        return hands[0]
    if seat == 1:
        return hands[1]
    if seat == 2:
        return hands[2]
    return hands[3]


def above(card: int) -> int:
    """The mask of the cards of *card*'s suit higher than it."""
    s = card // 13
    return suit_range(s) & ~((1 << (card + 1)) - 1)


def others_of(hands: tuple[int, int, int, int], seat: int, trick: tuple[int, ...]) -> int:
    """The cards still in play outside *seat*'s hand, the trick in progress included: what
    decides whether two of *seat*'s cards are equivalent (:func:`groups`)."""
    others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~seat_hand(hands, seat)
    for c in trick:
        others |= 1 << c
    return others


def groups(own: int, others: int) -> list[int]:
    """Split *own* into groups of equivalent cards, one card (the highest) per group.

    Two cards of one suit in *own* are equivalent when no card of *others* (the cards still in
    play elsewhere, trick included) lies between them: whichever is played, every trick has the
    same winner. Branching once per group, not once per card, is what DDS does with its
    ``equals`` field.
    """
    reps: list[int] = []
    mask = own
    while mask:
        top = mask.bit_length() - 1
        reps.append(top)
        # The group of *top* runs down to just above the next card held elsewhere in its suit.
        base = top - top % 13
        floor = max((others & ((1 << top) - 1)).bit_length(), base)
        mask &= (1 << floor) - 1
    return reps


def topped(low: int, high: int) -> int:
    """The most cards of *low* that cards of *high* (one suit) can each top, one for one: each
    high card, lowest first, takes the lowest card of *low* still below it (greedy, and
    optimal for this matching)."""
    matched = 0
    while high:
        h = high & -high
        high ^= h
        below = low & (h - 1)
        if below:
            low ^= below & -below
            matched += 1
    return matched


def _top_packing(width: int) -> list[int]:
    """For every *width*-bit field ``u`` and every ``m`` within it (index ``u << width | m``):
    ``m`` with ``u``'s bits moved to the top of the field, in order. Only the entries with ``m``
    a subset of ``u`` are filled (3 ** width of them), by walking each ``u``'s submasks."""
    table = [0] * (1 << (2 * width))
    for u in range(1 << width):
        rank = width - 1
        moved = [0] * width  # bit of u -> its packed bit
        for r in range(width - 1, -1, -1):
            if u >> r & 1:
                moved[r] = 1 << rank
                rank -= 1
        m = u
        while True:
            packed = 0
            for r in range(width):
                if m >> r & 1:
                    packed |= moved[r]
            table[u << width | m] = packed
            if m == 0:
                break
            m = (m - 1) & u
    return table


_HIGH_PACKING: Final = _top_packing(6)
"""Ranks 8 to A of a suit (the top six bits): see :func:`pack_ranks`."""
_LOW_PACKING: Final = _top_packing(7)
"""Ranks 2 to 8 of a suit (the low seven bits)."""


def _packed_block(x: int, hrow: int, lrow: int, lift: int) -> int:
    """One suit's block *x* packed by its suit's tables rows (*hrow*, *lrow*: the union's top
    six and low seven ranks, shifted to index the tables) and *lift* (6 less the union's count
    in the top six): the low half's cards go just under the top half's."""
    if not x:
        return 0
    return _HIGH_PACKING[hrow | x >> 7] << 7 | _LOW_PACKING[lrow | (x & 0x7F)] << lift


def pack_hands(a: int, b: int, c: int, d: int, e: int) -> tuple[int, int, int, int, int]:
    """:func:`pack_ranks` of five masks (four hands and one more, such as the forgotten cards
    within them), with no list or tuple but the result: the search's memo key at every trick
    start."""
    pa = pb = pc = pd = pe = 0
    for s in range(4):
        shift = 13 * s
        xa = (a >> shift) & SUIT_MASK
        xb = (b >> shift) & SUIT_MASK
        xc = (c >> shift) & SUIT_MASK
        xd = (d >> shift) & SUIT_MASK
        xe = (e >> shift) & SUIT_MASK
        u = xa | xb | xc | xd | xe
        if not u:
            continue
        uh = u >> 7
        lift = 6 - popcount(uh)
        hrow = uh << 6
        lrow = (u & 0x7F) << 7
        pa |= _packed_block(xa, hrow, lrow, lift) << shift
        pb |= _packed_block(xb, hrow, lrow, lift) << shift
        pc |= _packed_block(xc, hrow, lrow, lift) << shift
        pd |= _packed_block(xd, hrow, lrow, lift) << shift
        pe |= _packed_block(xe, hrow, lrow, lift) << shift
    return pa, pb, pc, pd, pe


def pack_ranks(masks: tuple[int, ...]) -> tuple[int, ...]:
    """*masks* with each suit's cards (of all the masks together) packed to the top of the
    suit, in order: an equivalent position wherever cards are compared only with cards still in
    play (as DDS's relative ranks). Played cards are gone, so which small cards were played no
    longer tells positions apart. A mask may overlap the others (the forgotten cards, within
    the hands): each is moved by the same map.

    Each suit is packed in two halves by table (the top six ranks, the low seven), the low
    half then raised under the cards of the top half: no allocation a suit, where a table of
    whole patterns cost a tuple of the masks and a dictionary probe for each suit (the
    search's memo keys were 16% of an undetermined 12-card ruling under ``perf``)."""
    n = len(masks)
    out = [0] * n
    for s in range(4):
        shift = 13 * s
        u = 0
        for m in masks:
            u |= m >> shift
        u &= SUIT_MASK
        if not u:
            continue
        uh = u >> 7
        lift = 6 - popcount(uh)  # the low half's cards go just under the top half's
        hrow = uh << 6
        lrow = (u & 0x7F) << 7
        for i in range(n):
            out[i] |= _packed_block((masks[i] >> shift) & SUIT_MASK, hrow, lrow, lift) << shift
    return tuple(out)
