"""Read claims from BBO LIN text: tournament files, vugraph files and hand-viewer URLs.

A LIN text is a stream of ``tag|value|`` pairs. Boards start at each ``qx`` in vugraph files,
otherwise at each ``pn`` or ``md`` once the board in hand already has a deal (one-board-per-line
files start every line with ``pn``). ``mc|N|`` is a claim of N tricks *in total* for
declarer's side, whoever made it, and may come in the middle of a trick.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from urllib.parse import parse_qsl, unquote

from claimcheck.cards import Card, Rank, Seat, Suit
from claimcheck.errors import ClaimcheckError, FormatError, Location, PositionError
from claimcheck.formats.auction import (
    check_hand_sizes,
    contract_from_calls,
    parse_call,
    parse_card,
    parse_holding_strict,
    play_card,
)
from claimcheck.formats.pbn import unique_ids
from claimcheck.formats.record import ClaimRecord, NoClaim, ReadResult, read_record
from claimcheck.position import Position
from claimcheck.tricks import Pair

_LIN_DEALER = {"1": Seat.S, "2": Seat.W, "3": Seat.N, "4": Seat.E}
_MD_ORDER = (Seat.S, Seat.W, Seat.N, Seat.E)
_VUL = {"o": "None", "0": "None", "-": "None", "n": "NS", "e": "EW", "b": "All"}
_URL = re.compile(r"https?://\S*handviewer\.html\?(\S+)", re.IGNORECASE)
_HV = re.compile(r"\[hv=(.*?)\]", re.IGNORECASE | re.DOTALL)


@dataclass
class _Board:
    number: int
    line: int
    pairs: list[tuple[str, str, int]] = field(default_factory=list)

    def has(self, tag: str) -> bool:
        return any(t == tag for t, _, _ in self.pairs)


def read_lin(text: str, source: str = "<lin>", board: int | None = None) -> ReadResult:
    """Read every claim record of a LIN text (or of the hand-viewer URLs in it).

    Passed-out boards, boards without play and boards played to the end give nothing; a board
    whose play stops without ``mc`` is a record with ``claimed=None``. *board*, when given,
    keeps only the records of that board number (their ids and player names are the same as in
    the whole read): the others are not replayed, which is most of the time of reading a
    session's file for one ruling at the table. Hand-viewer URLs are read whole.
    """
    embedded = _embedded_lin(text)
    if not embedded:
        return _read(text, source, 0, None, board)
    result = ReadResult()
    count = 0
    for lin, line in embedded:
        if isinstance(lin, FormatError):
            count += 1
            result = result + ReadResult(errors=(lin.at(Location(source, count, line)),))
            continue
        # Every board, whatever *board* says: the ordinal of an unnumbered board counts
        # the records of the URLs before it (a forum post holds a few, not hundreds).
        part = _read(lin, source, count, line)
        count += len(part.records) + len(part.errors)
        result = result + part
    return ReadResult(tuple(unique_ids(list(result.records))), result.errors, result.skipped)


def _embedded_lin(text: str) -> list[tuple[str | FormatError, int]]:
    """LIN strings found in hand-viewer URLs or ``[hv=...]`` forum tags, with their lines (a
    URL that cannot be read gives its error in place of the LIN)."""
    found: list[tuple[int, str | FormatError]] = []
    for m in list(_URL.finditer(text)) + list(_HV.finditer(text)):
        try:
            found.append((m.start(), _query_to_lin(m.group(1))))
        except FormatError as exc:
            found.append((m.start(), exc))
    found.sort(key=lambda f: f[0])
    return [(lin, text.count("\n", 0, pos) + 1) for pos, lin in found]


_CUT_ESCAPE = re.compile(r"%[0-9A-Fa-f]?$")


def _query_to_lin(query: str) -> str:
    """The LIN text of a hand-viewer query: its ``lin=`` value, or one built from n/e/s/w/a/p.

    :raises FormatError: when the URL is cut inside a ``%7C`` escape (its last card or tag would
        be read wrong, e.g. as ``H3%``).
    """
    cut = _CUT_ESCAPE.search(query)
    if cut is not None:
        raise FormatError(
            f"the hand-viewer URL is cut: it ends inside the escape {cut.group(0)!r} (a '%7C' "
            f"is '|'); its end reads {query[-40:]!r}. Copy the whole URL")
    low = query.lower()
    if low.startswith("lin="):
        return unquote(query[4:])
    params = {k.lower(): v for k, v in parse_qsl(query, keep_blank_values=True)}
    if "lin" in params:
        return params["lin"]
    dealer = {"s": "1", "w": "2", "n": "3", "e": "4"}.get(params.get("d", "n").lower()[:1], "3")
    hands = ",".join(params.get(k, "") for k in ("s", "w", "n", "e"))
    parts = [f"md|{dealer}{hands}|", f"sv|{params.get('v', 'o')}|"]
    if params.get("b", "").isdigit():
        parts.append(f"ah|Board {params['b']}|")
    auction = re.sub(r"\([^)]*\)|!", "", params.get("a", ""))
    i = 0
    while i < len(auction):
        ch = auction[i]
        if ch.isdigit() and i + 1 < len(auction):
            parts.append(f"mb|{auction[i:i + 2]}|")
            i += 2
            continue
        if ch.lower() in "pdxr":
            parts.append(f"mb|{ch}|")
        i += 1
    for card in re.findall(r"[shdcSHDC](?:10|[2-9tjqkaTJQKA])", params.get("p", "")):
        parts.append(f"pc|{card}|")
    return "".join(parts)


def _pairs(text: str) -> list[tuple[str, str, int]]:
    """The (tag, value, line) pairs of a LIN text."""
    out: list[tuple[str, str, int]] = []
    pieces = text.split("|")
    line = 1
    for i in range(0, len(pieces) - 1, 2):
        tag, value = pieces[i], pieces[i + 1]
        stripped = tag.lstrip()
        tag_line = line + tag[: len(tag) - len(stripped)].count("\n")
        line += tag.count("\n") + value.count("\n")
        out.append((stripped.strip().lower(), value, tag_line))
    return out


def _read(text: str, source: str, offset: int, fixed_line: int | None,
          wanted: int | None = None) -> ReadResult:
    pairs = _pairs(text)
    if fixed_line is not None:
        pairs = [(t, v, fixed_line) for t, v, _ in pairs]
    vugraph = any(t == "qx" for t, _, _ in pairs)
    header: dict[str, str] = {}
    names: list[str] = []
    boards: list[_Board] = []
    cur: _Board | None = None
    for tag, value, line in pairs:
        starts = (
            tag == "qx" if vugraph else tag in ("pn", "md") and cur is not None and cur.has("md")
        )
        if vugraph and cur is None and tag in ("vg", "rs", "pn"):
            if tag == "pn":
                names = [n.strip() for n in value.split(",")]
            else:
                header[tag] = value
            continue
        if starts or cur is None:
            if vugraph and tag != "qx":
                continue  # chat before the first board
            cur = _Board(offset + len(boards) + 1, line)
            boards.append(cur)
        cur.pairs.append((tag, value, line))
    records: list[ClaimRecord] = []
    errors: list[ClaimcheckError] = []
    skipped: list[str] = []
    stem = Path(source).stem
    if not boards:
        errors.append(FormatError("no LIN board in the text: expected 'md|…|' with the deal "
                                  "and 'pc|…|' cards", Location(source, None, fixed_line or 1)))
    for board in boards:
        if wanted is None or (_board_number(board) or board.number) == wanted:
            where = Location(source, board.number, board.line)
            read_record(partial(_board_record, board, source, stem, header, names), where,
                        "board", records, errors, skipped)
        # A skipped board's player names still carry on to the boards after it.
        for tag, value, _ in board.pairs:
            if tag == "pn":
                names = [n.strip() for n in value.split(",")]
    return ReadResult(tuple(unique_ids(records)), tuple(errors), tuple(skipped))


def _board_number(board: _Board) -> int | None:
    """The board's number: from its ``qx`` tag (``o12`` is board 12 in the Open room), else
    from its first ``ah`` header with digits (``Board 12``); None when neither has one."""
    number: int | None = None
    for tag, value, _ in board.pairs:
        digits = re.sub(r"\D", "", value) if tag in ("qx", "ah") else ""
        if tag == "qx" and digits:
            number = int(digits)
        elif tag == "ah" and digits and number is None:
            number = int(digits)
    return number


def _board_record(
    board: _Board, source: str, stem: str, header: dict[str, str], names: list[str]
) -> ClaimRecord | None:
    """The claim record of one board, None when the board holds no claim or unfinished play."""
    deal: tuple[Seat, list[list[Card]]] | None = None
    deal_line = board.line
    calls: list[tuple[str, int]] = []
    cards: list[tuple[Card, int]] = []
    claim: tuple[str, int, int] | None = None
    room = ""
    number = _board_number(board)
    vul: str | None = None
    commentary: list[str] = []
    for tag, value, line in board.pairs:
        where = Location(source, board.number, line)
        if tag == "md" and deal is None:
            deal, deal_line = _read_md(value, where), line
        elif tag == "pn":
            names = [n.strip() for n in value.split(",")]
        elif tag == "qx":
            room = {"o": "Open", "c": "Closed"}.get(value[:1].lower(), "")
        elif tag == "sv":
            vul = _VUL.get(value.strip().lower()[:1], value)
        elif tag == "mb":
            try:
                calls.append((parse_call(value), line))
            except FormatError as exc:
                raise exc.at(where) from None
        elif tag == "pc":
            try:
                cards.append((parse_card(value), line))
            except FormatError as exc:
                raise exc.at(where) from None
        elif tag == "mc":
            claim = (value, len(cards), line)
        elif tag == "nt":
            commentary.append(value)
    if not cards and claim is None:
        raise NoClaim("no claim: no card played (pc) and no claim (mc)")
    if deal is None:
        raise FormatError("play without a deal (no md)", Location(source, board.number, board.line))
    dealer, hands = deal
    auction_where = Location(source, board.number, calls[0][1] if calls else board.line)
    try:
        auction = contract_from_calls([c for c, _ in calls], dealer)
    except FormatError as exc:
        raise exc.at(auction_where) from None
    contract = auction.contract
    if contract is None:
        raise FormatError("play or claim without a contract (no bid in the auction)",
                          auction_where)
    declarer = contract.declarer
    try:
        pos = Position.build(hands, contract.strain, declarer.lho, declarer=declarer)
    except PositionError as exc:
        raise exc.at(Location(source, board.number, deal_line)) from None
    upto = claim[1] if claim is not None else len(cards)
    played: set[Card] = set()
    for card, line in cards[:upto]:
        pos = play_card(pos, card, played, Location(source, board.number, line))
    claimed: int | None = None
    result: str | None = None
    if claim is not None:
        value, _, line = claim
        where = Location(source, board.number, line)
        text = value.strip()
        if not text.isdigit():
            raise FormatError(f"mc {value!r} is not a number of tricks", where)
        total = int(text)
        if total > 13:
            raise FormatError(f"mc {total} claims more than 13 tricks", where)
        won = pos.won.pov(Pair.of(declarer))
        claimed = total - won
        if not 0 <= claimed <= pos.tricks_left:
            raise FormatError(
                f"mc {total} does not fit: declarer's side has won {won} tricks and "
                f"{pos.tricks_left} are left",
                where,
            )
        result = str(total)
    elif pos.is_over():
        raise NoClaim("no claim: the play is complete (every trick was played, no mc)")
    tags: list[tuple[str, str]] = []
    if "vg" in header:
        tags.append(("Event", header["vg"].split(",")[0].strip()))
    if number is not None:
        tags.append(("Board", str(number)))
    if room:
        tags.append(("Room", room))
    seat_names = names[4:8] if room == "Closed" and len(names) >= 8 else names[:4]
    for seat, name in zip(_MD_ORDER, seat_names, strict=False):
        tags.append((seat.long_name, name))
    tags.append(("Dealer", dealer.letter))
    if vul is not None:
        tags.append(("Vulnerable", vul))
    tags.append(("Contract", contract.pbn))
    tags.append(("Declarer", declarer.letter))
    if calls:
        tags.append(("Calls", " ".join(c for c, _ in calls)))
    if result is not None:
        tags.append(("Result", result))
    tags.extend(("Commentary", c) for c in commentary)
    return ClaimRecord(
        id=f"{stem}:{number or board.number}",
        position=pos,
        contract=contract,
        claimer=declarer if claim is not None else None,
        claimed=claimed,
        source=Location(source, board.number, board.line),
        play=tuple(c for c, _ in cards[:upto]),
        board=number,
        tags=tuple(tags),
        format="lin",
    )


def _read_md(value: str, where: Location) -> tuple[Seat, list[list[Card]]]:
    """Read ``md|<dealer digit><S>,<W>,<N>,<E>|``; one missing hand is the remaining cards."""
    text = value.strip()
    if not text or text[0] not in _LIN_DEALER:
        got = text[:1] or "nothing"
        raise FormatError(f"md: bad dealer digit {got!r} (1=S 2=W 3=N 4=E)", where)
    dealer = _LIN_DEALER[text[0]]
    parts = text[1:].split(",")
    if len(parts) > 4:
        raise FormatError(f"md: {len(parts)} hands (at most 4)", where)
    parts += [""] * (4 - len(parts))
    hands: list[list[Card]] = [[], [], [], []]
    missing: list[Seat] = []
    for seat, part in zip(_MD_ORDER, parts, strict=True):
        if not part.strip():
            missing.append(seat)
            continue
        hands[seat] = _lin_hand(part.strip(), seat, where)
    if len(missing) > 1:
        raise FormatError(f"md gives only {4 - len(missing)} hands", where)
    try:
        check_hand_sizes(hands)
    except FormatError as exc:
        raise exc.at(where) from None
    for seat in Seat:
        if seat not in missing and len(hands[seat]) != 13:
            raise FormatError(
                f"md: {seat.long_name}'s hand has {len(hands[seat])} cards (13 expected)", where
            )
    if missing:
        used = {c for h in hands for c in h}
        hands[missing[0]] = [
            Card(Suit(s), r) for s in range(4) for r in Rank if Card(Suit(s), r) not in used
        ]
    return dealer, hands


def _lin_hand(text: str, seat: Seat, where: Location) -> list[Card]:
    """Read a LIN hand ``S345H567QD37TC456`` (any case, ranks in any order)."""
    cards: list[Card] = []
    who = f"md: {seat.long_name}'s hand"
    for m in re.finditer(r"([SHDCshdc])([^SHDCshdc]*)", text):
        suit = Suit[m.group(1).upper()]
        try:
            cards.extend(parse_holding_strict(m.group(2), suit, who))
        except FormatError as exc:
            raise exc.at(where) from None
    head = re.match(r"[^SHDCshdc]*", text)
    if head is not None and head.group(0):
        raise FormatError(f"{who}: {head.group(0)!r} before the first suit letter", where)
    return cards
