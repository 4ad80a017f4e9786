"""Read claims from PBN 2.1 files and write a claim record back as PBN.

The reader is our own (endplay's fails on real files). It keeps every tag in order, resolves
``#``/``##`` inheritance, takes a missing ``[Deal]`` from the previous game (rpbridge files
omit a repeated deal), skips ``%`` lines, ``;`` and ``{...}`` comments (kept as ``Commentary``
tags), NAGs and notes, and turns the ``[Play]`` section, written in *seat* order from the
opening leader, into play order by following each trick's winner.

Our own tags: ``[Claimer]``, ``[ClaimTricks]`` (remaining tricks claimed by the claimer's side),
``[ClaimStatement]``, ``[Leader]`` (who leads in an ending without a play section),
``[TricksWon "NS EW"]`` (tricks already won in an ending) and ``[ShownOut "WS EH"]`` (seats
known void from earlier tricks).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TypeVar

from claimcheck.cards import Card, Seat, Strain, Suit
from claimcheck.errors import ClaimcheckError, FormatError, InputError, Location, PositionError
from claimcheck.formats.auction import (
    check_hand_sizes,
    contract_from_calls,
    parse_call,
    parse_card,
    parse_contract,
    pbn_hand,
    play_card,
)
from claimcheck.formats.record import ClaimRecord, Contract, NoClaim, ReadResult, read_record
from claimcheck.penalty import (
    parse_lead_restrictions,
    parse_penalty_cards,
    render_lead_restrictions,
    render_penalty_cards,
)
from claimcheck.position import Position
from claimcheck.tricks import Pair, Tricks

GENERATED_TAGS = frozenset(
    {"deal", "play", "contract", "declarer", "leader", "claimer", "claimtricks",
     "claimstatement", "trickswon", "shownout", "auction", "penaltycards", "leadrestriction"}
)
"""Tags :func:`write_pbn` writes from the record itself rather than copying them."""

_CLAIM_TAGS = ("claimer", "claimtricks", "claimstatement", "leader")
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_NOISE = re.compile(r"^(\$\d+|=\d+=|[!?]+|\^\w*)$")
_STRAIN_ONLY = {"S": Strain.S, "H": Strain.H, "D": Strain.D, "C": Strain.C, "N": Strain.NT,
                "NT": Strain.NT}

_T = TypeVar("_T")


@dataclass
class _Tag:
    name: str
    value: str
    line: int
    section: list[tuple[int, str]] = field(default_factory=list)


_LocFn = Callable[[_Tag | None], Location]


@dataclass
class _Game:
    number: int
    line: int
    items: list[_Tag | tuple[int, str]] = field(default_factory=list)
    error: ClaimcheckError | None = None

    def fail(self, error: ClaimcheckError) -> None:
        if self.error is None:
            self.error = error


def read_pbn(text: str, source: str = "<pbn>") -> ReadResult:
    """Read every claim record of a PBN text; bad records become located errors.

    Games whose play is complete, and games with neither play nor claim tags, give nothing.
    """
    games = _split_games(text, source)
    _resolve_inheritance(games)
    records: list[ClaimRecord] = []
    errors: list[ClaimcheckError] = []
    skipped: list[str] = []
    stem = Path(source).stem
    if not games:
        errors.append(FormatError("no PBN game in the text: it is empty (or only comments); "
                                  "expected tag lines like [Deal \"N:...\"]",
                                  Location(source, None, 1)))
    for game in games:
        where = Location(source, game.number, game.line)
        if game.error is not None:
            errors.append(game.error.at(where))
            continue
        read_record(partial(_game_record, game, source, stem), where, "game", records, errors,
                    skipped)
    return ReadResult(tuple(unique_ids(records)), tuple(errors), tuple(skipped))


def unique_ids(records: list[ClaimRecord]) -> list[ClaimRecord]:
    """The records with ``-2``, ``-3`` … appended to repeated ids (open and closed room)."""
    seen: dict[str, int] = {}
    out: list[ClaimRecord] = []
    for rec in records:
        n = seen.get(rec.id, 0) + 1
        seen[rec.id] = n
        if n > 1:
            rec = _replace_id(rec, f"{rec.id}-{n}")
        out.append(rec)
    return out


def _replace_id(rec: ClaimRecord, new_id: str) -> ClaimRecord:
    return ClaimRecord(
        new_id, rec.position, rec.contract, rec.claimer, rec.claimed, rec.statement,
        rec.source, rec.play, rec.board, rec.tags, rec.format,
    )


# --- splitting the text into games ------------------------------------------------------------


def _split_games(text: str, source: str) -> list[_Game]:
    """Cut the text into games at empty lines, dropping comments and parsing tag lines."""
    games: list[_Game] = []
    cur: _Game | None = None
    pending: list[tuple[int, str]] = []
    in_brace = False
    brace_line = 0
    brace_buf: list[str] = []
    tag_buf: list[str] = []
    tag_line = 0

    def game() -> _Game:
        nonlocal cur
        if cur is None:
            cur = _Game(len(games) + 1, pending[0][0] if pending else 0)
            cur.items.extend(pending)
            pending.clear()
        return cur

    for no, raw in enumerate(text.splitlines(), start=1):
        if not in_brace:
            if raw.startswith("%"):
                continue
            if not raw.strip():
                if tag_buf:
                    # A tag cut before its "]" (a truncated [ClaimStatement "…) is an error
                    # where it starts, never a tag silently dropped.
                    game().fail(_unterminated(tag_buf, source, game().number, tag_line))
                    tag_buf = []
                    tag_line = 0
                if cur is not None:
                    games.append(cur)
                    cur = None
                continue
        out: list[str] = []
        comments: list[tuple[int, str]] = []
        i, in_quote = 0, False
        while i < len(raw):
            ch = raw[i]
            if in_brace:
                j = raw.find("}", i)
                if j < 0:
                    brace_buf.append(raw[i:])
                    break
                brace_buf.append(raw[i:j])
                comments.append((brace_line, "\n".join(brace_buf).strip()))
                brace_buf = []
                in_brace = False
                i = j + 1
                continue
            if in_quote:
                out.append(ch)
                if ch == "\\" and i + 1 < len(raw):
                    out.append(raw[i + 1])
                    i += 1
                elif ch == '"':
                    in_quote = False
            elif ch == '"':
                in_quote = True
                out.append(ch)
            elif ch == ";":
                break
            elif ch == "{":
                in_brace, brace_line, brace_buf = True, no, []
            else:
                out.append(ch)
            i += 1
        cleaned = "".join(out).strip()
        if tag_buf or (cleaned.startswith("[") and "]" not in cleaned):
            # PBN allows a tag's tokens on several lines.
            if not tag_buf:
                tag_line = no
            tag_buf.append(cleaned)
            if "]" not in cleaned:
                cleaned = ""
            else:
                cleaned = " ".join(tag_buf)
                tag_buf = []
        if cleaned:
            g = game()
            _parse_line(g, cleaned, tag_line if tag_line else no, source)
            tag_line = 0
        for c_line, c_text in comments:
            if cur is not None:
                cur.items.append((c_line, c_text))
            else:
                pending.append((c_line, c_text))
    if tag_buf:
        g = game()
        g.fail(_unterminated(tag_buf, source, g.number, tag_line))
    if in_brace:
        g = game()
        g.fail(FormatError("unterminated { comment", Location(source, g.number, brace_line)))
    if cur is not None:
        games.append(cur)
    return games


def _unterminated(parts: list[str], source: str, number: int, line: int) -> FormatError:
    text = " ".join(parts)
    shown = text if len(text) <= 60 else text[:57] + "..."
    quote = "a closing quote and " if text.count('"') % 2 == 1 else ""
    return FormatError(f"unterminated tag {shown!r}: expected {quote}a closing ']' (the file "
                       "may be cut)", Location(source, number, line))


def _parse_line(game: _Game, text: str, no: int, source: str) -> None:
    """Read one comment-free line: tags, or data for the section of the last tag."""
    rest = text
    while rest.startswith("["):
        m = _TAG.match(rest)
        if m is None:
            shown = rest if len(rest) <= 70 else rest[:67] + "..."
            game.fail(FormatError(f"malformed tag {shown!r}: expected [Name \"value\"] (is a "
                                  "quote or a ']' missing? the file may be cut)",
                                  Location(source, game.number, no)))
            return
        value = re.sub(r"\\(.)", r"\1", m.group(2))
        game.items.append(_Tag(m.group(1), value, no))
        if not game.line or not any(isinstance(it, _Tag) for it in game.items[:-1]):
            game.line = no
        rest = rest[m.end():].strip()
    if rest:
        last = next((it for it in reversed(game.items) if isinstance(it, _Tag)), None)
        if last is None:
            game.fail(FormatError(f"text outside any tag: {rest!r}",
                                  Location(source, game.number, no)))
            return
        last.section.append((no, rest))


def _resolve_inheritance(games: list[_Game]) -> None:
    """Apply ``#`` (same as the previous game), ``##`` (sticky) and a missing ``[Deal]``."""
    prev: dict[str, _Tag] = {}
    sticky: dict[str, _Tag] = {}
    for game in games:
        tags = [it for it in game.items if isinstance(it, _Tag)]
        names = {t.name for t in tags}
        for tag in tags:
            if tag.value == "#" and tag.name in prev:
                tag.value, tag.section = prev[tag.name].value, list(prev[tag.name].section)
            elif tag.value.startswith("##"):
                tag.value = tag.value[2:]
                sticky[tag.name] = tag
        added: list[_Tag | tuple[int, str]] = []
        for name, tag in sticky.items():
            if name not in names:
                added.append(_Tag(name, tag.value, tag.line, list(tag.section)))
        if "Deal" not in names and "Deal" in prev and tags:
            for name in ("Board", "Dealer", "Vulnerable", "Deal"):
                if name not in names and name in prev:
                    added.append(_Tag(name, prev[name].value, prev[name].line))
        game.items[:0] = added
        if tags:
            prev = {it.name: it for it in game.items if isinstance(it, _Tag)}


