"""Split a statement into tokens: words and phrases from the lexicon, cards, numbers, symbols.

Matching is done on a normalised form (lower case, accents stripped, ``œ`` → ``oe``) while each
token keeps its original span, so a doubt can quote the player's exact words. Card forms read here:
``♠A``, ``A♠``, ``♥AK``, ``AK♥``, ``♠10``, ``SA`` / ``AS`` / ``DQ`` (upper case only, so the
English word "as" is not the ace of spades), French ``♠R`` and ``RP`` in a French statement, rank
runs ``AK``, ``AKQ``, single rank letters ``K Q J T`` (and ``A`` when a rank or suit follows), and
the suit symbols with or without the emoji variation selector. A word the lexicon does not know
but that is one edit away from a lexicon word of five letters or more is read as that word, and
the correction is recorded so the director sees it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from claimcheck.cards import Card, Notation, suit_from_symbol
from claimcheck.errors import CardError
from claimcheck.statement.lexicon import Entry, Lexicon, fold, languages, load, others

_SYM = "♠♥♦♣♤♡♢♧"
_VS = "\ufe0f\ufe0e"
_RANKS_RE = r"(?:10|[2-9TJQKARDVX])"
_PIECE = re.compile(
    rf"(?P<symcards>[{_SYM}][{_VS}]?{_RANKS_RE}+(?![^\W\d_]))"
    rf"|(?P<symplural>[{_SYM}][{_VS}]?s(?![^\W\d_]))"
    rf"|(?P<cardsym>{_RANKS_RE}+[{_SYM}][{_VS}]?)"
    rf"|(?P<sym>[{_SYM}][{_VS}]?)"
    r"|(?P<split>\d+-\d+)"
    r"|(?P<result>\d+=)"
    r"|(?P<num>\d+)"
    r"|(?P<word>[^\W\d_]+['’](?:t|ll|s|m|re|ve|d)(?![^\W\d_])"
    r"|[^\W\d_]+['’]"
    r"|[^\W\d_][^\W_]*)"
    r"|(?P<punct>[,;:.!?()\-–—=/\"\[\]+])"
    r"|(?P<other>\S)"
)
_SEPARATOR_PUNCT = frozenset(",;:.!?()–—/\"[]+")
_UPPER_RANKS = frozenset("AKQJT")


@dataclass(frozen=True, slots=True)
class Piece:
    """A raw piece of the text: a word, a number, a card form, a symbol or a punctuation mark."""

    kind: str
    text: str
    start: int
    end: int
    norm: str


@dataclass(frozen=True, slots=True)
class Token:
    """A token of the statement: a kind, a value and the original words it came from.

    Kinds are the lexicon kinds (``suit``, ``verb``, ``hand`` …) plus ``card`` (value: card
    strings separated by spaces, e.g. ``"HA HK"``), ``ranks`` (value: rank characters, e.g.
    ``"AK"``), ``split`` (``"3-3"``), ``result`` (``"7"`` for ``7=``), ``punct`` and ``unknown``.
    """

    kind: str
    value: str
    text: str
    start: int
    end: int
    flag: str = ""
    lang: str = ""
    corrected: str = ""
    """The lexicon word this token was read as, when it was a misspelling."""

    @property
    def number(self) -> int:
        """The value as an integer (for ``num`` tokens)."""
        return int(self.value)


@dataclass(frozen=True, slots=True)
class TokenStream:
    """The tokens of a statement, the language detected and the spelling corrections made."""

    text: str
    tokens: tuple[Token, ...]
    language: str
    corrections: tuple[tuple[str, str], ...] = field(default=())
    words: int = 0
    """How many words (and numbers, cards, symbols) the text has, punctuation left out."""


def split_words(text: str) -> list[Piece]:
    """Cut *text* into raw pieces with their spans and normalised forms."""
    out: list[Piece] = []
    for m in _PIECE.finditer(text):
        kind = m.lastgroup or "other"
        raw = m.group(0)
        out.append(Piece(kind, raw, m.start(), m.end(), fold(raw)))
    return out


UNKNOWN_LANGUAGE = "unknown"
"""The language of a statement whose words no lexicon knows (German, Spanish …)."""


def _language_words(pieces: list[Piece]) -> list[Piece]:
    # Card forms ("SA", "AK", "AKQJ") say nothing about the language.
    return [p for p in pieces if p.kind == "word" and not (
        p.text.isupper() and (len(p.text) <= 3 or set(p.text) <= _CARD_LETTERS))]


_CARD_LETTERS = frozenset("AKQJTXRDV98765432SHCP")


def detect_language(pieces: list[Piece]) -> str:
    """The language of the words: the lexicon that knows most words found in no other lexicon
    (English on ties), or :data:`UNKNOWN_LANGUAGE` when the words are not those of any lexicon.

    "Not those of any lexicon" is decided from the words, never guessed: no word is known, or
    the words of a language without a lexicon (``_others.json``) outnumber the known ones, or
    fewer than two words in five are known (of three or more).
    """
    langs = languages()
    lexes = {code: load(code) for code in langs}
    words = _language_words(pieces)
    scores = dict.fromkeys(langs, 0)
    known = 0
    foreign = dict.fromkeys(others(), 0)
    for p in words:
        owners = [code for code in langs if p.norm in lexes[code].vocabulary]
        if owners or (len(p.norm) >= 5 and any(
                damerau1(p.norm, w) for code in langs for w in lexes[code].vocabulary
                if len(w) >= 4)):
            # A misspelt lexicon word ("squeze") is a known word, as the corrector will read it.
            known += 1
        else:
            for code, common in others().items():
                if p.norm in common:
                    foreign[code] += 1
        if len(owners) == 1:
            scores[owners[0]] += 1
        if p.norm != p.text.lower():  # accented letters: French here
            scores["fr"] = scores.get("fr", 0) + 1
    if words:
        best_foreign = max(foreign.values(), default=0)
        if known == 0 or (best_foreign >= 2 and best_foreign > known) or (
                len(words) >= 3 and known * 5 < len(words) * 2):
            return UNKNOWN_LANGUAGE
    return max(langs, key=lambda c: (scores[c], c == "en"))


def foreign_language(text: str) -> str | None:
    """The language without a lexicon whose common words *text* uses most (two at least)."""
    words = _language_words(split_words(text))
    counts = {code: sum(1 for p in words if p.norm in common) for code, common in others().items()}
    best = max(counts, key=lambda c: counts[c], default=None)
    return best if best is not None and counts[best] >= 2 else None


def damerau1(a: str, b: str) -> bool:
    """True when *a* and *b* differ by exactly one insertion, deletion, substitution or swap."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return (
            len(diff) == 2 and diff[1] == diff[0] + 1
            and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
        )
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    for i in range(len(long_)):
        if long_[:i] + long_[i + 1 :] == short:
            return True
    return False


