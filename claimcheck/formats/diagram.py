"""Text diagrams as directors paste them: read a deal or an ending, and draw a position.

A diagram is either the classic compass layout (North on top, West and East side by side, South
below, one suit per line with a leading suit symbol or letter) or one hand per line::

    N: AKQ2 J54 - T987          North ♠AK2 ♥QJ ♦- ♣T9          S: ♠ A K 2 ♥ Q J ♦ — ♣ 10 9

Ranks are ``T`` or ``10``; French ``R D V`` (roi, dame, valet); Russian ``Т К Д В`` (Cyrillic
Т is the ACE). Suits are ``S H D C``, French ``P C K T``, Russian ``п ч б т``, unicode ``♠♥♦♣``
or ``♤♡♢♧`` (with or without U+FE0F) and the Symbol-font ``ª © ¨ §`` of French documents. A void
is ``-``, ``—``, ``–`` or an empty holding after the suit mark. Text beside the hands (an
auction, commentary) and compass marks (``N O E S``, ``W E``, a box) are ignored. ``x`` for a
small card is an error: a claim is ruled on the exact cards, so no completion is guessed.

The notation is detected when not given: Russian when the text has Cyrillic letters; otherwise
the diagram is read as English and as French and the one that reads wins (French is tried first
when the text has French words such as *Nord*, *Ouest*, *Atout*, *entame*).

A claim file in diagram form (:func:`read_diagram`) adds header lines ``Key: value``:
``Trump``, ``Lead``, ``Trick``, ``Claimer``, ``Tricks``, ``Declarer``, ``Statement``,
``Contract``, ``Board``, ``Id``, ``TricksWon`` (``7 3``: NS then EW), ``ShownOut`` (``WS EH``:
West showed out of spades, East of hearts) (French ``Atout``, ``Entame``/``Main``, ``Levée``,
``Déclarant``, ``Contrat``), ``Lang``/``Langue``/``Notation`` (``fr``: the contract's letters
are French, ``4C`` is 4 Cœur); any other header (``ExpectedTricks``, ``Profile`` …) is kept as
a tag. Records are separated by a line of ``---`` or ``===``.

A contract is written ``4S``, ``4♠X``, ``3SA`` or with the suit in words (``6 Coeur``, ``4 Pique
contré``, ``3 sans-atout``); its letters are French (``C`` Cœur, ``T`` Trèfle, ``K`` Carreau,
``P`` Pique) when the hands were read in French or a ``Lang`` header (or ``--lang``) says so.
With no ``Contract`` and no ``Trump`` line, an auction pasted beside the hands (a row of seat
names, ``Sud Ouest Nord Est``, and the calls under it) gives the final contract.

>>> d = parse_diagram("N: AK - - -\\nE: QJ - - -\\nS: 32 - - -\\nW: 54 - - -")
>>> sorted(str(c) for c in d.hands[Seat.N])
['SA', 'SK']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TypeVar

from claimcheck.cards import (
    Card,
    Notation,
    Rank,
    Seat,
    Strain,
    Suit,
    parse_holding,
    suit_from_symbol,
)
from claimcheck.errors import (
    CardError,
    ClaimcheckError,
    FormatError,
    InputError,
    Location,
    PositionError,
)
from claimcheck.formats.record import ClaimRecord, Contract, ReadResult, read_record
from claimcheck.penalty import (
    parse_lead_restrictions,
    parse_penalty_cards,
    render_lead_restrictions,
    render_penalty_cards,
)
from claimcheck.position import Position
from claimcheck.tricks import Tricks

__all__ = [
    "Diagram",
    "Header",
    "detect_french",
    "parse_contract",
    "parse_diagram",
    "read_diagram",
    "render_diagram",
]

_VOIDS = frozenset({"-", "—", "–", "void", "vide", "chicane"})
_DASHES = "-—–"
_SMALL = "xXхХ"
# Letters that mark a suit at the start of a column or token. English letters are upper case
# only so that words like "south" never read as a suit; Russian т is clubs only in lower case,
# because upper-case Т is the ace.
_SUIT_LETTERS: dict[str, dict[str, Suit]] = {
    "en": {"S": Suit.S, "H": Suit.H, "D": Suit.D, "C": Suit.C},
    "fr": {"P": Suit.S, "C": Suit.H, "K": Suit.D, "T": Suit.C},
    "ru": {
        "П": Suit.S, "Ч": Suit.H, "Б": Suit.D, "п": Suit.S, "ч": Suit.H, "б": Suit.D, "т": Suit.C,
    },
}
_SEAT_LABELS: dict[str, Seat] = {
    "n": Seat.N, "north": Seat.N, "nord": Seat.N, "с": Seat.N, "север": Seat.N,
    "e": Seat.E, "east": Seat.E, "est": Seat.E, "в": Seat.E, "восток": Seat.E,
    "s": Seat.S, "south": Seat.S, "sud": Seat.S, "ю": Seat.S, "юг": Seat.S,
    "w": Seat.W, "west": Seat.W, "o": Seat.W, "ouest": Seat.W, "з": Seat.W, "запад": Seat.W,
}
_LABEL_RE = re.compile(r"^\s*([A-Za-zА-Яа-яЁё]+)\s*(:?)\s*(.*)$")
_HEADER_RE = re.compile(
    r"^\s*((?i:cartes\s+p[ée]nalis[ée]es|penalty\s+cards|lead\s+restrictions?"
    r"|restrictions?\s+d['’]attaque)|[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ_-]*)\s*:\s*(.*?)\s*$")
# A column is a run of text whose words are separated by single spaces; a tab or two spaces
# start the next column (that is how the hands stay apart from the auction beside them).
_COLUMN_RE = re.compile(r"[^\t ]+(?: [^\t ]+)*")
_HOLDING_TOKEN_RE = re.compile(r"^[0-9A-ZА-ЯЁxх\-—–]+$")
_COMPASS = frozenset("NESWO")
_SEPARATOR_RE = re.compile(r"^\s*(?:-{3,}|={3,})\s*$")
_CYRILLIC_RE = re.compile(r"[А-Яа-яЁё]")
_FRENCH_RE = re.compile(
    r"\b(?:nord|sud|ouest|est|atout|entame|main|donneur|contrat|déclarant|pique|coeur|cœur|"
    r"carreau|trèfle|trefle|levée|levées|joue|prend|dame|roi|valet)\b",
    re.IGNORECASE,
)

Hands4 = tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Header:
    """One ``Key: value`` line found around a diagram, e.g. ``Trump: H`` on line 1."""

    key: str
    value: str
    line: int


@dataclass(frozen=True, slots=True)
class Diagram:
    """The hands of a diagram as given, plus its header lines.

    Hands may be partial or of unequal length (a diagram in a commentary often shows only the
    suit that matters); a seat not drawn at all is absent from :attr:`shown`.

    >>> parse_diagram("N: A - - -\\nS: 2 - - -").shown == frozenset({Seat.N, Seat.S})
    True
    """

    hands: Hands4
    """Cards of each seat, indexed by :class:`Seat` (N, E, S, W)."""
    shown: frozenset[Seat]
    """Seats the diagram draws (a seat drawn with only voids is shown)."""
    notation: Notation
    """The notation the diagram was read in: ``en``, ``fr`` or ``ru``."""
    layout: str
    """``compass``, ``lines`` (one hand per line) or ``mixed``."""
    headers: tuple[Header, ...] = ()
    """The ``Key: value`` lines, in order."""
    seat_lines: tuple[int | None, int | None, int | None, int | None] = (None, None, None, None)
    """The first line of each seat's hand (1-based), None when the seat is not drawn."""

    def header(self, key: str) -> Header | None:
        """The first header named *key* (case-insensitive), or None."""
        low = key.lower()
        for h in self.headers:
            if h.key.lower() == low:
                return h
        return None