# --- one game -------------------------------------------------------------------------------


def _game_record(game: _Game, source: str, stem: str) -> ClaimRecord | None:
    """The claim record of one game, None when the game holds no claim."""
    tags = [it for it in game.items if isinstance(it, _Tag)]
    by_name: dict[str, _Tag] = {}
    for t in tags:
        by_name.setdefault(t.name.lower(), t)
    play_tag = by_name.get("play")
    if play_tag is None and not any(n in by_name for n in _CLAIM_TAGS):
        raise NoClaim("no claim: the game has no [Play] section and no claim tag "
                      "([ClaimTricks], [Claimer], [Result] …)")

    def loc(tag: _Tag | None) -> Location:
        return Location(source, game.number, tag.line if tag else game.line)

    deal_tag = by_name.get("deal")
    if deal_tag is None:
        raise FormatError("no [Deal] tag", loc(None))
    first, hands = _read_deal(deal_tag.value, loc(deal_tag))
    full = all(len(h) == 13 for h in hands)

    trump, level, doubled, auction_decl = _read_contract(by_name, loc)
    declarer = _read_seat(by_name.get("declarer"), "declarer", loc)
    if declarer is None:
        declarer = auction_decl
    opening: Seat | None = None
    if play_tag is not None:
        opening = _seat_value(play_tag.value, "leader in [Play]", loc(play_tag))
        if declarer is None and full:
            declarer = opening.rho
    elif "leader" in by_name:
        opening = _read_seat(by_name["leader"], "leader", loc)
    elif declarer is not None:
        opening = declarer.lho
    if opening is None:
        raise FormatError("no leader: give [Play], [Leader] or [Declarer]", loc(None))
    contract = None
    if level is not None and declarer is not None:
        contract = Contract(level, trump, declarer, doubled)
    won = _read_tricks_won(by_name.get("trickswon"), loc)
    shown_out = _read_shown_out(by_name.get("shownout"), loc)

    tricks, _ended = _read_play(play_tag, source, game.number) if play_tag else ([], True)
    sizes = {len(h) for h in hands}
    start_trick: list[Card] = []
    if len(sizes) != 1 and tricks:
        # An ending written with the trick in progress already out of the hands.
        line, slots = tricks.pop(0)
        start_trick = _in_play_order(slots, opening, opening, source, game.number, line, 1)
    try:
        pos = Position.build(
            hands, trump, opening, start_trick, declarer=declarer, won=won, shown_out=shown_out
        )
    except PositionError as exc:
        raise exc.at(loc(deal_tag)) from None
    if won.total + pos.tricks_left > 13:
        raise FormatError(
            f"[TricksWon] {won.ns} {won.ew} plus {pos.tricks_left} tricks left is more than 13",
            loc(by_name.get("trickswon")),
        )
    played: set[Card] = set()
    play: list[Card] = list(start_trick)
    notes: list[str] = []
    for line, slots in tricks:
        where = Location(source, game.number, line)
        trick_no = pos.won.total + 1
        if pos.trick:
            raise FormatError(f"trick {trick_no}: play goes on after an unfinished trick", where)
        if pos.is_over():
            raise FormatError(f"trick {trick_no}: more tricks than cards in the deal", where)
        cards = _by_holder(slots, pos)
        if cards is None:
            cards = _in_play_order(
                slots, opening, pos.leader, source, game.number, line, trick_no
            )
        elif cards != _in_play_order(slots, opening, pos.leader, source, 0, line, trick_no):
            notes.append(f"trick {trick_no}: cards not in seat order, read by who holds them")
        for card in cards:
            pos = play_card(pos, card, played, where)
            play.append(card)
    if pos.is_over():
        raise NoClaim("no claim: the play is complete (every trick was played)")
    pos = _with_irregularities(pos, by_name.get("penaltycards"), by_name.get("leadrestriction"),
                               loc)

    claimer = _read_claimer(by_name.get("claimer"), declarer, loc)
    claimed = _read_claimed(by_name, pos, claimer, declarer, loc)
    statement_tag = by_name.get("claimstatement")
    board_tag = by_name.get("board")
    board = int(board_tag.value) if board_tag and board_tag.value.strip().isdigit() else None
    kept = tuple(
        (it.name, it.value) if isinstance(it, _Tag) else ("Commentary", it[1])
        for it in game.items
    ) + tuple(("ReadNote", note) for note in notes)
    return ClaimRecord(
        id=f"{stem}:{board or game.number}",
        position=pos,
        contract=contract,
        claimer=claimer,
        claimed=claimed,
        statement=statement_tag.value if statement_tag else None,
        source=Location(source, game.number, game.line),
        play=tuple(play),
        board=board,
        tags=kept,
        format="pbn",
    )


