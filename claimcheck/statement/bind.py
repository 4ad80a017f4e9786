"""Bind an unbound statement to a position and a claimer: the engine's :class:`LinePlan`.

Binding resolves what the words point at: "dummy" is declarer's partner, "hand" / "my" is the
claimer, "trumps" is the trump suit, "top spades" are the claimer side's spades that are
currently the highest still out, "a trump" in a fact about the opponents is every trump they
hold. A reference that fits nothing or several things is never guessed: it becomes a
:class:`~claimcheck.plan.Doubt` quoting the words, and the step keeps only what is certain
(Law 70A: doubtful points go against the claimer; the engine, not the reader, does that).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from claimcheck.cards import Card, Rank, Seat, Suit
from claimcheck.errors import CardError
from claimcheck.plan import Action, Doubt, Fact, LinePlan, Step, condition_reason
from claimcheck.position import Position
from claimcheck.statement.ast import CountNode, FactNode, Ref, Statement, StepNode
from claimcheck.tricks import Pair

_RANK_WORD = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten"}
_SIDE_ACTIONS = frozenset({"cash", "run", "finesse", "play", "discard", "cross", "ruff", "duck"})


@dataclass
class _Resolved:
    suit: Suit | None = None
    cards: tuple[Card, ...] = ()
    count: int | None = None
    ok: bool = True


@dataclass
class _Binder:
    st: Statement
    pos: Position
    claimer: Seat
    doubts: list[Doubt] = field(default_factory=list)
    meta: list[tuple[str, str]] = field(default_factory=list)
    aware: list[Fact] = field(default_factory=list)
    """Outstanding cards a step names ("conceding your jack", "for the queen")."""
    condition: str | None = None
    condition_tricks: int | None = None
    kept: list[Card] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.partner = self.claimer.partner
        self.side = self.pos.hands[self.claimer] | self.pos.hands[self.partner]
        self.opp = self.pos.hands[self.claimer.lho] | self.pos.hands[self.claimer.rho]
        self.trump = self.pos.trump.suit
        decl = self.pos.declarer
        self.defender = decl is not None and self.claimer not in (decl, decl.partner)

    def doubt(self, words: str, reason: str, kind: str = "reference") -> None:
        d = Doubt(words=words, reason=reason, kind=kind)
        if d not in self.doubts:
            self.doubts.append(d)

    # --- small resolvers ------------------------------------------------------------------

    def hand(self, name: str | None, words: str) -> Seat | None:
        """The seat a hand word names, or None (with a doubt when it cannot be bound)."""
        if name is None:
            return None
        if name in ("N", "E", "S", "W"):
            return Seat[name]
        if name == "me":
            return self.claimer
        if name == "partner":
            return self.partner
        if name == "dummy":
            decl = self.pos.declarer
            if decl is None:
                self.doubt(words, "\"dummy\" said but the declarer is not known")
                return None
            if self.defender:
                self.doubt(words, "\"dummy\" in a defender's claim: the defender cannot "
                                  "play dummy's cards, so the words do not bind")
                return None
            return decl.partner
        return None

    def suit(self, letter: str | None, words: str) -> Suit | None:
        if letter is None:
            return None
        if letter == "T":
            if self.trump is None:
                self.doubt(words, "trumps named at notrump: there is no trump suit")
            return self.trump
        if letter not in Suit.__members__:
            self.doubt(words, "a colour, not a suit")
            return None
        return Suit[letter]

    def pool(self, ref: Ref, default: frozenset[Card]) -> frozenset[Card]:
        """The cards a reference can point at, from its owner word."""
        if ref.owner == "me":
            return self.pos.hands[self.claimer]
        if ref.owner == "partner":
            return self.pos.hands[self.partner]
        if ref.owner == "dummy":
            seat = self.hand("dummy", ref.words)
            return self.pos.hands[seat] if seat is not None else frozenset()
        if ref.owner == "you":
            return self.opp
        if ref.owner in ("N", "E", "S", "W"):
            return self.pos.hands[Seat[ref.owner]]  # "North's clubs"
        return default

    def top_cards(self, suit: Suit, pool: frozenset[Card]) -> list[Card]:
        """The cards of *pool* in *suit* that are the highest still out, in a run from the top.

        An opponent's card already played to the trick in progress is still out: with West's
        ♠J on the table, dummy's ♠AKQ2 are three top spades, not four.
        """
        in_trick = [c for c in self.pos.trick if c.suit == suit and c not in self.side_played()]
        out_in_suit = sorted(
            [c for h in self.pos.hands for c in h if c.suit == suit] + in_trick,
            key=lambda c: -c.rank,
        )
        top: list[Card] = []
        for c in out_in_suit:
            if c not in pool:
                break
            top.append(c)
        return top

    def side_played(self) -> frozenset[Card]:
        """The claimer side's cards already played to the trick in progress."""
        seats = (self.claimer, self.partner)
        leader = self.pos.leader
        return frozenset(c for i, c in enumerate(self.pos.trick) if leader.next(i) in seats)

    def where(self, card: Card) -> str:
        for seat in Seat:
            if card in self.pos.hands[seat]:
                return seat.long_name
        if card in self.pos.trick:
            return "the trick in progress"
        return "played"

    def ref(self, ref: Ref, default: frozenset[Card], *, side_cards: bool) -> _Resolved:
        """Resolve a reference to a suit, cards and a count (doubts recorded)."""
        res = _Resolved(count=ref.count)
        res.suit = self.suit(ref.suit, ref.words)
        if ref.suit == "T" and res.suit is None:
            res.ok = False
        pool = self.pool(ref, default)
        if ref.plural and ref.ranks and ref.owner == "me" and not self.defender:
            pool = self.side  # declarer's "my aces" / "mes As" are his side's, dummy's too
        cards: list[Card] = []
        for text in ref.cards:
            try:
                cards.append(Card.parse(text))
            except CardError:
                self.doubt(ref.words, f"{text} is not a card")
        if ref.ranks:
            # "the ace and king": ranks said together are of one suit, so a rank that could be
            # in several suits takes the suit its companion ranks leave no doubt about.
            sibling_suits = {
                only[0].suit for r2 in ref.ranks
                if len(only := [c for c in pool if c.rank == Rank["R" + r2]]) == 1
            } if res.suit is None and len(ref.ranks) > 1 and not ref.plural else set()
            for r in ref.ranks:
                rank = Rank["R" + r]
                if res.suit is not None:
                    cards.append(Card(res.suit, rank))
                    continue
                cands = sorted(c for c in pool if c.rank == rank)
                if ref.plural and cands and not ref.pronoun:
                    # "my aces", "mes trois As": every card of that rank held, so many if said.
                    word = _RANK_WORD.get(r, r)
                    if ref.count is not None and ref.count != len(cands):
                        self.doubt(ref.words, f"{ref.count} {word}s said but "
                                              f"{len(cands)} held: "
                                              f"{', '.join(c.symbol() for c in cands)}", "count")
                        res.ok = False
                        res.count = None  # a count of aces with none bound counts nothing
                    else:
                        cards.extend(cands)
                        res.count = None
                    continue
                if len(cands) > 1 and len(sibling_suits) == 1:
                    cands = [c for c in cands if c.suit in sibling_suits] or cands
                if len(cands) == 1:
                    cards.append(cands[0])
                else:
                    word = _RANK_WORD.get(r, r)
                    why = ("no such card is held there" if not cands else
                           f"it could be {', '.join(c.symbol() for c in cands)}")
                    self.doubt(ref.words, f"the {word} without a suit: {why}")
                    res.ok = False
        if ref.pronoun and not (ref.suit or ref.cards or ref.ranks):
            led = self.pos.led_suit
            if led is not None:
                res.suit = led
            else:
                self.doubt(ref.words, f"\"{ref.words}\" points at nothing: no trick is in progress")
                res.ok = False
        if not cards and res.suit is not None and side_cards:
            if "top" in ref.states or "good" in ref.states:
                top = self.top_cards(res.suit, pool)
                n = ref.count
                if n is None:
                    if top:
                        cards = top
                    else:
                        self.doubt(ref.words, f"no {res.suit.word} of the claimer side are top")
                elif len(top) >= n:
                    cards = top[:n]
                else:
                    self.doubt(ref.words, f"only {len(top)} of the claimer side's "
                                          f"{res.suit.word} are top, {n} named")
                if cards:
                    res.count = None
            elif "small" in ref.states or ("last" in ref.states and ref.owner == "me"):
                mine = sorted((c for c in pool if c.suit == res.suit), key=lambda c: c.rank)
                n = ref.count or 1
                if len(mine) >= n:
                    cards = mine[:n]
                    res.count = None
                else:
                    self.doubt(ref.words, f"no small {res.suit.word[:-1]} is held there")
        if side_cards:
            kept = []
            for c in cards:
                if c in self.side:
                    kept.append(c)
                else:
                    self.doubt(ref.words, f"{c.symbol()} is not held by the claimer side "
                                          f"({self.where(c)})")
                    res.ok = False
            cards = kept
        res.cards = tuple(cards)
        if res.suit is None and cards and len({c.suit for c in cards}) == 1:
            res.suit = cards[0].suit
        return res

    # --- steps ----------------------------------------------------------------------------

    def step(self, node: StepNode) -> Step | None:
        if node.action == "finesse":
            return self.finesse(node)
        if node.action == "overtake":
            return self.overtake(node)
        if node.action == "knockout":
            return self.knockout(node)
        if node.action == "keep":
            # "keep the ♠A for the end": cashed last (its step is in the last phase), and
            # never discarded on the way; the plan lists it in ``kept``.
            step = self.step(replace(node, action="cash"))
            if step is not None:
                self.kept.extend(c for c in step.cards if c not in self.kept)
            return step
        action: Action = node.action  # type: ignore[assignment]
        hand = self.hand(node.hand, node.words)
        against = self.hand(node.against, node.words)
        obj = node.objects[0] if node.objects else None
        res = _Resolved()
        if obj is not None:
            res = self.ref(obj, self.side, side_cards=action in _SIDE_ACTIONS)
        if node.to_card and hand is None and res.cards:
            holders = {s for s in (self.claimer, self.partner)
                       if all(c in self.pos.hands[s] for c in res.cards)}
            if len(holders) == 1:
                hand = holders.pop()  # "a club to the ace": played from the ace's hand
        if (node.to_card and action in ("cash", "play", "run") and len(res.cards) == 1
                and self.beaten(res.cards[0])):
            # "a club to the queen" with the king out is a finesse of the queen, led to from
            # the other hand, not the queen cashed (or led) from its own hand.
            return Step("finesse", suit=res.cards[0].suit, cards=res.cards, words=node.words)
        if action == "draw-trumps":
            if self.trump is None:
                self.doubt(node.words, "trumps drawn at notrump: there is no trump suit")
            return Step("draw-trumps", words=node.words)
        count = res.count
        if action == "ruff":
            if self.trump is None:
                self.doubt(node.words, "a ruff at notrump is impossible")
            elif hand is not None and not any(c.suit == self.trump for c in self.pos.hands[hand]):
                self.doubt(node.words, f"ruff in {hand.long_name}, who holds no trump")
        if action in ("ruff", "discard") and obj is not None and not res.cards:
            # "ruff a heart", "discard my losing club": a singular noun is one card.
            if obj.count is None and not obj.plural and res.suit is not None:
                count = 1
        if action in ("cross", "duck"):
            count = None
        onto: tuple[Card, ...] = ()
        onto_suit: Suit | None = None
        for r in node.onto:
            o = self.ref(r, self.side, side_cards=True)
            if o.cards:
                onto += o.cards
            elif o.suit is not None:
                onto_suit = o.suit
        cards = res.cards
        suit = res.suit
        if action == "cross":
            for r in node.via:
                v = self.ref(r, self.side, side_cards=True)
                cards += v.cards
                suit = v.suit
            if hand is None and cards:
                holders = {s for s in (self.claimer, self.partner) if cards[0] in self.pos.hands[s]}
                if len(holders) == 1:
                    hand = holders.pop()
        if action == "concede" and cards:
            count = None
        if action == "concede":
            self.note_aware(tuple(c for c in cards if c in self.opp), node.words)
        return Step(action, suit=suit, cards=cards, count=count, hand=hand, against=against,
                    onto=onto, onto_suit=onto_suit, words=node.words)

    def beaten(self, card: Card) -> bool:
        """True when an opponent holds a higher card of *card*'s suit."""
        return any(c.suit == card.suit and c.rank > card.rank for c in self.opp)

    def knockout(self, node: StepNode) -> Step:
        """ "Knock out the ace", "je chasse l'As de trèfle": a trick conceded to that card.

        The card is the opponents' (a rank alone is the one they hold); the claimer names it,
        so he is aware of it.
        """
        cards: list[Card] = []
        suit: Suit | None = None
        for ref in node.objects:
            res = self.ref(ref, self.opp, side_cards=False)
            suit = suit or res.suit
            for c in res.cards:
                if c in self.opp:
                    cards.append(c)
                else:
                    self.doubt(ref.words, f"{c.symbol()} is not the opponents' "
                                          f"({self.where(c)}): it cannot be knocked out")
        self.note_aware(tuple(cards), node.words)
        if suit is None and cards:
            suit = cards[0].suit
        return Step("concede", suit=suit, cards=tuple(cards), words=node.words)

    def note_aware(self, cards: tuple[Card, ...], words: str) -> None:
        """The claimer named these outstanding cards: he is aware of them."""
        if cards:
            suit = cards[0].suit if len({c.suit for c in cards}) == 1 else None
            self.aware.append(Fact("aware-of", cards=tuple(sorted(cards)), suit=suit, words=words))

    def finesse(self, node: StepNode) -> Step:
        """A finesse: the finesse card (or suit), the opponent it is against, the hand.

        "Finesse West", "finesse through West" and "finesse against West" are against West;
        "finesse into East" is against West too (East wins the trick if it loses). A missing
        card named ("for the queen", "against the king", "impasse au roi") is bound to the
        claimer side's card just below it in the hand that plays after that opponent, or, with
        no opponent said, to the claimer side's next lower card; the reading goes in ``meta``.
        """
        hand = self.hand(node.hand, node.words)
        against = self.hand(node.against, node.words)
        if node.into is not None:
            into = self.hand(node.into, node.words)
            if into is not None and into in (self.claimer, self.partner):
                self.doubt(node.words, f"a finesse into {into.long_name}, who is on the "
                                       "claimer's side")
            elif into is not None and against is None:
                against = into.partner
        if hand is not None and hand not in (self.claimer, self.partner):
            if against is None or against == hand:
                against = hand  # "finessing West": the opponent it is taken against
            else:
                self.doubt(node.words, f"{hand.long_name} named as well as "
                                       f"{against.long_name}: only one opponent can be "
                                       "finessed against")
            hand = None
        if against is not None and against in (self.claimer, self.partner):
            self.doubt(node.words, f"a finesse against {against.long_name}, who is on the "
                                   "claimer's side")
            against = None
        suit: Suit | None = None
        fin: tuple[Card, ...] = ()
        missing: list[tuple[Card, str]] = []
        for ref in node.objects:
            res = self.ref(ref, self.side | self.opp, side_cards=False)
            suit = suit or res.suit
            for card in res.cards:
                if card in self.side:
                    fin = fin or (card,)
                elif card in self.opp:
                    missing.append((card, ref.words))  # "impasse au roi de pique"
                else:
                    self.doubt(ref.words, f"{card.symbol()} is not held by the claimer side "
                                          f"({self.where(card)})")
        for ref in node.target:
            res = self.ref(ref, self.opp, side_cards=False)  # the card finessed for is out
            suit = suit or res.suit
            for card in res.cards:
                if card in self.opp:
                    missing.append((card, ref.words))
                else:
                    self.doubt(ref.words, f"a finesse for {card.symbol()}, but it is not "
                                          f"missing ({self.where(card)})")
        if missing:
            card, words = missing[0]
            suit = suit or card.suit
            self.note_aware(tuple(sorted({c for c, _ in missing})), words)
            if not fin:
                fin = self.finesse_card(card, against, hand, words, node.words)
        if fin:
            suit = fin[0].suit
        return Step("finesse", suit=suit, cards=fin, hand=hand, against=against,
                    words=node.words)

    def finesse_card(self, card: Card, against: Seat | None, hand: Seat | None, words: str,
                     said: str) -> tuple[Card, ...]:
        """The claimer side's card that finesses against the missing *card*."""
        if against is not None or hand is not None:
            # The finesse card sits in the claimer-side hand that plays after *against*.
            seat = against.lho if against is not None else hand
            assert seat is not None
            opp = seat.rho
            below = sorted((c for c in self.pos.hands[seat]
                            if c.suit == card.suit and c.rank < card.rank), key=lambda c: -c.rank)
            between = sorted(c for c in self.opp if c.suit == card.suit
                             and below and below[0].rank < c.rank < card.rank)
            if not below or between:
                why = (f"holds no lower {card.suit.word[:-1]}" if not below else
                       f"has only {below[0].symbol()} below it, with "
                       f"{' '.join(c.symbol() for c in between)} out in between")
                self.doubt(words, f"a finesse against {opp.long_name} for {card.symbol()} "
                                  f"but {seat.long_name}, who plays after {opp.long_name}, {why}")
                return ()
            self.meta.append(("note", f"{said!r}: a finesse against {opp.long_name} for "
                                      f"{card.symbol()}, taken with {below[0].symbol()} "
                                      f"({seat.long_name}'s highest {card.suit.word[:-1]} below "
                                      f"it; {seat.long_name} plays after {opp.long_name})"))
            return (below[0],)
        below = sorted((c for c in self.side if c.suit == card.suit and c.rank < card.rank),
                       key=lambda c: -c.rank)
        if not below:
            self.doubt(words, f"a finesse against {card.symbol()} but the claimer "
                              f"side holds no lower {card.suit.word[:-1]}")
            return ()
        self.meta.append(("note", f"{said!r}: a finesse against {card.symbol()}, "
                                  f"taken with {below[0].symbol()} (the claimer side's next "
                                  f"lower {card.suit.word[:-1]})"))
        return (below[0],)

    def overtake(self, node: StepNode) -> Step:
        """ "Overtake the ♣K (with the ♣A)": both cards played, read as a *play* step.

        With no overtaking card said, it is the lowest card of the suit above the overtaken
        one in the other hand of the claimer side; the reading goes in ``meta``.
        """
        low: Card | None = None
        high: Card | None = None
        for ref in node.objects:
            res = self.ref(ref, self.side, side_cards=True)
            low = low or (res.cards[0] if res.cards else None)
        for ref in node.via:
            if low is not None and ref.suit is None and ref.ranks and not ref.cards:
                ref = replace(ref, suit=low.suit.letter)  # "the king with the ace": a club
            res = self.ref(ref, self.side, side_cards=True)
            high = high or (res.cards[0] if res.cards else None)
        seats = (self.claimer, self.partner)
        if low is not None and high is None:
            other = next(s.partner for s in seats if low in self.pos.hands[s])
            above = sorted(c for c in self.pos.hands[other]
                           if c.suit == low.suit and c.rank > low.rank)
            if above:
                high = above[0]
                self.meta.append(("note", f"{node.words!r}: {low.symbol()} overtaken with "
                                          f"{high.symbol()} ({other.long_name}'s lowest "
                                          f"{low.suit.word[:-1]} above it)"))
            else:
                self.doubt(node.words, f"nothing in {other.long_name} overtakes {low.symbol()}")
        elif high is not None and low is None:
            other = next(s.partner for s in seats if high in self.pos.hands[s])
            under = sorted(c for c in self.pos.hands[other]
                           if c.suit == high.suit and c.rank < high.rank)
            if len(under) == 1:
                low = under[0]
            else:
                self.doubt(node.words, f"which card {high.symbol()} overtakes is not said")
        elif low is not None and high is not None and (
                low.suit != high.suit or high.rank < low.rank
                or any(low in self.pos.hands[s] and high in self.pos.hands[s] for s in seats)):
            self.doubt(node.words, f"{high.symbol()} does not overtake {low.symbol()}")
        cards = tuple(c for c in (low, high) if c is not None)
        suit = cards[0].suit if cards else None
        hand = self.hand(node.hand, node.words)
        return Step("play", suit=suit, cards=cards, hand=hand, words=node.words)

    # --- facts ----------------------------------------------------------------------------

    def fact(self, node: FactNode) -> Fact | None:
        ref = node.subject
        if node.kind == "trumps-drawn":
            if self.trump is None:
                self.doubt(node.words, "trumps said drawn at notrump")
                return None
            return Fact("trumps-drawn", words=node.words)
        if node.kind == "good":
            if ref.hand is not None:
                seat = self.hand(ref.hand, node.words)
                return None if seat is None else Fact("hand-good", hand=seat, words=node.words)
            res = self.ref(ref, self.side, side_cards=True)
            if res.cards:
                return Fact("card-good", cards=res.cards, suit=res.suit, words=node.words)
            if res.ok and res.suit is not None and not ref.ranks and not ref.cards:
                # "dummy's clubs are good" is about dummy's clubs; "my hearts" is the side's
                # (a declarer says "my" of both hands).
                owner = ref.owner if ref.owner not in (None, "me", "you") else None
                seat = self.hand(owner, node.words)
                return Fact("suit-good", suit=res.suit, hand=seat, words=node.words)
            return None
        res = self.ref(ref, self.opp, side_cards=False)
        cards = res.cards
        if not cards and res.suit is not None and not ref.ranks:
            cards = tuple(sorted(c for c in self.opp if c.suit == res.suit))
            if not cards:
                self.doubt(node.words, f"no {res.suit.word[:-1]} is outstanding")
                return None
        for c in cards:
            if c not in self.opp:
                self.doubt(node.words, f"{c.symbol()} is not outstanding ({self.where(c)})")
                return None
        if not cards:
            return None
        suit = res.suit if res.suit is not None and all(c.suit == res.suit for c in cards) else None
        if suit is None and len({c.suit for c in cards}) == 1:
            suit = cards[0].suit
        return Fact("aware-of", cards=cards, suit=suit, words=node.words)

    # --- counts ---------------------------------------------------------------------------

    def counts(self) -> tuple[int | None, int | None]:
        tl = self.pos.tricks_left
        claimed: int | None = None
        conceded: int | None = None
        rest_claim = rest_concede = False
        plain = [c for c in self.st.counts if c.condition is None]
        if not any(c.side == "claim" for c in plain):
            # "12 tricks unless the spades break badly": no minimum is said apart from the
            # condition, so the count is the claim (and the condition a doubt).
            plain = list(self.st.counts)
        else:
            self.conditional(plain, tl)
        parts = [c for c in plain if c.part and c.side == "claim"]
        plain = [c for c in plain if c not in parts]
        for c in plain:
            n = self.count_value(c, tl)
            if c.rest:
                if c.side == "claim":
                    rest_claim = True
                else:
                    rest_concede = True
                continue
            if n is None:
                continue
            if c.side == "claim":
                claimed = n if claimed is None or c.level is not None or n > claimed else claimed
            else:
                conceded = (conceded or 0) + n
        if parts:
            total = sum(c.n or 0 for c in parts)
            if claimed is None:
                claimed = total  # "three club tricks and two hearts": five tricks
            elif total > claimed:
                self.doubt(", ".join(c.words for c in parts),
                           f"the tricks listed by suit add up to {total} but {claimed} are "
                           "claimed", "count")
        if rest_claim and claimed is None:
            claimed = tl - (conceded or 0)
        if rest_concede and conceded is None:
            conceded = tl - (claimed or 0)
        if claimed is None and conceded is not None:
            claimed = tl - conceded
        if conceded is None and claimed is not None:
            conceded = tl - claimed
        if claimed is not None and conceded is not None and claimed + conceded != tl:
            self.doubt(self.st.text, f"the statement claims {claimed} and concedes {conceded} "
                                     f"but {tl} tricks are left", "count")
        return claimed, conceded

    def conditional(self, plain: list[CountNode], tl: int) -> None:
        """The tricks claimed only if a condition holds (the plan's ``condition_tricks``)."""
        for c in self.st.counts:
            if c.condition is None or c.side != "claim" or c in plain:
                continue
            n = self.tl_value(c, tl)
            if n is not None and (self.condition_tricks is None or n > self.condition_tricks):
                self.condition_tricks = n
                self.condition = c.condition

    def tl_value(self, c: CountNode, tl: int) -> int | None:
        if c.rest:
            return tl
        return self.count_value(c, tl)

    def count_value(self, c: CountNode, tl: int) -> int | None:
        """A said number as remaining tricks; totals and results need declarer and tricks won."""
        if c.result in ("off", "down"):
            self.doubt(c.words, "a result (\"one off\") needs the contract, which the position "
                                "does not give", "count")
            return None
        total: int | None = None
        if c.level is not None:
            total = 6 + c.level
        elif c.n is not None and c.n > tl:
            total = c.n
        elif c.n is not None:
            return c.n
        if total is None:
            return None
        decl = self.pos.declarer
        won = self.pos.won
        if decl is None or self.defender or won.total + tl != 13:
            self.doubt(c.words, f"{total} tricks in all: cannot tell how many of the {tl} left "
                                "that is (declarer or tricks won unknown)", "count")
            return None
        n = total - won.pov(Pair.of(decl))
        if not 0 <= n <= tl:
            self.doubt(c.words, f"{total} tricks in all means {n} of the {tl} left", "count")
            return None
        return n

    # --- all ------------------------------------------------------------------------------

    def run(self) -> LinePlan:
        phases: list[tuple[Step, ...]] = []
        for phase in self.st.phases:
            steps = [s for s in (self.step(n) for n in phase) if s is not None]
            if steps:
                phases.append(tuple(steps))
        facts = [f for f in (self.fact(n) for n in self.st.facts) if f is not None]
        facts += [f for f in self.aware if not any(
            g.kind == "aware-of" and set(f.cards) <= set(g.cards) for g in facts)]
        claimed, conceded = self.counts()
        condition, condition_tricks = self.condition, self.condition_tricks
        if condition_tricks is not None and claimed is not None and condition_tricks <= claimed:
            condition = condition_tricks = None  # the condition adds nothing to the claim
        grammar_doubts = []
        for d in self.st.doubts:
            reason = d.reason
            if d.kind == "condition" and d.words == condition and condition_tricks is not None:
                reason = condition_reason(claimed, condition, condition_tricks)
            grammar_doubts.append(Doubt(d.words, reason, d.kind))
        meta = [("language", self.st.language)]
        meta += [("corrected", f"{a} -> {b}") for a, b in self.st.corrections]
        meta += self.meta
        return LinePlan(
            phases=tuple(phases), facts=tuple(dict.fromkeys(facts)), claimed=claimed,
            conceded=conceded, doubts=tuple(grammar_doubts + self.doubts),
            ignored=self.st.ignored, text=self.st.text, meta=tuple(meta),
            condition=condition, condition_tricks=condition_tricks, kept=tuple(self.kept),
            coverage=coverage(self.st), unread=self.st.ignored, language=self.st.language,
        )


def coverage(st: Statement) -> float:
    """The share of the words of *st* the reader understood (filler counts as understood)."""
    if st.words <= 0:
        return 1.0 if not st.ignored else 0.0
    return max(0.0, (st.words - len(st.ignored)) / st.words)


def bind(statement: Statement, position: Position, claimer: Seat) -> LinePlan:
    """Resolve *statement* against *position* for *claimer* into the engine's line plan."""
    return _Binder(statement, position, claimer).run()
