"""Hand-built line plans for the rulings corpus (``deals/rulings/*.pbn``), keyed by file stem.

Each plan is what a careful reader makes of the file's ``[ClaimStatement]``: the engine is tested
on these plans independently of the statement reader. Files with no statement use the empty plan
(:data:`claimcheck.plan.EMPTY_PLAN`) and have no entry here. Steps in one phase are unordered (a
list is not an order); a new phase starts at "then" (law70-practice.md C4).
"""

from __future__ import annotations

from dataclasses import replace

from claimcheck.cards import Card, Seat, Suit
from claimcheck.plan import EMPTY_PLAN, Fact, LinePlan, Step

__all__ = ["PLANS", "plan_for"]


def _c(text: str) -> Card:
    return Card.parse(text)


_TRUMP_FIRST = "Drawing your last trump, then the two red aces"
_CONCEDE_JACK = "One more, conceding your jack of trumps"
_HEARTS_GOOD = "My hearts are good"
_RUN_CLUBS = "Running the clubs"


def _concede_jack(text: str) -> LinePlan:
    return LinePlan(
        phases=(
            (
                Step(
                    "concede", suit=Suit.S, cards=(_c("SJ"),), words="conceding your jack of trumps"
                ),
            ),
        ),
        facts=(Fact("aware-of", cards=(_c("SJ"),), suit=Suit.S, words="your jack of trumps"),),
        claimed=1,
        conceded=1,
        text=text,
    )


def _hearts_good() -> LinePlan:
    return LinePlan(
        facts=(Fact("suit-good", suit=Suit.H, words="My hearts are good"),), text=_HEARTS_GOOD
    )


def _run(suit: Suit, text: str) -> LinePlan:
    return LinePlan(phases=((Step("run", suit=suit, words=text),),), text=text)


PLANS: dict[str, LinePlan] = {
    "70C-trump-mentioned-draw-first": LinePlan(
        phases=(
            (Step("draw-trumps", suit=Suit.S, words="Drawing your last trump"),),
            (
                Step("cash", suit=Suit.H, cards=(_c("HA"),), words="the two red aces"),
                Step("cash", suit=Suit.D, cards=(_c("DA"),), words="the two red aces"),
            ),
        ),
        facts=(Fact("aware-of", suit=Suit.S, words="your last trump"),),
        text=_TRUMP_FIRST,
    ),
    "70C-statement-silent-on-trump": LinePlan(
        facts=(Fact("suit-good", suit=Suit.H, words="The hearts are all good"),),
        text="The hearts are all good",
    ),
    "unaware-card-forgotten-high-club": LinePlan(
        facts=(Fact("suit-good", suit=Suit.C, words="The clubs are good"),),
        text="The clubs are good",
    ),
    "unaware-card-dummy-is-good": LinePlan(
        facts=(Fact("hand-good", hand=Seat.N, words="Dummy is high"),), text="Dummy is high"
    ),
    "suit-order-spot-cards-ebu": _hearts_good(),
    "suit-order-spot-cards-acbl": _hearts_good(),
    "suit-order-spot-cards-wbf": _hearts_good(),
    "71B-concession-cancelled": LinePlan(
        phases=((Step("concede", suit=Suit.H, words="you get the last heart"),),),
        claimed=3,
        conceded=1,
        text="Three tricks, you get the last heart",
    ),
    "71-concession-stands-careless": _concede_jack(_CONCEDE_JACK),
    "71B-concession-cancelled-top-down-acbl": _concede_jack(_CONCEDE_JACK),
    "then-order-heart-then-club": LinePlan(
        phases=(
            (Step("cash", suit=Suit.H, cards=(_c("HA"),), words="The heart ace"),),
            (
                Step(
                    "cash",
                    suit=Suit.C,
                    cards=(_c("CA"),),
                    hand=Seat.N,
                    words="then a club to the ace",
                ),
            ),
        ),
        text="The heart ace, then a club to the ace",
    ),
    "list-not-order-heart-and-club": LinePlan(
        phases=(
            (
                Step("cash", suit=Suit.H, cards=(_c("HA"),), words="The heart ace"),
                Step("cash", suit=Suit.C, cards=(_c("CA"),), hand=Seat.N, words="the club ace"),
            ),
        ),
        text="The heart ace and the club ace",
    ),
    "blocked-suit-notrump-overtake-stated": LinePlan(
        phases=(
            (
                Step(
                    "play",
                    suit=Suit.C,
                    cards=(_c("CK"), _c("CA")),
                    words="Overtaking the club king",
                ),
            ),
        ),
        facts=(Fact("suit-good", suit=Suit.C, hand=Seat.N, words="dummy's clubs are good"),),
        text="Overtaking the club king, dummy's clubs are good",
    ),
    "careless-blocking-aware-statement": LinePlan(
        phases=(
            (Step("cash", suit=Suit.H, cards=(_c("HA"),), words="Heart ace first"),),
            (Step("cash", suit=Suit.C, words="then the clubs"),),
        ),
        text="Heart ace first, then the clubs",
    ),
    "70E1-finesse-stated-credited": LinePlan(
        phases=(
            (Step("finesse", suit=Suit.H, cards=(_c("HQ"),), words="Finessing the heart queen"),),
        ),
        text="Finessing the heart queen",
    ),
    "two-way-guess-finesse-stated": LinePlan(
        phases=(
            (
                Step(
                    "finesse",
                    suit=Suit.H,
                    cards=(_c("HT"),),
                    against=Seat.W,
                    words="Finessing West for the heart queen",
                ),
            ),
        ),
        text="Finessing West for the heart queen",
    ),
    "notices-break-ebu": _run(Suit.C, _RUN_CLUBS),
    "notices-break-wbf": _run(Suit.C, _RUN_CLUBS),
    "notices-break-acbl": _run(Suit.C, _RUN_CLUBS),
    "notices-break-ebu-declarer-east": _run(Suit.S, "Running the spades"),
    "discard-unaware-winner-thrown": LinePlan(
        facts=(Fact("suit-good", suit=Suit.C, words="The clubs are good"),),
        text="The clubs are good",
    ),
    "concede-one-heart-upheld": LinePlan(
        phases=(
            (Step("concede", suit=Suit.H, cards=(_c("HA"),), words="Conceding the ace of hearts"),),
        ),
        facts=(Fact("aware-of", cards=(_c("HA"),), suit=Suit.H, words="the ace of hearts"),),
        conceded=1,
        text="Conceding the ace of hearts",
    ),
    "follow-statement-stated-finesse-loses": LinePlan(
        phases=(
            (Step("finesse", suit=Suit.D, cards=(_c("DQ"),), words="Finessing the diamond queen"),),
        ),
        text="Finessing the diamond queen",
    ),
}