# --- reading one diagram ----------------------------------------------------------------------


def parse_diagram(text: str, notation: Notation | None = None) -> Diagram:
    """Read a diagram: ``parse_diagram("N: AKQ2 J54 - T987\\n...")`` or a compass layout.

    *notation* forces ``en``, ``fr`` or ``ru``; by default it is detected (see the module doc).
    Lines are numbered from 1 in errors.

    :raises FormatError: on an unknown rank or suit, a small card written ``x``, a rank twice in
        a suit, a suit or a seat given twice, or a compass layout whose hands cannot be told apart.
    """
    return _parse_lines(list(enumerate(text.splitlines(), start=1)), notation)


def detect_french(text: str) -> bool:
    """True when *text* has French bridge words (``Nord``, ``Atout``, ``entame`` …)."""
    return _FRENCH_RE.search(text) is not None


def _parse_lines(lines: list[tuple[int, str]], notation: Notation | None) -> Diagram:
    if notation is not None:
        return _parse_in(lines, "en" if notation == "any" else notation)
    joined = "\n".join(t for _, t in lines)
    if _CYRILLIC_RE.search(_diagram_text(lines)):
        return _parse_in(lines, "ru")
    order: tuple[Notation, Notation] = ("fr", "en") if detect_french(joined) else ("en", "fr")
    try:
        preferred = _parse_in(lines, order[0])
    except FormatError as first:
        # Fall back only when the failure is a rank the other notation knows (R/D/V in an
        # "English" reading, Q/J/K in a French one); any other error is the user's to fix.
        m = _UNKNOWN_RANK_RE.match(first.message)
        if m is None or m.group(1).upper() not in _OTHER_RANKS[order[1]]:
            raise
        try:
            return _parse_in(lines, order[1])
        except FormatError:
            raise first from None
    try:
        other = _parse_in(lines, order[1])
    except FormatError:
        return preferred
    return other if _size(other) > _size(preferred) else preferred


_UNKNOWN_RANK_RE = re.compile(r"unknown rank '(.)'")
_OTHER_RANKS = {"fr": frozenset("RDV"), "en": frozenset("QJK")}


def _size(diagram: Diagram) -> int:
    return sum(len(h) for h in diagram.hands)


def _diagram_text(lines: list[tuple[int, str]]) -> str:
    """The lines that are not header lines (a Russian statement must not make a diagram Russian)."""
    return "\n".join(t for _, t in lines if not _header_match(t))


