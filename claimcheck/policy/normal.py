"""What a claimer-side player may normally play at a decision (law70.md version 2, §4).

One principle: **a normal card is a safe card in the claimer's picture of the hand.** The
picture is the real position less the opponents' cards he has forgotten (:attr:`Point.forgotten`)
and with only the show-outs he has noticed (:attr:`Point.known_out`). A card is *safe* when the
tricks he still claims stay sure in that picture after it (the sure oracle,
:mod:`claimcheck.policy.sure`). Careless play comes from the picture being wrong (a forgotten
trump makes cashing a side winner look safe: 70C) and from the freedom a safe plan leaves him
(any order of suits, a careless underplay from spot cards), never from throwing away what he
believes he needs.

At each decision, in order (§4.1):

1. the statement prescribes: the named play is normal, even if unsafe (he said so);
2. otherwise the safe cards, narrowed by the profile (suit order within a suit, the lowest safe
   ruff, no winner discarded while a card he does not need remains, no duck while a sure winner
   is held, no ruff of partner's sure winner);
3. drawing trumps is the routine: while his picture has trumps out, leading one is normal;
4. careless blocking, when the option is on;
5. when no card is safe (§4.2), the cards that keep the most sure tricks: every option of a
   guess is then normal, and the minimum takes the losing one (70E1).

:func:`normal_plays` answers with each card tagged with the id of the rule that admitted it. The
engine minimises over these and over every legal defender card; this module never sees a solver.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from claimcheck.bits import (
    SUIT_RANGES,
    ascending,
    beats,
    groups,
    highest,
    lowest,
    others_of,
    popcount,
    seat_hand,
    suit_bits,
    winner_index,
)
from claimcheck.policy.plan_state import DONE, CompiledPlan, PlanState, active_steps
from claimcheck.policy.profiles import Profile
from claimcheck.policy.rules import (
    CarelessBlocking,
    Concede,
    DefenderPartner,
    Discard,
    DrawsTrumps,
    FollowStatement,
    NoCrash,
    NoSafeCard,
    NoticesBreak,
    Ruff,
    SuitOrder,
    SuitsAnyOrder,
    UnstatedFinesse,
)
from claimcheck.policy.sure import SureOracle

Alt = tuple[int, str]
"""A normal card (card int) and the id of the rule that admitted it; when two rules did, their
ids joined by ``|``, the deciding one first."""


@dataclass(frozen=True, slots=True)
class Options:
    """The options one ruling runs with: profile values and facts about the claim."""

    profile: Profile
    claimer: int
    """The claimer's seat (0..3)."""
    declarer_claim: bool
    """True when the claimer's side is the declaring side (declarer plays both hands)."""
    careless_blocking: bool = False
    """law70.md §4.1.4: an order of safe-looking cashes that strands a winner is normal."""
    draws_trumps: bool = True
    """law70.md §4.1.3: leading trumps to draw them is the routine, even where unsafe."""

    @classmethod
    def for_claim(cls, profile: Profile, claimer: int, declarer_claim: bool,
                  plan: CompiledPlan, novice: bool) -> Options:
        """The options of one claim: careless blocking for a novice (§4.1.4), and the
        trump-drawing routine unless the statement names a ruff or a crossruff (§4.1.3)."""
        names_ruff = any(st.action in ("ruff", "cross-ruff") for st in plan.steps)
        return cls(profile, claimer, declarer_claim, careless_blocking=novice,
                   draws_trumps=not names_ruff)


@dataclass(slots=True)
class Point:
    """A claimer-side decision: the position, the claimer's picture and the plan state."""

    hands: tuple[int, int, int, int]
    trick: tuple[int, ...]
    leader: int
    trump: int
    forgotten: int
    """Opponents' cards the claimer has forgotten (absent from his picture)."""
    known_out: int
    """Show-outs the claimer knows of: bit ``seat * 4 + suit``."""
    ignored_out: int
    """Show-outs during the claimed line the claimer does not notice (notices-break off)."""
    to_concede: int
    """Tricks the claim still concedes: the claimer plays safely for the others."""
    solid: int
    """Claimer-side holdings that had solidity at the claim: bit ``seat * 4 + suit``."""
    plan: CompiledPlan
    state: PlanState
    opts: Options

    @property
    def seat(self) -> int:
        return (self.leader + len(self.trick)) % 4

    @property
    def need(self) -> int:
        """Tricks from here (the trick in progress included) the claimer still claims."""
        return popcount(seat_hand(self.hands, self.seat)) - self.to_concede


LayoutScores = tuple[list[int], list[dict[int, int]], bool]
"""(each layout's weight, times drawn; the claimer side's double-dummy tricks after each legal
card in each layout; whether that was every layout drawn)."""


class Layouts:
    """The claimer side's double-dummy tricks after each legal card over the layouts of the
    outstanding cards his picture allows (the show-outs he knows of respected), solved the
    first time they are wanted, at a decision where §4.2 leaves a choice to weigh or a
    safety question is slow.

    *fetch(stage)* gives the :data:`LayoutScores` of the first ``LAYOUT_DRAWS[stage]`` draws
    of one seeded sequence (every layout, in a seeded order, when there are few), so each
    stage holds the one before it; None when the picture cannot be dealt.
    """

    def __init__(self, fetch: Callable[[int], LayoutScores | None]) -> None:
        self._fetch = fetch
        self.defer = False
        """Set by the caller: a weighing of §4.2 that can only narrow the cards is not done
        but noted in :attr:`deferred`, and the cards come back unweighed (a superset of the
        normal cards, :func:`_weighing_narrows`). The search weighs them only when one of
        them leads to a line below its bound: most decisions prove no line below it from any
        of the cards, and then none from the fewer either."""
        self.deferred = False
        self.unweighed: list[int] = []
        """The cards a deferred weighing is to weigh (:func:`weighed_plays`)."""

    def scores(self, stage: int) -> LayoutScores | None:
        """The layouts of *stage* (an index into :data:`LAYOUT_DRAWS`) and their scores."""
        return self._fetch(stage)

    def refutes(self, card: int, total: int) -> bool:
        """True when a layout of the first stage gives fewer than *total* tricks from the
        decision (the trick in progress included) after *card*: "k tricks sure" means one line
        takes k in every layout the picture allows, so such a layout proves the card keeps
        fewer (law70.md §1). Sound, so it only turns a question that would be given up at its
        cap (as good as "no" to every caller) into a quick "no" at the price of eight DDS
        solves a decision: on vugraph 22050:1 (13 cards), 26 of the 82 safety questions still
        open at 3,000 nodes were refuted. The rungs of §4.2's count it refutes less often:
        those left open are mostly "yes" questions that are deep."""
        got = self._fetch(0)
        if got is None:
            return False
        return min(sc.get(card, total) for sc in got[1]) < total


class AfterDD:
    """The double-dummy tricks from a decision after each legal card, fetched from the solver
    the first time they are wanted (one DDS call a decision at most, none when the oracle's
    quick answers decide every card)."""

    def __init__(self, fetch: Callable[[], dict[int, int]]) -> None:
        self._fetch = fetch
        self._scores: dict[int, int] | None = None

    def scores(self) -> dict[int, int]:
        if self._scores is None:
            self._scores = self._fetch()
        return self._scores


QUICK_QUESTION_CAP = 60
MID_QUESTION_CAP = 200
"""Oracle nodes a card left open by the quick question is given next, still before the
double-dummy filter: on the real claims of 8 cards, 137 of 299 filter calls refuted no card,
and most open cards are decided within this cap. The answers are the oracle's either way; on
the audit of ../shared/data the same rulings, 7.6% less ruling time (at 400 one ruling ran
out of budget; at 200 none)."""
"""Oracle nodes a card's safety is first given before the double-dummy filter is fetched: most
questions end within it (a winner cashed, trumps counted), and those need no solver call."""