def _with_irregularities(pos: Position, penalty: _Tag | None, restriction: _Tag | None,
                         loc: _LocFn) -> Position:
    """The position at the record's point with its ``[PenaltyCards]`` and
    ``[LeadRestriction]`` in force (both describe that point, after the ``[Play]``)."""
    if penalty is None and restriction is None:
        return pos
    cards = _parsed(penalty, parse_penalty_cards, loc)
    restrictions = _parsed(restriction, parse_lead_restrictions, loc)
    try:
        return pos.with_irregularities(cards, restrictions)
    except PositionError as exc:
        raise exc.at(loc(penalty or restriction)) from None


def _parsed(tag: _Tag | None, parse: Callable[[str], tuple[_T, ...]], loc: _LocFn
            ) -> tuple[_T, ...]:
    """*parse* of a tag's value (none without the tag), its error located at the tag."""
    if tag is None:
        return ()
    try:
        return parse(tag.value)
    except InputError as exc:
        raise FormatError(f"[{tag.name}] {exc.message}", loc(tag)) from None


def _read_deal(value: str, where: Location) -> tuple[Seat, list[list[Card]]]:
    text = value.strip()
    if len(text) < 2 or text[1] != ":":
        raise FormatError(f"bad [Deal] {value!r}: it starts with a seat and a colon", where)
    first = _seat_value(text[0], "first seat of [Deal]", where)
    parts = text[2:].split()
    if len(parts) != 4:
        raise FormatError(f"bad [Deal] {value!r}: four hands needed, got {len(parts)}", where)
    hands: list[list[Card]] = [[], [], [], []]
    for i, part in enumerate(parts):
        seat = first.next(i)
        if part == "-":
            raise FormatError(f"the deal does not give {seat.long_name}'s hand", where)
        try:
            hands[seat] = pbn_hand(part, seat)
        except FormatError as exc:
            raise exc.at(where) from None
    try:
        check_hand_sizes(hands)
    except FormatError as exc:
        raise exc.at(where) from None
    return first, hands


