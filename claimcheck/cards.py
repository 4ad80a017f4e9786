"""Seats, suits, ranks and cards: claimcheck's own small, fast types and their text forms.

This is the one adapter over ``endplay.types``. The numbering is endplay's and DDS's (seats
N=0, E=1, S=2, W=3; suits S=0, H=1, D=2, C=3; NT=4 as a strain), so converting is a cast.
endplay itself is imported lazily, inside :func:`to_endplay_card` and :func:`to_endplay_seat`:
``import endplay`` costs about half a second (it pulls in matplotlib), which a director running
``claimcheck show`` should not pay.

Text forms read here cover the notations found in real files and pasted diagrams: ``T`` or
``10``; English ``AKQJ``, French ``R D V`` (roi, dame, valet), Russian ``Т К Д В`` (туз = ace);
suit letters ``S H D C``, French ``P C K T`` only where the caller says the text is French (``C``
is clubs in English and hearts in French), unicode ``♠♥♦♣`` and ``♤♡♢♧`` (with or without the
emoji variation selector) and the Symbol-font code points ``ª © ¨ §`` of French documents.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Literal

from claimcheck.errors import CardError


class Seat(IntEnum):
    """A seat at the table, numbered as in DDS: N=0, E=1, S=2, W=3."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def lho(self) -> Seat:
        """The left-hand opponent: the next seat to play."""
        return Seat((self + 1) % 4)

    @property
    def partner(self) -> Seat:
        """The partner of this seat."""
        return Seat((self + 2) % 4)

    @property
    def rho(self) -> Seat:
        """The right-hand opponent: the seat that played before this one."""
        return Seat((self + 3) % 4)

    def next(self, n: int = 1) -> Seat:
        """The seat *n* places clockwise."""
        return Seat((self + n) % 4)

    def is_ns(self) -> bool:
        """True for North and South."""
        return self in (Seat.N, Seat.S)

    @property
    def letter(self) -> str:
        """``N``, ``E``, ``S`` or ``W``."""
        return self.name

    @property
    def long_name(self) -> str:
        """``North``, ``East``, ``South`` or ``West``."""
        return _SEAT_NAMES[self]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read a seat in English or French: ``N``, ``north``, ``Nord``, ``O``/``Ouest`` = West.

        :raises CardError: when *text* names no seat.
        """
        key = text.strip().lower()
        seat = _SEAT_WORDS.get(key)
        if seat is None:
            raise CardError(f"unknown seat {text!r} (expected N, E, S, W or a seat name)")
        return seat


_SEAT_NAMES = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
_SEAT_WORDS: dict[str, Seat] = {
    "n": Seat.N, "north": Seat.N, "nord": Seat.N,
    "e": Seat.E, "east": Seat.E, "est": Seat.E,
    "s": Seat.S, "south": Seat.S, "sud": Seat.S,
    "w": Seat.W, "west": Seat.W, "o": Seat.W, "ouest": Seat.W,
}


class Suit(IntEnum):
    """A suit, numbered as in DDS: spades 0, hearts 1, diamonds 2, clubs 3."""

    S = 0
    H = 1
    D = 2
    C = 3

    @property
    def letter(self) -> str:
        """``S``, ``H``, ``D`` or ``C``."""
        return self.name

    @property
    def symbol(self) -> str:
        """``♠``, ``♥``, ``♦`` or ``♣``."""
        return "♠♥♦♣"[self]

    @property
    def word(self) -> str:
        """The English plural: ``spades`` … ``clubs``."""
        return ("spades", "hearts", "diamonds", "clubs")[self]


class Strain(IntEnum):
    """The trump strain of a deal: a suit or notrump (DDS numbering, NT=4)."""

    S = 0
    H = 1
    D = 2
    C = 3
    NT = 4

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None at notrump."""
        return None if self is Strain.NT else Suit(int(self))

    @property
    def symbol(self) -> str:
        """``♠`` … ``♣``, or ``NT``."""
        return "NT" if self is Strain.NT else "♠♥♦♣"[self]

    @classmethod
    def parse(cls, text: str) -> Strain:
        """Read a trump strain: ``S H D C N NT SA`` (French sans-atout), symbols, words.

        :raises CardError: when *text* names no strain.
        """
        key = _fold(text).strip().lower()
        strain = _STRAIN_WORDS.get(key)
        if strain is None and len(key) == 1:
            suit = _SUIT_CHARS.get(key)
            if suit is not None:
                strain = Strain(int(suit))
        if strain is None:
            raise CardError(f"unknown trump {text!r} (expected S, H, D, C or NT)")
        return strain


