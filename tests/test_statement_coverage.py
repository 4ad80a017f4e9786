"""Coverage, language and refusal (issue 8): a statement mostly not understood, or in a
language with no lexicon, is refused with its unread words named, never ruled as if nothing was
said; and conditional claims keep their minimum."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.cards import Seat
from claimcheck.cli import main
from claimcheck.plan import EMPTY_PLAN
from claimcheck.position import Position
from claimcheck.statement import read_statement
from claimcheck.statement.coverage import refusal
from claimcheck.statement.lexicon import languages, load
from claimcheck.tricks import Tricks

CORPUS_DIR = Path(__file__).parent / "statements"
W13 = "N:K32.AK2.AQ2.5432 87.JT98.KJT9.KQJ AQJT9.Q43.543.A6 654.765.876.T987"
POS = Position.from_pbn(W13, "S", "S", declarer="S", won=Tricks(0, 0))
CHECK = ["check", "--deal", W13, "--trump", "S", "--lead", "S", "--claimer", "S",
         "--tricks", "13"]
GERMAN = "Ich schneide den Kreuzkönig, dann sind alle Stiche meine"


def test_written_corpus_has_a_hundred_statements_forty_french() -> None:
    counts = {}
    for lang in ("en", "fr"):
        data = json.loads((CORPUS_DIR / f"corpus_{lang}_written.json").read_text("utf-8"))
        counts[lang] = len(data["entries"])
    assert counts["en"] + counts["fr"] >= 100 and counts["fr"] >= 40, counts


def test_a_german_statement_is_no_language_the_reader_knows() -> None:
    plan = read_statement(GERMAN, POS, Seat.S)
    assert plan.language == "unknown"
    assert plan.coverage == 0.0
    assert "mine" not in str(plan.meta), "no word is 'corrected' into English"
    why = refusal(plan)
    assert why is not None and "German" in why
    for word in ("Ich", "schneide", "Kreuzkönig", "Stiche", "meine"):
        assert repr(word) in why


def test_filler_counts_as_understood() -> None:
    for text in ("nothing else to it", "that's it", "c'est tout", "le reste est à moi"):
        plan = read_statement(text, POS, Seat.S)
        assert plan.coverage == 1.0 and not plan.unread, text
        assert refusal(plan) is None


def test_partial_reading_is_refused_below_the_threshold_only() -> None:
    plan = read_statement("flibbertigibbet the spades", POS, Seat.S)
    assert plan.unread == ("flibbertigibbet",)
    assert abs(plan.coverage - 2 / 3) < 1e-9
    why = refusal(plan)
    assert why is not None and "'flibbertigibbet'" in why and "67%" in why
    assert refusal(plan, threshold=0.5) is None


def test_no_statement_is_never_refused() -> None:
    assert refusal(EMPTY_PLAN) is None
    assert read_statement("draw trumps", POS, Seat.S).language == "en"


def test_a_misspelt_word_is_a_known_word_of_its_language() -> None:
    plan = read_statement("squeze", POS, Seat.S)
    assert plan.language == "en" and plan.coverage == 1.0


def test_conditional_claim_keeps_the_minimum_and_states_the_condition() -> None:
    plan = read_statement("ten tricks, eleven if the clubs break", POS, Seat.S)
    assert (plan.claimed, plan.conceded) == (10, 3)
    assert (plan.condition, plan.condition_tricks) == ("if the clubs break", 11)
    doubt = plan.condition_doubt()
    assert doubt is not None and "70A" in doubt and "11" in doubt and "10" in doubt
    assert any(d.kind == "condition" and d.reason == doubt for d in plan.doubts)
    french = read_statement("onze levées si le roi de carreau est placé, sinon dix", POS, Seat.S)
    assert (french.claimed, french.condition_tricks) == (10, 11)


def test_a_condition_alone_has_no_minimum_to_keep() -> None:
    plan = read_statement("12 tricks unless the spades break badly", POS, Seat.S)
    assert plan.claimed == 12 and plan.condition is None and plan.condition_doubt() is None


def test_check_refuses_with_exit_1_unless_accept_partial() -> None:
    runner = CliRunner()
    out = runner.invoke(main, [*CHECK, "--statement", GERMAN])
    assert out.exit_code == 1
    assert "not in a language the reader knows" in out.output and "'Stiche'" in out.output
    ok = runner.invoke(main, [*CHECK, "--statement", GERMAN, "--accept-partial"])
    assert ok.exit_code == 0, ok.output
    assert "RULING" in ok.output
    assert "warning:" in ok.output and "ruled on what was read" in ok.output


def test_parse_reports_coverage_and_the_condition() -> None:
    out = CliRunner().invoke(main, ["parse", "ten tricks, eleven if the clubs break", "--deal",
                                    W13, "--trump", "S", "--claimer", "S"])
    assert out.exit_code == 0, out.output
    assert "understood: 100% of the words" in out.output
    assert "conditional claim: 11 'if the clubs break'" in out.output


_KNOWN = frozenset(w for code in languages() for w in load(code).vocabulary)
_SALAD_WORD = st.text(alphabet="bcdfghjklmnpqrstvwxz", min_size=3, max_size=9).filter(
    lambda w: w not in _KNOWN)
_FOREIGN = [
    GERMAN, "Juego los triunfos y luego todas las bazas son mias",
    "Ik trek troeven en dan zijn alle slagen van mij",
    "Gioco atout e poi tutte le prese sono mie", "Ich habe den Rest, die Stiche sind mir",
]


@settings(max_examples=60, deadline=None)
@given(words=st.lists(_SALAD_WORD, min_size=1, max_size=8),
       known=st.lists(st.sampled_from(["the", "and", "spades", "cash", "le", "de"]),
                      max_size=2))
def test_word_salad_is_refused_with_its_words_named(words: list[str], known: list[str]) -> None:
    text = " ".join(words[:1] + known + words[1:])
    plan = read_statement(text, POS, Seat.S)
    why = refusal(plan)
    assert why is not None, f"{text!r} read as {plan}"
    for w in set(words):
        assert repr(w) in why


@settings(max_examples=20, deadline=None)
@given(text=st.sampled_from(_FOREIGN), cut=st.integers(3, 9))
def test_statements_with_no_lexicon_are_refused(text: str, cut: int) -> None:
    words = text.split()
    part = " ".join(words[: max(cut, 3)])
    plan = read_statement(part, POS, Seat.S)
    assert plan.language == "unknown", part
    why = refusal(plan)
    assert why is not None and "not in a language the reader knows" in why
    assert all(repr(w) in why for w in plan.unread) and plan.unread
