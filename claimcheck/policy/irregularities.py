"""The director's options after a play irregularity (Laws 50–58), as data.

Called to an irregularity, a director first tells the players their options. :func:`options_for`
lists them for a position and an :class:`Irregularity`: for each option its Laws, who chooses,
what follows (which cards become penalty cards, which lead restrictions start and when they
end) and the position once it is taken, so the engine can give each option's double-dummy
result. This module knows the Laws and never sees a solver.

Irregularities, in their text form (``[Irregularity "…"]`` in PBN, ``Irregularity:`` in a
diagram; :func:`parse_irregularity`)::

    lead out of turn: N HQ              dummy's ♥Q led when South had the lead (Law 55)
    lead out of turn: N HT; then E H2   East played to it: accepted (Law 53A)
    lead out of turn: E SK              a defender's lead out of turn (Laws 56, 53, 50)
    premature play: W SK                West played before his partner (Law 57A)
    simultaneous lead: E D5; in turn N D8   (Law 58A)
    simultaneous play: S SA ST; then W SQ   (Law 58B; visible SA  for one visible card)
    exposed: E D5 D4 HA H2              cards exposed (Laws 49–51; ``exposed inadvertently``)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations
from typing import Literal

from claimcheck.cards import Card, Seat, Suit
from claimcheck.errors import InputError
from claimcheck.penalty import HONOUR, LeadRestriction, PenaltyCard
from claimcheck.plan import Doubt, LinePlan
from claimcheck.position import Position
from claimcheck.tricks import Pair

IrregularityKind = Literal["lead-out-of-turn", "premature-play", "simultaneous-lead",
                           "simultaneous-play", "exposed"]

_KINDS: dict[str, IrregularityKind] = {
    "lead out of turn": "lead-out-of-turn", "lead-out-of-turn": "lead-out-of-turn",
    "premature play": "premature-play", "premature-play": "premature-play",
    "simultaneous lead": "simultaneous-lead", "simultaneous-lead": "simultaneous-lead",
    "simultaneous play": "simultaneous-play", "simultaneous-play": "simultaneous-play",
    "simultaneous plays": "simultaneous-play",
    "exposed": "exposed", "exposed cards": "exposed", "exposed inadvertently": "exposed",
}


class IrregularityError(InputError):
    """Raised when an irregularity cannot have happened in the position given."""


@dataclass(frozen=True, slots=True)
class Irregularity:
    """A play irregularity at a position: who did what with which cards."""

    kind: IrregularityKind
    seat: Seat
    """The offender: the hand the card(s) came from (dummy's seat for a lead from dummy)."""
    cards: tuple[Card, ...]
    visible: tuple[Card, ...] = ()
    """Of cards played together, those seen (empty: all of them; Law 58B1/B2)."""
    inadvertent: bool = False
    """Exposed by accident (Law 50B/50C decide major or minor)."""
    in_turn: Card | None = None
    """For a simultaneous lead, the card led in turn (Law 58A)."""
    then: tuple[Card, ...] = ()
    """Cards played after it, in turn, before the director was called."""

    def __str__(self) -> str:
        head = self.kind.replace("-", " ")
        if self.kind == "exposed" and self.inadvertent:
            head = "exposed inadvertently"
        text = f"{head}: {self.seat.letter} " + " ".join(str(c) for c in self.cards)
        if self.visible:
            text += "; visible " + " ".join(str(c) for c in self.visible)
        if self.in_turn is not None:
            text += f"; in turn {self.in_turn}"
        if self.then:
            text += "; then " + " ".join(str(c) for c in self.then)
        return text

    def render(self, position: Position) -> str:
        """The text form with the seat of each card played after it (``then W SQ``), read
        from who holds it at *position*; :func:`parse_irregularity` reads it back."""
        text = str(self)
        if not self.then:
            return text
        head = text.rsplit("; then ", 1)[0]
        cards = []
        for card in self.then:
            holder = next((s for s in Seat if card in position.hands[s]), None)
            cards.append(f"{holder.letter} {card}" if holder is not None else str(card))
        return f"{head}; then {' '.join(cards)}"


def parse_irregularity(text: str) -> Irregularity:
    """Read ``premature play: W SK`` and the other forms of the module docstring (the inverse
    of ``str(irregularity)``); a seat may precede each card of ``then`` (``then E H2``).

    :raises IrregularityError: naming what could not be read.
    """
    head, sep, rest = text.partition(":")
    kind = _KINDS.get(" ".join(head.lower().split()))
    if not sep or kind is None:
        raise IrregularityError(
            f"unknown irregularity {head.strip()!r}: expected one of lead out of turn, "
            "premature play, simultaneous lead, simultaneous play, exposed")
    parts = [p.strip() for p in rest.split(";")]
    words = parts[0].split()
    if not words:
        raise IrregularityError(f"{head.strip()}: whose cards? (like 'W SK')")
    seat = _seat(words[0])
    cards = tuple(_card(w) for w in words[1:])
    if not cards:
        raise IrregularityError(f"{head.strip()}: which card(s)?")
    visible: tuple[Card, ...] = ()
    in_turn: Card | None = None
    then: list[Card] = []
    for part in parts[1:]:
        key, _, value = part.partition(" ")
        low = key.lower()
        if low == "visible":
            visible = tuple(_card(w) for w in value.split())
        elif low == "in" and value.lower().startswith("turn"):
            tokens = [w for w in value.split()[1:] if not _is_seat(w)]
            if len(tokens) != 1:
                raise IrregularityError("in turn: one card, like 'in turn N D8'")
            in_turn = _card(tokens[0])
        elif low == "then":
            then += [_card(w) for w in value.split() if not _is_seat(w)]
        elif part:
            raise IrregularityError(f"unknown part {part!r} (expected visible, in turn, then)")
    return Irregularity(kind, seat, cards, visible, "inadvertently" in head.lower(), in_turn,
                        tuple(then))


def _is_seat(word: str) -> bool:
    try:
        Seat.parse(word)
    except InputError:
        return False
    return len(word) == 1 or word.lower() in ("north", "east", "south", "west")


def _seat(word: str) -> Seat:
    try:
        return Seat.parse(word)
    except InputError:
        raise IrregularityError(f"unknown seat {word!r}") from None


def _card(word: str) -> Card:
    try:
        return Card.parse(word)
    except InputError:
        raise IrregularityError(f"not a card: {word!r}") from None


@dataclass(frozen=True, slots=True)
class Option:
    """One choice the Law gives, and what follows from it."""

    id: str
    """A stable id: ``accept``, ``refuse``, ``require-H``, ``forbid-H``, ``designate-SK`` …"""
    laws: tuple[str, ...]
    summary: str
    """The option in a few words, as a director says it."""
    follows: tuple[str, ...]
    """What follows: the cards played or picked up, penalty cards, lead restrictions."""
    position: Position
    """The position once the option is taken."""
    choice_pending: bool = True
    """Whether declarer's Law 50D2 choice for the lead now due is still to be made."""
    then_cards: tuple[Card, ...] = ()
    """Cards the offending side then chooses among for the seat to play (Law 57A's partner
    who cannot comply, or plays a card of the suit declarer named); empty: play goes on."""


@dataclass(frozen=True, slots=True)
class Options:
    """The options after an irregularity, who chooses, and the director's notes."""

    irregularity: Irregularity | None
    position: Position
    """The position when the irregularity happened."""
    offender: Seat | None
    non_offending: Pair
    chooser: str
    """Who chooses, in the Law's words."""
    laws: tuple[str, ...]
    options: tuple[Option, ...]
    notes: tuple[str, ...] = ()


def options_for(position: Position, irregularity: Irregularity | None = None) -> Options:
    """The options the Laws give at *position* after *irregularity* (None: the choices now in
    force, a designation under Law 51A or declarer's lead options under Law 50D2 / 51B).

    :raises IrregularityError: when the irregularity cannot have happened here (a card not
        held, a lead out of turn by the seat on lead, no declarer …).
    """
    if position.declarer is None:
        raise IrregularityError("the options depend on who is declarer: give the declarer")
    if irregularity is None:
        return _standing_choices(position)
    for card in irregularity.cards:
        if card not in position.hands[irregularity.seat]:
            raise IrregularityError(f"{irregularity.seat.long_name} does not hold "
                                    f"{card.symbol()}")
    handler = {
        "lead-out-of-turn": _lead_out_of_turn, "premature-play": _premature_play,
        "simultaneous-lead": _simultaneous_lead, "simultaneous-play": _simultaneous_play,
        "exposed": _exposed,
    }[irregularity.kind]
    return handler(position, irregularity)


# --- helpers -------------------------------------------------------------------------------------


def _is_declarer_side(position: Position, seat: Seat) -> bool:
    assert position.declarer is not None
    return Pair.of(seat) is Pair.of(position.declarer)


def _role(position: Position, seat: Seat) -> str:
    if seat == position.declarer:
        return f"declarer ({seat.long_name})"
    if position.declarer is not None and seat == position.declarer.partner:
        return f"dummy ({seat.long_name})"
    return seat.long_name


def _cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(c.symbol() for c in cards)


def _rebuild(position: Position, *, hands: list[frozenset[Card]] | None = None,
             leader: Seat | None = None, trick: tuple[Card, ...] | None = None,
             penalty_cards: frozenset[PenaltyCard] | None = None,
             lead_restrictions: frozenset[LeadRestriction] | None = None) -> Position:
    h = hands if hands is not None else list(position.hands)
    return Position.build(
        h, position.trump, leader if leader is not None else position.leader,
        trick if trick is not None else position.trick, declarer=position.declarer,
        won=position.won, shown_out=position.shown_out,
        penalty_cards=position.penalty_cards if penalty_cards is None else penalty_cards,
        lead_restrictions=(position.lead_restrictions if lead_restrictions is None
                           else lead_restrictions),
    )


def _led_by(position: Position, seat: Seat, card: Card) -> Position:
    """*position* with *seat*'s *card* led to a new trick (the lead accepted)."""
    hands = list(position.hands)
    hands[seat] = hands[seat] - {card}
    penalties = frozenset(p for p in position.penalty_cards if p.card != card)
    return _rebuild(position, hands=hands, leader=seat, trick=(card,), penalty_cards=penalties)


def _play_then(position: Position, then: tuple[Card, ...]) -> Position:
    for card in then:
        try:
            position = position.play(card)
        except InputError as exc:
            raise IrregularityError(f"then {card}: {exc.message}") from None
    return position


def _penalty(seat: Seat, card: Card, *, inadvertent: bool, single: bool) -> PenaltyCard:
    # Law 50B/50C: minor only for a single card below an honour exposed inadvertently.
    return PenaltyCard(seat, card, not (inadvertent and single and card.rank < HONOUR))


def _penalty_words(cards: list[PenaltyCard]) -> str:
    ordered = sorted(cards, key=lambda p: (p.card.suit, -p.card.rank))
    return ", ".join(f"{p.card.symbol()} ({'major' if p.major else 'minor'})" for p in ordered)


def _remain(cards: list[PenaltyCard]) -> str:
    verb = "remains a penalty card" if len(cards) == 1 else "remain penalty cards"
    return f"{_penalty_words(cards)} {verb}"


def _lead_options(position: Position, leader: Seat, base_id: str, base_laws: tuple[str, ...],
                  intro: str) -> list[Option]:
    """Declarer's options when *leader*, a defender, has the lead while his partner has major
    penalty cards (Law 50D2 for one card, 51B1 for one suit, 51B2 for several suits)."""
    partner = leader.partner
    majors = sorted((p for p in position.penalty_cards if p.seat == partner and p.major),
                    key=lambda p: (p.card.suit, -p.card.rank))
    suits = sorted({p.card.suit for p in majors})
    if not suits:
        return []
    law = "50D2" if len(majors) == 1 else ("51B1" if len(suits) == 1 else "51B2")
    out: list[Option] = []
    prefix = f"{base_id}-" if base_id else ""

    def picked(gone: set[Suit]) -> frozenset[PenaltyCard]:
        return frozenset(p for p in position.penalty_cards
                         if not (p.seat == partner and p.card.suit in gone))

    for suit in suits:
        up = [p for p in majors if p.card.suit == suit]
        rest = picked({suit})
        restriction = LeadRestriction(leader, suit, "required", "next-lead")
        pos = _rebuild(position, penalty_cards=rest,
                       lead_restrictions=position.lead_restrictions | {restriction})
        follows = [f"{leader.long_name} must lead {suit.word} if he can (his next lead only)",
                   f"{_cards([p.card for p in up])} picked up: no longer penalty card"
                   + ("s" if len(up) > 1 else "")]
        left = sorted((p for p in rest if p.seat == partner), key=lambda p: p.card)
        if left:
            follows.append(_remain(left))
        out.append(Option(f"{prefix}require-{suit.letter}", (*base_laws, law),
                          f"{intro}require a lead in {suit.word}", tuple(follows), pos, False))
    forbid_sets = [{s} for s in suits]
    if len(suits) > 1:
        forbid_sets += [set(c) for n in range(2, len(suits) + 1) for c in combinations(suits, n)]
    for gone in forbid_sets:
        rest = picked(gone)
        restrictions = frozenset(LeadRestriction(leader, s, "forbidden", "retains-lead")
                                 for s in gone)
        pos = _rebuild(position, penalty_cards=rest,
                       lead_restrictions=position.lead_restrictions | restrictions)
        words = " and ".join(s.word for s in sorted(gone))
        up = [p for p in majors if p.card.suit in gone]
        follows = [f"{leader.long_name} may not lead {words} for as long as he retains the lead",
                   f"{_cards([p.card for p in up])} picked up: no longer penalty card"
                   + ("s" if len(up) > 1 else "")]
        left = sorted((p for p in rest if p.seat == partner), key=lambda p: p.card)
        if left:
            follows.append(_remain(left))
        letters = "".join(s.letter for s in sorted(gone))
        out.append(Option(f"{prefix}forbid-{letters}", (*base_laws, law),
                          f"{intro}forbid a lead in {words}",
                          tuple(follows), pos, False))
    out.append(Option(
        f"{prefix}no-restriction", (*base_laws, law), f"{intro}no lead restriction",
        (f"{leader.long_name} leads any card",
         f"{_remain(majors)} (Law 50D1: played at the first legal opportunity)"),
        position, False))
    return out


def _designations(position: Position, base_id: str, laws: tuple[str, ...], intro: str
                  ) -> list[Option]:
    """Declarer designates which of two or more legal penalty cards is played (Law 51A)."""
    seat = position.to_play
    out = []
    for card in position.legal_cards():
        after = position.play(card)
        rest = sorted((p for p in after.penalty_cards if p.seat == seat), key=lambda p: p.card)
        follows = [f"{seat.long_name} plays {card.symbol()}"]
        if rest:
            follows.append(_remain(rest))
        prefix = f"{base_id}-" if base_id else ""
        out.append(Option(f"{prefix}designate-{card}", laws, f"{intro}designate {card.symbol()}",
                          tuple(follows), after))
    return out


# --- the choices in force ------------------------------------------------------------------------


def _standing_choices(position: Position) -> Options:
    declarer = position.declarer
    assert declarer is not None
    non_offending = Pair.of(declarer)
    if position.is_designation():
        seat = position.to_play
        return Options(None, position, seat, non_offending, f"declarer ({declarer.long_name})",
                       ("51A",), tuple(_designations(position, "", ("51A",), "")),
                       (f"{seat.long_name} has two or more penalty cards he can legally play: "
                        "declarer designates which (Law 51A; following suit comes first, "
                        "Law 44C)",))
    leader = position.leader
    if not position.trick and not _is_declarer_side(position, leader) and not any(
            r.seat == leader for r in position.lead_restrictions):
        opts = _lead_options(position, leader, "", (), "")
        if opts:
            return Options(None, position, leader.partner, non_offending,
                           f"declarer ({declarer.long_name})", tuple(opts[0].laws),
                           tuple(opts))
    raise IrregularityError("no choice is open here: no designation (Law 51A) and no lead "
                            "option (Law 50D2, 51B); name the irregularity")


# --- Law 55 / 56: leads out of turn --------------------------------------------------------------


def _lead_out_of_turn(position: Position, irr: Irregularity) -> Options:
    seat, card = irr.seat, irr.cards[0]
    declarer = position.declarer
    assert declarer is not None
    if position.trick:
        raise IrregularityError("a lead out of turn needs a position at the start of a trick "
                                f"({len(position.trick)} card(s) are on the trick)")
    if seat == position.leader:
        raise IrregularityError(f"{seat.long_name} has the lead: {card.symbol()} is not out of "
                                "turn")
    accepted = _led_by(position, seat, card)
    nxt = seat.lho
    if irr.then:
        # Law 53A: a lead out of turn becomes correct once the next player plays to it.
        after = _play_then(accepted, irr.then)
        non_off = Pair.of(seat).other
        return Options(
            irr, position, seat, non_off, "nobody: the lead was accepted", ("53A",),
            (Option("accepted", ("53A",), "the lead stands: play goes on",
                    (f"{nxt.long_name}'s {irr.then[0].symbol()} accepted the lead of "
                     f"{card.symbol()} (Law 53A)", "no rectification"), after),),
            (f"{nxt.long_name} played to the lead out of turn, accepting it implicitly: play "
             "continues as if there had been no irregularity (Law 53A)",))
    if _is_declarer_side(position, seat):
        defenders = [s for s in Seat if not _is_declarer_side(position, s)]
        chooser = (f"either defender; if they disagree, {nxt.long_name} (next in turn) "
                   "decides (Law 55A)")
        refuse_laws: tuple[str, ...] = (
            ("55A", "55B1") if _is_declarer_side(position, position.leader) else ("55A", "55B2"))
        if refuse_laws[1] == "55B1":
            refused = (f"{card.symbol()} goes back to {_role(position, seat)}: no penalty card "
                       "(Law 48A)",
                       f"declarer leads from the correct hand, {_role(position, position.leader)},"
                       " any card")
        else:
            refused = (f"{card.symbol()} goes back to {_role(position, seat)}: no penalty card "
                       "(Law 48A)", f"{position.leader.long_name}, who had the lead, leads")
        return Options(
            irr, position, seat, Pair.of(defenders[0]), chooser, ("55A",),
            (Option("accept", ("55A", "53A"), "accept the lead",
                    (f"{card.symbol()} from {_role(position, seat)} is the lead",
                     f"{nxt.long_name} plays next"), accepted),
             Option("refuse", refuse_laws, "require its retraction", refused, position)),
            ("a defender who plays to the lead accepts it (Law 53A)",
             "declarer's line may not be based on information from the infraction (Law 55C)"))
    # A defender led out of turn: declarer's options (Laws 56, 53A, 50; Law 54 at trick one).
    chooser = f"declarer ({declarer.long_name})"
    penalty = PenaltyCard(seat, card, True)
    with_penalty = _rebuild(position, penalty_cards=position.penalty_cards | {penalty})
    opening = position.won.total == 0 and all(len(h) == 13 for h in position.hands)
    refuse_laws = ("54D", "56", "50D1") if opening else ("56", "50D1")
    opts = [Option("accept", ("54B", "53A") if opening else ("56", "53A"), "accept the lead",
                   (f"{card.symbol()} is the lead",
                    (f"dummy is spread and {declarer.long_name} plays the second card from "
                     "his hand (Law 54B1)") if opening and nxt == declarer
                    else f"{nxt.long_name} plays next"), accepted)]
    notes = ["a major penalty card must be played at the first legal opportunity (Law 50D1)"]
    if opening:
        # Law 54A: declarer may spread his hand instead; his partner becomes declarer and
        # plays the hand, the lead standing.
        swapped = Position(accepted.hands, accepted.trump, accepted.leader, accepted.trick,
                           declarer.partner, accepted.won, accepted.shown_out,
                           accepted.penalty_cards, accepted.lead_restrictions)
        opts.append(Option(
            "spread", ("54A",), "accept it and spread his hand",
            (f"{declarer.long_name} becomes dummy and {declarer.partner.long_name} declarer",
             f"{card.symbol()} is the lead"), swapped))
        notes.append("declarer must accept the lead if he could have seen any of dummy's "
                     "cards (Law 54C)")
    correct = position.leader
    if correct == seat.partner:
        opts += _lead_options(with_penalty, correct, "refuse", refuse_laws, "refuse it; ")
    else:
        opts.append(Option(
            "refuse", refuse_laws, "refuse it",
            (f"{card.symbol()} becomes a major penalty card of {seat.long_name} (Law 50B)",
             f"{_role(position, correct)} leads"), with_penalty))
    return Options(irr, position, seat, Pair.of(declarer), chooser,
                   ("54",) if opening else ("56",), tuple(opts), tuple(notes))


# --- Law 57: premature play ----------------------------------------------------------------------


def _premature_play(position: Position, irr: Irregularity, intro_notes: tuple[str, ...] = ()
                    ) -> Options:
    seat, card = irr.seat, irr.cards[0]
    declarer = position.declarer
    assert declarer is not None
    if _is_declarer_side(position, seat):
        return Options(
            irr, position, seat, Pair.of(seat).other, "nobody", ("48A",),
            (Option("pick-up", ("48A",), f"{card.symbol()} goes back",
                    ("declarer's and dummy's cards never become penalty cards (Law 48A)",),
                    position),), intro_notes)
    partner = seat.partner
    played_already = {position.leader.next(i) for i in range(len(position.trick))}
    if partner in played_already and seat not in played_already:
        # Law 57A is a card played before partner's; after it, the card played out of turn
        # is an exposed card, a major penalty card (Law 49, 50B).
        exposed = _exposed(position, Irregularity("exposed", seat, (card,)))
        return Options(irr, position, seat, exposed.non_offending, exposed.chooser,
                       exposed.laws, exposed.options,
                       (*intro_notes, f"{partner.long_name} has already played to the trick: "
                        "not a premature play (Law 57A) but an exposed card (Law 49)",
                        *exposed.notes))
    if position.to_play != partner or not position.trick:
        raise IrregularityError(
            f"a premature play (Law 57A) is a defender playing before his partner: "
            f"{position.to_play.long_name} is to play, not {partner.long_name}")
    played = {position.leader.next(i) for i in range(len(position.trick))}
    chooser = f"declarer ({declarer.long_name})"
    notes = list(intro_notes)
    if declarer in played and declarer.partner in played:
        return Options(
            irr, position, seat, Pair.of(declarer), "nobody", ("57C",),
            (Option("no-rectification", ("57C",), f"{card.symbol()} goes back",
                    ("declarer had played from both hands: no rectification (Law 57C)",),
                    position),), tuple(notes))
    penalty = PenaltyCard(seat, card, True)
    base = _rebuild(position, penalty_cards=position.penalty_cards | {penalty})
    led = position.trick[0].suit
    mine = position.holding(partner, led)
    pen_line = (f"{card.symbol()} becomes a major penalty card of {seat.long_name} (Law 57A, "
                "50D1: played at his first legal opportunity)")
    opts: list[Option] = []
    if mine:
        for oid, pick in (("highest", mine[0]), ("lowest", mine[-1])):
            opts.append(Option(oid, ("57A",),
                               f"{partner.long_name} plays his {oid} {led.word[:-1]}",
                               (f"{partner.long_name} plays {pick.symbol()}", pen_line),
                               base, True, (pick,)))
        notes.append(f"{partner.long_name} holds {led.word}, so a card of another suit cannot be "
                     "required (Law 44C comes first)")
    else:
        for suit in Suit:
            if suit == led:
                continue
            cards = tuple(position.holding(partner, suit))
            if not cards:
                continue
            opts.append(Option(f"suit-{suit.letter}", ("57A",),
                               f"{partner.long_name} plays a {suit.word[:-1]}",
                               (f"{partner.long_name} plays a {suit.word[:-1]} of his choice: "
                                f"{_cards(cards)}", pen_line), base, True, cards))
        notes.append(f"{partner.long_name} has no {led.word}: declarer's highest/lowest options "
                     "leave him free (Law 59), so only the suits he holds are listed")
    return Options(irr, position, seat, Pair.of(declarer), chooser, ("57A",), tuple(opts),
                   tuple(notes))


# --- Law 58: simultaneous leads or plays ---------------------------------------------------------


def _simultaneous_lead(position: Position, irr: Irregularity) -> Options:
    seat, card = irr.seat, irr.cards[0]
    if irr.in_turn is None:
        raise IrregularityError("simultaneous lead: give the card led in turn ('in turn N D8')")
    if position.trick:
        raise IrregularityError("a simultaneous lead needs a position at the start of a trick")
    try:
        first = position.play(irr.in_turn)
    except InputError as exc:
        raise IrregularityError(f"the lead in turn {irr.in_turn}: {exc.message}") from None
    note = (f"{irr.in_turn.symbol()}, led in turn, is the first card of the trick; "
            f"{card.symbol()} is deemed played after it (Law 58A)")
    declarer = position.declarer
    assert declarer is not None
    if first.to_play == seat:
        if card in first.legal_cards():
            after = first.play(card)
            return Options(irr, position, None, Pair.of(declarer), "nobody", ("58A",),
                           (Option("in-turn", ("58A",), f"{card.symbol()} is "
                                   f"{seat.long_name}'s card to the trick",
                                   ("no irregularity: the second card is a legal play in turn",),
                                   after),), (note,))
        if _is_declarer_side(position, seat):
            return Options(irr, position, seat, Pair.of(seat).other, "nobody", ("58A", "48A"),
                           (Option("pick-up", ("58A", "48A"), f"{card.symbol()} goes back",
                                   (f"{seat.long_name} must follow suit (Law 44C) and plays "
                                    "any legal card; no penalty card (Law 48A)",), first),),
                           (note,))
        penalty = PenaltyCard(seat, card, True)
        pos = _rebuild(first, penalty_cards=first.penalty_cards | {penalty})
        return Options(irr, position, seat, Pair.of(declarer), "nobody", ("58A", "50D1"),
                       (Option("penalty-card", ("58A", "44C", "50D1"),
                               f"{card.symbol()} becomes a penalty card",
                               (f"{seat.long_name} follows suit with a card of his choice "
                                "(Law 44C)", f"{card.symbol()} is a major penalty card of "
                                f"{seat.long_name}"), pos),), (note,))
    # Not next in turn: a card played before its turn, a premature play for a defender.
    out = _premature_play(first, Irregularity("premature-play", seat, (card,)), (note,))
    return out


def _simultaneous_play(position: Position, irr: Irregularity) -> Options:
    seat = irr.seat
    if position.to_play != seat:
        raise IrregularityError(f"simultaneous play: it is {position.to_play.long_name}'s turn, "
                                f"not {seat.long_name}'s")
    unseen = [c for c in irr.visible if c not in irr.cards]
    if unseen:
        raise IrregularityError(f"simultaneous play: {_cards(unseen)} is visible but not among "
                                "the cards played")
    visible = list(irr.visible or irr.cards)
    legal = set(position.legal_cards())
    declarer = position.declarer
    assert declarer is not None
    defender = not _is_declarer_side(position, seat)
    non_off = Pair.of(seat).other
    notes: list[str] = []
    if irr.then:
        notes.append("the withdrawn cards' information is unauthorized for the offending side "
                     "and authorized for the other (Law 16D)")
    if not defender and irr.then:
        notes.append("when that information makes a normal continuation impossible, the "
                     "director stops the play and awards an adjusted score (Law 12A1); the "
                     "commentary on Law 58 does so")
    later = irr.then

    def played(card: Card) -> Position:
        pos = position.play(card)
        if defender:
            others = [c for c in visible if c != card]
            pens = {_penalty(seat, c, inadvertent=True, single=len(others) == 1)
                    for c in others}
            pos = _rebuild(pos, penalty_cards=pos.penalty_cards | pens)
        return pos

    def others_line(card: Card) -> str:
        others = [c for c in visible if c != card]
        if not others:
            return "the cards not seen go back to the hand, no penalty (Law 58B1)"
        if defender:
            pens = [_penalty(seat, c, inadvertent=True, single=len(others) == 1) for c in others]
            return f"{_penalty_words(pens)} become penalty cards (Law 58B2, 50)"
        verb = "goes" if len(others) == 1 else "go"
        return f"{_cards(others)} {verb} back to the hand: no penalty card (Law 48A)"

    opts: list[Option] = []
    withdraw = ([f"{_cards(list(later))} played after it may be withdrawn and replaced without "
                 "penalty (Law 58B3)"] if later else [])
    if len(visible) == 1:
        card = visible[0]
        if card in legal:
            opts.append(Option("visible-card", ("58B1",), f"{card.symbol()} is played",
                               (f"{seat.long_name} plays {card.symbol()}", others_line(card)),
                               position.play(card)))
        else:
            # Russian commentary 58.4: the one visible card cannot be played (a revoke), so it
            # becomes a penalty card and any legal card is played (Law 62B for a defender).
            pens = frozenset({PenaltyCard(seat, card, True)}) if defender else frozenset()
            pos = _rebuild(position, penalty_cards=position.penalty_cards | pens)
            opts.append(Option("revoke-card", ("58B1", "62B") if defender else ("58B1", "48A"),
                               f"{card.symbol()} would be a revoke: it is not played",
                               (f"{card.symbol()} becomes a major penalty card" if defender
                                else f"{card.symbol()} goes back (Law 48A)",
                                "the cards under it go back to the hand",
                                f"{seat.long_name} plays any legal card"), pos))
        return Options(irr, position, seat, non_off, "nobody", ("58B1",), tuple(opts),
                       tuple(notes))
    playable = [c for c in visible if c in legal]
    if not playable:
        pens = frozenset(PenaltyCard(seat, c, True) for c in visible) if defender else frozenset()
        pos = _rebuild(position, penalty_cards=position.penalty_cards | pens)
        opts.append(Option("from-hand", ("58B2", "44C"), "none of them can be played",
                           (f"{seat.long_name} must follow suit from his hand (Law 44C)",
                            (f"{_cards(visible)} all become penalty cards" if defender
                             else "they go back: no penalty card (Law 48A)")), pos))
    for card in playable:
        opts.append(Option(f"play-{card}", ("58B2",) + (("58B3",) if later else ()),
                           f"{seat.long_name} plays {card.symbol()}",
                           (f"{seat.long_name} plays {card.symbol()}", others_line(card),
                            *withdraw), played(card)))
    chooser = f"{seat.long_name}, the offender, designates the card he plays (Law 58B2)"
    return Options(irr, position, seat, non_off, chooser, ("58B2",), tuple(opts), tuple(notes))


# --- Laws 49-51: exposed cards -------------------------------------------------------------------


def _exposed(position: Position, irr: Irregularity) -> Options:
    seat = irr.seat
    declarer = position.declarer
    assert declarer is not None
    if _is_declarer_side(position, seat):
        return Options(irr, position, seat, Pair.of(seat).other, "nobody", ("48A",),
                       (Option("pick-up", ("48A",), "the cards go back",
                               ("declarer's and dummy's cards never become penalty cards "
                                "(Law 48A)",), position),))
    pens = frozenset(_penalty(seat, c, inadvertent=irr.inadvertent, single=len(irr.cards) == 1)
                     for c in irr.cards)
    pos = _rebuild(position, penalty_cards=position.penalty_cards | pens)
    intro = (f"{_penalty_words(sorted(pens, key=lambda p: p.card))} become penalty cards of "
             f"{seat.long_name} (Law 49, 50B, 50C)")
    chooser = f"declarer ({declarer.long_name})"
    if not pos.trick and pos.leader == seat.partner:
        opts = _lead_options(pos, seat.partner, "", (), "")
        if opts:
            return Options(irr, position, seat, Pair.of(declarer), chooser, opts[0].laws[-1:],
                           tuple(opts), (intro,
                                         f"{seat.partner.long_name} may not lead until declarer "
                                         "has chosen (Law 50D2)"))
    if pos.is_designation():
        return Options(irr, position, seat, Pair.of(declarer), chooser, ("51A",),
                       tuple(_designations(pos, "", ("51A", "50D1"), "")), (intro,))
    return Options(irr, position, seat, Pair.of(declarer), "nobody", ("50",),
                   (Option("penalty-cards", ("50",), "the cards stay on the table",
                           (intro, "each major penalty card is played at the first legal "
                            "opportunity (Law 50D1)"), pos),), ())



# --- Law 55 in a claim: a statement that starts from the wrong hand ------------------------------

WRONG_HAND = "wrong-hand"
"""The kind of the doubtful point a statement starting from the wrong hand gives."""

_LEADING_ACTIONS = ("play", "cash", "run", "finesse", "duck")


def wrong_hand_start(plan: LinePlan, position: Position, claimer: Seat) -> LinePlan:
    """*plan* ruled the way the WBF Laws Committee (2001) read a statement that starts with a
    lead from the wrong hand (Law 55, declarer's lead out of turn): the statement is followed
    up to the irregularity, then the claim is ruled as if nothing more had been said. Here the
    irregularity is the statement's first card, so no step of it is kept; the facts it asserts
    stay (they are not a line of play), and a doubtful point says why.

    Only the start is read this way: a later step from the wrong hand is the engine's premise
    failing (followed up to there, then abandoned), which the search already does.
    """
    if position.trick or not plan.phases or not plan.phases[0]:
        return plan
    leader = position.leader
    if Pair.of(leader) is not Pair.of(claimer):
        return plan
    step = plan.phases[0][0]
    if step.action not in _LEADING_ACTIONS:
        return plan
    other = leader.partner
    named_other = step.hand == other
    held_there = (step.action == "play" and bool(step.cards)
                  and all(c in position.hands[other] for c in step.cards))
    if not (named_other or held_there):
        return plan
    doubt = Doubt(
        step.words or step.action,
        f"the statement starts from the wrong hand: {leader.long_name} has the lead, not "
        f"{other.long_name} (Law 55; WBF Laws Committee 2001): it is followed up to there, "
        "then the claim is ruled as if nothing more was stated",
        WRONG_HAND,
    )
    return replace(plan, phases=(), kept=(), doubts=(*plan.doubts, doubt))
