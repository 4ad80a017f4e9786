"""Double dummy with penalty cards and lead restrictions in force (Laws 50–51).

DDS knows nothing of penalty cards, so a position where one is in force is searched here, card by
card, until none is left: from then on one DDS call gives the value. Every restriction binds a
defender (declarer's and dummy's cards never become penalty cards, Law 48A), and every choice
the Laws give while they last is declarer's: which of two or more penalty cards is played
(Law 51A), and whether to require or forbid the suit of a major penalty card when its holder's
partner has the lead (Law 50D2, 51B). So the plain DDS value is a lower bound for declarer's
side here, which ends many branches early; the memo at trick starts keeps proved bounds.

Values are declarer's side's tricks from the node, the trick in progress included.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from claimcheck.bits import SUIT_RANGES, groups, others_of, winner_index
from claimcheck.engine.solver import DoubleDummy
from claimcheck.penalty import (
    NO_RESTRICTIONS,
    Restrictions,
    after_card,
    after_trick,
    is_designation,
    legal_mask,
)
from claimcheck.policy.sure import DEFAULT_MAX_NODES, BudgetExceeded

Hands = tuple[int, int, int, int]


class RestrictedBudgetExceeded(Exception):  # noqa: N818  # control flow, not an input error
    """Raised inside the search when its node budget is spent."""


@dataclass
class RestrictedDD:
    """Double-dummy values under penalty cards and lead restrictions, for declarer's side."""

    solver: DoubleDummy
    trump: int
    declarer: int
    max_nodes: int = DEFAULT_MAX_NODES
    """Nodes one value may take."""
    offer_choices: bool = True
    """Whether declarer's Law 50D2 / 51B lead options are offered when the holder's partner
    gets the lead (off for the adjudication search, whose own moves do not offer them)."""
    nodes: int = 0
    """Nodes searched, over every value asked."""
    _start: int = 0
    _memo: dict[tuple[object, ...], tuple[int, int]] = field(default_factory=dict)

    def _decl_side(self, seat: int) -> bool:
        return (seat - self.declarer) % 2 == 0

    def plain(self, hands: Hands, trick: tuple[int, ...], leader: int) -> int:
        """The DDS value for declarer's side, ignoring every restriction."""
        seat = (leader + len(trick)) % 4
        t = self.solver.tricks(hands, trick, leader, self.trump)
        return t if self._decl_side(seat) else hands[seat].bit_count() - t

    def value(self, hands: Hands, trick: tuple[int, ...], leader: int, r: Restrictions,
              *, choice_pending: bool = True) -> int:
        """Declarer's side's tricks from here with both sides playing double dummy under *r*.

        *choice_pending* False says declarer has already made (or declined) his Law 50D2 choice
        for the lead now due.

        :raises RestrictedBudgetExceeded: when :attr:`max_nodes` is spent.
        """
        low, _ = self._climb(hands, trick, leader, r, choice_pending, raise_on_budget=True)
        return low

    def bounds(self, hands: Hands, trick: tuple[int, ...], leader: int, r: Restrictions,
               *, choice_pending: bool = True) -> tuple[int, int]:
        """(low, high) for :meth:`value`: equal when the search finished within its budget,
        else what it proved (at least the plain DDS value) and the tricks left."""
        return self._climb(hands, trick, leader, r, choice_pending, raise_on_budget=False)

    def _climb(self, hands: Hands, trick: tuple[int, ...], leader: int, r: Restrictions,
               pending: bool, *, raise_on_budget: bool) -> tuple[int, int]:
        # The plain value is a lower bound (every restriction binds a defender, every choice
        # is declarer's); restrictions rarely move it by more than a trick or two, so the
        # value is found by asking "at least one more?" with a null window until the answer
        # is no.
        seat = (leader + len(trick)) % 4
        left = hands[seat].bit_count()
        low = self.plain(hands, trick, leader)
        self._start = self.nodes
        while low < left:
            try:
                if not self._ge(hands, trick, leader, r, pending, low + 1):
                    return low, low
            except RestrictedBudgetExceeded:
                if raise_on_budget:
                    raise
                return low, left
            low += 1
        return low, low

    def _pending_choices(self, hands: Hands, leader: int, r: Restrictions) -> list[Restrictions]:
        """Declarer's Law 50D2 / 51B options when *leader*, a defender, has the lead while his
        partner has a major penalty card: require a suit of the penalty cards or forbid it
        (those cards are then picked up), or neither (they stay penalty cards)."""
        if not self.offer_choices or self._decl_side(leader) or r.lead_seat == leader:
            return []
        partner = (leader + 2) % 4
        majors = r.major[partner] & hands[partner]
        if not majors:
            return []
        out = [r]
        for suit in range(4):
            cards = SUIT_RANGES[suit]
            if not majors & cards:
                continue
            major = list(r.major)
            minor = list(r.minor)
            major[partner] &= ~cards
            minor[partner] &= ~cards
            base = r._replace(major=(major[0], major[1], major[2], major[3]),
                              minor=(minor[0], minor[1], minor[2], minor[3]))
            out.append(base._replace(lead_seat=leader, required=cards, forbidden=0,
                                     retains=False))
            out.append(base._replace(lead_seat=leader, required=0, forbidden=cards,
                                     retains=True))
        return out

    def _ge(self, hands: Hands, trick: tuple[int, ...], leader: int, r: Restrictions,
            pending: bool, k: int) -> bool:
        """True when declarer's side can take at least *k* tricks from here under *r*."""
        if k <= 0:
            return True
        seat = (leader + len(trick)) % 4
        left = hands[seat].bit_count()
        if k > left:
            return False
        held = hands[0] | hands[1] | hands[2] | hands[3]
        if r.lead_seat < 0 and not any((r.major[s] | r.minor[s]) & held for s in range(4)):
            return self.plain(hands, trick, leader) >= k
        self.nodes += 1
        if self.nodes - self._start > self.max_nodes:
            raise RestrictedBudgetExceeded
        # Proved bounds are kept at every node: the same cards reach the same node by many
        # orders of play, in the trick as at its start.
        key = (hands, trick, leader, r, pending)
        lo, hi = self._memo.get(key, (0, left))
        if lo >= k:
            return True
        if hi < k:
            return False
        if not (pending and not trick):
            legal = legal_mask(hands[seat], trick, seat, r)
            if legal & (legal - 1) == 0:
                # A forced card (a penalty card that must be played, a singleton): no choice
                # to order and no bound worth a DDS call.
                result = self._child_ge(hands, trick, leader, r, seat, legal.bit_length() - 1, k)
                self._memo[key] = (max(lo, k), hi) if result else (lo, min(hi, k - 1))
                return result
        # One DDS call (one solution) gives the plain value, a lower bound, and a plain
        # double-dummy best card, tried first.
        top = self.solver.tricks(hands, trick, leader, self.trump)
        first = self.solver.best(hands, trick, leader, self.trump)
        decl = self._decl_side(seat)
        plain = top if decl else left - top
        if plain >= k:
            result = True
        elif pending and not trick and (choices := self._pending_choices(hands, leader, r)):
            result = any(self._ge(hands, trick, leader, option, False, k) for option in choices)
        else:
            legal = legal_mask(hands[seat], trick, seat, r)
            maximise = decl or is_designation(legal, seat, r)
            pen = r.major[seat] | r.minor[seat]
            others = others_of(hands, seat, trick)
            reps = groups(legal & ~pen, others | pen) + [
                c for c in range(52) if (legal & pen) >> c & 1
            ]

            # The plain best card's group first (it is the best one when no restriction
            # bites), then the others highest first.
            reps.sort(key=lambda c: (not _same_group(c, first, hands[seat] | others), -c))
            result = not maximise
            for card in reps:
                if self._child_ge(hands, trick, leader, r, seat, card, k) == maximise:
                    result = maximise
                    break
        self._memo[key] = (max(lo, k), hi) if result else (lo, min(hi, k - 1))
        return result

    def _child_ge(self, hands: Hands, trick: tuple[int, ...], leader: int, r: Restrictions,
                  seat: int, card: int, k: int) -> bool:
        bit = 1 << card
        h = list(hands)
        h[seat] &= ~bit
        child: Hands = (h[0], h[1], h[2], h[3])
        r2 = after_card(r, seat, card)
        t = trick + (card,)
        if len(t) < 4:
            return self._ge(child, t, leader, r2, False, k)
        winner = (leader + winner_index(t, self.trump)) % 4
        won = 1 if self._decl_side(winner) else 0
        r2 = after_trick(r2, leader, winner)
        return self._ge(child, (), winner, r2, True, k - won)