def normal_plays(p: Point, oracle: SureOracle, dd_after: AfterDD | None = None,
                 layouts: Layouts | None = None) -> list[Alt]:
    """The normal cards of the claimer-side seat to play at *p*, each with its rule id.

    *dd_after*, when given (full-awareness pictures only), gives the double-dummy tricks from
    here after each legal card: the real layout is one of the picture's, so a card after which
    DD falls short of the tricks still claimed cannot be safe, and the oracle need not prove it.
    It is asked only for the cards the oracle does not decide quickly. *layouts*, when given,
    weighs the cards that tie when no card is safe (§4.2, :func:`_likeliest`); without it they
    all stay normal.
    """
    seat = p.seat
    own = seat_hand(p.hands, seat)
    trick = p.trick
    led = trick[0] // 13 if trick else -1
    legal = own
    if led >= 0 and own & SUIT_RANGES[led]:
        legal = own & SUIT_RANGES[led]
    if not p.opts.declarer_claim and seat != p.opts.claimer:
        return _partner_plays(p, oracle, seat, legal, dd_after)
    if p.plan.steps:
        prescribed = _prescribed(p, seat, legal, led)
        if prescribed:
            return prescribed
    if p.plan.steps and trick:
        reserved = _reserved(p) & legal
        if reserved and legal & ~reserved:
            # The statement keeps these cards for a later step ("then the ace and king in
            # dummy"): he does not spend them now, even where that blocks the suit (he said so).
            return [(c, FollowStatement.id) for c in groups(legal & ~reserved, _others(p, seat))]
    cands = groups(legal, _others(p, seat))
    if len(cands) == 1:
        return [(cands[0], _tag(p, seat, cands[0], _default_rule(p, seat, cands[0])))]
    safe = _safe_cards(p, oracle, seat, cands, dd_after, layouts)
    if safe:
        alts = _narrow(p, seat, safe)
        alts += _routine(p, seat, [c for c, _ in alts])
        return alts
    return _fallback(p, oracle, seat, cands, layouts)