def _read_contract(
    by_name: dict[str, _Tag], loc: _LocFn
) -> tuple[Strain, int | None, int, Seat | None]:
    """(trump, level, doubled, declarer from the auction) for a game with play or a claim."""
    tag = by_name.get("contract")
    value = tag.value.strip().upper() if tag else ""
    if value in _STRAIN_ONLY:
        return _STRAIN_ONLY[value], None, 0, None
    try:
        parsed = parse_contract(value)
    except FormatError as exc:
        raise exc.at(loc(tag)) from None
    if parsed is not None:
        return parsed[1], parsed[0], parsed[2], None
    auction = by_name.get("auction")
    if auction is not None and value in ("", "?"):
        result = _read_auction(auction, loc)
        if result is not None:
            return result.strain, result.level, result.doubled, result.declarer
    what = "passed out" if value in ("PASS", "P", "AP") else "no contract"
    raise FormatError(f"[Play] or claim without a contract ({what})", loc(tag))


def _read_auction(tag: _Tag, loc: _LocFn) -> Contract | None:
    dealer = _seat_value(tag.value, "dealer in [Auction]", loc(tag))
    calls: list[str] = []
    for line, text in tag.section:
        for tok in text.split():
            if _NOISE.match(tok) or tok == "-":
                continue
            if tok in ("+", "*"):
                break
            if tok.upper() == "AP":
                calls.extend(["P", "P", "P"])
                continue
            try:
                calls.append(parse_call(tok))
            except FormatError as exc:
                raise exc.at(Location(loc(tag).source, loc(tag).record, line)) from None
    try:
        return contract_from_calls(calls, dealer).contract
    except FormatError as exc:
        raise exc.at(loc(tag)) from None


