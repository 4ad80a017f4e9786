"""Profiles: the regulating authorities' readings of Law 70 as named data (law70.md section 5).

The director's inputs (trump awareness, class of player, phase) override a profile for one ruling
through :class:`Inputs`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

SuitOrder = Literal["top-down", "top-down-if-solid", "any"]
RuffOrder = Literal["lowest", "any"]
Awareness = Literal["yes", "no", "doubtful"]
PlayerClass = Literal["novice", "club", "expert"]
Phase = Literal["contested", "concession", "withdrawn"]


@dataclass(frozen=True, slots=True)
class Profile:
    """A regulating authority's options for the rules of law70.md section 4."""

    name: str
    suit_order: SuitOrder
    """How a suit is deemed played when no order was stated (70E2; C1, C2)."""
    notices_break: bool
    """Whether the claimer notices an opponent showing out and changes plan (C15)."""
    ruff: RuffOrder
    """Ruffing presumption (C8): the lowest trump, or any trump."""
    high_trump_safety: bool = False
    """Whether a safety play with a high trump is normal (ACBL 1992: yes; 2019: no). Every
    built-in profile says no (law70.md section 5), and the engine enumerates no such play: the
    field records the reading so that a profile saying yes is an explicit, reviewable change."""
    description: str = ""


PROFILES: dict[str, Profile] = {
    "wbf": Profile("wbf", "top-down-if-solid", True, "any",
                   description="the bare Law: no 70E2 order found; careless underplay normal"),
    "ebu": Profile("ebu", "top-down-if-solid", False, "any",
                   description="White Book 8.70.5 and 8.70.9: claimer does not notice breaks"),
    "acbl": Profile("acbl", "top-down", True, "lowest",
                    description="ACBL Laws Commission 2019: top-down, ruff as low as possible"),
}
"""The built-in profiles, by name."""


@dataclass(frozen=True, slots=True)
class Inputs:
    """What the director tells the engine for one ruling."""

    trump_aware: Awareness = "doubtful"
    """Was the claimer aware of the outstanding trump? Doubtful counts as unaware (70C2)."""
    player_class: PlayerClass = "club"
    """Novices get more careless plays, experts fewer; never the irrational floor (C17)."""
    phase: Phase = "contested"
    """Contested claim (70), concession (71) or agreed then withdrawn (69B)."""


def profile_for(name: str, player_class: PlayerClass = "club") -> Profile:
    """The profile *name*, adjusted for the class of player.

    An expert is presumed to cash a suit from the top (70E2 readings of C1 apply more strictly);
    a novice may underplay even from a solid holding. The irrational floor does not move.

    :raises KeyError: when *name* is not a profile.
    """
    base = PROFILES[name.lower()]
    if player_class == "expert" and base.suit_order == "top-down-if-solid":
        return replace(base, suit_order="top-down")
    if player_class == "novice" and base.suit_order != "any":
        return replace(base, suit_order="any")
    return base
