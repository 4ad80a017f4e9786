"""Write a line plan back as text: canonical English, a compact test form, director's lines.

:func:`render_plan` writes the one English form the reader reads back to the same plan (the
property tests check it), so a plan can be shown, edited and read again without loss. Doubts,
ignored words and the words of each step are not part of the canonical text: they describe how
the statement was read, not the line, and :func:`describe_plan` reports them.
"""

from __future__ import annotations

from typing import Any

from claimcheck.cards import Card, Seat, Suit
from claimcheck.plan import Fact, LinePlan, Step
from claimcheck.statement.ast import Ref, Statement, StepNode


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(c.symbol() for c in cards)


def _suit_phrase(suit: Suit, count: int | None) -> str:
    if count is None:
        return f"the {suit.word}"
    word = suit.word if count != 1 else suit.word[:-1]
    return f"{count} {word}"


def _object(step: Step) -> str:
    if step.cards:
        return _cards(step.cards)
    if step.suit is not None:
        return _suit_phrase(step.suit, step.count)
    return ""


def render_step(step: Step) -> str:
    """One step in canonical English."""
    parts: list[str] = []
    obj = _object(step)
    where = f" in {step.hand.long_name}" if step.hand is not None else ""
    a = step.action
    if a == "draw-trumps":
        return "draw trumps"
    if a in ("cross-ruff", "squeeze", "throw-in") and not obj:
        return a + where
    if a == "finesse":
        text = "finesse"
        if step.cards:
            text += " " + _cards(step.cards)
        elif step.suit is not None:
            text += f" in {step.suit.word}"
        if step.against is not None:
            text += f" against {step.against.long_name}"
        return text + where
    if a == "duck":
        return "duck" + (f" in {step.suit.word}" if step.suit is not None else "") + where
    if a == "cross":
        text = "cross"
        if step.hand is not None:
            text += f" to {step.hand.long_name}"
        if step.cards:
            text += " with " + _cards(step.cards)
        elif step.suit is not None:
            text += f" with a {step.suit.word[:-1]}"
        return text
    if a == "discard":
        text = "discard " + obj
        if step.onto:
            text += " on " + _cards(step.onto)
        elif step.onto_suit is not None:
            text += f" on the {step.onto_suit.word}"
        return text + where
    verb = {"play": "lead", "concede": "concede"}.get(a, a)
    parts.append(verb)
    if obj:
        parts.append(obj)
    return " ".join(parts) + where


def render_fact(fact: Fact) -> str:
    """One fact in canonical English."""
    if fact.kind == "trumps-drawn":
        return "trumps are drawn"
    if fact.kind == "card-good":
        return f"{_cards(fact.cards)} {'is' if len(fact.cards) == 1 else 'are'} good"
    if fact.kind == "suit-good" and fact.suit is not None:
        whose = f"{fact.hand.long_name}'s" if fact.hand is not None else "the"
        return f"{whose} {fact.suit.word} are good"
    if fact.kind == "hand-good" and fact.hand is not None:
        return f"{fact.hand.long_name} is good"
    return f"you have {_cards(fact.cards)}"


def render_plan(plan: LinePlan) -> str:
    """The plan in canonical English ("claim 5 tricks, cash ♠A ♠K, then ruff 1 heart in North")."""
    head: list[str] = []
    if plan.claimed is not None:
        head.append(f"claim {plan.claimed} {'trick' if plan.claimed == 1 else 'tricks'}")
    phases = [", ".join(render_step(s) for s in phase) for phase in plan.phases]
    body = ", then ".join(phases)
    facts = ", ".join(render_fact(f) for f in plan.facts)
    out = ", ".join(p for p in (", ".join(head), body) if p)
    if facts:
        out = f"{out}; {facts}" if out else facts
    return out


def render_statement(st: Statement) -> str:
    """An unbound statement as text: its steps by phase, facts, counts and doubts."""
    def step_text(n: StepNode) -> str:
        objs = " ".join(r.words for r in n.objects)
        extra = []
        if n.hand:
            extra.append(f"in {n.hand}")
        if n.against:
            extra.append(f"against {n.against}")
        if n.onto:
            extra.append("on " + " ".join(r.words for r in n.onto))
        if n.via:
            extra.append("with " + " ".join(r.words for r in n.via))
        return " ".join(p for p in (n.action, objs, *extra) if p)

    lines = []
    for i, phase in enumerate(st.phases, start=1):
        lines.append(f"phase {i}: " + "; ".join(step_text(n) for n in phase))
    for f in st.facts:
        lines.append(f"fact {f.kind}: {f.subject.words or f.words}")
    for c in st.counts:
        what = "the rest" if c.rest else (
            f"contract level {c.level} ({c.result})" if c.level is not None else str(c.n))
        lines.append(f"{c.side}: {what} ({c.words!r})")
    for d in st.doubts:
        lines.append(f"doubt ({d.kind}): {d.words!r}: {d.reason}")
    if st.ignored:
        lines.append("ignored: " + ", ".join(repr(w) for w in st.ignored))
    return "\n".join(lines)


