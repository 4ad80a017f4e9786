"""The adjudication search: the claimer side's tricks on the worst normal line (law70.md §6).

N is a minimum over every line in which each claimer-side card is normal and each defender card
is any legal card: both kinds of choice are minimised, so the search is one question asked with
different limits, "is there a normal line in which the claimer side takes fewer than *limit*
tricks from here?" (:meth:`Search.find`).

* **DDS as an upper bound.** If the double-dummy value from a node is below the limit, a failing
  normal line exists below it (N <= DD): the engine does not search, it walks down one such line
  (claimer: any normal card, whose DD cannot exceed the node's; defenders: the DD-best card).
  It asks at the root, and at trick starts down to :attr:`Search.dd_tricks` (measured: deeper
  checks rarely pay for their DDS call). Moves are ordered without DDS: defenders try their
  highest groups first, which finds failing lines early.
* **Groups.** Defender cards are branched once per group of equivalent cards.
* **Memo.** At every trick start the proved bounds are kept under a canonical key: the hands, the
  leader, what the claimer has forgotten, the show-outs he knows of, and the plan state.
* **Budget.** A node budget; on running out the search reports the bounds it proved.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, Protocol

from claimcheck.bits import (
    SUIT_RANGES,
    beats,
    groups,
    others_of,
    pack_hands,
    pack_ranks,
    popcount,
    seat_hand,
    topped,
    winner_index,
)
from claimcheck.engine.solver import DoubleDummy
from claimcheck.policy.normal import (
    LAYOUT_DRAWS,
    AfterDD,
    Layouts,
    LayoutScores,
    Options,
    Point,
    after_card,
    first_normal_lead,
    normal_plays,
    solidity,
    weighed_plays,
)
from claimcheck.policy.pictures import Picture
from claimcheck.policy.plan_state import (
    DONE,
    CompiledPlan,
    PlanState,
    abandoned,
    advance,
    relies_on_suit,
)
from claimcheck.policy.rules import FollowStatement, PenaltyCardPlay
from claimcheck.policy.sure import Budget, BudgetExceeded, SureOracle

if TYPE_CHECKING:
    # The layouts' own type; the module itself is imported only when layouts are dealt
    # (it pulls in numpy).
    from claimcheck.engine.single_dummy import Hands

DEFENCE = "defence"
"""The tag of a defender card: free defence (nothing restricts the non-claiming side, C20)."""

QUESTION_CAP = 3_000
"""Oracle nodes one question of the search's own (the safe floor, the explanation) may take;
an undecided question bounds nothing and explains nothing."""

DEFER_CARDS = 6
"""Cards a hand, at most, at which §4.2's weighing of layouts is deferred (:attr:`Search._pending`):
the unweighed cards are a superset, searched until one of them gives a line. Deferring saves
the weighing's double-dummy solves where every card is proved at or above the bound (98% of
the weighings of the 8-card benchmark), but the suits the weighing would have dropped are
searched too; with few cards left their search costs less than the solves. Measured on the
24 positions of ``benchmarks/run.py --cards 7-8 --count 12`` (seconds, DDS boards solved):
never 7.1-7.4 s, 21,777; at 4 cards 5.3-5.6 s, 13,745; at 6 cards 4.3-4.9 s, 7,486 (the
noise of this machine is about a fifth); always 5.4-5.6 s, 7,697."""

Play = tuple[int, int, str]
"""(seat, card int, rule id) of one card of a line."""


class Legality(Protocol):
    """A seat's legal cards when penalty cards or a lead restriction are in force (Laws 50-51;
    :class:`~claimcheck.engine.restricted.RestrictedSolver` is one)."""

    def legal(self, hands: tuple[int, int, int, int], trick: tuple[int, ...], seat: int
              ) -> int:
        """*seat*'s legal cards (a mask)."""
        ...

    def is_designation(self, hands: tuple[int, int, int, int], trick: tuple[int, ...],
                       seat: int) -> bool:
        """True when declarer designates which of *seat*'s legal cards is played (51A)."""
        ...


@dataclass(slots=True)
class Stats:
    """What the search did."""

    solver_calls: int = 0
    solver_nodes: int = 0
    memo_hits: int = 0
    seconds: float = 0.0
    budget_exhausted: bool = False
    clock_stopped: bool = False
    """True when the wall-clock safety net (not the node budget) ended the search."""


class Node(NamedTuple):
    """A search node: the position, the claimer's picture and the plan state.

    A named tuple, not a frozen dataclass: nodes are made by the hundred thousand, and a frozen
    dataclass pays a ``setattr`` per field on every construction.
    """

    hands: tuple[int, int, int, int]
    trick: tuple[int, ...]
    leader: int
    forgotten: int
    known_out: int
    ignored_out: int
    to_concede: int
    solid: int
    state: PlanState


@dataclass(slots=True)
class Found:
    """A line and the claimer side's tricks on it (from the node where it starts)."""

    line: list[Play]
    tricks: int


