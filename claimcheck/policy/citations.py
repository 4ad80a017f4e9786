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