def _ref_words(ref: Ref) -> str:
    return ref.words


def compact_step(step: Step) -> str:
    """A step in the corpus's compact form: ``"ruff H x2 in N"``, ``"finesse DJ against W"``."""
    parts: list[str] = [step.action]
    if step.cards:
        parts.append(" ".join(str(c) for c in step.cards))
    elif step.suit is not None:
        parts.append(step.suit.letter)
    if step.count is not None:
        parts.append(f"x{step.count}")
    if step.hand is not None:
        parts.append(f"in {step.hand.letter}")
    if step.against is not None:
        parts.append(f"against {step.against.letter}")
    if step.onto:
        parts.append("on " + " ".join(str(c) for c in step.onto))
    if step.onto_suit is not None:
        parts.append(f"on {step.onto_suit.letter}")
    return " ".join(parts)


def compact_fact(fact: Fact) -> str:
    """A fact in compact form: ``"card-good DQ"``, ``"suit-good C"``, ``"hand-good N"``."""
    parts: list[str] = [fact.kind]
    if fact.cards:
        parts.append(" ".join(str(c) for c in fact.cards))
    elif fact.suit is not None:
        parts.append(fact.suit.letter)
    if fact.hand is not None:
        parts.append(fact.hand.letter)
    return " ".join(parts)


def compact_plan(plan: LinePlan) -> dict[str, Any]:
    """The plan in the corpus's compact form (only non-empty keys)."""
    out: dict[str, Any] = {}
    if plan.phases:
        out["phases"] = [[compact_step(s) for s in phase] for phase in plan.phases]
    if plan.facts:
        out["facts"] = [compact_fact(f) for f in plan.facts]
    if plan.claimed is not None:
        out["claimed"] = plan.claimed
    if plan.conceded is not None:
        out["conceded"] = plan.conceded
    if plan.doubts:
        out["doubts"] = [f"{d.kind}: {d.words}" for d in plan.doubts]
    if plan.ignored:
        out["ignored"] = list(plan.ignored)
    if plan.kept:
        out["kept"] = [str(c) for c in plan.kept]
    if plan.condition is not None:
        out["condition"] = [plan.condition, plan.condition_tricks]
    if plan.language == "unknown":
        out["language"] = plan.language
    return out


def plan_key(plan: LinePlan) -> tuple[object, ...]:
    """What a plan means for the engine, without words, text, doubts or notes (for comparing)."""
    def step_key(s: Step) -> tuple[object, ...]:
        return (s.action, s.suit, s.cards, s.count, s.hand, s.against, s.onto, s.onto_suit)

    return (
        tuple(tuple(step_key(s) for s in phase) for phase in plan.phases),
        tuple((f.kind, f.cards, f.suit, f.hand) for f in plan.facts),
        plan.claimed, plan.conceded,
    )


def describe_plan(plan: LinePlan) -> list[str]:
    """Lines for a director: how each part of the statement was read, doubts, ignored words."""
    lines: list[str] = []
    for i, phase in enumerate(plan.phases, start=1):
        tag = f"phase {i}" if len(plan.phases) > 1 else "steps (any order)"
        for s in phase:
            lines.append(f"{tag}: {render_step(s)}  <- {s.words!r}")
    for f in plan.facts:
        lines.append(f"fact: {render_fact(f)}  <- {f.words!r}")
    if plan.claimed is not None:
        lines.append(f"claimed: {plan.claimed} of the remaining tricks")
    if plan.conceded is not None:
        lines.append(f"conceded: {plan.conceded}")
    if plan.kept:
        lines.append(f"kept for the end (not discarded): {_cards(plan.kept)}")
    if plan.condition is not None and plan.condition_tricks is not None:
        lines.append(f"conditional claim: {plan.condition_tricks} {plan.condition!r} "
                     f"(the claim stays {plan.claimed}, Law 70A)")
    for d in plan.doubts:
        lines.append(f"doubtful point ({d.kind}): {d.words!r}: {d.reason}")
    for key, value in plan.meta:
        if key == "corrected":
            lines.append(f"spelling: read {value}")
        elif key == "note":
            lines.append(f"note: {value}")
        elif key == "language":
            lines.append(f"language: {value}")
    if plan.text.strip():
        lines.append(f"understood: {plan.coverage:.0%} of the words")
    if plan.ignored:
        lines.append("not understood (ignored): " + ", ".join(repr(w) for w in plan.ignored))
    if plan.is_empty and plan.claimed is None:
        lines.append("no line stated")
    return lines


__all__ = [
    "compact_fact", "compact_plan", "compact_step", "describe_plan", "plan_key", "render_fact",
    "render_plan", "render_statement", "render_step", "Seat",
]
