"""The sure oracle: "are k tricks sure in the claimer's picture from here?" (law70.md §1, §7).

A number of tricks is *sure* in a picture when one line of the claimer side takes it against
every way the outstanding cards of the picture could lie and every defence. The oracle plays
that as a game against a **pooled defence**: either defender may play any outstanding card of
the picture, committing only as each card is played. The constraints that make the pooled game
exactly "wins in every layout":

* a card a defender plays is his (it leaves the pool);
* a defender who shows out of a suit holds none of it afterwards (a *void*);
* each defender holds as many cards as he has tricks left to play, so a play is allowed only
  when the rest of the pool can still be dealt: the cards of a suit one defender is void in must
  fit in the other's hand.

A **forgotten** card is, in the claimer's picture, a small card of no consequence: it is not in
the pool, and the defender holding it holds a *blank* instead, which never wins a trick. A
defender may play a blank whenever he may show out. A defender whose only cards are blanks has,
in the picture, nothing that can take a trick: the claimer side takes the rest.

Cheap sound bounds come first (a claim needing no more than the top winners the hand on lead can
cash is sure), then a memoised search on the trick-start key. Nodes count against the ruling's
budget (:class:`Budget`), so a ruling costs the same on any machine.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from typing import Any

from claimcheck.bits import (
    SUIT_RANGES,
    beats,
    groups,
    pack_ranks,
    popcount,
    seat_hand,
    topped,
    winner_index,
)


def _load_core() -> Any:
    """The C translation of the game below (``_sure_core.c``), or None where the package was
    built without a compiler (CLAIMCHECK_PURE=1) or CLAIMCHECK_PURE_ORACLE=1 asks for the
    Python game. Both give the same answers at the same node counts (tests/test_sure_core.py);
    the C one about twenty times faster a node."""
    if os.environ.get("CLAIMCHECK_PURE_ORACLE") == "1":
        return None
    try:
        return importlib.import_module("claimcheck.policy._sure_core")
    except ImportError:
        return None


_CORE: Any = _load_core()

BLANK = -1
"""A forgotten card played by a defender: of no consequence, it never wins a trick."""


class BudgetExceeded(Exception):
    """Raised when the ruling's node budget is spent (search and oracle nodes, weighed)."""


class Undecided(Exception):
    """Raised inside the oracle when one question's own cap is spent (:meth:`SureOracle.decide`)."""


DEFAULT_MAX_NODES = 400_000
"""The default budget, in search nodes, an oracle node counting as 1/ORACLE_NODES_PER_NODE of
one: deterministic, so the same claim gets the same ruling on any machine under any load
(law70.md §7). It is the one default of every door (the library, ``check``, ``audit``, the
director's page): a record audited after the session gets the ruling the director got at the
table."""

ORACLE_NODES_PER_NODE = 10
"""Sure-oracle nodes the budget counts as one search node. A search node asks the normal-card
rules (and through them the oracle) about every card a claimer-side hand may play; an oracle
node is one move of the pooled game, in C. Measured on the real claims since the oracle keeps
no table within a trick: a search node costs 25-40 us, an oracle node 0.22-0.3 us (21030:10 of
the vugraph records: 4.97M oracle nodes in about 1.3 s), a hundred or more to the search node.
Ten is deliberately conservative: thirty was tried on the 1,093 real claims and settled 9 of
the 46 undetermined rulings for 2.3 times the audit's wall time (329 s against 143 s), the
other rulings unchanged; the budget in nodes must bound the time at the table, on a phone's
server too (the pure-Python oracle, used where nothing compiled, gets the same rulings, only
slower)."""

SOLVE_NODES = 5
"""Search nodes the budget counts for one double-dummy solve of a layout (§4.2): measured on
the real claims, a batched solve of a 9- to 11-card layout takes 0.15-0.2 ms, five search
nodes' worth."""