def _same_group(card: int, other: int, held: int) -> bool:
    """True when *card* and *other* are of one suit with no card still held between them."""
    if card // 13 != other // 13:
        return False
    low, high = min(card, other), max(card, other)
    between = held & (((1 << high) - 1) & ~((1 << (low + 1)) - 1))
    return not between


@dataclass
class RestrictedSolver:
    """A :class:`~claimcheck.engine.solver.DoubleDummy` whose answers honour the penalty cards
    and lead restriction in force at a claim (the adjudication search asks it as it asks DDS).

    Penalty cards last while their holders still hold them; the lead restriction binds the
    lead of the claim's trick only (a reading: the search's nodes do not carry who has held
    the lead since, so a prohibition "while he retains the lead" is not followed further), and
    declarer's later Law 50D2 options are not offered (the penalty card stays, 50D2(b)).
    """

    inner: DoubleDummy
    trump: int
    declarer: int
    root: Restrictions
    root_cards: int
    """Cards still held at the claim (hands only)."""
    root_trick: int
    """Cards in the claim's trick in progress."""
    dd: RestrictedDD = field(init=False)

    def __post_init__(self) -> None:
        # The search's own moves never offer declarer's later Law 50D2 choices, so neither do
        # its double-dummy answers: both describe the same play.
        self.dd = RestrictedDD(self.inner, self.trump, self.declarer, offer_choices=False)

    @property
    def calls(self) -> int:
        """DDS calls made (the inner solver's count)."""
        return self.inner.calls

    @calls.setter
    def calls(self, value: int) -> None:
        self.inner.calls = value

    @property
    def small_solves(self) -> int:
        """Small endings the inner solver solved without DDS (its count)."""
        return int(getattr(self.inner, "small_solves", 0))

    @property
    def nodes(self) -> int:
        """DDS nodes (the inner solver's count)."""
        return int(getattr(self.inner, "nodes", 0))

    def restrictions_at(self, hands: Hands, trick: tuple[int, ...]) -> Restrictions:
        """The restrictions in force at a node below the claim."""
        r = self.root
        if r is NO_RESTRICTIONS:
            return r
        held = hands[0] | hands[1] | hands[2] | hands[3]
        major = tuple(m & held for m in r.major)
        minor = tuple(m & held for m in r.minor)
        played = self.root_cards - sum(h.bit_count() for h in hands)
        lead = r.lead_seat >= 0 and played < 4 - self.root_trick
        return Restrictions(
            (major[0], major[1], major[2], major[3]), (minor[0], minor[1], minor[2], minor[3]),
            r.lead_seat if lead else -1, r.required if lead else 0,
            r.forbidden if lead else 0, r.retains and lead,
        )

    def legal(self, hands: Hands, trick: tuple[int, ...], seat: int) -> int:
        """*seat*'s legal cards at a node below the claim."""
        return legal_mask(hands[seat], trick, seat, self.restrictions_at(hands, trick))

    def is_designation(self, hands: Hands, trick: tuple[int, ...], seat: int) -> bool:
        """True when declarer designates which of *seat*'s legal cards is played (51A)."""
        r = self.restrictions_at(hands, trick)
        return is_designation(legal_mask(hands[seat], trick, seat, r), seat, r)

    def _value(self, hands: Hands, trick: tuple[int, ...], leader: int) -> int:
        """Tricks for the side to play.

        :raises BudgetExceeded: when the restricted search runs out of nodes: the ruling then
            reports the bounds it proved, never a guess.
        """
        r = self.restrictions_at(hands, trick)
        seat = (leader + len(trick)) % 4
        try:
            v = self.dd.value(hands, trick, leader, r, choice_pending=False)
        except RestrictedBudgetExceeded:
            raise BudgetExceeded from None
        return v if (seat - self.declarer) % 2 == 0 else hands[seat].bit_count() - v

    def tricks(self, hands: Hands, trick: tuple[int, ...], leader: int, trump: int) -> int:
        """Tricks the side to play can take from here, restrictions honoured."""
        return self._value(hands, trick, leader)

    def scores(self, hands: Hands, trick: tuple[int, ...], leader: int, trump: int
               ) -> dict[int, int]:
        """Tricks for the side to play after each of its legal cards."""
        seat = (leader + len(trick)) % 4
        out: dict[int, int] = {}
        for card in range(52):
            if not self.legal(hands, trick, seat) >> card & 1:
                continue
            h = list(hands)
            h[seat] &= ~(1 << card)
            child: Hands = (h[0], h[1], h[2], h[3])
            t = trick + (card,)
            if len(t) < 4:
                nxt = (seat + 1) % 4
                v = self._value(child, t, leader)
                same = (nxt - seat) % 2 == 0
                out[card] = v if same else hands[seat].bit_count() - v
            else:
                winner = (leader + winner_index(t, self.trump)) % 4
                mine = 1 if (winner - seat) % 2 == 0 else 0
                if not child[winner]:
                    out[card] = mine
                    continue
                v = self._value(child, (), winner)
                same = (winner - seat) % 2 == 0
                rest = child[winner].bit_count()
                out[card] = mine + (v if same else rest - v)
        return out

    def scores_many(self, positions: Sequence[tuple[Hands, tuple[int, ...], int]], trump: int
                    ) -> list[dict[int, int]]:
        """:meth:`scores` for each position (no batch: the restricted search is ours)."""
        return [self.scores(hands, trick, leader, trump) for hands, trick, leader in positions]

    def best(self, hands: Hands, trick: tuple[int, ...], leader: int, trump: int) -> int:
        """One best card for the side to play, restrictions honoured."""
        scores = self.scores(hands, trick, leader, trump)
        return max(scores, key=lambda c: (scores[c], -c))