def _header_match(line: str) -> re.Match[str] | None:
    m = _HEADER_RE.match(line)
    if m is None or m.group(1).lower() in _SEAT_LABELS:
        return None
    return m


@dataclass(slots=True)
class _Group:
    """One suit of one hand found in a compass line."""

    col: int
    suit: Suit
    ranks: tuple[Rank, ...]


def _parse_in(lines: list[tuple[int, str]], notation: Notation) -> Diagram:
    holdings: list[dict[Suit, tuple[tuple[Rank, ...], int]]] = [{}, {}, {}, {}]
    seat_lines: list[int | None] = [None, None, None, None]
    headers: list[Header] = []
    compass_rows: list[tuple[int, list[_Group]]] = []
    used_lines = False

    def put(seat: Seat, suit: Suit, ranks: tuple[Rank, ...], line: int) -> None:
        if suit in holdings[seat]:
            prev = holdings[seat][suit][1]
            raise FormatError(
                f"{seat.long_name}'s {suit.word} are given twice (lines {prev} and {line})",
                Location(line=line),
            )
        holdings[seat][suit] = (ranks, line)
        if seat_lines[seat] is None:
            seat_lines[seat] = line

    for number, raw in lines:
        line = _clean(raw)
        if not line.strip():
            continue
        hand_line = _hand_line(line, notation)
        if hand_line is not None:
            seat, rest = hand_line
            if seat_lines[seat] is not None:
                raise FormatError(
                    f"{seat.long_name}'s hand is given twice (lines {seat_lines[seat]} and "
                    f"{number})",
                    Location(line=number),
                )
            used_lines = True
            for suit, ranks in _read_hand(rest, notation, number):
                put(seat, suit, ranks, number)
            if seat_lines[seat] is None:
                seat_lines[seat] = number
            continue
        header = _header_match(line)
        if header is not None and not _line_groups(line, notation, number):
            headers.append(Header(header.group(1), header.group(2), number))
            continue
        groups = _line_groups(line, notation, number)
        if groups:
            compass_rows.append((number, groups))
    if compass_rows:
        for seat, suit, ranks, number in _assign_compass(compass_rows):
            put(seat, suit, ranks, number)
    hands = tuple(
        frozenset(Card(suit, r) for suit, (ranks, _) in holdings[s].items() for r in ranks)
        for s in Seat
    )
    layout = "mixed" if compass_rows and used_lines else "compass" if compass_rows else "lines"
    return Diagram(
        (hands[0], hands[1], hands[2], hands[3]),
        frozenset(s for s in Seat if seat_lines[s] is not None),
        notation,
        layout,
        tuple(headers),
        (seat_lines[0], seat_lines[1], seat_lines[2], seat_lines[3]),
    )


def _clean(line: str) -> str:
    """Drop emoji variation selectors and turn odd spaces into plain ones."""
    return (
        line.replace("\ufe0f", "").replace("\ufe0e", "").replace("\u200b", "")
        .replace("\u00a0", " ").replace("\u2009", " ").rstrip()
    )


# --- one hand per line ------------------------------------------------------------------------


def _hand_line(line: str, notation: Notation) -> tuple[Seat, str] | None:
    """(seat, rest) when *line* starts with a seat label and then a hand."""
    m = _LABEL_RE.match(line)
    if m is None:
        return None
    label, colon, rest = m.group(1), m.group(2), m.group(3)
    seat = _SEAT_LABELS.get(label.lower())
    if seat is None:
        return None
    if colon:
        return seat, rest
    # Without a colon only a full seat word counts, and only when a hand follows: "Sud joue 4♥"
    # is commentary, "South ♠AK2 ♥QJ" is a hand.
    if len(label) == 1 or not rest:
        return None
    first = rest[0]
    if (
        suit_from_symbol(first) is not None
        or first in _SUIT_LETTERS[notation]
        or first.isdigit()
        or first in _DASHES
        or (first.isupper() and _holding_like(rest.split()[0]))
    ):
        return seat, rest
    return None


def _read_hand(rest: str, notation: Notation, line: int) -> list[tuple[Suit, tuple[Rank, ...]]]:
    tokens = rest.split()
    if not tokens:
        return []
    if not any(_token_marker(t, notation, set()) for t in tokens):
        if len(tokens) == 1 and tokens[0].count(".") == 3:
            tokens = [t or "-" for t in tokens[0].split(".")]
        if len(tokens) != 4:
            raise FormatError(
                f"a hand written without suit marks needs four holdings (spades, hearts, "
                f"diamonds, clubs), got {len(tokens)} in {rest!r}",
                Location(line=line),
            )
        return [
            (suit, _parse_holding(t, notation, line))
            for suit, t in zip(Suit, tokens, strict=True)
        ]
    out: list[tuple[Suit, tuple[Rank, ...]]] = []
    seen: set[Suit] = set()
    current: Suit | None = None
    parts: list[str] = []

    def flush() -> None:
        if current is not None:
            out.append((current, _parse_holding(" ".join(parts), notation, line)))

    for token in tokens:
        marked = _token_marker(token, notation, seen)
        if marked is not None:
            suit, tail = marked
            flush()
            if suit in seen:
                raise FormatError(f"{suit.word} are given twice in {rest!r}", Location(line=line))
            seen.add(suit)
            current, parts = suit, ([tail] if tail else [])
        elif current is None:
            raise FormatError(
                f"{token!r} comes before the first suit mark in {rest!r}", Location(line=line)
            )
        else:
            parts.append(token)
    flush()
    return out


