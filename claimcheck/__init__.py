"""claimcheck: rules on contested claims and concessions at bridge (Laws 68-71)."""

from claimcheck.cards import Card as Card
from claimcheck.cards import Rank as Rank
from claimcheck.cards import Seat as Seat
from claimcheck.cards import Strain as Strain
from claimcheck.cards import Suit as Suit
from claimcheck.errors import ClaimcheckError as ClaimcheckError
from claimcheck.errors import InputError as InputError
from claimcheck.errors import PositionError as PositionError
from claimcheck.plan import LinePlan as LinePlan
from claimcheck.position import Position as Position

__all__ = [
    "Card", "ClaimcheckError", "InputError", "LinePlan", "Position", "PositionError",
    "Rank", "Seat", "Strain", "Suit",
]
__version__ = "0.1.0"
