"""Citations into the Laws of Duplicate Bridge (2017): pure data, no claimcheck imports."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Citation:
    """A pointer into the Laws of Duplicate Bridge, with our one-sentence paraphrase."""

    law: str
    """``70C``, ``70E1``, ``71B`` …"""
    summary: str
    """Our paraphrase, one sentence; never a long quotation."""
    edition: str = "2017"


LAWS: dict[str, Citation] = {
    c.law: c
    for c in (
        Citation("68C", "a claim should be accompanied by a statement of the line, including "
                 "the order in which the cards will be played"),
        Citation("70", "a contested claim is adjudicated by the director"),
        Citation("70A", "doubtful points as to a claim are resolved against the claimer"),
        Citation("70C", "an outstanding trump the claimer did not mention and may have been "
                 "unaware of costs a trick if any normal play could lose one to it"),
        Citation("70D1", "no successful line not embraced in the statement is accepted if a "
                 "less successful normal line exists"),
        Citation("70D2", "no part of a defender's claim is accepted that depends on partner "
                 "choosing one of several normal plays"),
        Citation("70E1", "an unstated line that depends on finding a card with one opponent "
                 "is not accepted unless that opponent showed out or would on any normal line"),
        Citation("70E2", "the regulating authority may specify the order in which a suit is "
                 "deemed played when the statement does not say"),
        Citation("71A", "a concession of a trick the side had in fact won is cancelled"),
        Citation("71B", "a concession of a trick that could not be lost by any normal play "
                 "is cancelled"),
        Citation("69B", "an agreed claim may be withdrawn if the side would likely have won "
                 "the trick"),
        Citation("footnote", "'normal' includes play that would be careless or inferior for "
                 "the class of player involved, but not irrational"),
    )
}
"""The clauses claimcheck cites, by law number."""

PLAY_IRREGULARITIES: dict[str, Citation] = {
    c.law: c
    for c in (
        Citation("12A1", "the director may award an adjusted score when the Laws give no "
                 "rectification for the kind of irregularity committed"),
        Citation("16D", "information from a withdrawn action is authorized for the "
                 "non-offending side and unauthorized for the offending side"),
        Citation("44C", "a player must follow suit if he can; this has priority over every "
                 "other requirement of the Laws"),
        Citation("48A", "declarer's and dummy's exposed cards never become penalty cards"),
        Citation("50B", "a penalty card is major when it is an honour or was exposed "
                 "deliberately"),
        Citation("50C", "a single card below an honour exposed inadvertently is a minor "
                 "penalty card: no other card of its suit below an honour before it"),
        Citation("50D1", "a major penalty card must be played at the first legal opportunity"),
        Citation("50D2", "when the holder's partner has the lead, declarer may require or "
                 "forbid the suit of a major penalty card (it is then picked up), the "
                 "prohibition lasting while he retains the lead"),
        Citation("51A", "with two or more penalty cards that can legally be played, declarer "
                 "designates which is played"),
        Citation("51B1", "partner on lead with two or more penalty cards in one suit: declarer "
                 "may require or forbid that suit, and they are picked up"),
        Citation("51B2", "penalty cards in more than one suit: declarer may require a suit or "
                 "forbid one or more; those suits' cards are picked up, the others remain"),
        Citation("53A", "a lead out of turn becomes correct when accepted, or when the next "
                 "player plays to it"),
        Citation("54A", "after a faced opening lead out of turn declarer may spread his hand "
                 "and become dummy"),
        Citation("54B", "declarer may accept the opening lead out of turn; dummy is spread and "
                 "declarer plays the second card from his hand"),
        Citation("54C", "declarer must accept it if he could have seen any of dummy's cards"),
        Citation("54D", "when declarer refuses the opening lead out of turn, Law 56 applies"),
        Citation("55A", "either defender may accept declarer's lead out of turn or require "
                 "its retraction; when they disagree the player next in turn decides"),
        Citation("55B1", "a retracted lead from the wrong hand: declarer leads from the "
                 "correct hand, with no penalty card"),
        Citation("55B2", "a retracted lead made when a defender had the lead: the card goes "
                 "back and that defender leads"),
        Citation("56", "a defender's lead out of turn may be accepted (Law 53) or becomes a "
                 "major penalty card (Law 50)"),
        Citation("57A", "a defender's premature play becomes a penalty card, and declarer "
                 "requires partner's highest or lowest card of the suit led, or a card of "
                 "another suit"),
        Citation("57C", "no rectification when declarer has played from both hands first"),
        Citation("58A", "of simultaneous leads, the one in turn is played first; the other "
                 "card is deemed played after it"),
        Citation("58B1", "of cards played together, one visible card is played; the others "
                 "are picked up"),
        Citation("58B2", "when more than one card is visible, the player designates the one "
                 "he plays; a defender's others become penalty cards"),
        Citation("58B3", "once a visible card is withdrawn, an opponent who played to the "
                 "trick after it may withdraw his card too"),
        Citation("62B", "a revoke corrected in time: the card withdrawn becomes a defender's "
                 "penalty card"),
    )
}
"""The clauses the play irregularities (Laws 44–62) cite."""
