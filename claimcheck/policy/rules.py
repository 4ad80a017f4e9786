"""The rules that make a claimer-side card normal (law70.md section 4), one class each.

Each rule has a stable ``id``, a :class:`Citation` and a one-line ``summary``; the ruling tags
every claimer card of the worst normal line with the id of the rule that admitted it. The order
in which rules are consulted at a decision point is law70.md section 4a, implemented in
:mod:`claimcheck.policy.normal`; the rules here answer one question each.
"""

from __future__ import annotations

from typing import ClassVar

from claimcheck.policy.citations import LAWS, Citation


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
    summary = "within a suit, the card the regulating authority's order allows"


class SuitsAnyOrder(Rule):
    """With no stated order of suits, every order of cashing is normal (C4)."""

    id = "suits-any-order"
    citation = LAWS["70D1"]
    summary = "no order of suits was stated, so any suit with a winner may be led"


class CarelessBlocking(Rule):
    """Cashing in an order that blocks a suit or spends an entry is careless, so normal (C5)."""

    id = "careless-blocking"
    citation = LAWS["footnote"]
    summary = "a careless order that blocks the suit or spends an entry"


class NoCrash(Rule):
    """Playing two of one's own winners on one trick when another card would do is not normal."""

    id = "no-crash"
    citation = LAWS["footnote"]
    summary = "partner's card wins the trick, so the lowest card (no crash of winners)"


class UnawareTrump(Rule):
    """An outstanding trump the statement does not mention is presumed forgotten (70C)."""

    id = "unaware-trump"
    citation = LAWS["70C"]
    summary = "trump not mentioned: a side winner played before the trump is drawn"


class UnawareCard(Rule):
    """An outstanding card contradicting the claim as stated is presumed forgotten (70A; C7)."""

    id = "unaware-card"
    citation = LAWS["70A"]
    summary = "an outstanding card the statement overlooks is presumed forgotten"


class UnstatedFinesse(Rule):
    """An unstated finesse or drop is taken only where it loses (70E1)."""

    id = "unstated-finesse"
    citation = LAWS["70E1"]
    summary = "a finesse (or drop) not stated is not credited: the losing option is normal"


class NoticesBreak(Rule):
    """Whether the claimer notices an opponent showing out and changes plan (C15)."""

    id = "notices-break"
    citation = LAWS["70A"]
    summary = "the claimer does not notice the show-out and keeps to his line"


class Ruff(Rule):
    """When ruffing: the lowest trump (ACBL 2019) or any trump (others) (C8)."""

    id = "ruff"
    citation = LAWS["70E2"]
    summary = "a ruff, with any trump the profile allows"


class Discard(Rule):
    """Discards: any believed loser; a believed winner only when no loser is left (C7)."""

    id = "discard"
    citation = LAWS["footnote"]
    summary = "a discard of a card the claimer may believe expendable"


class DefenderPartner(Rule):
    """For a defender's claim, partner may play any normal card (70D2; C6, C9)."""

    id = "defender-partner"
    citation = LAWS["70D2"]
    summary = "a defender's claim cannot rely on partner's choice among normal plays"


class Concede(Rule):
    """A conceded trick is given at any normal moment; the engine finds which (C14)."""

    id = "concede"
    citation = LAWS["70A"]
    summary = "the claim concedes tricks, so a loser may be led at any moment"


RULES: tuple[type[Rule], ...] = (
    FollowStatement, SuitOrder, SuitsAnyOrder, CarelessBlocking, NoCrash, UnawareTrump,
    UnawareCard, UnstatedFinesse, NoticesBreak, Ruff, Discard, DefenderPartner, Concede,
)
"""Every rule, in the order law70.md section 4 lists them."""

RULES_BY_ID: dict[str, type[Rule]] = {r.id: r for r in RULES}
"""The rules by id."""
