"""Notations as directors paste them (issue 8): each test reads the exact input that was
misread or refused without a reason, and asserts the reading or the located error."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest
from click.testing import CliRunner

from claimcheck.cards import Seat, Strain
from claimcheck.cli import main
from claimcheck.formats import is_url, load, load_text
from claimcheck.formats.diagram import parse_contract, read_diagram

DEALS = Path(__file__).resolve().parents[1] / "deals"

# The hands of deals/examples/milieu-de-levee-fr.txt: French suit letters P C K T.
FRENCH_HANDS = """Nord: P AR C - K A T -
Est: P - C DV K 2 T -
Sud: P D C - K - T AR
Ouest: P - C R K D T -"""


def _french(contract_line: str, extra: str = "") -> str:
    return (f"{contract_line}\nDéclarant: S\nEntame: O\nLevée: KR\nClaimer: S\nTricks: 3\n"
            f"TricksWon: 7 3\n{extra}\n{FRENCH_HANDS}\n")


def test_french_contract_letter_c_is_coeur_when_the_hands_use_french_letters() -> None:
    result = read_diagram(_french("Contrat: 4C"), "fr.txt")
    assert not result.errors, result.errors
    record = result.records[0]
    assert record.contract is not None and record.contract.strain is Strain.H
    assert record.position.trump is Strain.H


def test_french_contract_letters_t_and_k() -> None:
    assert parse_contract("4T", Seat.S, "fr").strain is Strain.C
    assert parse_contract("5K", Seat.S, "fr").strain is Strain.D
    assert parse_contract("4C", Seat.S, "en").strain is Strain.C


def test_contract_with_the_suit_name_in_words() -> None:
    result = read_diagram(_french("Contrat: 6 Coeur"), "fr.txt")
    assert not result.errors, [str(e) for e in result.errors]
    assert result.records[0].contract is not None
    assert result.records[0].contract.pbn == "6H"
    for text, strain, doubled in [
        ("6 Cœur", Strain.H, 0), ("4 Pique contré", Strain.S, 1), ("3 sans-atout", Strain.NT, 0),
        ("2 sans atout", Strain.NT, 0), ("5 Carreaux", Strain.D, 0), ("4 Trèfle", Strain.C, 0),
        ("3SA", Strain.NT, 0), ("4 spades", Strain.S, 0), ("4 Pique surcontré", Strain.S, 2),
    ]:
        c = parse_contract(text, Seat.S, "fr")
        assert (c.strain, c.doubled) == (strain, doubled), text


def test_contract_declarer_in_french_words() -> None:
    c = parse_contract("6 Coeur par O", None, "fr")
    assert c.declarer is Seat.W and c.strain is Strain.H


def test_lang_option_and_header_make_contract_letters_french() -> None:
    # Hands in English letters: only what the director says makes "4C" French.
    english = "N: AK - A -\nE: - QJ 2 -\nS: Q - - AK\nW: - K Q 2"
    text = (f"Contract: 4C\nDeclarer: S\nLead: W\nTricksWon: 7 3\nClaimer: S\nTricks: 3\n"
            f"{english}\n")
    assert read_diagram(text, "x.txt").records[0].position.trump is Strain.C
    assert read_diagram(text, "x.txt", lang="fr").records[0].position.trump is Strain.H
    header = text.replace("Contract: 4C", "Langue: fr\nContract: 4C")
    assert read_diagram(header, "x.txt").records[0].position.trump is Strain.H
    bad = text.replace("Contract: 4C", "Langue: de\nContract: 4C")
    errors = read_diagram(bad, "x.txt").errors
    assert errors and "unknown language" in str(errors[0]) and "line 1" in str(errors[0])


def test_an_auction_pasted_beside_a_french_diagram_gives_the_contract() -> None:
    text = (DEALS / "seeds" / "law55-fr.diagram").read_text(encoding="utf-8")
    first = text.split("\n---")[0]
    result = read_diagram(first, "law55-fr.diagram")
    assert not result.errors, [str(e) for e in result.errors]
    record = result.records[0]
    assert record.contract is not None and record.contract.pbn == "6H"
    assert record.contract.declarer is Seat.S and record.position.trump is Strain.H


def test_an_illegal_pasted_auction_is_a_located_error() -> None:
    text = ("Lead: W\n\t\tª\tAK\t\t\tSud\tOuest\tNord\tEst\n\t\t©\t-\t\t\t2 ©\t-\t1 ©\t-\n"
            "ª\tQJ\tN O E S\t\tª\t32\n©\t-\t\t\t©\t-\n¨\t-\t\t\t¨\t-\n§\t-\t\t\t§\t-\n"
            "\t\tª\t54\n\t\t©\t-\n\t\t¨\t-\n\t\t§\t-\n")
    errors = read_diagram(text, "a.txt").errors
    assert errors and "auction beside the hands" in str(errors[0])
    assert "insufficient" in str(errors[0]) and "line 2" in str(errors[0])


def test_a_truncated_claim_statement_tag_is_a_located_error() -> None:
    pbn = (DEALS / "examples" / "endings.pbn").read_text(encoding="utf-8")
    cut = pbn[: pbn.index("[ClaimStatement") + len('[ClaimStatement "Trumps are dr')]
    result = load_text(cut, "pbn", "cut.pbn")
    assert not result.records, "a record with its statement cut must not be ruled"
    message = str(result.errors[-1])
    assert "unterminated tag" in message and "ClaimStatement" in message
    assert "cut.pbn, record 1, line 14" in message


def test_an_unterminated_tag_before_a_blank_line_is_an_error_in_its_game() -> None:
    text = '[Deal "N:A... K... Q... J..."]\n[ClaimStatement "draw\n\n[Event "x"]\n'
    errors = load_text(text, "pbn", "t.pbn").errors
    assert any("unterminated tag" in str(e) and "line 2" in str(e) for e in errors)


def test_an_empty_pbn_says_so_with_a_line() -> None:
    errors = load_text("", "pbn", "empty.pbn").errors
    assert errors and "empty" in str(errors[0]) and "line 1" in str(errors[0])


def _url() -> str:
    lin = (DEALS / "examples" / "claim-rest-4s.lin").read_text(encoding="utf-8").strip()
    return "https://www.bridgebase.com/tools/handviewer.html?lin=" + quote(lin, safe="")


def test_a_hand_viewer_url_is_a_file_argument() -> None:
    url = _url()
    assert is_url(url) and not is_url("deals/examples/endings.pbn")
    assert load(url).records[0].claimed is not None
    result = CliRunner().invoke(main, ["check", url])
    assert result.exit_code == 0, result.output
    assert "RULING" in result.output
    shown = CliRunner().invoke(main, ["show", url])
    assert shown.exit_code == 0 and "contract: 4S by S" in shown.output


def test_a_url_cut_inside_an_escape_is_a_located_error_not_a_card() -> None:
    url = _url()
    cut = url[: url.index("%7CH3%7C") + len("%7CH3%")]
    result = load(cut)
    assert not result.records
    message = str(result.errors[0])
    assert "cut" in message and "H3%" not in message.split("reads")[0]
    assert "record 1, line 1" in message
    out = CliRunner().invoke(main, ["check", cut])
    assert out.exit_code == 1 and "cut" in out.output


def test_a_url_cut_before_the_claim_says_what_was_expected() -> None:
    url = _url()
    cut = url[: url.index("%7Cmc%7C")]
    out = CliRunner().invoke(main, ["check", cut])
    assert out.exit_code == 1
    assert "no claim" in out.output and "mc|" in out.output and "cut" in out.output


def test_a_pbn_whose_games_have_no_claim_says_why(tmp_path: Path) -> None:
    path = tmp_path / "noclaim.pbn"
    path.write_text('[Event "x"]\n[Board "1"]\n', encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(path)])
    assert out.exit_code == 1
    assert "record 1, line 1: no claim" in out.output and "[Play]" in out.output


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    out = CliRunner().invoke(main, ["check", str(tmp_path / "nope.pbn")])
    assert out.exit_code == 2 and "does not exist" in out.output


@pytest.mark.parametrize("name", ["atout-fr.txt", "milieu-de-levee-fr.txt"])
def test_french_examples_still_read(name: str) -> None:
    result = load(DEALS / "examples" / name)
    assert result.records and not result.errors


def test_a_tag_cut_before_the_next_tag_is_a_located_error() -> None:
    pbn = (DEALS / "examples" / "endings.pbn").read_text(encoding="utf-8")
    whole = '"Trumps are drawn: two top spades, the diamond ace, then the hearts in dummy."]'
    cut = pbn.replace(whole, '"Trumps are drawn: two top', 1)
    result = load_text(cut, "pbn", "x.pbn")
    assert not any(r.board == 1 for r in result.records), "the cut game is not ruled"
    message = str(result.errors[0])
    assert "x.pbn, record 1, line 14: malformed tag" in message and "cut" in message
