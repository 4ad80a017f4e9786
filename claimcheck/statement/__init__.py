"""The clarification statement reader: from what the claimer said to the engine's line plan.

``parse_statement`` reads the words (English, French; a language is a lexicon JSON file) into an
unbound :class:`Statement`; ``bind`` resolves it against the position and the claimer into a
:class:`~claimcheck.plan.LinePlan`; ``render_plan`` writes a plan as canonical English that reads
back to the same plan; ``describe_plan`` tells a director how each word was read.

Decisions a director should know: "j'affranchis les carreaux" (establish a suit) is read as
*run* the suit with a doubt, and concedes no trick unless a concession is said; "play" is read as
*cash* (the plan's ``play`` action is written "lead"); a claim of some tricks concedes the rest
(Law 68B), so ``claimed + conceded`` is always the tricks left when either is said; a
conditional clause ("if they are 3-3", "otherwise …") becomes a doubt and its steps are left
out; "impasse au roi de pique" (a finesse against an opponent's card) is bound to the claimer
side's next lower card in the suit, and the reading is noted in ``meta``.

>>> from claimcheck.position import Position
>>> p = Position.from_pbn("N:AK... 32... QJ... 54...", trump="NT", leader="N", declarer="S")
>>> render_plan(read_statement("I'll cash the top spades", p, Seat.S))
'cash ♠A ♠K ♠Q ♠J'
"""

from __future__ import annotations

from claimcheck.cards import Seat
from claimcheck.plan import LinePlan
from claimcheck.position import Position
from claimcheck.statement.ast import Statement
from claimcheck.statement.bind import bind
from claimcheck.statement.grammar import parse_statement
from claimcheck.statement.render import describe_plan, render_plan, render_statement


def read_statement(text: str, position: Position, claimer: Seat) -> LinePlan:
    """Read *text* said by *claimer* at *position* into a line plan (parse, then bind)."""
    return bind(parse_statement(text), position, claimer)


__all__ = [
    "Statement", "bind", "describe_plan", "parse_statement", "read_statement", "render_plan",
    "render_statement",
]