@dataclass
class Search:
    """One adjudication search over a fixed root."""

    trump: int
    claimer: int
    plan: CompiledPlan
    opts: Options
    solver: DoubleDummy
    budget: Budget
    oracle: SureOracle
    max_seconds: float | None = None
    """A wall-clock safety net, checked every 1,024 nodes; None (the default) for none. The
    node budget is what bounds a ruling, so the same input gives the same ruling anywhere."""
    dd_tricks: int = 0
    """Down to how many trick starts below the root DDS is asked for an upper bound. Measured
    on 120 random claims of 4-6 cards a hand (claim = DD, no statement): about 2% of inner DD
    checks end a branch; asking at every trick start cost 60 DDS calls a position for 1% fewer
    nodes, and doubled the time. So by default DDS bounds the root (a claim above DD needs no
    search) and walks the failing lines; the search proper does the rest."""
    legality: Legality | None = None
    """The legal cards when penalty cards or a lead restriction are in force (Laws 50-51),
    None when none is: the one point where the search's moves honour them."""
    stats: Stats = field(default_factory=Stats)
    _deadline: float = 0.0
    _lower: dict[tuple[object, ...], int] = field(default_factory=dict)
    _choice_cache: dict[Node, list[tuple[int, str]]] = field(default_factory=dict)
    _pending: dict[Node, Layouts] = field(default_factory=dict)
    """Claimer decisions whose cards came back unweighed (:attr:`Layouts.defer`): a superset
    of the normal cards, weighed by :meth:`_weighed` once one of them leads to a line."""
    incumbent: tuple[Picture, Found] | None = None
    """The lowest line :func:`run_search` has in hand, kept when the budget runs out."""
    _root: Node | None = None
    """The node :func:`run_search` is searching from; :attr:`_root_best` its lowest line so
    far, so that a search the budget cuts short still reports the line it had found."""
    _root_best: Found | None = None
    _upper: dict[tuple[object, ...], Found] = field(default_factory=dict)
    _all_safe: bool = False
    _packs: bool = False

    def __post_init__(self) -> None:
        self._all_safe = (self.opts.declarer_claim and not self.opts.careless_blocking
                          and not self.plan.has_technique)
        # Nothing names a card (no statement step, no penalty card): the proved lower bounds
        # may be keyed on the cards' order alone (:meth:`_lower_key`).
        self._packs = not self.plan.steps and self.legality is None
        if self.max_seconds is not None:
            self._deadline = time.perf_counter() + self.max_seconds

    # --- public -----------------------------------------------------------------------------

    def start_root(self, node: Node) -> None:
        """Search from *node* next: its lowest line so far is forgotten."""
        self._root = node
        self._root_best = None

    def extend_budget(self, nodes: int, fraction_of_time: float) -> None:
        """Allow *nodes* more nodes (:class:`Budget`'s units), and that fraction of the time
        budget from now."""
        self.budget.max_nodes = self.budget.used() + nodes
        if self.max_seconds is not None:
            self._deadline = time.perf_counter() + self.max_seconds * fraction_of_time

    def dd(self, node: Node) -> int:
        """Double-dummy tricks for the claimer side from *node* (trick in progress included)."""
        seat = (node.leader + len(node.trick)) % 4
        t = self.solver.tricks(node.hands, node.trick, node.leader, self.trump)
        left = popcount(seat_hand(node.hands, seat))
        return t if self._is_claimer_side(seat) else left - t

    def find(self, node: Node, limit: int, dd_safe: bool = False, depth: int = 0
             ) -> Found | None:
        """The lowest normal line from *node*, if it gives the claimer side fewer than *limit*
        tricks; None when every normal line gives at least *limit*.

        Branch and bound: once a line is found, the remaining choices are searched for a lower
        one only, so a returned line is a minimum (exact N from here) and a None proves the
        bound. *dd_safe* says DD from *node* is known to reach *limit*: it was checked at an
        earlier trick start, and since then every claimer card was forced by the rules of play
        (a forced card keeps DD; a defender's card can only raise it).

        :raises BudgetExceeded: when the node budget is spent.
        """
        if limit <= 0:
            return None
        seat = (node.leader + len(node.trick)) % 4
        if not seat_hand(node.hands, seat):
            return Found([], 0)
        if not node.trick and seat_hand(node.hands, seat) & (seat_hand(node.hands, seat) - 1) == 0:
            return self._last_trick(node, seat, limit)
        key: tuple[object, ...] | None = None
        lkey: tuple[object, ...] = ()
        best: Found | None = None
        floor = 0
        if node.trick:
            if limit == 1 or self.trump < 4:  # at notrump the bound is one trick at most
                floor = self._sure_tricks(node, limit)
                if floor >= limit:
                    return None
            if depth == 0 and self._safe_floor(node, seat, limit) >= limit:
                return None  # a claim made mid-trick, sure from the claim on
        else:
            key = self._key(node)
            lkey = self._lower_key(node, key)
            floor = self._lower.get(lkey, 0)
            if floor < limit:  # the bound proved before often suffices: no count needed
                floor = max(floor, self._sure_tricks(node, limit))
            if floor >= limit:
                self.stats.memo_hits += 1
                return None
            floor = max(floor, self._safe_floor(node, seat, limit))
            if floor >= limit:
                self._lower[lkey] = max(self._lower.get(lkey, 0), floor)
                return None
            known = self._upper.get(key)
            if known is not None and known.tricks < limit:
                if known.tricks <= floor:
                    self.stats.memo_hits += 1
                    return known
                best = known
            elif not dd_safe and depth <= self.dd_tricks and not self.plan.has_technique:
                if self.dd(node) < limit:
                    best = self.dd_line(node)
                    if best.tricks <= floor:
                        return best
                else:
                    dd_safe = True
        self.budget.spend_search()
        if (self._deadline and not self.budget.nodes & 1023
                and time.perf_counter() > self._deadline):
            self.stats.clock_stopped = True
            raise BudgetExceeded
        bound = limit if best is None else best.tricks
        choices = self._choices(node, seat)
        if dd_safe and self._is_claimer_side(seat) and not self._forced(node, seat):
            dd_safe = False
        # An unweighed decision (:attr:`_pending`) is searched over the superset of its normal
        # cards; a line found from one of them weighs it, and the search goes on over the
        # weighed cards, those already searched skipped.
        pending = node in self._pending
        searched: set[int] = set()
        i = 0
        while i < len(choices):
            card, rule = choices[i]
            i += 1
            if card in searched:
                continue
            child, won = self._play(node, seat, card)
            sub = self.find(child, bound - won, dd_safe and best is None,
                            depth + (len(child.trick) == 0))
            searched.add(card)
            if sub is not None and pending:
                pending = False
                choices = self._weighed(node, seat)
                i = 0
                weighed = dict(choices)
                if card not in weighed:
                    continue
                rule = weighed[card]
            if sub is not None:
                best = Found([(seat, card, rule), *sub.line], sub.tricks + won)
                bound = best.tricks
                if node is self._root:
                    self._root_best = best
                if bound <= floor:
                    break
        if key is not None:
            # Every choice was searched below the bound in force: the value is exact when a
            # line was found, else at least the limit.
            self._lower[lkey] = max(self._lower.get(lkey, 0), bound)
            if best is not None:
                self._upper[key] = best
        return best

    def proved_at(self, node: Node, limit: int) -> bool:
        """True when the bounds :meth:`find` asks first at *node* (the proved lower bounds, the
        sure tricks, the safe floor) already show that every normal line from it gives the
        claimer side at least *limit* tricks. Asking here fills the same memos that
        :meth:`find` then reads."""
        if limit <= 0:
            return True
        seat = (node.leader + len(node.trick)) % 4
        if not seat_hand(node.hands, seat):
            return False
        if node.trick:
            if (limit == 1 or self.trump < 4) and self._sure_tricks(node, limit) >= limit:
                return True
            return self._safe_floor(node, seat, limit) >= limit
        if self._lower.get(self._lower_key(node, self._key(node)), 0) >= limit:
            return True
        return max(self._sure_tricks(node, limit), self._safe_floor(node, seat, limit)) >= limit

    # --- moves ------------------------------------------------------------------------------

    def _is_claimer_side(self, seat: int) -> bool:
        return (seat - self.claimer) % 2 == 0

    def _last_trick(self, node: Node, seat: int, limit: int) -> Found | None:
        """The last trick, every card forced: its result without a search (the line, with its
        tags, is built only when it is returned)."""
        self.budget.spend_search()
        cards = tuple(seat_hand(node.hands, (seat + i) % 4).bit_length() - 1 for i in range(4))
        winner = (seat + winner_index(cards, self.trump)) % 4
        won = 1 if self._is_claimer_side(winner) else 0
        if won >= limit:
            return None
        line: list[Play] = []
        for i in range(4):
            s = (seat + i) % 4
            card, rule = self._normal_choices(node, s)[0]
            line.append((s, card, rule))
            node, _ = self._play(node, s, card)
        return Found(line, won)

    def _forced(self, node: Node, seat: int) -> bool:
        """True when *seat*'s legal cards are one group of equivalent cards."""
        own = self._legal(node, seat)
        if own & (own - 1) == 0:
            return True
        return len(groups(own, others_of(node.hands, seat, node.trick))) == 1

    def _choices(self, node: Node, seat: int) -> list[tuple[int, str]]:
        if not self._is_claimer_side(seat):
            return self._compute_choices(node, seat)  # cheaper than hashing the node
        cached = self._choice_cache.get(node)
        if cached is None:
            cached = self._compute_choices(node, seat)
            self._choice_cache[node] = cached
        return cached

    def _normal_choices(self, node: Node, seat: int) -> list[tuple[int, str]]:
        """:meth:`_choices`, weighed where they were left unweighed: the normal cards
        themselves, for a line that takes one of them (not a bound over all of them)."""
        choices = self._choices(node, seat)
        return self._weighed(node, seat) if node in self._pending else choices

    def _weighed(self, node: Node, seat: int) -> list[tuple[int, str]]:
        """The normal cards of a pending decision (:attr:`_pending`), now weighed (§4.2)."""
        layouts = self._pending.pop(node)
        # No legality or technique filter to apply again: neither defers (layouts_at gives
        # none under a restriction; _compute_choices does not defer with a technique).
        alts = weighed_plays(self._point(node), layouts)
        self._choice_cache[node] = alts
        return alts

    def _first_lead(self, node: Node, seat: int) -> tuple[int, str] | None:
        """The first of the normal cards of a claimer-side lead (:meth:`_normal_choices`'
        first), asking the safety of as few cards as :func:`first_normal_lead` can; None where
        that shortcut does not apply (a card in progress, a statement, a technique, penalty
        cards, a decision already computed) or no card is safe, and the caller takes them all.
        For the line an upheld claim shows, whose leads asked nine tenths of its questions,
        half of them of suits after the first that has a safe lead."""
        if (node.trick or self.plan.has_technique or self.legality is not None
                or node in self._choice_cache or node in self._pending):
            return None
        return first_normal_lead(self._point(node), self.oracle, self._dd_after(node, seat),
                                 self.layouts_at(node))

    def _dd_after(self, node: Node, seat: int) -> AfterDD | None:
        """The double-dummy tricks after each card, fetched when first wanted (normal.py
        :class:`AfterDD`): in full awareness only, and where there is a choice of cards."""
        if node.forgotten or self.plan.has_technique:
            return None
        own = self._legal(node, seat)
        if own & (own - 1) and len(groups(own, others_of(node.hands, seat, node.trick))) > 1:
            solver, trump = self.solver, self.trump
            return AfterDD(lambda: solver.scores(node.hands, node.trick, node.leader, trump))
        return None

    def _compute_choices(self, node: Node, seat: int) -> list[tuple[int, str]]:
        if self._is_claimer_side(seat):
            dd_after = self._dd_after(node, seat)
            layouts = self.layouts_at(node)
            if (layouts is not None and not self.plan.has_technique
                    and popcount(seat_hand(node.hands, seat)) <= DEFER_CARDS):
                layouts.defer = True
            alts = normal_plays(self._point(node), self.oracle, dd_after, layouts)
            if layouts is not None and layouts.deferred:
                self._pending[node] = layouts
            if self.plan.has_technique:
                alts = self._technique(node, alts)
            if self.legality is not None:
                alts = self._restricted(node, seat, alts)
            return alts
        own = self._legal(node, seat)
        if own & (own - 1) == 0:
            return [(own.bit_length() - 1, DEFENCE)]
        others = others_of(node.hands, seat, node.trick)
        # The cheapest card that takes the trick first, then the rest highest first:
        # defenders who win tricks economically find the low lines soonest.
        reps = sorted(groups(own, others), reverse=True)
        if node.trick:
            win = winner_index(node.trick, self.trump)
            if (node.leader + win) % 4 != (seat + 2) % 4:
                beating = [c for c in reps if beats(c, node.trick[win], self.trump)]
                if beating:
                    cheap = min(beating, key=lambda c: (c // 13 == self.trump, c))
                    reps.remove(cheap)
                    reps.insert(0, cheap)
        return [(c, DEFENCE) for c in reps]

    def layouts_at(self, node: Node) -> Layouts | None:
        """The layouts the claimer can imagine at *node*, for §4.2's weighing of cards that
        keep as many sure tricks and for refuting a slow safety question; None where the
        solver cannot deal them: penalty cards and lead restrictions (DDS does not know them),
        or a forgotten card still held (a layout holds the real cards, which his picture
        lacks)."""
        a, b = (self.claimer + 1) % 4, (self.claimer + 3) % 4
        if self.legality is not None or node.forgotten & (seat_hand(node.hands, a)
                                                          | seat_hand(node.hands, b)):
            return None
        return Layouts(LayoutFetch(self.claimer, self.trump, self.solver, self.budget, node))

    def _legal(self, node: Node, seat: int) -> int:
        """*seat*'s legal cards at *node*: following suit, and the penalty cards and lead
        restriction in force when :attr:`legal_filter` is set."""
        if self.legality is not None:
            return self.legality.legal(node.hands, node.trick, seat)
        return _legal(node, seat)

    def _restricted(self, node: Node, seat: int, alts: list[tuple[int, str]]
                    ) -> list[tuple[int, str]]:
        """The claimer side's normal cards that the penalty cards in force allow (a defender's
        claim: his side's penalty cards). Declarer's designation (Law 51A) is his opponents'
        choice then, so every designated card is a branch; a penalty card that must be played
        (Law 50D1) is the only one."""
        assert self.legality is not None
        legal = self._legal(node, seat)
        kept = [a for a in alts if legal >> a[0] & 1]
        if kept and not self.legality.is_designation(node.hands, node.trick, seat):
            return kept
        others = others_of(node.hands, seat, node.trick)
        return [(c, PenaltyCardPlay.id) for c in groups(legal, others)]

    def _technique(self, node: Node, alts: list[tuple[int, str]]) -> list[tuple[int, str]]:
        """A squeeze or throw-in named without detail: the claimer is credited with the cards
        that keep the double-dummy result (the technique as stated), normal ones first."""
        scores = self.solver.scores(node.hands, node.trick, node.leader, self.trump)
        best = max(scores.values())
        kept = [(c, FollowStatement.id) for c, _ in alts if scores.get(c) == best]
        if kept:
            return kept
        return [(c, FollowStatement.id) for c, s in sorted(scores.items()) if s == best][:1]

    def _point(self, node: Node) -> Point:
        return Point(node.hands, node.trick, node.leader, self.trump, node.forgotten,
                     node.known_out, node.ignored_out, node.to_concede, node.solid, self.plan,
                     node.state, self.opts)

    def _play(self, node: Node, seat: int, card: int) -> tuple[Node, int]:
        """The child node after *seat* plays *card*, and the claimer side's tricks it won."""
        bit = 1 << card
        h = node.hands
        hands = (
            h[0] & ~bit if seat == 0 else h[0], h[1] & ~bit if seat == 1 else h[1],
            h[2] & ~bit if seat == 2 else h[2], h[3] & ~bit if seat == 3 else h[3],
        )
        forgotten = node.forgotten & ~bit
        has_plan = bool(self.plan.steps)
        known_out, ignored_out = node.known_out, node.ignored_out
        state = node.state
        trick = node.trick + (card,)
        if node.forgotten >> card & 1:
            # He sees a card he had forgotten: he counts that suit again.
            forgotten &= ~SUIT_RANGES[card // 13]
        if len(trick) > 1 and not self._is_claimer_side(seat):
            led = trick[0] // 13
            if card // 13 != led:
                out_bit = 1 << (seat * 4 + led)
                if self.opts.profile.notices_break:
                    if not known_out & out_bit:
                        # A new show-out makes him count the suit again. One he knew of tells
                        # him nothing (vugraph 31050:9-2: West, void in spades since before
                        # the claim, discards on a spade, and the ♠J forgotten in the 70C
                        # picture was "seen" again).
                        forgotten &= ~SUIT_RANGES[led]
                    known_out |= out_bit
                    out_there = (seat_hand(hands, (self.claimer + 1) % 4)
                                 | seat_hand(hands, (self.claimer + 3) % 4)) & SUIT_RANGES[led]
                    if has_plan and out_there and relies_on_suit(self.plan, state, led):
                        # The claimer sees the suit will not run (its cards still out are all
                        # with the other opponent): the premise of his line failed, and from
                        # here he plays as if nothing more was stated. A show-out in a suit
                        # the opponents no longer hold tells him nothing.
                        state = abandoned(self.plan)
                else:
                    ignored_out |= out_bit
                if card // 13 == self.trump:
                    # A ruff: the claimer's winner was beaten, his premise plainly failed.
                    forgotten &= ~SUIT_RANGES[self.trump]
        if len(trick) < 4:
            return _new_node((hands, trick, node.leader, forgotten, known_out, ignored_out,
                              node.to_concede, node.solid, state)), 0
        win = winner_index(trick, self.trump)
        winner = (node.leader + win) % 4
        if node.forgotten >> trick[win] & 1:
            # A forgotten card took the trick: the claimer now knows that suit.
            forgotten &= ~SUIT_RANGES[trick[win] // 13]
        if has_plan:
            relied = relies_on_suit(self.plan, state, trick[0] // 13)
            state = advance(self.plan, state, trick, node.leader, hands, self.claimer,
                            self.trump)
            if relied and not self._is_claimer_side(winner):
                # His "winner" was beaten: the premise plainly failed (all profiles, C15).
                state = abandoned(self.plan)
        won = 1 if self._is_claimer_side(winner) else 0
        to_concede = node.to_concede if won or not node.to_concede else node.to_concede - 1
        return _new_node((hands, (), winner, forgotten, known_out, ignored_out, to_concede,
                          node.solid, state)), won

    def dd_line(self, start: Node, *, pretty: bool = False) -> Found:
        """Walk down one normal line no better for the claimer than DD from *start*: claimer
        cards are any normal card (none can raise DD; the lowest-DD one when there is a
        choice), defender cards a DD-best one. Each trick start on the way is memoised.

        With *pretty* (the line a ruling shows), defenders play the lowest of their equally
        good cards, so the line shows the claimer's own decisions rather than gifts.
        """
        plays: list[tuple[Play, int]] = []
        starts: list[tuple[int, Node]] = []
        node = start
        while True:
            seat = (node.leader + len(node.trick)) % 4
            if not seat_hand(node.hands, seat):
                break
            if not node.trick:
                starts.append((len(plays), node))
            if self._is_claimer_side(seat):
                alts = self._normal_choices(node, seat)
                if len(alts) == 1:
                    card, rule = alts[0]
                else:
                    scores = self.solver.scores(node.hands, node.trick, node.leader,
                                                self.trump)
                    card, rule = min(alts, key=lambda a: (scores.get(a[0], 99), a[0]))
            else:
                rule = DEFENCE
                forced = self._choices(node, seat)
                if len(forced) == 1:
                    card = forced[0][0]
                elif pretty:
                    scores = self.solver.scores(node.hands, node.trick, node.leader,
                                                self.trump)
                    card = max(scores, key=lambda c: (scores[c], -c))
                else:
                    card = self.solver.best(node.hands, node.trick, node.leader, self.trump)
            node, won = self._play(node, seat, card)
            plays.append(((seat, card, rule), won))
        # Every suffix that starts a trick is a line from that node too: remember it.
        total = sum(w for _, w in plays)
        won_before = 0
        index = 0
        for at, snode in starts:
            while index < at:
                won_before += plays[index][1]
                index += 1
            key = self._key(snode)
            suffix = Found([p for p, _ in plays[at:]], total - won_before)
            known = self._upper.get(key)
            if known is None or suffix.tricks < known.tricks:
                self._upper[key] = suffix
        return Found([p for p, _ in plays], total)

    def explain(self, root: Node, line: list[Play], *, with_costs: bool,
                presumed_trumps: int = 0
                ) -> tuple[list[tuple[str, int, str] | None], list[int]]:
        """For each card of *line* from *root*: what made a claimer card look safe, and what it
        cost.

        The first list holds, for a claimer card that is safe in his picture but not with full
        awareness, ``(rule, forgotten cards, action)``: the forgotten cards made it look safe.
        *rule* is ``unaware-trump`` when a forgotten card there is one of *presumed_trumps*
        (those 70C presumes forgotten), else ``unaware-card``: a trump forgotten as "the card
        the claim overlooks" where more than two are out is 70A's, not 70C's.
        The second holds, with *with_costs*, the tricks each claimer card cost against the
        best card of the same hand (double dummy): the laws cited follow from the cards that
        cost a trick, not from every tag on the line.
        """
        why: list[tuple[str, int, str] | None] = []
        costs: list[int] = []
        node = root
        for seat, card, rule in line:
            entry: tuple[str, int, str] | None = None
            cost = 0
            if self._is_claimer_side(seat) and rule != DEFENCE:
                if node.forgotten and not rule.startswith(FollowStatement.id):
                    entry = self._looked_safe(node, seat, card, presumed_trumps)
                if with_costs:
                    scores = self.solver.scores(node.hands, node.trick, node.leader, self.trump)
                    if scores:
                        cost = max(scores.values()) - scores.get(card, max(scores.values()))
            why.append(entry)
            costs.append(cost)
            node, _ = self._play(node, seat, card)
        return why, costs

    def _looked_safe(self, node: Node, seat: int, card: int, presumed_trumps: int
                     ) -> tuple[str, int, str] | None:
        """``(rule, forgotten, action)`` when *card* keeps the claim sure in the picture but
        not with full awareness; None when it is safe either way."""
        point = self._point(node)
        need = point.need
        if need <= 0:
            return None
        hands, trick, leader, won = after_card(point, seat, card)
        need -= won
        try:
            in_picture = self.oracle.decide(hands, trick, leader, node.forgotten,
                                            node.known_out, need, QUESTION_CAP)
            aware = self.oracle.decide(hands, trick, leader, 0, node.known_out, need,
                                       QUESTION_CAP)
            if in_picture is not True or aware is not False or not self._picture_preferred(
                    node, point, seat, card):
                return None
            # Name only the forgotten cards that made it look safe: a card he may remember
            # with the claim still sure after this one explains nothing here (the ♠A led
            # into the forgotten ♥J is the trump's oversight, not the forgotten clubs').
            forgotten = node.forgotten
            rest = forgotten
            while rest:
                bit = rest & -rest
                rest ^= bit
                if self.oracle.decide(hands, trick, leader, forgotten & ~bit, node.known_out,
                                      need, QUESTION_CAP) is True:
                    forgotten &= ~bit
        except BudgetExceeded:
            return None  # the explanation stays within the ruling's budget, or is left out
        rule = "unaware-trump" if forgotten & presumed_trumps else "unaware-card"
        if not node.trick:
            action = "leading"
        elif seat_hand(node.hands, seat) & SUIT_RANGES[node.trick[0] // 13]:
            action = "playing"
        elif self.trump < 4 and card // 13 == self.trump:
            action = "ruffing with"
        else:
            action = "discarding"
        return rule, forgotten, action

    def _picture_preferred(self, node: Node, point: Point, seat: int, card: int) -> bool:
        """True when the forgotten cards made *card* the one to play: with full awareness
        another card of *seat* keeps more sure tricks than *card*, or keeps as many while in
        his picture it is *card* alone of the two that keeps the claim (*point*) sure. When the two
        pictures rank every other card alike, the claimer would have played *card* with the
        forgotten cards in view as well, and they explain nothing. (vugraph 29010:24-2: dummy's
        only trump ruffs partner's ♦J, the one card that keeps 4 sure with the ♥T forgotten;
        with it in view every card keeps 3, and the ruff was no longer the card to play.)"""
        own = self._legal(node, seat)
        mine = self._aware_most(node, seat, card)
        for other in groups(own & ~(1 << card), others_of(node.hands, seat, node.trick)):
            theirs = self._aware_most(node, seat, other)
            if theirs > mine:
                return True
            if theirs == mine:
                hands, trick, leader, won = after_card(point, seat, other)
                if self.oracle.decide(hands, trick, leader, node.forgotten, node.known_out,
                                      point.need - won, QUESTION_CAP) is False:
                    return True
        return False

    def _aware_most(self, node: Node, seat: int, card: int) -> int:
        """The sure tricks from *node* with full awareness after *seat* plays *card*."""
        hands, trick, leader, won = after_card(self._point(node), seat, card)
        k = 0
        while k < popcount(seat_hand(hands, seat)) + len(trick) and self.oracle.decide(
                hands, trick, leader, 0, node.known_out, k + 1, QUESTION_CAP):
            k += 1
        return won + k

    def _safe_floor(self, node: Node, seat: int, limit: int) -> int:
        """A lower bound from the picture: with full awareness, when *limit* tricks (at most
        the tricks still claimed) are sure from here and every normal card from here on keeps
        the sure tricks (no step left that may prescribe an unsafe card, no trump-drawing
        routine, no careless blocking, a declarer claim), every normal line keeps them sure,
        on the real cards too (the real layout is one of the picture's). 0 when that does not
        hold. The reference search of the tests (no floors) checks the bound's soundness."""
        c = self.claimer
        real = seat_hand(node.hands, (c + 1) % 4) | seat_hand(node.hands, (c + 3) % 4)
        if not node.trick and self._is_claimer_side(node.leader) and self._all_tops(node, real):
            # On lead, with every card a winner: the side never loses the lead.
            return len_left(node, seat)
        if not self._all_safe or (node.forgotten and not self._harmless(node)):
            return 0
        if self.plan.steps and any(x < DONE for x in node.state):
            return 0
        need = popcount(seat_hand(node.hands, seat)) - node.to_concede
        if need < limit:
            return 0
        trumps = SUIT_RANGES[self.trump] if self.trump < 4 else 0
        theirs = real & ~node.forgotten & trumps
        ours = (seat_hand(node.hands, c) | seat_hand(node.hands, (c + 2) % 4)) & trumps
        if (self.opts.draws_trumps and theirs
                and ours.bit_length() > (theirs & -theirs).bit_length()):
            # The routine may lead a trump where the claim needed a ruff. It leads only a
            # trump above all of theirs he sees (normal.py ``_routine``), and both sides'
            # trumps only shrink as play goes on (a forgotten trump is revealed as it is
            # played): when no trump of the side is above their lowest, it never can (vugraph
            # 08050:11, the J6 and T8 of trumps under North's queen: 383,000 nodes, undecided).
            return 0
        # The question is the limit, not every trick still claimed: a claimer who cannot be
        # sure of them all plays the cards that keep the most sure tricks (§4.2), so the
        # limit, once sure, stays sure along his normal lines; and "limit sure" is much the
        # easier question when the whole claim is not (a 7-card real claim: 19,370 search
        # nodes and 330,725 oracle nodes before, 291 and 141,386 after, the same N).
        if self.oracle.decide(node.hands, node.trick, node.leader, node.forgotten,
                              node.known_out, limit, QUESTION_CAP):
            return limit
        return 0

    def _all_tops(self, node: Node, believed: int) -> bool:
        """True when every claimer-side card is above every card of its suit in *believed*
        (the opponents' cards), and the opponents' trumps (if any) can never ruff: each holder
        must follow to every round of the other suits and holds only trumps below the
        claimer side's. Then every card the claimer side leads wins its trick."""
        h = node.hands
        c = self.claimer
        mine, partner = seat_hand(h, c), seat_hand(h, (c + 2) % 4)
        side = mine | partner
        for s in range(4):
            ours = side & SUIT_RANGES[s]
            theirs = believed & SUIT_RANGES[s]
            if ours and theirs and theirs.bit_length() > (ours & -ours).bit_length():
                return False
        if self.trump < 4:
            trumps = SUIT_RANGES[self.trump]
            for holder in ((c + 1) % 4, (c + 3) % 4):
                if not seat_hand(h, holder) & trumps:
                    continue
                for s in range(4):
                    if s == self.trump:
                        continue
                    rounds = max(popcount(mine & SUIT_RANGES[s]),
                                 popcount(partner & SUIT_RANGES[s]))
                    if popcount(seat_hand(h, holder) & SUIT_RANGES[s]) < rounds:
                        return False
        return not node.trick

    def _harmless(self, node: Node) -> bool:
        """True when the forgotten cards can take no trick on the real cards either: each is
        below every claimer-side card of its suit, and its holder must follow to every round of
        every other suit the claimer side can lead (he holds at least as many of it as either
        claimer hand). Then the picture and the cards agree on every trick, and what is sure in
        the picture is made on the cards (the harmless trump of 70C)."""
        h = node.hands
        c = self.claimer
        mine, partner = seat_hand(h, c), seat_hand(h, (c + 2) % 4)
        for holder in ((c + 1) % 4, (c + 3) % 4):
            lost = seat_hand(h, holder) & node.forgotten
            if not lost:
                continue
            for s in range(4):
                theirs = lost & SUIT_RANGES[s]
                side = (mine | partner) & SUIT_RANGES[s]
                if theirs:
                    if side and theirs.bit_length() > (side & -side).bit_length():
                        return False
                    continue
                rounds = max(popcount(mine & SUIT_RANGES[s]),
                             popcount(partner & SUIT_RANGES[s]))
                if popcount(seat_hand(h, holder) & SUIT_RANGES[s]) < rounds:
                    return False
        for card in node.trick:
            if node.forgotten >> card & 1:
                return False
        return True

    def _trick_is_claimers(self, node: Node) -> bool:
        """True when the claimer side wins the trick in progress whatever is still played:
        it is winning, and no opponent still to play holds a card that beats the winner."""
        trick = node.trick
        win = winner_index(trick, self.trump)
        if not self._is_claimer_side((node.leader + win) % 4):
            return False
        best = trick[win]
        led = trick[0] // 13
        for i in range(len(trick), 4):
            seat = (node.leader + i) % 4
            if self._is_claimer_side(seat):
                continue
            hand = seat_hand(node.hands, seat)
            follows = hand & SUIT_RANGES[led]
            if follows:
                if best // 13 == led and follows >> (best + 1):
                    return False
            elif self.trump < 4 and hand & SUIT_RANGES[self.trump]:
                trumps = hand & SUIT_RANGES[self.trump]
                if best // 13 != self.trump or trumps >> (best + 1):
                    return False
        return True

    def _sure_tricks(self, node: Node, limit: int) -> int:
        """Tricks from here (the trick in progress included) that the claimer side wins on
        every line, normal or not: a sound lower bound that ends proofs early.

        * A trick in progress the claimer side is winning, that no opponent still to play can
          beat, is the claimer side's.
        * In a trump contract, a trick to which a claimer-side hand plays a trump is the claimer
          side's unless an opponent plays a higher trump to it; each opponent's trump spoils one
          trick at most, and a hand plays one card a trick. So a hand's trumps win at least
          their number less the most of them the opponents' higher trumps can be matched to.
        """
        c = self.claimer
        h = node.hands
        trumps = SUIT_RANGES[self.trump] if self.trump < 4 else 0
        most = max(popcount(seat_hand(h, c) & trumps),
                   popcount(seat_hand(h, (c + 2) % 4) & trumps))
        if most + (1 if node.trick else 0) < limit:
            return 0  # the bound cannot reach *limit*: a lower bound of 0 is as good, cheaper
        now = 1 if node.trick and self._trick_is_claimers(node) else 0
        if not most:
            return now
        theirs_mask = (seat_hand(h, (c + 1) % 4) | seat_hand(h, (c + 3) % 4)) & trumps
        for i, card in enumerate(node.trick):
            if (node.leader + i - c) % 2 and card // 13 == self.trump:
                theirs_mask |= 1 << card  # can still spoil a trump played to this trick
        played_seats = {(node.leader + i) % 4 for i in range(len(node.trick))}
        best = now
        for seat in (c, (c + 2) % 4):
            mine = seat_hand(h, seat) & trumps
            sure = popcount(mine) - topped(mine, theirs_mask)
            # This hand's trumps go to later tricks when it has already played to this one.
            if seat in played_seats:
                sure += now
            best = max(best, sure)
        return best

    def plain_line(self, start: Node, *, careless: bool = False) -> Found:
        """One normal line with a plain defence and no DDS call: each defender wins the trick
        as cheaply as he can when partner is not already winning it, and otherwise plays his
        lowest card. The claimer side takes its first normal card, or with *careless* its last
        (the finesse, the underplay, the loser). Used to show an upheld claim's line when it
        already reaches N, and to seed the search with a bound."""
        line: list[Play] = []
        tricks = 0
        node = start
        while True:
            seat = (node.leader + len(node.trick)) % 4
            if not seat_hand(node.hands, seat):
                return Found(line, tricks)
            if self._is_claimer_side(seat):
                first = None if careless else self._first_lead(node, seat)
                if first is None:
                    choices = self._normal_choices(node, seat)
                    first = choices[-1] if careless else choices[0]
                card, rule = first
            else:
                choices = self._normal_choices(node, seat)
                card = _plain_defence(node, seat, [c for c, _ in choices], self.trump)
                rule = DEFENCE
            line.append((seat, card, rule))
            node, won = self._play(node, seat, card)
            tricks += won

    def _lower_key(self, node: Node, key: tuple[object, ...]) -> tuple[object, ...]:
        """The key of the proved lower bounds at a trick start: :meth:`_key` with each suit's
        remaining cards packed to the top, in order (the forgotten cards with them). Every
        rule, bound and solver compares cards only with cards still out, so positions that
        differ only in which small cards were played are one position (DDS's relative ranks,
        the oracle's packed key): a bound proved for one holds for the other. Lines are kept
        under the exact key, so that a ruling shows the cards really held."""
        if not self._packs:
            return key
        h = node.hands
        # The forgotten cards (within the hands) are packed by the same map as the hands.
        a, b, c, d, f = pack_hands(h[0], h[1], h[2], h[3], node.forgotten)
        return ((a, b, c, d), key[1], f, *key[3:])

    def _key(self, node: Node) -> tuple[object, ...]:
        """The memo key of a trick start: what the claimer's choices and the result depend on.
        Show-outs in a suit no hand still holds cannot matter any more; unnoticed ones matter
        only for the tags of claimer cards of their suit."""
        h = node.hands
        left = h[0] | h[1] | h[2] | h[3]
        side = seat_hand(h, self.claimer) | seat_hand(h, (self.claimer + 2) % 4)
        live = tagged = 0
        for suit in range(4):
            if left & SUIT_RANGES[suit]:
                live |= 0x1111 << suit
                if side & SUIT_RANGES[suit]:
                    tagged |= 0x1111 << suit
        return (h, node.leader, node.forgotten, node.known_out & live,
                node.ignored_out & tagged, node.to_concede, node.solid, node.state)


class LayoutFetch:
    """The layouts of one decision and their double-dummy scores, stage by stage, fetched when
    §4.2's weighing or a slow safety question first wants them (:class:`Layouts`). An object
    that holds what it needs, not a closure over the search: a closure and its environment
    refer to each other, and through it every ruling's search (its memos, its solver's) was
    freed only when the cyclic collector ran."""

    def __init__(self, claimer: int, trump: int, solver: DoubleDummy, budget: Budget,
                 node: Node) -> None:
        self.claimer = claimer
        self.trump = trump
        self.solver = solver
        self.budget = budget
        self.node = node
        self.solved: dict[int, LayoutScores] = {}
        self.dealt: tuple[list[Hands], list[int]] | None = None
        self.known: dict[int, dict[int, int]] = {}

    def __call__(self, stage: int) -> LayoutScores:
        got = self.solved.get(stage)
        if got is None:
            if self.dealt is None:
                self.dealt = self._deal_layouts()
            layouts, rows = self.dealt
            got = self.solved[stage] = self._layout_scores(layouts, rows, LAYOUT_DRAWS[stage])
        return got

    def _deal_layouts(self) -> tuple[list[Hands], list[int]]:
        """The layouts of the opponents' cards the claimer can imagine at *node*, and the
        sequence of draws into them that the stages of §4.2's weighing take their first ones
        from: ``LAYOUT_DRAWS[-1]`` uniform draws, or every layout once, in a random order,
        when there are no more. The generator is seeded by the position, so the same node
        draws the same layouts on every run. The seed is the cards' order (:func:`pack_ranks`),
        not the cards, so positions the memo holds equal (:meth:`_lower_key`) draw matching
        layouts and weigh their cards alike: the free cards are dealt in the order of their
        indices, which the packing keeps."""
        # Imported here: numpy costs a ruling that never weighs layouts a twentieth of a
        # second at start-up, a third of a director's whole command.
        import numpy as np

        from claimcheck.engine.single_dummy import deal_layouts, layout_hands

        node = self.node
        h = node.hands
        c = self.claimer
        a, b = (c + 1) % 4, (c + 3) % 4
        # Seeded by the seats as the claimer sees them (his own first), not by compass: the
        # same claim at another table position draws the same layouts and gets the same N
        # (law70.md §2; seeded by compass, usbf_sf_14502:50 rotated by two seats was 5, not 3).
        order = pack_ranks((*(seat_hand(h, (c + i) % 4) for i in range(4)),
                            *(1 << x for x in node.trick)))
        known = node.known_out
        known_rel = (known >> 4 * c | known << 4 * (4 - c)) & 0xFFFF
        rng = np.random.default_rng([*order, (node.leader - c) % 4, known_rel])
        most = LAYOUT_DRAWS[-1]
        masks, rows = deal_layouts(seat_hand(h, a), seat_hand(h, b),
                                   node.known_out >> (4 * a) & 0xF,
                                   node.known_out >> (4 * b) & 0xF, most, rng,
                                   exact_up_to=most)
        if len(rows) < most:
            # Every layout, each once, in the order of their masks: shuffled, so that a
            # stage's first ones are a random choice of them. (Fewer rows than draws means
            # every layout: no count of layouts, a binomial of at most 26 free cards, is 64.)
            rows = rng.permutation(rows)
        return layout_hands(h, a, b, masks), [int(r) for r in rows]

    def _layout_scores(self, layouts: list[Hands], rows: list[int], draws: int) -> LayoutScores:
        """The claimer side's double-dummy tricks after each legal card in each layout of
        the first *draws* of *rows*, with each layout's weight (times drawn) and whether
        that was every draw. Layouts an earlier stage solved (in *known*) are not solved or
        charged again: the stages come in order, so what is charged depends on the node only,
        never on the solver's memo."""
        node, known = self.node, self.known
        first = rows[:draws]
        weight: dict[int, int] = {}
        for r in first:
            weight[r] = weight.get(r, 0) + 1
        new = [r for r in weight if r not in known]
        self.budget.spend_solves(len(new))
        if new:
            got = self.solver.scores_many([(layouts[r], node.trick, node.leader) for r in new],
                                          self.trump)
            known.update(zip(new, got, strict=True))
        order = sorted(weight)
        return [weight[r] for r in order], [known[r] for r in order], draws >= len(rows)


def len_left(node: Node, seat: int) -> int:
    """Tricks left from *node*, the trick in progress included."""
    return popcount(seat_hand(node.hands, seat))


def _legal(node: Node, seat: int) -> int:
    """*seat*'s legal cards: the suit led when it holds some, else every card."""
    own = seat_hand(node.hands, seat)
    if node.trick:
        follow = own & SUIT_RANGES[node.trick[0] // 13]
        if follow:
            return follow
    return own


def _new_node(fields: tuple[object, ...]) -> Node:
    """A Node from its fields without NamedTuple's keyword-handling constructor (hot path)."""
    return tuple.__new__(Node, fields)  # type: ignore[type-var]


def _plain_defence(node: Node, seat: int, cards: list[int], trump: int) -> int:
    """The plain defender's card: win cheaply unless partner is winning, else the lowest."""
    if node.trick:
        win = winner_index(node.trick, trump)
        if (node.leader + win) % 4 != (seat + 2) % 4:
            beating = [c for c in cards if beats(c, node.trick[win], trump)]
            if beating:
                return min(beating, key=lambda c: (c // 13 == trump, c))
    return min(cards, key=lambda c: (c // 13 == trump, c % 13, c))


def start_node(
    hands: tuple[int, int, int, int], trick: tuple[int, ...], leader: int, claimer: int,
    picture: Picture, known_out: int, to_concede: int, state: PlanState,
) -> Node:
    """The root node for one picture. Solidity is judged on the hands at the start of the trick
    in progress, as the claimer saw them when he claimed."""
    start = list(hands)
    for i, card in enumerate(trick):
        start[(leader + i) % 4] |= 1 << card
    # Solidity is about the cards as they lie (AK touch; J6 with the 9 out do not, even for
    # a claimer who forgot the 9): White Book 8.70.5's "some solidity".
    solid = solidity((start[0], start[1], start[2], start[3]), 0, claimer)
    return Node(hands, trick, leader, picture.forgotten, known_out, 0, to_concede, solid, state)


def run_search(search: Search, roots: list[tuple[Picture, Node]], limit: int
               ) -> tuple[Picture, Found] | None:
    """The lowest normal line, under any admissible picture, if it gives fewer than *limit*
    claimer tricks: its picture and line (its tricks are then exactly N); None proves N >= limit.

    On large positions a careless plain line a picture (no DDS, one path each) seeds the bound
    first: a search that only has to look below a line already found explores less.

    :raises BudgetExceeded: when the node budget is spent.
    """
    start = time.perf_counter()
    best: tuple[Picture, Found] | None = None
    search.incumbent = None
    # The seed pays for itself on large positions (measured: a third fewer nodes in the slow
    # tail) but not on small ones, where the search is about as cheap as the walk.
    seed = max(popcount(h) for h in roots[0][1].hands) >= 7 if roots else False
    if seed and not search.plan.has_technique:
        for picture, node in roots:
            if search.proved_at(node, limit):
                # The bounds the search asks first prove this root: a seed line could not go
                # below the limit (both are sound), and its walk asks the normal cards of a
                # whole line (on the 9-card real claims upheld in no search node, most of the
                # ruling's time).
                continue
            for careless in (True,):
                line = search.plain_line(node, careless=careless)
                if line.tricks < (limit if best is None else best[1].tricks):
                    best = (picture, line)
                    search.incumbent = best
    try:
        for picture, node in roots:
            search.start_root(node)
            try:
                found = search.find(node, limit if best is None else best[1].tricks)
            except BudgetExceeded:
                # The line found before the budget ran out is a normal line: an upper bound.
                cut: Found | None = search._root_best
                if cut is not None and (best is None or cut.tricks < best[1].tricks):
                    search.incumbent = (picture, cut)
                raise
            if found is not None:
                best = (picture, found)
                search.incumbent = best
        return best
    finally:
        search._root = None
        search.stats.seconds += time.perf_counter() - start