def _seat_value(value: str, what: str, where: Location) -> Seat:
    text = value.strip().lstrip("^")
    if text.upper() not in ("N", "E", "S", "W"):
        raise FormatError(f"unknown {what} {value!r} (expected N, E, S or W)", where)
    return Seat[text.upper()]


def _read_seat(tag: _Tag | None, what: str, loc: _LocFn) -> Seat | None:
    if tag is None or tag.value.strip() in ("", "?"):
        return None
    return _seat_value(tag.value, what, loc(tag))


def _read_claimer(tag: _Tag | None, declarer: Seat | None, loc: _LocFn) -> Seat | None:
    if tag is None:
        return declarer
    if tag.value.strip() in ("", "?"):
        return None
    text = tag.value.strip()
    if text.upper() not in ("N", "E", "S", "W"):
        raise FormatError(f"[Claimer] {text!r} is not a seat (expected N, E, S or W)", loc(tag))
    return Seat[text.upper()]


def _read_tricks_won(tag: _Tag | None, loc: _LocFn) -> Tricks:
    if tag is None:
        return Tricks()
    parts = tag.value.split()
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise FormatError(f"[TricksWon] {tag.value!r} is not two numbers 'NS EW'", loc(tag))
    return Tricks(int(parts[0]), int(parts[1]))