def _token_marker(token: str, notation: Notation, seen: set[Suit]) -> tuple[Suit, str] | None:
    """(suit, rest of token) when *token* starts with a suit mark."""
    symbol = suit_from_symbol(token[0])
    if symbol is not None:
        return symbol, token[1:].lstrip(":")
    letter = _SUIT_LETTERS[notation].get(token[0])
    if letter is None:
        return None
    # French T is both clubs and a ten: it marks clubs only while clubs have not been given.
    if notation == "fr" and token[0] == "T" and Suit.C in seen:
        return None
    tail = token[1:].lstrip(":")
    if tail and not _holding_like(tail):
        return None
    return letter, tail


# --- the compass layout -----------------------------------------------------------------------


def _columns(line: str) -> list[tuple[int, str]]:
    """The columns of *line* with their display position (tabs every 8)."""
    return [(len(line[: m.start()].expandtabs(8)), m.group()) for m in _COLUMN_RE.finditer(line)]


def _holding_like(token: str) -> bool:
    return (
        _HOLDING_TOKEN_RE.match(token) is not None
        and not set(token) <= _COMPASS
    )


def _line_groups(line: str, notation: Notation, number: int) -> list[_Group]:
    """Every suit holding that starts a column of *line* (suit mark, then ranks)."""
    cols = _columns(line)
    groups: list[_Group] = []
    i = 0
    while i < len(cols):
        col, text = cols[i]
        i += 1
        ch = text[0]
        symbol = suit_from_symbol(ch)
        suit = symbol if symbol is not None else _SUIT_LETTERS[notation].get(ch)
        if suit is None:
            continue
        rest = text[1:].lstrip(":").strip()
        if rest:
            tokens = rest.split()
        elif i < len(cols) and _holding_like(cols[i][1].split()[0]):
            tokens = cols[i][1].split()
            i += 1
        else:
            tokens = []
        taken: list[str] = []
        for token in tokens:
            if token.lower() in _VOIDS and not taken:
                taken.append("-")
                break
            if not _holding_like(token):
                break
            taken.append(token)
        if symbol is None and not taken:
            # A lone letter (the S of "N O E S") is a compass mark, not a void.
            continue
        groups.append(_Group(col, suit, _parse_holding(" ".join(taken), notation, number)))
    return groups


def _assign_compass(
    rows: list[tuple[int, list[_Group]]],
) -> Iterable[tuple[Seat, Suit, tuple[Rank, ...], int]]:
    pairs = [i for i, (_, gs) in enumerate(rows) if len(gs) >= 2]
    if not pairs:
        if len({gs[0].col for _, gs in rows}) > 1 or len(rows) > 4:
            line = rows[0][0]
            raise FormatError(
                "cannot tell the hands apart: a compass diagram needs West and East side by side "
                "(or write one hand per line, 'N: AKQ2 J54 - T987')",
                Location(line=line),
            )
        # Four suit lines and nothing else: one hand drawn alone is read as North.
        for number, gs in rows:
            yield Seat.N, gs[0].suit, gs[0].ranks, number
        return
    west_col = min(rows[i][1][0].col for i in pairs)
    east_col = min(rows[i][1][1].col for i in pairs)
    mid = (west_col + east_col) / 2
    first, last = pairs[0], pairs[-1]
    for index, (number, groups) in enumerate(rows):
        if len(groups) >= 2:
            west, east = groups[0], groups[1]
            if east.col <= west.col:
                raise FormatError("East's suit is left of West's", Location(line=number))
            yield Seat.W, west.suit, west.ranks, number
            yield Seat.E, east.suit, east.ranks, number
            continue
        g = groups[0]
        if abs(g.col - west_col) <= 1:
            seat = Seat.W
        elif g.col >= east_col - 1:
            seat = Seat.E
        elif index < first:
            seat = Seat.N
        elif index > last:
            seat = Seat.S
        else:
            seat = Seat.W if g.col < mid else Seat.E
        yield seat, g.suit, g.ranks, number


# --- holdings ---------------------------------------------------------------------------------


def _parse_holding(text: str, notation: Notation, line: int) -> tuple[Rank, ...]:
    """The ranks of one suit, highest first (:func:`claimcheck.cards.parse_holding`), with
    errors placed at *line*."""
    try:
        return parse_holding(text, notation)
    except CardError as exc:
        raise FormatError(exc.message, Location(line=line)) from None


# --- claim files ------------------------------------------------------------------------------

