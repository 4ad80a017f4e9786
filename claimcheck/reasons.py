"""The ruling's reasons: the verdict, the laws applied and the doubtful points (law70.md §6).

:func:`compose_ruling` turns what the search found (the number, the worst line, the picture it
was played in, what made each careless card look safe and what it cost) into a
:class:`~claimcheck.ruling.Ruling`. The laws cited follow from the cards that *cost a trick*:
a forgotten trump that costs nothing is reported as a doubtful point resolved at no cost, not as
a 70C adjustment.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from claimcheck.cards import Card, Seat
from claimcheck.plan import LinePlan
from claimcheck.policy.pictures import Picture
from claimcheck.policy.profiles import Inputs, Profile
from claimcheck.policy.rules import (
    DefenderPartner,
    DrawsTrumps,
    NoSafeCard,
    NoticesBreak,
    PenaltyCardPlay,
    SuitOrder,
    UnawareCard,
    UnawareTrump,
    UnstatedFinesse,
)
from claimcheck.position import Position
from claimcheck.ruling import (
    DisputedTrick,
    DoubtRecord,
    LikelyReport,
    LineCard,
    Ruling,
    SampleLine,
    SearchReport,
    Verdict,
)
from claimcheck.tricks import Pair

if TYPE_CHECKING:  # numpy comes with the estimate, not with every ruling
    from claimcheck.engine.single_dummy import Estimate

DEFENCE = "defence"

_LAW_OF_RULE = {
    UnawareTrump.id: "70C",
    UnstatedFinesse.id: "70E1",
    DefenderPartner.id: "70D2",
    PenaltyCardPlay.id: "50D1",
}
"""The clause a rule's card invokes when it costs a trick (70A and 70D1 stand for every
adjustment: doubt against the claimer, and a less successful normal line exists)."""


@dataclass(frozen=True, slots=True)
class Explained:
    """The worst line as the search found it, with what each claimer card meant."""

    picture: Picture
    line: list[tuple[int, int, str]]
    """(seat, card int, rule ids joined by ``|``) for every card."""
    why: list[tuple[str, int, str] | None]
    """Per card: (rule, forgotten cards mask, action) when a forgotten card made it look safe."""
    costs: list[int]
    """Per card: the tricks it cost (double dummy), when computed."""
    presumed_trumps: int = 0
    """The outstanding trumps 70C presumes forgotten (the union of its pictures): a trick lost
    to one of them is 70C's; a trump forgotten as the card the claim overlooks is 70A's."""
    counted_trumps: int = 0
    """Outstanding trumps 70C would presume forgotten that the concession shows he knew of:
    in a picture without them he would have claimed more, or a trump above all of his side's
    takes the trick he conceded."""


def _cards(mask: int) -> tuple[Card, ...]:
    return tuple(Card.from_index(i) for i in range(52) if mask >> i & 1)


def _guessed_suits(position: Position, claimer: Seat, picture: Picture) -> set[int]:
    """Suits where the picture forgets a card that lies in a tenace of the claimer side: a
    higher and a lower card of his side with no other outstanding card between them (AQ over
    the king). Playing such a suit without a word is a guess (finesse or drop) he did not
    state, whichever card he plays: 70E1, not a mere oversight. A forgotten card with no
    tenace around it is no guess: from ♦K85 with the ♦Q and ♦J out, leading the ♦8 into the
    forgotten queen is the oversight of 70A, not a finesse (vugraph 11510:15-2)."""
    if picture.rule != UnawareCard.id:
        return set()
    side = [c for s in (claimer, claimer.partner) for c in position.hands[int(s)]]
    theirs = [c for s in (claimer.lho, claimer.rho) for c in position.hands[int(s)]
              if not picture.forgotten >> c.index & 1]
    out: set[int] = set()
    for card in _cards(picture.forgotten):
        above = [c.index for c in side if c.suit == card.suit and c.index > card.index]
        below = [c.index for c in side if c.suit == card.suit and c.index < card.index]
        if not above or not below:
            continue
        high, low = min(above), max(below)
        if not any(c.suit == card.suit and low < c.index < high for c in theirs):
            out.add(int(card.suit))
    return out


def line_cards(position: Position, explained: Explained, claimer: Seat | None = None
               ) -> tuple[tuple[LineCard, ...], ...]:
    """The worst line trick by trick, each claimer card with its rules, why it looked safe and
    what it cost."""
    guessed = _guessed_suits(position, claimer, explained.picture) if claimer else set()
    out: list[tuple[LineCard, ...]] = []
    current: list[LineCard] = []
    first = 4 - len(position.trick)
    led = position.trick[0].index // 13 if position.trick else None  # the suit led
    for i, (seat, card, rule) in enumerate(explained.line):
        if led is None:
            led = card // 13
        primary, *also = rule.split("|")
        why = explained.why[i] if i < len(explained.why) else None
        cost = explained.costs[i] if i < len(explained.costs) else 0
        forgotten: tuple[Card, ...] = ()
        text = ""
        if why is not None:
            picture_rule, mask, action = why
            forgotten = _cards(mask)
            also = [primary, *also]
            primary = picture_rule
            names = " ".join(c.render() for c in forgotten)
            verb = "was" if len(forgotten) == 1 else "were"
            text = (f"{names} {verb} forgotten: {action} {Card.from_index(card).render()} "
                    "looked safe")
        if cost == 0 and NoticesBreak.id in (primary, *also):
            # An unnoticed show-out is worth naming only where it cost a trick.
            rest = [r for r in (primary, *also) if r != NoticesBreak.id]
            primary, also = rest[0], rest[1:]
        # A ruff or a discard is no play of the guessed suit: the finesse or the drop is
        # taken by the cards that follow it (vugraph 29010:24-2, dummy's only trump on
        # partner's ♦J with the ♥T forgotten between West's ♥J and ♥9).
        if cost > 0 and primary != DEFENCE and card // 13 in guessed and card // 13 == led \
                and UnstatedFinesse.id not in (primary, *also):
            also = [primary, *also]
            primary = UnstatedFinesse.id
        current.append(LineCard(Seat(seat), Card.from_index(card), primary, tuple(also),
                                forgotten, text, cost))
        if i + 1 == first or (i + 1 > first and (i + 1 - first) % 4 == 0):
            out.append(tuple(current))
            current = []
            led = None
    if current:
        out.append(tuple(current))
    return tuple(out)


def compose_ruling(
    position: Position, claimer: Seat, claimed: int, plan: LinePlan, prof: Profile,
    inputs: Inputs, dd: int, n: int | None, bounds: tuple[int, int], explained: Explained,
    report: SearchReport, *, drawing_trumps: bool = False,
) -> Ruling:
    """The ruling: verdict, award, laws, doubtful points and the worst line explained."""
    left = position.tricks_left
    tricks = line_cards(position, explained, claimer)
    rules: list[str] = []
    costly: list[str] = []
    for trick in tricks:
        for lc in trick:
            if lc.rule == DEFENCE:
                continue
            for rid in (lc.rule, *lc.also):
                if rid not in rules:
                    rules.append(rid)
                if lc.cost > 0 and rid not in costly:
                    costly.append(rid)
    picture = explained.picture
    if _forgotten_trump_won(tricks, picture.forgotten & explained.presumed_trumps, position) \
            and UnawareTrump.id not in costly:
        # A trick the claimer lost to a trump he had forgotten: 70C, whatever rule chose the
        # card it ruffed (the statement's "my spades are good" among them).
        costly.append(UnawareTrump.id)
    verdict: Verdict
    if n is None:
        verdict, award = "undetermined", bounds[0]
    elif claimed > n:
        verdict, award = "adjusted", n
    elif claimed < n:
        # 71B: a concession of tricks that could not be lost by any normal play is cancelled.
        verdict, award = "concession-cancelled", n
    else:
        verdict, award = "upheld", n
    laws = _laws(verdict, rules, costly, tricks, position, inputs)
    doubts = _doubts(plan, position, claimer, picture, costly, rules, inputs, drawing_trumps,
                     decided=n is not None, counted=explained.counted_trumps)
    notes: list[str] = []
    if dd < claimed:
        notes.append(f"the claim exceeds the double-dummy result ({dd}): no line makes it")
    if report.clock_stopped:
        notes.append("the wall-clock safety net stopped the search: the bounds are proved, "
                     "but a larger time cap could decide")
    options = (
        ("suit-order", prof.suit_order), ("notices-break", "yes" if prof.notices_break else "no"),
        ("ruff", prof.ruff), ("trump-aware", inputs.trump_aware),
        ("player-class", inputs.player_class), ("phase", inputs.phase),
    )
    return Ruling(
        position=position, claimer=claimer, claimed=claimed, n=n, dd=dd,
        awarded_claimer=award, awarded_opponents=left - award, verdict=verdict,
        laws=laws, rules=tuple(rules), worst_line=tricks, doubts=doubts,
        profile=prof.name, options=options, statement=plan.text,
        plan_lines=_plan_lines(plan), picture=_picture_text(picture),
        forgotten=_cards(picture.forgotten),
        search=report,
        bounds=bounds if verdict == "undetermined" else None,
        notes=tuple(notes),
    )


def compose_withdrawn(
    position: Position, claimer: Seat, claimed: int, plan: LinePlan, prof: Profile,
    inputs: Inputs, dd: int, estimate: Estimate, report: SearchReport, *, threshold: float,
) -> Ruling:
    """The ruling on an agreed claim or concession withdrawn in the correction period (69B).

    Each side agreed to lose tricks: the claimer's side the tricks its claim left to the
    opponents, the opponents the tricks they let the claimer have. A trick goes back to the
    side that agreed to lose it only when it would *likely* have won it had play continued:
    the estimate's probability is above *threshold* with confidence (the whole interval above
    it). Otherwise the agreement stands (69A): an interval that straddles the threshold is
    said to be too close to call, not guessed.
    """
    from claimcheck.engine.single_dummy import (
        EXACT_UP_TO,
        LAYOUTS_PER_DECISION,
        LIKELY_THRESHOLD,
        POOL_SIZE,
        THRESHOLD_SOURCE,
        wilson_interval,
    )

    left = position.tricks_left
    n = estimate.samples
    threshold_source = (THRESHOLD_SOURCE if threshold == LIKELY_THRESHOLD else
                        "set by the director for this ruling")
    disputed: list[DisputedTrick] = []

    def ask(side: str, tricks: int, wins: int) -> DisputedTrick:
        lo, hi = wilson_interval(wins, n)
        return DisputedTrick("claimer" if side == "claimer" else "opponents", tricks, wins,
                             round(wins / n, 4), (round(lo, 4), round(hi, 4)), lo > threshold)

    # The claimer side's k-th trick beyond the claim, then the opponents' beyond what they
    # agreed to; further tricks are listed while some playout won them.
    for k in range(1, left - claimed + 1):
        wins = estimate.at_least(claimed + k)
        if k > 1 and wins == 0:
            break
        disputed.append(ask("claimer", claimed + k, wins))
    for k in range(1, claimed + 1):
        wins = estimate.at_most(claimed - k)
        if k > 1 and wins == 0:
            break
        disputed.append(ask("opponents", left - claimed + k, wins))
    back_claimer = sum(1 for d in disputed if d.side == "claimer" and d.likely)
    back_opponents = sum(1 for d in disputed if d.side == "opponents" and d.likely)
    award = claimed + back_claimer - back_opponents
    verdict: Verdict = ("concession-cancelled" if award > claimed else
                        "adjusted" if award < claimed else "upheld")
    laws = ("69B",) if award != claimed else ("69A",)
    side_name = {"claimer": f"{claimer.long_name}'s side", "opponents": "the opponents"}
    notes = [
        f"Law 69B: a trick goes back only if the side would likely have won it had play "
        f"continued; estimated from {n} single-dummy playouts (seed {estimate.seed}), "
        f"likely = above {threshold:.0%} with 95% confidence ({threshold_source})"]
    for d in disputed:
        lo, hi = d.interval
        if lo <= threshold < hi:
            notes.append(f"{side_name[d.side]} winning at least {d.tricks} of {left}: "
                         f"{d.probability:.1%} "
                         f"({lo:.1%}-{hi:.1%}) is too close to call at {n} playouts; the "
                         "agreement stands unless more playouts or the director's judgement "
                         "say otherwise")
    if dd < claimed:
        notes.append(f"the claim exceeds the double-dummy result ({dd}): no line makes it")
    outcomes = tuple(
        SampleLine(tricks, estimate.distribution[tricks], _split_tricks(position, claimer, line))
        for tricks, line in estimate.lines)
    likely = LikelyReport(
        samples=n, seed=estimate.seed, threshold=threshold, threshold_source=threshold_source,
        layouts_per_decision=LAYOUTS_PER_DECISION, pool_size=POOL_SIZE, exact_up_to=EXACT_UP_TO,
        disputed=tuple(disputed),
        outcomes=outcomes, decisions=estimate.decisions, pools=estimate.pools,
        layouts_solved=estimate.layouts_solved, seconds=round(estimate.seconds, 6),
        dds_seconds=round(estimate.dds_seconds, 6))
    options = (
        ("phase", inputs.phase), ("likely-threshold", f"{threshold:g}"),
        ("samples", str(n)), ("seed", str(estimate.seed)),
    )
    return Ruling(
        position=position, claimer=claimer, claimed=claimed, n=None, dd=dd,
        awarded_claimer=award, awarded_opponents=left - award, verdict=verdict, laws=laws,
        rules=(), worst_line=(), doubts=(), profile=prof.name, options=options,
        statement=plan.text, plan_lines=_plan_lines(plan), picture="", search=report,
        notes=tuple(notes), likely=likely,
    )


def _split_tricks(position: Position, claimer: Seat, line: tuple[tuple[int, int], ...]
                  ) -> tuple[tuple[LineCard, ...], ...]:
    """A playout's cards trick by trick (the first may be the trick in progress)."""
    out: list[tuple[LineCard, ...]] = []
    current: list[LineCard] = []
    first = 4 - len(position.trick)
    for i, (seat, card) in enumerate(line):
        side = (seat - int(claimer)) % 2 == 0
        current.append(LineCard(Seat(seat), Card.from_index(card),
                                "single-dummy" if side else DEFENCE))
        if i + 1 == first or (i + 1 > first and (i + 1 - first) % 4 == 0):
            out.append(tuple(current))
            current = []
    if current:
        out.append(tuple(current))
    return tuple(out)


