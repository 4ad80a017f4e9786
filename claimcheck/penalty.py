"""Penalty cards and lead restrictions: what a play irregularity leaves in force (Laws 50–51).

A defender's card exposed out of play stays face up on the table as a **penalty card** (Law 50A):
**major** when it is an honour or was exposed deliberately, **minor** when it is a single card
below the rank of an honour exposed inadvertently (Law 50B, 50C). It stays in its holder's hand
(:class:`~claimcheck.position.Position` keeps it there) until it is played or declarer's choice
under Law 50D2 / 51B lets him pick it up. A **lead restriction** requires or forbids a suit for
a defender's lead (Law 50D2(a), 51B, Law 26 style): the requirement is for his next lead, the
prohibition for his next lead or "for as long as he retains the lead".

Legality follows the order of the Laws (:func:`legal_mask`): following suit first (Law 44C, which
has priority over every other requirement), then the lead restriction, then a major penalty card
at the first legal opportunity (Law 50D1), the choice among two or more being declarer's
designation (Law 51A), then a minor penalty card before any other card of its suit below an
honour (Law 50C).

Text forms (``[PenaltyCards "E: CK major, D6 major"]``, ``[LeadRestriction "W: S forbidden while
on lead"]``, and the French diagram line ``Cartes pénalisées : Est ♣R ♦6``) are read by
:func:`parse_penalty_cards` and :func:`parse_lead_restrictions` and written by
:func:`render_penalty_cards` and :func:`render_lead_restrictions`, each the other's inverse.

>>> render_penalty_cards(parse_penalty_cards("E: CK major, D6 major"))
'E: D6 major, CK major'
>>> render_lead_restrictions(parse_lead_restrictions("W: S forbidden while on lead"))
'W: S forbidden while on lead'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, NamedTuple

from claimcheck.bits import SUIT_RANGES, mask_of
from claimcheck.cards import Card, Notation, Rank, Seat, Suit, suit_from_symbol
from claimcheck.errors import CardError, InputError

RestrictionKind = Literal["required", "forbidden"]
Until = Literal["next-lead", "retains-lead"]

HONOUR = Rank.RT
"""The lowest honour: A K Q J 10 are the honours (Law 50B reads "below the rank of an honour")."""


@dataclass(frozen=True, slots=True, order=True)
class PenaltyCard:
    """A defender's card on the table as a penalty card (Law 50)."""

    seat: Seat
    """The offender: the defender who exposed the card and still holds it."""
    card: Card
    major: bool = True
    """Major (Law 50B: an honour, or exposed deliberately) or minor (Law 50C)."""

    def __str__(self) -> str:
        return f"{self.seat.letter}: {self.card} {'major' if self.major else 'minor'}"


@dataclass(frozen=True, slots=True, order=True)
class LeadRestriction:
    """A suit required or forbidden for a defender's lead (Law 50D2(a), 51B1, 51B2)."""

    seat: Seat
    """The defender whose lead is restricted (the offender's partner)."""
    suit: Suit
    kind: RestrictionKind
    until: Until = "next-lead"
    """``next-lead``: his next lead only; ``retains-lead``: every lead he makes until he loses
    the lead (Law 50D2(a), 51B1(b): "for as long as he retains the lead")."""

    def __str__(self) -> str:
        tail = " while on lead" if self.until == "retains-lead" else ""
        if self.kind == "forbidden" and self.until == "next-lead":
            tail = " next lead"
        return f"{self.seat.letter}: {self.suit.letter} {self.kind}{tail}"


class Restrictions(NamedTuple):
    """Penalty cards and lead restrictions as card masks, for the hot loops (:mod:`bits`)."""

    major: tuple[int, int, int, int] = (0, 0, 0, 0)
    """Each seat's major penalty cards."""
    minor: tuple[int, int, int, int] = (0, 0, 0, 0)
    """Each seat's minor penalty cards."""
    lead_seat: int = -1
    """The seat whose lead is restricted, -1 for none."""
    required: int = 0
    """The cards of the required suit (0 for none)."""
    forbidden: int = 0
    """The cards of the forbidden suits."""
    retains: bool = False
    """The restriction lasts while the seat retains the lead."""

    @property
    def is_empty(self) -> bool:
        """True when nothing restricts any play."""
        return not any(self.major) and not any(self.minor) and self.lead_seat < 0


NO_RESTRICTIONS = Restrictions()


