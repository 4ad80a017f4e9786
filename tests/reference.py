"""Plain reference searches: every line enumerated, no pruning, no DDS, no groups, no memo.

The one double dummy they need, the layouts §4.2 weighs inside a normal-card decision, is a
plain minimax (:class:`_PlainDD`, held to DDS by tests/test_engine_reference.py).

* :func:`reference_n` enumerates every normal line. It uses the same definition of a normal
  claimer card (``normal_plays``) and the same pictures and plan bookkeeping as the engine, so
  an agreement with the engine checks the engine's search (DDS bounds, equivalence groups, memo,
  the safe floor, picture roots), not the policy.
* :func:`reference_sure` plays the pooled-defence game of law70.md §1 card by card, every
  outstanding card and every claimer card, with the hand-count and void constraints and
  nothing else: the definition the sure oracle must agree with.
"""

from __future__ import annotations

from collections.abc import Sequence

from claimcheck.bits import SUIT_RANGES, mask_of, winner_index
from claimcheck.cards import Seat
from claimcheck.check import _pictures
from claimcheck.engine.search import Node, Search, start_node
from claimcheck.plan import EMPTY_PLAN, LinePlan
from claimcheck.policy.normal import Options, normal_plays
from claimcheck.policy.pictures import known_show_outs
from claimcheck.policy.plan_state import compile_plan, initial_state
from claimcheck.policy.profiles import Inputs, Profile
from claimcheck.policy.sure import Budget, SureOracle
from claimcheck.position import Position


class _PlainDD:
    """Double dummy by plain minimax (no DDS): what the engine asks a solver for inside a
    normal-card decision, the layouts of §4.2 (:meth:`Search.layouts_at`). The reference's
    own search never calls it."""

    calls = 0

    def __init__(self, trump: int) -> None:
        self.trump = trump
        self._memo: dict[tuple[object, ...], int] = {}

    def tricks(self, *a: object) -> int:
        raise AssertionError("the reference search asks no double-dummy bound")

    def best(self, *a: object) -> int:
        raise AssertionError("the reference search asks no double-dummy card")

    def _value(self, hands: tuple[int, int, int, int], trick: tuple[int, ...],
               leader: int) -> int:
        """Tricks from here for the side of the seat to play."""
        key = (hands, trick, leader)
        got = self._memo.get(key)
        if got is not None:
            return got
        seat = (leader + len(trick)) % 4
        best = max(self._after(hands, trick, leader, c) for c in _legal_cards(hands, trick, seat)
                   ) if hands[seat] else 0
        self._memo[key] = best
        return best

    def _after(self, hands: tuple[int, int, int, int], trick: tuple[int, ...], leader: int,
               card: int) -> int:
        seat = (leader + len(trick)) % 4
        h = list(hands)
        h[seat] &= ~(1 << card)
        child = (h[0], h[1], h[2], h[3])
        t = trick + (card,)
        if len(t) < 4:
            # The next seat, an opponent, has not played to this trick: its cards count the
            # tricks left, this one included.
            nxt = (seat + 1) % 4
            return child[nxt].bit_count() - self._value(child, t, leader)
        win = (leader + winner_index(t, self.trump)) % 4
        mine = 1 if (win - seat) % 2 == 0 else 0
        if not child[win]:
            return mine
        v = self._value(child, (), win)
        return mine + (v if (win - seat) % 2 == 0 else child[win].bit_count() - v)

    def scores(self, hands: tuple[int, int, int, int], trick: tuple[int, ...], leader: int,
               trump: int) -> dict[int, int]:
        seat = (leader + len(trick)) % 4
        return {c: self._after(hands, trick, leader, c)
                for c in _legal_cards(hands, trick, seat)}

    def scores_many(self, positions: Sequence[tuple[tuple[int, int, int, int],
                                                    tuple[int, ...], int]],
                    trump: int) -> list[dict[int, int]]:
        return [self.scores(h, t, ld, trump) for h, t, ld in positions]


