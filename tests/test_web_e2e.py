"""The director's page in a real headless browser: Debian's Chromium driven by Playwright,
against a server the test starts on a free loopback port.

Skipped where Chromium, Playwright or the web extra is absent (``.ci/run`` installs Chromium
where it can). Each test writes a screenshot of the state it reaches: to a temporary folder on
a plain run, so that ``make test`` leaves the tree as it found it (a redrawn PNG differs by a
few pixels each time), and to ``docs/screenshots/``, the folder the README shows, when
CLAIMCHECK_SCREENSHOTS=1 asks for it (``make screenshots``).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

from click.testing import CliRunner  # noqa: E402

from claimcheck import server  # noqa: E402
from claimcheck.cli import main  # noqa: E402

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
DEALS = ROOT / "deals" / "examples"
SHOTS = (ROOT / "docs" / "screenshots" if os.environ.get("CLAIMCHECK_SCREENSHOTS") == "1"
         else Path(tempfile.gettempdir()) / "claimcheck-screenshots")
README_DEAL = "N:...5432 5..KQJ. QJ.AQ.. .JT9.A."


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with server.running() as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    path = _chromium()
    if path is None:
        pytest.skip("no Chromium on PATH (apt-get install chromium)")
    with sync_api.sync_playwright() as pw:
        try:
            b = pw.chromium.launch(executable_path=path, headless=True,
                                   args=["--no-sandbox"] if os.geteuid() == 0 else [])
        except sync_api.Error as exc:  # pragma: no cover - a broken browser install
            pytest.skip(f"Chromium does not start: {exc}")
        yield b
        b.close()


@pytest.fixture
def page(browser: Any, url: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    p = context.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda exc: errors.append(str(exc)))
    p.goto(url)
    p.wait_for_selector("body.ready")
    yield p
    context.close()
    assert not errors, errors


def _shot(page: Any, name: str, full: bool = True) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    # Let the readings that follow typing (debounced) come back, so each run draws the same.
    page.wait_for_timeout(400)
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(SHOTS / name), full_page=full, animations="disabled",
                    caret="hide")


def _readme_claim(page: Any) -> None:
    page.fill("#text", README_DEAL)
    page.select_option("#trump", "S")
    page.select_option("#lead", "S")
    page.select_option("#claimer", "S")
    page.fill("#tricks", "4")


def _rule(page: Any) -> None:
    page.click("#rule")
    page.wait_for_selector("#result:not([hidden])")


def _paste(page: Any, text: str) -> None:
    page.fill("#text", text)
    page.wait_for_selector("#text-read:has-text('Read:')")


def test_readme_example_shows_the_ruling(page: Any) -> None:
    _readme_claim(page)
    _rule(page)
    assert page.inner_text("#verdict") == "Claim adjusted"
    assert page.inner_text("#award") == "South's side 3, opponents 1"
    assert page.inner_text("#n") == "3" and page.inner_text("#dd") == "4"
    assert page.inner_text("#laws") == "70A, 70D1, 70C"
    assert "♠5: outstanding trump not mentioned" in page.inner_text("#doubts")
    assert "presumed forgotten" in page.inner_text("#doubts")
    # The diagram at the claim point, and the line with each claimer card's rule.
    assert "♣5 4 3 2" in page.inner_text("#seat-N")
    assert page.inner_text("#score") == "claim point"
    line = page.inner_text("#line")
    assert "unaware-trump" in line and "ruff" in line and "discard" in line
    assert "he has forgotten ♠5 (unaware-trump)" in page.inner_text("#belief")
    page.click("#next")
    assert "Trick 1 of 4: South plays ♥A" in page.inner_text("#replay-status")
    assert "unaware-trump (70C)" in page.inner_text("#card-note")
    _shot(page, "ruling.png")
    # The JSON download carries the ruling.
    with page.expect_download() as info:
        page.click("#download")
    data = Path(info.value.path()).read_text(encoding="utf-8")
    assert '"schema": "claimcheck.ruling/' in data and '"verdict": "adjusted"' in data


def test_statement_is_read_as_it_is_typed_and_upholds_the_claim(page: Any) -> None:
    _readme_claim(page)
    page.fill("#statement", "drawing trumps, then the hearts")
    page.wait_for_selector("#statement-reading:has-text('draw trumps')")
    _rule(page)
    assert page.inner_text("#verdict") == "Claim upheld"
    assert page.inner_text("#award") == "South's side 4, opponents 0"


def test_french_diagram_and_french_statement(page: Any) -> None:
    text = (DEALS / "milieu-de-levee-fr.txt").read_text(encoding="utf-8")
    hands = "\n".join(line for line in text.splitlines()
                      if line.split(":")[0] in ("Nord", "Est", "Sud", "Ouest"))
    _paste(page, hands)
    page.select_option("#trump", "NT")
    page.select_option("#lead", "W")
    page.fill("#trick", "DK")
    page.select_option("#claimer", "S")
    page.fill("#tricks", "3")
    page.fill("#statement", "Je prends de l'As et je tire les piques.")
    page.wait_for_selector("#statement-reading:has-text('language: fr')")
    _rule(page)
    assert page.inner_text("#verdict") == "Claim upheld"
    assert page.inner_text("#award") == "South's side 3, opponents 0"
    assert "♦K" in page.inner_text("#played-W")
    _shot(page, "french.png")


def test_french_record_in_the_symbol_font_fills_the_claim(page: Any) -> None:
    _paste(page, (DEALS / "atout-fr.txt").read_text(encoding="utf-8"))
    assert page.input_value("#claimer") == "S" and page.input_value("#tricks") == "3"
    assert page.input_value("#statement").startswith("Je tire l'As de pique")
    assert page.is_disabled("#trump") and page.input_value("#trump") == "H"
    _rule(page)
    assert page.inner_text("#verdict") == "Claim upheld"


def test_defender_claim(page: Any) -> None:
    _paste(page, (DEALS / "endings.pbn").read_text(encoding="utf-8"))
    page.select_option("#board", "5")
    sync_api.expect(page.locator("#claimer")).to_have_value("W")
    _rule(page)
    assert page.inner_text("#verdict") == "Claim upheld"
    assert page.inner_text("#award") == "West's side 3, opponents 0"
    assert "West (claimer)" in page.inner_text("#seat-W")
    # What the page downloads is what the CLI prints for the same record.
    with page.expect_download() as info:
        page.click("#download")
    cli = CliRunner().invoke(main, ["check", str(DEALS / "endings.pbn"), "--board", "5",
                                    "--format", "json"])
    assert Path(info.value.path()).read_text(encoding="utf-8") == cli.output.rstrip("\n")


def test_concession_cancelled(page: Any) -> None:
    _paste(page, (DEALS / "concession.txt").read_text(encoding="utf-8"))
    _rule(page)
    assert page.inner_text("#verdict") == "Concession cancelled"
    assert page.inner_text("#award") == "South's side 2, opponents 0"
    assert page.inner_text("#laws") == "71B"
    _shot(page, "concession.png")


def test_malformed_diagram_shows_its_error_next_to_the_field(page: Any) -> None:
    text = (DEALS / "concession.txt").read_text(encoding="utf-8").replace("D KQ", "D KZ")
    page.fill("#text", text)
    page.wait_for_selector("#text-error:not([hidden])")
    message = page.inner_text("#text-error")
    assert "Line 13" in message and "unknown rank 'Z'" in message
    page.click("#rule")
    page.wait_for_selector("#text-error:not([hidden])")
    assert page.get_attribute("#text", "aria-invalid") == "true"
    assert page.input_value("#text") == text  # everything typed is kept
    assert page.is_hidden("#result")
    assert "Traceback" not in page.content()
    selected = page.evaluate("[document.activeElement.id, document.activeElement.value"
                             ".slice(document.activeElement.selectionStart,"
                             " document.activeElement.selectionEnd)]")
    assert selected == ["text", "E: S - H - D KZ C -"]
    _shot(page, "error.png")


def test_a_missing_field_is_named_and_focused(page: Any) -> None:
    page.fill("#text", README_DEAL)
    page.select_option("#trump", "S")
    page.select_option("#lead", "S")
    page.select_option("#claimer", "S")
    page.fill("#tricks", "9")
    _rule_fails(page)
    assert "only 4 are left" in page.inner_text("#tricks-error")
    assert page.evaluate("document.activeElement.id") == "tricks"


def _rule_fails(page: Any) -> None:
    page.click("#rule")
    page.wait_for_selector(".field-error:not([hidden])")


def test_replaying_the_worst_line_to_the_end(page: Any) -> None:
    _readme_claim(page)
    _rule(page)
    page.focus("#table")
    for _ in range(16):
        page.keyboard.press("ArrowRight")
    assert page.is_disabled("#next") and page.is_disabled("#last")
    status = page.inner_text("#replay-status")
    assert "Trick 4 of 4" in status and "end of the line" in status
    assert "Claimer's side 3, opponents 1" in status
    for seat in "NESW":
        assert page.inner_text(f"#seat-{seat}").count("—") == 4  # every card played
    assert page.inner_text("#score") == "claimer 3 · opp. 1"
    _shot(page, "replay-end.png")
    page.keyboard.press("Home")
    assert page.inner_text("#score") == "claim point"
    page.click("#last")
    page.click("#prev-trick")
    assert "Trick 3 of 4" in page.inner_text("#replay-status")
    page.click("#prev")
    page.click("#first")
    assert page.is_disabled("#prev")


def test_a_search_out_of_budget_shows_its_bounds(page: Any) -> None:
    _readme_claim(page)
    page.fill("#max_nodes", "1")
    _rule(page)
    assert page.inner_text("#verdict") == "Cannot decide within the search budget"
    assert "2 ≤ N ≤ 4" in page.inner_text("#bounds")


def test_hands_typed_suit_by_suit(page: Any) -> None:
    page.check("input[value=hands]")
    cells = {"N-C": "5432", "E-S": "5", "E-D": "KQJ", "S-S": "QJ", "S-H": "AQ", "W-H": "10 9 J",
             "W-D": "A"}
    for cell, ranks in cells.items():
        page.fill(f"#hand-{cell}", ranks)
    page.select_option("#trump", "S")
    page.select_option("#lead", "S")
    page.select_option("#claimer", "S")
    page.fill("#tricks", "4")
    _rule(page)
    assert page.inner_text("#award") == "South's side 3, opponents 1"
    _shot(page, "hands.png")
    page.fill("#hand-W-D", "AZ")
    _rule_fails(page)
    assert "West diamonds" in page.inner_text("#hands-error")


def test_phone_sized_viewport(browser: Any, url: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body.ready")
    _readme_claim(page)
    _rule(page)
    page.click("#next-trick")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width}px wide on a 360px screen"
    for seat in "NESW":
        box = page.locator(f"#seat-{seat}").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    page.evaluate("document.getElementById('replay').scrollIntoView()")
    _shot(page, "phone.png", full=False)
    context.close()


def _tab_to(page: Any, target: str, limit: int = 60) -> None:
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == target:
            return
    raise AssertionError(f"Tab never reached #{target}")


def test_keyboard_alone(page: Any) -> None:
    _tab_to(page, "text")
    page.keyboard.insert_text(README_DEAL)
    _tab_to(page, "trump")
    page.keyboard.press("ArrowDown")  # ♠ spades
    _tab_to(page, "lead")
    for _ in range(3):
        page.keyboard.press("ArrowDown")  # North, East, South
    _tab_to(page, "claimer")
    for _ in range(3):
        page.keyboard.press("ArrowDown")
    _tab_to(page, "tricks")
    page.keyboard.type("4")
    _tab_to(page, "rule")
    page.keyboard.press("Enter")
    page.wait_for_selector("#result:not([hidden])")
    assert page.evaluate("document.activeElement.id") == "verdict"
    assert page.inner_text("#award") == "South's side 3, opponents 1"
    _tab_to(page, "table")
    page.keyboard.press("ArrowDown")  # a whole trick
    assert "Trick 1 of 4" in page.inner_text("#replay-status")
    page.keyboard.press("End")
    assert "end of the line" in page.inner_text("#replay-status")
    _tab_to(page, "print")  # the print and download controls are reachable too


def test_a_careless_card_names_the_forgotten_card_when_the_ruling_does(page: Any) -> None:
    # For a careless card the ruling may name the forgotten card that made it look safe
    # ("forgotten"), say why ("why") and what it cost ("cost"); the page shows what is there.
    def annotate(route: Any) -> None:
        response = route.fetch()
        doc = json.loads(response.text())
        first = doc["worst_line"][0][0]
        first.pop("why", None)
        first.update(forgotten=["S5"], cost=1)
        doc["worst_line"][2][0].update(forgotten=["S5"], why="♠5 was forgotten: ♠J looked safe")
        route.fulfill(response=response, body=json.dumps(doc))

    page.route("**/api/check", annotate)
    _readme_claim(page)
    _rule(page)
    line = page.inner_text("#line")
    assert "he forgot ♠5: that made this card look safe" in line
    assert "costs a trick" in line and "♠5 was forgotten: ♠J looked safe" in line
    page.click("#next")
    note = page.inner_text("#card-note")
    assert "he forgot ♠5" in note and "This card costs a trick." in note


def test_printable_view(page: Any) -> None:
    page.clock.set_fixed_time("2026-12-01T10:00:00")  # the same screenshot at every run
    _paste(page, (DEALS / "endings.pbn").read_text(encoding="utf-8"))
    page.select_option("#board", "2")
    sync_api.expect(page.locator("#statement")).to_have_value("My hand is high.")
    _rule(page)
    page.emulate_media(media="print")
    assert page.is_hidden("#claim-form") and page.is_hidden(".controls")
    assert page.inner_text("#print-head").startswith("claimcheck ruling. Board 2.")
    assert page.is_visible("#table") and page.is_visible("#line")
    _shot(page, "print.png")
