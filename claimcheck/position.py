"""The position at a claim: remaining hands, trump, trick in progress, declarer, tricks won.

A :class:`Position` cannot hold an impossible deal: building one checks everything and raises a
:class:`~claimcheck.errors.PositionError` that lists *every* problem at once (the way a director
would list them), not just the first.

>>> p = Position.from_pbn("N:AK... Q2... 43... 5.A..", trump="NT", leader="N")
>>> p.to_play, [str(c) for c in p.legal_cards()]
(<Seat.N: 0>, ['SA', 'SK'])
>>> q = p.play(Card.parse("SA"))
>>> q.to_play, q.trick
(<Seat.E: 1>, (Card('SA'),))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields

from claimcheck.cards import (
    Card,
    Seat,
    Strain,
    Suit,
    hand_from_pbn,
    hand_to_pbn,
)
from claimcheck.errors import CardError, PlayError, PositionError
from claimcheck.penalty import (
    NO_RESTRICTIONS,
    LeadRestriction,
    PenaltyCard,
    Restrictions,
    is_designation,
    legal_mask,
    problems_of,
    restrictions_of,
)
from claimcheck.tricks import Pair, Tricks

Hands = tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]


def trick_winner(cards: Sequence[Card], leader: Seat, trump: Strain) -> Seat:
    """The seat that wins a trick of up to four *cards* led by *leader*."""
    best = 0
    for i in range(1, len(cards)):
        if _beats(cards[i], cards[best], trump):
            best = i
    return leader.next(best)


def _beats(card: Card, best: Card, trump: Strain) -> bool:
    if card.suit == best.suit:
        return card.rank > best.rank
    return trump is not Strain.NT and int(card.suit) == int(trump)


@dataclass(frozen=True, slots=True)
class Position:
    """A bridge position: what is left to play and who plays next.

    Build it with :meth:`build` (or :meth:`from_pbn`), which validates; the constructor validates
    too, so no code path can hold an impossible position.
    """

    hands: Hands
    """The cards each seat still holds, indexed by :class:`Seat`."""
    trump: Strain
    """The trump strain (``Strain.NT`` at notrump)."""
    leader: Seat
    """The seat that led the trick in progress, or that is to lead."""
    trick: tuple[Card, ...] = ()
    """Cards already played to the trick in progress, in order from :attr:`leader`."""
    declarer: Seat | None = None
    """The declarer, when known."""
    won: Tricks = field(default_factory=Tricks)
    """Tricks each partnership has won so far (before the trick in progress)."""
    shown_out: frozenset[tuple[Seat, Suit]] = frozenset()
    """(seat, suit) pairs where the seat failed to follow suit earlier in the play."""
    penalty_cards: frozenset[PenaltyCard] = frozenset()
    """Defenders' penalty cards on the table (Law 50); each is still in its holder's hand."""
    lead_restrictions: frozenset[LeadRestriction] = frozenset()
    """Suits required or forbidden for a defender's lead (Law 50D2, 51B)."""

    def __post_init__(self) -> None:
        problems = _problems(self.hands, self.trick, self.leader)
        if not problems:
            problems = tuple(problems_of(self.hands, self.trick, self.leader, self.declarer,
                                         self.penalty_cards, self.lead_restrictions))
        if problems:
            raise PositionError("impossible position: " + "; ".join(problems), problems=problems)

    # --- construction ---------------------------------------------------------------------

    @classmethod
    def build(
        cls,
        hands: Sequence[Iterable[Card]],
        trump: Strain | str,
        leader: Seat | str,
        trick: Iterable[Card] = (),
        *,
        declarer: Seat | str | None = None,
        won: Tricks | None = None,
        to_play: Seat | str | None = None,
        shown_out: Iterable[tuple[Seat, Suit]] = (),
        penalty_cards: Iterable[PenaltyCard] = (),
        lead_restrictions: Iterable[LeadRestriction] = (),
    ) -> Position:
        """Build a position from loose parts, reporting every problem at once.

        *hands* is four card collections in seat order N, E, S, W. *to_play*, when given, is
        checked against the leader and the trick in progress.

        :raises PositionError: listing every problem: duplicate cards, a card both held and in
            the trick, hand lengths that do not fit the trick, the wrong seat to play, an unknown
            trump or seat, a revoke in the trick in progress, a penalty card not held or held by
            declarer or dummy, a lead restriction that cannot be in force, a card of the trick
            in progress played against a penalty card or a lead restriction.
        """
        problems: list[str] = []
        trump_v = _strain_or_problem(trump, problems)
        leader_v = _seat_or_problem(leader, "leader", problems)
        declarer_v = None if declarer is None else _seat_or_problem(declarer, "declarer", problems)
        if len(hands) != 4:
            problems.append(f"four hands are needed, got {len(hands)}")
            raise _impossible(problems)
        lists = [list(h) for h in hands]
        trick_l = list(trick)
        seen: dict[Card, str] = {}
        for seat, cards in zip(Seat, lists, strict=True):
            for card in cards:
                where = f"{seat.long_name}'s hand"
                if card in seen:
                    problems.append(f"{card} is twice in the deal ({seen[card]} and {where})")
                else:
                    seen[card] = where
        for card in trick_l:
            if card in seen:
                problems.append(f"{card} is both in {seen[card]} and in the trick in progress")
            else:
                seen[card] = "the trick in progress"
        hands_t: Hands = (
            frozenset(lists[0]), frozenset(lists[1]), frozenset(lists[2]), frozenset(lists[3])
        )
        if not trick_l and not any(hands_t):
            problems.append("no cards are left to play")
        if leader_v is not None:
            # Duplicates were reported above with the hands named; skip the generic line.
            problems.extend(
                p for p in _problems(hands_t, tuple(trick_l), leader_v)
                if p not in problems and not p.endswith("is in two hands")
                and "both in a hand and in the trick" not in p
            )
            if to_play is not None:
                tp = _seat_or_problem(to_play, "seat to play", problems)
                expected = leader_v.next(len(trick_l))
                if tp is not None and tp != expected:
                    problems.append(
                        f"{tp.long_name} cannot be to play: {leader_v.long_name} led and "
                        f"{len(trick_l)} card(s) are on the trick, so it is "
                        f"{expected.long_name}'s turn"
                    )
        penalties = frozenset(penalty_cards)
        restrictions = frozenset(lead_restrictions)
        if leader_v is not None and not problems:
            problems.extend(problems_of(hands_t, tuple(trick_l), leader_v, declarer_v,
                                        penalties, restrictions))
        if problems or trump_v is None or leader_v is None:
            raise _impossible(problems)
        return cls(
            hands_t, trump_v, leader_v, tuple(trick_l), declarer_v, won or Tricks(),
            frozenset(shown_out), penalties, restrictions,
        )

    @classmethod
    def from_pbn(
        cls,
        deal: str,
        trump: Strain | str,
        leader: Seat | str | None = None,
        trick: Iterable[Card] = (),
        **kwargs: object,
    ) -> Position:
        """Build from a PBN deal ``"N:AK... Q2... 43... 5.A.."`` (first seat, then clockwise).

        *leader* defaults to the first seat of the deal string.

        :raises PositionError: on a malformed deal string or an impossible position.
        """
        first, hands = parse_pbn_deal(deal)
        start = leader if leader is not None else first
        return cls.build(hands, trump, start, trick, **kwargs)  # type: ignore[arg-type]

    # --- queries --------------------------------------------------------------------------

    @property
    def to_play(self) -> Seat:
        """The seat whose turn it is."""
        return self.leader.next(len(self.trick))

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed, the trick in progress included."""
        return max(len(h) for h in self.hands)

    @property
    def led_suit(self) -> Suit | None:
        """The suit led to the trick in progress, or None at the start of a trick."""
        return self.trick[0].suit if self.trick else None

    def hand(self, seat: Seat) -> frozenset[Card]:
        """The cards *seat* still holds."""
        return self.hands[seat]

    def holding(self, seat: Seat, suit: Suit) -> list[Card]:
        """*seat*'s cards in *suit*, highest first."""
        return sorted((c for c in self.hands[seat] if c.suit == suit), key=lambda c: -c.rank)

    @property
    def restrictions(self) -> Restrictions:
        """The penalty cards and lead restrictions as card masks (for the engine)."""
        if not self.penalty_cards and not self.lead_restrictions:
            return NO_RESTRICTIONS
        return restrictions_of(self.penalty_cards, self.lead_restrictions)

    @property
    def is_irregular(self) -> bool:
        """True when a penalty card or a lead restriction is in force."""
        return bool(self.penalty_cards or self.lead_restrictions)

    def is_designation(self) -> bool:
        """True when declarer designates which of the legal cards the seat to play plays: two or
        more of its penalty cards can legally be played (Law 51A)."""
        if not self.penalty_cards:
            return False
        seat = self.to_play
        r = self.restrictions
        legal = legal_mask(_mask(self.hands[seat]), tuple(c.index for c in self.trick), seat, r)
        return is_designation(legal, seat, r)

    def legal_cards(self) -> list[Card]:
        """The cards the seat to play may play, in a stable order (suit, then rank descending).

        Following suit comes first (Law 44C), then a lead restriction in force (Law 50D2,
        51B), then a major penalty card at the first legal opportunity (Law 50D1; two or more
        of them are declarer's designation, Law 51A, see :meth:`is_designation`), then a minor
        penalty card before any other card of its suit below an honour (Law 50C).
        """
        hand = self.hands[self.to_play]
        if self.penalty_cards or self.lead_restrictions:
            seat = self.to_play
            legal = legal_mask(_mask(hand), tuple(c.index for c in self.trick), seat,
                               self.restrictions)
            return sorted((c for c in hand if legal >> c.index & 1),
                          key=lambda c: (c.suit, -c.rank))
        led = self.led_suit
        if led is not None:
            follow = [c for c in hand if c.suit == led]
            if follow:
                return sorted(follow, key=lambda c: (c.suit, -c.rank))
        return sorted(hand, key=lambda c: (c.suit, -c.rank))

    def is_over(self) -> bool:
        """True when no card is left to play."""
        return not any(self.hands)

    def current_winner(self) -> Seat | None:
        """The seat winning the trick in progress so far, or None at the start of a trick."""
        if not self.trick:
            return None
        return trick_winner(self.trick, self.leader, self.trump)

    def outstanding(self, pair: Pair) -> frozenset[Card]:
        """Cards still held by the partnership opposing *pair*."""
        a, b = [s for s in Seat if not pair.has(s)]
        return self.hands[a] | self.hands[b]

    # --- play -----------------------------------------------------------------------------

    def play(self, card: Card) -> Position:
        """The position after the seat to play plays *card*.

        :raises PlayError: when the card is not held by the seat to play or would be a revoke.
        """
        seat = self.to_play
        hand = self.hands[seat]
        if card not in hand:
            raise PlayError(f"{seat.long_name} does not hold {card}")
        led = self.led_suit
        shown_out = self.shown_out
        if led is not None and card.suit != led:
            if any(c.suit == led for c in hand):
                raise PlayError(f"{seat.long_name} must follow suit to {led.word} with {card}")
            shown_out = shown_out | {(seat, led)}
        penalties, restrictions = self.penalty_cards, self.lead_restrictions
        if penalties or restrictions:
            if card not in self.legal_cards():
                raise PlayError(_why_illegal(self, card))
            penalties = frozenset(p for p in penalties if p.card != card)
        hands = list(self.hands)
        hands[seat] = hand - {card}
        trick = self.trick + (card,)
        # A held card, no revoke, the trick moved on: the new position is one by construction,
        # so it is not validated again (a reader replays every card of every board: 15,000
        # validations for one 360-board LIN file, half of the time of `check FILE -b N`).
        # Penalty cards and lead restrictions are rare and keep the full check.
        make = Position if penalties or restrictions else _played
        if len(trick) < 4:
            return make(
                (hands[0], hands[1], hands[2], hands[3]), self.trump, self.leader, trick,
                self.declarer, self.won, shown_out, penalties, restrictions,
            )
        winner = trick_winner(trick, self.leader, self.trump)
        if restrictions:
            # A restriction on this trick's leader is spent after his lead, or once he loses
            # the lead when it lasts "for as long as he retains the lead" (Law 50D2(a), 51B).
            restrictions = frozenset(
                r for r in restrictions
                if r.seat != self.leader or (r.until == "retains-lead" and winner == self.leader)
            )
        return make(
            (hands[0], hands[1], hands[2], hands[3]), self.trump, winner, (),
            self.declarer, self.won.add(Pair.of(winner)), shown_out, penalties, restrictions,
        )

    def rewind_trick(self) -> Position:
        """The position at the start of the trick in progress (its cards back in the hands)."""
        hands = list(self.hands)
        for i, card in enumerate(self.trick):
            seat = self.leader.next(i)
            hands[seat] = hands[seat] | {card}
        # Penalty cards played to the trick are not restored: a rewound position is for
        # drawing and PBN output, where the trick's own cards say what was played.
        return Position(
            (hands[0], hands[1], hands[2], hands[3]), self.trump, self.leader, (),
            self.declarer, self.won, self.shown_out, self.penalty_cards,
            self.lead_restrictions if not self.trick else frozenset(),
        )

    # --- text forms -----------------------------------------------------------------------

    def to_pbn(self, first: Seat = Seat.N, *, include_trick: bool = False) -> str:
        """The cards still held as a PBN deal string (inverse of :meth:`from_pbn` with
        ``trick=self.trick``).

        With *include_trick* the trick in progress goes back to the hands that played it: the
        deal at the start of the trick, as a PBN ``[Deal]`` with a partial ``[Play]`` wants it.
        """
        hands = self.rewind_trick().hands if include_trick else self.hands
        parts = [hand_to_pbn(hands[first.next(i)]) for i in range(4)]
        return f"{first.letter}:" + " ".join(parts)

    def rotate(self, n: int) -> Position:
        """The same position with every seat moved *n* places clockwise (a test helper)."""
        hands = [frozenset[Card]()] * 4
        for seat in Seat:
            hands[seat.next(n)] = self.hands[seat]
        return Position(
            (hands[0], hands[1], hands[2], hands[3]), self.trump, self.leader.next(n), self.trick,
            None if self.declarer is None else self.declarer.next(n),
            self.won if n % 2 == 0 else Tricks(self.won.ew, self.won.ns),
            frozenset((s.next(n), suit) for s, suit in self.shown_out),
            frozenset(PenaltyCard(p.seat.next(n), p.card, p.major) for p in self.penalty_cards),
            frozenset(LeadRestriction(r.seat.next(n), r.suit, r.kind, r.until)
                      for r in self.lead_restrictions),
        )

    def with_irregularities(self, penalty_cards: Iterable[PenaltyCard] = (),
                            lead_restrictions: Iterable[LeadRestriction] = ()) -> Position:
        """The same cards with these penalty cards and lead restrictions in force.

        :raises PositionError: listing every reason they cannot be in force here.
        """
        return Position(self.hands, self.trump, self.leader, self.trick, self.declarer,
                        self.won, self.shown_out, frozenset(penalty_cards),
                        frozenset(lead_restrictions))