_STRAIN_WORDS: dict[str, Strain] = {
    "n": Strain.NT, "nt": Strain.NT, "sa": Strain.NT, "notrump": Strain.NT,
    "notrumps": Strain.NT, "no trump": Strain.NT, "sans-atout": Strain.NT,
    "s": Strain.S, "spades": Strain.S, "spade": Strain.S, "pique": Strain.S, "piques": Strain.S,
    "h": Strain.H, "hearts": Strain.H, "heart": Strain.H, "coeur": Strain.H, "cœur": Strain.H,
    "d": Strain.D, "diamonds": Strain.D, "diamond": Strain.D, "carreau": Strain.D,
    "c": Strain.C, "clubs": Strain.C, "club": Strain.C, "trefle": Strain.C, "trèfle": Strain.C,
}


class Rank(IntEnum):
    """A card rank, 2 to 14 (ace). DDS stores rank *r* as bit ``1 << r``."""

    R2 = 2
    R3 = 3
    R4 = 4
    R5 = 5
    R6 = 6
    R7 = 7
    R8 = 8
    R9 = 9
    RT = 10
    RJ = 11
    RQ = 12
    RK = 13
    RA = 14

    @property
    def char(self) -> str:
        """The PBN character: ``2``…``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return RANK_CHARS[self - 2]

    @property
    def bit(self) -> int:
        """The DDS bit of this rank."""
        return 1 << int(self)


RANK_CHARS = "23456789TJQKA"

Notation = Literal["en", "fr", "ru", "any"]
"""Which letters a text uses for ranks and suits (``C`` is clubs in English, hearts in French)."""

# Rank letters by notation. Russian Т (te) is the ACE (туз), not a ten: it is looked up before
# anything that could read it as the Latin T, and only when the caller allows Russian.
_RANKS_EN = {c: Rank(i + 2) for i, c in enumerate(RANK_CHARS)}
_RANKS_FR = {"A": Rank.RA, "R": Rank.RK, "D": Rank.RQ, "V": Rank.RJ, "T": Rank.RT} | {
    str(i): Rank(i) for i in range(2, 10)
}
_RANKS_RU = {"Т": Rank.RA, "К": Rank.RK, "Д": Rank.RQ, "В": Rank.RJ} | {
    str(i): Rank(i) for i in range(2, 10)
}

_SUIT_SYMBOLS = {
    "♠": Suit.S, "♥": Suit.H, "♦": Suit.D, "♣": Suit.C,
    "♤": Suit.S, "♡": Suit.H, "♢": Suit.D, "♧": Suit.C,
    # Adobe Symbol-font code points read as Latin-1 (French documents): 0xAA 0xA9 0xA8 0xA7.
    "ª": Suit.S, "©": Suit.H, "¨": Suit.D, "§": Suit.C,
}
_SUIT_CHARS: dict[str, Suit] = {"s": Suit.S, "h": Suit.H, "d": Suit.D, "c": Suit.C} | {
    k: v for k, v in _SUIT_SYMBOLS.items()
}
_SUIT_LETTERS = {
    "en": {"S": Suit.S, "H": Suit.H, "D": Suit.D, "C": Suit.C},
    "fr": {"P": Suit.S, "C": Suit.H, "K": Suit.D, "T": Suit.C},
    "ru": {"П": Suit.S, "Ч": Suit.H, "Б": Suit.D, "Т": Suit.C},
}


def _fold(text: str) -> str:
    """Drop emoji variation selectors and zero-width characters that break card parsing."""
    return text.replace("\ufe0f", "").replace("\ufe0e", "").replace("\u200b", "")


def suit_from_symbol(ch: str) -> Suit | None:
    """The suit of a suit symbol (unicode or Symbol-font), or None."""
    return _SUIT_SYMBOLS.get(_fold(ch))


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A playing card. Ordered by suit (spades first), then rank."""

    suit: Suit
    rank: Rank

    def __str__(self) -> str:
        return f"{self.suit.letter}{self.rank.char}"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def index(self) -> int:
        """0..51: suit * 13 + rank - 2 (spades 2 = 0, clubs ace = 51)."""
        return int(self.suit) * 13 + int(self.rank) - 2

    def symbol(self) -> str:
        """``♠A`` style."""
        return f"{self.suit.symbol}{self.rank.char}"

    def render(self, *, ascii_only: bool = False) -> str:
        """``SA`` when *ascii_only*, else ``♠A``."""
        return str(self) if ascii_only else self.symbol()

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with :attr:`index` *index*."""
        return _ALL_CARDS[index]

    @classmethod
    def parse(cls, text: str, notation: Notation = "any") -> Card:
        """Read one card: ``SA``, ``sa``, ``AS``, ``♠A``, ``A♠``, ``S10``, ``♥️Q``, ``ªR`` (French).

        The suit may come first or last. With ``notation="fr"`` the suit letters are P C K T and
        the ranks R D V; with ``"ru"`` the Cyrillic letters; ``"any"`` accepts English letters and
        every symbol form.

        :raises CardError: when *text* is not one card.
        """
        raw = _fold(text).strip()
        if len(raw) < 2:
            raise CardError(f"not a card: {text!r}")
        for suit_first in (True, False):
            suit_part, rank_part = (raw[0], raw[1:]) if suit_first else (raw[-1], raw[:-1])
            suit = _read_suit_char(suit_part, notation)
            if suit is None:
                continue
            rank = _read_rank(rank_part, notation)
            if rank is not None:
                return Card(suit, rank)
        raise CardError(f"not a card: {text!r}")


def _read_suit_char(ch: str, notation: Notation) -> Suit | None:
    sym = _SUIT_SYMBOLS.get(ch)
    if sym is not None:
        return sym
    up = ch.upper()
    if notation in ("en", "any"):
        return _SUIT_LETTERS["en"].get(up)
    return _SUIT_LETTERS[notation].get(up)


def _read_rank(text: str, notation: Notation) -> Rank | None:
    up = text.upper()
    if up == "10":
        return Rank.RT
    if len(up) != 1:
        return None
    if notation == "fr":
        return _RANKS_FR.get(up)
    if notation == "ru":
        return _RANKS_RU.get(up)
    return _RANKS_EN.get(up)


def parse_rank(ch: str, notation: Notation = "en") -> Rank:
    """Read one rank character (or ``10``) in *notation*.

    :raises CardError: when *ch* is not a rank in that notation.
    """
    rank = _read_rank(_fold(ch).strip(), notation)
    if rank is None:
        raise CardError(f"unknown rank {ch!r}")
    return rank


def parse_suit_letter(ch: str, notation: Notation = "en") -> Suit:
    """Read one suit letter or symbol in *notation*.

    :raises CardError: when *ch* is not a suit in that notation.
    """
    suit = _read_suit_char(_fold(ch).strip(), notation)
    if suit is None:
        raise CardError(f"unknown suit {ch!r}")
    return suit


_ALL_CARDS = tuple(Card(Suit(s), Rank(r)) for s in range(4) for r in range(2, 15))
FULL_DECK: frozenset[Card] = frozenset(_ALL_CARDS)


def parse_cards(text: str, notation: Notation = "any") -> tuple[Card, ...]:
    """Read cards separated by spaces or commas: ``"SK S2 HA"``.

    :raises CardError: when any token is not a card.
    """
    tokens = [t for t in text.replace(",", " ").split() if t]
    return tuple(Card.parse(t, notation) for t in tokens)


VOID_WORDS = frozenset({"", "-", "—", "–", "void", "vide", "chicane"})
"""How a void is written: a dash, an em or en dash, or the word (English, French)."""
_NOTATION_NAMES = {"en": "English", "fr": "French", "ru": "Russian", "any": "English"}


def parse_holding(text: str, notation: Notation = "en") -> tuple[Rank, ...]:
    """Read the ranks of one suit: ``"AKJ10"``, ``"A K J T"``, ``"RDV"`` (fr); ``-`` or ``—`` is
    void. Ranks are returned highest first.

    :raises CardError: on an unknown rank (an ``x`` for a small card is one: a claim needs every
        card), a void mark inside a holding, or a rank written twice.
    """
    raw = _fold(text).strip().replace(" ", "")
    if raw.lower() in VOID_WORDS:
        return ()
    ranks: list[Rank] = []
    i = 0
    while i < len(raw):
        if raw[i : i + 2] == "10":
            rank = Rank.RT
            i += 2
        else:
            ch = raw[i]
            i += 1
            if ch in "xXхХ":
                raise CardError(f"unknown card {ch!r} in {text!r}: a claim diagram must show "
                                "every card (x for a small card is not a card)")
            if ch in "-—–":
                raise CardError(f"a void mark inside the holding {text!r}")
            r = _read_rank(ch, notation)
            if r is None:
                raise CardError(
                    f"unknown rank {ch!r} in {text!r} ({_NOTATION_NAMES[notation]} notation)")
            rank = r
        if rank in ranks:
            raise CardError(f"rank {rank.char} written twice in {text!r}")
        ranks.append(rank)
    return tuple(sorted(ranks, reverse=True))


def hand_to_pbn(cards: Iterable[Card]) -> str:
    """A hand in PBN form, spades first: ``"AK2.QJ.T98.7654"``."""
    by_suit: list[list[Rank]] = [[], [], [], []]
    for card in cards:
        by_suit[card.suit].append(card.rank)
    return ".".join("".join(r.char for r in sorted(rs, reverse=True)) for rs in by_suit)


def hand_from_pbn(text: str) -> frozenset[Card]:
    """Read a PBN hand ``"AK2.QJ.T98.7654"`` (inverse of :func:`hand_to_pbn`).

    :raises CardError: when the hand is not four dot-separated suits of ranks.
    """
    parts = text.strip().split(".")
    if len(parts) != 4:
        raise CardError(f"a PBN hand has four suits separated by dots, got {text!r}")
    cards: set[Card] = set()
    for suit, holding in zip(Suit, parts, strict=True):
        for rank in parse_holding(holding, "en"):
            cards.add(Card(suit, rank))
    return frozenset(cards)


# --- the endplay seam -------------------------------------------------------------------------


def to_endplay_card(card: Card) -> Any:
    """The ``endplay.types.Card`` for *card* (endplay imported lazily)."""
    from endplay.types import Card as EPCard
    from endplay.types import Denom
    from endplay.types import Rank as EPRank

    return EPCard(suit=Denom(int(card.suit)), rank=EPRank(1 << int(card.rank)))


def from_endplay_card(card: Any) -> Card:
    """Our :class:`Card` for an ``endplay.types.Card``."""
    return Card(Suit(int(card.suit)), Rank(int(card.rank).bit_length() - 1))


def to_endplay_seat(seat: Seat) -> Any:
    """The ``endplay.types.Player`` for *seat*."""
    from endplay.types import Player

    return Player(int(seat))