def restrictions_of(penalty_cards: Iterable[PenaltyCard],
                    lead_restrictions: Iterable[LeadRestriction]) -> Restrictions:
    """The masks of *penalty_cards* and *lead_restrictions* (one restricted seat at most)."""
    major = [0, 0, 0, 0]
    minor = [0, 0, 0, 0]
    for p in penalty_cards:
        if p.major:
            major[p.seat] |= 1 << p.card.index
        else:
            minor[p.seat] |= 1 << p.card.index
    lead_seat, required, forbidden, retains = -1, 0, 0, False
    for r in lead_restrictions:
        lead_seat = int(r.seat)
        if r.kind == "required":
            required |= SUIT_RANGES[r.suit]
        else:
            forbidden |= SUIT_RANGES[r.suit]
        retains = retains or r.until == "retains-lead"
    return Restrictions((major[0], major[1], major[2], major[3]),
                        (minor[0], minor[1], minor[2], minor[3]),
                        lead_seat, required, forbidden, retains)


_BELOW_HONOUR = 0
for _s in range(4):
    _BELOW_HONOUR |= ((1 << (HONOUR - 2)) - 1) << (13 * _s)


def legal_mask(hand: int, trick: tuple[int, ...], seat: int, r: Restrictions) -> int:
    """The cards *seat* may play from *hand* to *trick* (card ints) under *r*.

    More than one card that is a major penalty card means declarer designates one (Law 51A);
    :func:`is_designation` says when.
    """
    if trick:
        follow = hand & SUIT_RANGES[trick[0] // 13]
        # Law 44C: the obligation to follow suit has priority over every other requirement.
        cand = follow or hand
    else:
        cand = hand
        if seat == r.lead_seat:
            # Law 50D2(a), 51B: the lead restriction binds only when he can comply.
            if r.required and cand & r.required:
                cand &= r.required
            if r.forbidden and cand & ~r.forbidden:
                cand &= ~r.forbidden
    majors = cand & r.major[seat]
    if majors:
        # Law 50D1: a major penalty card must be played at the first legal opportunity, in
        # leading, following suit, discarding or trumping.
        return majors
    minor = cand & r.minor[seat]
    if minor:
        # Law 50C: no other card of its suit below an honour until the minor card is played;
        # an honour may be played instead.
        for suit in range(4):
            if minor & SUIT_RANGES[suit]:
                cand &= ~(SUIT_RANGES[suit] & _BELOW_HONOUR & ~minor)
    return cand


def is_designation(legal: int, seat: int, r: Restrictions) -> bool:
    """True when the choice among *legal* is declarer's (Law 51A: two or more penalty cards that
    can legally be played, declarer designates which)."""
    majors = legal & r.major[seat]
    return majors == legal and bool(majors & (majors - 1))


def after_trick(r: Restrictions, leader: int, winner: int) -> Restrictions:
    """*r* once a trick led by *leader* is won by *winner*: a lead restriction on the leader is
    spent after one lead, or when he loses the lead if it lasts while he retains it."""
    if r.lead_seat != leader or (r.retains and winner == leader):
        return r
    return r._replace(lead_seat=-1, required=0, forbidden=0, retains=False)


def after_card(r: Restrictions, seat: int, card: int) -> Restrictions:
    """*r* once *seat* played *card*: a penalty card played is no longer a penalty card."""
    bit = 1 << card
    if not (r.major[seat] | r.minor[seat]) & bit:
        return r
    major = list(r.major)
    minor = list(r.minor)
    major[seat] &= ~bit
    minor[seat] &= ~bit
    return r._replace(major=(major[0], major[1], major[2], major[3]),
                      minor=(minor[0], minor[1], minor[2], minor[3]))


# --- text forms ---------------------------------------------------------------------------------

_MAJOR_WORDS = {"major", "majeure", "majeur", "principale", "principal", "(major)", "(majeure)",
                "(principale)"}
_MINOR_WORDS = {"minor", "mineure", "mineur", "secondaire", "(minor)", "(mineure)",
                "(secondaire)"}
_REQUIRED_WORDS = {"required", "exigée", "exigee", "exigé", "imposée", "imposee", "demandée",
                   "demandee"}
_FORBIDDEN_WORDS = {"forbidden", "prohibited", "interdite", "interdit", "interdites"}


def _tokens(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,;:]+", text.strip()) if t]


def _seat_token(token: str) -> Seat | None:
    try:
        return Seat.parse(token)
    except CardError:
        return None


def parse_penalty_cards(text: str, notation: Notation = "any") -> tuple[PenaltyCard, ...]:
    """Read penalty cards: ``E: CK major, D6 major; W: S4 minor`` or, in a French diagram,
    ``Est ♣R ♦6`` (major unless ``minor``/``mineure`` follows the card).

    :raises InputError: naming the word that is neither a seat, a card nor major/minor.
    """
    out: list[PenaltyCard] = []
    seat: Seat | None = None
    for token in _tokens(text):
        low = token.lower()
        if low in _MAJOR_WORDS or low in _MINOR_WORDS:
            if not out or seat is None:
                raise InputError(f"penalty cards: {token!r} must follow a card")
            last = out[-1]
            out[-1] = PenaltyCard(last.seat, last.card, low in _MAJOR_WORDS)
            continue
        who = _seat_token(token)
        if who is not None:
            seat = who
            continue
        if seat is None:
            raise InputError(f"penalty cards: say whose they are first, like 'E: CK', "
                             f"got {token!r}")
        out.append(PenaltyCard(seat, _card(token, notation, "penalty cards"), True))
    if not out:
        raise InputError(f"penalty cards: no card in {text!r}")
    return tuple(out)


def _card(token: str, notation: Notation, what: str) -> Card:
    for n in (notation, "any"):
        try:
            return Card.parse(token, n)
        except CardError:
            continue
    raise InputError(f"{what}: not a card: {token!r}")


def parse_lead_restrictions(text: str, notation: Notation = "any"
                            ) -> tuple[LeadRestriction, ...]:
    """Read lead restrictions: ``W: S forbidden while on lead``, ``W: H required``,
    ``W: D forbidden next lead``, several separated by ``;``; French ``Ouest ♠ interdite tant
    qu'il garde la main``, ``Ouest ♥ exigée``.

    :raises InputError: naming what is missing or unknown.
    """
    out: list[LeadRestriction] = []
    for part in (p for p in text.split(";") if p.strip()):
        low = part.lower()
        retains = ("while on lead" in low or "retains the lead" in low
                   or "garde la main" in low or "conserve la main" in low)
        words = _tokens(part)
        seat: Seat | None = None
        suits: list[Suit] = []
        kind: RestrictionKind | None = None
        for token in words:
            t = token.lower().strip("().")
            if t in _REQUIRED_WORDS:
                kind = "required"
            elif t in _FORBIDDEN_WORDS:
                kind = "forbidden"
            elif seat is None and _seat_token(token) is not None:
                seat = _seat_token(token)
            elif not suits or len(token) <= 2:
                suit = _suit_token(token, notation)
                if suit is not None:
                    suits.append(suit)
        if seat is None:
            raise InputError(f"lead restriction {part.strip()!r}: whose lead? (like 'W: S "
                             "forbidden')")
        if not suits:
            raise InputError(f"lead restriction {part.strip()!r}: which suit?")
        if kind is None:
            raise InputError(f"lead restriction {part.strip()!r}: 'required' or 'forbidden'?")
        until: Until = "retains-lead" if retains else "next-lead"
        out.extend(LeadRestriction(seat, s, kind, until) for s in suits)
    if not out:
        raise InputError(f"lead restriction: nothing in {text!r}")
    return tuple(out)


_SUIT_WORDS = {"spades": Suit.S, "hearts": Suit.H, "diamonds": Suit.D, "clubs": Suit.C,
               "pique": Suit.S, "piques": Suit.S, "cœur": Suit.H, "coeur": Suit.H,
               "cœurs": Suit.H, "coeurs": Suit.H, "carreau": Suit.D, "carreaux": Suit.D,
               "trèfle": Suit.C, "trefle": Suit.C, "trèfles": Suit.C, "trefles": Suit.C}


def _suit_token(token: str, notation: Notation) -> Suit | None:
    sym = suit_from_symbol(token)
    if sym is not None:
        return sym
    low = token.lower()
    if low in _SUIT_WORDS:
        return _SUIT_WORDS[low]
    if len(token) == 1:
        letters = "PCKT" if notation == "fr" else "SHDC"
        up = token.upper()
        if up in letters:
            return Suit(letters.index(up))
    return None


def render_penalty_cards(cards: Iterable[PenaltyCard]) -> str:
    """``E: CK major, D6 major; W: S4 minor`` (inverse of :func:`parse_penalty_cards`)."""
    by_seat: dict[Seat, list[PenaltyCard]] = {}
    for p in sorted(cards, key=lambda p: (p.seat, p.card.suit, -p.card.rank)):
        by_seat.setdefault(p.seat, []).append(p)
    return "; ".join(
        f"{seat.letter}: " + ", ".join(
            f"{p.card} {'major' if p.major else 'minor'}" for p in ps)
        for seat, ps in by_seat.items()
    )


def render_lead_restrictions(restrictions: Iterable[LeadRestriction]) -> str:
    """``W: S forbidden while on lead`` (inverse of :func:`parse_lead_restrictions`)."""
    return "; ".join(str(r) for r in sorted(restrictions))


def render_penalty_cards_fr(cards: Iterable[PenaltyCard]) -> str:
    """The French diagram line's value: ``Est ♣R ♦6`` (``mineure`` after a minor card)."""
    names = {Seat.N: "Nord", Seat.E: "Est", Seat.S: "Sud", Seat.W: "Ouest"}
    fr_rank = {Rank.RK: "R", Rank.RQ: "D", Rank.RJ: "V"}
    by_seat: dict[Seat, list[str]] = {}
    for p in sorted(cards, key=lambda p: (p.seat, p.card.suit, -p.card.rank)):
        rank = fr_rank.get(p.card.rank, "10" if p.card.rank == Rank.RT else p.card.rank.char)
        by_seat.setdefault(p.seat, []).append(
            f"{p.card.suit.symbol}{rank}" + ("" if p.major else " mineure"))
    return ", ".join(f"{names[s]} {' '.join(cs)}" for s, cs in by_seat.items())


def problems_of(hands: tuple[frozenset[Card], ...], trick: tuple[Card, ...], leader: Seat,
                declarer: Seat | None, penalty_cards: frozenset[PenaltyCard],
                lead_restrictions: frozenset[LeadRestriction]) -> list[str]:
    """Every reason why these penalty cards and lead restrictions cannot be in force in the
    position; empty when they can. Listed all at once, like the position's own problems."""
    problems: list[str] = []
    if not penalty_cards and not lead_restrictions:
        return problems
    if declarer is None:
        problems.append("penalty cards and lead restrictions need a declarer (only a "
                        "defender's cards become penalty cards, Law 49)")
    dummy = None if declarer is None else declarer.partner
    seen: set[Card] = set()
    for p in sorted(penalty_cards):
        if p.card in seen:
            problems.append(f"{p.card} is listed twice as a penalty card")
            continue
        seen.add(p.card)
        if p.card not in hands[p.seat]:
            problems.append(f"{p.seat.long_name} holds no {p.card.symbol()}, so it cannot be "
                            "his penalty card")
        if p.seat == declarer:
            problems.append(f"{p.seat.long_name} is declarer: declarer's cards never become "
                            f"penalty cards (Law 48A), got {p.card.symbol()}")
        elif p.seat == dummy:
            problems.append(f"{p.seat.long_name} is dummy: dummy's cards never become "
                            f"penalty cards (Law 48A), got {p.card.symbol()}")
        if not p.major and p.card.rank >= HONOUR:
            problems.append(f"{p.card.symbol()} is an honour: a minor penalty card is below "
                            "the rank of an honour (Law 50B)")
    seats = {r.seat for r in lead_restrictions}
    if len(seats) > 1:
        problems.append("lead restrictions on two defenders at once: only the offender's "
                        "partner's lead is restricted (Law 50D2, 51B)")
    for r in sorted(lead_restrictions):
        if r.seat in (declarer, dummy):
            problems.append(f"{r.seat.long_name} is {'declarer' if r.seat == declarer else 'dummy'}"
                            ": lead restrictions bind a defender (Law 50D2, 51B)")
        if r.kind == "required" and r.until == "retains-lead":
            problems.append(f"a lead of {r.suit.word} is required for one lead only (Law "
                            "50D2(a)), not while he retains the lead")
        picked = [p for p in penalty_cards if p.seat == r.seat.partner and p.major
                  and p.card.suit == r.suit]
        if picked:
            problems.append(f"{r.suit.word} are {r.kind} for {r.seat.long_name}'s lead but "
                            f"{r.seat.partner.long_name} still has "
                            f"{picked[0].card.symbol()} as a penalty card: once declarer "
                            "requires or forbids that suit the card is picked up (Law 50D2(a), "
                            "51B1)")
    required = {r.suit for r in lead_restrictions if r.kind == "required"}
    forbidden = {r.suit for r in lead_restrictions if r.kind == "forbidden"}
    if len(required) > 1:
        problems.append("two suits required for one lead")
    if required and forbidden:
        problems.append("a lead cannot have a suit required and another forbidden at once "
                        "(Law 51B2: declarer requires one suit or forbids some)")
    if len(forbidden) == 4:
        problems.append("every suit forbidden for one lead")
    if problems:
        return problems
    # The trick in progress was played under these restrictions: each card in it must have
    # been legal then. A card played may have been a penalty card itself (it is no longer
    # listed), so it is flagged only when it would be illegal either way.
    masks = restrictions_of(penalty_cards, lead_restrictions)
    for i, card in enumerate(trick):
        seat = leader.next(i)
        before = mask_of(hands[seat]) | 1 << card.index
        so_far = tuple(c.index for c in trick[:i])
        major = list(masks.major)
        major[seat] |= 1 << card.index
        as_penalty = masks._replace(major=(major[0], major[1], major[2], major[3]))
        if not (legal_mask(before, so_far, seat, masks) | legal_mask(before, so_far, seat,
                                                                 as_penalty)) >> card.index & 1:
            problems.append(f"{seat.long_name} played {card.symbol()} to the trick in progress "
                            "against a penalty card or lead restriction in force "
                            "(Laws 50D, 51)")
    return problems
