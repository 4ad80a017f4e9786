"""Pictures: which outstanding cards the claimer may have forgotten (law70.md version 2, §3).

A picture is a set of opponents' cards the claimer is presumed to have forgotten; in it he plays
safely, and careless play comes from the picture being wrong. N is the minimum over the pictures
the director cannot rule out (70A: doubtful points against the claimer). The pictures that need
the sure oracle (forgotten cards when the claim is not sure) are chosen by the engine, which
holds the oracle; this module says which cards are candidates and why.
"""

from __future__ import annotations

from dataclasses import dataclass

from claimcheck.bits import suit_bits, suit_range
from claimcheck.cards import Suit
from claimcheck.plan import LinePlan
from claimcheck.policy.profiles import Inputs
from claimcheck.policy.rules import UnawareTrump
from claimcheck.position import Position


@dataclass(frozen=True, slots=True)
class Picture:
    """The claimer's picture of the hand: the opponents' cards he has forgotten, and why."""

    forgotten: int
    rule: str
    """``""`` for full awareness, else ``unaware-trump`` or ``unaware-card``."""
    reason: str = ""
    """Why this picture is admissible, in the director's words."""


AWARE = Picture(0, "")
"""Full awareness: always admissible (law70.md §3.1)."""

MAX_FORGOTTEN_TRUMPS = 2
"""law70.md §3.2: one outstanding trump may be forgotten, or two where two are out; a claimer
facing more knows trumps are out."""

MAX_FORGOTTEN_CARDS = 2
"""law70.md §3.3: the smallest set of cards whose absence makes the claim sure, at most two."""


def trump_pictures(
    hands: tuple[int, int, int, int], claimer: int, trump: int, plan: LinePlan, inputs: Inputs,
    *, drawing_trumps: bool = False, max_trumps: int = MAX_FORGOTTEN_TRUMPS,
) -> list[Picture]:
    """The forgotten-trump pictures (70C, law70.md §3.2).

    The opponents hold trumps, the statement does not mention them and the director did not
    find the claimer aware ("doubtful" counts as unaware: 70C2 asks only whether it is "at all
    likely" that he was unaware). With one trump out he forgets it; with two, either or both.
    A claimer who claims while drawing trumps has not forgotten them (White Book 8.70.4(b)),
    nor has one facing more trumps than *max_trumps*.
    """
    if trump >= 4 or inputs.trump_aware == "yes" or drawing_trumps:
        return []
    if plan.mentions_trump(Suit(trump)):
        return []
    opps = hands[(claimer + 1) % 4] | hands[(claimer + 3) % 4]
    known = 0
    for card in plan.aware_cards():
        known |= 1 << card.index
    out = (opps & suit_range(trump)) & ~known
    count = out.bit_count()
    if not out or count > max_trumps:
        return []
    cards = [1 << i for i in range(52) if out >> i & 1]
    pictures = []
    if count > 1:
        pictures.append(Picture(out, UnawareTrump.id, "outstanding trumps not mentioned"))
    pictures += [Picture(c, UnawareTrump.id, "an outstanding trump not mentioned")
                 for c in cards]
    return pictures


def master_trumps(hands: tuple[int, int, int, int], claimer: int, trump: int) -> int:
    """The outstanding trumps above every trump of the claimer's side. The highest of them
    takes a trick whatever he does, so a claimer who concedes a trick has it in mind: the
    concession counts it (law70.md §3: the claim itself can show awareness)."""
    if trump >= 4:
        return 0
    side = (hands[claimer] | hands[(claimer + 2) % 4]) & suit_range(trump)
    opps = (hands[(claimer + 1) % 4] | hands[(claimer + 3) % 4]) & suit_range(trump)
    return opps & ~((1 << side.bit_length()) - 1)


def forgets_conceded_masters(forgotten: int, masters: int, conceded: int) -> bool:
    """True when a picture forgetting *forgotten* leaves fewer of the *masters* in mind than
    the *conceded* tricks can count: a claimer who concedes one trick with the ♥A out is
    conceding the ♥A (vugraph 09050:19-2, 8 of 9 with ♥A7 out: the picture that forgets the
    ace and keeps the 7 in mind explained the concession by a ruff of the 7's)."""
    if conceded <= 0 or not forgotten & masters:
        return False
    return (masters & ~forgotten).bit_count() < min(conceded, masters.bit_count())


