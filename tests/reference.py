"""A plain reference search: every normal line enumerated, no pruning, no DDS, no groups.

It uses the same definition of a normal claimer card (``normal_plays``) and the same belief and
plan bookkeeping as the engine, so an agreement with the engine checks the engine's search (DDS
bounds, equivalence groups, memo, belief roots), not the policy.
"""

from __future__ import annotations

from claimcheck.bits import mask_of, suit_range
from claimcheck.cards import Seat
from claimcheck.engine.search import Node, Search, start_node
from claimcheck.plan import EMPTY_PLAN, LinePlan
from claimcheck.policy.beliefs import admissible_beliefs, is_drawing_trumps, known_show_outs
from claimcheck.policy.normal import Options, normal_plays
from claimcheck.policy.plan_state import compile_plan, initial_state
from claimcheck.policy.profiles import Inputs, Profile
from claimcheck.position import Position


class _NoSolver:
    calls = 0

    def tricks(self, *a: object) -> int:
        raise AssertionError("the reference search must not call a solver")

    def scores(self, *a: object) -> dict[int, int]:
        raise AssertionError("the reference search must not call a solver")


def reference_n(position: Position, claimer: Seat, claimed: int, profile: Profile,
                inputs: Inputs, plan: LinePlan = EMPTY_PLAN) -> int:
    """N by brute force: the minimum over beliefs and over every normal line."""
    hands = tuple(mask_of(h) for h in position.hands)
    c = int(claimer)
    trump = int(position.trump)
    declarer = position.declarer
    declarer_claim = declarer is None or (int(declarer) - c) % 2 == 0
    opts = Options(profile, c, declarer_claim)
    to_concede = max(position.tricks_left - claimed, plan.conceded or 0)
    cplan = compile_plan(plan)
    state = initial_state(cplan, hands, c, trump)  # type: ignore[arg-type]
    known = known_show_outs(position)
    # Reuse the engine's child construction (belief and plan updates), never its search.
    helper = Search(trump, c, cplan, opts, _NoSolver())
    best = 99
    drawing = is_drawing_trumps(position, c)
    for belief in admissible_beliefs(hands, c, trump, plan, inputs,  # type: ignore[arg-type]
                                     drawing_trumps=drawing):
        root = start_node(hands, tuple(x.index for x in position.trick),  # type: ignore[arg-type]
                          int(position.leader), c, belief, known, to_concede, state)
        best = min(best, _min_line(helper, root))
    return best


def _min_line(helper: Search, node: Node) -> int:
    seat = (node.leader + len(node.trick)) % 4
    if not node.hands[seat]:
        return 0
    if (seat - helper.claimer) % 2 == 0:
        cards = [card for card, _ in normal_plays(helper._point(node))]
    else:
        own = node.hands[seat]
        if node.trick:
            led = node.trick[0] // 13
            if own & suit_range(led):
                own &= suit_range(led)
        cards = [i for i in range(52) if own >> i & 1]
    best = 99
    for card in cards:
        child, won = helper._play(node, seat, card)
        best = min(best, won + _min_line(helper, child))
    return best
