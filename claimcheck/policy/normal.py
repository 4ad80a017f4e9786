"""What a claimer-side player may normally play at a decision point (law70.md section 4a).

:func:`normal_plays` answers, for the claimer-side seat to play, the set of normal cards, each
tagged with the id of the rule that admitted it. The engine minimises over these (and over every
legal defender card); it never sees a Law number, and this module never sees a solver.

The claimer plays for the position he *believes* in: the real one less the opponents' cards he
has forgotten (:attr:`Point.forgotten`). A forgotten trump lets him cash side winners before
drawing it (70C); a forgotten high card makes a loser look like a winner (70A, C7).
"""

from __future__ import annotations

from dataclasses import dataclass

from claimcheck.bits import (
    SUIT_RANGES,
    above,
    ascending,
    beats,
    groups,
    highest,
    lowest,
    others_of,
    suit_bits,
    winner_index,
)
from claimcheck.policy.plan_state import CompiledPlan, PlanState, active_steps
from claimcheck.policy.profiles import Profile
from claimcheck.policy.rules import (
    CarelessBlocking,
    Concede,
    DefenderPartner,
    Discard,
    FollowStatement,
    NoCrash,
    NoticesBreak,
    Ruff,
    SuitOrder,
    SuitsAnyOrder,
    UnawareCard,
    UnawareTrump,
    UnstatedFinesse,
)

Alt = tuple[int, str]
"""A normal card (card int) and the id of the rule that admitted it; when two rules did (a
forgotten trump made a side winner normal, and the suit was free), their ids joined by ``|``,
the deciding one first."""


@dataclass(frozen=True, slots=True)
class Options:
    """The options one ruling runs with: profile values and facts about the claim."""

    profile: Profile
    claimer: int
    """The claimer's seat (0..3)."""
    declarer_claim: bool
    """True when the claimer's side is the declaring side (declarer plays both hands)."""


@dataclass(slots=True)
class Point:
    """A claimer-side decision: the position, what the claimer believes, and the plan state."""

    hands: tuple[int, int, int, int]
    trick: tuple[int, ...]
    leader: int
    trump: int
    forgotten: int
    """Opponents' cards the claimer has forgotten (believes absent)."""
    known_out: int
    """Show-outs the claimer knows of: bit ``seat * 4 + suit``."""
    ignored_out: int
    """Show-outs during the claimed line the claimer does not notice (notices-break off)."""
    to_concede: int
    """Tricks the claim still concedes: while some are left, a loser may be led (C14)."""
    solid: int
    """Claimer-side holdings that had solidity at the claim: bit ``seat * 4 + suit``."""
    plan: CompiledPlan
    state: PlanState
    opts: Options

    @property
    def seat(self) -> int:
        return (self.leader + len(self.trick)) % 4


def normal_plays(p: Point) -> list[Alt]:
    """The normal cards of the claimer-side seat to play at *p*, each with its rule id."""
    seat = p.seat
    own = p.hands[seat]
    trick = p.trick
    led = trick[0] // 13 if trick else -1
    legal = own
    if led >= 0 and own & SUIT_RANGES[led]:
        legal = own & SUIT_RANGES[led]
    # 70D2: the claiming defender's partner may choose any normal card; the engine treats every
    # legal card of his as normal (overtaking or not, ruffing partner's winner or not: C6, C9).
    if not p.opts.declarer_claim and seat != p.opts.claimer:
        return [(c, DefenderPartner.id) for c in groups(legal, _others(p, seat))]
    if p.plan.steps:
        prescribed = _prescribed(p, seat, legal, led)
        if prescribed:
            return prescribed
    if not trick:
        alts = _leads(p, seat)
    elif own & SUIT_RANGES[led]:
        alts = _follow(p, seat, led)
    else:
        alts = _void(p, seat, led)
    return alts


# --- helpers ----------------------------------------------------------------------------------


def _others(p: Point, seat: int) -> int:
    """Cards still in play outside *seat*'s hand, trick cards included (for equivalence)."""
    return others_of(p.hands, seat, p.trick)


def _opponents(seat: int) -> tuple[int, int]:
    return (seat + 1) % 4, (seat + 3) % 4