def _cards_from(text: str, notation: Notation) -> tuple[Card, ...] | None:
    """Read a card form with one suit and one or more ranks: ``♥AK``, ``AK♥``, ``SA``, ``S10``."""
    raw = text.replace("\ufe0f", "").replace("\ufe0e", "")
    for suit_first in (True, False):
        suit_ch, ranks = (raw[0], raw[1:]) if suit_first else (raw[-1], raw[:-1])
        rank_chars = _rank_chars(ranks, notation)
        if not rank_chars:
            continue
        try:
            cards = tuple(Card.parse(suit_ch + r, notation) for r in rank_chars)
        except CardError:
            continue
        return cards
    return None


def _rank_chars(text: str, notation: Notation) -> list[str]:
    """Split a run of ranks (``AK10``) into single rank strings; empty when it is not one."""
    out: list[str] = []
    i = 0
    allowed = "AKQJT98765432X" if notation != "fr" else "ARDVT98765432"
    while i < len(text):
        if text[i : i + 2] == "10":
            out.append("10")
            i += 2
        elif text[i] in allowed:
            out.append(text[i])
            i += 1
        else:
            return []
    return out


def _rank_value(ch: str, notation: Notation) -> str:
    """The English rank letter of a rank string in *notation* (``R`` → ``K`` in French)."""
    if ch == "10" or ch == "X":
        return "T"
    if notation == "fr":
        return {"R": "K", "D": "Q", "V": "J"}.get(ch, ch)
    return ch


