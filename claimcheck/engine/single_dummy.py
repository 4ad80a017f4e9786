"""Law 69B's "would likely have won had play continued", estimated by single-dummy play.

An agreed claim or concession withdrawn in the correction period gives a trick back only if the
side would *likely* have won it had play continued (69B2). That is a question about what the
players would probably have done knowing only their own cards, dummy and the play so far: not
Law 70's "any normal play", and never its code path (law70.md §5).

The model, at each decision of either side:

1. the player to move (declarer for dummy) deals the cards he cannot see at random between the
   two hands he cannot see, consistent with the play so far: the cards played are gone, each
   hand holds as many cards as it has tricks to play, and a player who showed out of a suit
   holds none of it. Every such layout is equally likely (no inference from which card a
   player chose: the Laws' "likely" is judged on the cards, and inferences from an opponent's
   choice of card are exactly what a director cannot verify);
2. each layout is solved double dummy (DDS, batched), which gives his tricks after each card;
3. he plays the card with the best total over :data:`LAYOUTS_PER_DECISION` layouts he draws,
   among his normal cards (:func:`normal_groups`); ties are broken at random, so a true guess is
   a coin toss, as it is at the table.

The layouts of a decision come from a *pool* solved once a ruling: every consistent layout when
there are at most :data:`EXACT_UP_TO` of them (the player's draw is then exactly a uniform
draw), otherwise :data:`POOL_SIZE` layouts drawn uniformly. Each playout draws its own layouts
from the pool, so playouts differ where the decision is close and agree where it is clear. A
card no better than another in every layout of the pool is not weighed (:func:`undominated`):
it is no guess. The cost of a ruling is then the distinct positions reached, not the playouts.

:func:`estimate` plays the position out from the real cards :data:`DEFAULT_SAMPLES` times (a
seeded :func:`numpy.random.default_rng`: the same seed gives the same playouts) and returns the
distribution of the claimer side's tricks, with one line for each outcome. The probability of
each disputed trick and its interval are :func:`wilson_interval`'s.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import numpy.typing as npt

from claimcheck.bits import SUIT_RANGES, beats, winner_index
from claimcheck.engine.solver import DDSolver

LAYOUTS_PER_DECISION = 16
"""Layouts a player weighs at one decision. Enough to see a 2:1 chance as better than an even
one most of the time; few enough that a close choice stays a close choice (BEN, the open robot
with a sampling claim check, works with a few dozen; ecosystem.md)."""

EXACT_UP_TO = 128
"""A decision with at most this many consistent layouts solves them all: exact, and a true guess
is then an exact coin toss (the symmetric layouts weigh the same)."""

POOL_SIZE = 32
"""Layouts drawn and solved at a decision with more than :data:`EXACT_UP_TO` of them, once a
ruling. Twice :data:`LAYOUTS_PER_DECISION`: the cost of a ruling is the distinct positions
reached times this (benchmarks/README.md)."""

DEFAULT_SAMPLES = 200
"""Playouts a ruling: the interval half-width is then at most about seven points."""

MAX_SAMPLES = 100_000
"""The most playouts one ruling may ask for."""

LIKELY_THRESHOLD = 0.5
"""The probability above which a trick is one the side "would likely have won" (69B2).