def contradicted(hands: tuple[int, int, int, int], claimer: int, trump: int,
                 plan: LinePlan) -> int:
    """Opponents' cards that contradict what the statement says is good (law70.md §3.3: his
    words are the evidence of his picture), less those the statement names as outstanding."""
    opps = hands[(claimer + 1) % 4] | hands[(claimer + 3) % 4]
    side = hands[claimer] | hands[(claimer + 2) % 4]
    known = 0
    for card in plan.aware_cards():
        known |= 1 << card.index
    return _contradicting(plan, opps, side, trump) & ~known


def forgettable(hands: tuple[int, int, int, int], claimer: int, trump: int) -> list[int]:
    """The opponents' cards whose absence could make a claim sure: those above a claimer-side
    card of their suit, trumps, and cards of a suit the claimer side does not hold (length
    winners). One card (the highest) for each run of touching cards."""
    opps = hands[(claimer + 1) % 4] | hands[(claimer + 3) % 4]
    side = hands[claimer] | hands[(claimer + 2) % 4]
    out: list[int] = []
    # Highest ranks first: the cards a claimer overlooks are the high ones.
    for s in sorted(range(4), key=lambda x: -((opps >> (13 * x)) & 0x1FFF).bit_length()):
        theirs = opps & suit_range(s)
        if not theirs:
            continue
        mine = side & suit_range(s)
        if mine and s != trump:
            low = (mine & -mine).bit_length() - 1
            theirs &= ~((1 << (low + 1)) - 1)
        while theirs:
            top = theirs.bit_length() - 1
            out.append(top)
            base = top - top % 13
            floor = max((side & ((1 << top) - 1)).bit_length(), base)
            theirs &= (1 << floor) - 1
    return sorted(out, key=lambda x: (-(x % 13), x))


def is_drawing_trumps(position: Position, claimer: int) -> bool:
    """True when the claimer's side led a trump to the trick in progress: he claims while
    drawing trumps, so he knows they are out (White Book 8.70.4(b))."""
    trick = position.trick
    return (bool(trick) and position.trump.suit is not None
            and trick[0].suit == position.trump.suit and (int(position.leader) - claimer) % 2 == 0)


def known_show_outs(position: Position) -> int:
    """The show-outs the claimer knows of at the claim (bit ``seat * 4 + suit``): those of the
    play so far, and those in the trick in progress, which happened before the claim too
    (70E1(a))."""
    known = 0
    for seat, suit in position.shown_out:
        known |= 1 << (int(seat) * 4 + int(suit))
    for i, card in enumerate(position.trick[1:], start=1):
        if card.suit != position.trick[0].suit:
            known |= 1 << (int(position.leader.next(i)) * 4 + int(position.trick[0].suit))
    return known


def _contradicting(plan: LinePlan, opps: int, side: int, trump: int) -> int:
    """Opponents' cards that contradict what the statement says is good."""
    out = 0
    suits: set[int] = set()
    for fact in plan.facts:
        if fact.kind == "suit-good" and fact.suit is not None:
            suits.add(int(fact.suit))
        elif fact.kind == "card-good":
            for card in fact.cards:
                s = int(card.suit)
                above = opps & suit_range(s) & ~((1 << (card.index + 1)) - 1)
                out |= above
        elif fact.kind == "hand-good" and fact.hand is not None:
            for s in range(4):
                if s != trump and side & suit_range(s):
                    suits.add(s)
    # "Run the clubs" says every club is good; "cash the clubs" or "the hearts in dummy" need
    # not (the claimer may mean the top ones), so only a run contradicts an outstanding card.
    for step in plan.steps:
        if step.action == "run" and step.suit is not None and not step.cards:
            suits.add(int(step.suit))
    for s in suits:
        if s == trump:
            continue
        mine = suit_bits(side, s)
        if not mine:
            continue
        low = (mine & -mine).bit_length() - 1
        theirs = suit_bits(opps, s)
        higher = theirs & ~((1 << (low + 1)) - 1)
        out |= higher << (13 * s)
    return out