def _mask(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def _why_illegal(position: Position, card: Card) -> str:
    """Why *card* may not be played now: the Law that requires another card."""
    seat = position.to_play
    legal = position.legal_cards()
    names = " ".join(c.symbol() for c in legal)
    mine = [p for p in position.penalty_cards if p.seat == seat and p.card in legal]
    if mine and all(c in {p.card for p in mine} for c in legal):
        law = "Law 51A: declarer designates which" if len(mine) > 1 else "Law 50D1"
        return (f"{seat.long_name} must play his major penalty card {names} ({law}), "
                f"not {card.symbol()}")
    if not position.trick and any(r.seat == seat for r in position.lead_restrictions):
        return (f"{seat.long_name}'s lead is restricted (Law 50D2, 51B): {card.symbol()} is "
                f"not allowed; he may lead {names}")
    return (f"{seat.long_name} may not play {card.symbol()} (his minor penalty card comes "
            f"first, Law 50C); he may play {names}")


def _impossible(problems: list[str]) -> PositionError:
    return PositionError("impossible position: " + "; ".join(problems), problems=tuple(problems))


def parse_pbn_deal(deal: str) -> tuple[Seat, list[frozenset[Card]]]:
    """Read a PBN deal ``"N:hand hand hand hand"`` into (first seat, hands in N E S W order).

    A hand written ``-`` is empty (unknown hands are not supported in a claim position).

    :raises PositionError: when the string is not a PBN deal.
    """
    text = deal.strip()
    if len(text) < 2 or text[1] != ":":
        raise PositionError(f"a PBN deal starts with a seat and a colon, like 'N:', got {deal!r}")
    try:
        first = Seat.parse(text[0])
    except CardError as exc:
        raise PositionError(f"unknown first seat {text[0]!r} in deal {deal!r}") from exc
    parts = text[2:].split()
    if len(parts) != 4:
        raise PositionError(f"a PBN deal has four hands, got {len(parts)} in {deal!r}")
    hands: list[frozenset[Card]] = [frozenset()] * 4
    for i, part in enumerate(parts):
        seat = first.next(i)
        try:
            hands[seat] = frozenset() if part == "-" else hand_from_pbn(part)
        except CardError as exc:
            raise PositionError(f"{seat.long_name}'s hand: {exc.message}") from exc
    return first, hands


def _strain_or_problem(value: Strain | str, problems: list[str]) -> Strain | None:
    if isinstance(value, Strain):
        return value
    try:
        return Strain.parse(value)
    except CardError:
        problems.append(f"unknown trump {value!r} (expected S, H, D, C or NT)")
        return None


def _played(hands: Hands, trump: Strain, leader: Seat, trick: tuple[Card, ...],
            declarer: Seat | None, won: Tricks, shown_out: frozenset[tuple[Seat, Suit]],
            penalty_cards: frozenset[PenaltyCard], lead_restrictions: frozenset[LeadRestriction]
            ) -> Position:
    """A :class:`Position` made by :meth:`Position.play` from a valid one, not validated again
    (the arguments in the constructor's order)."""
    pos = object.__new__(Position)
    for name, value in zip(_FIELDS, (hands, trump, leader, trick, declarer, won, shown_out,
                                     penalty_cards, lead_restrictions), strict=True):
        object.__setattr__(pos, name, value)
    return pos


_FIELDS = tuple(f.name for f in fields(Position))


def _seat_or_problem(value: Seat | str, what: str, problems: list[str]) -> Seat | None:
    if isinstance(value, Seat):
        return value
    try:
        return Seat.parse(value)
    except CardError:
        problems.append(f"unknown {what} {value!r} (expected N, E, S or W)")
        return None


def _problems(hands: Hands, trick: tuple[Card, ...], leader: Seat) -> tuple[str, ...]:
    """Every reason why (hands, trick, leader) is not a position; empty when it is one."""
    problems: list[str] = []
    if len(trick) > 3:
        problems.append(f"a trick in progress has at most 3 cards, got {len(trick)}")
        return tuple(problems)
    seen: set[Card] = set()
    for seat in Seat:
        dup = seen & hands[seat]
        for card in sorted(dup):
            problems.append(f"{card} is in two hands")
        seen |= hands[seat]
    for card in trick:
        if card in seen:
            problems.append(f"{card} is both in a hand and in the trick in progress")
    if len(set(trick)) != len(trick):
        problems.append("a card is twice in the trick in progress")
    # Seats that already played to the trick hold one card fewer than those still to play.
    played = {leader.next(i) for i in range(len(trick))}
    expected = {len(hands[s]) + (1 if s in played else 0) for s in Seat}
    if len(expected) != 1:
        sizes = ", ".join(
            f"{s.long_name} {len(hands[s])}" + (" (played to the trick)" if s in played else "")
            for s in Seat
        )
        problems.append(f"hand lengths do not fit the trick in progress: {sizes}")
    elif next(iter(expected)) > 13:
        problems.append("a hand holds more than 13 cards")
    if trick:
        led = trick[0].suit
        for i, card in enumerate(trick[1:], start=1):
            seat = leader.next(i)
            if card.suit != led and any(c.suit == led for c in hands[seat]):
                problems.append(
                    f"{seat.long_name} played {card} to a {led.word[:-1]} lead while holding "
                    f"{led.word} (a revoke)"
                )
    return tuple(problems)
