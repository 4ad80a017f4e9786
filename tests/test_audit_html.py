"""The audit page in headless Chromium (Debian's ``chromium``): it renders, its script runs
(sorting and filtering set up), and a screenshot of it is not blank. Skips where Chromium is
absent."""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from claimcheck.audit import audit
from claimcheck.report.audit_html import render_audit_html
from tests.audit_helpers import DEALS

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = [
    pytest.mark.chromium,
    pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed"),
]


def _chromium(*args: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-dev-shm-usage", f"--user-data-dir={tmp / 'profile'}", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def _pixels(png: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the unfiltered rows of an 8-bit RGB or RGBA PNG."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height, channels = 8, b"", 0, 0, 0
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        data = png[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", data[:10])
            assert depth == 8 and colour in (2, 6)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += data
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pred) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, rows


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    report = audit([DEALS / "examples", DEALS / "seeds"], unfinished=True, max_nodes=20_000)
    path = tmp_path_factory.mktemp("html") / "audit.html"
    path.write_text(render_audit_html(report.to_document()), encoding="utf-8")
    return path


def test_the_page_runs_its_script_in_chromium(page: Path, tmp_path: Path) -> None:
    result = _chromium("--dump-dom", page.as_uri(), tmp=tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    dom = result.stdout
    assert 'data-ready="1"' in dom, "the page's script did not run"
    # Every record of the folders is a row (deals/seeds grows with the seed documents).
    title = re.search(r"claimcheck audit: (\d+) records", dom)
    assert title is not None
    rows = int(title.group(1))
    assert rows >= 14 and re.search(rf"{rows} of {rows} shown", dom), (
        "the filter did not count the rows")


def test_a_screenshot_of_the_page_is_not_blank(page: Path, tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    result = _chromium(f"--screenshot={shot}", "--window-size=1000,800",
                       "--hide-scrollbars", page.as_uri(), tmp=tmp_path)
    assert shot.exists(), result.stderr[-2000:]
    width, height, rows = _pixels(shot.read_bytes())
    assert (width, height) == (1000, 800)
    channels = len(rows[0]) // width
    colours: set[bytes] = set()
    dark = 0
    for row in rows[::4]:
        for x in range(0, width, 2):
            px = row[x * channels:x * channels + 3]
            colours.add(px)
            if sum(px) < 3 * 128:
                dark += 1
    assert len(colours) > 20, "the screenshot is blank"
    assert dark > 500, "no text or chart drawn"