The Laws put no number on "likely", and none of our sources does for 69B (law70-practice.md C16
calls it "a probability-style threshold" and stops there): the default, *more likely than not*,
is the director's judgement, and a named setting so that a director or a regulating authority
who reads "likely" otherwise can say so (``--likely-threshold``). Below one half both sides
could "likely" win the same trick, so the setting is at least one half."""

THRESHOLD_SOURCE = ("the director's judgement: the Laws put no number on \"likely\" (69B2); "
                    "the default reads it as more likely than not")

CONFIDENCE_Z = 1.96
"""The normal quantile of the interval: 95 % two-sided."""

Hands = tuple[int, int, int, int]
Play = tuple[int, int]
"""(seat, card int) of one card of a line."""


# --- the interval -----------------------------------------------------------------------------


def wilson_interval(wins: int, samples: int, z: float = CONFIDENCE_Z) -> tuple[float, float]:
    """The Wilson score interval of a probability seen as *wins* out of *samples*.

    Chosen over the plain normal interval because it behaves at 0 and 1 (0 of 200 is not
    "exactly 0", it is "below 1.9 %"), where the certain and impossible tricks of a withdrawn
    concession live.

    >>> lo, hi = wilson_interval(100, 200)
    >>> round(lo, 3), round(hi, 3)
    (0.431, 0.569)
    """
    if samples <= 0:
        return 0.0, 1.0
    p = wins / samples
    z2 = z * z
    centre = (p + z2 / (2 * samples)) / (1 + z2 / samples)
    half = z * math.sqrt(p * (1 - p) / samples + z2 / (4 * samples * samples)) / (1 + z2 / samples)
    return max(0.0, centre - half), min(1.0, centre + half)


# --- the result -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Estimate:
    """The playouts of one ruling: how many tricks the claimer side took, and how often."""

    samples: int
    seed: int
    distribution: tuple[int, ...]
    """Playouts by claimer-side tricks from the position (index 0 .. tricks left)."""
    lines: tuple[tuple[int, tuple[Play, ...]], ...]
    """One line for each outcome seen, (claimer-side tricks, the cards): the first playout that
    ended so."""
    decisions: int
    """Decisions taken over all playouts: a choice left once equal and dominated cards are
    set aside."""
    pools: int
    """Distinct positions where such a choice was left (their layouts weighed by draws)."""
    layouts_solved: int
    """Layouts solved double dummy for the pools (DDS boards)."""
    seconds: float
    dds_seconds: float
    """Time spent inside DDS (part of :attr:`seconds`)."""

    def at_least(self, tricks: int) -> int:
        """Playouts in which the claimer side took at least *tricks* tricks."""
        return sum(self.distribution[max(0, tricks):])

    def at_most(self, tricks: int) -> int:
        """Playouts in which the claimer side took at most *tricks* tricks."""
        return sum(self.distribution[:max(0, tricks + 1)])


# --- the model --------------------------------------------------------------------------------


@dataclass(slots=True)
class _Pool:
    """The layouts solved at one position, and the mover's tricks after each normal card."""

    cards: list[int]
    """The mover's choices: one card of each group of equal cards that is normal for him."""
    scores: npt.NDArray[np.int16]
    """scores[row, i]: tricks for the side to play after cards[i], in the row's layout."""
    rows: npt.NDArray[np.intp]
    """The draws the pool was made of, as rows of :attr:`scores`."""
    weights: npt.NDArray[np.float64] | None = None
    """The chance of drawing each of :attr:`rows` (restricted choice); None for uniform."""