def _legal_cards(hands: tuple[int, int, int, int], trick: tuple[int, ...], seat: int
                 ) -> list[int]:
    own = hands[seat]
    if trick and own & SUIT_RANGES[trick[0] // 13]:
        own &= SUIT_RANGES[trick[0] // 13]
    return [i for i in range(52) if own >> i & 1]


def reference_n(position: Position, claimer: Seat, claimed: int, profile: Profile,
                inputs: Inputs, plan: LinePlan = EMPTY_PLAN) -> int:
    """N by brute force: the minimum over pictures and over every normal line."""
    hands = tuple(mask_of(h) for h in position.hands)
    c = int(claimer)
    trump = int(position.trump)
    declarer = position.declarer
    declarer_claim = declarer is None or (int(declarer) - c) % 2 == 0
    cplan = compile_plan(plan)
    opts = Options.for_claim(profile, c, declarer_claim, cplan,
                             inputs.player_class == "novice")
    left = position.tricks_left
    to_concede = max(left - claimed, plan.conceded or 0)
    state = initial_state(cplan, hands, c, trump)  # type: ignore[arg-type]
    known = known_show_outs(position)
    budget = Budget(10**12)
    oracle = SureOracle(trump, c, budget)
    # Reuse the engine's child construction (picture and plan updates), never its search.
    helper = Search(trump, c, cplan, opts, _PlainDD(trump), budget, oracle)
    trick = tuple(x.index for x in position.trick)
    need = claimed - (left - max(h.bit_count() for h in hands))
    pictures, _ = _pictures(position, hands, trick, int(position.leader), c,  # type: ignore[arg-type]
                            trump, plan, inputs, known, oracle, need)
    best = 99
    for picture in pictures:
        root = start_node(hands, trick, int(position.leader), c,  # type: ignore[arg-type]
                          picture, known, to_concede, state)
        best = min(best, _min_line(helper, oracle, root))
    return best


def _min_line(helper: Search, oracle: SureOracle, node: Node) -> int:
    seat = (node.leader + len(node.trick)) % 4
    if not node.hands[seat]:
        return 0
    if (seat - helper.claimer) % 2 == 0:
        cards = [card for card, _ in normal_plays(helper._point(node), oracle, None,
                                                  helper.layouts_at(node))]
        deferred = helper.layouts_at(node)
        if deferred is not None:
            # The engine searches a deferred decision over its unweighed cards (search.py
            # DEFER_CARDS): they must hold every normal card, or a bound it proves is unsound.
            deferred.defer = True
            unweighed = {card for card, _ in normal_plays(helper._point(node), oracle, None,
                                                          deferred)}
            assert not deferred.deferred or unweighed >= set(cards), (node, cards, unweighed)
    else:
        own = node.hands[seat]
        if node.trick:
            led = node.trick[0] // 13
            if own & SUIT_RANGES[led]:
                own &= SUIT_RANGES[led]
        cards = [i for i in range(52) if own >> i & 1]
    best = 99
    for card in cards:
        child, won = helper._play(node, seat, card)
        best = min(best, won + _min_line(helper, oracle, child))
    return best


def reference_sure(hands: tuple[int, int, int, int], trick: tuple[int, ...], leader: int,
                   trump: int, claimer: int, forgotten: int, voids: int, need: int) -> bool:
    """The pooled-defence game, plainly: are *need* tricks sure in the picture?"""
    d1, d3 = (claimer + 1) % 4, (claimer + 3) % 4
    pool = (hands[d1] | hands[d3]) & ~forgotten
    counts = {d1: hands[d1].bit_count(), d3: hands[d3].bit_count()}
    mine = {claimer: hands[claimer], (claimer + 2) % 4: hands[(claimer + 2) % 4]}
    return _game(mine, pool, counts, trick, leader, voids, trump, claimer, need)


def _void_mask(voids: int, seat: int) -> int:
    out = 0
    for s in range(4):
        if voids >> (seat * 4 + s) & 1:
            out |= SUIT_RANGES[s]
    return out


def _dealable(pool: int, counts: dict[int, int], voids: int) -> bool:
    (a, na), (b, nb) = counts.items()
    va, vb = _void_mask(voids, a), _void_mask(voids, b)
    if pool & va & vb:
        return False
    return ((pool & va).bit_count() <= nb and (pool & vb).bit_count() <= na
            and pool.bit_count() <= na + nb)


def _game(mine: dict[int, int], pool: int, counts: dict[int, int], trick: tuple[int, ...],
          leader: int, voids: int, trump: int, claimer: int, need: int) -> bool:
    if need <= 0:
        return True
    seat = (leader + len(trick)) % 4
    if len(trick) == 4:
        win = (leader + winner_index(trick, trump)) % 4
        won = 1 if (win - claimer) % 2 == 0 else 0
        return _game(mine, pool, counts, (), win, voids, trump, claimer, need - won)
    left = mine[claimer].bit_count() + (1 if trick and (claimer - leader) % 4 < len(trick)
                                        else 0)
    if need > left:
        return False
    led = trick[0] // 13 if trick else -1
    if seat in mine:
        own = mine[seat]
        if led >= 0 and own & SUIT_RANGES[led]:
            own &= SUIT_RANGES[led]
        for card in (i for i in range(52) if own >> i & 1):
            nm = dict(mine)
            nm[seat] &= ~(1 << card)
            if _game(nm, pool, counts, trick + (card,), leader, voids, trump, claimer, need):
                return True
        return False
    blanks = sum(counts.values()) - pool.bit_count()
    options: list[tuple[int, int]] = []
    my_void = _void_mask(voids, seat)
    if not trick:
        options = [(i, voids) for i in range(52) if (pool & ~my_void) >> i & 1]
        if not options:
            return need <= mine[claimer].bit_count()
    else:
        options = [(i, voids) for i in range(52)
                   if (pool & ~my_void & SUIT_RANGES[led]) >> i & 1]
        shown = voids | 1 << (seat * 4 + led)
        options += [(i, shown) for i in range(52)
                    if (pool & ~my_void & ~SUIT_RANGES[led]) >> i & 1]
        if blanks > 0:
            options.append((-1, shown))
    for card, nv in options:
        npool = pool & ~(1 << card) if card >= 0 else pool
        nc = dict(counts)
        nc[seat] -= 1
        if not _dealable(npool, nc, nv):
            continue
        if not _game(mine, npool, nc, trick + (card,), leader, nv, trump, claimer, need):
            return False
    return True