def _read_shown_out(tag: _Tag | None, loc: _LocFn) -> frozenset[tuple[Seat, Suit]]:
    if tag is None:
        return frozenset()
    out: set[tuple[Seat, Suit]] = set()
    for tok in tag.value.split():
        up = tok.upper()
        if len(up) != 2 or up[0] not in "NESW" or up[1] not in "SHDC":
            raise FormatError(f"[ShownOut] {tok!r} is not a seat and a suit like 'WS'", loc(tag))
        out.add((Seat[up[0]], Suit[up[1]]))
    return frozenset(out)


def _read_play(
    tag: _Tag, source: str, record: int
) -> tuple[list[tuple[int, list[Card | None]]], bool]:
    """The tricks of a ``[Play]`` section (seat order, with their lines) and whether it ended.

    Tokens are read as one stream in groups of four, since a ``{...}`` comment may split a
    trick over lines; still, one line with more than four cards is an error.
    """
    tricks: list[tuple[int, list[Card | None]]] = []
    slots: list[Card | None] = []
    first_line = 0
    stop = False
    for line, text in tag.section:
        where = Location(source, record, line)
        on_line = 0
        for tok in text.split():
            if _NOISE.match(tok):
                continue
            if tok == "*":
                stop = True
                break
            if tok == "+":
                stop = True
                card: Card | None = None
            elif set(tok) == {"-"}:
                card = None
            else:
                try:
                    card = parse_card(re.sub(r"(=\d+=|\$\d+|[!?]+)$", "", tok))
                except FormatError as exc:
                    raise exc.at(where) from None
            on_line += 1
            if on_line > 4:
                raise FormatError(f"a trick line has more than 4 cards ({tok!r})", where)
            if not slots:
                first_line = line
            slots.append(card)
            if len(slots) == 4:
                if any(s is not None for s in slots):
                    tricks.append((first_line, slots))
                slots = []
        if stop:
            break
    if any(s is not None for s in slots):
        tricks.append((first_line, slots + [None] * (4 - len(slots))))
    return tricks, stop


def _in_play_order(
    slots: list[Card | None], opening: Seat, leader: Seat, source: str, record: int,
    line: int, trick_no: int,
) -> list[Card]:
    """The cards of one trick line in play order from *leader* (slots are in seat order)."""
    seq = [slots[(int(leader.next(j)) - int(opening)) % 4] for j in range(4)]
    cards: list[Card] = []
    for j, card in enumerate(seq):
        if card is None:
            later = [leader.next(k) for k in range(j + 1, 4) if seq[k] is not None]
            if later:
                raise FormatError(
                    f"trick {trick_no}: {later[0].long_name} has a card but "
                    f"{leader.next(j).long_name}, who plays before, has none",
                    Location(source, record, line),
                )
            break
        cards.append(card)
    return cards


def _by_holder(slots: list[Card | None], pos: Position) -> list[Card] | None:
    """A full trick line read by who holds each card, in play order; None if that fails.

    Some real files (rpbridge) write a trick rotated; four cards held by four different seats
    say who played what whatever their order on the line.
    """
    if pos.trick or any(c is None for c in slots):
        return None
    owner: dict[Seat, Card] = {}
    for card in slots:
        holders = [s for s in Seat if card in pos.hands[s]]
        if len(holders) != 1 or holders[0] in owner or card is None:
            return None
        owner[holders[0]] = card
    return [owner[pos.leader.next(j)] for j in range(4)]


