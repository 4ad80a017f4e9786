"""The irrational floor (law70.md §4.3), checked on a worst normal line by an independent reader.

This module does not use the engine's notion of a safe card: it replays the worst line of a
ruling on the real cards, keeps the claimer's picture (the forgotten cards, remembered once one
of their suit is seen; the show-outs noticed), and looks for the plain irrational plays a
director would never call normal:

* a duck: following suit with a card that lets the opponents win the trick while holding, in
  the suit led, a card that surely wins it in his picture, while the claim concedes no
  further trick;
* a sure winner discarded while he holds a card that is not one (and the winner is not
  duplicated in partner's hand);
* partner's sure winner ruffed, in a declarer claim, while another card keeps the claim sure
  (a master that only a ruff could beat counts as sure);
* a believed loser led, not towards partner's winner nor to a ruff, while he claims every
  trick, the claim is intact, he holds a sure winner to lead and some lead is safe.

Cards the statement prescribes (``follow-statement``), the trump-drawing routine, the careless
options of a novice and the claiming defender's partner are exempt, as §4.3 says.
"""

from __future__ import annotations

from collections.abc import Callable

from claimcheck.bits import SUIT_RANGES, beats, mask_of, winner_index
from claimcheck.policy.sure import Budget, SureOracle
from claimcheck.ruling import Ruling

EXEMPT = {"follow-statement", "draws-trumps", "careless-blocking", "defender-partner"}


def _top(mask: int, suit: int) -> int:
    return (mask & SUIT_RANGES[suit]).bit_length() - 1