def first_normal_lead(p: Point, oracle: SureOracle, dd_after: AfterDD | None = None,
                      layouts: Layouts | None = None) -> Alt | None:
    """The first of :func:`normal_plays` at a claimer-side lead, or None where no card is
    safe (and where a statement or a partner's choice decides the lead: the caller takes
    them all). The normal leads are the safe ones narrowed suit by suit, the suits in order
    (:func:`_leads`), and the routine's trump comes after them: so the first normal lead is
    that of the first suit with a safe card, and the suits after it need not be asked. The
    answers are the oracle's as in :func:`normal_plays`; only fewer questions are put."""
    seat = p.seat
    if p.trick or p.plan.steps or (not p.opts.declarer_claim and seat != p.opts.claimer):
        return None
    cands = groups(seat_hand(p.hands, seat), _others(p, seat))
    if len(cands) == 1:
        return None  # one card to lead: normal_plays tags it without a question
    for suit in sorted({c // 13 for c in cands}):
        safe = _safe_cards(p, oracle, seat, [c for c in cands if c // 13 == suit], dd_after,
                           layouts)
        if safe:
            return _leads(p, seat, safe)[0]
    return None


# --- the picture ------------------------------------------------------------------------------


def _reserved(p: Point) -> int:
    """Cards a later phase of the plan names to be played (cashed, played, finessed)."""
    current = -1
    out = 0
    for step, done in zip(p.plan.steps, p.state, strict=True):
        if done >= DONE:
            continue
        if current < 0:
            current = step.phase
        if step.phase > current and step.action in ("cash", "play", "finesse") and step.cards:
            out |= step.cards
    return out


def _others(p: Point, seat: int) -> int:
    """Cards still in play outside *seat*'s hand, trick cards included (for equivalence)."""
    return others_of(p.hands, seat, p.trick)


def _believed_opp(p: Point, seat: int) -> int:
    """The opponents' cards in the claimer's picture."""
    return (seat_hand(p.hands, (seat + 1) % 4) | seat_hand(p.hands, (seat + 3) % 4)) & ~p.forgotten


def _is_believed_winner(card: int, believed_opp: int) -> bool:
    """True when no card the claimer believes the opponents hold beats *card* in its suit."""
    return suit_bits(believed_opp, card // 13).bit_length() - 1 < card % 13


def after_card(p: Point, seat: int, card: int) -> tuple[tuple[int, int, int, int], tuple[int, ...],
                                                   int, int]:
    """The hands, trick, leader and claimer-side tricks won after *seat* plays *card*."""
    bit = 1 << card
    h = p.hands
    hands = (h[0] & ~bit if seat == 0 else h[0], h[1] & ~bit if seat == 1 else h[1],
             h[2] & ~bit if seat == 2 else h[2], h[3] & ~bit if seat == 3 else h[3])
    trick = p.trick + (card,)
    if len(trick) < 4:
        return hands, trick, p.leader, 0
    winner = (p.leader + winner_index(trick, p.trump)) % 4
    return hands, (), winner, 1 if (winner - seat) % 2 == 0 else 0


SAFE_QUESTION_CAP = 30_000
"""Oracle nodes one "is this card safe?" may take. A card whose safety only a search that deep
can show is not one the claimer sees as safe: it is treated as unsafe, and counted."""


def _safe(p: Point, oracle: SureOracle, seat: int, card: int, need: int,
          cap: int = SAFE_QUESTION_CAP) -> bool | None:
    """True when the tricks still claimed stay sure in the picture after *card*, False when
    not, None when the question is given up at *cap* oracle nodes."""
    hands, trick, leader, won = after_card(p, seat, card)
    return oracle.decide(hands, trick, leader, p.forgotten, p.known_out, need - won, cap)


SLOW_QUESTION_CAP = 3_000
"""Oracle nodes after which a question is slow: before it may take the rest of its cap (its
30,000 in all), the layouts of his picture are asked whether one already refutes it
(:meth:`Layouts.refutes`)."""


def _sure_after(p: Point, oracle: SureOracle, after: tuple[tuple[int, int, int, int],
                tuple[int, ...], int, int], card: int, k: int, layouts: Layouts | None
                ) -> bool:
    """True when *k* tricks are proved sure in the picture *after* (:func:`after_card`'s
    hands, trick, leader and tricks won) *card*, within :data:`SAFE_QUESTION_CAP` oracle nodes
    in all: a question still open after :data:`SLOW_QUESTION_CAP` is first put to the
    layouts."""
    hands, trick, leader, won = after
    got = oracle.decide(hands, trick, leader, p.forgotten, p.known_out, k, SLOW_QUESTION_CAP)
    if got is None and not (layouts is not None and layouts.refutes(card, won + k)):
        got = oracle.decide(hands, trick, leader, p.forgotten, p.known_out, k,
                            SAFE_QUESTION_CAP - SLOW_QUESTION_CAP)
    return got is True


def _safe_cards(p: Point, oracle: SureOracle, seat: int, cands: list[int],
                dd_after: AfterDD | None, layouts: Layouts | None = None) -> list[int]:
    """The safe cards among *cands*, in their order: each asked quickly first, then with a
    little more room (:data:`MID_QUESTION_CAP`); the cards left open are filtered by double
    dummy (a card that falls short in the real layout is not safe) and then asked in full, a
    slow question first put to the layouts (:func:`_sure_after`). The answers are the
    oracle's either way; the filters only spare the solver call where the quick answers
    suffice, and the oracle where they do not."""
    need = p.need
    if need <= 0:
        return list(cands)
    safe: set[int] = set()
    undecided = list(cands)
    for cap in (QUICK_QUESTION_CAP, MID_QUESTION_CAP):
        still: list[int] = []
        for c in undecided:
            answer = _safe(p, oracle, seat, c, need, cap)
            if answer is True:
                safe.add(c)
            elif answer is None:
                still.append(c)
        undecided = still
    if undecided:
        scores = dd_after.scores() if dd_after is not None else None
        for c in undecided:
            if scores is not None and scores.get(c, need) < need:
                continue
            after = after_card(p, seat, c)
            if _sure_after(p, oracle, after, c, need - after[3], layouts):
                safe.add(c)
    return [c for c in cands if c in safe]


def _most_after(p: Point, oracle: SureOracle, seat: int, card: int, cap: int,
                at_least: int = 0, layouts: Layouts | None = None) -> int:
    """The most tricks proved sure after *card* (each step given up at the question cap, a
    slow one first put to the layouts: :func:`_sure_after`), when that is at least
    *at_least*; below it, any smaller number (the caller compares only)."""
    after = after_card(p, seat, card)
    won = after[3]
    k = 0
    if at_least > won:
        # One question at the level to beat instead of a ladder up to it: sure(k) implies
        # sure(k - 1), so the rungs below it say nothing the caller needs.
        if not _sure_after(p, oracle, after, card, at_least - won, layouts):
            return at_least - 1
        k = at_least - won
    while k < cap - won and _sure_after(p, oracle, after, card, k + 1, layouts):
        k += 1
    return won + k


def _threats_after(p: Point, seat: int, trick: tuple[int, ...]) -> tuple[int, list[int]]:
    """The picture's cards that could still beat the trick after *trick* (defenders to play)."""
    led = trick[0] // 13
    believed = _believed_opp(p, seat)
    later = [(p.leader + i) % 4 for i in range(len(trick), 4)]
    opps = [s for s in later if (s - seat) % 2 == 1]
    threat = 0
    for s in opps:
        if not p.known_out >> (s * 4 + led) & 1:
            threat |= believed & SUIT_RANGES[led]
        # A defender who has shown out of trumps cannot ruff: his partner's trumps are no
        # threat through him (vugraph 39010:5-2: the ♦A under which South ducked the ♦7, as
        # if West, void in clubs since trick one, could ruff it).
        if p.trump < 4 and led != p.trump and not p.known_out >> (s * 4 + p.trump) & 1:
            threat |= believed & SUIT_RANGES[p.trump]
    return threat, later


def _trick_sure(p: Point, seat: int, card: int) -> bool:
    """True when, in the picture, the claimer side surely wins the trick after *card*: its card
    winning so far beats every threat still to come, or partner, still to play, holds a card
    of the suit led above everything in it."""
    trick = p.trick + (card,)
    led = trick[0] // 13
    threat, later = _threats_after(p, seat, trick)
    win = winner_index(trick, p.trump)
    win_seat = (p.leader + win) % 4
    best = trick[win]
    if (win_seat - seat) % 2 == 0 and _above_threats(best, threat, p.trump):
        return True
    partner = (seat + 2) % 4
    if partner in later:
        top = highest(seat_hand(p.hands, partner) & SUIT_RANGES[led])
        if top >= 0 and beats(top, best, p.trump) and _above_threats(top, threat, p.trump):
            return True
    return False


def _above_threats(card: int, threat: int, trump: int) -> bool:
    """True when no card of *threat* beats *card*. A function of its own, not a closure: a
    closure and its environment refer to each other, and this one, made at every safety
    question, was nearly all the cyclic garbage of a ruling (23,000 objects in 20,000 search
    nodes of vugraph 19050:2), which kept the collector busy."""
    return all(not beats(t, card, trump) for t in ascending(threat))


# --- the safe cards, narrowed by the profile --------------------------------------------------


def _narrow(p: Point, seat: int, safe: list[int]) -> list[Alt]:
    if not p.trick:
        return _leads(p, seat, safe)
    led = p.trick[0] // 13
    if seat_hand(p.hands, seat) & SUIT_RANGES[led]:
        return _follows(p, seat, safe)
    return _void(p, seat, safe)


def _picture_classes(p: Point, seat: int, cards: list[int]) -> list[list[int]]:
    """*cards* (one suit) split into the classes the claimer sees as equal: no card of his
    picture outside this hand (opponents' cards he remembers, partner's, the trick's) between."""
    seen = (_others(p, seat) & ~p.forgotten)
    out: list[list[int]] = []
    for c in sorted(cards, reverse=True):
        if out:
            prev = out[-1][-1]
            between = seen & ((1 << prev) - 1) & ~((2 << c) - 1)
            if prev // 13 == c // 13 and not between:
                out[-1].append(c)
                continue
        out.append([c])
    return out


def _leads(p: Point, seat: int, safe: list[int]) -> list[Alt]:
    """Safe leads: every suit with one, in any order (a list of tricks is not an order); within
    a suit, the cards the profile's order allows among those he sees as equal (70E2)."""
    order = p.opts.profile.suit_order
    suits = sorted({c // 13 for c in safe})
    believed = _believed_opp(p, seat)
    alts: list[Alt] = []
    for s in suits:
        mine = [c for c in safe if c // 13 == s]
        top_held = highest(seat_hand(p.hands, seat) & SUIT_RANGES[s])
        if (order == "top-down" and len(mine) > 1 and top_held in mine
                and _is_believed_winner(top_held, believed)):
            # ACBL 2019: a suit headed by a winner is deemed played from the top.
            alts.append((top_held, _tag(p, seat, top_held, SuitOrder.id)))
            continue
        for cls in _picture_classes(p, seat, mine):
            top = cls[0]
            if order == "top-down" or (order == "top-down-if-solid"
                                       and p.solid >> (seat * 4 + s) & 1):
                chosen = [top]
            else:
                chosen = cls
            for c in chosen:
                if not _is_believed_winner(c, believed) and p.to_concede > 0 and not (
                        _to_partner(p, seat, c, believed)):
                    rid = Concede.id
                elif c != top or (len(cls) > 1 and order != "any"):
                    rid = SuitOrder.id
                else:
                    rid = SuitsAnyOrder.id
                alts.append((c, _tag(p, seat, c, rid)))
    return alts


def _to_partner(p: Point, seat: int, card: int, believed: int) -> bool:
    """True when *card* is led towards a winner of partner's in its suit."""
    top = highest(seat_hand(p.hands, (seat + 2) % 4) & SUIT_RANGES[card // 13])
    return top > card and _is_believed_winner(top, believed)


def _follows(p: Point, seat: int, safe: list[int]) -> list[Alt]:
    """Safe cards of the suit led. When one of them surely wins the trick (or leaves it to
    partner's sure winner), a card that lets the trick go is a duck or a finesse he has no
    reason for (§4.3): not normal."""
    sure = [c for c in safe if _trick_sure(p, seat, c)]
    chosen = sure or safe
    win_seat, _ = _current_winner(p)
    partner_winning = win_seat == (seat + 2) % 4
    believed = _believed_opp(p, seat)
    if _partner_wins(p, seat):
        # Partner's card wins the trick, or would but for a ruff that no card of his suit
        # prevents: no crash of two winners on it (C3) while a card he sees as a loser is
        # safe too.
        losers = [c for c in chosen if not _is_believed_winner(c, believed)]
        chosen = losers or chosen
    out: list[Alt] = []
    for c in chosen:
        if partner_winning and c == lowest(seat_hand(p.hands, seat) & SUIT_RANGES[c // 13]):
            rid = NoCrash.id
        elif (c in sure and not _is_believed_winner(c, believed)
              and beats(c, p.trick[winner_index(p.trick, p.trump)], p.trump)):
            # It wins the trick for sure though a higher card is out: a finesse marked by a
            # show-out, credited (70E1(a)).
            rid = UnstatedFinesse.id
        else:
            rid = SuitOrder.id
        out.append((c, _tag(p, seat, c, rid)))
    return out


def _void(p: Point, seat: int, safe: list[int]) -> list[Alt]:
    """Void in the suit led: a safe ruff (the lowest one under ACBL 2019) unless partner's card
    wins the trick, or would but for a ruff (ruffing it is irrational, §4.3:
    :func:`_partner_wins`); a safe discard, never a sure winner while a
    card he does not need remains, nor while a safe ruff takes the opponents' trick."""
    trump = p.trump
    win_seat, win_card = _current_winner(p)
    ruffs = [c for c in safe if trump < 4 and c // 13 == trump and beats(c, win_card, trump)]
    rest = [c for c in safe if c not in ruffs]
    if rest and _partner_wins(p, seat):
        ruffs = []
    if ruffs and p.opts.profile.ruff == "lowest":
        ruffs = [min(ruffs)]
    believed = _believed_opp(p, seat)
    losers = [c for c in rest if _spare(p, seat, c, believed)]
    discards = losers or rest
    if _winner_thrown_for_nothing(p, seat, win_seat, ruffs, losers):
        # As where no card is safe (:func:`_floor`), even when the tricks he has won leave one
        # to spare (vugraph 29050:11-2: the ♣A thrown on West's ♦Q with ♥T6 in hand, the ♠K
        # having dropped).
        discards = []
    out = [(c, _tag(p, seat, c, Ruff.id)) for c in ruffs]
    out += [(c, _tag(p, seat, c, Discard.id)) for c in discards]
    return out


def _plays_low(p: Point, seat: int, kept: list[int], no_guess: bool) -> list[int]:
    """Of *kept*, the cards he would play where no card of his decides the trick (he discards,
    or follows where none of his cards beats the winning one or under partner's sure winner:
    *no_guess*, :func:`_no_guess`; or he leads towards partner's winner of the suit): of two
    cards of a suit with no card of partner's between them, the lower. The higher does all
    the lower does (it stands in the same place against partner's cards, so it blocks or
    unblocks nothing more) and beats the opponents' cards between them too: playing it is
    throwing away what he may need, not a guess of 70E1.
    Throwing the ♣9 of ♣AQ974 opposite ♣KT rather than the ♣4, on a heart, under partner's ♣K or
    led to it (vugraph 24030:27), gave the fifth club to West's ♣8, and no director calls it
    normal. Ruffs stay as they are: ruffing low where an overruff may come is careless, not
    irrational."""
    partner = seat_hand(p.hands, (seat + 2) % 4)
    trump_ruff = bool(p.trick) and p.trump < 4 and not seat_hand(p.hands, seat) & SUIT_RANGES[
        p.trick[0] // 13]
    if trump_ruff:
        win_seat, win_card = _current_winner(p)
        if win_seat == (seat + 2) % 4 and win_card // 13 == p.trump:
            # Partner's trump is winning: a trump of his is no ruff for the trick but a
            # choice of what to keep, and partner's trump stands between his like a card
            # held (the ♠Q over dummy's ♠T still takes the lead; the ♠9 under it does
            # nothing the ♠4 does not: vugraph 05050:10-2).
            trump_ruff = False
            partner |= 1 << win_card
    believed = _believed_opp(p, seat)
    out = []
    for y in kept:
        s = y // 13
        if (trump_ruff and s == p.trump) or not (no_guess or (
                not p.trick and _to_partner(p, seat, y, believed))):
            out.append(y)
            continue
        lower = [x for x in kept if x // 13 == s and x < y]
        if not any(not partner & ((1 << y) - 1) & ~((2 << x) - 1) for x in lower):
            out.append(y)
    return out


def _no_guess(p: Point, seat: int) -> bool:
    """True when the card *seat* plays cannot decide the trick in progress: he cannot follow
    (he ruffs or discards), none of the cards he can follow with beats the card winning it,
    or partner's card surely wins it. Which card he then plays is a matter of what he keeps,
    not a finesse or a drop (70E1)."""
    if not p.trick:
        return False  # a lead is asked card by card (:func:`_plays_low`)
    followable = seat_hand(p.hands, seat) & SUIT_RANGES[p.trick[0] // 13]
    if not followable:
        return True
    win_seat, win_card = _current_winner(p)
    if not any(beats(c, win_card, p.trump) for c in ascending(followable)):
        # None of the cards he can follow with beats the card winning the trick (partner's
        # ace that a ruff may still beat, or an opponent's higher card): whichever he plays,
        # the trick goes as it would have; what differs is what he keeps (vugraph 31050:1:
        # the ♣Q of ♣Q42 under dummy's ♣A is no finesse of 70E1).
        return True
    return win_seat == (seat + 2) % 4 and _trick_sure_now(p, seat)


def _spare(p: Point, seat: int, card: int, believed: int) -> bool:
    """True when throwing *card* costs nothing he believes he needs: it is no winner in his
    picture, or a winner whose suit cashes as many tricks without it (:func:`_expendable`).
    A safe discard throws such a card while one remains, and so does a follow that decides
    nothing in the no-safe-card fallback."""
    return not _is_believed_winner(card, believed) or _expendable(p, seat, card, believed)


def _expendable(p: Point, seat: int, card: int, believed: int) -> bool:
    """A winner he can throw without losing a trick of its suit in his picture: partner
    holds enough higher cards to take its place, and the suit cashes as many tricks without
    it. From the top, a suit gives the claimer side as many tricks as it holds cards above
    every card he believes out, but no more than its longer hand holds: the ♠Q opposite ♠AK
    (or ♠Qx opposite ♠AK) gives two tricks with or without the queen, so the queen is spare;
    ♦K85 opposite ♦AQ6 gives three, and two without the king, so the king is not (bbo
    speedball 10-17: dummy's ♦K thrown on the first trump while it held four losers)."""
    s = card // 13
    mine = seat_hand(p.hands, seat) & SUIT_RANGES[s]
    partner = seat_hand(p.hands, (seat + 2) % 4) & SUIT_RANGES[s]
    if popcount(partner >> (card + 1)) < popcount(mine >> (card + 1)) + 1:
        return False  # partner holds too few cards above it to take its place
    top = ~((1 << (believed & SUIT_RANGES[s]).bit_length()) - 1)
    winners = popcount((mine | partner) & top)
    longer = max(popcount(mine), popcount(partner))
    after = min(winners - 1, max(popcount(mine) - 1, popcount(partner)))
    return after >= min(winners, longer)


def _trick_sure_now(p: Point, seat: int) -> bool:
    """True when the trick's winning card (partner's) beats every threat still to come."""
    threat, _ = _threats_after(p, seat, p.trick + (-1,))
    _, best = _current_winner(p)
    return _above_threats(best, threat, p.trump)


def _partner_wins(p: Point, seat: int) -> bool:
    """True when partner's card wins the trick in progress in the picture, or would but for a
    ruff: it is the master of the suit led there, and only an opponent still to play, void in
    his picture and holding a trump, could beat it. Ruffing that card while a discard keeps
    the claim sure is ruffing partner's winner (§4.3): against trumps he cannot place every
    side winner is ruffable by someone, so "sure" alone would never see it in a forgotten-trump
    picture (vugraph 30090:45-2: West ruffed dummy's good ♣K with the ♥A, holding the ♠A to
    throw; 09050:19-2: South ruffed dummy's ♠K and ♠Q with the ♥K and ♥J, holding the ♦Q)."""
    win_seat, win_card = _current_winner(p)
    if win_seat != (seat + 2) % 4:
        return False
    if _trick_sure_now(p, seat):
        return True
    s = win_card // 13
    if s == p.trump:
        return False  # partner's trump can be overruffed: not a master of the suit led
    return not _believed_opp(p, seat) & SUIT_RANGES[s] & ~((2 << win_card) - 1)


def _routine(p: Point, seat: int, have: list[int]) -> list[Alt]:
    """Drawing trumps (§4.1.3) and, when the option is on, careless blocking (§4.1.4): normal
    even where unsafe."""
    out: list[Alt] = []
    trump = p.trump
    own = seat_hand(p.hands, seat)
    believed = _believed_opp(p, seat)
    if p.trick:
        led = p.trick[0] // 13
        win_seat, win_card = _current_winner(p)
        low = lowest(own & SUIT_RANGES[led])
        if (p.opts.careless_blocking and low >= 0 and low not in have
                and win_seat == (seat + 2) % 4 and _is_believed_winner(win_card, believed)):
            # Playing low under partner's winner, where the unblock was needed (C5).
            out.append((low, NoCrash.id))
        return out
    if (p.opts.draws_trumps and trump < 4 and believed & SUIT_RANGES[trump]
            and own & SUIT_RANGES[trump]
            and not any(c // 13 == trump for c in have)):
        # The routine is for a claim that needed something else first (a ruff, a crossruff):
        # where a trump lead is safe, the claimer who draws trumps has it among the safe
        # cards, and drawing with the top trump instead, which spends partner's entry, is
        # careless blocking (§4.1.4), not the routine (vugraph 22050:19: ♠Q from ♠Q3 under
        # which South's ♠8 must fall, his ♥AKQ stranded).
        mine = own & SUIT_RANGES[trump]
        card = highest(mine)
        # Drawing means leading a trump that draws theirs: a top trump. Leading a losing
        # trump into their higher one gives up the lead, which is no routine.
        if _is_believed_winner(card, believed):
            out.append((card, DrawsTrumps.id))
    if p.opts.careless_blocking:
        for s in range(4):
            mine = own & SUIT_RANGES[s]
            if not mine:
                continue
            card = highest(mine)
            if card not in have and _is_believed_winner(card, believed) and not (
                    trump < 4 and s != trump and believed & SUIT_RANGES[trump]):
                out.append((card, CarelessBlocking.id))
    return out


def _fallback(p: Point, oracle: SureOracle, seat: int, cands: list[int],
              layouts: Layouts | None) -> list[Alt]:
    """No card is safe (§4.2): the cards that keep the most sure tricks in his picture, and of
    those, the ones not plainly worse over the layouts he can imagine (:func:`_likeliest`).
    Where what remains is a guess, every option is normal and the minimum takes the losing one
    (70E1); a card marked by a show-out is sure in the picture, so it is no guess."""
    left = popcount(seat_hand(p.hands, seat))
    cands = _floor(p, seat, cands)
    # The best score found first, then each other card needs only to be asked whether it
    # reaches it (one question, not a ladder). The double-dummy tricks after each card would
    # cap each ladder (sure tricks never exceed them) but cost a DDS call a node: with the
    # oracle in C, that call was most of the time of the slow rulings (vugraph 21030:5-2:
    # 128,406 DDS calls, 30 s; without, 18 calls, 6 s, the same nodes within 3%).
    best = -1
    scores: dict[int, int] = {}
    for c in cands:
        scores[c] = _most_after(p, oracle, seat, c, left, max(best, 0), layouts)
        best = max(best, scores[c])
    kept = _ties(p, seat, [c for c in cands if scores.get(c, -1) == best])
    no_guess = _no_guess(p, seat)
    if layouts is not None and len({c // 13 for c in kept}) > 1:
        if layouts.defer and _weighing_narrows(p, seat, kept):
            layouts.deferred = True
            layouts.unweighed = list(kept)
        else:
            kept = _likeliest(kept, layouts)
    return _fallback_plays(p, seat, kept, no_guess)


def weighed_plays(p: Point, layouts: Layouts) -> list[Alt]:
    """The normal cards of a decision whose weighing was deferred (:attr:`Layouts.defer`):
    the fallback finished from the cards it had kept, weighed now. Nothing is asked of the
    oracle again: a question given up at its cap the first time may be decided the second
    (the memo has grown since), and the cards would then no longer be the ones the search
    took as their superset (vugraph 36070:22-2, deferred at eight cards: upheld 6 instead of
    adjusted 5)."""
    seat = p.seat
    kept = _likeliest(layouts.unweighed, layouts)
    return _fallback_plays(p, seat, kept, _no_guess(p, seat))


def _fallback_plays(p: Point, seat: int, kept: list[int], no_guess: bool) -> list[Alt]:
    """:func:`_fallback` from the cards it keeps (weighed, or left unweighed)."""
    kept = _plays_low(p, seat, kept, no_guess)
    if no_guess and len(kept) > 1 and seat_hand(p.hands, seat) & SUIT_RANGES[p.trick[0] // 13]:
        # He follows and none of his cards decides the trick: what differs is what he keeps,
        # and no card is being played for (no guess of 70E1). A winner whose suit then cashes
        # a trick fewer from the top in his picture is thrown away while a lower card
        # remains, and that is not normal (§4.1: never throwing what he believes he needs):
        # vugraph 31050:1, the ♣Q of ♣Q42 under dummy's ♣A with dummy's ♣K87 left, where
        # partner's ♣87 between them had kept it normal as an unblocking. Where throwing it
        # is an unblocking that the suit needs, the lower card is the worse one, and the
        # minimum takes it anyway.
        believed = _believed_opp(p, seat)
        low = min(kept)
        kept = [c for c in kept if c == low or _spare(p, seat, c, believed)]
    alts = _narrow(p, seat, kept)
    if len(alts) > 1 and len({c // 13 for c, _ in alts}) == 1 and not no_guess:
        # Within one suit, the options are a guess (finesse or drop, which opponent to play
        # for the card): none is credited (70E1). Where his card decides no trick (a
        # discard, a card under partner's sure winner), they are no finesse: no-safe-card.
        return [(c, _tag(p, seat, c, UnstatedFinesse.id)) for c, _ in alts]
    # The ids of the safe cards ("any safe lead", "a safe discard") would say the opposite of
    # what happened; a finesse marked by a show-out keeps its own.
    return [(c, rid if UnstatedFinesse.id in rid.split("|") else _tag(p, seat, c, NoSafeCard.id))
            for c, rid in alts]


def _weighing_narrows(p: Point, seat: int, kept: list[int]) -> bool:
    """True when the normal cards after weighing *kept* (:func:`_likeliest`, which keeps
    whole suits, the best one always) are among those without it, whatever it keeps: so a
    search that proves no line below its bound from the unweighed cards has proved it for
    the weighed ones too. The steps after the weighing work suit by suit (:func:`_plays_low`,
    :func:`_leads`) except a discard's (:func:`_void`): there a ruff of partner's winner is
    dropped only while another card remains, and a winner thrown only while a spare card
    does, and a weighing that left neither would bring them back."""
    if not p.trick or seat_hand(p.hands, seat) & SUIT_RANGES[p.trick[0] // 13]:
        return True
    believed = _believed_opp(p, seat)
    win_seat, win_card = _current_winner(p)
    low = _plays_low(p, seat, kept, True)
    for s in {c // 13 for c in low}:
        cards = [c for c in low if c // 13 == s]
        ruffs = [c for c in cards if p.trump < 4 and s == p.trump and beats(c, win_card, p.trump)]
        if ruffs and win_seat == (seat + 2) % 4:
            return False  # partner's winner ruffed, were the trumps all that stayed
        rest = [c for c in cards if c not in ruffs]
        if rest and not any(_spare(p, seat, c, believed) for c in rest):
            return False  # winners thrown, were this suit all that stayed
    return True


LIKELY_MARGIN = 0.5
"""How much worse than the best, in tricks on average over the layouts of his picture, a suit's
best card may be, among cards that keep as many sure tricks, for that suit's cards to stay
normal when no card is safe (§4.2): half a trick or more is plainly worse."""


def _likeliest(kept: list[int], layouts: Layouts) -> list[int]:
    """Of cards that keep as many sure tricks, those of the suits not plainly worse over the
    layouts.

    Why: "the most sure tricks" counts what survives every layout, so it ties a card that wins
    the trick in front of him in most layouts with one that gives it away in all (vugraph
    10050:3: East throws the ♣7 on the ♥Q instead of ruffing, when ruffing and cashing the ♣K
    fail only to a layout the picture cannot rule out; 38010:2-2: West throws the ♥9 on a
    diamond he could ruff). Both keep one sure trick; no director calls the discard a normal
    way to play for the rest. Suits are weighed, not cards: within a suit the options are the
    guess of 70E1 (finesse or drop, which card to play for), and an unstated finesse is not
    credited however likely it is, so every card of a suit that is not plainly worse stays
    normal and the minimum still takes the losing one. Between suits, a real choice of line
    (a finesse in one suit or a break in another) is close on average and stays a choice.
    """
    stage = 0
    while True:
        got = layouts.scores(stage)
        if got is None:
            return kept
        weights, scores, complete = got
        count = sum(weights)
        gaps = _suit_gaps(kept, weights, scores)
        if complete or stage + 1 == len(LAYOUT_DRAWS) or not any(
                _too_close(gap, sd, count) for gap, sd in gaps.values() if gap or sd):
            break
        # Too close to call on these layouts: the next stage's draws, which hold these.
        stage += 1
    # A suit still too close to call on the most layouts is a doubtful point, resolved
    # against the claimer (70A): it is not plainly worse, so it stays normal. Cut at the
    # margin itself, the draw decides every call near it; a band around it leaves the draw
    # only the calls at its edges (usbf_sf_14502:50 is one: 0.55 of a trick behind over all
    # 3,432 layouts, 0.45 to 0.75 on four seeds' 64).
    return [c for c in kept if gaps[c // 13][0] < LIKELY_MARGIN * count
            or not complete and _too_close(*gaps[c // 13], count)]


LAYOUT_DRAWS = (8, 16, 32, 64)
"""Layouts §4.2 weighs at each stage (the first ones of one seeded draw, every layout when
there are no more): the next stage is solved only while a suit's average gap is too close to
:data:`LIKELY_MARGIN` to call on the layouts so far (:func:`_too_close`). With eight, then
sixteen at most, 3 of the 161 real rulings whose worst line falls back on §4.2 changed with
the seed (four seeds tried): usbf_sf_14502:50, the ♠ lead 0.55 of a trick behind the ♣ over
all 3,432 layouts, came out 0.25 behind on one draw of eight (kept: N 3) and 1.25 on another
(dropped: N 5). With these stages, 2 of the 161 changed over the same four seeds, for 7% more
ruling time on the audit of ../shared/data (pbnref_correct_21:16, the slowest: 7,435 boards
solved, now 25,934)."""

CLOSE_Z = 2.0
"""Standard errors within which an average gap is too close to the margin to call."""

GAP_SD_FLOOR = 0.75
"""The least spread of a suit's per-layout gap the closeness test assumes: on eight layouts
that agree by chance, the spread they show understates the one over all of them."""


def _too_close(gap: int, sd: float, count: int) -> bool:
    """True when a suit's total *gap* over *count* layouts, its per-layout gaps spread by
    *sd*, is within :data:`CLOSE_Z` standard errors of :data:`LIKELY_MARGIN` a layout."""
    return abs(gap / count - LIKELY_MARGIN) < CLOSE_Z * max(sd, GAP_SD_FLOOR) / math.sqrt(count)


def _suit_gaps(kept: list[int], weights: list[int], scores: list[dict[int, int]]
               ) -> dict[int, tuple[int, float]]:
    """For each suit: how far its best card (by total over the layouts) is behind the best
    card of all, in total tricks, and the spread of that gap layout by layout."""
    totals = {c: sum(w * sc[c] for w, sc in zip(weights, scores, strict=True)) for c in kept}
    best_of: dict[int, int] = {}
    for c in kept:
        s = c // 13
        if s not in best_of or totals[c] > totals[best_of[s]]:
            best_of[s] = c
    top = max(best_of.values(), key=lambda c: totals[c])
    count = sum(weights)
    out: dict[int, tuple[int, float]] = {}
    for s, card in best_of.items():
        gap = totals[top] - totals[card]
        var = 0.0
        if count > 1:
            mean = gap / count
            var = sum(w * (sc[top] - sc[card] - mean) ** 2
                      for w, sc in zip(weights, scores, strict=True)) / (count - 1)
        out[s] = (gap, math.sqrt(var))
    return out


def _floor(p: Point, seat: int, cands: list[int]) -> list[int]:
    """The irrational floor (§4.3) applied before anything else when no card is safe: no duck
    while a card surely wins the trick, no ruff of partner's sure winner, no sure winner thrown
    while a loser remains. The rule on leads is :func:`_lead_floor`."""
    believed = _believed_opp(p, seat)
    trump = p.trump
    if p.trick:
        led = p.trick[0] // 13
        if seat_hand(p.hands, seat) & SUIT_RANGES[led]:
            sure = [c for c in cands if _trick_sure(p, seat, c)]
            return sure or cands
        win_seat, win_card = _current_winner(p)
        ruffs = [c for c in cands if trump < 4 and c // 13 == trump and beats(c, win_card, trump)]
        rest = [c for c in cands if c not in ruffs]
        # Only partner's sure winner here: with no card safe, ruffing a master that the
        # next hand may ruff is what protects it (vugraph 29050:10-2: dummy's ♠A on the ♦J
        # that East could ruff, not dummy's good ♣8 thrown), unlike :func:`_void`, where
        # a discard keeps the claim sure.
        if win_seat == (seat + 2) % 4 and _trick_sure_now(p, seat) and rest:
            ruffs = []
        # A discard keeps the cards he sees as winners of their suit, ruffable or not.
        spare = [c for c in rest if not _is_believed_winner(c, believed)
                 or _expendable(p, seat, c, believed)]
        if _winner_thrown_for_nothing(p, seat, win_seat, ruffs, spare):
            # However few tricks are sure (vugraph 38010:2-2: the ♥K thrown on a club, 2 of 5).
            return ruffs
        return ruffs + (spare or rest) if (ruffs or rest) else cands
    return cands


def _winner_thrown_for_nothing(p: Point, seat: int, win_seat: int, ruffs: list[int],
                               spare: list[int]) -> bool:
    """True when an opponent is winning the trick, *seat* can ruff it, every card he could
    throw instead (none in *spare*) is one he sees as a winner, and partner cannot take the
    trick after him: a discard then gives a trick away for nothing, and only the ruffs are
    normal."""
    return bool(ruffs) and not spare and (win_seat - seat) % 2 == 1 and not _partner_may_take(
        p, seat)


def _partner_may_take(p: Point, seat: int) -> bool:
    """True when partner plays last to the trick and can still take it from the opponent
    winning it: by ruffing (void in the suit led, holding a trump) or with a higher card of
    the suit led. Then a discard is not a trick given away for nothing.
    It reads partner's hand as it is: right where partner is dummy, and for a defender's claim
    it errs towards the claimer (he may not know partner can take the trick), where 70A would
    turn the doubt against him: not mended, noted in the issue."""
    if len(p.trick) != 1:
        return False
    partner = seat_hand(p.hands, (seat + 2) % 4)
    led = p.trick[0] // 13
    _, win_card = _current_winner(p)
    follows = partner & SUIT_RANGES[led]
    if follows:
        return win_card // 13 == led and follows.bit_length() - 1 > win_card
    return p.trump < 4 and bool(partner & SUIT_RANGES[p.trump])


def _ties(p: Point, seat: int, kept: list[int]) -> list[int]:
    """Among cards that keep as many sure tricks, the ones a player would choose (§4.2 counts
    sure tricks only, so a card that throws away a chance ties with one that keeps it): on
    lead, :func:`_lead_floor`; following, a card that takes the trick from the opponents
    rather than one that cannot, when no trick is left to concede (not the ♣10 under East's
    ♣J from ♣AT985); discarding, a believed loser rather than a believed winner, and a card
    that can never take a trick rather than one that might (not the ♣Q from ♣AQ with the
    ♦6 to throw), and before that a card with no chance of a trick rather than one with a
    chance (:func:`_has_chance`)."""
    if not p.trick:
        return _lead_floor(p, seat, kept)
    led = p.trick[0] // 13
    believed = _believed_opp(p, seat)
    if seat_hand(p.hands, seat) & SUIT_RANGES[led]:
        win_seat, win_card = _current_winner(p)
        if p.to_concede or (win_seat - seat) % 2 == 0:
            return kept
        taking = [c for c in kept if beats(c, win_card, p.trump)]
        return taking or kept
    rest = [c for c in kept if not (p.trump < 4 and c // 13 == p.trump)]
    losers = [c for c in rest if not _is_believed_winner(c, believed)]
    if losers and len(losers) < len(rest):
        kept = [c for c in kept if c not in rest or c in losers]
        rest = losers
    hopeless = [c for c in rest if not _has_chance(p, seat, c, believed)]
    if hopeless and len(hopeless) < len(rest):
        kept = [c for c in kept if c not in rest or c in hopeless]
        rest = hopeless
    dead = [c for c in rest if _dead(seat_hand(p.hands, seat), c, believed)]
    if dead and len(dead) < len(rest):
        kept = [c for c in kept if c not in rest or c in dead]
    return kept


def _has_chance(p: Point, seat: int, card: int, believed: int) -> bool:
    """True when *card* may take a trick of its suit as the cards fall in a normal way: by
    length, once the opponents' cards there split as evenly as they can (they are gone after
    ceil(m / 2) rounds, and his own cards above it carry it past them), or by rank, when no
    more of their cards are above it than his side holds above it to fall on (the ♦Q of
    ♦AQ86 under the ♦K). A card with neither is thrown before one with a chance: no card is
    safe where this matters (the claim rests on what he did not state, a break as often as
    not), and a claimer who claims on a suit keeps it, whatever the double-dummy layouts say,
    since they find squeezes and finesses he never planned (vugraph 19050:14: dummy's ♠6 of
    ♠AKQ6 thrown on the ♦8 with the ♣7 and ♥7 to throw, where seven tricks needed the fifth
    spade; weighed over eight layouts, the spade cost a trick in one)."""
    s, rank = card // 13, card % 13
    theirs = suit_bits(believed, s)
    own_above = popcount(suit_bits(seat_hand(p.hands, seat), s) >> (rank + 1))
    if own_above + 1 > (popcount(theirs) + 1) // 2:
        return True
    side = seat_hand(p.hands, seat) | seat_hand(p.hands, (seat + 2) % 4)
    side_above = popcount(suit_bits(side, s) >> (rank + 1))
    return popcount(theirs >> (rank + 1)) <= side_above


def _dead(own: int, card: int, believed: int) -> bool:
    """True when *card* can never take a trick in its suit in his picture: every card the
    opponents hold there is above it, and his hand is too short to outlast them. The second
    clause matters: the ♠3 of ♠AQJ73 against five spades out is below them all, yet it is
    the fifth-round winner when they split 3-2; throwing it rather than a club loser gave
    away the long spade (vugraph 14060:5). The opponents' *m* cards of the suit are gone
    after ceil(m / 2) rounds at the soonest (both follow), each round taking one of his, so
    his card outlasts them in some layout when he holds more cards of the suit than that."""
    theirs = suit_bits(believed, card // 13)
    if not theirs or (theirs & -theirs).bit_length() - 1 <= card % 13:
        return False
    return popcount(suit_bits(own, card // 13)) <= (popcount(theirs) + 1) // 2


def _lead_floor(p: Point, seat: int, cands: list[int]) -> list[int]:
    """No loser led while he claims every trick and holds a winner to lead (§4.3), among
    cards that keep as many sure tricks: when no lead is safe, the clause breaks ties only.
    Applied before the count, it forced the top trump that drew partner's last one and cost
    a crossruff two tricks (vugraph 01050:30-2); not applied at all, a diamond led into a
    known ruff before trumps were drawn (01050:29-2) was as normal as the ace of trumps."""
    if p.trick or p.to_concede:
        return cands
    believed = _believed_opp(p, seat)
    trump = p.trump
    picture_trumps = trump < 4 and bool(believed & SUIT_RANGES[trump])
    partner = seat_hand(p.hands, (seat + 2) % 4)
    good = [c for c in cands
            if (_is_believed_winner(c, believed) and not (picture_trumps and c // 13 != trump))
            or _to_partner(p, seat, c, believed)
            or (trump < 4 and not partner & SUIT_RANGES[c // 13]
                and partner & SUIT_RANGES[trump])]
    return good or cands


def _default_rule(p: Point, seat: int, card: int) -> str:
    if not p.trick:
        return SuitsAnyOrder.id
    led = p.trick[0] // 13
    if card // 13 == led:
        return SuitOrder.id
    if p.trump < 4 and card // 13 == p.trump:
        return Ruff.id
    return Discard.id


def _tag(p: Point, seat: int, card: int, rid: str) -> str:
    """Tag *card* notices-break when the claimer ignores a show-out in its suit (EBU)."""
    if p.ignored_out & (0x1111 << (card // 13)):
        return f"{NoticesBreak.id}|{rid}"
    return rid


def _current_winner(p: Point) -> tuple[int, int]:
    """(seat, card) currently winning the trick in progress."""
    i = winner_index(p.trick, p.trump)
    return (p.leader + i) % 4, p.trick[i]


# --- 70D2: the claiming defender's partner ----------------------------------------------------


def _partner_plays(p: Point, oracle: SureOracle, seat: int, legal: int,
                   dd_after: AfterDD | None) -> list[Alt]:
    """The claiming defender's partner (law70.md §5): his safe cards (the oracle sees the
    claimer side's cards as he can infer them), widened by the careless defender errors the
    sources accept: overtaking partner or not, ruffing partner's winner or not (C6, C9). A card
    he plainly needs is not thrown while he holds a plain loser; a lead away from what he
    needs is not normal when a safe lead exists."""
    others = _others(p, seat)
    reps = groups(legal, others)
    safe = _safe_cards(p, oracle, seat, reps, dd_after)
    led = p.trick[0] // 13 if p.trick else -1
    chosen = list(safe)
    if led >= 0 and seat_hand(p.hands, seat) & SUIT_RANGES[led]:
        # Overtaking or not: the top and the bottom of the suit are both normal.
        own = seat_hand(p.hands, seat) & SUIT_RANGES[led]
        for c in (highest(own), lowest(own)):
            if c not in chosen:
                chosen.append(c)
    elif led >= 0:
        win_seat, win_card = _current_winner(p)
        ruffs = [c for c in reps if p.trump < 4 and c // 13 == p.trump
                 and beats(c, win_card, p.trump)]
        if win_seat == (seat + 2) % 4 and ruffs and ruffs[-1] not in chosen:
            chosen.append(ruffs[-1])  # ruffing partner's winner when it is not plainly high
    if not chosen:
        chosen = _lead_floor(p, seat, _floor(p, seat, reps))
    if led >= 0 and not seat_hand(p.hands, seat) & SUIT_RANGES[led]:
        plain_high = [c for c in reps if highest(others & SUIT_RANGES[c // 13]) < c]
        if len(plain_high) >= 2 and len(plain_high) == len(reps):
            # Two winners that both look good, and one must go: keeping the wrong one is a
            # careless defender's error the sources accept (C6, C9).
            chosen = list(dict.fromkeys(chosen + plain_high))
        plain_high = [c for c in chosen if c in plain_high]
        low = [c for c in chosen if c not in plain_high]
        if low and plain_high:
            trumps = [c for c in plain_high if p.trump < 4 and c // 13 == p.trump]
            chosen = low + trumps
    return [(c, DefenderPartner.id) for c in chosen]


def solidity(hands: tuple[int, int, int, int], forgotten: int, claimer: int) -> int:
    """Which claimer-side holdings have solidity at the claim (bit ``seat * 4 + suit``).

    Judged once, at the claim: a suit the claimer starts cashing from the top (AK5 opposite 42)
    goes on from the top, although K5 alone would no longer look solid after the ace.
    """
    out = 0
    opps = seat_hand(hands, (claimer + 1) % 4) | seat_hand(hands, (claimer + 3) % 4)
    believed = opps & ~forgotten
    for seat in (claimer, (claimer + 2) % 4):
        for s in range(4):
            mine = seat_hand(hands, seat) & SUIT_RANGES[s]
            if mine and _is_solid(mine, highest(mine), believed):
                out |= 1 << (seat * 4 + s)
    return out


def _is_solid(mine: int, top: int, believed: int) -> bool:
    """True when the holding has solidity: its top two cards touch (no believed opponent card
    between them), or it is a single card. White Book 8.70.5: 'especially if there is some
    solidity' the claimer is assumed to cash from the top; from spot cards, underplay is careless.
    """
    rest = mine & ~(1 << top)
    if not rest:
        return True
    second = highest(rest)
    between = believed & ((1 << top) - 1) & ~((1 << (second + 1)) - 1)
    return between == 0



def _within_suit(p: Point, seat: int, mine: int, believed: int, others: int) -> list[int]:
    """The cards of *mine* (one suit) the profile's order allows when a step names the suit:
    the top of a solid holding (or always, top-down), else any card he sees as a winner, or
    any card at all when none is (he said to play the suit)."""
    order = p.opts.profile.suit_order
    top = highest(mine)
    if order == "top-down" or (order == "top-down-if-solid"
                               and p.solid >> (seat * 4 + top // 13) & 1):
        return [top]
    reps = groups(mine, others)
    winners = [c for c in reps if _is_believed_winner(c, believed)]
    return winners or reps


# --- 4a.1: a step prescribes -------------------------------------------------------------------


def _prescribed(p: Point, seat: int, legal: int, led: int) -> list[Alt]:
    steps = active_steps(p.plan, p.state)
    if not steps:
        return []
    own = seat_hand(p.hands, seat)
    partner = (seat + 2) % 4
    others = _others(p, seat)
    out: dict[int, str] = {}
    believed = _believed_opp(p, seat)
    for step in steps:
        a = step.action
        s = step.suit
        if not p.trick:
            if a == "draw-trumps" and p.trump < 4:
                mine = own & SUIT_RANGES[p.trump]
                if mine:
                    for c in _within_suit(p, seat, mine, believed, others):
                        out.setdefault(c, FollowStatement.id)
            elif a in ("cash", "play") and step.cards:
                held = own & step.cards
                if held:
                    for c in groups(held, others):
                        out.setdefault(c, FollowStatement.id)
                else:
                    for suit in range(4):
                        if step.cards & SUIT_RANGES[suit] & seat_hand(p.hands, partner):
                            mine = own & SUIT_RANGES[suit]
                            if mine:
                                out.setdefault(lowest(mine), FollowStatement.id)
            elif a in ("cash", "run") and s >= 0:
                mine = own & SUIT_RANGES[s]
                if mine:
                    for c in _within_suit(p, seat, mine, believed, others):
                        out.setdefault(c, FollowStatement.id)
            elif a == "ruff" and s >= 0 and step.hand >= 0 and step.hand != seat:
                mine = own & SUIT_RANGES[s]
                h = step.hand
                held = seat_hand(p.hands, h)
                if mine and not held & SUIT_RANGES[s] and held & SUIT_RANGES[p.trump]:
                    out.setdefault(lowest(mine), FollowStatement.id)
            elif a == "cross-ruff" and p.trump < 4:
                for suit in range(4):
                    if suit == p.trump:
                        continue
                    mine = own & SUIT_RANGES[suit]
                    if (mine and not seat_hand(p.hands, partner) & SUIT_RANGES[suit]
                            and seat_hand(p.hands, partner) & SUIT_RANGES[p.trump]):
                        out.setdefault(lowest(mine), FollowStatement.id)
            elif a == "finesse" and step.cards:
                fin = lowest(step.cards)
                fs = fin // 13
                if own & (1 << fin):
                    out.setdefault(fin, FollowStatement.id)
                elif seat_hand(p.hands, partner) & (1 << fin) and own & SUIT_RANGES[fs]:
                    out.setdefault(lowest(own & SUIT_RANGES[fs]), FollowStatement.id)
            elif a == "finesse" and s >= 0 and own & SUIT_RANGES[s]:
                out.setdefault(lowest(own & SUIT_RANGES[s]), FollowStatement.id)
            elif a == "duck" and s >= 0 and own & SUIT_RANGES[s]:
                out.setdefault(lowest(own & SUIT_RANGES[s]), FollowStatement.id)
            elif a == "cross" and step.hand >= 0 and step.hand != seat:
                suits = [s] if s >= 0 else list(range(4))
                for suit in suits:
                    mine = own & SUIT_RANGES[suit]
                    if mine and seat_hand(p.hands, step.hand) & SUIT_RANGES[suit]:
                        top = highest(seat_hand(p.hands, step.hand) & SUIT_RANGES[suit])
                        if _is_believed_winner(top, believed):
                            out.setdefault(lowest(mine), FollowStatement.id)
        else:
            follows = bool(own & SUIT_RANGES[led])
            if a == "finesse" and follows:
                fin = lowest(step.cards) if step.cards else -1
                if fin >= 0 and own & (1 << fin) and fin // 13 == led:
                    _, win_card = _current_winner(p)
                    if beats(fin, win_card, p.trump):
                        out.setdefault(fin, FollowStatement.id)
                elif fin < 0 and s == led:
                    # "the club finesse": the lowest card that beats the current winner.
                    _, win_card = _current_winner(p)
                    for c in ascending(own & SUIT_RANGES[led]):
                        if beats(c, win_card, p.trump):
                            out.setdefault(c, FollowStatement.id)
                            break
            elif a == "duck" and follows and s == led:
                out.setdefault(lowest(own & SUIT_RANGES[led]), FollowStatement.id)
            elif a in ("ruff", "cross-ruff") and not follows and p.trump < 4:
                if (a == "ruff" and step.hand >= 0 and step.hand != seat) or (
                    a == "ruff" and s >= 0 and s != led
                ):
                    continue
                trumps = own & SUIT_RANGES[p.trump]
                win_seat, win_card = _current_winner(p)
                if trumps and win_seat != seat:
                    ruffs = [c for c in ascending(trumps) if beats(c, win_card, p.trump)]
                    if ruffs:
                        chosen = ruffs[:1] if p.opts.profile.ruff == "lowest" else ruffs
                        for c in chosen:
                            if _represents(c, own, others):
                                out.setdefault(c, FollowStatement.id)
            elif a == "discard" and not follows and (step.cards or step.suit >= 0):
                pool = step.cards & own if step.cards else own & SUIT_RANGES[s]
                onto_ok = True
                if step.onto:
                    onto_ok = any(step.onto >> c & 1 for c in p.trick)
                elif step.onto_suit >= 0:
                    onto_ok = led == step.onto_suit
                if pool and onto_ok:
                    for c in groups(pool, others):
                        out.setdefault(c, FollowStatement.id)
            elif a == "play" and step.cards & legal:
                for c in groups(step.cards & legal, others):
                    out.setdefault(c, FollowStatement.id)
    return [(c, _tag(p, seat, c, rid)) for c, rid in out.items() if legal >> c & 1]




def _represents(card: int, own: int, others: int) -> bool:
    """True when *card* is the highest of its group of equivalent cards (avoids twin branches):
    the next card of the hand above it in the suit, if any, has a card held elsewhere between."""
    higher = own & SUIT_RANGES[card // 13] & ~((2 << card) - 1)
    if not higher:
        return True
    nxt = higher & -higher
    return bool(others & (nxt - 1) & ~((2 << card) - 1))
