"""The rules that make a claimer-side card normal (law70.md version 2, §4), one class each.

Each rule has a stable ``id``, a :class:`Citation` and a one-line ``summary``; the ruling tags
every claimer card of the worst normal line with the id of the rule that admitted it. The order
in which rules are consulted at a decision point is law70.md section 4a, implemented in
:mod:`claimcheck.policy.normal`; the rules here answer one question each.
"""

from __future__ import annotations

from typing import ClassVar

from claimcheck.policy.citations import LAWS, PLAY_IRREGULARITIES, Citation


class Rule:
    """A rule of normal play: an id, a citation and a summary."""

    id: ClassVar[str]
    citation: ClassVar[Citation]
    summary: ClassVar[str]


class FollowStatement(Rule):
    """Where the statement fixes a step, the claimer side plays it (68C, 70D1)."""

    id = "follow-statement"
    citation = LAWS["70D1"]
    summary = "the statement fixes this play; alternatives it leaves open stay open"


class SuitOrder(Rule):
    """Within a suit, the order the profile deems (70E2): top-down, top-down-if-solid, any."""

    id = "suit-order"
    citation = LAWS["70E2"]
    summary = ("within a suit, among the cards he sees as equal, the card the regulating "
               "authority's order allows (a careless underplay from spot cards)")


class SuitsAnyOrder(Rule):
    """With no stated order of suits, every order of cashing is normal (C4)."""

    id = "suits-any-order"
    citation = LAWS["70D1"]
    summary = "no order of suits was stated: any safe lead, in any suit"


class CarelessBlocking(Rule):
    """Cashing in an order that blocks a suit or spends an entry is careless, so normal (C5)."""

    id = "careless-blocking"
    citation = LAWS["footnote"]
    summary = ("a careless order of safe-looking cashes that blocks a suit or spends an "
               "entry (an option: novice class)")


class NoCrash(Rule):
    """Playing two of one's own winners on one trick when another card would do is not normal."""

    id = "no-crash"
    citation = LAWS["footnote"]
    summary = "partner's card wins the trick: his lowest card, no crash of two winners"


class UnawareTrump(Rule):
    """An outstanding trump the statement does not mention is presumed forgotten (70C)."""

    id = "unaware-trump"
    citation = LAWS["70C"]
    summary = ("trump not mentioned, presumed forgotten: in his picture a side winner "
               "before the trump looked safe")


class UnawareCard(Rule):
    """An outstanding card contradicting the claim as stated is presumed forgotten (70A; C7)."""

    id = "unaware-card"
    citation = LAWS["70A"]
    summary = ("an outstanding card the claim overlooks is presumed forgotten: in his "
               "picture the card looked safe")


class UnstatedFinesse(Rule):
    """An unstated finesse or drop is taken only where it loses (70E1)."""

    id = "unstated-finesse"
    citation = LAWS["70E1"]
    summary = ("no card was safe and the rest was a guess (finesse or drop) he did not "
               "state: every option is normal, the losing one is taken")


class NoSafeCard(Rule):
    """No card is safe in his picture: the cards that keep the most sure tricks (law70.md 4.2)."""

    id = "no-safe-card"
    citation = LAWS["70A"]
    summary = ("no card was safe in his picture (the claim was not sure even there): a card "
               "that keeps the most sure tricks and is not plainly worse over the layouts he "
               "can imagine")


class NoticesBreak(Rule):
    """Whether the claimer notices an opponent showing out and changes plan (C15)."""

    id = "notices-break"
    citation = LAWS["70A"]
    summary = "the claimer does not notice the show-out and keeps to his line"


class Ruff(Rule):
    """When ruffing: the lowest trump (ACBL 2019) or any trump (others) (C8)."""

    id = "ruff"
    citation = LAWS["70E2"]
    summary = "a safe ruff: the lowest one (ACBL 2019) or any"


class Discard(Rule):
    """Discards: any believed loser; a believed winner only when no loser is left (C7)."""

    id = "discard"
    citation = LAWS["footnote"]
    summary = "a safe discard: never a winner he needs, nor one while a spare card remains"


class DrawsTrumps(Rule):
    """Drawing trumps is the routine while the opponents hold trumps in his picture (§4.1.3)."""

    id = "draws-trumps"
    citation = LAWS["70C"]
    summary = ("leading a trump to draw the opponents' is the routine, even where the claim "
               "needed a ruff first (no ruff or order stated)")


class DefenderPartner(Rule):
    """For a defender's claim, partner may play any normal card (70D2; C6, C9)."""

    id = "defender-partner"
    citation = LAWS["70D2"]
    summary = ("a defender's claim cannot rely on partner's choice among normal plays "
               "(no plain winner thrown while he holds a plain loser)")


class Concede(Rule):
    """A conceded trick is given at any normal moment; the engine finds which (C14)."""

    id = "concede"
    citation = LAWS["70A"]
    summary = "the claim concedes tricks: a safe lead of a loser, at any moment"


class PenaltyCardPlay(Rule):
    """A card the Laws of play require of the claimer's side: its major penalty card at the
    first legal opportunity (50D1), or the one declarer designates among two or more (51A)."""

    id = "penalty-card"
    citation = PLAY_IRREGULARITIES["50D1"]
    summary = ("a penalty card of the claimer's side played as Law 50D1 requires, or as "
               "declarer designates among two or more (51A)")


RULES: tuple[type[Rule], ...] = (
    FollowStatement, SuitOrder, SuitsAnyOrder, CarelessBlocking, NoCrash, UnawareTrump,
    UnawareCard, UnstatedFinesse, NoSafeCard, NoticesBreak, Ruff, Discard, DrawsTrumps,
    DefenderPartner, Concede, PenaltyCardPlay,
)
"""Every rule, in the order law70.md section 4 lists them."""

RULES_BY_ID: dict[str, type[Rule]] = {r.id: r for r in RULES}
"""The rules by id."""