def _forgotten_trump_won(tricks: tuple[tuple[LineCard, ...], ...], forgotten: int,
                         position: Position) -> bool:
    """True when a trump of *forgotten* won a trick of the worst line where a claimer card
    cost a trick."""
    trump = position.trump.suit
    if trump is None or not forgotten:
        return False
    for trick in tricks:
        if len(trick) != 4:
            continue
        best = trick[0]
        for lc in trick[1:]:
            if (lc.card.suit == best.card.suit and lc.card.rank > best.card.rank) or (
                    lc.card.suit == trump and best.card.suit != trump):
                best = lc
        if (best.card.suit == trump and forgotten >> best.card.index & 1
                and any(lc.rule != DEFENCE and lc.cost > 0 for lc in trick)):
            return True
    return False


def _laws(verdict: Verdict, rules: list[str], costly: list[str],
          line: tuple[tuple[LineCard, ...], ...], position: Position,
          inputs: Inputs) -> tuple[str, ...]:
    """The laws applied. An adjustment cites 70A and 70D1, plus the clause of each rule whose
    card cost a trick on the worst line (70C for a forgotten trump that ruffed, 70E1 for a
    guess he did not state, 70D2 for partner's choice, 70E2 for the order within a suit)."""
    if verdict == "concession-cancelled":
        return ("71B",)
    if verdict == "upheld":
        if inputs.phase == "concession":
            return ("71",)
        # The claim stands; cite the clause that credited a line the claimer did not state.
        upheld = ["70"]
        if UnstatedFinesse.id in rules:
            upheld.append("70E1")  # a finesse marked by a show-out is credited (70E1(a))
        if _lead_in_suit_order(line, position, costly_only=False):
            upheld.append("70E2")  # the suit is deemed played in the authority's order
        return tuple(upheld)
    if verdict == "undetermined":
        return ("70A",)
    laws = ["70A", "70D1"]
    for rid in costly:
        law = _LAW_OF_RULE.get(rid)
        if law and law not in laws:
            laws.append(law)
    if SuitOrder.id in costly and _lead_in_suit_order(line, position):
        laws.append("70E2")
    return tuple(laws)


