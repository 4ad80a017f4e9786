"""The command line: each command's output and exit codes (0 ran, 1 bad input, 2 usage, 3
audit expectations differ)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from claimcheck.cli import main

DEALS = Path(__file__).resolve().parents[1] / "deals"
ENDINGS = str(DEALS / "examples" / "endings.pbn")
WHITE_BOOK = ["--deal", "N:...5432 5..KQJ. QJ.AQ.. .JT9.A.", "--trump", "S", "--lead", "S",
              "--claimer", "S", "--tricks", "4"]


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_show_prints_the_diagram_contract_and_claim(runner: CliRunner) -> None:
    result = runner.invoke(main, ["show", ENDINGS, "--board", "2"])
    assert result.exit_code == 0, result.output
    assert "♠" in result.output and "contract: 4H by S" in result.output
    assert 'claim: South claims 3 of 3 "My hand is high."' in result.output


def test_show_ascii_uses_letters(runner: CliRunner) -> None:
    result = runner.invoke(main, ["show", ENDINGS, "--board", "1", "--ascii"])
    assert result.exit_code == 0
    assert "♠" not in result.output and "S " in result.output


def test_dd_prints_side_on_play_and_claimer_side(runner: CliRunner) -> None:
    result = runner.invoke(main, ["dd", ENDINGS, "--board", "3"])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "endings:3: NS (on play) 2 of 2; claimer side NS 2 (claimed 2)"


def test_check_from_options_rules_the_white_book_trump_case(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", *WHITE_BOOK, "--ascii"])
    assert result.exit_code == 0, result.output
    assert "RULING: claim adjusted: South's side 3, opponents 1" in result.output
    assert "unaware-trump" in result.output and "70C" in result.output


def test_check_json_has_the_documented_top_level(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", *WHITE_BOOK, "--format", "json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    for key in ("schema", "claimer", "claimed", "n", "dd", "awarded", "verdict", "bounds",
                "laws", "rules", "doubts", "worst_line"):
        assert key in doc, key
    assert doc["schema"] == "claimcheck.ruling/2"
    assert doc["awarded"] == {"claimer": 3, "opponents": 1}
    assert doc["verdict"] == "adjusted" and doc["n"] == 3 and doc["dd"] == 4
    assert all({"seat", "card", "rule"} <= set(c) for t in doc["worst_line"] for c in t)


def test_check_trump_aware_yes_upholds(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", *WHITE_BOOK, "--trump-aware", "yes",
                                  "--format", "json"])
    assert json.loads(result.output)["verdict"] == "upheld"


def test_check_mid_trick_with_statement(runner: CliRunner) -> None:
    result = runner.invoke(main, [
        "check", "--deal", "N:AK2... 5.43.. Q3.2.. .9.J.", "--trump", "NT", "--lead", "W",
        "--trick", "CA", "--claimer", "S", "--tricks", "3", "--statement", "the rest, spades",
        "--format", "json",
    ])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["position"]["trick"] == ["CA"] and doc["claimed"] == 3


def test_check_from_file_and_board(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", ENDINGS, "--board", "2", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["awarded"]["claimer"] == 2


def test_check_board_of_a_lin_file(runner: CliRunner, tmp_path: Path) -> None:
    # Three boards (5, 6, 5 again): --board reads only the boards of that number, with the
    # ids of the whole file; a number not there lists what is.
    from tests.test_formats_lin import BOARD

    lin = tmp_path / "s.lin"
    lin.write_text(BOARD + BOARD.replace("ah|Board 5|", "ah|Board 6|") + BOARD)
    for board, rid in (("5-2", "s:5-2"), ("6", "s:6"), ("s:5", "s:5")):
        result = runner.invoke(main, ["check", str(lin), "-b", board])
        assert result.exit_code == 0, result.output
        assert result.output.count("\n== ") + result.output.startswith("== ") == 1, board
        assert result.output.startswith(f"== {rid}\n") and "claims 8" in result.output, board
    result = runner.invoke(main, ["check", str(lin), "-b", "9"])
    assert result.exit_code != 0 and "s:5, s:6, s:5-2" in result.output


def test_parse_without_a_deal_shows_the_reading(runner: CliRunner) -> None:
    result = runner.invoke(main, ["parse", "drawing trumps, then the clubs"])
    assert result.exit_code == 0, result.output
    assert "draw" in result.output.lower() and "club" in result.output.lower()


def test_parse_with_a_deal_binds_and_reports_doubts(runner: CliRunner) -> None:
    result = runner.invoke(main, ["parse", "I'll ruff a heart in dummy and claim",
                                  "--deal", "N:.5.2.A K..4.2 A.A..3 ...", "--trump", "S",
                                  "--claimer", "S"])
    assert result.exit_code in (0, 1), result.output


def test_rules_lists_every_rule_with_its_law(runner: CliRunner) -> None:
    from claimcheck.policy.rules import RULES

    result = runner.invoke(main, ["rules"])
    assert result.exit_code == 0
    for rule in RULES:
        assert rule.id in result.output
    assert "profile ebu" in result.output


def test_audit_reports_every_record_and_counts(runner: CliRunner) -> None:
    result = runner.invoke(main, ["audit", str(DEALS / "examples"), "--no-progress"])
    assert result.exit_code == 0, result.output
    assert "claims ruled" in result.output and "endings.pbn:2" in result.output


def test_audit_expect_exits_3_on_a_differing_ruling(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "wrong.pbn"
    bad.write_text(Path(ENDINGS).read_text(encoding="utf-8").replace(
        '[ExpectedTricks "2"]', '[ExpectedTricks "3"]'), encoding="utf-8")
    result = runner.invoke(main, ["audit", str(bad), "--expect", "--no-progress"])
    assert result.exit_code == 3, result.output
    assert "MISMATCH tricks: expected 3, got 2" in result.output


def test_audit_json_keeps_going_past_a_bad_record(runner: CliRunner, tmp_path: Path) -> None:
    text = Path(ENDINGS).read_text(encoding="utf-8")
    broken = text.replace('[Deal "N:K..K.2 QJ..Q. A.Q.A. .J..KQ"]',
                          '[Deal "N:K..K.2 QJ..Q. A.Q.A. .J..KK"]')
    path = tmp_path / "broken.pbn"
    path.write_text(broken, encoding="utf-8")
    before = path.read_bytes()
    result = runner.invoke(main, ["audit", str(path), "--format", "json", "--no-progress"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert len(doc["unreadable"]) == 1 and "record 2" in doc["unreadable"][0]["where"]
    assert len(doc["entries"]) == 4
    assert path.read_bytes() == before, "an input file was modified"


@pytest.mark.parametrize("args,message", [
    (["show", "/nonexistent.pbn"], "does not exist"),
    (["check", "--deal", "N:A... K... Q... J...", "--trump", "X", "--lead", "N",
      "--claimer", "N", "--tricks", "1"], "unknown trump"),
    (["check", "--deal", "N:A... K... Q... J...", "--trump", "NT", "--lead", "Z",
      "--claimer", "N", "--tricks", "1"], "unknown seat"),
    (["check", "--trump", "NT"], "give FILE"),
])
def test_usage_errors_exit_2(runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(main, args)
    assert result.exit_code == 2
    assert message in result.output


@pytest.mark.parametrize("args,message", [
    (["check", "--deal", "N:A... A... Q... J...", "--trump", "NT", "--lead", "N",
      "--claimer", "N", "--tricks", "1"], "SA is twice in the deal"),
    (["check", "--deal", "N:A... K... Q... J...", "--trump", "NT", "--lead", "N",
      "--claimer", "N", "--tricks", "2"], "only 1 remain"),
    (["check", "--deal", "N:A... K... Q... J...", "--trump", "NT", "--lead", "N",
      "--trick", "SA", "--claimer", "N", "--tricks", "1"], "both in"),
])
def test_bad_input_exits_1_with_a_located_message(runner: CliRunner, args: list[str],
                                                  message: str) -> None:
    result = runner.invoke(main, args)
    assert result.exit_code == 1, result.output
    assert message in result.output and "Traceback" not in result.output


def test_bad_file_exits_1_and_names_the_file(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "junk.pbn"
    path.write_text('[Deal "N:AKQ... xyz"]\n[Contract "4S"]\n', encoding="utf-8")
    result = runner.invoke(main, ["check", str(path)])
    assert result.exit_code == 1
    assert "junk.pbn" in result.output and "Traceback" not in result.output