# The corpus files of six to thirteen cards a hand (deals/rulings/README.md, "Six to thirteen
# cards a hand").
_DRAW_LAST_TRUMP = "Drawing your last trump, then the rest are high"
_CONCEDE_TRUMP_JACK = "Five tricks, conceding the jack of trumps"


def _concede_card(card: str, named: str, text: str) -> LinePlan:
    """'Five tricks, conceding <the named card>': five claimed, that card's trick conceded."""
    c = _c(card)
    return LinePlan(
        phases=((Step("concede", suit=c.suit, cards=(c,), words=f"conceding {named}"),),),
        facts=(Fact("aware-of", cards=(c,), suit=c.suit, words=f"conceding {named}"),),
        claimed=5,
        conceded=1,
        text=text,
    )


PLANS.update(
    {
        "70C-six-cards-last-trump-mentioned": LinePlan(
            phases=((Step("draw-trumps", suit=Suit.S, words="Drawing your last trump"),),),
            facts=(Fact("aware-of", suit=Suit.S, words="your last trump"),),
            text=_DRAW_LAST_TRUMP,
        ),
        "70E1-six-cards-diamond-finesse-stated": LinePlan(
            phases=(
                (
                    Step(
                        "finesse",
                        suit=Suit.D,
                        cards=(_c("DQ"),),
                        words="Finessing the diamond queen",
                    ),
                ),
            ),
            text="Finessing the diamond queen, the rest are high",
        ),
        "concession-trump-jack-falls-cancelled": _concede_card(
            "SJ", "the jack of trumps", _CONCEDE_TRUMP_JACK
        ),
        "concession-trump-jack-ruffs-stands": _concede_card(
            "SJ", "the jack of trumps", _CONCEDE_TRUMP_JACK
        ),
        "concession-diamond-king-finesse-unseen-stands": _concede_card(
            "DK", "the diamond king", "Five tricks, conceding the diamond king"
        ),
        "concession-trump-queen-drops-acbl": _concede_card(
            "SQ", "the queen of trumps", "Five tricks, conceding the queen of trumps"
        ),
        # The same words as the four-card guess; the queen he finesses against is a card his
        # words name, so it is in his picture (as the statement reader records it).
        "70E1-two-way-heart-queen-stated-six-cards": replace(
            PLANS["two-way-guess-finesse-stated"],
            facts=(Fact("aware-of", cards=(_c("HQ"),), suit=Suit.H, words="the heart queen"),),
        ),
    }
)


def plan_for(stem: str) -> LinePlan:
    """The plan of corpus file *stem*: its entry, or the empty plan when nothing was said. A
    ``-novice`` copy of a file has the plan of the file it copies."""
    return PLANS.get(stem, PLANS.get(stem.removesuffix("-novice"), EMPTY_PLAN))