_KEYS: dict[str, str] = {
    "trump": "trump", "trumps": "trump", "atout": "trump", "strain": "trump",
    "lead": "lead", "leader": "lead", "entame": "lead", "main": "lead",
    "trick": "trick", "levée": "trick", "levee": "trick", "pli": "trick",
    "claimer": "claimer", "réclamant": "claimer", "reclamant": "claimer",
    "tricks": "tricks", "claimtricks": "tricks", "claimed": "tricks", "levées": "tricks",
    "levees": "tricks",
    "declarer": "declarer", "déclarant": "declarer", "declarant": "declarer",
    "statement": "statement", "claimstatement": "statement", "déclaration": "statement",
    "contract": "contract", "contrat": "contract",
    "board": "board", "donne": "board",
    "id": "id",
    "trickswon": "won", "won": "won",
    "shownout": "shown",
    "penaltycards": "penalty", "penalty cards": "penalty", "cartes pénalisées": "penalty",
    "cartes penalisees": "penalty", "cartes pénalisees": "penalty",
    "leadrestriction": "restriction", "lead restriction": "restriction",
    "lead restrictions": "restriction", "restriction d'attaque": "restriction",
    "restriction d’attaque": "restriction",
    "lang": "lang", "langue": "lang", "language": "lang", "notation": "lang",
}


def read_diagram(text: str, source: str = "<diagram>", lang: str | None = None) -> ReadResult:
    """Read claim records in diagram form, separated by ``---`` or ``===`` lines.

    A record::

        Contract: 4S
        Declarer: S
        Lead: W
        Trick: HK
        Claimer: S
        Tricks: 3
        Statement: trumps are good
        N: AK - 2 -
        ...

    ``Trick`` lists the cards already played to the trick in progress (they are no longer in
    the hands); ``Tricks`` counts the remaining tricks claimed, that trick included. Errors are
    returned in the :class:`ReadResult`, one per bad record, located by source, record and line.
    """
    chunks: list[list[tuple[int, str]]] = [[]]
    for number, line in enumerate(text.splitlines(), start=1):
        if _SEPARATOR_RE.match(line):
            chunks.append([])
        else:
            chunks[-1].append((number, line))
    stem = Path(source).stem if not source.startswith("<") else "diagram"
    records: list[ClaimRecord] = []
    errors: list[ClaimcheckError] = []
    recno = 0
    for chunk in chunks:
        body = [(n, t) for n, t in chunk if t.strip()]
        if not body:
            continue
        recno += 1
        where = Location(source, recno, body[0][0])
        read_record(partial(_record, body, stem, where, lang), where, "record", records, errors)
    return ReadResult(tuple(records), tuple(errors))


def _record(body: list[tuple[int, str]], stem: str, where: Location, lang: str | None = None
            ) -> ClaimRecord:
    diagram = _parse_lines(body, None)
    notation = diagram.notation
    fields: dict[str, Header] = {}
    tags: list[tuple[str, str]] = []
    for h in diagram.headers:
        key = _KEYS.get(" ".join(h.key.lower().split()))
        if key is None:
            tags.append((h.key, h.value))
        elif key in fields:
            raise FormatError(
                f"{h.key} is given twice (lines {fields[key].line} and {h.line})",
                Location(line=h.line),
            )
        else:
            fields[key] = h

    def at(key: str) -> Location:
        h = fields.get(key)
        return Location(line=h.line if h else where.line)

    missing = [s.long_name for s in Seat if s not in diagram.shown]
    if missing:
        raise FormatError(
            f"missing hand: {', '.join(missing)} not drawn (a claim needs all four hands)",
            Location(line=where.line),
        )
    declarer = _seat_field(fields, "declarer", "declarer")
    notation = _notation_field(fields, notation, lang)
    contract: Contract | None = None
    if "contract" in fields:
        contract = _contract_field(fields["contract"], declarer, notation)
        declarer = contract.declarer
    elif "trump" not in fields:
        # "6 ©" in the auction column beside the hands: the final contract is on the page.
        contract = auction_beside(body, notation)
        if contract is not None and declarer is not None and contract.declarer != declarer:
            raise FormatError(
                f"the auction beside the hands ends in {contract} but Declarer is "
                f"{declarer.long_name}", at("declarer"))
        if contract is not None:
            declarer = contract.declarer
    trump: Strain | None = None
    if "trump" in fields:
        try:
            trump = Strain.parse(fields["trump"].value)
        except CardError as exc:
            raise FormatError(exc.message, at("trump")) from None
        if contract is not None and contract.strain is not trump:
            raise FormatError(
                f"Trump {trump.symbol} does not match the contract {contract.pbn}", at("trump")
            )
    elif contract is not None:
        trump = contract.strain
    if trump is None:
        raise FormatError(
            "no trump given: add a 'Trump: H' (or 'Trump: NT') or a 'Contract: 4H' line",
            Location(line=where.line),
        )
    trick: tuple[Card, ...] = ()
    if "trick" in fields:
        trick = _cards(fields["trick"], notation)
    leader = _seat_field(fields, "lead", "seat in Lead")
    if leader is None:
        full = all(len(h) == 13 for h in diagram.hands)
        if full and declarer is not None and not trick:
            leader = declarer.lho
        else:
            raise FormatError(
                "no 'Lead: W' line: say which seat led the trick in progress or is to lead",
                Location(line=where.line),
            )
    won = _won_field(fields["won"]) if "won" in fields else Tricks()
    shown = _shown_field(fields["shown"]) if "shown" in fields else ()
    try:
        position = Position.build(
            diagram.hands, trump, leader, trick, declarer=declarer, won=won, shown_out=shown
        )
    except PositionError as exc:
        raise PositionError(exc.message, at("trick") if trick else where, exc.problems) from None
    position = _irregular_fields(position, fields, notation)
    claimer = _seat_field(fields, "claimer", "claimer")
    claimed: int | None = None
    if "tricks" in fields:
        value = fields["tricks"].value.strip()
        if not value.isdigit():
            raise FormatError(f"Tricks must be a number of tricks, got {value!r}", at("tricks"))
        claimed = int(value)
        if claimed > position.tricks_left:
            raise FormatError(
                f"{claimed} tricks claimed but only {position.tricks_left} are left",
                at("tricks"),
            )
    board: int | None = None
    if "board" in fields:
        value = fields["board"].value.strip()
        if not value.isdigit():
            raise FormatError(f"Board must be a number, got {value!r}", at("board"))
        board = int(value)
    record_id = fields["id"].value.strip() if "id" in fields else f"{stem}:{where.record}"
    statement = fields["statement"].value if "statement" in fields else None
    return ClaimRecord(
        id=record_id,
        position=position,
        contract=contract,
        claimer=claimer,
        claimed=claimed,
        statement=statement,
        source=where,
        board=board,
        tags=tuple(tags),
        format="diagram",
    )