class SingleDummyPlay:
    """Both sides' single-dummy play from one position (see the module docstring).

    *declarer* decides for dummy, and dummy's cards are seen by everyone. The claimer side's
    choices are its normal cards (:func:`normal_groups`); the other side's, every legal card.
    """

    def __init__(self, trump: int, claimer: int, declarer: int, solver: DDSolver,
                 rng: np.random.Generator, *, layouts: int = LAYOUTS_PER_DECISION,
                 pool_size: int = POOL_SIZE, exact_up_to: int = EXACT_UP_TO) -> None:
        self.trump = trump
        self.claimer = claimer
        self.declarer = declarer
        self.dummy = (declarer + 2) % 4
        self.solver = solver
        self.rng = rng
        self.layouts = layouts
        self.pool_size = pool_size
        self.exact_up_to = exact_up_to
        self.decisions = 0
        self.layouts_solved = 0
        self._pools: dict[tuple[object, ...], _Pool | int] = {}

    @property
    def pools(self) -> int:
        """Positions where a choice was left after the layouts were solved."""
        return sum(1 for p in self._pools.values() if isinstance(p, _Pool))

    # --- one decision ---------------------------------------------------------------------

    def choose(self, hands: Hands, trick: tuple[int, ...], leader: int, voids: int,
               line: tuple[Play, ...] = (), in_play: tuple[int, ...] = (),
               led: tuple[int, ...] = ()) -> int:
        """The card the seat to move plays. *voids* has bit ``seat * 4 + suit`` for each
        show-out seen so far; *line* is the play since the start of the estimate,
        *in_play* the cards still in play (hands and trick) before each of its cards and *led*
        the suit led to the trick of each (-1 for a lead)."""
        pool = self._pool(hands, trick, leader, voids, line, in_play, led)
        if isinstance(pool, int):
            return pool
        self.decisions += 1
        picks = (self.rng.integers(0, len(pool.rows), self.layouts) if pool.weights is None
                 else self.rng.choice(len(pool.rows), size=self.layouts, p=pool.weights))
        totals = pool.scores[pool.rows[picks]].sum(axis=0)
        best = np.flatnonzero(totals == totals.max())
        pick = int(best[0]) if len(best) == 1 else int(best[self.rng.integers(0, len(best))])
        return pool.cards[pick]

    def _pool(self, hands: Hands, trick: tuple[int, ...], leader: int, voids: int,
              line: tuple[Play, ...], in_play: tuple[int, ...], led: tuple[int, ...] = ()
              ) -> _Pool | int:
        # The line since the start fixes the position and what the player has seen (the
        # weights of restricted choice depend on the order of the cards, not only on them).
        found = self._pools.get(line)
        if found is not None:
            return found
        seat = (leader + len(trick)) % 4
        decider = self.declarer if seat == self.dummy else seat
        a, b = self._hidden(decider)
        choices = normal_groups(hands, trick, leader, self.trump, seat,
                                (seat + self.claimer) % 2 == 0, (a, b), voids)
        made: _Pool | int
        if len(choices) == 1:
            made = choices[0]  # equal cards, or one normal card: no decision
        else:
            made = self._solve_pool(hands, trick, leader, voids, a, b, choices, line, in_play,
                                    led)
        self._pools[line] = made
        return made

    def _hidden(self, decider: int) -> tuple[int, int]:
        """The two hands *decider* cannot see: the defenders for declarer, else partner and
        declarer."""
        if decider == self.declarer:
            return (self.declarer + 1) % 4, (self.declarer + 3) % 4
        return (decider + 2) % 4, self.declarer

    def _solve_pool(self, hands: Hands, trick: tuple[int, ...], leader: int, voids: int,
                    a: int, b: int, choices: list[int], line: tuple[Play, ...],
                    in_play: tuple[int, ...], led: tuple[int, ...] = ()) -> _Pool | int:
        masks, rows = deal_layouts(hands[a], hands[b], voids >> (4 * a) & 0xF,
                                   voids >> (4 * b) & 0xF, self.pool_size, self.rng,
                                   exact_up_to=self.exact_up_to)
        union = hands[a] | hands[b]
        positions = [(layout, trick, leader) for layout in layout_hands(hands, a, b, masks)]
        solved = self.solver.scores_many(positions, self.trump)
        self.layouts_solved += len(positions)
        scores = np.array([[s[c] for c in choices] for s in solved], dtype=np.int16)
        keep = undominated(scores)
        if len(keep) == 1:
            return choices[int(keep[0])]
        weights = restricted_choice(masks, union, a, b, line, in_play, led)
        p = None
        if weights is not None:
            p = weights[rows]
            p = p / p.sum()
        return _Pool([choices[int(i)] for i in keep], scores[:, keep], rows, p)

    # --- one playout ----------------------------------------------------------------------

    def play_out(self, hands: Hands, trick: tuple[int, ...], leader: int, voids: int
                 ) -> tuple[int, tuple[Play, ...]]:
        """Play to the end from the real cards: (claimer-side tricks, the line)."""
        line: tuple[Play, ...] = ()
        in_play: tuple[int, ...] = ()
        led: tuple[int, ...] = ()
        won = 0
        h = list(hands)
        t = trick
        while True:
            seat = (leader + len(t)) % 4
            if not h[seat]:
                return won, line
            card = self.choose((h[0], h[1], h[2], h[3]), t, leader, voids, line, in_play, led)
            if t and card // 13 != t[0] // 13:
                voids |= 1 << (seat * 4 + t[0] // 13)
            now = h[0] | h[1] | h[2] | h[3]
            for c in t:
                now |= 1 << c
            h[seat] &= ~(1 << card)
            line = (*line, (seat, card))
            in_play = (*in_play, now)
            led = (*led, t[0] // 13 if t else -1)
            t = (*t, card)
            if len(t) == 4:
                leader = (leader + winner_index(t, self.trump)) % 4
                won += 1 if (leader + self.claimer) % 2 == 0 else 0
                t = ()


def normal_groups(hands: Hands, trick: tuple[int, ...], leader: int, trump: int, seat: int,
                  claimer_side: bool, hidden: tuple[int, int], voids: int) -> list[int]:
    """The choices of *seat*: the lowest card of each group of equal legal cards, less, for
    the claimer side, the duck of a sure winner (law70.md §4.3).

    Why not :func:`claimcheck.policy.normal.normal_plays`: its normal cards are the *safe*
    cards of a claim, the ones that keep the tricks he still claims sure. After a withdrawal
    there is no claim to keep sure: play continues, and the test is what he would likely have
    played, which the best average over layouts answers. What is left of §4 is its floor
    (§4.3), the plays no player of any class makes. The one checked here is the one a best
    average picks when every layout scores it the same: following under the opponent's card
    while holding, in the suit led, a card that surely wins the trick (a finesse, which may
    win it, stays normal). The floor's other items (a sure winner discarded, partner's sure
    winner ruffed, a loser led while claiming every trick) need the sure oracle's picture of
    what he needs; they are left to the average, which picks them only when none of the
    layouts he weighs is hurt by them.
    """
    own = hands[seat]
    led = trick[0] // 13 if trick else -1
    legal = own & SUIT_RANGES[led] if led >= 0 and own & SUIT_RANGES[led] else own
    others = hands[0] | hands[1] | hands[2] | hands[3]
    others &= ~own
    for c in trick:
        others |= 1 << c
    reps = _lowest_of_groups(legal, others)
    if not claimer_side or led < 0 or len(reps) == 1 or not legal & SUIT_RANGES[led]:
        return reps
    w = winner_index(trick, trump)
    if (leader + w + seat) % 2 == 0 and _unbeatable(hands, trick, leader, trump, seat,
                                                    trick[w], hidden, voids):
        return reps  # partner's card wins the trick whatever the opponents hold
    if not any(beats(c, trick[w], trump) and _unbeatable(hands, trick, leader, trump, seat, c,
                                                         hidden, voids) for c in reps):
        return reps
    # He holds a sure winner of the trick: a card under the opponent's (a plain duck) is out;
    # a finesse, which may still win the trick, is not.
    return [c for c in reps if beats(c, trick[w], trump)]


def _lowest_of_groups(own: int, others: int) -> list[int]:
    """One card of each group of equal cards of *own* (no card of *others* between them): the
    lowest, as a player plays from equals."""
    out: list[int] = []
    mask = own
    while mask:
        top = mask.bit_length() - 1
        base = top - top % 13
        floor = max((others & ((1 << top) - 1)).bit_length(), base)
        group = mask & ~((1 << floor) - 1)
        out.append((group & -group).bit_length() - 1)
        mask &= (1 << floor) - 1
    return out


def _unbeatable(hands: Hands, trick: tuple[int, ...], leader: int, trump: int, seat: int,
                card: int, hidden: tuple[int, int], voids: int) -> bool:
    """True when no opponent of *seat* still to play to the trick in progress can beat *card*
    in any layout *seat* could imagine: none can hold a higher card of its suit, and none can
    ruff it."""
    suit = card // 13
    higher = SUIT_RANGES[suit] & ~((2 << card) - 1)
    unseen = hands[hidden[0]] | hands[hidden[1]]
    for k in range(len(trick) + 1, 4):
        opp = (leader + k) % 4
        if (opp + seat) % 2 == 0:
            continue  # partner
        if opp in hidden:
            if voids >> (opp * 4 + suit) & 1:
                could_hold, could_void = 0, True
            else:
                could_hold, could_void = unseen & SUIT_RANGES[suit], True
            could_ruff = trump < 4 and not voids >> (opp * 4 + trump) & 1 and bool(
                unseen & SUIT_RANGES[trump])
        else:
            could_hold = hands[opp] & SUIT_RANGES[suit]
            could_void = not could_hold
            could_ruff = trump < 4 and bool(hands[opp] & SUIT_RANGES[trump])
        if could_hold & higher:
            return False
        if suit != trump and could_void and could_ruff:
            return False
    return True


SPOT_RANKS = 8
"""Ranks 2 to 9 (our rank index below 8): the spot cards, alike to a player following suit."""


def restricted_choice(masks: npt.NDArray[np.uint64], union: int, a: int, b: int,
                      line: tuple[Play, ...], in_play: tuple[int, ...],
                      led: tuple[int, ...] = ()) -> npt.NDArray[np.float64] | None:
    """The weight of each layout (hand *a* as in *masks*, hand *b* the rest of *union*) given
    the cards those two hands played in *line*: the chance they would have played them.

    A player who plays one of touching cards (the queen from QJ) is taken to choose among
    them at random (the principle of restricted choice): a layout in which he held the other
    one made that card half as likely. Without this, the layouts consistent with the cards
    played would count a card played from equals as if it had been forced, and overstate
    the vacant places on his side. Only touching cards are equals here (no card still in play
    between them), except that a spot card with which a player *follows suit* (given *led*)
    is taken as a random choice among the spot cards of that suit he held: a defender who
    follows low from Q54 plays the 5 or the 4, from 984 any of three, and without this the
    layouts would lean to the queen being with his partner (vacant places), where a real
    two-way guess with no information is an even chance. The model's own players follow
    with the lowest of equals, which changes nothing for
    the others: whichever of his equals he plays, the weights are the same. None when no
    weight differs from one.
    """
    hand = {a: masks, b: np.uint64(union) ^ masks}
    later = {a: 0, b: 0}
    weights = np.ones(len(masks))
    changed = False
    for i in range(len(line) - 1, -1, -1):
        seat, card = line[i]
        if seat not in later:
            continue
        later[seat] |= 1 << card
        suit = card // 13
        if i < len(led) and led[i] == suit and card % 13 < SPOT_RANKS:
            spots = sum((1 << c) for c in range(13 * suit, 13 * suit + SPOT_RANKS)
                        if (union | later[seat]) >> c & 1)
            if spots & ~(1 << card):
                holding = hand[seat] | np.uint64(later[seat])
                count = np.zeros(len(masks))
                for c in range(13 * suit, 13 * suit + SPOT_RANKS):
                    if spots >> c & 1:
                        count += ((holding >> np.uint64(c)) & np.uint64(1)).astype(np.float64)
                weights /= count
                changed = True
            continue
        ranks = [c for c in range(13 * suit, 13 * suit + 13) if in_play[i] >> c & 1]
        j = ranks.index(card)
        neighbours = (ranks[j - 1:j] + ranks[j + 1:j + 2])
        possible = union | later[seat]
        if not any(possible >> c & 1 for c in neighbours):
            continue  # no layout gives him a touching card: the card was his only one
        holding = hand[seat] | np.uint64(later[seat])
        member = (holding[:, None] >> np.array(ranks, dtype=np.uint64)[None, :]) & np.uint64(1)
        held = member.astype(bool)
        up = np.cumprod(held[:, j + 1:], axis=1).sum(axis=1)
        down = np.cumprod(held[:, :j][:, ::-1], axis=1).sum(axis=1)
        weights /= 1 + up + down
        changed = True
    return weights if changed and np.ptp(weights) > 0 else None


def undominated(scores: npt.NDArray[np.int16]) -> npt.NDArray[np.intp]:
    """The columns of *scores* (layouts x cards) worth weighing: no card worse than another
    in every layout and better in none, and of cards that score alike in every layout, one
    (the last: the lowest card of the choices, as a player plays low from what does not
    matter).

    Why: a dominated card never does better on any draw of layouts, and equal cards are not a
    guess; leaving them to the random tie-break would only multiply the lines played out
    (and the positions to solve) without changing any outcome the player can foresee.
    """
    ge = (scores[:, :, None] >= scores[:, None, :]).all(axis=0)
    gt = (scores[:, :, None] > scores[:, None, :]).any(axis=0)
    dominated = (ge & gt).any(axis=0)
    same = ge & ge.T
    n = scores.shape[1]
    # A later column equal to column j stands for it.
    later_twin = np.triu(same, k=1).any(axis=1)
    keep = ~dominated & ~later_twin
    return np.flatnonzero(keep) if keep.any() else np.arange(n)[-1:]


# --- the layouts ------------------------------------------------------------------------------


def layout_hands(hands: Hands, a: int, b: int, masks: npt.NDArray[np.uint64]) -> list[Hands]:
    """*hands* with the cards of hands *a* and *b* dealt as each of *masks* gives *a*'s."""
    union = hands[a] | hands[b]
    out: list[Hands] = []
    for m in masks:
        layout = list(hands)
        layout[a] = int(m)
        layout[b] = union ^ int(m)
        out.append((layout[0], layout[1], layout[2], layout[3]))
    return out


def deal_layouts(hand_a: int, hand_b: int, void_a: int, void_b: int, pool_size: int,
                 rng: np.random.Generator, *, exact_up_to: int = EXACT_UP_TO
                 ) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.intp]]:
    """The layouts of the cards of two hidden hands that their owner's opponent could imagine.

    Returns (the distinct hands *a* could hold, as masks; the draws as rows into them). The
    counts are the real hands' lengths; a card of a suit one hand is void in (bits of
    *void_a*, *void_b*, one per suit) goes to the other. Every consistent layout when there are
    at most *exact_up_to*, each drawn once; otherwise *pool_size* uniform draws (with repeats,
    solved once).
    """
    union = hand_a | hand_b
    forced_a = 0
    forced_b = 0
    for s in range(4):
        if void_b >> s & 1:
            forced_a |= union & SUIT_RANGES[s]
        if void_a >> s & 1:
            forced_b |= union & SUIT_RANGES[s]
    free = union & ~forced_a & ~forced_b
    free_cards = np.array([c for c in range(52) if free >> c & 1], dtype=np.uint64)
    k = hand_a.bit_count() - forced_a.bit_count()
    n = len(free_cards)
    if k < 0 or k > n:
        # The show-outs contradict the counts: only the real layout fits (cannot happen with
        # a legal play, kept as a guard).
        return np.array([hand_a], dtype=np.uint64), np.zeros(1, dtype=np.intp)
    bits = np.left_shift(np.uint64(1), free_cards)
    if k == 0:
        masks = np.zeros(1, dtype=np.uint64)
    elif math.comb(n, k) <= max(exact_up_to, pool_size):
        chosen = np.array(list(combinations(range(n), k)), dtype=np.intp)
        masks = np.bitwise_or.reduce(bits[chosen], axis=1)
    else:
        # A uniform k-subset per row: the k smallest of n uniform keys (here 0 < k < n).
        keys = rng.random((pool_size, n))
        chosen = np.argpartition(keys, k - 1, axis=1)[:, :k]
        masks = np.bitwise_or.reduce(bits[chosen], axis=1)
    masks = masks | np.uint64(forced_a)
    distinct, rows = np.unique(masks, return_inverse=True)
    return distinct, rows.reshape(-1).astype(np.intp)


