"""Tests for format sniffing and loading files and folders."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from claimcheck.formats import load, load_many, load_text, sniff
from claimcheck.formats.record import ReadResult

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

PBN = """[Board "1"]
[Deal "N:A... K... Q... J..."]
[Contract "1S"]
[Declarer "N"]
[Play "E"]
*
[ClaimTricks "1"]
"""
LIN = (
    "pn|a,b,c,d|md|1S345H567QD37TC456,S67H39TD289JC2TQA,S2TJAHJAD46QAC3JK,|ah|Board 2|"
    "mb|p|mb|p|mb|1N|mb|p|mb|p|mb|p|pc|SK|mc|7|\n"
)


@pytest.mark.parametrize(
    ("text", "name", "expected"),
    [
        (PBN, "a.pbn", "pbn"),
        ("anything", "a.lin", "lin"),
        ("{}", "a.json", "json"),
        ("x", "a.diag", "diagram"),
        (PBN, "a.txt", "pbn"),
        (LIN, "a.txt", "lin"),
        ("https://www.bridgebase.com/tools/handviewer.html?lin=md%7C1", "u.txt", "lin"),
        ('{"deal": "N:..."}', "a.txt", "json"),
        ("♠ AKQ\n♥ 32\n", "d.txt", "diagram"),
        ("S AKQ\nH 32\nD -\nC 5\n", "", "diagram"),
        ("5229/1.lin\n5229/2.lin\n", "index.txt", "unknown"),
        ("", "", "unknown"),
    ],
)
def test_sniff(text: str, name: str, expected: str) -> None:
    assert sniff(text, name) == expected


def test_load_text_dispatch() -> None:
    assert load_text(PBN, "pbn", "x.pbn").records[0].claimed == 1
    assert load_text(LIN, None, "x.lin").records[0].claimed == 7
    res = load_text("hello", None, "<text>")
    assert res.records == () and "cannot tell the format" in res.errors[0].message


def test_diagram_and_json_dispatch_lazily(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, str]] = []

    def fake(kind: str) -> types.ModuleType:
        mod = types.ModuleType(kind)

        def reader(text: str, source: str, lang: str | None = None) -> ReadResult:
            calls.append((kind, source))
            return ReadResult()

        setattr(mod, "read_diagram" if kind == "diagram" else "read_json", reader)
        return mod

    monkeypatch.setitem(sys.modules, "claimcheck.formats.diagram", fake("diagram"))
    monkeypatch.setitem(sys.modules, "claimcheck.formats.jsonfmt", fake("json"))
    load_text("S AKQ", "diagram", "d.diag")
    load_text("{}", "json", "j.json")
    assert calls == [("diagram", "d.diag"), ("json", "j.json")]


def test_load_files_utf8_latin1_and_missing(tmp_path: Path) -> None:
    pbn = tmp_path / "a.pbn"
    pbn.write_bytes(PBN.replace('[Board "1"]', '[Event "Caf\xe9"]\n[Board "1"]').encode("latin-1"))
    before = pbn.read_bytes()
    res = load(pbn)
    assert not res.errors and res.records[0].tag("Event") == "Café"
    assert res.records[0].source.source == str(pbn)
    assert pbn.read_bytes() == before
    txt = tmp_path / "b.txt"
    txt.write_text(LIN, encoding="utf-8")
    assert load(txt).records[0].format == "lin"
    missing = load(tmp_path / "nope.pbn")
    assert missing.records == () and "cannot read the file" in missing.errors[0].message


def test_load_many_walks_sorted_and_skips(tmp_path: Path) -> None:
    sub = tmp_path / "sub"
    sub.mkdir()
    (tmp_path / "README.md").write_text("# notes [Deal", encoding="utf-8")
    (tmp_path / "index.txt").write_text("a/b.lin\n", encoding="utf-8")
    (tmp_path / "notes.xyz").write_text(PBN, encoding="utf-8")
    (tmp_path / "b.pbn").write_text(PBN, encoding="utf-8")
    (sub / "a.lin").write_text(LIN, encoding="utf-8")
    (tmp_path / "c.lin").write_text(LIN.replace("pc|SK|", "pc|S2|"), encoding="utf-8")
    res = load_many([tmp_path])
    assert [r.id for r in res.records] == ["b:1", "a:2"]
    assert len(res.errors) == 1 and res.errors[0].location.source == str(tmp_path / "c.lin")


@pytest.mark.shared
def test_load_all_real_files_without_traceback() -> None:
    if not DATA.exists():
        pytest.skip(f"{DATA} is absent")
    res = load_many([DATA])
    claims = [r for r in res.records if r.claimed is not None]
    # 196 LIN boards with mc (speedball 166 + USBF 30), 885 vugraph claims outside 12090.
    lin_claims = sum(1 for r in claims if r.format == "lin")
    assert lin_claims == 166 + 30 + 885
    assert {r.format for r in res.records} == {"pbn", "lin"}
    assert all(e.location.source and e.location.record for e in res.errors)
    # The errors are 12090's 20 boards and 4 PBN games that do not fit (unknown hands, revoke).
    assert sum(1 for e in res.errors if "12090" in str(e.location.source)) == 20
    assert len(res.errors) == 24