def _irregular_fields(position: Position, fields: dict[str, Header], notation: Notation
                      ) -> Position:
    """The position with the record's penalty cards (``Cartes pénalisées : Est ♣R ♦6``) and
    lead restriction (``Lead restriction: W S forbidden while on lead``) in force."""
    pen, res = fields.get("penalty"), fields.get("restriction")
    if pen is None and res is None:
        return position
    cards = _parsed(pen, lambda text: parse_penalty_cards(text, notation))
    restrictions = _parsed(res, lambda text: parse_lead_restrictions(text, notation))
    try:
        return position.with_irregularities(cards, restrictions)
    except PositionError as exc:
        h = pen or res
        assert h is not None
        raise PositionError(exc.message, Location(line=h.line), exc.problems) from None


def _parsed(h: Header | None, parse: Callable[[str], tuple[_T, ...]]) -> tuple[_T, ...]:
    """*parse* of a header's value (none without the header), its error located there."""
    if h is None:
        return ()
    try:
        return parse(h.value)
    except InputError as exc:
        raise FormatError(f"{h.key}: {exc.message}", Location(line=h.line)) from None


def _notation_field(fields: dict[str, Header], notation: Notation, lang: str | None
                    ) -> Notation:
    """The notation of the record's contract letters: ``--lang``, else a ``Lang``/``Langue``/
    ``Notation`` header, else the notation the hands were read in."""
    h = fields.get("lang")
    said = lang or (h.value.strip().lower()[:2] if h is not None else None)
    if said is None:
        return notation
    if said not in ("en", "fr"):
        raise FormatError(f"unknown language {h.value if h else said!r} (expected en or fr)",
                          Location(line=h.line if h else None))
    return "fr" if said == "fr" else "en"


def _seat_field(fields: dict[str, Header], key: str, what: str) -> Seat | None:
    h = fields.get(key)
    if h is None:
        return None
    try:
        return Seat.parse(h.value)
    except CardError:
        raise FormatError(
            f"unknown {what} {h.value!r} (expected N, E, S or W)", Location(line=h.line)
        ) from None


def _cards(h: Header, notation: Notation) -> tuple[Card, ...]:
    out: list[Card] = []
    for token in _clean(h.value).replace(",", " ").split():
        try:
            out.append(Card.parse(token, notation))
        except CardError:
            try:
                out.append(Card.parse(token, "any"))
            except CardError:
                raise FormatError(
                    f"not a card: {token!r} in {h.key}", Location(line=h.line)
                ) from None
    return tuple(out)


# Suit names in words come first, so that "6 Coeur" is hearts and not "6 C" by "oeur".
_STRAIN_WORDS: dict[str, str] = {
    "sans-atouts": "NT", "sans-atout": "NT", "sans atouts": "NT", "sans atout": "NT",
    "no-trumps": "NT", "no-trump": "NT", "no trumps": "NT", "no trump": "NT", "notrumps": "NT",
    "notrump": "NT", "piques": "S", "pique": "S", "coeurs": "H", "coeur": "H", "cœurs": "H",
    "cœur": "H", "carreaux": "D", "carreau": "D", "trèfles": "C", "trèfle": "C", "trefles": "C",
    "trefle": "C", "spades": "S", "spade": "S", "hearts": "H", "heart": "H", "diamonds": "D",
    "diamond": "D", "clubs": "C", "club": "C",
}
_CONTRACT_RE = re.compile(
    r"^\s*([1-7])\s*("
    + "|".join(re.escape(w).replace("\\ ", r"\s*") for w in _STRAIN_WORDS)
    + r"|NT|SA|N|S|H|D|C|P|K|T|[♠♥♦♣♤♡♢♧ª©¨§])(?![a-wyzà-ÿœ])\s*"
    r"(surcontr[ée]|contr[ée]|X{0,2})\s*(?:(?:by|par)?\s*(\S+))?\s*$",
    re.IGNORECASE,
)
# The strain letters of each notation: in French, C is Cœur (hearts) and T is Trèfle (clubs).
_CONTRACT_LETTERS: dict[str, dict[str, str]] = {
    "en": {"N": "NT", "NT": "NT", "SA": "NT", "S": "S", "H": "H", "D": "D", "C": "C",
           "P": "S", "K": "D", "T": "C"},
    "fr": {"N": "NT", "NT": "NT", "SA": "NT", "S": "S", "P": "S", "C": "H", "K": "D", "T": "C"},
}


