"""Reading helpers shared by the PBN and LIN readers: calls, contracts, strict cards, replay.

An auction gives the contract and the declarer (the first player of the declaring side to name
the final strain). Cards here are read strictly: ``SX`` or ``S1`` are errors, not tens, because a
file that says them is wrong and guessing would hide it. Replaying the play names the trick and
card that does not fit the deal, so a director can find it in the file.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from claimcheck.cards import RANK_CHARS, Card, Rank, Seat, Strain, Suit
from claimcheck.errors import FormatError, Location
from claimcheck.formats.record import Contract
from claimcheck.position import Position

PASS = "P"
DOUBLE = "X"
REDOUBLE = "XX"

_BID = re.compile(r"^([1-7])(C|D|H|S|NT|N)$")
_CONTRACT = re.compile(r"^([1-7])(C|D|H|S|NT|N)(X{0,2})$")
_STRAINS = {"C": Strain.C, "D": Strain.D, "H": Strain.H, "S": Strain.S, "N": Strain.NT,
            "NT": Strain.NT}
_ORDER = {Strain.C: 0, Strain.D: 1, Strain.H: 2, Strain.S: 3, Strain.NT: 4}


def parse_call(text: str) -> str:
    """Read one call (PBN or LIN spelling) as ``P``, ``X``, ``XX`` or a bid like ``1N``, ``4S``.

    Alert and annotation marks (``!``, ``?``) are dropped.

    :raises FormatError: when *text* is not a call.
    """
    raw = text.strip().rstrip("!?").upper()
    if raw in ("P", "PASS"):
        return PASS
    if raw in ("X", "D", "DBL"):
        return DOUBLE
    if raw in ("XX", "R", "RDBL"):
        return REDOUBLE
    m = _BID.match(raw)
    if m is None:
        raise FormatError(f"unknown call {text!r}")
    return f"{m.group(1)}{'N' if m.group(2) in ('N', 'NT') else m.group(2)}"


@dataclass(frozen=True, slots=True)
class AuctionResult:
    """What an auction reached: the contract (None when passed out or no bid yet)."""

    contract: Contract | None
    complete: bool
    """True when the auction ended (three passes after a bid, or four passes)."""
    passed_out: bool


def contract_from_calls(calls: Sequence[str], dealer: Seat) -> AuctionResult:
    """Check the calls (read with :func:`parse_call`) are legal and find the contract they reach.

    An auction still open at its end gives the last bid as the contract, because vugraph
    operators sometimes miss the final passes while the play that follows is right.

    :raises FormatError: naming the call number on an insufficient bid or a wrong double.
    """
    last_bid: tuple[int, Strain, Seat] | None = None
    doubled = 0
    first_namer: dict[tuple[bool, Strain], Seat] = {}
    for i, call in enumerate(calls):
        seat = dealer.next(i)
        if call == PASS:
            continue
        if call == DOUBLE:
            if last_bid is None or doubled != 0 or last_bid[2].is_ns() == seat.is_ns():
                raise FormatError(f"call {i + 1} ({seat.long_name}): double is not allowed here")
            doubled = 1
            continue
        if call == REDOUBLE:
            if last_bid is None or doubled != 1 or last_bid[2].is_ns() != seat.is_ns():
                raise FormatError(
                    f"call {i + 1} ({seat.long_name}): redouble is not allowed here"
                )
            doubled = 2
            continue
        level, strain = int(call[0]), _STRAINS[call[1:]]
        if last_bid is not None and (level, _ORDER[strain]) <= (
            last_bid[0], _ORDER[last_bid[1]]
        ):
            raise FormatError(f"call {i + 1} ({seat.long_name}): {call} is insufficient")
        last_bid = (level, strain, seat)
        doubled = 0
        first_namer.setdefault((seat.is_ns(), strain), seat)
    passes_at_end = 0
    for call in reversed(calls):
        if call != PASS:
            break
        passes_at_end += 1
    if last_bid is None:
        return AuctionResult(None, len(calls) >= 4, len(calls) >= 4)
    level, strain, seat = last_bid
    declarer = first_namer[(seat.is_ns(), strain)]
    return AuctionResult(Contract(level, strain, declarer, doubled), passes_at_end >= 3, False)


def parse_contract(text: str) -> tuple[int, Strain, int] | None:
    """Read a PBN contract ``4SX``, ``3NT``, ``7NXX`` as (level, strain, doubled).

    Returns None for ``Pass``, ``?`` or an empty value.

    :raises FormatError: when *text* is not a contract.
    """
    raw = text.strip().upper().replace(" ", "")
    if raw in ("", "?", "PASS", "P", "AP"):
        return None
    m = _CONTRACT.match(raw)
    if m is None:
        raise FormatError(f"unknown contract {text!r}")
    return int(m.group(1)), _STRAINS[m.group(2)], len(m.group(3))


def parse_card(text: str) -> Card:
    """Read a card strictly, suit first: ``SK``, ``hT``, ``C10``.

    :raises FormatError: for anything else (``SX``, ``S1``, ``K``).
    """
    raw = text.strip()
    suit = _SUIT_LETTERS.get(raw[:1].upper())
    rank = parse_rank_text(raw[1:])
    if suit is None or rank is None:
        raise FormatError(f"unknown card {text!r}")
    return Card(suit, rank)


def parse_rank_text(text: str) -> Rank | None:
    """One rank, ``2``-``9``, ``T``/``10``, ``J``, ``Q``, ``K``, ``A`` (any case), or None."""
    up = text.upper()
    if up == "10":
        return Rank.RT
    if len(up) != 1 or up not in RANK_CHARS:
        return None
    return Rank(RANK_CHARS.index(up) + 2)


_SUIT_LETTERS = {"S": Suit.S, "H": Suit.H, "D": Suit.D, "C": Suit.C}


def parse_holding_strict(text: str, suit: Suit, who: str) -> list[Card]:
    """Read the ranks of one suit (``AKT2``, ``AK102``, any case) as cards of *suit*.

    :raises FormatError: on an unknown rank or a rank written twice.
    """
    cards: list[Card] = []
    i = 0
    while i < len(text):
        width = 2 if text[i : i + 2] == "10" else 1
        rank = parse_rank_text(text[i : i + width])
        if rank is None:
            raise FormatError(f"{who}: unknown card {suit.letter}{text[i]}")
        i += width
        card = Card(suit, rank)
        if card in cards:
            raise FormatError(f"{who}: {card.symbol()} is written twice")
        cards.append(card)
    return cards


def pbn_hand(text: str, seat: Seat) -> list[Card]:
    """Read a PBN hand ``AK2.QJ.T98.7654`` strictly for *seat*.

    :raises FormatError: when the hand is not four dot-separated suits of ranks.
    """
    parts = text.split(".")
    who = f"{seat.long_name}'s hand"
    if len(parts) != 4:
        raise FormatError(f"{who} {text!r} does not have four suits separated by dots")
    cards: list[Card] = []
    for suit, holding in zip(Suit, parts, strict=True):
        cards.extend(parse_holding_strict(holding, suit, who))
    return cards


def check_hand_sizes(hands: Sequence[Sequence[Card]]) -> None:
    """Reject a hand of more than 13 cards (seat order N E S W).

    :raises FormatError: naming the seat.
    """
    for seat, cards in zip(Seat, hands, strict=True):
        if len(cards) > 13:
            raise FormatError(f"{seat.long_name} has {len(cards)} cards (at most 13)")


def play_card(
    position: Position, card: Card, played: set[Card], location: Location
) -> Position:
    """Play *card* for the seat to play, naming the trick and card when it does not fit.

    *played* holds the cards played so far (updated here), so a card played twice is reported
    as such rather than as "not held".

    :raises FormatError: ``trick 3, card 2: West does not hold ♠K`` and the like.
    """
    seat = position.to_play
    where = f"trick {position.won.total + 1}, card {len(position.trick) + 1}"
    hand = position.hands[seat]
    if card not in hand:
        if card in played:
            msg = f"{where}: {card.symbol()} was already played ({seat.long_name} to play)"
        else:
            msg = f"{where}: {seat.long_name} does not hold {card.symbol()}"
        raise FormatError(msg, location)
    led = position.led_suit
    if led is not None and card.suit != led and any(c.suit == led for c in hand):
        raise FormatError(
            f"{where}: {seat.long_name} revokes, playing {card.symbol()} to a "
            f"{led.word[:-1]} lead while holding {led.word}",
            location,
        )
    played.add(card)
    return position.play(card)
