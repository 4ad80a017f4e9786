"""Tests for the statement reader: the corpus of real statements, card forms, doubts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from claimcheck.cards import Card, Seat
from claimcheck.plan import LinePlan
from claimcheck.position import Position
from claimcheck.statement import (
    describe_plan,
    parse_statement,
    read_statement,
    render_plan,
    render_statement,
)
from claimcheck.statement.render import compact_plan, plan_key
from claimcheck.statement.tokens import damerau1, tokenize
from claimcheck.tricks import Tricks

CORPUS_DIR = Path(__file__).parent / "statements"


def build_position(spec: dict[str, Any]) -> Position:
    """A position from a corpus position spec."""
    return Position.from_pbn(
        spec["deal"], spec["trump"], spec["leader"],
        [Card.parse(c) for c in spec.get("trick", [])],
        declarer=spec["declarer"], won=Tricks(*spec["won"]),
    )


def load_corpus() -> list[tuple[str, str, dict[str, Any], dict[str, Any]]]:
    """(language, text, position spec, expected compact plan) for every corpus entry."""
    out = []
    for path in sorted(CORPUS_DIR.glob("corpus_*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        lang = path.stem.split("_")[1]
        for entry in data["entries"]:
            spec = data["positions"][entry["position"]]
            out.append((lang, entry["text"], spec, entry["expect"]))
    return out


CORPUS = load_corpus()


def _id(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def test_corpus_size() -> None:
    langs = [c[0] for c in CORPUS]
    assert len(CORPUS) >= 150
    assert langs.count("fr") >= 50


@pytest.mark.parametrize(
    ("lang", "text", "spec", "expect"), CORPUS, ids=[f"{c[0]}:{_id(c[1])}" for c in CORPUS]
)
def test_corpus(lang: str, text: str, spec: dict[str, Any], expect: dict[str, Any]) -> None:
    plan = read_statement(text, build_position(spec), Seat[spec["claimer"]])
    actual = compact_plan(plan)
    assert actual == expect, f"statement {text!r}: expected {expect}, got {actual}"
    assert any(k == "language" for k, _ in plan.meta), lang


# --- tokenisation of card forms -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("♠A", "SA"), ("A♠", "SA"), ("SA", "SA"), ("AS", "SA"), ("♥️Q", "HQ"), ("♦10", "DT"),
        ("10♣", "CT"), ("♥AK", "HA HK"), ("DQ", "DQ"), ("S10", "ST"), ("♤K", "SK"),
    ],
)
def test_card_forms(text: str, cards: str) -> None:
    toks = [t for t in tokenize(text).tokens if t.kind == "card"]
    assert [t.value for t in toks] == [cards], f"{text!r} read as {toks}"


def test_lower_case_as_is_a_word_not_a_card() -> None:
    kinds = [t.kind for t in tokenize("as good as the rest").tokens]
    assert "card" not in kinds


def test_french_ranks_and_sans_atout() -> None:
    ts = tokenize("je joue ♠R puis 3SA")
    assert ts.language == "fr"
    assert [t.value for t in ts.tokens if t.kind == "card"] == ["SK"]
    ts = tokenize("je fais SA")
    assert not [t for t in ts.tokens if t.kind == "card"], "SA is sans-atout in French"


def test_number_words_and_digits() -> None:
    for text in ("two", "2", "deux"):
        toks = tokenize(text).tokens
        assert toks[0].kind == "num" and toks[0].number == 2


def test_rank_runs_and_single_ranks() -> None:
    ts = tokenize("take A K and the AKQ")
    assert [t.value for t in ts.tokens if t.kind == "ranks"] == ["A", "K", "AKQ"]
    assert not [t for t in tokenize("A heart").tokens if t.kind == "ranks"]


def test_accents_and_case_do_not_matter() -> None:
    a = [(t.kind, t.value) for t in tokenize("Les Trèfles sont Maîtres").tokens]
    b = [(t.kind, t.value) for t in tokenize("les trefles sont maitres").tokens]
    assert a == b


@pytest.mark.parametrize(
    ("word", "fixed"),
    [("trumphs", "trumps"), ("diamods", "diamonds"), ("finnesse", "finesse"),
     ("squeze", "squeeze"), ("dummmy", "dummy")],
)
def test_misspellings_are_corrected_and_recorded(word: str, fixed: str) -> None:
    ts = tokenize(f"the {word}")
    assert (word, fixed) in ts.corrections


def test_short_words_are_not_corrected() -> None:
    assert tokenize("the cluc").corrections == ()


def test_damerau() -> None:
    assert damerau1("abcd", "abdc") and damerau1("abc", "abxc") and not damerau1("abc", "abc")


# --- binding and doubts ---------------------------------------------------------------------

P1 = "N:AK2.Q2.AK.2 QJ5.K3.QJ.3 T43.A4.T2.4 876.J5.43.5"


def pos(trump: str = "H", **kw: Any) -> Position:
    return Position.from_pbn(P1, trump, "S", declarer="S", won=Tricks(3, 2), **kw)


def doubts(plan: LinePlan) -> list[tuple[str, str]]:
    return [(d.kind, d.words) for d in plan.doubts]


def test_dummy_in_defender_claim_is_doubtful() -> None:
    plan = read_statement("ruff a club in dummy", pos(), Seat.E)
    assert ("reference", "ruff a club in dummy") in doubts(plan)
    assert plan.steps[0].hand is None


def test_partner_in_defender_claim_binds() -> None:
    plan = read_statement("cash the spades in my partner", pos(), Seat.E)
    assert plan.steps[0].hand == Seat.W


def test_ambiguous_ace_is_doubtful() -> None:
    plan = read_statement("cash the ace", pos(), Seat.S)
    assert plan.doubts and "could be" in plan.doubts[0].reason
    assert plan.steps[0].cards == ()


def test_card_not_held_is_doubtful() -> None:
    plan = read_statement("cash the ♦Q", pos(), Seat.S)
    assert "East" in plan.doubts[0].reason


def test_trumps_at_notrump_are_doubtful() -> None:
    plan = read_statement("draw trumps", pos("NT"), Seat.S)
    assert plan.doubts


def test_ruff_where_no_trump_is_doubtful() -> None:
    p = Position.from_pbn("N:AK2.2.AK2.2 QJ5.K3.QJ.3 T43.AQ4.T.4 876.J5.43.5", "H", "S",
                          declarer="S", won=Tricks(3, 2))
    plan = read_statement("ruff a club in dummy", p, Seat.S)
    assert plan.doubts == ()
    p2 = Position.from_pbn("N:.AQ..32 AK..AK. .KJ.32. QJ...AK", "D", "S", declarer="S")
    plan2 = read_statement("ruff a heart in dummy", p2, Seat.S)
    assert "holds no trump" in plan2.doubts[0].reason


def test_conditions_hedges_and_aborts() -> None:
    plan = read_statement("I think the rest if spades are 3-3", pos(), Seat.S)
    kinds = {d.kind for d in plan.doubts}
    assert kinds == {"hedge", "condition"}
    plan = read_statement("ruff a heart and oh wait", pos(), Seat.S)
    assert ("hedge", "oh wait") in doubts(plan)


def test_unknown_words_are_ignored_not_dropped() -> None:
    plan = read_statement("cash the spades zorglub", pos(), Seat.S)
    assert plan.ignored == ("zorglub",)
    assert any("zorglub" in line for line in describe_plan(plan))


def test_total_count_needs_tricks_won() -> None:
    p = Position.from_pbn(P1, "H", "S", declarer="S")  # tricks won not given
    plan = read_statement("12 tricks", p, Seat.S)
    assert plan.claimed is None and plan.doubts[0].kind == "count"
    plan = read_statement("11 tricks", pos(), Seat.S)
    assert plan.claimed == 8


def test_list_is_not_an_order_but_then_is() -> None:
    a = read_statement("four diamonds, three spades", pos(), Seat.S)
    assert len(a.phases) == 1
    b = read_statement("four diamonds then three spades", pos(), Seat.S)
    assert len(b.phases) == 2


def test_trick_in_progress_binds_it() -> None:
    p = Position.from_pbn("N:AK2.Q2.AK.2 QJ5.K3.QJ.3 T43.A4.T2.4 876.J5.3.5", "H", "W",
                          [Card.parse("D4")], declarer="S", won=Tricks(3, 2))
    plan = read_statement("ruff it", p, Seat.S)
    assert plan.steps[0].suit is not None and plan.steps[0].suit.letter == "D"


def test_describe_and_render_statement() -> None:
    plan = read_statement("draw trumphs, then ruff a diamond in dummy", pos(), Seat.S)
    lines = describe_plan(plan)
    assert any("trumphs" in line for line in lines)
    assert any(line.startswith("phase 2") for line in lines)
    text = render_statement(parse_statement("draw trumps then ruff a diamond in dummy"))
    assert "phase 2: ruff" in text


def test_never_raises_on_odd_text() -> None:
    for text in ("", "   ", "???", "♠", "10", "- - -", "A", "then then and", "l'", "7=7="):
        plan = read_statement(text, pos(), Seat.S)
        render_plan(plan)


def test_corpus_plans_read_back() -> None:
    for _lang, text, spec, _ in CORPUS:
        p = build_position(spec)
        claimer = Seat[spec["claimer"]]
        plan = read_statement(text, p, claimer)
        again = read_statement(render_plan(plan), p, claimer)
        assert plan_key(again) == plan_key(plan), (
            f"statement {text!r} rendered {render_plan(plan)!r} read back differently: "
            f"{compact_plan(plan)} vs {compact_plan(again)}"
        )