def parse_contract(text: str, declarer: Seat | None = None, notation: Notation = "en"
                   ) -> Contract:
    """Read a contract: ``4S``, ``4♠X``, ``3NT``, ``4 SA`` (French), ``6HXX by S``, suit names
    in words (``6 Coeur``, ``4 Pique contré``, ``3 sans-atout``, ``4 spades``).

    With *notation* ``fr`` (a file whose hands use the French suit letters ``P C K T``), ``4C``
    is 4 Cœur, hearts, and ``4T`` 4 Trèfle; in English ``4C`` is clubs. The declarer comes
    from the text (``by S``, ``par O``) or from *declarer*.

    :raises FormatError: when *text* is not a contract or no declarer is known.
    """
    m = _CONTRACT_RE.match(_clean(text).replace("*", "X"))
    if m is None:
        raise FormatError(f"not a contract: {text!r} (expected like 4S, 3NT, 4HX by S, "
                          "6 Coeur par S)")
    level, strain_text, dbl_text, seat_text = m.groups()
    key = re.sub(r"\s+", " ", strain_text.lower())
    word = _STRAIN_WORDS.get(key) or _STRAIN_WORDS.get(key.replace(" ", "-"))
    letters = _CONTRACT_LETTERS["fr" if notation == "fr" else "en"]
    if word is not None:
        strain = Strain.parse(word)
    elif strain_text.upper() in letters:
        strain = Strain.parse(letters[strain_text.upper()])
    else:
        strain = Strain.parse(strain_text)  # a suit symbol
    low = dbl_text.lower()
    dbl = "XX" if low.startswith("surcontr") else "X" if low.startswith("contr") else dbl_text
    seat = declarer
    if seat_text:
        try:
            seat = Seat.parse(seat_text)
        except CardError:
            raise FormatError(f"unknown declarer {seat_text!r} in contract {text!r}") from None
    if seat is None:
        raise FormatError(
            f"the contract {text!r} needs a declarer: write '{text.strip()} by S' or add "
            "'Declarer: S'"
        )
    return Contract(int(level), strain, seat, len(dbl))


def _contract_field(h: Header, declarer: Seat | None, notation: Notation = "en") -> Contract:
    try:
        contract = parse_contract(h.value, declarer, notation)
    except FormatError as exc:
        raise FormatError(exc.message, Location(line=h.line)) from None
    if declarer is not None and contract.declarer != declarer:
        raise FormatError(
            f"the contract names {contract.declarer.long_name} but Declarer is "
            f"{declarer.long_name}",
            Location(line=h.line),
        )
    return contract


# --- an auction pasted beside the hands -------------------------------------------------------

_AUCTION_SEATS: dict[str, Seat] = {
    "nord": Seat.N, "north": Seat.N, "est": Seat.E, "east": Seat.E, "sud": Seat.S,
    "south": Seat.S, "ouest": Seat.W, "west": Seat.W,
}
_WORD_RE = re.compile(r"[A-Za-zÀ-ÿ]+")
_CALL_RE = re.compile(r"^([1-7])\s*(SA|NT|N|S|H|D|C|P|K|T|[♠♥♦♣♤♡♢♧ª©¨§])$", re.IGNORECASE)
_PASSES = frozenset({"-", "—", "–", "p", "pass", "passe", "pas", "ap"})
_DOUBLES = {"x": "X", "contre": "X", "ctr": "X", "dbl": "X", "xx": "XX", "surcontre": "XX",
            "sur": "XX", "rdbl": "XX"}


def _call(cell: str, notation: Notation) -> str | None:
    """One call of a pasted auction as ``P``, ``X``, ``XX`` or ``4H``; None when *cell* is not a
    call (commentary beside the hands)."""
    text = cell.strip().rstrip("!?").lower()
    if text in _PASSES:
        return "P"
    if text in _DOUBLES:
        return _DOUBLES[text]
    m = _CALL_RE.match(cell.strip().rstrip("!?"))
    if m is None:
        return None
    level, mark = m.groups()
    suit = suit_from_symbol(mark)
    if suit is not None:
        return f"{level}{suit.letter}"
    letters = _CONTRACT_LETTERS["fr" if notation == "fr" else "en"]
    strain = letters.get(mark.upper())
    return None if strain is None else f"{level}{'N' if strain == 'NT' else strain}"