def _read_claimed(
    by_name: dict[str, _Tag], pos: Position, claimer: Seat | None, declarer: Seat | None,
    loc: _LocFn,
) -> int | None:
    left = pos.tricks_left
    tag = by_name.get("claimtricks")
    if tag is not None:
        text = tag.value.strip()
        if not re.fullmatch(r"[+-]?\d+", text):
            raise FormatError(f"[ClaimTricks] {text!r} is not a number", loc(tag))
        n = int(text)
        if n < 0:
            raise FormatError(f"[ClaimTricks] {n} is negative", loc(tag))
        if n > left:
            raise FormatError(
                f"[ClaimTricks] {n} is more than the {left} tricks left", loc(tag)
            )
        return n
    tag = by_name.get("result")
    if tag is None or claimer is None or declarer is None:
        return None
    if pos.won.total + left != 13:
        return None  # an ending without [TricksWon]: the result cannot be split
    text = tag.value.strip().upper()
    if text in ("", "?"):
        return None
    decl_pair = Pair.of(declarer)
    sides = dict(re.findall(r"(NS|EW)\s+(\d+)", text))
    if text.lstrip("^").isdigit():
        total = int(text.lstrip("^"))
    elif decl_pair.value in sides:
        total = int(sides[decl_pair.value])
    elif decl_pair.other.value in sides:
        total = 13 - int(sides[decl_pair.other.value])
    else:
        raise FormatError(f"[Result] {tag.value!r} is not a number of tricks", loc(tag))
    decl_won = pos.won.pov(decl_pair)
    if Pair.of(claimer) is decl_pair:
        claimed = total - decl_won
    else:
        claimed = left - (total - decl_won)
    if not 0 <= claimed <= left:
        raise FormatError(
            f"[Result] {tag.value} does not fit: declarer's side has won {decl_won} and "
            f"{left} tricks are left",
            loc(tag),
        )
    return claimed


# --- writing --------------------------------------------------------------------------------


def write_pbn(record: ClaimRecord) -> str:
    """Write *record* as one PBN game at its claim point; ``read_pbn`` gives it back.

    The deal is the hands at the claim point with the trick in progress put back, and the
    ``[Play]`` section holds only that trick followed by ``*``.
    """
    pos = record.position
    lines: list[str] = []
    for name, value in record.tags:
        if name.lower() in GENERATED_TAGS:
            continue
        if name == "Commentary" and "}" not in value:
            lines.append("{" + value + "}")
        else:
            lines.append(_tag(name, value.replace("\n", " ")))
    if record.contract is not None:
        lines.append(_tag("Contract", record.contract.pbn))
    else:
        lines.append(_tag("Contract", "NT" if pos.trump is Strain.NT else pos.trump.name))
    if pos.declarer is not None:
        lines.append(_tag("Declarer", pos.declarer.letter))
    lines.append(_tag("Deal", pos.to_pbn(Seat.N, include_trick=True)))
    lines.append(_tag("TricksWon", f"{pos.won.ns} {pos.won.ew}"))
    if pos.shown_out:
        lines.append(_tag("ShownOut", " ".join(
            f"{seat.letter}{suit.letter}" for seat, suit in sorted(pos.shown_out)
        )))
    if pos.penalty_cards:
        lines.append(_tag("PenaltyCards", render_penalty_cards(pos.penalty_cards)))
    if pos.lead_restrictions:
        lines.append(_tag("LeadRestriction", render_lead_restrictions(pos.lead_restrictions)))
    lines.append(_tag("Leader", pos.leader.letter))
    lines.append(_tag("Claimer", record.claimer.letter if record.claimer is not None else "?"))
    if record.claimed is not None:
        lines.append(_tag("ClaimTricks", str(record.claimed)))
    if record.statement is not None:
        lines.append(_tag("ClaimStatement", record.statement.replace("\n", " ")))
    lines.append(_tag("Play", pos.leader.letter))
    if pos.trick:
        cells = [str(c) for c in pos.trick] + ["-"] * (4 - len(pos.trick))
        lines.append(" ".join(cells))
    lines.append("*")
    return "\n".join(lines) + "\n"


def _tag(name: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'
