"""The line plan compiled for the hot loop, and how far along it the play is.

A :class:`CompiledPlan` is the :class:`~claimcheck.plan.LinePlan` with cards as masks and seats
and suits as ints (-1 for "not said"). A :class:`PlanState` counts how often each step has been
carried out; it is part of the engine's memo key. A step is *done* when its count is reached or
when it can no longer apply (the suit is gone, the named cards are played); the current phase is
the first with a step not done, and its steps are the *active* ones.
"""

from __future__ import annotations

from dataclasses import dataclass

from claimcheck.bits import mask_of, seat_hand, suit_range
from claimcheck.plan import LinePlan

PlanState = tuple[int, ...]
"""How many times each step has been carried out, in step order."""


@dataclass(frozen=True, slots=True)
class CStep:
    """A step with ints and masks."""

    action: str
    phase: int
    suit: int
    cards: int
    count: int
    """-1 when the statement gave no count."""
    hand: int
    against: int
    onto: int
    onto_suit: int


@dataclass(frozen=True, slots=True)
class CompiledPlan:
    """The plan's steps in order, each with its phase."""

    steps: tuple[CStep, ...]
    has_technique: bool
    finesse_against: tuple[int, int, int, int] = (-1, -1, -1, -1)
    """Per suit, the opponent a stated finesse is taken against (-1 when none)."""

    @property
    def initial(self) -> PlanState:
        """The state before any step was carried out."""
        return (0,) * len(self.steps)


def compile_plan(plan: LinePlan) -> CompiledPlan:
    """Compile *plan* for the engine."""
    steps = []
    for phase_no, phase in enumerate(plan.phases):
        for step in phase:
            steps.append(CStep(
                action=step.action,
                phase=phase_no,
                suit=-1 if step.suit is None else int(step.suit),
                cards=mask_of(step.cards),
                count=-1 if step.count is None else step.count,
                hand=-1 if step.hand is None else int(step.hand),
                against=-1 if step.against is None else int(step.against),
                onto=mask_of(step.onto),
                onto_suit=-1 if step.onto_suit is None else int(step.onto_suit),
            ))
    technique = any(s.action in ("squeeze", "throw-in") for s in steps)
    against = [-1, -1, -1, -1]
    for st in steps:
        suit = st.suit if st.suit >= 0 else (
            (st.cards & -st.cards).bit_length() - 1) // 13 if st.cards else -1
        if st.action == "finesse" and st.against >= 0 and suit >= 0:
            against[suit] = st.against
    return CompiledPlan(tuple(steps), technique, (against[0], against[1], against[2], against[3]))


def step_done(step: CStep, done: int, hands: tuple[int, int, int, int], claimer: int,
              trump: int) -> bool:
    """True when *step* has nothing left to do."""
    if step.count >= 0 and done >= step.count:
        return True
    side = seat_hand(hands, claimer) | seat_hand(hands, (claimer + 2) % 4)
    opps = seat_hand(hands, (claimer + 1) % 4) | seat_hand(hands, (claimer + 3) % 4)
    a = step.action
    if a == "draw-trumps":
        return trump >= 4 or not opps & suit_range(trump) or not side & suit_range(trump)
    if a in ("cash", "play", "discard") and step.cards:
        return not side & step.cards
    if a in ("cash", "run", "duck", "finesse") and step.suit >= 0 and not step.cards:
        if not side & suit_range(step.suit):
            return True
        return a in ("duck", "finesse") and done >= 1
    if a == "finesse":
        return not side & step.cards or done >= 1
    if a in ("ruff", "cross-ruff"):
        if trump >= 4:
            return True
        if a == "ruff" and step.hand >= 0:
            return not seat_hand(hands, step.hand) & suit_range(trump)
        return not side & suit_range(trump)
    if a == "cross":
        return done >= 1
    if a == "discard":
        return step.suit < 0 or not side & suit_range(step.suit)
    if a in ("squeeze", "throw-in", "concede"):
        return True
    return done >= 1


def active_steps(plan: CompiledPlan, state: PlanState) -> list[CStep]:
    """Steps of the current phase not yet done (state-only view; the engine keeps *state*
    updated with :func:`advance`, which marks finished steps with a large count)."""
    current = -1
    out: list[CStep] = []
    for step, done in zip(plan.steps, state, strict=True):
        if done >= DONE:
            continue
        if current < 0:
            current = step.phase
        if step.phase == current:
            out.append(step)
    return out


DONE = 1 << 20
"""A count that marks a step as finished."""


def advance(plan: CompiledPlan, state: PlanState, trick: tuple[int, ...], leader: int,
            hands: tuple[int, int, int, int], claimer: int, trump: int) -> PlanState:
    """The plan state after a completed *trick* (hands are those after it)."""
    if not plan.steps:
        return state
    led = trick[0] // 13
    side_seats = (claimer, (claimer + 2) % 4)
    played = 0
    for c in trick:
        played |= 1 << c
    new = list(state)
    active = set(id(s) for s in active_steps(plan, state))
    for i, step in enumerate(plan.steps):
        if new[i] >= DONE:
            continue
        if id(step) in active and _carried_out(step, trick, leader, led, played, side_seats, trump):
            new[i] += 1
        if step_done(step, new[i], hands, claimer, trump):
            new[i] = DONE
    return tuple(new)


def _carried_out(step: CStep, trick: tuple[int, ...], leader: int, led: int, played: int,
                 side_seats: tuple[int, int], trump: int) -> bool:
    a = step.action
    if a in ("cash", "run", "duck", "finesse", "concede"):
        if step.cards:
            return bool(played & step.cards)
        return step.suit < 0 or led == step.suit
    if a == "ruff":
        for i, c in enumerate(trick):
            seat = (leader + i) % 4
            if seat in side_seats and c // 13 == trump and led != trump:
                return step.hand < 0 or seat == step.hand
        return False
    if a == "cross-ruff":
        return any(c // 13 == trump for c in trick) and led != trump
    if a == "cross":
        return True
    if a in ("play", "discard"):
        return bool(played & step.cards) if step.cards else True
    return led == trump if a == "draw-trumps" else False


def initial_state(plan: CompiledPlan, hands: tuple[int, int, int, int], claimer: int,
                  trump: int) -> PlanState:
    """The state at the claim: steps with nothing to do from the start are already done."""
    return tuple(
        DONE if step_done(step, 0, hands, claimer, trump) else 0 for step in plan.steps
    )


def abandoned(plan: CompiledPlan) -> PlanState:
    """The state of a plan whose premise failed: the statement is followed up to that point,
    then the director rules as if nothing more was stated (WBF Laws Committee, 1 Nov 2001)."""
    return (DONE,) * len(plan.steps)


def relies_on_suit(plan: CompiledPlan, state: PlanState, suit: int) -> bool:
    """True when an active step runs or cashes *suit* (its premise is that the suit is good)."""
    return any(step.action in ("run", "cash") and step.suit == suit
               for step in active_steps(plan, state))
