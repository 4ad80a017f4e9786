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

More readings (issue 8), each because the plain one changed the ruling without a word:

* "unblock the ♣A" / "je débloque l'As" *plays* that card; "knock out the ace" / "je chasse
  l'As de cœur" *concedes* a trick to the opponents' card (and names it: the claimer is aware
  of it); "keep the ♠A (for the end)" / "je garde l'As de pique pour la fin" cashes it in the
  last phase, after everything else.
* A rank said as a word after a suit or an owner ("the spade five", "dummy's club four", "le
  sept de cœur") is a card, not a count of tricks; "my aces" / "mes (trois) As" are every ace
  the claimer side holds (a count that does not fit is a count doubt).
* "it", "them" (and French "le", "la", "les" before a verb) point at the card or suit named
  last, else at the suit led to the trick in progress.
* A leading "trump" with an object ("Trump a club in dummy") is the verb *ruff*.
* "a club to the queen" with a higher club out is a finesse of the queen, not the queen cashed.
* A list of tricks by suit ("I have three club tricks and two hearts") is a count of tricks in
  each suit, in no order, adding up to the tricks claimed; it does not say every card wins.
* A conditional claim ("ten tricks, eleven if the clubs break"; "onze si …, sinon dix") claims
  the minimum; the plan keeps the condition and what it would give (``condition``,
  ``condition_tricks``, :meth:`~claimcheck.plan.LinePlan.condition_doubt`).
* Every plan says which share of the words it understood (``coverage``, filler counting as
  understood), which words it did not (``unread``) and the language detected from the words
  (``unknown`` for a language with no lexicon, whose words are then never "corrected" into
  English or French). :func:`~claimcheck.statement.coverage.refusal` says when that is too
  little to rule on.

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
from claimcheck.statement.coverage import refusal
from claimcheck.statement.grammar import parse_statement
from claimcheck.statement.render import describe_plan, render_plan, render_statement


def read_statement(text: str, position: Position, claimer: Seat) -> LinePlan:
    """Read *text* said by *claimer* at *position* into a line plan (parse, then bind)."""
    return bind(parse_statement(text), position, claimer)


__all__ = [
    "Statement", "bind", "describe_plan", "parse_statement", "read_statement", "refusal",
    "render_plan", "render_statement",
]