def auction_beside(lines: list[tuple[int, str]], notation: Notation) -> Contract | None:
    """The final contract of an auction pasted beside the hands, or None when there is none.

    The auction is a row of four seat names (``Sud Ouest Nord Est``, ``North East South West``)
    and rows of calls under them (``1 ©``, ``3SA``, ``-`` or ``passe``, ``X``/``contre``),
    aligned in columns (tabs are expanded to 8); the first call is the dealer's. It ends at the
    first cell under the names that is not a call.

    :raises FormatError: when the calls are not a legal auction (naming the line).
    """
    from claimcheck.formats.auction import contract_from_calls

    for k, (number, raw) in enumerate(lines):
        text = _clean(raw).expandtabs(8)
        words = [(m.start(), m.group(0)) for m in _WORD_RE.finditer(text)]
        for j in range(len(words) - 3):
            seats = [_AUCTION_SEATS.get(w.lower()) for _, w in words[j : j + 4]]
            if None in seats or len(set(seats)) != 4:
                continue
            starts = [pos for pos, _ in words[j : j + 4]]
            width = starts[3] - starts[2]
            calls: list[str] = []
            dealer: Seat | None = None
            for _, row_raw in lines[k + 1 :]:
                row = _clean(row_raw).expandtabs(8)
                cells = [row[a:b] for a, b in zip(starts, [*starts[1:], starts[3] + width],
                                                  strict=True)]
                read = [_call(c, notation) for c in cells]
                done = False
                for seat, cell, call in zip(seats, cells, read, strict=True):
                    if not cell.strip():
                        if calls:
                            done = True
                            break
                        continue
                    if call is None:
                        done = True
                        break
                    if dealer is None:
                        assert seat is not None
                        dealer = seat
                    calls.append(call)
                if done:
                    break
            if dealer is None:
                return None
            try:
                result = contract_from_calls(calls, dealer)
            except FormatError as exc:
                raise FormatError(f"the auction beside the hands: {exc.message}",
                                  Location(line=number)) from None
            return result.contract
    return None


_WON_RE = re.compile(r"^\s*(?:NS\s*)?(\d+)\s*(?:[-/,]|\s)\s*(?:EW\s*)?(\d+)\s*$", re.IGNORECASE)


def _won_field(h: Header) -> Tricks:
    m = _WON_RE.match(h.value)
    if m is None:
        raise FormatError(
            f"{h.key} is the tricks won so far as 'NS-EW', like '7-3', got {h.value!r}",
            Location(line=h.line),
        )
    return Tricks(int(m.group(1)), int(m.group(2)))


def _shown_field(h: Header) -> tuple[tuple[Seat, Suit], ...]:
    out: list[tuple[Seat, Suit]] = []
    for token in h.value.split():
        if len(token) != 2 or token[0] not in "NESW" or token[1] not in "SHDC":
            raise FormatError(
                f"{h.key} lists seat+suit pairs like 'WS EH', got {token!r}",
                Location(line=h.line),
            )
        out.append((Seat[token[0]], Suit[token[1]]))
    return tuple(out)


# --- drawing ----------------------------------------------------------------------------------


def render_diagram(position: Position, *, ascii_only: bool = False) -> str:
    """Draw *position* in the compass layout, with its trump, leader and trick as header lines.

    ``parse_diagram(render_diagram(p))`` gives back the same hands, and ``read_diagram`` the
    same position::

                  ♠ AK
                  ♥ -
        ♠ QJ              ♠ 32
        ...
        Trump: ♠
        Lead: W
    """

    def suit_lines(seat: Seat) -> list[str]:
        out = []
        for suit in Suit:
            ranks = "".join(c.rank.char for c in position.holding(seat, suit)) or "-"
            mark = suit.letter if ascii_only else suit.symbol
            out.append(f"{mark} {ranks}")
        return out

    west = suit_lines(Seat.W)
    width = max(12, max(len(s) for s in west) + 4)
    lines = [" " * width + s for s in suit_lines(Seat.N)]
    lines += [
        f"{w:<{width * 2}}{e}" for w, e in zip(west, suit_lines(Seat.E), strict=True)
    ]
    lines += [" " * width + s for s in suit_lines(Seat.S)]
    trump = position.trump
    strain = ("NT" if trump is Strain.NT else trump.name) if ascii_only else trump.symbol
    lines.append(f"Trump: {strain}")
    if position.declarer is not None:
        lines.append(f"Declarer: {position.declarer.letter}")
    lines.append(f"Lead: {position.leader.letter}")
    if position.trick:
        lines.append("Trick: " + " ".join(c.render(ascii_only=ascii_only) for c in position.trick))
    if position.won.total:
        lines.append(f"TricksWon: {position.won.ns} {position.won.ew}")
    if position.shown_out:
        pairs = sorted(position.shown_out)
        lines.append("ShownOut: " + " ".join(f"{s.letter}{u.letter}" for s, u in pairs))
    if position.penalty_cards:
        lines.append("Penalty cards: " + render_penalty_cards(position.penalty_cards))
    if position.lead_restrictions:
        lines.append("Lead restriction: " + render_lead_restrictions(position.lead_restrictions))
    return "\n".join(lines) + "\n"