class Tokenizer:
    """Turns text into a :class:`TokenStream` using the lexicons."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pieces = split_words(text)
        self.language = detect_language(self.pieces)
        self.foreign = self.language == UNKNOWN_LANGUAGE
        first = "en" if self.foreign else self.language
        order = [first] + [c for c in languages() if c != first]
        self.lexicons: list[Lexicon] = [load(c) for c in order]
        self.notation: Notation = self.lexicons[0].notation
        self.corrections: list[tuple[str, str]] = []

    def run(self) -> TokenStream:
        """Tokenise the whole text."""
        tokens: list[Token] = []
        i = 0
        while i < len(self.pieces):
            tok, used = self._token_at(i)
            tokens.append(tok)
            i += used
        words = sum(1 for p in self.pieces if p.kind not in ("punct", "other"))
        return TokenStream(self.text, tuple(tokens), self.language, tuple(self.corrections),
                           words)

    def _span(self, i: int, n: int) -> tuple[str, int, int]:
        first, last = self.pieces[i], self.pieces[i + n - 1]
        return self.text[first.start : last.end], first.start, last.end

    def _make(self, i: int, n: int, kind: str, value: str = "", flag: str = "",
              lang: str = "", corrected: str = "") -> Token:
        text, start, end = self._span(i, n)
        return Token(kind, value, text, start, end, flag, lang, corrected)

    def _token_at(self, i: int) -> tuple[Token, int]:
        p = self.pieces[i]
        if p.kind in ("symcards", "cardsym"):
            cards = _cards_from(p.text, self.notation) or _cards_from(p.text, "any")
            if cards:
                return self._make(i, 1, "card", " ".join(str(c) for c in cards)), 1
        if p.kind in ("sym", "symplural"):
            suit = suit_from_symbol(p.text[0])
            assert suit is not None
            return self._make(i, 1, "suit", suit.letter, "pl" if p.kind == "symplural" else ""), 1
        if p.kind == "split":
            return self._make(i, 1, "split", p.text), 1
        if p.kind == "result":
            return self._make(i, 1, "result", p.text[:-1], "="), 1
        if p.kind == "num":
            return self._make(i, 1, "num", str(int(p.text))), 1
        if p.kind == "word":
            card_tok = self._card_word(i)
            if card_tok is not None:
                return card_tok, 1
        phrase = self._phrase_at(i)
        if phrase is not None:
            return phrase
        if p.kind == "punct":
            kind = "punct" if p.text in _SEPARATOR_PUNCT or p.text == "-" else "other"
            return self._make(i, 1, kind, p.text), 1
        if p.kind == "word":
            fixed = self._correct(p)
            if fixed is not None:
                return fixed, 1
        return self._make(i, 1, "unknown", p.norm), 1

    def _card_word(self, i: int) -> Token | None:
        """A word written as a card (``SA``, ``DQ``) or as ranks (``AK``, ``K``), else None."""
        p = self.pieces[i]
        raw = p.text
        if not raw.isupper() and not any(ch.isdigit() for ch in raw):
            return None
        if self.lexicons[0].case_entries.get(raw) is not None:
            return None
        if len(raw) == 1:
            allowed = _UPPER_RANKS | ({"R", "D", "V"} if self.notation == "fr" else set())
            if raw not in allowed:
                return None
            if raw == "A" and not self._rank_context(i + 1):
                return None
            return self._make(i, 1, "ranks", _rank_value(raw, self.notation))
        if len(raw) <= 4:
            cards = _cards_from(raw, self.notation)
            if cards and len(cards) == 1:
                return self._make(i, 1, "card", str(cards[0]))
            chars = _rank_chars(raw, self.notation)
            if len(chars) >= 2:
                return self._make(
                    i, 1, "ranks", "".join(_rank_value(c, self.notation) for c in chars)
                )
        return None

    def _rank_context(self, j: int) -> bool:
        """True when piece *j* makes a preceding ``A`` a rank (a rank, a card form or "of")."""
        if j >= len(self.pieces):
            return False
        q = self.pieces[j]
        if q.kind in ("sym", "symplural", "symcards", "cardsym"):
            return True
        if q.kind == "word" and q.text.isupper() and _rank_chars(q.text, self.notation):
            return True
        entry = self._lookup((q.norm,))
        # Not a suit word: "A heart" is an article and a noun.
        return entry is not None and entry[0].kind == "prep" and entry[0].value == "of"

    def _lookup(self, key: tuple[str, ...]) -> tuple[Entry, str] | None:
        for lex in self.lexicons:
            entry = lex.entries.get(key)
            if entry is not None:
                return entry, lex.language
        return None

    def _phrase_at(self, i: int) -> tuple[Token, int] | None:
        p = self.pieces[i]
        case = self.lexicons[0].case_entries.get(p.text)
        if case is not None:
            return self._make(i, 1, case.kind, case.value, case.flag, self.language), 1
        longest = max(lex.max_phrase for lex in self.lexicons)
        for n in range(min(longest, len(self.pieces) - i), 0, -1):
            span = self.pieces[i : i + n]
            if any(q.kind not in ("word", "punct") for q in span):
                continue
            if n > 1 and any(q.kind == "punct" and q.text != "-" for q in span):
                continue
            found = self._lookup(tuple(q.norm for q in span))
            if found is not None:
                entry, lang = found
                return self._make(i, n, entry.kind, entry.value, entry.flag, lang), n
        if p.norm.endswith("'s") and len(p.norm) > 2:
            found = self._lookup((p.norm[:-2],))
            if found is not None:
                entry, lang = found
                kind = "owner" if entry.kind == "hand" else entry.kind
                return self._make(i, 1, kind, entry.value, entry.flag, lang), 1
        return None

    def _correct(self, p: Piece) -> Token | None:
        """Read a misspelt word as the lexicon word one edit away (words of 5+ letters only)."""
        if len(p.norm) < 5 or self.foreign:
            # In a language with no lexicon a near word is a different word ("meine" is not
            # "mine"): correcting it would be a misreading.
            return None
        for lex in self.lexicons:
            matches = sorted(
                k[0] for k, e in lex.entries.items()
                if len(k) == 1 and e.kind != "filler" and len(k[0]) >= 4 and damerau1(p.norm, k[0])
            )
            if matches:
                word = matches[0]
                entry = lex.entries[(word,)]
                self.corrections.append((p.text, word))
                return Token(
                    entry.kind, entry.value, p.text, p.start, p.end, entry.flag, lex.language,
                    word,
                )
        return None


def tokenize(text: str) -> TokenStream:
    """Tokenise a statement: see the module docstring for the forms read."""
    return Tokenizer(text).run()