@dataclass(slots=True)
class Budget:
    """The node budget one ruling shares between the search, the sure oracle and the layouts
    of §4.2: at most *max_nodes* search nodes, ORACLE_NODES_PER_NODE oracle nodes counting as
    one, a layout solve as SOLVE_NODES."""

    max_nodes: int
    nodes: int = 0
    oracle_nodes: int = 0
    solves: int = 0
    """Double-dummy solves of §4.2's layouts, SOLVE_NODES search nodes each."""
    question_cap: int = 0
    """When positive, the oracle node count at which the question being asked is given up."""

    def spend_oracle(self) -> None:
        self.oracle_nodes += 1
        if self.oracle_nodes > self.oracle_room():
            raise BudgetExceeded
        if self.question_cap and self.oracle_nodes > self.question_cap:
            raise Undecided

    def spend_search(self) -> None:
        self.nodes += 1
        if self.oracle_nodes > self.oracle_room():
            raise BudgetExceeded

    def spend_solves(self, count: int) -> None:
        """*count* double-dummy solves asked inside a normal-card decision (§4.2's layouts),
        each weighed as SOLVE_NODES search nodes: counted whether or not the solver's memo
        held them, so that the budget never depends on what was solved before."""
        self.solves += count
        if self.oracle_nodes > self.oracle_room():
            raise BudgetExceeded

    def oracle_room(self) -> int:
        """The oracle node count past which the budget is spent, at the search nodes so far."""
        return (self.max_nodes - self.nodes - self.solves * SOLVE_NODES) * ORACLE_NODES_PER_NODE

    def used(self) -> int:
        """The budget spent so far, in search nodes (oracle nodes weighed, rounded up)."""
        return (self.nodes + self.solves * SOLVE_NODES
                + -(-self.oracle_nodes // ORACLE_NODES_PER_NODE))


def _void_suits(voids: int, seat: int) -> int:
    """The mask of every card of the suits *seat* is void in (voids: bit ``seat * 4 + suit``)."""
    out = 0
    v = voids >> (seat * 4)
    for s in range(4):
        if v >> s & 1:
            out |= SUIT_RANGES[s]
    return out


def _live_voids(pool: int) -> int:
    """The void bits (``seat * 4 + suit``) of the suits *pool* still holds cards of."""
    live = 0
    for s in range(4):
        if pool & SUIT_RANGES[s]:
            live |= 0x1111 << s
    return live


def _draws(card: int, pool: int, trump: int) -> bool:
    """True when *card* is a trump above every trump of the pool, and the pool holds one: the
    lead that draws them. Tried first, as a claimer who is sure of his tricks most often is
    by drawing trumps: on vugraph 22050:1 (4H, 12 cards a hand), "3 tricks sure" took 600,000
    oracle nodes when the first lead tried gave up the lead in a side suit, the proof by the
    top trumps a few hundred. Only the order of the search changes, never its answer."""
    if trump >= 4 or card // 13 != trump:
        return False
    theirs = pool & SUIT_RANGES[trump]
    return bool(theirs) and theirs.bit_length() <= card


def _groups_pooled(cards: int, others: int) -> list[int]:
    """Representatives of a defender's candidate cards: per run of cards with no card of
    *others* (the claimer side's and the trick's) between them, the highest and the lowest.
    The top and the bottom of a run give the other defender every choice a middle card would
    (to overtake or to play under), so nothing is lost."""
    out: list[int] = []
    for top in groups(cards, others):
        out.append(top)
        low = _run_low(top, cards, others)
        if low != top:
            out.append(low)
    return out


class SureOracle:
    """The sure oracle for one claimer side and one denomination, memoised across calls.

    Seats are absolute (0..3); the claimer side is the seats of *claimer*'s parity. A state is
    the two claimer-side hands, the pool of outstanding cards of the picture, the trick in
    progress, the leader, the voids the claimer knows of, and the defenders' card counts.
    """

    def __init__(self, trump: int, claimer: int, budget: Budget, compiled: bool = True
                 ) -> None:
        self.trump = trump
        self.claimer = claimer
        self.budget = budget
        self._core: Any = _CORE.Core(trump, claimer) if compiled and _CORE is not None else None
        """The C game when built (*compiled* False asks for the Python one, as the tests do)."""
        self.calls = 0
        self.undecided = 0
        """Questions given up at their cap (:meth:`decide`)."""
        self._lo: dict[tuple[int, int, int, int, int, int], int] = {}
        self._hi: dict[tuple[int, int, int, int, int, int], int] = {}
        self._tops: dict[tuple[int, int, int, int, int, int, int, int], tuple[int, bool]] = {}
        """The cashing bound of earlier questions: (tricks, exact). A search that reached the
        tricks it was asked for stopped there, so its count is only a floor (not exact)."""

    # --- public -----------------------------------------------------------------------------

    def sure(self, hands: tuple[int, int, int, int], trick: tuple[int, ...], leader: int,
             forgotten: int, voids: int, need: int) -> bool:
        """True when *need* tricks from here (the trick in progress included) are sure in the
        picture that lacks the *forgotten* cards, the claimer knowing of the *voids*."""
        self.calls += 1
        if self._core is not None:
            b = self.budget
            result, b.oracle_nodes = self._core.sure(
                hands, trick, leader, forgotten, voids, need, b.oracle_nodes, b.oracle_room(),
                b.question_cap)
            if result < 0:
                raise BudgetExceeded if result == -1 else Undecided
            return bool(result)
        c = self.claimer
        d1, d3 = (c + 1) % 4, (c + 3) % 4
        pool = (seat_hand(hands, d1) | seat_hand(hands, d3)) & ~forgotten
        voids &= 0xF << (d1 * 4) | 0xF << (d3 * 4)
        return self._sure(seat_hand(hands, c), seat_hand(hands, (c + 2) % 4), pool, trick, leader,
                          voids, popcount(seat_hand(hands, d1)), popcount(seat_hand(hands, d3)),
                          need)

    def decide(self, hands: tuple[int, int, int, int], trick: tuple[int, ...], leader: int,
               forgotten: int, voids: int, need: int, cap: int) -> bool | None:
        """:meth:`sure`, given up after *cap* oracle nodes: None when undecided. A claim whose
        safety takes a search that deep to see is not one a claimer sees at a glance; the
        caller says what an undecided question means, and the count is reported."""
        outer = self.budget.question_cap
        limit = self.budget.oracle_nodes + cap
        self.budget.question_cap = min(limit, outer) if outer else limit
        try:
            return self.sure(hands, trick, leader, forgotten, voids, need)
        except Undecided:
            if outer and self.budget.oracle_nodes > outer:
                raise  # the enclosing question's cap is spent too
            self.undecided += 1
            return None
        finally:
            self.budget.question_cap = outer

    def most(self, hands: tuple[int, int, int, int], trick: tuple[int, ...], leader: int,
             forgotten: int, voids: int, at_least: int = 0, cap: int = 13) -> int:
        """The most tricks sure from here in the picture (at least *at_least*, assumed sure;
        at most *cap*, an upper bound the caller knows)."""
        left = min(cap, max(popcount(h) for h in hands))
        k = at_least
        while k < left and self.sure(hands, trick, leader, forgotten, voids, k + 1):
            k += 1
        return k

    # --- the game ---------------------------------------------------------------------------

    def _side(self, seat: int) -> bool:
        return (seat - self.claimer) % 2 == 0

    def _sure(self, a: int, b: int, pool: int, trick: tuple[int, ...], leader: int,
              voids: int, n1: int, n3: int, need: int) -> bool:
        if need <= 0:
            return True
        c = self.claimer
        left = popcount(a)
        seat = (leader + len(trick)) % 4
        if trick and (c - leader) % 4 < len(trick):
            left += 1  # the claimer has played to the trick in progress
        if need > left:
            return False
        # A void in a suit the pool holds none of constrains nothing (no card of it is left to
        # play or to deal): dropped, so that states that differ only in who showed out of a
        # finished suit meet in the memo (5% fewer nodes on the slowest real claims).
        voids &= _live_voids(pool)
        key: tuple[int, int, int, int, int, int] | None = None
        concede = False
        if trick:
            # No memo within a trick: the states between trick starts are rarely met twice
            # (vugraph 21030:10: 2% of them decided by the memo), and their table, far larger
            # than the caches, made the probes two thirds of the C oracle's time. A repeated
            # one costs the few plays to the next trick start, which the memo holds.
            if len(trick) == 1 and self._side(leader) and need <= self._led_winner(
                    a, b, pool, trick[0], leader, need):
                return True
        else:
            # Played cards are gone: only the order of the cards still out matters, so the
            # state is packed to the top of each suit (an exact equivalence, as DDS's relative
            # ranks), and transpositions meet in the memo.
            a, b, pool = pack_ranks((a, b, pool))
            key = (a, b, pool, leader, voids, n1 + 16 * n3)
            if need <= self._lo.get(key, 0):
                return True
            if need >= self._hi.get(key, 99):
                return False
            if self.trump < 4:
                lo, hi = self._trump_bounds(a, b, pool, voids, n1, n3, left)
                if need <= lo:
                    self._lo[key] = max(self._lo.get(key, 0), need)
                    return True
                if need > hi:
                    self._hi[key] = min(self._hi.get(key, 99), need)
                    return False
            if self._side(seat):
                lead, partner = (a, b) if seat == c else (b, a)
                if need <= self._cashable(lead, partner, pool, need):
                    self._lo[key] = max(self._lo.get(key, 0), need)
                    return True
                # Cashing the top winners falls short: the line must give up the lead (knock
                # out a stopper, lose a trick it can afford) before it can run. Leading the
                # losers first finds that line at the top of the tree instead of under every
                # order of cashing (17040:42, concede the ace: 458,946 nodes before).
                concede = need < left
            elif need > left - self._defence_cashes(a, b, pool, voids, seat, n1, n3):
                self._hi[key] = min(self._hi.get(key, 99), need)
                return False
            elif need <= self._win_the_lead(a, b, pool, voids, seat, need):
                self._lo[key] = max(self._lo.get(key, 0), need)
                return True
        self.budget.spend_oracle()
        if self._side(seat):
            result = self._claimer_move(a, b, pool, trick, leader, voids, n1, n3, need, seat,
                                        concede)
        else:
            result = self._defender_move(a, b, pool, trick, leader, voids, n1, n3, need, seat)
        if key is not None:
            if result:
                self._lo[key] = max(self._lo.get(key, 0), need)
            else:
                self._hi[key] = min(self._hi.get(key, 99), need)
        return result

    def _trump_bounds(self, a: int, b: int, pool: int, voids: int, n1: int, n3: int,
                      left: int) -> tuple[int, int]:
        """Sure tricks at a trick start bounded by counting trumps (law70.md §7's cheap bounds).

        From below, whatever anyone plays: every trump a hand holds is played in a trick of its
        own, and a trick in which the claimer side plays a trump is lost only to a higher trump
        of the pool, each pool trump winning one trick at most (ruffing partner's winner still
        wins the trick). So a claimer hand with trumps X takes at least |X| less the most of
        them the pool's trumps can top one for one. A blank never wins: forgotten trumps do
        not count against him.

        From above: the same count bounds the defence from below in any layout in which one
        defender holds all the pool's trumps, and the pooled defence can play any layout it
        may hold. So when the show-outs and the hands' lengths allow one, the claimer side
        takes at most the tricks left less the pool's trumps the side cannot top (only in a
        picture with no forgotten card: see below).
        """
        t = SUIT_RANGES[self.trump]
        mine_a, mine_b, theirs = a & t, b & t, pool & t
        lo = max(popcount(mine_a) - topped(mine_a, theirs),
                 popcount(mine_b) - topped(mine_b, theirs), 0)
        if not theirs:
            return lo, left
        kept = popcount(theirs) - topped(theirs, mine_a | mine_b)
        if kept <= 0 or popcount(pool) < n1 + n3:
            # With blanks about, a defender left with blanks only on lead hands the claimer
            # side the rest, trumps or not (the picture's convention): no bound from above.
            return lo, left
        c = self.claimer
        d1, d3 = (c + 1) % 4, (c + 3) % 4
        for d, o, nd, no in ((d1, d3, n1, n3), (d3, d1, n3, n1)):
            if _can_hold(theirs, pool, voids, d, o, nd, no):
                return lo, left - kept
        return lo, left

    def _defence_cashes(self, a: int, b: int, pool: int, voids: int, seat: int, n1: int,
                        n3: int) -> int:
        """Tricks the defender on lead (*seat*) surely cashes at a trick start, in a layout
        the pooled defence may choose: he holds every pool card above all the claimer side's
        cards of its suit (where his show-outs and his length allow), and leads them. A round
        of such a card wins unless a claimer hand that holds trumps is out of the suit, so a
        suit gives as many rounds as its top cards, and no more than the shorter of the
        claimer hands with trumps holds (at notrump, or in trumps, its top cards). The
        claimer side then takes at most the tricks left less these (law70.md §7: a cheap
        sound bound, the mirror of :meth:`_cashable`). 0 when the layout cannot be dealt."""
        c = self.claimer
        other = (seat + 2) % 4
        n_seat, n_other = (n1, n3) if seat == (c + 1) % 4 else (n3, n1)
        void_seat = _void_suits(voids, seat)
        t = self.trump
        side = a | b
        ruffers = [h for h in (a, b) if t < 4 and h & SUIT_RANGES[t]]
        cashed = 0
        held = 0
        for s in range(4):
            if void_seat & SUIT_RANGES[s]:
                continue
            mine = side & SUIT_RANGES[s]
            theirs = pool & SUIT_RANGES[s] & ~((1 << mine.bit_length()) - 1)
            if not theirs:
                continue
            rounds = popcount(theirs)
            if s != t:
                for h in ruffers:
                    rounds = min(rounds, popcount(h & SUIT_RANGES[s]))
            if rounds <= 0:
                continue
            # He holds the top *rounds* of them; the rest may lie anywhere.
            for _ in range(rounds):
                top = 1 << (theirs.bit_length() - 1)
                held |= top
                theirs ^= top
            cashed += rounds
        if not cashed or not _can_hold(held, pool, voids, seat, other, n_seat, n_other):
            return 0
        return cashed

    def _led_winner(self, a: int, b: int, pool: int, card: int, leader: int, need: int) -> int:
        """Tricks surely taken from a trick the claimer side has just led *card* to, when no
        pool card can beat it (above the pool's cards of its suit; a trump, or no pool trump
        to ruff it): the trick, then :meth:`_cashable` from the hand that wins it. Most "is
        this lead safe?" questions are about such a lead, and they then need no search.
        The defenders' two cards are taken to leave the pool as it is (the bound depends on
        the pool only through each suit's top card and count, and shrinking it only helps);
        partner follows with his lowest card, or discards the card that leaves the most to
        cash. 0 when the lead may be beaten."""
        t = self.trump
        s = card // 13
        if pool & SUIT_RANGES[s] & ~((2 << card) - 1):
            return 0
        if t < 4 and s != t and pool & SUIT_RANGES[t]:
            return 0
        lead_hand, partner = (a, b) if leader == self.claimer else (b, a)
        return self._won_then_cashed(lead_hand, partner, card, s, pool, need)

    def _won_then_cashed(self, w: int, o: int, card: int, led: int, pool: int, need: int
                         ) -> int:
        """1 for a trick of suit *led* that the claimer side surely wins with *card* from hand
        *w* (already out of it), plus what it then cashes (:meth:`_cashable` against *pool*),
        *o*, the other hand, playing its best card to the trick: its lowest of the suit led,
        or the lowest of the suit it can best spare. Partner's card may be the higher of the
        two (it then beats the pool's cards too): the hand that wins leads next."""
        t = self.trump
        os = o & SUIT_RANGES[led]
        follows = [os & -os] if os else [o & SUIT_RANGES[x] & -(o & SUIT_RANGES[x])
                                         for x in range(4) if o & SUIT_RANGES[x]]
        best = 0
        for f in follows or [0]:
            if f and beats(f.bit_length() - 1, card, t):
                got = self._cashable(o & ~f, w, pool, need - 1)
            else:
                got = self._cashable(w, o & ~f, pool, need - 1)
            if got >= best:
                best = got
        return 1 + best

    def _win_the_lead(self, a: int, b: int, pool: int, voids: int, seat: int, need: int) -> int:
        """Tricks the claimer side takes for sure when defender *seat* is on lead at a trick
        start and it wins whatever he leads: the trick, then :meth:`_cashable` from the hand
        that won it (law70.md §7's cheap bounds, a defence on lead). 0 when some lead may
        beat it.

        Whatever he leads, one claimer hand holds a card above every pool card of the suit
        (at notrump or with no pool trump; a trump above the pool's with trumps out) or is
        void in it and ruffs (no pool trump left, or above them all): it wins the trick, the
        second hand playing it at once, the fourth waiting. The defence's choices are taken
        at their worst for the claimer: the lowest pool card of the suit is the one led (the
        bound depends on the pool only through each suit's top card and count), and no other
        pool card leaves. The partner of the winning hand follows with its lowest card, or
        discards the card that leaves the most to cash.
        """
        c = self.claimer
        t = self.trump
        trumps = SUIT_RANGES[t] if t < 4 else 0
        pool_trumps = pool & trumps
        top_trump = pool_trumps.bit_length()  # trumps from this bit up beat the pool's
        void_seat = _void_suits(voids, seat)
        hands = {c: a, (c + 2) % 4: b}
        worst = need
        for u in range(4):
            led = pool & SUIT_RANGES[u] & ~void_seat
            if not led:
                continue
            low = led & -led
            rest = pool & ~low
            best = 0
            for winner in ((seat + 1) % 4, (seat + 3) % 4):
                w, o = hands[winner], hands[(winner + 2) % 4]
                wu = w & SUIT_RANGES[u]
                if wu:
                    if pool_trumps and u != t:
                        continue  # a side-suit winner may be ruffed
                    above = wu & ~((1 << (pool & SUIT_RANGES[u]).bit_length()) - 1)
                else:
                    above = w & trumps & ~((1 << top_trump) - 1) if trumps else 0
                if not above:
                    continue
                card = above & -above
                best = max(best, self._won_then_cashed(w & ~card, o, card.bit_length() - 1,
                                                       u, rest, need))
                if best >= worst:
                    break
            if best < worst:
                worst = best
                if not worst:
                    return 0
        return worst

    def _cashable(self, lead: int, partner: int, pool: int, need: int) -> int:
        """Tricks the claimer side takes for sure by cashing its top winners, the hand on lead
        first: a single-agent search (law70.md §7's cheap bound).

        A winner is a card above every pool card of its suit; while the pool holds a trump,
        only trumps are winners. A trick won by a winner is the side's whatever the defenders
        play, and their plays cannot make a winner stop being one (the pool only shrinks).
        What the defence still decides is which cards it keeps, and the bound assumes the
        worst: each round of a suit takes just one pool card of it (a defender who holds the
        suit must follow), the lowest. Once a suit's pool cards are gone every card of it is a
        winner, and once the trumps are gone the side suits open. So the defence drops out and
        what remains is the claimer side's own problem of entries (which hand wins, what
        partner follows or throws), searched with a memo. The result is the length of a real
        sure line: a sound lower bound of the sure tricks, and often all of them.
        """
        t = self.trump
        th = [-1, -1, -1, -1]
        m = [0, 0, 0, 0]
        for s in range(4):
            theirs = pool & SUIT_RANGES[s]
            m[s] = popcount(theirs)
            th[s] = theirs.bit_length() - 1 if theirs else 13 * s - 1
        # The trump floor below depends on the ranks of the pool's trumps, not only on their
        # top card and count: they are part of the key.
        ptrumps = pool & SUIT_RANGES[t] if t < 4 else 0
        key = (lead, partner, th[0], th[1], th[2], th[3],
               m[0] | m[1] << 4 | m[2] << 8 | m[3] << 12, ptrumps)
        hit = self._tops.get(key)
        # A count stopped at an earlier question's need answers a question that needs no
        # more; a bigger need searches again (vugraph 01050:19: ten sure, then eleven asked,
        # got ten from here and took the full game, 4,000 nodes instead of 32).
        if hit is not None and (hit[1] or hit[0] >= need):
            return hit[0]
        memo: dict[tuple[int, int, int], int] = {}
        result = self._tops_search(lead, partner, th, m[0] | m[1] << 4 | m[2] << 8 | m[3] << 12,
                                   t, need, memo, ptrumps)
        if hit is not None or len(self._tops) < 200_000:
            self._tops[key] = (result, result < need)
        return result

    def _tops_search(self, x: int, y: int, th: list[int], counts: int, t: int, need: int,
                     memo: dict[tuple[int, int, int], int], ptrumps: int) -> int:
        """Most tricks cashing winners with hand *x* on lead and *y* its partner (see above);
        *counts* packs the pool's cards per suit, four bits a suit; *ptrumps* is the pool's
        trumps where the cashing began.

        Wherever the cashing stops, the trumps left in the two hands still count
        (:func:`_trump_floor`): with ♠T8 ♦A opposite ♠Q and no diamond, against ♠74, the ♦A
        ruffed by the ♠Q and North's two trumps after it are three tricks, which neither
        count finds alone (tests/test_sure_oracle.py: a ruff in the short hand)."""
        if need <= 0 or not x:
            return 0
        key = (x, y, counts)
        hit = memo.get(key)
        if hit is not None:
            return hit
        best = 0
        trumps_out = t < 4 and counts >> (4 * t) & 0xF
        # Partner's cheapest trump above every pool trump: it wins any trick it ruffs.
        ruff_with = -1
        if t < 4:
            y_trumps = y & SUIT_RANGES[t]
            if trumps_out:
                y_trumps &= ~((1 << (th[t] + 1)) - 1)
            if y_trumps:
                ruff_with = (y_trumps & -y_trumps).bit_length() - 1
        for s in range(4):
            xs = x & SUIT_RANGES[s]
            if not xs:
                continue
            ys = y & SUIT_RANGES[s]
            ruff = ruff_with if s != t and not ys else -1
            if trumps_out and s != t and ruff < 0:
                continue  # a side-suit winner may be ruffed while trumps are out
            ms = counts >> (4 * s) & 0xF
            win_mask = ~((1 << (th[s] + 1)) - 1) if ms else -1
            wx = xs & win_mask
            wy = ys & win_mask
            if trumps_out and s != t:
                wx = 0  # only the ruff is sure
            if not wx and not wy and ruff < 0:
                continue
            plays: list[tuple[int, int, bool]] = []  # (leader card, partner card, partner wins)
            x_top = xs.bit_length() - 1
            x_low = (xs & -xs).bit_length() - 1
            if ruff >= 0:
                # A ruff in partner's hand with a trump no pool trump beats (law70.md §7's
                # top tricks with entries: a trump above the pool's is a top trick too). The
                # loser led is the lowest; the round takes one pool card of the suit at most.
                plays.append((x_low, ruff, True))
            if ys:
                y_top = ys.bit_length() - 1
                y_low = (ys & -ys).bit_length() - 1
                if wx:
                    plays.append((x_top, y_low, y_low > x_top))
                    if y_top > x_top:
                        plays.append((x_top, y_top, True))  # overtake: the lead crosses
                if wy:
                    plays.append((x_low, y_top, y_top > x_low))
            elif wx:
                # Partner shows out: he throws the lowest card of one of his suits.
                for t2 in range(4):
                    yt = y & SUIT_RANGES[t2]
                    if yt:
                        plays.append((x_top, (yt & -yt).bit_length() - 1, False))
                if not y:
                    plays.append((x_top, -1, False))
            left = counts - (1 << (4 * s)) if ms else counts
            for lc, pc, partner_wins in plays:
                nx = x & ~(1 << lc)
                ny = y & ~(1 << pc) if pc >= 0 else y
                if partner_wins:
                    sub = self._tops_search(ny, nx, th, left, t, need - 1, memo, ptrumps)
                else:
                    sub = self._tops_search(nx, ny, th, left, t, need - 1, memo, ptrumps)
                if sub + 1 > best:
                    best = sub + 1
                    if best >= need:
                        memo[key] = best
                        return best
        # Where the cashing falls short, the trumps left still count: counted last, as it is
        # needed only there.
        if t < 4 and (x | y) & SUIT_RANGES[t]:
            best = max(best, _trump_floor(x, y, ptrumps, trumps_out, t))
        memo[key] = best
        return best

    def _after(self, a: int, b: int, pool: int, trick: tuple[int, ...], leader: int,
               voids: int, n1: int, n3: int, need: int) -> bool:
        """Continue after a card was added to *trick* (completing it or not)."""
        if len(trick) < 4:
            return self._sure(a, b, pool, trick, leader, voids, n1, n3, need)
        win = (leader + winner_index(trick, self.trump)) % 4
        won = 1 if self._side(win) else 0
        return self._sure(a, b, pool, (), win, voids, n1, n3, need - won)

    def _claimer_move(self, a: int, b: int, pool: int, trick: tuple[int, ...], leader: int,
                      voids: int, n1: int, n3: int, need: int, seat: int, concede: bool
                      ) -> bool:
        c = self.claimer
        own = a if seat == c else b
        other = b if seat == c else a
        trick_mask = 0
        for x in trick:
            if x >= 0:
                trick_mask |= 1 << x
        legal = own
        if trick and trick[0] >= 0 and own & SUIT_RANGES[trick[0] // 13]:
            legal = own & SUIT_RANGES[trick[0] // 13]
        cards = groups(legal, other | pool | trick_mask)
        if trick and trick[0] >= 0 and own & SUIT_RANGES[trick[0] // 13]:
            # Cheapest winner first, then low cards: the order in which a sure line shows up.
            best = trick[winner_index(trick, self.trump)]
            cards.sort(key=lambda x: (not beats(x, best, self.trump), x % 13))
        elif trick:
            # A discard (or a ruff): a loser first, the lowest, a winner last.
            best = trick[winner_index(trick, self.trump)]
            cards.sort(key=lambda x: (
                not (self.trump < 4 and x // 13 == self.trump and beats(x, best, self.trump)),
                not pool & SUIT_RANGES[x // 13] & ~((2 << x) - 1), x % 13))
        elif concede:
            # The line must give up the lead (see :meth:`_sure`): first the suits with the
            # fewest pool cards above the side's best (knock out the ace), low cards first;
            # but a top trump drawing the pool's first (:func:`_draws`).
            side = a | b
            stops = [0, 0, 0, 0]
            for s in range(4):
                if side & SUIT_RANGES[s]:
                    above = ~((1 << (side & SUIT_RANGES[s]).bit_length()) - 1)
                    stops[s] = popcount(pool & SUIT_RANGES[s] & above)
            draws = {x for x in cards if _draws(x, pool, self.trump)}
            cards.sort(key=lambda x: (x not in draws,
                                      -(x % 13) if x in draws else stops[x // 13] == 0,
                                      stops[x // 13], x % 13))
        else:
            # A top trump drawing the pool's first (:func:`_draws`), then the other winners
            # (cards above every pool card of their suit), then low cards.
            t = self.trump
            cards.sort(key=lambda x: (not _draws(x, pool, t),
                                      bool(pool & SUIT_RANGES[x // 13] & ~((2 << x) - 1)),
                                      x % 13 if pool & SUIT_RANGES[x // 13] & ~((2 << x) - 1)
                                      else -(x % 13)))
        for card in cards:
            bit = 1 << card
            na, nb = (a & ~bit, b) if seat == c else (a, b & ~bit)
            if self._after(na, nb, pool, trick + (card,), leader, voids, n1, n3, need):
                return True
        return False

    def _defender_move(self, a: int, b: int, pool: int, trick: tuple[int, ...], leader: int,
                       voids: int, n1: int, n3: int, need: int, seat: int) -> bool:
        c = self.claimer
        d1 = (c + 1) % 4
        other = (seat + 2) % 4
        my_void = _void_suits(voids, seat)
        side = a | b
        trick_mask = 0
        for x in trick:
            if x >= 0:
                trick_mask |= 1 << x
        blanks = n1 + n3 - popcount(pool)
        options: list[tuple[int, int]] = []  # (card, new voids)
        if not trick:
            for card in _groups_pooled(pool & ~my_void, side):
                options.append((card, voids))
            if not options:
                # In the picture he holds nothing that can take a trick: the rest is the
                # claimer side's.
                return need <= popcount(a)
        else:
            led = trick[0] // 13
            follow = pool & SUIT_RANGES[led] & ~my_void
            best = trick[winner_index(trick, self.trump)]
            for card in _groups_pooled(follow, side | trick_mask):
                if not beats(card, best, self.trump) and any(
                        o[0] // 13 == led and not beats(o[0], best, self.trump)
                        and _same_run(o[0], card, side | trick_mask) for o in options):
                    continue  # under the winner, the top and the bottom of a run are alike
                options.append((card, voids))
            shown = voids | 1 << (seat * 4 + led)
            # A show-out: one card of each run he may hold (which card of a run leaves the
            # pool does not change what the rest can do against the claimer side's cards;
            # a trump that could win the trick, the top and the bottom), and a blank.
            rest = pool & ~my_void & ~SUIT_RANGES[led]
            t = self.trump
            for card in groups(rest, side | trick_mask):
                options.append((card, shown))
                if t < 4 and card // 13 == t:
                    low = _run_low(card, rest, side | trick_mask)
                    if low != card:
                        options.append((low, shown))
            if blanks > 0:
                options.append((BLANK, shown))
            # Trumps and winners first: the refutations show up soonest.
            options.sort(key=lambda o: not (o[0] >= 0 and beats(o[0], best, t)))
        for card, nv in options:
            npool = pool & ~(1 << card) if card >= 0 else pool
            m1 = n1 - 1 if seat == d1 else n1
            m3 = n3 if seat == d1 else n3 - 1
            if not _feasible(npool, nv, seat, other, m1 if seat == d1 else m3,
                             m3 if seat == d1 else m1):
                continue
            if not self._after(a, b, npool, trick + (card,), leader, nv, m1, m3, need):
                return False
        return True


def _trump_floor(x: int, y: int, ptrumps: int, m: int, t: int) -> int:
    """Tricks hands *x* and *y* take with their trumps whatever anyone plays, against the
    pool's trumps left after the cashing search's rounds: the *m* highest of *ptrumps*.

    The count is :meth:`SureOracle._trump_bounds`'s from below (each trump of a hand is played
    in a trick of its own, and each pool trump tops one of them at most). The cashing search
    assumes each round of trumps takes the pool's lowest trump and only one: whichever trumps
    the defence really played, fewer or lower trumps are left than these, and topping them
    is no easier, so the floor stays sound."""
    theirs = ptrumps
    for _ in range(popcount(ptrumps) - m):
        theirs &= theirs - 1
    tx, ty = x & SUIT_RANGES[t], y & SUIT_RANGES[t]
    return max(popcount(tx) - topped(tx, theirs), popcount(ty) - topped(ty, theirs), 0)


def _can_hold(held: int, pool: int, voids: int, seat: int, other: int, n_seat: int,
              n_other: int) -> bool:
    """True when defender *seat* may hold every card of *held* in a deal of *pool* that
    honours the show-outs (*voids*) and the hands' lengths: a layout the pooled defence can
    choose to play."""
    void_seat, void_other = _void_suits(voids, seat), _void_suits(voids, other)
    if held & void_seat:
        return False
    must_seat = held | (pool & void_other)
    must_other = pool & void_seat
    return not (must_seat & must_other or popcount(must_seat) > n_seat
                or popcount(must_other) > n_other)


def _run_low(card: int, cards: int, others: int) -> int:
    """The lowest card of *cards* in the run of *card* (no card of *others* between)."""
    base = card - card % 13
    floor = max((others & ((1 << card) - 1)).bit_length(), base)
    run = cards & ((2 << card) - 1) & ~((1 << floor) - 1)
    return (run & -run).bit_length() - 1


def _same_run(x: int, y: int, others: int) -> bool:
    """True when *x* and *y* are of one suit with no card of *others* between them."""
    if x // 13 != y // 13:
        return False
    lo, hi = min(x, y), max(x, y)
    return not others & ((1 << hi) - 1) & ~((2 << lo) - 1)


def _feasible(pool: int, voids: int, seat: int, other: int, n_seat: int, n_other: int) -> bool:
    """True when *pool* can still be dealt: the cards of the suits one defender is void in fit
    in the other's hand, and no card is in a suit both are void in."""
    v_seat = _void_suits(voids, seat)
    v_other = _void_suits(voids, other)
    if pool & v_seat & v_other:
        return False
    if popcount(pool & v_seat) > n_other:
        return False
    if popcount(pool & v_other) > n_seat:
        return False
    return popcount(pool) <= n_seat + n_other


__all__ = ["BLANK", "DEFAULT_MAX_NODES", "ORACLE_NODES_PER_NODE", "Budget", "BudgetExceeded",
           "SureOracle", "Undecided"]