def _lead_in_suit_order(line: tuple[tuple[LineCard, ...], ...], position: Position, *,
                        costly_only: bool = True) -> bool:
    """True when a claimer-side lead (that cost a trick, with *costly_only*) was decided by
    the regulating authority's order within a suit (70E2)."""
    for i, trick in enumerate(line):
        if trick and (i > 0 or not position.trick) and (trick[0].cost > 0 or not costly_only) \
                and SuitOrder.id in (trick[0].rule, *trick[0].also):
            return True
    return False


def _doubts(plan: LinePlan, position: Position, claimer: Seat, picture: Picture,
            costly: list[str], rules: list[str], inputs: Inputs,
            drawing_trumps: bool, *, decided: bool = True, counted: int = 0
            ) -> tuple[DoubtRecord, ...]:
    """The doubtful points and how each was resolved. A forgotten card "costs nothing" only
    when the search proved it (*decided*): a line the budget cut short proves nothing. The
    *counted* trumps are those the concession shows he knew of (no 70C picture forgets them)."""
    out = [DoubtRecord(d.words, d.reason, "resolved against the claimer (70A)")
           for d in plan.doubts]
    open_cost = "whether it costs a trick is not decided within the search budget"
    trump = position.trump.suit
    reported = 0  # the trumps the 70C point below reports, not listed again under 70A
    if trump is not None:
        opps = position.outstanding(Pair.of(claimer))
        trumps_out = [c for c in opps if c.suit == trump]
        if trumps_out and not plan.mentions_trump(trump):
            cards = " ".join(str(c) for c in sorted(trumps_out))
            known = [c for c in trumps_out if counted >> c.index & 1]
            if inputs.trump_aware == "yes":
                res = "the director found the claimer aware of it: no trick for it under 70C"
            elif drawing_trumps:
                res = ("he claimed while drawing trumps, so he knew of it (White Book "
                       "8.70.4(b)): not presumed forgotten")
            elif len(trumps_out) > 2:
                res = ("with more than two trumps out he knows trumps are out: not presumed "
                       "forgotten")
            elif len(known) == len(trumps_out):
                res = ("his concession counts it (without it he would have claimed more, or "
                       "it takes a trick whatever he does): not presumed forgotten")
            elif UnawareTrump.id in costly:
                res = "presumed forgotten (70C: doubtful counts as unaware); it costs a trick"
            elif not decided:
                res = f"presumed forgotten (70C); {open_cost}"
            elif DrawsTrumps.id in costly:
                # No trick is lost *to* the trump, so 70C takes none; but the line that
                # remembers it and draws it (the routine, §4.1.3) is the one that costs the
                # trick. "It costs nothing" would read as if the trump were harmless
                # (vugraph 14060:10: drawing the ♠5 makes dummy overtake and strands South).
                res = ("presumed forgotten (70C), yet no normal line loses a trick to it; "
                       "drawing it, the routine (draws-trumps), costs a trick (70D1)")
            else:
                res = "presumed forgotten (70C); it costs nothing: no normal line loses to it"
            if known and len(known) < len(trumps_out):
                res += (f"; not {' '.join(str(c) for c in known)}, which his concession "
                        "counts")
            out.append(DoubtRecord(cards, "outstanding trump not mentioned in the statement",
                                   res))
            presumed = (inputs.trump_aware != "yes" and not drawing_trumps
                        and len(trumps_out) <= 2 and len(known) < len(trumps_out)
                        )  # the branches above that presume it
            if presumed and (UnawareTrump.id in costly or UnawareCard.id not in costly):
                reported = sum(1 << c.index for c in trumps_out)
    if picture.rule == UnawareCard.id and picture.forgotten & ~reported:
        # A trump the picture forgets as well is the 70C point's, with its cost: listing it
        # here too would say of the same card that it costs a trick and that it costs nothing
        # (kept here when only this point's cards cost a trick and the trump's says nothing).
        cards = " ".join(str(c) for c in _cards(picture.forgotten & ~reported))
        res = ("presumed forgotten (70A): " + ("it costs a trick" if UnawareCard.id in costly
                                                else "it costs nothing" if decided
                                                else open_cost))
        out.append(DoubtRecord(cards, f"an outstanding card the claim overlooks "
                               f"({picture.reason})", res))
    if NoSafeCard.id in costly:
        out.append(DoubtRecord("", "the claim is not sure even in his picture (a break, an "
                               "entry or a guess the statement did not provide for)",
                               "resolved against the claimer (70A): of the cards that keep "
                               "the most sure tricks, the worst is taken"))
    if UnstatedFinesse.id in costly:
        out.append(DoubtRecord("", "a guess (finesse or drop) the statement did not name",
                               "not credited (70E1): the losing option is taken"))
    elif UnstatedFinesse.id in rules:
        out.append(DoubtRecord("", "a finesse the statement did not name",
                               "marked by a show-out, or costing nothing: credited (70E1(a))"))
    return tuple(out)


def _plan_lines(plan: LinePlan) -> tuple[str, ...]:
    if plan.is_empty and not plan.text:
        return ("no statement",)
    try:
        from claimcheck.statement import describe_plan

        return tuple(describe_plan(plan))
    except ImportError:  # pragma: no cover - the reader ships with the package
        return tuple(f"{s.action} {s.words}" for s in plan.steps)


def _picture_text(picture: Picture) -> str:
    if not picture.forgotten:
        return ""
    cards = " ".join(str(c) for c in _cards(picture.forgotten))
    return f"{picture.rule}: {cards} forgotten"


__all__ = ["Explained", "compose_ruling", "compose_withdrawn", "line_cards"]