def _believed_opp(p: Point, seat: int) -> int:
    a, b = _opponents(seat)
    return (p.hands[a] | p.hands[b]) & ~p.forgotten


def _is_believed_winner(card: int, believed_opp: int) -> bool:
    """True when no card the claimer believes the opponents hold beats *card* in its suit."""
    s = card // 13
    opp = suit_bits(believed_opp, s)
    return opp.bit_length() - 1 < card % 13


def _tag_for_belief(p: Point, card: int, default: str, *, lead: bool = False) -> str:
    """The rule that made *card* normal when a forgotten card is what makes it so: a card
    beaten by a forgotten card of its suit, or (for a lead) a side winner led into a forgotten
    trump."""
    if not p.forgotten:
        return default
    s = card // 13
    forgot_here = suit_bits(p.forgotten, s)
    if forgot_here and forgot_here.bit_length() - 1 > card % 13:
        return f"{UnawareTrump.id if s == p.trump else UnawareCard.id}|{default}"
    if lead and p.trump < 4 and s != p.trump and suit_bits(p.forgotten, p.trump):
        return f"{UnawareTrump.id}|{default}"
    return default


def _tag_ignored(p: Point, card: int, default: str) -> str:
    """Tag *card* notices-break when the claimer ignores a show-out in its suit (EBU)."""
    if p.ignored_out & (0x1111 << (card // 13)):
        return f"{NoticesBreak.id}|{default}"
    return default


def _threats(p: Point, seat: int, led: int, *, blind: bool = False) -> int:
    """Believed opponents' cards that could still beat a card of *seat* on this trick.

    With *blind*, show-outs are ignored: a card sure only because of a show-out is a marked
    finesse (70E1(a)).
    """
    after = [(p.leader + i) % 4 for i in range(len(p.trick) + 1, 4)]
    opp_after = [s for s in after if (s + seat) % 2 == 1]
    if not opp_after:
        return 0
    known_out = 0 if blind else p.known_out
    believed = _believed_opp(p, seat)
    threat = 0
    follow_possible = any(not (known_out >> (s * 4 + led) & 1) for s in opp_after)
    if follow_possible:
        threat |= believed & SUIT_RANGES[led]
    if p.trump < 4 and led != p.trump:
        if any(known_out >> (s * 4 + led) & 1 for s in opp_after):
            threat |= believed & SUIT_RANGES[p.trump]
    return threat


def _is_finesse(card: int, believed: int, most: int = 2) -> bool:
    """True when *card* winning the trick is a finesse: it loses only to one or two (*most*)
    cards the opponents may hold (a simple or a double finesse). Hoping three higher cards sit
    with the right opponent is no line a claimer takes."""
    return 0 < (believed & above(card)).bit_count() <= most


def _still_to_play(p: Point) -> list[int]:
    """Seats that play to the trick in progress after the seat to play."""
    return [(p.leader + i) % 4 for i in range(len(p.trick) + 1, 4)]


def _might_win(p: Point, seat: int, led: int) -> bool:
    """Could partner's card, winning so far, hold the trick? Not when every opponent who has
    already played to it is known to be void in the suit: then the outstanding higher cards
    all sit with the opponent still to play."""
    played = [(p.leader + i) % 4 for i in range(len(p.trick))]
    opps_played = [s for s in played if (s + seat) % 2 == 1]
    return any(not (p.known_out >> (s * 4 + led) & 1) for s in opps_played)


def _surely_wins(card: int, threats: int, trump: int) -> bool:
    if not threats:
        return True
    s = card // 13
    same = suit_bits(threats, s)
    if same.bit_length() - 1 > card % 13:
        return False
    if trump < 4 and s != trump and suit_bits(threats, trump):
        return False
    return True


def _current_winner(p: Point) -> tuple[int, int]:
    """(seat, card) currently winning the trick in progress."""
    i = winner_index(p.trick, p.trump)
    return (p.leader + i) % 4, p.trick[i]


# --- 4a.2: leading, nothing prescribed ---------------------------------------------------------


def _leads(p: Point, seat: int) -> list[Alt]:
    own = p.hands[seat]
    partner = (seat + 2) % 4
    side = own | p.hands[partner]
    believed = _believed_opp(p, seat)
    others = _others(p, seat)
    winner_suits = []
    for s in range(4):
        if not own & SUIT_RANGES[s]:
            continue
        side_top = highest(side & SUIT_RANGES[s])
        if _is_believed_winner(side_top, believed):
            winner_suits.append(s)
    loser_suits = [s for s in range(4) if own & SUIT_RANGES[s] and s not in winner_suits]
    trump = p.trump
    if trump < 4 and believed & SUIT_RANGES[trump] and own & SUIT_RANGES[trump]:
        # A claimer who knows a trump is out does not cash side winners into a ruff: he draws
        # it, or leads towards a ruff in partner's hand. Only a *forgotten* trump makes the side
        # winners normal first (70C; White Book 8.70.4: unaware, he is careless not to draw it).
        ruffing = [
            s for s in range(4)
            if s != trump and own & SUIT_RANGES[s] and not p.hands[partner] & SUIT_RANGES[s]
            and p.hands[partner] & SUIT_RANGES[trump]
        ]
        moved = [s for s in winner_suits if s != trump and s not in ruffing]
        winner_suits = [s for s in winner_suits if s not in moved]
        if trump not in winner_suits:
            winner_suits.append(trump)
        winner_suits += [s for s in ruffing if s not in winner_suits]
        loser_suits = [s for s in range(4) if own & SUIT_RANGES[s] and s not in winner_suits]
    if (trump < 4 and trump in winner_suits and not believed & SUIT_RANGES[trump]
            and p.hands[partner] & SUIT_RANGES[trump] and own & ~SUIT_RANGES[trump]):
        # The opponents have no trump (as he sees it): leading one only makes partner spend
        # his on the same trick. Not normal while another lead exists (C3, two winners on one
        # trick; ACBL 2019 guideline 4, no need to play trumps to his disadvantage).
        winner_suits.remove(trump)
        if trump not in loser_suits:
            loser_suits.append(trump)
        if not winner_suits and any(s != trump for s in loser_suits):
            loser_suits.remove(trump)
    suits = list(winner_suits)
    conceding = p.to_concede > 0
    if conceding or not suits:
        suits += loser_suits
    alts: list[Alt] = []
    for s in suits:
        mine = own & SUIT_RANGES[s]
        if s in winner_suits:
            cards = _within_suit(p, seat, mine, believed, others)
        else:
            cards = [highest(mine)] if p.opts.profile.suit_order == "top-down" else groups(
                mine, others
            )
        restricted = s in winner_suits and len(cards) < len(groups(mine, others))
        if s not in winner_suits and winner_suits:
            # Leading a losing suit is a normal way to concede only while the opponents, as the
            # claimer sees them, could then cash no more than the tricks he concedes (C14:
            # conceding one is not handing over a long suit).
            cards = [c for c in cards if _could_concede(p, seat, c, believed)]
        if len(cards) > 1:
            # C3: leading a winner that makes partner play his own winner of the suit under it
            # (HQ from Q7 onto partner's singleton J) is not normal when another card would do.
            kept = [c for c in cards if not _crashes(p, seat, c, believed)]
            cards = kept or cards
        for c in cards:
            if s not in winner_suits or (conceding and not _is_believed_winner(c, believed)):
                rid = Concede.id if conceding else SuitsAnyOrder.id
            elif _blocks(p, seat, c, believed):
                rid = CarelessBlocking.id
            elif restricted or (c != highest(mine)
                                and _is_believed_winner(highest(mine), believed)):
                # The regulating authority's order decided the card (70E2): the top of a
                # solid suit, or a careless underplay from spot cards.
                rid = SuitOrder.id
            else:
                rid = SuitsAnyOrder.id
            alts.append((c, _tag_ignored(p, c, _tag_for_belief(p, c, rid, lead=True))))
    return alts


def _could_concede(p: Point, seat: int, card: int, believed: int) -> bool:
    """True when, after *card* is led and lost, the opponents could cash (as the claimer sees
    their cards) no more than the tricks the claim still concedes."""
    side = (p.hands[seat] | p.hands[(seat + 2) % 4]) & ~(1 << card)
    can_ruff = p.trump < 4 and bool(side & SUIT_RANGES[p.trump])
    opp_a, opp_b = _opponents(seat)
    cashable = 0
    for s in range(4):
        theirs = suit_bits(believed, s)
        if not theirs:
            continue
        ours = suit_bits(side, s)
        if not ours and can_ruff and s != p.trump:
            continue  # the claimer would ruff them
        length = max(suit_bits(p.hands[opp_a] & believed, s).bit_count(),
                     suit_bits(p.hands[opp_b] & believed, s).bit_count())
        cashable += _rounds_lost(theirs, ours, length)
        if cashable > p.to_concede:
            return False
    return True


def _rounds_lost(theirs: int, ours: int, length: int) -> int:
    """Rounds of a suit the opponents win when they lead it *length* times, their cards pooled
    (highest first) against the claimer side's highest cards: a quick count of their winners,
    length winners included."""
    lost = 0
    for _ in range(length):
        top_theirs = theirs.bit_length() - 1
        top_ours = ours.bit_length() - 1
        if top_theirs < 0:
            break
        if top_theirs > top_ours:
            lost += 1
        else:
            ours &= ~(1 << top_ours)
        theirs &= ~(1 << top_theirs)
        if top_ours >= 0 and top_theirs > top_ours:
            ours &= ~(1 << top_ours)
    return lost


def _within_suit(
    p: Point, seat: int, mine: int, believed: int, others: int
) -> list[int]:
    """The cards of *mine* the profile's suit order allows to lead (70E2; C1, C2)."""
    order = p.opts.profile.suit_order
    top = highest(mine)
    if not _is_believed_winner(top, believed):
        # The winner is partner's: lead towards it, low, or any card when the order is free.
        return [lowest(mine)] if order == "top-down" else groups(mine, others)
    if order == "top-down":
        return [top]
    if order == "top-down-if-solid" and p.solid >> (seat * 4 + top // 13) & 1:
        return [top]
    # Careless underplay (C2) is leading a card the claimer thinks is as good as the top one;
    # a low card led to partner's winner is a way across; any other known loser is a
    # concession, normal only as one (C14).
    partner_top = highest(p.hands[(seat + 2) % 4] & SUIT_RANGES[top // 13])
    to_partner = partner_top >= 0 and _is_believed_winner(partner_top, believed)
    return [c for c in groups(mine, others) if _is_believed_winner(c, believed)
            or (to_partner and c < partner_top)
            or (p.to_concede > 0 and _could_concede(p, seat, c, believed))]


def solidity(hands: tuple[int, int, int, int], forgotten: int, claimer: int) -> int:
    """Which claimer-side holdings have solidity at the claim (bit ``seat * 4 + suit``).

    Judged once, at the claim: a suit the claimer starts cashing from the top (AK5 opposite 42)
    goes on from the top, although K5 alone would no longer look solid after the ace.
    """
    out = 0
    opps = hands[(claimer + 1) % 4] | hands[(claimer + 3) % 4]
    believed = opps & ~forgotten
    for seat in (claimer, (claimer + 2) % 4):
        for s in range(4):
            mine = hands[seat] & SUIT_RANGES[s]
            if mine and _is_solid(mine, highest(mine), believed):
                out |= 1 << (seat * 4 + s)
    return out


def _is_solid(mine: int, top: int, believed: int) -> bool:
    """True when the holding has solidity: its top two cards touch (no believed opponent card
    between them), or it is a single card. White Book 8.70.5: 'especially if there is some
    solidity' the claimer is assumed to cash from the top; from spot cards, underplay is careless.
    """
    rest = mine & ~(1 << top)
    if not rest:
        return True
    second = highest(rest)
    between = believed & ((1 << top) - 1) & ~((1 << (second + 1)) - 1)
    return between == 0


def _crashes(p: Point, seat: int, card: int, believed: int) -> bool:
    """True when leading *card*, a believed winner, forces partner to play a believed winner
    of the suit under it: every card partner holds in the suit is such a winner."""
    partner_suit = p.hands[(seat + 2) % 4] & SUIT_RANGES[card // 13]
    if not partner_suit or not _is_believed_winner(card, believed):
        return False
    if partner_suit >> card:
        return False  # partner holds a higher card: that is an overtake (careless-blocking)
    return all(_is_believed_winner(c, believed) for c in ascending(partner_suit))


def _blocks(p: Point, seat: int, card: int, believed: int) -> bool:
    """True when leading *card* forces partner to overtake a sure winner (a blocking order)."""
    partner = (seat + 2) % 4
    s = card // 13
    pcards = suit_bits(p.hands[partner], s)
    if not pcards or not _is_believed_winner(card, believed):
        return False
    return (pcards & ((1 << (card % 13 + 1)) - 1)) == 0


# --- 4a.3: following suit --------------------------------------------------------------------


def _follow(p: Point, seat: int, led: int) -> list[Alt]:
    own = p.hands[seat] & SUIT_RANGES[led]
    partner = (seat + 2) % 4
    win_seat, win_card = _current_winner(p)
    threats = _threats(p, seat, led)
    low = lowest(own)
    if win_seat == partner and _surely_wins(win_card, threats, p.trump):
        return [(low, _tag_for_belief(p, low, NoCrash.id))]
    # Cards that beat the trick so far: higher cards of the suit led, unless it was ruffed.
    beater_mask = own & above(win_card) if win_card // 13 == led else 0
    sure_mask = _sure_part(beater_mask, threats, led, p.trump)
    if sure_mask:
        cheapest = lowest(sure_mask)
        others = _others(p, seat)
        believed = _believed_opp(p, seat)
        partner_suit = p.hands[partner] & SUIT_RANGES[led]
        if (low != cheapest and partner_suit and partner in _still_to_play(p)
                and all(_is_believed_winner(c, believed) for c in ascending(partner_suit))):
            # C3: partner, still to play, has only winners in the suit: winning here would
            # put two winners on one trick when the low card lets partner take it.
            return [(low, _tag_for_belief(p, low, NoCrash.id))]
        # 70E1: a lower card that wins only if the card above it sits with the right opponent
        # is a finesse, and so is letting partner's card ride. Unstated, either is normal but
        # credited only where it loses: the engine minimises over the finesse and the sure card,
        # and either choice is then the unstated-finesse rule's doing.
        finesses = [c for c in ascending(beater_mask & ((1 << cheapest) - 1))
                    if _represents(c, own, others) and _is_finesse(c, believed)]
        # Letting partner's card ride is a finesse when one card beats it (running the J
        # with only the K out) and overtaking would spend this hand's only card above it;
        # with KJ over partner's 8 nothing is gained by riding, and nobody does.
        ride = (win_seat == partner and low != cheapest and beater_mask == 1 << cheapest
                and _might_win(p, seat, led) and _is_finesse(win_card, believed, 1))
        placed = p.plan.finesse_against[led]
        if placed >= 0 and placed in _still_to_play(p):
            # The statement places the missing card with an opponent still to play to this
            # trick: a finesse that needs it elsewhere contradicts his own statement.
            finesses, ride = [], False
        marked = False
        if not finesses and not ride and p.known_out:
            blind = _threats(p, seat, led, blind=True)
            marked = not _surely_wins(cheapest, blind, p.trump) and bool(
                suit_bits(blind, led) & ~((1 << (cheapest % 13 + 1)) - 1)
            )
        tag = UnstatedFinesse.id if finesses or ride or marked else SuitOrder.id
        alts = [(cheapest, _tag_for_belief(p, cheapest, tag))]
        alts += [(c, _tag_ignored(p, c, UnstatedFinesse.id)) for c in finesses]
        if ride:
            alts.append((low, _tag_ignored(p, low, UnstatedFinesse.id)))
        return alts
    if beater_mask and win_seat != partner:
        # Nothing wins for sure: second or third hand may go up (cheapest or highest card
        # that beats the trick so far) or play low; partner's card is not overtaken.
        others = _others(p, seat)
        cand = {lowest(beater_mask), highest(beater_mask), low}
        return [(c, _tag_ignored(p, c, _tag_for_belief(p, c, SuitOrder.id)))
                for c in sorted(cand, reverse=True) if _represents(c, own, others)]
    return [(low, _tag_for_belief(p, low, SuitOrder.id))]


def _sure_part(cards: int, threats: int, suit: int, trump: int) -> int:
    """The cards of *cards* (all of *suit*) that no threat can beat."""
    if not cards:
        return 0
    if trump < 4 and suit != trump and threats & SUIT_RANGES[trump]:
        return 0
    top = highest(threats & SUIT_RANGES[suit])
    return cards if top < 0 else cards & above(top)


def _represents(card: int, own: int, others: int) -> bool:
    """True when *card* is the highest of its group of equivalent cards (avoids twin branches):
    the next card of the hand above it in the suit, if any, has a card held elsewhere between."""
    higher = own & SUIT_RANGES[card // 13] & ~((2 << card) - 1)
    if not higher:
        return True
    nxt = higher & -higher
    return bool(others & (nxt - 1) & ~((2 << card) - 1))


# --- 4a.4: void in the suit led ---------------------------------------------------------------


def _void(p: Point, seat: int, led: int) -> list[Alt]:
    own = p.hands[seat]
    partner = (seat + 2) % 4
    win_seat, win_card = _current_winner(p)
    threats = _threats(p, seat, led)
    trumps = own & SUIT_RANGES[p.trump] if p.trump < 4 else 0
    alts: list[Alt] = []
    partner_sure = win_seat == partner and _surely_wins(win_card, threats, p.trump)
    if trumps and not partner_sure:
        ruffs = [c for c in ascending(trumps) if beats(c, win_card, p.trump)]
        if ruffs:
            others = _others(p, seat)
            if p.opts.profile.ruff == "lowest":
                chosen = [ruffs[0]]
            else:
                chosen = [c for c in ruffs if _represents(c, own, others)]
            alts += [(c, Ruff.id) for c in chosen]
            if win_seat != partner:
                return alts
    alts += _discards(p, seat)
    return alts


def _discards(p: Point, seat: int) -> list[Alt]:
    """Any believed loser; a believed winner only when no believed loser is left (C7)."""
    own = p.hands[seat]
    trump_mask = SUIT_RANGES[p.trump] if p.trump < 4 else 0
    pool = own & ~trump_mask or own
    believed = _believed_opp(p, seat)
    partner_hand = p.hands[(seat + 2) % 4]
    losers = 0
    for s in range(4):
        cards = pool & SUIT_RANGES[s]
        if not cards:
            continue
        # A believed winner is expendable when partner holds enough higher cards of the suit
        # to cash it anyway (Q opposite AK): discarding it loses nothing in the claimer's mind.
        opp_top = highest(believed & SUIT_RANGES[s])
        if opp_top >= 0:
            losers |= cards & ((1 << opp_top) - 1)  # beaten by an opponent's card
            cards &= ~((1 << opp_top) - 1)
        depth = 0
        partner_suit = partner_hand & SUIT_RANGES[s]
        while cards:
            c = cards.bit_length() - 1
            cards ^= 1 << c
            depth += 1
            if (partner_suit >> (c + 1)).bit_count() >= depth:
                losers |= 1 << c
    choose = losers or pool
    others = _others(p, seat)
    return [(c, _tag_for_belief(p, c, Discard.id)) for c in groups(choose, others)]


# --- 4a.1: a step prescribes -------------------------------------------------------------------


def _prescribed(p: Point, seat: int, legal: int, led: int) -> list[Alt]:
    steps = active_steps(p.plan, p.state)
    if not steps:
        return []
    own = p.hands[seat]
    partner = (seat + 2) % 4
    others = _others(p, seat)
    out: dict[int, str] = {}
    believed = _believed_opp(p, seat)
    for step in steps:
        a = step.action
        s = step.suit
        if not p.trick:
            if a == "draw-trumps" and p.trump < 4:
                mine = own & SUIT_RANGES[p.trump]
                if mine:
                    for c in _within_suit(p, seat, mine, believed, others):
                        out.setdefault(c, FollowStatement.id)
            elif a in ("cash", "play") and step.cards:
                held = own & step.cards
                if held:
                    for c in groups(held, others):
                        out.setdefault(c, FollowStatement.id)
                else:
                    for suit in range(4):
                        if step.cards & SUIT_RANGES[suit] & p.hands[partner]:
                            mine = own & SUIT_RANGES[suit]
                            if mine:
                                out.setdefault(lowest(mine), FollowStatement.id)
            elif a in ("cash", "run") and s >= 0:
                mine = own & SUIT_RANGES[s]
                if mine:
                    for c in _within_suit(p, seat, mine, believed, others):
                        out.setdefault(c, FollowStatement.id)
            elif a == "ruff" and s >= 0 and step.hand >= 0 and step.hand != seat:
                mine = own & SUIT_RANGES[s]
                h = step.hand
                if mine and not p.hands[h] & SUIT_RANGES[s] and p.hands[h] & SUIT_RANGES[p.trump]:
                    out.setdefault(lowest(mine), FollowStatement.id)
            elif a == "cross-ruff" and p.trump < 4:
                for suit in range(4):
                    if suit == p.trump:
                        continue
                    mine = own & SUIT_RANGES[suit]
                    if (mine and not p.hands[partner] & SUIT_RANGES[suit]
                            and p.hands[partner] & SUIT_RANGES[p.trump]):
                        out.setdefault(lowest(mine), FollowStatement.id)
            elif a == "finesse" and step.cards:
                fin = lowest(step.cards)
                fs = fin // 13
                if own & (1 << fin):
                    out.setdefault(fin, FollowStatement.id)
                elif p.hands[partner] & (1 << fin) and own & SUIT_RANGES[fs]:
                    out.setdefault(lowest(own & SUIT_RANGES[fs]), FollowStatement.id)
            elif a == "finesse" and s >= 0 and own & SUIT_RANGES[s]:
                out.setdefault(lowest(own & SUIT_RANGES[s]), FollowStatement.id)
            elif a == "duck" and s >= 0 and own & SUIT_RANGES[s]:
                out.setdefault(lowest(own & SUIT_RANGES[s]), FollowStatement.id)
            elif a == "cross" and step.hand >= 0 and step.hand != seat:
                suits = [s] if s >= 0 else list(range(4))
                for suit in suits:
                    mine = own & SUIT_RANGES[suit]
                    if mine and p.hands[step.hand] & SUIT_RANGES[suit]:
                        top = highest(p.hands[step.hand] & SUIT_RANGES[suit])
                        if _is_believed_winner(top, believed):
                            out.setdefault(lowest(mine), FollowStatement.id)
        else:
            follows = bool(own & SUIT_RANGES[led])
            if a == "finesse" and follows:
                fin = lowest(step.cards) if step.cards else -1
                if fin >= 0 and own & (1 << fin) and fin // 13 == led:
                    _, win_card = _current_winner(p)
                    if beats(fin, win_card, p.trump):
                        out.setdefault(fin, FollowStatement.id)
                elif fin < 0 and s == led:
                    # "the club finesse": the lowest card that beats the current winner.
                    _, win_card = _current_winner(p)
                    for c in ascending(own & SUIT_RANGES[led]):
                        if beats(c, win_card, p.trump):
                            out.setdefault(c, FollowStatement.id)
                            break
            elif a == "duck" and follows and s == led:
                out.setdefault(lowest(own & SUIT_RANGES[led]), FollowStatement.id)
            elif a in ("ruff", "cross-ruff") and not follows and p.trump < 4:
                if (a == "ruff" and step.hand >= 0 and step.hand != seat) or (
                    a == "ruff" and s >= 0 and s != led
                ):
                    continue
                trumps = own & SUIT_RANGES[p.trump]
                win_seat, win_card = _current_winner(p)
                if trumps and win_seat != seat:
                    ruffs = [c for c in ascending(trumps) if beats(c, win_card, p.trump)]
                    if ruffs:
                        chosen = ruffs[:1] if p.opts.profile.ruff == "lowest" else ruffs
                        for c in chosen:
                            if _represents(c, own, others):
                                out.setdefault(c, FollowStatement.id)
            elif a == "discard" and not follows and (step.cards or step.suit >= 0):
                pool = step.cards & own if step.cards else own & SUIT_RANGES[s]
                onto_ok = True
                if step.onto:
                    onto_ok = any(step.onto >> c & 1 for c in p.trick)
                elif step.onto_suit >= 0:
                    onto_ok = led == step.onto_suit
                if pool and onto_ok:
                    for c in groups(pool, others):
                        out.setdefault(c, FollowStatement.id)
            elif a == "play" and step.cards & legal:
                for c in groups(step.cards & legal, others):
                    out.setdefault(c, FollowStatement.id)
    return [(c, _tag_ignored(p, c, rid)) for c, rid in out.items() if legal >> c & 1]