# --- the estimate -----------------------------------------------------------------------------


def estimate(hands: Hands, trick: tuple[int, ...], leader: int, trump: int, claimer: int,
             declarer: int, voids: int, *, samples: int = DEFAULT_SAMPLES, seed: int = 0,
             solver: DDSolver | None = None, layouts: int = LAYOUTS_PER_DECISION,
             pool_size: int = POOL_SIZE, exact_up_to: int = EXACT_UP_TO) -> Estimate:
    """Play the position out *samples* times with :class:`SingleDummyPlay` and count the
    claimer side's tricks (trick in progress included)."""
    start = time.perf_counter()
    solver = solver or DDSolver()
    dds_before = solver.seconds
    rng = np.random.default_rng(seed)
    model = SingleDummyPlay(trump, claimer, declarer, solver, rng, layouts=layouts,
                            pool_size=pool_size, exact_up_to=exact_up_to)
    left = max(h.bit_count() for h in hands)
    counts = np.zeros(left + 1, dtype=np.int64)
    lines: dict[int, tuple[Play, ...]] = {}
    for _ in range(samples):
        won, line = model.play_out(hands, trick, leader, voids)
        counts[won] += 1
        lines.setdefault(won, line)
    return Estimate(
        samples=samples, seed=seed, distribution=tuple(int(x) for x in counts),
        lines=tuple(sorted(lines.items())), decisions=model.decisions, pools=model.pools,
        layouts_solved=model.layouts_solved, seconds=time.perf_counter() - start,
        dds_seconds=solver.seconds - dds_before,
    )


__all__ = [
    "CONFIDENCE_Z", "DEFAULT_SAMPLES", "EXACT_UP_TO", "Estimate", "LAYOUTS_PER_DECISION",
    "LIKELY_THRESHOLD",
    "MAX_SAMPLES", "POOL_SIZE", "SingleDummyPlay", "THRESHOLD_SOURCE", "deal_layouts",
    "estimate", "normal_groups", "restricted_choice", "undominated", "wilson_interval",
]
