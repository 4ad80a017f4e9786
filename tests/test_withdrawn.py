"""Law 69B rulings: an agreed claim or concession withdrawn, and "would likely have won had play
continued", estimated by single-dummy playouts (claimcheck/engine/single_dummy.py).

Each test is a ruling: a position, the phase, the tricks awarded and the probability bounds.
Every estimate is seeded, so each assertion is deterministic.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from claimcheck.bits import SUIT_RANGES, mask_of
from claimcheck.cards import Card, Seat
from claimcheck.check import check_claim
from claimcheck.cli import main
from claimcheck.engine.single_dummy import (
    deal_layouts,
    normal_groups,
    restricted_choice,
    wilson_interval,
)
from claimcheck.engine.solver import SMALL_CARDS, DDSolver
from claimcheck.errors import InputError
from claimcheck.policy.profiles import Inputs
from claimcheck.position import Position
from claimcheck.report.text import render_json, render_text
from claimcheck.ruling import Ruling

WITHDRAWN = Inputs(phase="withdrawn")

# South's ♠432 to North's ♠AKQ: three tricks whatever anyone does.
TOP_TRICKS = "N:AKQ... 987... 432... JT6..."
# West holds the ♠A over North's ♠KQJ: the opponents' trick whatever anyone does.
ACE_OUT = "N:KQJ... 987... 432... A65..."
# West, on lead, sees dummy's ♠AK and his own ♦2 ♣2; East holds the ♦A, South the ♣A. The
# defenders' trick comes from leading a diamond, and from his seat the two minors look alike:
# a true guess, with no information.
GUESS = "N:AK... 3..A. .A..A ..2.2"


def rule(deal: str, leader: str, claimed: int, *, samples: int = 200, seed: int = 0,
         trick: tuple[str, ...] = (), **kwargs: object) -> Ruling:
    pos = Position.from_pbn(deal, trump="NT", leader=leader, declarer="S",
                            trick=[Card.parse(c) for c in trick])
    return check_claim(pos, Seat.S, claimed, inputs=WITHDRAWN, samples=samples, seed=seed,
                       **kwargs)  # type: ignore[arg-type]


def disputed(ruling: Ruling, side: str) -> tuple[float, tuple[float, float]]:
    assert ruling.likely is not None
    (d,) = [d for d in ruling.likely.disputed if d.side == side][:1]
    return d.probability, d.interval


def test_a_conceded_trick_that_is_certain_goes_back_to_the_claimer() -> None:
    ruling = rule(TOP_TRICKS, "S", 2)
    p, (lo, hi) = disputed(ruling, "claimer")
    assert p == 1.0 and lo > 0.98 and hi == 1.0, (p, lo, hi)
    assert ruling.awarded_claimer == 3 and ruling.verdict == "concession-cancelled"
    assert ruling.laws == ("69B",)


def test_a_conceded_trick_that_cannot_be_won_stays_conceded() -> None:
    ruling = rule(ACE_OUT, "S", 2)
    p, (lo, hi) = disputed(ruling, "claimer")
    assert p == 0.0 and lo == 0.0 and hi < 0.02, (p, lo, hi)
    assert ruling.awarded_claimer == 2 and ruling.verdict == "upheld"
    assert ruling.laws == ("69A",)


def test_opponents_who_agreed_to_a_claim_get_back_a_trick_they_were_sure_to_win() -> None:
    ruling = rule(ACE_OUT, "S", 3)
    p, (lo, _) = disputed(ruling, "opponents")
    assert p == 1.0 and lo > 0.98
    assert ruling.awarded_claimer == 2 and ruling.awarded_opponents == 1
    assert ruling.verdict == "adjusted" and ruling.laws == ("69B",)


def test_the_white_book_forgotten_trump_is_a_law_70_trick_not_a_69b_one() -> None:
    # Contested, South's side gets 3 (70C: the ♠5 presumed forgotten). Agreed and withdrawn,
    # the question is what declarer would likely have done: draw the trump, every time.
    pos = Position.from_pbn("N:...5432 5..KQJ. QJ.AQ.. .JT9.A.", trump="S", leader="S",
                            declarer="S")
    ruling = check_claim(pos, Seat.S, 4, inputs=WITHDRAWN, samples=200)
    p, (_, hi) = disputed(ruling, "opponents")
    assert p == 0.0 and hi < 0.02
    assert ruling.awarded_claimer == 4 and ruling.verdict == "upheld"
    assert check_claim(pos, Seat.S, 4).awarded_claimer == 3


def test_a_true_guess_is_about_one_half_and_the_agreement_stands() -> None:
    ruling = rule(GUESS, "W", 2, samples=400)
    p, (lo, hi) = disputed(ruling, "opponents")
    assert lo < 0.5 < hi, (p, lo, hi)
    assert 0.4 < p < 0.6, p
    # Too close to call is not "likely": the agreed claim stands, and the ruling says why.
    assert ruling.awarded_claimer == 2 and ruling.verdict == "upheld"
    assert any("too close to call" in note for note in ruling.notes)


# The two-way finesse: South's ♠KJ3 opposite North's ♠AT2, West's ♠Q54, East's ♠987;
# declarer conceded the queen's trick, then withdrew the concession. Nothing tells him where the
# queen is: a defender following low plays any of his spot cards, so the low card West shows is
# no clue (restricted choice among spot cards; before it, vacant places leaned the model to
# playing East for the queen, measured 0.33 with the queen West and 0.52 with it East).
TWO_WAY = "N:AT2... 987... KJ3... Q54..."
TWO_WAY_EAST = "N:AT2... Q54... KJ3... 987..."


@pytest.mark.parametrize("deal", [TWO_WAY, TWO_WAY_EAST], ids=["queen-west", "queen-east"])
def test_a_two_way_finesse_with_no_information_is_about_one_half(deal: str) -> None:
    ruling = rule(deal, "S", 2, samples=400, seed=5)
    p, (lo, hi) = disputed(ruling, "claimer")
    assert lo < 0.5 < hi and 0.4 < p < 0.6, (p, lo, hi)
    # Not "likely": the trick is not given back, the agreed concession stands (69A).
    assert ruling.awarded_claimer == 2 and ruling.verdict == "upheld"


def test_each_outcome_has_a_sample_line_that_replays_on_the_real_cards() -> None:
    ruling = rule(GUESS, "W", 2)
    assert ruling.likely is not None
    assert [o.tricks for o in ruling.likely.outcomes] == [1, 2]
    assert sum(o.playouts for o in ruling.likely.outcomes) == ruling.likely.samples
    for outcome in ruling.likely.outcomes:
        pos = ruling.position
        for trick in outcome.line:
            for lc in trick:
                assert lc.seat == pos.to_play, (outcome.tricks, lc)
                pos = pos.play(lc.card)
        assert pos.is_over()
        assert pos.won.ns == outcome.tricks, (outcome.tricks, pos.won)


def test_the_same_seed_gives_the_same_ruling() -> None:
    first = render_json(rule(GUESS, "W", 2, samples=100, seed=7))
    again = render_json(rule(GUESS, "W", 2, samples=100, seed=7))
    assert first == again
    other = {render_json(rule(GUESS, "W", 2, samples=100, seed=s)) for s in (1, 2, 3)}
    assert len(other) > 1, "different seeds should give different playouts"


def test_more_samples_narrow_the_interval() -> None:
    widths = []
    for samples in (50, 200, 800):
        _, (lo, hi) = disputed(rule(GUESS, "W", 2, samples=samples, seed=3), "opponents")
        widths.append(hi - lo)
    assert widths[0] > widths[1] > widths[2], widths
    assert widths[2] < 0.08, widths


def test_a_claim_in_the_middle_of_a_trick_is_played_out_from_there() -> None:
    # West led the ♦2 before the claim: East's ♦A wins it, whatever the cards to come.
    ruling = rule("N:AK... 3..A. .A..A ...2", "W", 2, trick=("D2",))
    p, (lo, _) = disputed(ruling, "opponents")
    assert p == 1.0 and lo > 0.98
    assert ruling.awarded_claimer == 1


def test_the_withdrawn_phase_is_not_the_law_70_search() -> None:
    ruling = rule(TOP_TRICKS, "S", 2)
    assert ruling.n is None and ruling.worst_line == () and ruling.likely is not None
    assert ruling.search.solver_calls > 0 and ruling.search.pictures == 0


def test_a_threshold_set_by_the_director_is_used_and_named() -> None:
    ruling = rule(GUESS, "W", 2, samples=200, likely_threshold=0.9)
    assert ruling.likely is not None and ruling.likely.threshold == 0.9
    assert ruling.likely.threshold_source == "set by the director for this ruling"
    assert ("likely-threshold", "0.9") in ruling.options


@pytest.mark.parametrize("kwargs,words", [
    ({"samples": 0}, "number of samples must be between 1"),
    ({"samples": 100_001}, "number of samples must be between 1"),
    ({"likely_threshold": 0.3}, "at least 0.5"),
    ({"likely_threshold": 1.0}, "at least 0.5"),
], ids=["no-samples", "too-many-samples", "threshold-below-half", "threshold-one"])
def test_bad_settings_are_refused_with_the_reason(kwargs: dict[str, float], words: str) -> None:
    pos = Position.from_pbn(GUESS, trump="NT", leader="W", declarer="S")
    with pytest.raises(InputError, match=words):
        check_claim(pos, Seat.S, 2, inputs=WITHDRAWN, **kwargs)  # type: ignore[arg-type]


# --- the command line -------------------------------------------------------------------------

GUESS_ARGS = ["check", "--deal", GUESS, "--trump", "NT", "--lead", "W", "--claimer", "S",
              "--tricks", "2", "--phase", "withdrawn"]


def test_cli_withdrawn_prints_the_award_the_probability_and_a_line_per_outcome() -> None:
    result = CliRunner().invoke(main, [*GUESS_ARGS, "--samples", "100", "--seed", "1",
                                       "--ascii"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "RULING: agreement stands (69A): South's side 2, opponents 0  [laws 69A]" in out
    assert "the opponents win at least 1 of 2:" in out and "interval" in out
    assert "South's side 1 trick in" in out and "South's side 2 tricks in" in out
    assert "100 playouts, seed 1" in out


def test_cli_withdrawn_json_carries_the_estimate_and_repeats_with_the_seed() -> None:
    runner = CliRunner()
    args = [*GUESS_ARGS, "--samples", "60", "--seed", "5", "--format", "json"]
    first = runner.invoke(main, args)
    assert first.exit_code == 0, first.output
    doc = json.loads(first.output)
    assert doc["schema"] == "claimcheck.ruling/2"
    likely = doc["likely"]
    assert likely["samples"] == 60 and likely["seed"] == 5 and likely["threshold"] == 0.5
    (d,) = likely["disputed"]
    assert d["side"] == "opponents" and d["tricks"] == 1
    assert d["interval"]["lower"] <= d["probability"] <= d["interval"]["upper"]
    assert {o["tricks"] for o in likely["outcomes"]} == {1, 2}
    assert "seconds" not in likely  # times only with timings: the JSON is byte-identical
    assert runner.invoke(main, args).output == first.output


def test_cli_other_phases_have_no_likely_key() -> None:
    result = CliRunner().invoke(main, [*GUESS_ARGS[:-2], "--format", "json"])
    assert result.exit_code == 0, result.output
    assert "likely" not in json.loads(result.output)


@pytest.mark.parametrize("args,words", [
    (["--samples", "0"], "Invalid value for '--samples'"),
    (["--seed", "-1"], "Invalid value for '--seed'"),
    (["--likely-threshold", "0.2"], "Invalid value for '--likely-threshold'"),
], ids=["samples-0", "negative-seed", "low-threshold"])
def test_cli_bad_settings_are_usage_errors_not_tracebacks(args: list[str], words: str) -> None:
    result = CliRunner().invoke(main, [*GUESS_ARGS, *args])
    assert result.exit_code == 2, result.output
    assert words in result.output and "Traceback" not in result.output


def test_text_rendering_shows_every_disputed_question() -> None:
    text = render_text(rule(ACE_OUT, "S", 3), ascii_only=True)
    assert "the opponents win at least 1 of 3: 200 of 200 = 100.0%" in text
    assert "likely, the trick goes back" in text


# --- the sampler ------------------------------------------------------------------------------


def test_layouts_respect_the_counts_and_the_show_outs() -> None:
    west = mask_of(Card.parse(c) for c in ("SA", "S5", "H4", "D7"))
    east = mask_of(Card.parse(c) for c in ("S9", "HK", "H3", "C2"))
    # East showed out of diamonds: the ♦7 must be West's in every layout.
    masks, rows = deal_layouts(west, east, 0, 1 << 2, 128, np.random.default_rng(0))
    union = west | east
    d7 = 1 << Card.parse("D7").index
    assert len(masks) == 35  # C(7, 3): the seven other cards, three of them West's
    for m in (int(x) for x in masks):
        assert m & d7 and m & ~union == 0 and m.bit_count() == 4
    assert sorted(rows.tolist()) == list(range(35))


def test_sampled_layouts_are_uniform() -> None:
    west = sum(1 << c for c in range(0, 10))
    east = sum(1 << c for c in range(13, 23))
    masks, rows = deal_layouts(west, east, 0, 0, 4000, np.random.default_rng(1))
    held = np.array([[int(masks[r]) >> c & 1 for c in (0, 5, 13, 22)] for r in rows])
    # Each card is West's in half the layouts (20 cards, 10 each): 4,000 draws, within 4 %.
    assert np.all(np.abs(held.mean(axis=0) - 0.5) < 0.04), held.mean(axis=0)


def test_a_plain_duck_under_a_sure_winner_is_not_normal_but_a_finesse_is() -> None:
    def hand(*cards: str) -> int:
        return mask_of(Card.parse(c) for c in cards)

    # West led the ♠3; dummy (North) holds ♠AQ2 second in hand: the ♠A surely wins the trick,
    # the ♠Q may (East may hold the ♠K), the ♠2 cannot.
    hands = (hand("SA", "SQ", "S2"), hand("SK", "H3", "H4"), hand("HA", "H5", "H6"),
             hand("S4", "H7"))
    trick = (Card.parse("S3").index,)
    choices = normal_groups(hands, trick, 3, 4, 0, True, (1, 3), 0)
    names = sorted(str(Card.from_index(c)) for c in choices)
    assert names == ["SA", "SQ"], names
    # A defender may duck: the floor is the claimer side's.
    assert len(normal_groups(hands, trick, 3, 4, 0, False, (1, 3), 0)) == 3
    assert SUIT_RANGES[0] & hands[0] == hands[0]


def test_an_honour_dropped_from_touching_honours_counts_half() -> None:
    # West played the ♠J on the first round; the ♠Q and a heart are unseen, one card each.
    qs, js, h2 = (Card.parse(c).index for c in ("SQ", "SJ", "H2"))
    masks = np.array([1 << qs, 1 << h2], dtype=np.uint64)  # West kept the ♠Q, or the heart
    in_play = 1 << qs | 1 << js | 1 << h2 | mask_of(Card.parse(c) for c in ("SA", "ST", "SK"))
    weights = restricted_choice(masks, 1 << qs | 1 << h2, 3, 1, ((3, js),), (in_play,))
    assert weights is not None and list(weights) == [0.5, 1.0]


def test_restricted_choice_finesses_after_an_honour_drops() -> None:
    # South leads to the ♠K and West drops the ♠J (from QJ): on the second round the textbook
    # play is the finesse (a singleton J is twice as likely as QJ), which loses here. So the
    # tricks South's side conceded were not likely to be won. Counting the J as forced (no
    # restricted choice) would have played for the drop five times out of six.
    ruling = rule("N:K42... 765... AT3... QJ.2..", "S", 1, samples=200)
    p, (_, hi) = disputed(ruling, "claimer")
    assert p < 0.15 and hi < 0.5, (p, hi)
    assert ruling.awarded_claimer == 1 and ruling.verdict == "upheld"


def test_wilson_interval_at_the_edges() -> None:
    assert wilson_interval(0, 200)[0] == 0.0 and wilson_interval(0, 200)[1] < 0.02
    assert wilson_interval(200, 200)[1] == 1.0 and wilson_interval(200, 200)[0] > 0.98


def test_batched_scores_equal_one_by_one() -> None:
    # Endings longer than SMALL_CARDS, so that DDS answers them (in one batch).
    k = SMALL_CARDS + 1
    rng = np.random.default_rng(4)
    positions = []
    for _ in range(30):
        deck = rng.permutation(52)
        hands = tuple(sum(1 << int(c) for c in deck[h * k:(h + 1) * k]) for h in range(4))
        positions.append((hands, (), int(rng.integers(4))))
    batch = DDSolver()
    single = DDSolver()
    assert batch.scores_many(positions, 4) == [single.scores(h, t, ld, 4)  # type: ignore[arg-type]
                                                for h, t, ld in positions]
    assert batch.batches == 1 and batch.calls == 30


def test_a_record_tagged_withdrawn_is_ruled_by_the_sampler(tmp_path: object) -> None:
    from pathlib import Path

    record = Path(str(tmp_path)) / "misclick.pbn"
    record.write_text(
        '[Event "an accepted concession, then 69B"]\n'
        '[Deal "N:AKQ... 987... 432... JT6..."]\n[Contract "1NT"]\n[Declarer "S"]\n'
        '[Leader "S"]\n[TricksWon "7 3"]\n[Claimer "S"]\n[ClaimTricks "2"]\n'
        '[Phase "withdrawn"]\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(record), "--samples", "50", "--format",
                                       "json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["verdict"] == "concession-cancelled" and doc["laws"] == ["69B"]
    assert doc["awarded"] == {"claimer": 3, "opponents": 0}
    assert doc["likely"]["samples"] == 50 and doc["likely"]["disputed"][0]["likely"] is True


@pytest.mark.slow
@pytest.mark.parametrize("k", [6, 10])
def test_realistic_endings_rule_the_same_with_the_same_seed(k: int) -> None:
    from tests.realistic import realistic_position

    pos, declarer = realistic_position(np.random.default_rng(40 + k), DDSolver(), k)
    rulings = [check_claim(pos, declarer, max(0, pos.tricks_left - 2), inputs=WITHDRAWN,
                           samples=100, seed=9) for _ in range(2)]
    assert render_json(rulings[0]) == render_json(rulings[1])
    likely = rulings[0].likely
    assert likely is not None
    assert sum(o.playouts for o in likely.outcomes) == 100
    for outcome in likely.outcomes:
        p = pos
        for trick in outcome.line:
            for lc in trick:
                p = p.play(lc.card)
        assert p.is_over()
