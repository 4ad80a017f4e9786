"""How much of a statement was understood, and when that is too little to rule on.

A wrong reading is worse than an unread word: an unread word is reported, a wrong one silently
changes the ruling. So a statement the reader mostly did not understand, or one in a language
it has no lexicon for, is refused with the unread words named; the director rephrases it or
accepts the partial reading knowingly (``check --accept-partial``). Filler ("that's it",
"c'est tout") counts as understood: it says nothing, and is known to say nothing.
"""

from __future__ import annotations

from claimcheck.plan import LinePlan
from claimcheck.statement.tokens import UNKNOWN_LANGUAGE, foreign_language

DEFAULT_THRESHOLD = 0.75
"""The least share of the words understood for a reading to be ruled on unasked (3 words in
4: one unread word in a four-word statement is let through, two are not)."""

_LANGUAGE_NAMES = {"de": "German", "es": "Spanish", "it": "Italian", "nl": "Dutch"}


def refusal(plan: LinePlan, threshold: float = DEFAULT_THRESHOLD) -> str | None:
    """Why *plan*'s reading is not good enough to rule on, or None when it is.

    It refuses a statement in a language with no lexicon and a reading whose coverage is below
    *threshold*, naming the unread words. No statement (an empty text) is never refused.
    """
    if not plan.text.strip():
        return None
    unread = ", ".join(repr(w) for w in plan.unread) or "none"
    share = f"{plan.coverage:.0%} of the words understood"
    if plan.language == UNKNOWN_LANGUAGE:
        code = foreign_language(plan.text)
        named = f" (it looks like {_LANGUAGE_NAMES.get(code, code)})" if code else ""
        return (f"the statement {plan.text!r} is not in a language the reader knows"
                f"{named}: {share}; not understood: {unread}. Give it in English or French, "
                "or pass --accept-partial to rule on what was read")
    if plan.coverage < threshold:
        return (f"the statement {plan.text!r} was only partly understood: {share} "
                f"(at least {threshold:.0%} needed); not understood: {unread}. Rephrase it, or "
                "pass --accept-partial to rule on what was read")
    return None


__all__ = ["DEFAULT_THRESHOLD", "refusal"]
