"""Beliefs: which outstanding cards the claimer may have forgotten (law70.md section 4, Beliefs).

Most careless lines come from a forgotten card. A belief is a mask of opponents' cards the
claimer is treated as not knowing about; the engine takes the minimum over every admissible
belief, full awareness included.
"""

from __future__ import annotations

from dataclasses import dataclass

from claimcheck.bits import suit_bits, suit_range
from claimcheck.cards import Suit
from claimcheck.plan import LinePlan
from claimcheck.policy.profiles import Inputs
from claimcheck.policy.rules import UnawareCard, UnawareTrump
from claimcheck.position import Position


@dataclass(frozen=True, slots=True)
class Belief:
    """Opponents' cards treated as forgotten, and the rule that allows it."""

    forgotten: int
    rule: str
    """``""`` for full awareness, else ``unaware-trump`` or ``unaware-card``."""


def admissible_beliefs(
    hands: tuple[int, int, int, int], claimer: int, trump: int, plan: LinePlan, inputs: Inputs,
    *, drawing_trumps: bool = False,
) -> list[Belief]:
    """Every belief the claimer may be held to: full awareness first.

    * ``unaware-trump`` (70C): the opponents hold trumps, the statement does not mention them
      and the director did not find the claimer aware ("doubtful" counts as unaware: 70C2 asks
      only whether it is "at all likely" that he was unaware). All outstanding trumps are
      forgotten together: forgetting one of two is never worse for the claimer than both.
      A claimer who claims while drawing trumps (*drawing_trumps*: his side led a trump to the
      trick in progress) has not forgotten them (White Book 8.70.4(b)).
    * ``unaware-card`` (70A, C7): a card of a suit the statement says is good (or a card it
      says is good, or a hand it says is high) that beats a claimer-side card of that suit.
      Cards the statement names as outstanding are never forgotten.
    """
    opps = hands[(claimer + 1) % 4] | hands[(claimer + 3) % 4]
    side = hands[claimer] | hands[(claimer + 2) % 4]
    known = 0
    for card in plan.aware_cards():
        known |= 1 << card.index
    beliefs = [Belief(0, "")]
    trumps_out = opps & suit_range(trump) if trump < 4 else 0
    trump_belief = 0
    if trumps_out and not plan.mentions_trump(None if trump >= 4 else Suit(trump)):
        if inputs.trump_aware != "yes" and not drawing_trumps:
            trump_belief = trumps_out & ~known
            if trump_belief:
                beliefs.append(Belief(trump_belief, UnawareTrump.id))
    contradicting = _contradicting(plan, opps, side, trump) & ~known
    if contradicting:
        beliefs.append(Belief(contradicting, UnawareCard.id))
        if trump_belief:
            beliefs.append(Belief(contradicting | trump_belief, UnawareCard.id))
    return beliefs


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
