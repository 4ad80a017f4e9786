"""Read tokens into an unbound :class:`~claimcheck.statement.ast.Statement`.

The grammar works clause by clause. A statement is cut into *segments* at commas, "and"/"et",
sentence ends and order words. Order words start a new phase ("then", "after", "ensuite",
"puis"); commas and "and" do not, because a plain list of tricks is not an order of play (EBU
White Book, quoted in law70-practice.md C4: "four hearts, three spades" is a list, "four hearts
*then* three spades" is an order). "At the end" / "à la fin" puts its segment in a last phase.

Each segment is read as a step (it has a verb, or continues the previous segment's verb, or is a
plain list of winners, read as "cash"), a fact (a copula and a state: "the clubs are good"), a
count ("the rest", "12 tricks", "making 4") or a doubt (a condition, hedge or broken-off
statement). Unknown words are kept in ``ignored``; nothing is dropped silently.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from claimcheck.statement.ast import CountNode, DoubtNode, FactNode, Ref, Statement, StepNode
from claimcheck.statement.tokens import Token, TokenStream, tokenize

# Verbs that only say "I win these": the more specific verb of a segment wins over them
# ("take the club finesse" is a finesse, "I'll take the heart winners" is a cash).
_GENERIC_VERBS = ("take", "have", "cash")
_NP_KINDS = frozenset({"owner", "num", "state", "suit", "rank", "ranks", "card", "count", "hand"})


@dataclass
class _Segment:
    tokens: list[Token] = field(default_factory=list)
    phase: int = 0
    last: bool = False
    sentence: int = 0
    cond_from: int | None = None
    """Index in tokens where a condition starts (the rest of the segment is conditional)."""
    carried_cond: bool = False
    sep_before: str = ""


@dataclass
class _Item:
    """A reference with the preposition that introduced it."""

    prep: str | None
    ref: Ref


def parse_statement(text: str) -> Statement:
    """Parse a statement into an unbound :class:`Statement`; never raises on odd words."""
    return parse_tokens(tokenize(text))


def parse_tokens(stream: TokenStream) -> Statement:
    """Parse a token stream (see the module docstring)."""
    return _Parser(stream).run()


class _Parser:
    def __init__(self, stream: TokenStream) -> None:
        self.stream = stream
        self.text = stream.text
        self.doubts: list[DoubtNode] = []
        self.facts: list[FactNode] = []
        self.counts: list[CountNode] = []
        self.ignored: list[str] = []
        self.corrections: list[tuple[str, str]] = list(stream.corrections)
        self.steps: list[tuple[int, bool, StepNode]] = []  # (phase, last, step)
        self.last_named: Ref | None = None
        """The last card or suit named: what a later "it" or "them" points at."""

    # --- segmentation ---------------------------------------------------------------------

    def _segments(self) -> list[_Segment]:
        segs: list[_Segment] = []
        cur = _Segment()
        phase = 0
        sentence = 0
        in_cond = False
        pending_last = False
        toks = list(self.stream.tokens)

        def close(sep: str) -> None:
            nonlocal cur
            if cur.tokens or cur.last:
                segs.append(cur)
            cur = _Segment(phase=phase, sentence=sentence, sep_before=sep)
            if in_cond:
                cur.carried_cond = True

        for i, tok in enumerate(toks):
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            if (tok.kind == "filler" and tok.text.lower() == "them" and nxt is not None
                    and nxt.kind in ("owner", "subj", "hand")):
                # "take the heart winners them my hand is high": a common typo for "then".
                self.corrections.append((tok.text, "then"))
                tok = replace(tok, kind="order", value="then", corrected="then")
            if tok.kind == "punct":
                stop = tok.value in ".!?"
                if tok.value in ",;:.!?-–—/" or stop:
                    if tok.value != "-" or cur.tokens:
                        in_cond = in_cond and tok.value not in ",;:.!?-–—"
                        close("stop" if stop else "comma")
                        if stop:
                            sentence += 1
                            cur.sentence = sentence
                continue
            if tok.kind == "order" and tok.value == "and" and self._rank_and_rank(toks, i):
                # "l'as et le roi de carreau": one phrase, the suit said once for both ranks.
                cur.tokens.append(replace(tok, kind="filler", value=""))
                continue
            if tok.kind == "order":
                if tok.value == "and":
                    close("and")
                elif tok.value == "then":
                    in_cond = False
                    close("then")
                    phase += 1
                    cur.phase = phase
                elif tok.value == "last":
                    if cur.tokens:
                        cur.last = True
                    else:
                        pending_last = True
                # "first" needs nothing: the phase it opens is the current one.
                continue
            if (tok.kind == "prep" and tok.value == "to" and nxt is not None
                    and nxt.kind == "verb" and cur.tokens):
                close("comma")  # "cross to dummy with a club to take A K": a new step
                continue
            if tok.kind == "cond":
                if cur.cond_from is None and not cur.carried_cond:
                    cur.cond_from = len(cur.tokens)
                in_cond = True
            if pending_last:
                cur.last = True
                pending_last = False
            cur.tokens.append(tok)
        close("end")
        return segs

    @staticmethod
    def _rank_and_rank(toks: list[Token], i: int) -> bool:
        if i == 0 or toks[i - 1].kind not in ("rank", "ranks"):
            return False
        j = i + 1
        while j < len(toks) and toks[j].kind == "filler":
            j += 1
        return j < len(toks) and toks[j].kind in ("rank", "ranks")

    # --- main -----------------------------------------------------------------------------

    def run(self) -> Statement:
        prev_verb: str | None = None
        prev_sentence = -1
        for seg in self._segments():
            if seg.sentence != prev_sentence:
                prev_verb = None
                prev_sentence = seg.sentence
            toks = seg.tokens
            if self._fallback_count(toks):
                continue
            if seg.carried_cond:
                self._cond_doubt(toks)
                continue
            condition: str | None = None
            if seg.cond_from is not None:
                condition = self._words(toks[seg.cond_from :])
                self._cond_doubt(toks[seg.cond_from :])
                toks = toks[: seg.cond_from]
            inherit = prev_verb if seg.sep_before in ("and", "comma") else None
            before = len(self.counts)
            verb = self._segment(toks, seg, inherit)
            if condition is not None:
                # "eleven if the clubs break": the count is claimed only if the condition holds.
                self.counts[before:] = [replace(c, condition=condition)
                                        for c in self.counts[before:]]
            if verb is not None:
                prev_verb = verb
        return self._statement()

    def _fallback_count(self, toks: list[Token]) -> bool:
        """ "…, otherwise ten" / "sinon dix": the count claimed when a condition fails.

        It is the claim's minimum, so it is read as a plain count; True when *toks* was one.
        """
        if not toks or toks[0].kind != "cond" or toks[0].value != "else":
            return False
        rest = [t for t in toks[1:] if t.kind not in ("filler", "subj")
                and not (t.kind == "verb" and t.value in _GENERIC_VERBS)]
        if not rest or any(t.kind not in ("num", "count") for t in rest):
            return False
        nums = [t for t in rest if t.kind == "num"]
        if len(nums) != 1:
            return False
        self.counts.append(CountNode("claim", n=nums[0].number, words=self._words(toks)))
        return True

    def _statement(self) -> Statement:
        n_phases = max((p for p, _, _ in self.steps), default=-1) + 1
        phases: list[list[StepNode]] = [[] for _ in range(n_phases)]
        last: list[StepNode] = []
        for phase, is_last, step in self.steps:
            (last if is_last else phases[phase]).append(step)
        out = [tuple(p) for p in phases if p]
        if last:
            out.append(tuple(last))
        return Statement(
            text=self.text, language=self.stream.language, phases=tuple(out),
            facts=tuple(self.facts), counts=tuple(self.counts), doubts=tuple(self.doubts),
            ignored=tuple(self.ignored), corrections=tuple(self.corrections),
            words=self.stream.words,
        )

    def _words(self, toks: list[Token]) -> str:
        if not toks:
            return ""
        return self.text[toks[0].start : toks[-1].end]

    def _cond_doubt(self, toks: list[Token]) -> None:
        if not toks:
            return
        words = self._words(toks)
        if self.doubts and self.doubts[-1].kind == "condition" and words in self.doubts[-1].words:
            return
        self.doubts.append(DoubtNode(
            "condition", words,
            "the claim is made on a condition or names an alternative line; a claim that "
            "depends on how the cards lie is resolved against the claimer (Law 70A)",
        ))

    # --- one segment ----------------------------------------------------------------------

    def _segment(self, toks: list[Token], seg: _Segment, inherit: str | None) -> str | None:
        """Read one segment; returns the verb it used (for the next segment to inherit)."""
        toks = self._trump_as_verb(toks)
        subj: str | None = None
        verbs: list[Token] = []
        neg = False
        bound = False
        allbut = False
        results: list[Token] = []
        items: list[_Item] = []
        prep: str | None = None
        i = 0
        while i < len(toks):
            tok = toks[i]
            k = tok.kind
            if k == "hedge" or k == "abort":
                reason = (
                    "the claimer hedged (\"I think\"): the statement is not a firm line"
                    if k == "hedge" else
                    "the statement was broken off (\"oh wait\"): what follows or precedes "
                    "may not be the line the claimer meant"
                )
                self.doubts.append(DoubtNode("hedge", tok.text, reason))
                i += 1
                continue
            if k == "subj":
                if tok.value == "it" and self._pronoun_object(toks, i):
                    items.append(_Item(prep, self._pronoun(tok, verbs)))
                    prep = None
                elif subj is None:
                    subj = tok.value
                i += 1
                continue
            if k == "filler":
                nxt = toks[i + 1] if i + 1 < len(toks) else None
                if tok.text.lower() == "them" and verbs and not items:
                    items.append(_Item(prep, self._pronoun(tok, verbs)))
                elif (tok.lang == "fr" and tok.value in ("art", "pl") and nxt is not None
                        and nxt.kind == "verb" and nxt.value not in _GENERIC_VERBS
                        and not items and i > 0
                        and toks[i - 1].kind in ("subj", "neg")):
                    # "je le coupe", "je les défausse", "je l'encaisse": the French object
                    # pronoun comes before its verb.
                    items.append(_Item(prep, self._pronoun(tok, [nxt])))
                i += 1
                continue
            if k == "verb":
                verbs.append(tok)
                i += 1
                continue
            if k == "neg":
                neg = True
                i += 1
                continue
            if k == "bound":
                bound = True
                i += 1
                continue
            if k == "allbut":
                allbut = True
                i += 1
                continue
            if k == "result":
                results.append(tok)
                i += 1
                continue
            if k == "prep":
                prep = tok.value
                i += 1
                continue
            if k in _NP_KINDS:
                ref, i = self._noun_phrase(toks, i)
                if not ref.has_head and ref.count is None:
                    continue  # "the free finesse": an adjective alone names nothing
                if (ref.suit or ref.cards or ref.ranks) and not ref.hand and not ref.pronoun:
                    self.last_named = ref
                items.extend(_Item(prep, r) for r in _split_colour(ref))
                prep = None
                continue
            if k in ("unknown", "other"):
                if k == "unknown":
                    self.ignored.append(tok.text)
                i += 1
                continue
            if k == "split":
                # "3-3": only meaningful inside a condition, which was cut off before.
                self.ignored.append(tok.text)
                i += 1
                continue
            i += 1
        return self._interpret(
            toks, seg, inherit, subj, verbs, neg, bound, allbut, results, items
        )

    def _trump_as_verb(self, toks: list[Token]) -> list[Token]:
        """ "Trump the diamond", "trump a club in dummy": a leading "trump" with an object and
        no other verb is the verb *ruff*, not the trump suit cashed."""
        j = 0
        while j < len(toks) and toks[j].kind == "filler":
            j += 1
        k = j + 1
        while k < len(toks) and toks[k].kind == "filler" and toks[k].value != "be":
            k += 1
        if (j < len(toks) and toks[j].kind == "suit" and toks[j].value == "T"
                and toks[j].flag != "pl" and not any(t.kind == "verb" for t in toks)
                # "the trump ace" is a card: no article before, no rank right after.
                and not (j > 0 and toks[j - 1].value == "art")
                and k < len(toks) and toks[k].kind in _NP_KINDS
                and toks[k].kind not in ("rank", "ranks", "count")):
            return toks[:j] + [replace(toks[j], kind="verb", value="ruff")] + toks[j + 1 :]
        return toks

    def _pronoun(self, tok: Token, verbs: list[Token]) -> Ref:
        """ "it" or "them": the card or suit named last, else (bound later) the suit led to the
        trick in progress. A ruff is of a suit, so only the suit is kept for one."""
        ante = self.last_named
        if ante is None:
            return Ref(pronoun=True, words=tok.text)
        ruff = any(v.value == "ruff" for v in verbs)
        plural = tok.text.lower() in ("them", "les")
        if ruff or (plural and ante.suit and len(ante.cards) + len(ante.ranks) <= 1):
            if ante.suit is None and len(ante.cards) == 1:
                return Ref(pronoun=True, suit=ante.cards[0][0], plural=plural, words=tok.text)
            return Ref(pronoun=True, suit=ante.suit, plural=plural, words=tok.text)
        return Ref(pronoun=True, suit=ante.suit, ranks=ante.ranks, cards=ante.cards,
                   plural=plural or ante.plural, owner=ante.owner, words=tok.text)

    @staticmethod
    def _np_follows(toks: list[Token], j: int) -> bool:
        while j < len(toks) and toks[j].kind == "filler" and toks[j].value != "be":
            j += 1
        return j < len(toks) and toks[j].kind in _NP_KINDS

    def _pronoun_object(self, toks: list[Token], i: int) -> bool:
        """True when "it" at *i* is an object ("ruff it"), not a subject ("it depends")."""
        return i > 0 and toks[i - 1].kind == "verb"

    def _noun_phrase(self, toks: list[Token], i: int) -> tuple[Ref, int]:
        start = i
        suit: str | None = None
        ranks: list[str] = []
        cards: list[str] = []
        count: int | None = None
        plural = False
        states: list[str] = []
        post: list[str] = []
        owner: str | None = None
        hand: str | None = None
        tricks = False
        rest = False
        head = False
        after_be = False
        # An article or a plural determiner said just before the phrase ("the", "le", "les").
        prev = toks[start - 1] if start > 0 else None
        article = prev is not None and prev.kind == "filler" and prev.value == "art"
        plural = prev is not None and prev.kind == "filler" and prev.value == "pl"
        end = i
        while i < len(toks):
            tok = toks[i]
            k = tok.kind
            if k == "num":
                spot = _SPOT.get(tok.number)
                if (head and spot is not None and suit is not None and not plural
                        and not ranks and not cards and count is None and not hand
                        and not tricks):
                    # A rank said as a word after a suit: "the spade five", "dummy's club
                    # four", "the heart ten" are cards, not counts of tricks.
                    ranks.append(spot)
                    end = i
                    i += 1
                    continue
                if head:
                    nxt = toks[i + 1] if i + 1 < len(toks) else None
                    # "the 10 of spades" after a head would be a new phrase; stop.
                    if not (nxt is not None and nxt.kind == "prep" and nxt.value == "of"):
                        break
                    break
                nxt = toks[i + 1] if i + 1 < len(toks) else None
                nxt2 = toks[i + 2] if i + 2 < len(toks) else None
                spot = _SPOT.get(tok.number)
                if (spot is not None and nxt is not None and nxt.kind == "prep"
                        and nxt.value == "of" and nxt2 is not None and nxt2.kind == "suit"
                        and count is None and not states
                        and (spot == "T" or article or owner is not None or nxt2.flag != "pl")):
                    # "the ten of spades", "le sept de cœur", "dummy's four of clubs": a card.
                    # Without an article and with a plural suit ("four of spades") it stays
                    # a count.
                    ranks.append(spot)
                    head = True
                elif count is None:
                    count = tok.number
                else:
                    break
            elif k == "state":
                if after_be or (head and tok.value in ("drawn", "out")):
                    post.append(tok.value)
                elif head and tok.value in ("good", "losing") and not after_be:
                    states.append(tok.value)  # "the heart winners", "1 spade loser"
                elif head:
                    break
                else:
                    states.append(tok.value)
            elif k == "owner":
                if head or owner is not None:
                    break
                owner = tok.value
                plural = plural or tok.flag == "pl"  # "mes As", "nos rois"
            elif k == "suit":
                if (suit is not None and (head and (cards or ranks or suit))) or hand is not None:
                    break  # "au mort à cœur": the hand, then the suit it is reached with
                suit = tok.value
                plural = plural or tok.flag == "pl"
                head = True
            elif k == "rank":
                if cards:
                    break
                ranks.append(tok.value)
                plural = plural or tok.flag == "pl" or (count is not None and count > 1)
                head = True
            elif k == "ranks":
                if cards:
                    break
                ranks.extend(tok.value)
                head = True
            elif k == "card":
                if ranks or (suit and not cards):
                    break
                cards.extend(tok.value.split())
                head = True
            elif k == "count":
                if after_be and tok.value == "all":
                    i += 1  # "the hearts are all good": "all" is an adverb here
                    continue
                if hand is not None:
                    break
                if tok.value == "trick":
                    tricks = True
                    plural = plural or tok.text.lower().endswith(("s", "x"))
                else:
                    rest = True
                head = True
            elif k == "hand":
                if head:
                    break
                hand = tok.value
                head = True
            elif k == "prep" and tok.value in ("of", "in") and i + 1 < len(toks):
                nxt = toks[i + 1]
                # "the ace of spades", "l'as de pique", "four tricks in spades".
                if nxt.kind == "suit" and (ranks or tricks or (tok.value == "of" and not suit)):
                    if suit is not None:
                        break
                    i += 1
                    continue
                if tok.value == "of" and nxt.kind == "count" and not head:
                    i += 1
                    continue
                break
            elif k == "filler" and tok.value == "be" and head:
                after_be = True
                i += 1
                continue
            elif k == "filler" and self._np_follows(toks, i + 1):
                pass  # an article inside the phrase
            else:
                break
            end = i
            i += 1
        if i == start:
            i += 1
            end = start
        words = self.text[toks[start].start : toks[end].end]
        spot = _SPOT.get(count) if count is not None else None
        ante = self.last_named
        if (spot is not None and article and not head and not states and owner is None
                and ante is not None and ante.suit is not None and (ante.ranks or ante.cards)):
            # "cash the king of hearts and the four": a rank of the suit just named, not a
            # count of four tricks.
            ranks, suit, count = [spot], ante.suit, None
        return Ref(
            suit=suit, ranks=tuple(ranks), cards=tuple(cards), count=count, plural=plural,
            states=tuple(states), post_states=tuple(post), owner=owner, hand=hand,
            tricks=tricks, rest=rest, words=words,
        ), i

    # --- interpretation -------------------------------------------------------------------

    def _interpret(
        self, toks: list[Token], seg: _Segment, inherit: str | None, subj: str | None,
        verbs: list[Token], neg: bool, bound: bool, allbut: bool, results: list[Token],
        items: list[_Item],
    ) -> str | None:
        words = self._words(toks)
        # Results and contract totals: "making 4", "7=", "one off", "down two".
        for r in results:
            level: int | None = int(r.value) if r.value.isdigit() else None
            nums = [it.ref.count for it in items if it.ref.count is not None and it.ref.is_count]
            if r.value in ("making",) and nums:
                self.counts.append(CountNode("claim", level=nums[0], result="making", words=words))
            elif r.flag == "=" and level is not None:
                self.counts.append(CountNode("claim", level=level, result="=", words=words))
            elif r.value in ("off", "down"):
                n = nums[0] if nums else 1
                self.counts.append(CountNode("claim", n=n, result=r.value, words=words))
        if results:
            items = [it for it in items if not it.ref.is_count]
            if not items and not verbs:
                return None
        if allbut:
            named = [it.ref for it in items if not it.ref.is_count and it.ref.has_head]
            nums = [it.ref.count for it in items if it.ref.count is not None and it.ref.is_count]
            rest = [it.ref for it in items if it.ref.rest]
            # "except the trump king": the claimer names the card he will lose (aware of it).
            for named_ref in named:
                self.facts.append(FactNode("aware-of", named_ref, words))
            if rest:
                self.counts.append(CountNode("claim", rest=True, words=rest[0].words))
            self.counts.append(CountNode(
                "concede", n=nums[-1] if nums else max(1, len(named)), words=words))
            return None

        said = {v.value for v in verbs}
        if {"establish", "knockout"} <= said and not neg:
            # "set up the diamonds by knocking out the king", "j'affranchis les carreaux en
            # chassant le roi": the trick lost to that card, and the suit run; the card is of
            # the suit set up when no other suit is said.
            suits = [it.ref.suit for it in items if it.ref.suit and not it.ref.hand]
            carded = [it for it in items if (it.ref.ranks or it.ref.cards) and not it.ref.hand]
            others = [it for it in items if it not in carded]
            first = suits[0] if suits else None
            knocked = [_Item(None, replace(it.ref, suit=it.ref.suit or first)) for it in carded]
            self._with_verb(seg, "knockout", subj, knocked, words)
            # The suit is run once the card is out; the trick lost is the knock-out's, so the
            # doubt of a bare "establish" (no trick conceded) does not apply.
            self._with_verb(seg, "run", subj, others, words)
            return "establish"
        verb_tok = self._pick_verb(verbs)
        verb = verb_tok.value if verb_tok is not None else None
        if (verb or inherit) != "finesse":
            # "for", "into" and "through" say something particular only of a finesse
            # ("finesse West for the queen", "finesse into East"); elsewhere "endplay for the
            # rest" is a plain object and "cross into dummy" a plain "to".
            plain = {"for": None, "into": "to", "through": None}
            items = [_Item(plain.get(it.prep, it.prep) if it.prep in plain else it.prep, it.ref)
                     for it in items]
        if neg and not bound and verb is not None and not any(
            "drawn" in it.ref.post_states or "out" in it.ref.post_states for it in items
        ):
            self.doubts.append(DoubtNode(
                "condition", words,
                "a negative instruction names no step; the director weighs it (Law 70D)",
            ))
            return verb

        if verb is None:
            return self._no_verb(seg, inherit, subj, neg, items, words)
        return self._with_verb(seg, verb, subj, items, words)

    def _pick_verb(self, verbs: list[Token]) -> Token | None:
        specific = [v for v in verbs if v.value not in _GENERIC_VERBS]
        if specific:
            return specific[0]
        return verbs[0] if verbs else None

    def _no_verb(
        self, seg: _Segment, inherit: str | None, subj: str | None,
        neg: bool, items: list[_Item], words: str,
    ) -> str | None:
        if not items:
            return None
        facts_made = False
        for it in items:
            ref = it.ref
            if it.prep in ("under", "with"):
                continue
            said_out = "out" in ref.states + ref.post_states
            if ref.post_states or (neg and ref.suit == "T" and said_out):
                facts_made = True
                states = set(ref.post_states) | ({"out"} if neg else set())
                if ref.rest:
                    self.counts.append(CountNode("claim", rest=True, words=ref.words))
                elif ref.suit == "T" and not ref.cards and not ref.ranks and (
                    "drawn" in states or (neg and "out" in states)
                ):
                    self.facts.append(FactNode("trumps-drawn", ref, words))
                elif "good" in states or "top" in states:
                    self.facts.append(FactNode("good", ref, words))
                else:
                    self.facts.append(FactNode("aware-of", ref, words))
        if facts_made:
            return None
        counts = [it for it in items if it.ref.is_count and it.prep is None]
        if counts:
            for it in counts:
                self._count(it.ref, "concede" if subj == "you" else "claim")
            return None
        objs = [it for it in items if it.prep in (None, "of", "in") and not it.ref.hand]
        aware = [it for it in objs if it.ref.owner == "you" or "outstanding" in it.ref.states]
        if aware:
            for it in aware:
                self.facts.append(FactNode("aware-of", it.ref, words))
            return None
        if subj == "you" or not objs:
            return None
        # A list of winners with no verb ("top hearts", "two good clubs"), or the objects of the
        # verb of the segment before ("cash the DA and two spades").
        verb = inherit or "cash"
        return self._with_verb(seg, verb, subj, items, words, merge=inherit is not None)

    def _count(self, ref: Ref, side: str) -> None:
        if ref.rest:
            self.counts.append(CountNode(side, rest=True, words=ref.words))
        else:
            self.counts.append(CountNode(side, n=ref.count if ref.count is not None else 1,
                                         words=ref.words))

    def _with_verb(
        self, seg: _Segment, verb: str, subj: str | None, items: list[_Item], words: str,
        *, merge: bool = False,
    ) -> str | None:
        objs = [it.ref for it in items if it.prep in (None, "of") and not it.ref.hand]
        in_refs = [it.ref for it in items if it.prep == "in" and not it.ref.hand]
        objs += in_refs  # "finesse in clubs", "duck in hearts"
        hands = [it for it in items if it.ref.hand]
        hand: str | None = None
        against: str | None = None
        into: str | None = None
        missing: tuple[Ref, ...] = ()
        for it in hands:
            h = it.ref.hand
            assert h is not None
            if it.prep == "against" or (it.prep in ("on", "through") and verb == "finesse"):
                against = h  # "finesse against East", "finesse through West"
            elif it.prep == "into" and verb == "finesse":
                into = h  # "finesse into East": East wins if it loses, so against West
            elif it.prep in ("in", "from", "to", None, "on", "of"):
                if h in ("you",):
                    continue
                hand = h  # for a finesse, the binder reads an opponent here as "against"
        if verb == "finesse":
            # "finesse West for the queen", "finesse against the king": the missing card.
            missing = tuple(it.ref for it in items if it.prep in ("against", "on", "for", "through")
                            and not it.ref.hand)
        to_card = False
        if verb in ("cash", "play", "run"):
            # "a club to the ace": the lead goes to the ace, which is the card cashed.
            to_refs = [it.ref for it in items if it.prep == "to" and not it.ref.hand
                       and (it.ref.ranks or it.ref.cards) and not it.ref.is_count]
            if to_refs and len(objs) <= 1:
                to = to_refs[0]
                lead = objs[0] if objs else None
                objs = [replace(to, suit=to.suit or (lead.suit if lead else None), count=None,
                                words=f"{lead.words} to {to.words}" if lead else to.words)]
                to_card = True
        onto = tuple(it.ref for it in items if it.prep == "on" and not it.ref.hand
                     and verb != "finesse")
        via = tuple(it.ref for it in items if (
            it.prep == "with" or (it.prep == "to" and verb == "cross")) and not it.ref.hand)

        said_verb = verb  # what a next segment inherits ("three clubs and two hearts")
        if verb == "take" and subj == "you":
            verb = "concede"
        if verb in ("take", "have") and subj != "you":
            counts = [r for r in objs if r.is_count]
            for r in counts:
                self._count(r, "claim")
            rest = [r for r in objs if not r.is_count]
            # "I have three club tricks and two hearts": a list of tricks by suit is a count of
            # tricks in each suit (in no order), not a claim that every card of the suit wins.
            by_suit = [r for r in rest if _suit_count(r)]
            for r in by_suit:
                self.counts.append(CountNode("claim", n=r.count, words=r.words, part=True))
            losers = [r for r in rest if "losing" in r.states and r.suit and r.owner != "you"]
            if losers:
                # "I have a club loser": a trick conceded in that suit, not a good suit.
                for r in losers:
                    self.counts.append(CountNode("concede", n=r.count or 1, words=r.words))
                    self._add_step(seg, StepNode("concede", (r,), words=words), False)
                rest = [r for r in rest if r not in losers]
            if verb == "have" and rest:
                for r in rest:
                    if r not in by_suit:
                        self.facts.append(FactNode("good", r, words))
                if not by_suit:
                    return said_verb
                rest = by_suit
            if not rest:
                return verb
            # "I get my two hearts": a count claimed by naming the cards.
            for r in rest:
                if r.count is not None and r not in by_suit and (r.tricks or r.owner == "me"):
                    self.counts.append(CountNode("claim", n=r.count, words=r.words))
            objs = rest
            verb = "cash"
        if verb == "have" and subj == "you" or verb in ("remain", "missing"):
            for r in objs:
                self.facts.append(FactNode("aware-of", r, words))
            return verb
        if verb == "knockout":
            # "knock out the ace", "je chasse l'As de trèfle": a trick lost to that card.
            for r in objs:
                if not r.is_count:
                    self.counts.append(CountNode("concede", n=r.count or 1, words=r.words))
            objs = [r for r in objs if not r.is_count]
        elif verb == "concede":
            steps_objs = []
            for r in objs:
                if r.is_count:
                    self._count(r, "concede")
                else:
                    steps_objs.append(r)
                    self.counts.append(CountNode(
                        "concede", n=r.count if r.count is not None else (
                            len(r.cards) or len(r.ranks) or 1), words=r.words))
            if not steps_objs:
                return verb  # "concede 1", or a bare "loses": no step to play
            objs = steps_objs
        else:
            for r in [r for r in objs if r.is_count]:
                self._count(r, "claim")
            objs = [r for r in objs if not r.is_count]
        # "unblock the ace" plays that card (a *play* step); "keep the ♠A (for the end)" is a
        # *keep* node, cashed after everything else (the binder lists the card as kept), so its
        # step goes in the last phase.
        action = {"play": "play", "establish": "run", "unblock": "play"}.get(verb, verb)
        if verb == "keep":
            seg = replace(seg, last=True)
        if verb == "draw":
            action = "draw-trumps"
            for r in objs:
                # "drawing your last trump": the claimer names what is out (70C1 awareness).
                if r.owner == "you" or ({"outstanding", "remaining"} & set(r.states)) or (
                        "last" in r.states and r.owner != "me"):
                    self.facts.append(FactNode("aware-of", r, words))
            objs = []
        if verb == "establish":
            self.doubts.append(DoubtNode(
                "reference", words,
                "establishing a suit is read as running it; the statement concedes no trick "
                "for it, so none is conceded",
            ))
        targets: list[Ref | None] = list(objs) if objs else [None]
        for target in targets:
            node = StepNode(
                action=action, objects=() if target is None else (target,), hand=hand,
                against=against, onto=onto, via=via, target=missing, into=into,
                to_card=to_card, words=words,
            )
            self._add_step(seg, node, merge)
        return said_verb if said_verb in ("take", "have") else verb

    def _add_step(self, seg: _Segment, node: StepNode, merge: bool) -> None:
        # "play the A♥ and K♥": card lists joined by "and" under one verb are one step.
        if merge and self.steps and seg.sep_before in ("and", "comma"):
            phase, last, prev = self.steps[-1]
            if (phase == seg.phase and last == seg.last and prev.action == node.action
                    and len(prev.objects) == 1 and len(node.objects) == 1
                    and _only_cards(prev.objects[0]) and _only_cards(node.objects[0])
                    and prev.hand == node.hand and not node.onto and not node.via
                    and not prev.onto and not prev.via):
                a, b = prev.objects[0], node.objects[0]
                merged = replace(a, cards=tuple(dict.fromkeys(a.cards + b.cards)),
                                 words=f"{a.words} and {b.words}")
                self.steps[-1] = (phase, last, replace(
                    prev, objects=(merged,), words=f"{prev.words}, {node.words}"))
                return
        self.steps.append((seg.phase, seg.last, node))


_COLOURS = {"R": ("H", "D"), "B": ("S", "C")}
_SPOT = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "T"}
"""Numbers that are also ranks, with their rank letters."""


def _split_colour(ref: Ref) -> tuple[Ref, ...]:
    """ "the two red aces" is the ace of hearts and the ace of diamonds: one reference a suit."""
    suits = _COLOURS.get(ref.suit or "")
    if suits is None:
        return (ref,)
    count = ref.count if ref.count not in (None, len(suits)) else None
    return tuple(replace(ref, suit=s, count=count) for s in suits)


def _suit_count(ref: Ref) -> bool:
    """ "three club tricks", "two hearts": a number of tricks in one suit, no card named."""
    return (ref.count is not None and ref.suit is not None and ref.suit != "T"
            and not ref.cards and not ref.ranks and not ref.states and ref.owner != "you")


def _only_cards(ref: Ref) -> bool:
    return bool(ref.cards) and not ref.ranks and ref.count is None and not ref.states
