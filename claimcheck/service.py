"""The work behind ``claimcheck check`` and the director's page: from what was typed to rulings.

Neither click nor a web framework is imported here. The CLI (:mod:`claimcheck.cli`) and the
server (:mod:`claimcheck.server`) both call :func:`rule_records`, so the page answers with the
same JSON as ``claimcheck check --format json`` for the same input.

The page's form is a plain dict (the JSON the page posts). :func:`prepare` turns it into the
record to rule on. Every error it raises is a :class:`FieldError` that names the form field at
fault and keeps the reader's located message ("line 3: unknown rank 'Z'"), so the page can show
it next to that field.

The form's fields (all optional text unless said; an empty value is "not given"):

* ``source``: ``paste`` (default) or ``hands``.
* ``text``: with ``paste``, a diagram, a PBN, LIN or JSON record, a hand-viewer link or a PBN
  deal ``N:...``. A record brings its own trump, lead, trick, declarer, claim and statement.
* ``hands``: with ``hands``, ``{"N": {"S": "AK10", "H": "", "D": "RDV", "C": "-"}, ...}``.
* ``board``: which record of a pasted text (its board number or id).
* ``trump`` (``S H D C NT``), ``lead``, ``trick`` (``"DK D2"``), ``declarer``: the position,
  for cards without a claim (ignored for a record).
* ``claimer`` and ``tricks`` (a number): the claim; they replace a record's when given.
* ``statement``: replaces a record's statement when given (even empty).
* ``profile`` (``wbf ebu acbl``), ``trump_aware`` (``yes no doubtful``), ``player_class``
  (``novice club expert``), ``phase`` (``contested concession withdrawn``): the director's
  settings; empty takes the record's tag, then the default, as ``claimcheck check`` does.
* ``max_nodes``: the search budget in nodes (at most :data:`MAX_NODES_LIMIT`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Literal, cast

from claimcheck.cards import (
    Card,
    Notation,
    Rank,
    Seat,
    Strain,
    Suit,
    parse_cards,
    parse_holding,
)
from claimcheck.errors import ClaimcheckError, InputError, Location, PositionError
from claimcheck.formats.record import ClaimRecord
from claimcheck.policy.sure import DEFAULT_MAX_NODES as ENGINE_DEFAULT_MAX_NODES
from claimcheck.position import Position, parse_pbn_deal
from claimcheck.ruling import Ruling
from claimcheck.tricks import Tricks

__all__ = [
    "FieldError", "Prepared", "form_budget", "position_from_options", "prepare", "read_summary",
    "rule_form", "rule_records", "rules_catalogue", "statement_reading",
]

PROFILES = ("wbf", "ebu", "acbl")
AWARENESS = ("yes", "no", "doubtful")
CLASSES = ("novice", "club", "expert")
PHASES = ("contested", "concession", "withdrawn")

DEFAULT_MAX_NODES = ENGINE_DEFAULT_MAX_NODES
"""The page's search budget in nodes when the form does not say (every door's default)."""
MAX_NODES_LIMIT = 2_000_000
"""The largest budget a request may ask for: a ruling is time-limited on the server."""
MAX_SECONDS = 20.0
"""The search budget in seconds of one ruling on the page (the CLI's default)."""
MAX_TEXT = 100_000
"""Characters of pasted text accepted (a record, not a whole tournament)."""
MAX_STATEMENT = 2_000
"""Characters of a statement accepted."""


class FieldError(InputError):
    """Raised when one field of the form is wrong; *field* names it (``text``, ``trump`` …)."""

    def __init__(self, message: str, location: Location | None = None, field: str = "") -> None:
        super().__init__(message, location)
        self.field = field


@contextmanager
def _field(name: str) -> Iterator[None]:
    """Blame *name* for any claimcheck error raised inside (the message and place are kept)."""
    try:
        yield
    except FieldError:
        raise
    except ClaimcheckError as exc:
        raise FieldError(exc.message, exc.location, name) from None


# --- shared with the CLI ------------------------------------------------------------------------


def position_from_options(deal: str, trump: Strain, lead: Seat, trick: str,
                          declarer: Seat | None) -> Position:
    """The position of ``claimcheck check --deal``: a PBN deal ``N:...`` or a diagram, with the
    trump, the seat that led (or is to lead) and the cards of the trick in progress.

    :raises InputError: when the deal, a card or the position cannot be read.
    """
    trick_cards = parse_cards(trick) if trick else ()
    text = deal.strip()
    hands: list[frozenset[Card]]
    if _is_pbn_deal(text):
        _, hands = parse_pbn_deal(text)
    else:
        from claimcheck.formats.diagram import parse_diagram

        diagram = parse_diagram(text)
        hands = [frozenset(h) for h in diagram.hands]
    return Position.build(hands, trump, lead, trick_cards, declarer=declarer, won=Tricks())


def _is_pbn_deal(text: str) -> bool:
    return len(text) > 2 and text[1] == ":" and text[0].upper() in "NESW" and "\n" not in text


def no_claim(record: ClaimRecord) -> str:
    """Why a record is no claim to rule on, and what was expected."""
    if record.claimed is None:
        tag = {"lin": "an mc|…| tag", "pbn": "a [ClaimTricks] or [Result] tag"}.get(
            record.format, "a Tricks line")
        return (f"the record has no claim: the play stops after {len(record.play)} cards "
                f"without {tag}; if the file or URL was cut, give it whole")
    return "the record has no claim: it does not say who claimed (and there is no declarer)"


def rule_records(
    records: Sequence[ClaimRecord], *, from_options: bool, statement: str | None,
    profile: str | None, trump_aware: str | None, player_class: str | None, phase: str | None,
    max_nodes: int, max_seconds: float | None, accept_partial: bool = False,
    warn: Callable[[str], None] | None = None, samples: int | None = None, seed: int = 0,
    likely_threshold: float | None = None,
) -> list[Ruling]:
    """Rule on each record as ``claimcheck check`` does.

    A statement read only in part (or in a language with no lexicon) is refused with the
    unread words named, unless *accept_partial*; then *warn* is told, so a partial reading is
    never silent.

    The director's settings override the record's tags (``TrumpAware``, ``PlayerClass``,
    ``Phase``, ``Profile``) and *statement*, when not None, the record's statement.
    *from_options* is True for a position typed as options (``--deal``), which has no tags.
    *samples*, *seed* and *likely_threshold* set the 69B estimate of the ``withdrawn`` phase.

    :raises InputError: when a record has no claim or the statement cannot be read.
    :raises SolverError: when DDS fails.
    """
    from claimcheck.check import check_claim, check_record, read_plan
    from claimcheck.policy.profiles import Inputs
    from claimcheck.statement.coverage import refusal

    out: list[Ruling] = []
    for record in records:
        rec_claimer = record.claimer or record.position.declarer
        if record.claimed is None or rec_claimer is None:
            raise FieldError(no_claim(record), record.source,
                             "claimer" if rec_claimer is None else "tricks")
        inputs = Inputs(
            trump_aware=(trump_aware or record.tag("TrumpAware") or "doubtful"),  # type: ignore[arg-type]
            player_class=(player_class or record.tag("PlayerClass") or "club"),  # type: ignore[arg-type]
            phase=(phase or record.tag("Phase") or "contested"),  # type: ignore[arg-type]
        )
        text = statement if statement is not None else (record.statement or "")
        with _field("statement"):
            plan = read_plan(text, record.position, rec_claimer)
        why = refusal(plan)
        if why is not None and not accept_partial:
            raise FieldError(why, record.source, "statement")
        if why is not None and warn is not None:
            warn(f"{record.source}: {why.split('. ')[0]}; ruled on what was read "
                 "(--accept-partial)")
        if from_options:
            ruling = check_claim(record.position, rec_claimer, record.claimed, plan,
                                 profile=profile or "wbf", inputs=inputs,
                                 max_nodes=max_nodes, max_seconds=max_seconds,
                                 samples=samples, seed=seed,
                                 likely_threshold=likely_threshold)
        else:
            ruling = check_record(record, profile=profile, inputs=inputs, plan=plan,
                                  max_nodes=max_nodes, max_seconds=max_seconds,
                                  samples=samples, seed=seed,
                                  likely_threshold=likely_threshold)
        out.append(ruling)
    return out


# --- the page's form ----------------------------------------------------------------------------

Mode = Literal["record", "deal"]


@dataclass(frozen=True, slots=True)
class Prepared:
    """What the form says: the record to rule on and how it was read."""

    mode: Mode
    """``record`` for a pasted record (PBN, LIN, hand-viewer link, diagram with headers, JSON),
    ``deal`` for cards typed or pasted without the claim (the claim comes from the form)."""
    record: ClaimRecord
    format: str
    """``pbn``, ``lin``, ``json``, ``diagram``, ``pbn-deal`` or ``hands``."""
    choices: tuple[ClaimRecord, ...] = ()
    """Every record of a pasted text (the page offers them as boards)."""
    warnings: tuple[str, ...] = ()
    """Records of the pasted text that could not be read (the others still can be ruled)."""


def _text(form: Mapping[str, Any], key: str, limit: int = 1_000) -> str:
    value = form.get(key)
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise FieldError(f"expected text, got {type(value).__name__}", None, key)
    text = str(value)
    if len(text) > limit:
        raise FieldError(f"too long: {len(text)} characters (at most {limit})", None, key)
    return text.strip()


def _choice(form: Mapping[str, Any], key: str, allowed: Sequence[str]) -> str | None:
    value = _text(form, key).lower()
    if not value:
        return None
    if value not in allowed:
        raise FieldError(f"unknown value {value!r} (expected one of {', '.join(allowed)})",
                         None, key)
    return value


def _seat(form: Mapping[str, Any], key: str) -> Seat | None:
    value = _text(form, key)
    if not value:
        return None
    with _field(key):
        return Seat.parse(value)


def _strain(form: Mapping[str, Any]) -> Strain | None:
    value = _text(form, "trump")
    if not value:
        return None
    with _field("trump"):
        return Strain.parse(value)


def _tricks(form: Mapping[str, Any]) -> int | None:
    value = form.get("tricks")
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise FieldError("the tricks claimed must be a number", None, "tricks")
    if isinstance(value, str):
        value = value.strip()
        if not value.isdigit():
            raise FieldError(f"the tricks claimed must be a number, got {value!r}", None,
                             "tricks")
        return int(value)
    if isinstance(value, int):
        return value
    raise FieldError("the tricks claimed must be a number", None, "tricks")


def form_budget(form: Mapping[str, Any]) -> int:
    """The search budget in nodes the form asks for (the default when it does not say).

    :raises FieldError: when it is not a number from 1 to :data:`MAX_NODES_LIMIT`.
    """
    value = form.get("max_nodes")
    if value is None or value == "":
        return DEFAULT_MAX_NODES
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise FieldError("the search budget must be a whole number of nodes", None, "max_nodes")
    if value > MAX_NODES_LIMIT:
        raise FieldError(f"at most {MAX_NODES_LIMIT:,} nodes on this page", None, "max_nodes")
    return value


_SUIT_FIELDS = (Suit.S, Suit.H, Suit.D, Suit.C)


def _holding(text: str, field: str) -> tuple[Rank, ...]:
    """The ranks of one suit typed in one box: English, French (R D V) or Russian letters."""
    last: ClaimcheckError | None = None
    notations: tuple[Notation, ...] = ("en", "fr", "ru")
    for notation in notations:
        try:
            return parse_holding(text, notation)
        except ClaimcheckError as exc:
            last = last or exc
    assert last is not None
    raise FieldError(last.message, None, field)


def _hands_from_grid(form: Mapping[str, Any]) -> list[frozenset[Card]]:
    grid = form.get("hands")
    if not isinstance(grid, Mapping):
        raise FieldError("enter the four hands suit by suit", None, "hands")
    hands: list[frozenset[Card]] = []
    for seat in Seat:
        row = grid.get(seat.letter) or {}
        if not isinstance(row, Mapping):
            raise FieldError(f"expected the suits of {seat.long_name}", None, "hands")
        cards: set[Card] = set()
        for suit in _SUIT_FIELDS:
            name = f"hand-{seat.letter}-{suit.letter}"
            value = row.get(suit.letter, "")
            if not isinstance(value, str) or len(value) > 40:
                raise FieldError("expected the ranks of one suit", None, name)
            for rank in _holding(value, name):
                cards.add(Card(suit, rank))
        hands.append(frozenset(cards))
    return hands


def _deal_position(form: Mapping[str, Any], hands: list[frozenset[Card]], hands_field: str
                   ) -> Position:
    trump = _strain(form)
    lead = _seat(form, "lead")
    declarer = _seat(form, "declarer")
    with _field("trick"):
        trick = parse_cards(_text(form, "trick"))
    if trump is None:
        raise FieldError("choose the trump suit (or NT)", None, "trump")
    if lead is None:
        raise FieldError("choose the seat that led the trick in progress (or is to lead)", None,
                         "lead")
    claimer = _seat(form, "claimer")
    try:
        return Position.build(hands, trump, lead, trick, declarer=declarer or claimer,
                              won=Tricks())
    except PositionError as exc:
        trick_problem = trick and any("trick" in p for p in exc.problems)
        raise FieldError(exc.message, exc.location,
                         "trick" if trick_problem else hands_field) from None


def _pasted(form: Mapping[str, Any], override: bool) -> Prepared:
    from claimcheck.formats import load_text, sniff

    raw = form.get("text")
    if raw is not None and not isinstance(raw, str):
        raise FieldError("expected text", None, "text")
    text = (raw or "").lstrip("\ufeff")
    if len(text) > MAX_TEXT:
        raise FieldError(f"too long: {len(text):,} characters (at most {MAX_TEXT:,}); paste one "
                         "record", None, "text")
    body = text.strip()
    if not body:
        raise FieldError("paste a diagram, a PBN or LIN record, a hand-viewer link or a PBN "
                         "deal 'N:...'", None, "text")
    if _is_pbn_deal(body):
        with _field("text"):
            _, hands = parse_pbn_deal(body)
        pos = _deal_position(form, list(hands), "text")
        return Prepared("deal", _form_record(form, pos), "pbn-deal")
    kind = sniff(body)
    if kind == "diagram":
        from claimcheck.formats.diagram import parse_diagram

        with _field("text"):
            diagram = parse_diagram(body)
        if not diagram.headers and "\n---" not in body and "\n===" not in body:
            # Hands only: the claim comes from the form, as with ``check --deal``.
            pos = _deal_position(form, [frozenset(h) for h in diagram.hands], "text")
            return Prepared("deal", _form_record(form, pos), "diagram")
    if kind == "unknown":
        from claimcheck.formats.diagram import parse_diagram

        # A diagram with a typo is not recognised as one: its reader says where the typo is.
        with _field("text"):
            parse_diagram(body)
        raise FieldError("cannot tell the format (expected a diagram, PBN, LIN, a hand-viewer "
                         "link, JSON or a PBN deal 'N:...')", None, "text")
    result = load_text(body, cast(Any, kind), source="pasted text")
    warnings = tuple(str(e) for e in result.errors)
    if not result.records:
        if result.errors:
            first = result.errors[0]
            raise FieldError(first.message, first.location, "text")
        raise FieldError("no claim record could be read", None, "text")
    records = tuple(result.records)
    board = _text(form, "board")
    chosen = records[0]
    if board:
        picked = [r for r in records
                  if str(r.board) == board or r.id == board or r.id.endswith(f":{board}")]
        if not picked:
            raise FieldError(f"no record {board!r} in the pasted text", None, "board")
        chosen = picked[0]
    if override:
        chosen = _override_claim(form, chosen)
    return Prepared("record", chosen, kind, records, warnings)


def _form_record(form: Mapping[str, Any], pos: Position) -> ClaimRecord:
    # The same record the CLI builds from --deal and its options.
    return ClaimRecord("command-line", pos, claimer=_seat(form, "claimer"),
                       claimed=_tricks(form), statement=None,
                       source=Location("<command line>"))


def _override_claim(form: Mapping[str, Any], record: ClaimRecord) -> ClaimRecord:
    """The record with the claimer and the tricks claimed the form gives, when it gives them
    (a LIN ``mc`` does not say who claimed; a PBN may carry no claim at all)."""
    claimer = _seat(form, "claimer")
    claimed = _tricks(form)
    if claimer is not None:
        record = replace(record, claimer=claimer)
    if claimed is not None:
        record = replace(record, claimed=claimed)
    return record


def prepare(form: Mapping[str, Any], *, override: bool = True) -> Prepared:
    """Read the cards and the claim of the page's *form*.

    The form's claimer and tricks claimed replace a pasted record's when *override* is True.

    :raises FieldError: naming the field at fault, with the reader's located message.
    """
    source = _text(form, "source") or "paste"
    if source == "hands":
        hands = _hands_from_grid(form)
        pos = _deal_position(form, hands, "hands")
        return Prepared("deal", _form_record(form, pos), "hands")
    if source != "paste":
        raise FieldError(f"unknown source {source!r} (expected paste or hands)", None, "source")
    return _pasted(form, override)


def _check_claim_fields(record: ClaimRecord) -> Seat:
    claimer = record.claimer or record.position.declarer
    if claimer is None:
        raise FieldError("choose the claimer", None, "claimer")
    left = record.position.tricks_left
    if record.claimed is None:
        raise FieldError(f"enter the tricks claimed (0 to {left})", None, "tricks")
    if not 0 <= record.claimed <= left:
        raise FieldError(f"{record.claimed} tricks claimed but only {left} are left", None,
                         "tricks")
    return claimer


def rule_form(form: Mapping[str, Any], *, max_seconds: float = MAX_SECONDS) -> Ruling:
    """Rule on the claim of the page's *form*, exactly as ``claimcheck check`` would.

    A pasted record is ruled like ``claimcheck check FILE --board B``; cards without a claim
    like ``claimcheck check --deal … --trump … --lead … --claimer … --tricks …``.

    :raises FieldError: naming the field at fault.
    :raises SolverError: when DDS fails.
    """
    prepared = prepare(form)
    _check_claim_fields(prepared.record)
    statement = form.get("statement")
    if statement is not None:
        statement = _text(form, "statement", MAX_STATEMENT)
    profile = _choice(form, "profile", PROFILES)
    aware = _choice(form, "trump_aware", AWARENESS)
    player_class = _choice(form, "player_class", CLASSES)
    phase = _choice(form, "phase", PHASES)
    budget = form_budget(form)
    (ruling,) = rule_records([prepared.record], from_options=prepared.mode == "deal",
                             statement=statement, profile=profile, trump_aware=aware,
                             player_class=player_class, phase=phase, max_nodes=budget,
                             max_seconds=max_seconds)
    return ruling


# --- what the page shows while the director types ------------------------------------------------


def _position_dict(pos: Position) -> dict[str, Any]:
    return {
        "deal": pos.to_pbn(),
        "trump": "NT" if pos.trump.suit is None else pos.trump.suit.letter,
        "leader": pos.leader.letter,
        "trick": [str(c) for c in pos.trick],
        "declarer": None if pos.declarer is None else pos.declarer.letter,
        "tricks_left": pos.tricks_left,
    }


def read_summary(form: Mapping[str, Any]) -> dict[str, Any]:
    """How the pasted text or the typed hands were read, for the page to fill its fields.

    :raises FieldError: naming the field at fault.
    """
    prepared = prepare(form, override=False)
    rec = prepared.record
    out: dict[str, Any] = {
        "mode": prepared.mode,
        "format": prepared.format,
        "position": _position_dict(rec.position),
        "warnings": list(prepared.warnings),
    }
    if prepared.mode == "record":
        claimer = rec.claimer or rec.position.declarer
        out["record"] = {
            "id": rec.id,
            "board": rec.board,
            "contract": None if rec.contract is None else str(rec.contract),
            "claimer": None if claimer is None else claimer.letter,
            "claimed": rec.claimed,
            "statement": rec.statement or "",
            "profile": (rec.tag("Profile") or "").lower(),
            "trump_aware": (rec.tag("TrumpAware") or "").lower(),
            "phase": (rec.tag("Phase") or "").lower(),
            "player_class": (rec.tag("PlayerClass") or "").lower(),
        }
        out["boards"] = [
            {"value": str(r.board) if r.board is not None else r.id,
             "label": (f"board {r.board}" if r.board is not None else r.id)
             + ("" if r.contract is None else f" ({r.contract})")}
            for r in prepared.choices
        ]
    return out


def statement_reading(form: Mapping[str, Any]) -> dict[str, Any]:
    """How the statement of *form* is read: the plan, the doubtful points, the unread words.

    The statement is bound to the position when the cards and the claimer can be read, and
    read on its own otherwise.

    :raises FieldError: when the statement itself cannot be read (field ``statement``).
    """
    text = _text(form, "statement", MAX_STATEMENT)
    if not text:
        return {"bound": False, "lines": ["no statement"], "doubts": [], "ignored": [],
                "canonical": ""}
    pos: Position | None = None
    claimer: Seat | None = None
    try:
        prepared = prepare(form)
        pos = prepared.record.position
        claimer = prepared.record.claimer or pos.declarer
    except ClaimcheckError:
        pos = None
    from claimcheck.statement import describe_plan, parse_statement, render_plan
    from claimcheck.statement.render import render_statement

    if pos is None or claimer is None:
        with _field("statement"):
            st = parse_statement(text)
            return {"bound": False, "lines": [render_statement(st)], "doubts": [],
                    "ignored": [], "canonical": render_statement(st)}
    from claimcheck.check import read_plan

    with _field("statement"):
        plan = read_plan(text, pos, claimer)
        canonical = render_plan(plan)
    return {
        "bound": True,
        "lines": list(describe_plan(plan)),
        "doubts": [{"words": d.words, "reason": d.reason} for d in plan.doubts],
        "ignored": list(plan.ignored),
        "canonical": canonical,
    }


def rules_catalogue() -> list[dict[str, str]]:
    """The rules a ruling tags its cards with: id, law and summary."""
    from claimcheck.policy.rules import RULES

    return [{"id": r.id, "law": r.citation.law, "summary": r.summary} for r in RULES]
