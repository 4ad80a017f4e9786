"""Property tests: a plan rendered as canonical English reads back to the same plan."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.cards import FULL_DECK, Card, Seat, Strain, Suit
from claimcheck.plan import Fact, LinePlan, Step
from claimcheck.position import Position
from claimcheck.statement import read_statement, render_plan
from claimcheck.statement.render import compact_plan, plan_key
from claimcheck.tricks import Tricks

DECK = sorted(FULL_DECK)


@st.composite
def positions(draw: st.DrawFn) -> tuple[Position, Seat]:
    """A random small position with a declarer who claims."""
    n = draw(st.integers(2, 6))
    cards = draw(st.permutations(DECK))[: 4 * n]
    hands = [cards[i * n : (i + 1) * n] for i in range(4)]
    trump = draw(st.sampled_from(list(Strain)))
    declarer = draw(st.sampled_from(list(Seat)))
    ns = draw(st.integers(0, 13 - n))
    pos = Position.build(hands, trump, declarer, declarer=declarer,
                         won=Tricks(ns, 13 - n - ns))
    return pos, declarer


def _common_suit(cards: tuple[Card, ...]) -> Suit | None:
    suits = {c.suit for c in cards}
    return suits.pop() if len(suits) == 1 else None


@st.composite
def plans(draw: st.DrawFn, pos: Position, claimer: Seat) -> LinePlan:
    """A random plan that follows the binding conventions (derived suits, counts)."""
    side_seats = (claimer, claimer.partner)
    side = sorted(pos.hands[claimer] | pos.hands[claimer.partner])
    opp = sorted(pos.hands[claimer.lho] | pos.hands[claimer.rho])
    trump = pos.trump.suit
    suits = st.sampled_from(list(Suit))
    hands = st.sampled_from(side_seats)
    maybe_hand = st.none() | hands
    opp_seat = st.none() | st.sampled_from((claimer.lho, claimer.rho))

    def some_cards(pool: list[Card], k: int = 2) -> tuple[Card, ...]:
        return tuple(draw(st.lists(st.sampled_from(pool), min_size=1, max_size=k, unique=True)))

    def step() -> Step:
        kind = draw(st.sampled_from((
            "cash-cards", "cash-suit", "run", "draw", "ruff", "finesse-card", "finesse-suit",
            "duck", "discard", "cross", "lead", "plain", "concede",
        )))
        if kind == "cash-cards" and side:
            cards = some_cards(side)
            return Step("cash", suit=_common_suit(cards), cards=cards, hand=draw(maybe_hand))
        if kind == "cash-suit":
            return Step("cash", suit=draw(suits), count=draw(st.none() | st.integers(1, 3)),
                        hand=draw(maybe_hand))
        if kind == "run":
            return Step("run", suit=draw(suits))
        if kind == "draw" and trump is not None:
            return Step("draw-trumps")
        if kind == "ruff" and trump is not None:
            s = draw(suits.filter(lambda x: x != trump))
            return Step("ruff", suit=s, count=draw(st.none() | st.integers(1, 2)),
                        hand=draw(maybe_hand))
        if kind == "finesse-card" and side:
            cards = some_cards(side, 1)
            return Step("finesse", suit=cards[0].suit, cards=cards, against=draw(opp_seat))
        if kind == "finesse-suit":
            return Step("finesse", suit=draw(suits), against=draw(opp_seat))
        if kind == "duck":
            return Step("duck", suit=draw(suits))
        if kind == "discard" and side:
            if draw(st.booleans()):
                return Step("discard", suit=draw(suits), count=draw(st.integers(1, 2)),
                            onto=some_cards(side, 1))
            return Step("discard", suit=draw(suits), onto_suit=draw(suits))
        if kind == "cross":
            seat = draw(hands)
            held = sorted(pos.hands[seat])
            with_card: bool = draw(st.booleans())
            if held and with_card:
                cards = some_cards(held, 1)
                return Step("cross", suit=cards[0].suit, cards=cards, hand=seat)
            return Step("cross", suit=draw(suits), hand=seat)
        if kind == "lead" and side:
            cards = some_cards(side, 1)
            return Step("play", suit=cards[0].suit, cards=cards)
        if kind == "concede":
            return Step("concede", suit=draw(suits), count=draw(st.integers(1, 2)))
        return Step(draw(st.sampled_from(("cross-ruff", "squeeze", "throw-in"))))

    n_phases = draw(st.integers(0, 3))
    phases = tuple(
        tuple(step() for _ in range(draw(st.integers(1, 3)))) for _ in range(n_phases)
    )
    facts: list[Fact] = []
    for _ in range(draw(st.integers(0, 2))):
        kind = draw(st.sampled_from(("drawn", "suit", "hand", "card", "aware")))
        if kind == "drawn" and trump is not None:
            facts.append(Fact("trumps-drawn"))
        elif kind == "suit":
            facts.append(Fact("suit-good", suit=draw(suits)))
        elif kind == "hand":
            facts.append(Fact("hand-good", hand=draw(hands)))
        elif kind == "card" and side:
            cards = some_cards(side)
            facts.append(Fact("card-good", cards=cards, suit=_common_suit(cards)))
        elif kind == "aware" and opp:
            cards = tuple(sorted(some_cards(opp)))
            facts.append(Fact("aware-of", cards=cards, suit=_common_suit(cards)))
    tl = pos.tricks_left
    conceded_steps = sum(s.count or 0 for p in phases for s in p if s.action == "concede")
    claimed: int | None = None
    conceded: int | None = None
    if conceded_steps:
        claimed, conceded = tl - conceded_steps, conceded_steps
    elif draw(st.booleans()):
        claimed = draw(st.integers(0, tl))
        conceded = tl - claimed
    return LinePlan(phases=phases, facts=tuple(dict.fromkeys(facts)), claimed=claimed,
                    conceded=conceded)


@st.composite
def cases(draw: st.DrawFn) -> tuple[Position, Seat, LinePlan]:
    pos, claimer = draw(positions())
    return pos, claimer, draw(plans(pos, claimer))


def _describe(plan: LinePlan) -> dict[str, Any]:
    return compact_plan(plan)


@settings(max_examples=150, deadline=None)
@given(cases())
def test_rendered_plan_reads_back(case: tuple[Position, Seat, LinePlan]) -> None:
    pos, claimer, plan = case
    if plan.conceded is not None and plan.claimed is not None and plan.claimed < 0:
        return
    text = render_plan(plan)
    again = read_statement(text, pos, claimer)
    assert plan_key(again) == plan_key(plan), (
        f"{text!r}: expected {_describe(plan)}, read {_describe(again)}"
    )


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=60))
def test_reader_never_raises(text: str) -> None:
    pos = Position.from_pbn("N:AK... 32... QJ... 54...", "NT", "N", declarer="N")
    plan = read_statement(text, pos, Seat.N)
    render_plan(plan)