def irrational_plays(ruling: Ruling, *, novice: bool = False) -> list[str]:
    """The plays of the worst line that break the irrational floor, described."""
    pos = ruling.position
    hands = [mask_of(h) for h in pos.hands]
    trick = [c.index for c in pos.trick]
    leader = int(pos.leader)
    for i, card in enumerate(trick):
        hands[(leader + i) % 4] |= 1 << card
    c = int(ruling.claimer)
    side = (c, (c + 2) % 4)
    declarer = pos.declarer
    declarer_claim = declarer is None or (int(declarer) - c) % 2 == 0
    trump = int(pos.trump)
    forgotten = mask_of(ruling.forgotten)
    left = pos.tricks_left
    claim_all = ruling.claimed == left
    lost = 0
    won = 0
    conceded = left - ruling.claimed
    oracle = SureOracle(trump, c, Budget(10**9))
    VOIDS.clear()
    VOIDS.update((int(seat), int(suit)) for seat, suit in pos.shown_out)
    out: list[str] = []
    # Replay from the start of the trick in progress: cards already played are part of it.
    cards = [(int(lc.seat), lc.card.index, lc.rule, lc.also)
             for t in ruling.worst_line for lc in t]
    played_before = len(pos.trick)
    current: list[int] = []
    for i, card in enumerate(trick):
        current.append(card)
        hands[(leader + i) % 4] &= ~(1 << card)
    for n, (seat, card, rule, also) in enumerate(cards):
        assert hands[seat] >> card & 1, f"card {card} not in seat {seat}'s hand"
        opp_cards = (hands[(c + 1) % 4] | hands[(c + 3) % 4]) & ~forgotten
        intact = lost <= conceded
        tags = {rule, *also}
        exempt = bool(tags & EXEMPT) or (novice and "no-crash" in tags) or not declarer_claim \
            and seat != c
        still = ruling.claimed - won
        # Once the tricks claimed are won he needs nothing more: no card can throw away
        # what he needs.
        if seat in side and not exempt and intact and still > 0:

            def needed(x: int, seat: int = seat, still: int = still,
                       current: tuple[int, ...] = tuple(current), leader: int = leader,
                       forgotten: int = forgotten) -> bool:
                """Throwing *x* now would leave the claim unsure in his picture."""
                bit = 1 << x
                after = tuple(h & ~bit if s == seat else h for s, h in enumerate(hands))
                trick = (*current, x)
                if len(trick) < 4:
                    return not oracle.sure(after, trick, leader, forgotten, 0,  # type: ignore[arg-type]
                                           still)
                win = (leader + winner_index(trick, trump)) % 4
                return not oracle.sure(after, (), win, forgotten, 0,  # type: ignore[arg-type]
                                       still - (win in side))

            problem = _check(hands, current, leader, seat, card, trump, opp_cards, side,
                             claim_all and lost == 0, lost == conceded, declarer_claim, needed)
            if problem:
                out.append(f"card {n + 1 + played_before} ({_name(card)} by "
                           f"{'NESW'[seat]}): {problem}")
        hands[seat] &= ~(1 << card)
        if current and seat not in side and card // 13 != current[0] // 13:
            # A defender shows out: the claimer counts that suit again (a show-out he knew
            # of tells him nothing), and a trump played on it tells him the trumps are not
            # all gone (as the engine's picture does).
            if ruling.profile != "ebu":
                if (seat, current[0] // 13) not in VOIDS:
                    forgotten &= ~SUIT_RANGES[current[0] // 13]
                VOIDS.add((seat, current[0] // 13))
            if trump < 4 and card // 13 == trump:
                forgotten &= ~SUIT_RANGES[trump]
        current.append(card)
        if forgotten >> card & 1:
            forgotten &= ~SUIT_RANGES[card // 13]
        if len(current) == 4:
            win = (leader + winner_index(tuple(current), trump)) % 4
            won_card = current[winner_index(tuple(current), trump)]
            if forgotten >> won_card & 1:
                forgotten &= ~SUIT_RANGES[won_card // 13]
            if win not in side:
                lost += 1
            else:
                won += 1
            leader = win
            current = []
    return out


def _name(card: int) -> str:
    return "SHDC"[card // 13] + "23456789TJQKA"[card % 13]


VOIDS: set[tuple[int, int]] = set()
"""Show-outs the claimer knows of, (seat, suit): set while a line is replayed."""


def _surely_wins(card: int, current: list[int], leader: int, seat: int, trump: int,
                 opp: int, hands: list[int]) -> bool:
    """In the picture: *card* played now wins the trick whatever the opponents still to play
    hold of the picture's cards."""
    trick = (*current, card)
    if current and not beats(card, current[winner_index(tuple(current), trump)], trump):
        return False
    led = trick[0] // 13
    suit = card // 13
    later = [(leader + i) % 4 for i in range(len(trick), 4)]
    for s in later:
        if (s - seat) % 2 == 0:
            continue
        if suit == led:
            if _top(opp, led) > card and (s, led) not in VOIDS:
                return False
            if trump < 4 and led != trump and opp & SUIT_RANGES[trump] \
                    and (s, trump) not in VOIDS:
                return False  # he may ruff, unless he has shown out of trumps
        else:  # a ruff
            if _top(opp, trump) > card:
                return False
    return True


def _check(hands: list[int], current: list[int], leader: int, seat: int, card: int,
           trump: int, opp: int, side: tuple[int, int], claim_all: bool,
           none_to_concede: bool, declarer_claim: bool, needed: Callable[[int], bool]) -> str:
    own = hands[seat]
    partner = (seat + 2) % 4
    if current:
        led = current[0] // 13
        follows = own & SUIT_RANGES[led]
        win_i = winner_index(tuple(current), trump)
        win_seat = (leader + win_i) % 4
        win_card = current[win_i]
        if follows:
            holders = [x for x in range(52) if follows >> x & 1
                       and _surely_wins(x, current, leader, seat, trump, opp, hands)]
            partner_sure = win_seat == partner and _partner_sure(current, leader, seat, trump,
                                                                   opp)
            # §4.3: a duck is irrational when the claim concedes no (further) trick; while
            # it still concedes one, giving it up here can be the safe play.
            if none_to_concede and holders and not partner_sure \
                    and not _surely_wins(card, current, leader, seat, trump, opp, hands) \
                    and not _partner_will_win(hands, current, leader, seat, card, trump, opp):
                return (f"ducks while holding {_name(holders[-1])}, a sure winner of the "
                        "trick")
            return ""
        # Void in the suit led.
        if (trump < 4 and card // 13 == trump and beats(card, win_card, trump)
                and win_seat == partner and declarer_claim):
            # Irrational while another card keeps the claim sure: an overruff that takes the
            # lead into the hand that must have it (the ♣6 over dummy's ♣4, to draw the last
            # trump from the hand with the winners) is the one safe card, no error.
            # A master of the suit led that only an unseen ruff could beat is partner's
            # winner too: against trumps he cannot place, no side card is ever sure.
            master = win_card // 13 == current[0] // 13 != trump \
                and _top(opp, win_card // 13) < win_card
            if (master or _partner_sure(current, leader, seat, trump, opp)) and any(
                    not needed(x) for x in range(52) if (own & ~SUIT_RANGES[trump]) >> x & 1):
                return f"ruffs partner's winner {_name(win_card)}"
        if _is_winner(card, opp, trump) and not (
                trump < 4 and card // 13 == trump and beats(card, win_card, trump)):
            spare = [x for x in range(52) if own >> x & 1 and not _is_winner(x, opp, trump)
                     and not needed(x)]
            if spare and not _duplicated(hands, seat, card):
                return f"discards the sure winner while holding {_name(spare[0])}"
        return ""
    if claim_all and not _is_winner(card, opp, trump):
        suit = card // 13
        # Towards partner's winner of the suit (a ruff may still spoil it: that is a
        # forgotten-trump matter, not an irrational lead).
        to_partner = _top(hands[partner], suit) > max(_top(opp, suit), card) \
            if hands[partner] & SUIT_RANGES[suit] else False
        to_ruff = (trump < 4 and not hands[partner] & SUIT_RANGES[suit]
                   and hands[partner] & SUIT_RANGES[trump])
        winners = [x for x in range(52) if own >> x & 1 and _is_winner(x, opp, trump)]
        # §4.3 bars the loser only while he holds a safe lead: when none is safe, the lead
        # that keeps the most sure tricks may be a loser (a crossruff's).
        if not to_partner and not to_ruff and winners and any(
                not needed(x) for x in range(52) if own >> x & 1):
            return (f"leads a loser while claiming every trick and holding "
                    f"{_name(winners[-1])}")
    return ""


def _is_winner(card: int, opp: int, trump: int) -> bool:
    """A sure winner in the picture: above every picture card of its suit, and no picture
    trump can ruff it (or it is a trump)."""
    if card < 0:
        return False
    suit = card // 13
    if _top(opp, suit) > card:
        return False
    return not (trump < 4 and suit != trump and opp & SUIT_RANGES[trump])


def _duplicated(hands: list[int], seat: int, card: int) -> bool:
    suit = card // 13
    partner = hands[(seat + 2) % 4] & SUIT_RANGES[suit]
    mine_above = (hands[seat] & SUIT_RANGES[suit]) >> (card + 1)
    return (partner >> (card + 1)).bit_count() >= mine_above.bit_count() + 1


def _partner_sure(current: list[int], leader: int, seat: int, trump: int, opp: int) -> bool:
    win_i = winner_index(tuple(current), trump)
    best = current[win_i]
    led = current[0] // 13
    later = [(leader + i) % 4 for i in range(len(current) + 1, 4)]
    for s in later:
        if (s - seat) % 2 == 0:
            continue
        if best // 13 == led and _top(opp, led) > best:
            return False
        if trump < 4 and best // 13 != trump and opp & SUIT_RANGES[trump]:
            return False
        if best // 13 == trump and _top(opp, trump) > best:
            return False
    return True


def _partner_will_win(hands: list[int], current: list[int], leader: int, seat: int,
                      card: int, trump: int, opp: int) -> bool:
    """Partner, still to play, holds a card of the suit led above everything: a low card here
    leaves the trick to him (no crash of two winners)."""
    partner = (seat + 2) % 4
    later = [(leader + i) % 4 for i in range(len(current) + 1, 4)]
    if partner not in later:
        return False
    led = current[0] // 13
    top = _top(hands[partner], led)
    trick = (*current, card)
    best = trick[winner_index(trick, trump)]
    return top >= 0 and beats(top, best, trump) and _is_winner(top, opp, trump)


def explanation_contradictions(ruling: Ruling) -> list[str]:
    """Where the ruling's explanation says two things of one card (law70.md §6).

    * a doubtful point says a forgotten card "costs nothing" while a card of the worst line
      that looked safe because of it costs a trick;
    * 70C's point says an unmentioned trump is *not* presumed forgotten while a card of the
      line is explained by that trump under 70C (``unaware-trump``);
    * 70C is cited while 70C's point does not say the trump costs a trick;
    * a ruff or a discard that cost a trick is called an unstated guess (70E1): the guess of
      a forgotten card between two of the side's is taken by the cards of that suit.
    """
    out: list[str] = []
    pos = ruling.position
    line = [lc for trick in ruling.worst_line for lc in trick]
    costly_forgotten = {str(c) for lc in line if lc.cost > 0 for c in lc.forgotten}
    for d in ruling.doubts:
        named = set(d.words.split())
        if "costs nothing" in d.resolution and named & costly_forgotten:
            out.append(f"{d.words}: said to cost nothing, yet a card it made look safe "
                       "cost a trick")
        if "not presumed forgotten" in d.resolution:
            for lc in line:
                if "unaware-trump" in (lc.rule, *lc.also) and named & {str(c) for c in
                                                                      lc.forgotten}:
                    out.append(f"{lc.card}: explained by a trump 70C does not presume "
                               "forgotten")
    if "70C" in ruling.laws and not any("70C" in d.resolution and "costs a trick"
                                        in d.resolution for d in ruling.doubts):
        out.append("70C cited, but no doubtful point says the trump costs a trick")
    for i, trick in enumerate(ruling.worst_line):
        if not trick:
            continue
        led = (pos.trick[0] if i == 0 and pos.trick else trick[0].card).suit
        for lc in trick:
            if lc.rule == "unstated-finesse" and lc.cost > 0 and lc.card.suit != led:
                out.append(f"{lc.card}: a ruff or discard called an unstated guess")
    return out
