"""``claimcheck options``: the director's options after a play irregularity, with the
double-dummy result of each for the non-offending side (analysis after the session).

:func:`analyse` takes the options of :func:`~claimcheck.policy.irregularities.options_for` and
values each one's position with :class:`~claimcheck.engine.restricted.RestrictedDD`: the
penalty cards and lead restrictions that follow from it bind the play, and declarer's later
choices under Laws 50D2 and 51A are his best ones. :func:`render_options_text` prints one line
per option with its Laws, then what follows; :func:`options_to_dict` is the JSON form (schema
``claimcheck.options/1``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from claimcheck.bits import mask_of
from claimcheck.cards import Seat
from claimcheck.engine.restricted import RestrictedDD
from claimcheck.engine.solver import DDSolver, DoubleDummy
from claimcheck.penalty import render_lead_restrictions, render_penalty_cards
from claimcheck.policy.irregularities import Irregularity, Option, Options, options_for
from claimcheck.policy.sure import DEFAULT_MAX_NODES
from claimcheck.position import Position
from claimcheck.tricks import Pair

SCHEMA = "claimcheck.options/1"


@dataclass(frozen=True, slots=True)
class Valued:
    """One option and its double-dummy result for the non-offending side."""

    option: Option
    low: int
    """Tricks the non-offending side takes from the irregularity on (lower bound)."""
    high: int
    """Upper bound; equal to :attr:`low` unless the search ran out of budget."""


@dataclass(frozen=True, slots=True)
class Analysis:
    """The options after an irregularity, each with its double-dummy result."""

    options: Options
    valued: tuple[Valued, ...]
    tricks_left: int
    """Tricks left at the irregularity, the trick in progress included."""

    @property
    def best(self) -> tuple[str, ...]:
        """The ids of the options best for the non-offending side (exact values only)."""
        exact = [v for v in self.valued if v.low == v.high]
        if not exact or len(exact) != len(self.valued):
            return ()
        top = max(v.low for v in exact)
        return tuple(v.option.id for v in exact if v.low == top)


def analyse(position: Position, irregularity: Irregularity | None = None,
            solver: DoubleDummy | None = None, max_nodes: int = DEFAULT_MAX_NODES) -> Analysis:
    """The options after *irregularity* at *position*, each valued double dummy.

    :raises IrregularityError: when the irregularity cannot have happened here.
    :raises SolverError: when DDS fails.
    """
    opts = options_for(position, irregularity)
    dds = solver or DDSolver()
    assert position.declarer is not None
    rdd = RestrictedDD(dds, int(position.trump), int(position.declarer), max_nodes)
    valued = []
    for option in opts.options:
        low, high = _value(rdd, option, opts.non_offending, position.declarer)
        valued.append(Valued(option, low, high))
    return Analysis(opts, tuple(valued), position.tricks_left)


def _value(rdd: RestrictedDD, option: Option, non_offending: Pair, declarer: Seat
           ) -> tuple[int, int]:
    positions = [option.position.play(c) for c in option.then_cards] or [option.position]
    pending = option.choice_pending or bool(option.then_cards)
    lows, highs = [], []
    for pos in positions:
        lo, hi = _bounds(rdd, pos, pending)
        # Tricks the option's own card(s) completed count too (a trick finished by the play).
        done = pos.won.pov(Pair.of(declarer)) - option.position.won.pov(Pair.of(declarer))
        lo, hi = lo + done, hi + done
        if non_offending is not Pair.of(declarer):
            left = option.position.tricks_left
            lo, hi = left - hi, left - lo
        lows.append(lo)
        highs.append(hi)
    # The offending side chooses among the cards it may play next (Law 57A's partner).
    return min(lows), min(highs)


def _bounds(rdd: RestrictedDD, pos: Position, pending: bool) -> tuple[int, int]:
    if pos.is_over():
        return 0, 0
    hands = (mask_of(pos.hands[0]), mask_of(pos.hands[1]), mask_of(pos.hands[2]),
             mask_of(pos.hands[3]))
    trick = tuple(c.index for c in pos.trick)
    return rdd.bounds(hands, trick, int(pos.leader), pos.restrictions, choice_pending=pending)


# --- rendering -----------------------------------------------------------------------------------


def _dd_text(v: Valued) -> str:
    return str(v.low) if v.low == v.high else f"between {v.low} and {v.high}"


def render_options_text(analysis: Analysis, *, ascii_only: bool = False) -> str:
    """The options as a director reads them: who chooses, then each option on one line with its
    Laws, what follows indented under it, and the double-dummy result::

        IRREGULARITY: lead out of turn: N HQ  [laws 55A]
        offender: North (dummy); chooser: either defender; …
        1. accept the lead  [55A, 53A]  DD East-West 1 of 12
             - ♥Q from dummy (North) is the lead
    """
    o = analysis.options
    side = "North-South" if o.non_offending is Pair.NS else "East-West"
    lines = []
    what = (o.irregularity.render(o.position) if o.irregularity is not None
            else "choices in force")
    lines.append(f"IRREGULARITY: {what}  [laws {', '.join(o.laws)}]")
    who = "none" if o.offender is None else o.offender.long_name
    declarer = o.position.declarer
    if o.offender is not None and declarer is not None and o.offender in (declarer,
                                                                         declarer.partner):
        who += " (declarer)" if o.offender == declarer else " (dummy)"
    lines.append(f"offender: {who}; non-offending side: {side}")
    lines.append(f"who chooses: {o.chooser}")
    if o.position.penalty_cards:
        lines.append(f"penalty cards before: {render_penalty_cards(o.position.penalty_cards)}")
    lines.append("")
    best = set(analysis.best)
    for i, v in enumerate(analysis.valued, start=1):
        mark = "  (best for the non-offending side)" if v.option.id in best and len(
            best) < len(analysis.valued) else ""
        lines.append(f"{i}. {v.option.summary}  [{', '.join(v.option.laws)}]  "
                     f"DD {side} {_dd_text(v)} of {analysis.tricks_left}{mark}")
        for f in v.option.follows:
            lines.append(f"     - {f}")
        after = v.option.position
        if after.penalty_cards:
            lines.append(f"     penalty cards: {render_penalty_cards(after.penalty_cards)}")
        if after.lead_restrictions:
            lines.append(f"     lead restriction: "
                         f"{render_lead_restrictions(after.lead_restrictions)}")
    if o.notes:
        lines.append("")
        lines.append("notes:")
        lines += [f"  - {n}" for n in o.notes]
    text = "\n".join(lines) + "\n"
    if ascii_only:
        for sym, letter in zip("♠♥♦♣", "SHDC", strict=True):
            text = text.replace(sym, letter)
    return text


def options_to_dict(analysis: Analysis) -> dict[str, Any]:
    """The JSON form: ``schema``, ``irregularity``, ``offender``, ``non_offending``, ``won``
    (tricks the non-offending side has won before), ``chooser``, ``laws``, ``tricks_left``,
    ``options`` (each ``id``, ``summary``, ``laws``,
    ``follows``, ``penalty_cards``, ``lead_restrictions``, ``dd``: ``{"low", "high"}`` tricks
    of the non-offending side from the irregularity on), ``best`` and ``notes``."""
    o = analysis.options
    return {
        "schema": SCHEMA,
        "irregularity": None if o.irregularity is None else o.irregularity.render(o.position),
        "won": o.position.won.pov(o.non_offending),
        "offender": None if o.offender is None else o.offender.letter,
        "non_offending": o.non_offending.value,
        "chooser": o.chooser,
        "laws": list(o.laws),
        "tricks_left": analysis.tricks_left,
        "options": [
            {
                "id": v.option.id,
                "summary": v.option.summary,
                "laws": list(v.option.laws),
                "follows": list(v.option.follows),
                "penalty_cards": render_penalty_cards(v.option.position.penalty_cards),
                "lead_restrictions": render_lead_restrictions(
                    v.option.position.lead_restrictions),
                "then_cards": [str(c) for c in v.option.then_cards],
                "dd": {"low": v.low, "high": v.high},
            }
            for v in analysis.valued
        ],
        "best": list(analysis.best),
        "notes": list(o.notes),
    }


def render_options_json(analysis: Analysis) -> str:
    """:func:`options_to_dict` as sorted, indented JSON."""
    return json.dumps(options_to_dict(analysis), indent=2, sort_keys=True, ensure_ascii=False)
