"""The director's page's API without a browser: the same JSON as ``claimcheck check --format
json``, bad requests refused with a 4xx and a reason, loopback only unless told otherwise."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from claimcheck import server  # noqa: E402
from claimcheck.cli import main  # noqa: E402

DEALS = Path(__file__).resolve().parents[1] / "deals" / "examples"
README_DEAL = "N:...5432 5..KQJ. QJ.AQ.. .JT9.A."
README_CLAIM = {"text": README_DEAL, "trump": "S", "lead": "S", "claimer": "S", "tricks": "4"}


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with server.running() as base:
        yield base


def _post(url: str, path: str, body: bytes | dict[str, Any],
          content_type: str = "application/json") -> tuple[int, str, Message]:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    req = urllib.request.Request(url + path, data=data, method="POST",
                                 headers={"Content-Type": content_type})
    try:
        with urllib.request.urlopen(req, timeout=60) as resp:
            return resp.status, resp.read().decode(), resp.headers
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode(), exc.headers


def _error(url: str, body: bytes | dict[str, Any], path: str = "/api/check",
           content_type: str = "application/json") -> tuple[int, dict[str, Any]]:
    status, text, _ = _post(url, path, body, content_type)
    doc = json.loads(text)
    assert set(doc) == {"error"}, doc
    assert "Traceback" not in text
    return status, doc["error"]


def _cli(*args: str) -> str:
    result = CliRunner().invoke(main, ["check", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    return result.output.rstrip("\n")


# --- the same JSON as the CLI ----------------------------------------------------------------


def test_readme_example_gives_the_cli_json(url: str) -> None:
    status, text, headers = _post(url, "/api/check", README_CLAIM)
    assert status == 200, text
    assert text == _cli("--deal", README_DEAL, "--trump", "S", "--lead", "S", "--claimer", "S",
                        "--tricks", "4")
    assert headers["Cache-Control"] == "no-store"
    assert json.loads(text)["awarded"] == {"claimer": 3, "opponents": 1}


def test_statement_and_settings_give_the_cli_json(url: str) -> None:
    form = {**README_CLAIM, "statement": "drawing trumps", "profile": "ebu",
            "player_class": "expert", "trump_aware": "no", "phase": "contested"}
    status, text, _ = _post(url, "/api/check", form)
    assert status == 200, text
    assert text == _cli("--deal", README_DEAL, "--trump", "S", "--lead", "S", "--claimer", "S",
                        "--tricks", "4", "--statement", "drawing trumps", "--profile", "ebu",
                        "--class", "expert", "--trump-aware", "no", "--phase", "contested")


@pytest.mark.parametrize("name,board", [
    ("endings.pbn", "2"), ("endings.pbn", "5"), ("atout-fr.txt", None),
    ("concession.txt", None), ("milieu-de-levee-fr.txt", None), ("claim-rest-4s.lin", None),
    ("dummy-spades-ru.txt", None), ("blocked-nt.txt", None), ("mid-trick-3nt.lin", None),
])
def test_pasted_record_gives_the_cli_json(url: str, name: str, board: str | None) -> None:
    path = DEALS / name
    form: dict[str, Any] = {"text": path.read_text(encoding="utf-8")}
    args = [str(path)]
    if board is not None:
        form["board"] = board
        args += ["--board", board]
    status, text, _ = _post(url, "/api/check", form)
    assert status == 200, text
    assert text == _cli(*args)


def test_the_records_own_settings_are_read_as_the_cli_reads_them(url: str, tmp_path: Path
                                                                  ) -> None:
    text = (DEALS / "blocked-nt.txt").read_text(encoding="utf-8").replace(
        "Claimer: S", "Claimer: S\nPlayerClass: novice\nTrumpAware: yes\nProfile: ebu")
    (tmp_path / "tags.txt").write_text(text, encoding="utf-8")
    status, body, _ = _post(url, "/api/check", {"text": text, "player_class": "",
                                                "profile": "", "trump_aware": ""})
    assert status == 200, body
    assert body == _cli(str(tmp_path / "tags.txt"))
    assert json.loads(body)["options"]["player-class"] == "novice"


def test_hand_viewer_link_gives_the_cli_json(url: str, tmp_path: Path) -> None:
    lin = (DEALS / "claim-rest-4s.lin").read_text(encoding="utf-8").strip()
    link = "https://www.bridgebase.com/tools/handviewer.html?lin=" + urllib.parse.quote(lin)
    (tmp_path / "link.txt").write_text(link, encoding="utf-8")
    status, text, _ = _post(url, "/api/check", {"text": link})
    assert status == 200, text
    assert text == _cli(str(tmp_path / "link.txt"))


def test_hands_typed_suit_by_suit_give_the_pasted_deal_ruling(url: str) -> None:
    hands = {"N": {"S": "", "H": "", "D": "", "C": "5432"},
             "E": {"S": "5", "H": "", "D": "KQJ", "C": "-"},
             "S": {"S": "QJ", "H": "AQ", "D": "", "C": ""},
             "W": {"S": "", "H": "J 10 9", "D": "A", "C": ""}}
    form = {**README_CLAIM, "source": "hands", "hands": hands}
    del form["text"]
    status, text, _ = _post(url, "/api/check", form)
    assert status == 200, text
    assert text == _post(url, "/api/check", README_CLAIM)[1]


def test_french_ranks_typed_in_the_hands(url: str) -> None:
    hands = {"N": {"S": "RD", "H": "", "D": "", "C": ""},
             "E": {"S": "V10", "H": "", "D": "", "C": ""},
             "S": {"S": "A2", "H": "", "D": "", "C": ""},
             "W": {"S": "43", "H": "", "D": "", "C": ""}}
    form = {"source": "hands", "hands": hands, "trump": "NT", "lead": "S", "claimer": "S",
            "tricks": 2}
    status, text, _ = _post(url, "/api/check", form)
    assert status == 200, text
    assert json.loads(text)["position"]["deal"] == "N:KQ... JT... A2... 43..."


def test_a_search_out_of_budget_shows_its_proved_bounds(url: str) -> None:
    status, text, _ = _post(url, "/api/check", {**README_CLAIM, "max_nodes": 1})
    assert status == 200, text
    doc = json.loads(text)
    assert doc["verdict"] == "undetermined"
    assert doc["bounds"] == {"lower": 2, "upper": 4}
    assert text == _cli("--deal", README_DEAL, "--trump", "S", "--lead", "S", "--claimer", "S",
                        "--tricks", "4", "--max-nodes", "1")


# --- what the page shows while typing ---------------------------------------------------------


def test_read_fills_the_claim_from_a_record(url: str) -> None:
    text = (DEALS / "endings.pbn").read_text(encoding="utf-8")
    status, body, _ = _post(url, "/api/read", {"text": text, "board": "2"})
    assert status == 200, body
    doc = json.loads(body)
    assert doc["mode"] == "record" and doc["format"] == "pbn"
    assert doc["record"]["claimer"] == "S" and doc["record"]["claimed"] == 3
    assert doc["record"]["statement"] == "My hand is high."
    assert doc["position"]["trump"] == "H"
    assert len(doc["boards"]) == 5


def test_read_of_a_bare_deal_asks_the_form_for_the_claim(url: str) -> None:
    status, body, _ = _post(url, "/api/read", {"text": README_DEAL, "trump": "S", "lead": "S"})
    assert status == 200, body
    assert json.loads(body)["mode"] == "deal"
    status, err = _error(url, {"text": README_DEAL}, "/api/read")
    assert status == 422 and err["field"] == "trump"


def test_statement_reading_shows_doubts_and_unread_words(url: str) -> None:
    form = {**README_CLAIM, "statement": "je tire les atouts et blabla"}
    status, body, _ = _post(url, "/api/statement", form)
    assert status == 200, body
    doc = json.loads(body)
    assert doc["bound"] is True
    assert any("language: fr" in line for line in doc["lines"])
    assert doc["ignored"]


def test_rules_catalogue_names_every_rule(url: str) -> None:
    with urllib.request.urlopen(url + "/api/rules", timeout=10) as resp:
        ids = {r["id"] for r in json.loads(resp.read())}
    assert {"unaware-trump", "suits-any-order", "discard", "ruff"} <= ids


def test_the_page_loads_nothing_from_elsewhere(url: str) -> None:
    with urllib.request.urlopen(url + "/", timeout=10) as resp:
        page = resp.read().decode()
        assert "default-src 'self'" in resp.headers["Content-Security-Policy"]
    assert "http://" not in page and "https://" not in page and "//cdn" not in page
    for name in ("app.js", "style.css"):
        with urllib.request.urlopen(f"{url}/static/{name}", timeout=10) as resp:
            assert resp.status == 200
            assert "https://" not in resp.read().decode()


# --- bad requests -------------------------------------------------------------------------------


def test_an_oversized_request_is_refused(url: str) -> None:
    status, err = _error(url, {"text": "N" * (server.MAX_BODY + 10)})
    assert status == 413 and "too large" in err["message"]


def test_malformed_requests_are_refused_with_a_reason(url: str) -> None:
    status, err = _error(url, b"{not json")
    assert status == 400 and "not JSON" in err["message"]
    status, err = _error(url, b"[1, 2]")
    assert status == 400 and "JSON object" in err["message"]
    status, err = _error(url, b"text=N", content_type="application/x-www-form-urlencoded")
    assert status == 415
    status, err = _error(url, {**README_CLAIM, "tricks": ["4"]})
    assert status == 422 and err["field"] == "tricks"


def test_a_malformed_diagram_is_located_at_the_text(url: str) -> None:
    text = (DEALS / "concession.txt").read_text(encoding="utf-8").replace("D KQ", "D KZ")
    status, err = _error(url, {"text": text})
    assert status == 422 and err["field"] == "text"
    assert "'Z'" in err["message"] and err["line"] == 13


@pytest.mark.parametrize("change,field,words", [
    ({"tricks": "9"}, "tricks", "only 4 are left"),
    ({"tricks": ""}, "tricks", "enter the tricks claimed"),
    ({"claimer": ""}, "claimer", "choose the claimer"),
    ({"trump": "Z"}, "trump", ""),
    ({"lead": ""}, "lead", "choose the seat"),
    ({"trick": "SQ S9"}, "trick", ""),
    ({"profile": "fifa"}, "profile", "unknown value"),
    ({"max_nodes": 10**9}, "max_nodes", "at most"),
    ({"statement": "x" * 3000}, "statement", "too long"),
    ({"text": "N:AKQ.. 2... 3... 4..."}, "text", ""),
    ({"text": "hello there"}, "text", ""),
    ({"text": ""}, "text", "paste a diagram"),
])
def test_a_wrong_field_is_named(url: str, change: dict[str, Any], field: str, words: str
                                ) -> None:
    status, err = _error(url, {**README_CLAIM, **change})
    assert status == 422, err
    assert err["field"] == field, err
    assert words in err["message"]


def test_a_wrong_suit_of_a_hand_is_named(url: str) -> None:
    hands = {s: {u: "" for u in "SHDC"} for s in "NESW"}
    hands["E"]["D"] = "KXJ"
    status, err = _error(url, {"source": "hands", "hands": hands, "trump": "S", "lead": "S",
                               "claimer": "S", "tricks": 1})
    assert status == 422 and err["field"] == "hand-E-D"


# --- where the server listens -----------------------------------------------------------------


def test_the_server_listens_on_loopback_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    assert server.DEFAULT_HOST == "127.0.0.1"
    calls: list[tuple[str, int]] = []
    monkeypatch.setattr(server, "run", lambda host, port: calls.append((host, port)))
    result = CliRunner().invoke(main, ["serve"])
    assert result.exit_code == 0, result.output
    assert calls == [("127.0.0.1", 8765)]
    assert "http://127.0.0.1:8765/" in result.output


def test_binding_elsewhere_is_asked_for_and_warned(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, int]] = []
    monkeypatch.setattr(server, "run", lambda host, port: calls.append((host, port)))
    result = CliRunner().invoke(main, ["serve", "--host", "0.0.0.0", "--port", "9000"])
    assert result.exit_code == 0, result.output
    assert calls == [("0.0.0.0", 9000)]
    assert "other machines" in result.output


def test_the_running_server_is_bound_to_loopback_only(url: str) -> None:
    host, port = url.removeprefix("http://").rsplit(":", 1)
    assert host == "127.0.0.1"
    # The kernel's table of listening sockets (no traffic is sent): the port is bound to
    # 127.0.0.1 only, not to every address.
    table = Path("/proc/net/tcp")
    if not table.exists():
        pytest.skip("no /proc/net/tcp here")
    listening = [line.split()[1] for line in table.read_text().splitlines()[1:]
                 if line.split()[3] == "0A"]
    mine = [a for a in listening if int(a.split(":")[1], 16) == int(port)]
    assert mine == ["0100007F:" + f"{int(port):04X}"]


def test_serve_without_the_web_extra_says_what_to_install(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "claimcheck.server", None)
    result = CliRunner().invoke(main, ["serve"])
    assert result.exit_code == 1
    assert "pip install 'claimcheck[web]'" in result.output


def test_hands_that_do_not_fit_are_named(url: str) -> None:
    hands = {s: {u: "" for u in "SHDC"} for s in "NESW"}
    hands["N"]["S"], hands["E"]["S"], hands["S"]["S"], hands["W"]["S"] = "AK", "Q", "J", "T"
    status, err = _error(url, {"source": "hands", "hands": hands, "trump": "NT", "lead": "N",
                               "claimer": "N", "tricks": 1})
    assert status == 422 and err["field"] == "hands"
    assert "impossible position" in err["message"]


def test_is_loopback() -> None:
    assert server.is_loopback("127.0.0.1") and server.is_loopback("::1")
    assert server.is_loopback("localhost")
    assert not server.is_loopback("0.0.0.0") and not server.is_loopback("192.168.1.5")


def test_rulings_asked_at_once_are_all_answered(url: str) -> None:
    # DDS is not thread-safe: the server rules one claim at a time, and answers every one.
    from concurrent.futures import ThreadPoolExecutor

    forms = [README_CLAIM, {**README_CLAIM, "statement": "drawing trumps"},
             {**README_CLAIM, "tricks": "3"}]
    with ThreadPoolExecutor(max_workers=3) as pool:
        answers = list(pool.map(lambda f: _post(url, "/api/check", f), forms))
    assert [a[0] for a in answers] == [200, 200, 200]
    verdicts = [json.loads(a[1])["verdict"] for a in answers]
    assert verdicts == ["adjusted", "upheld", "upheld"]


def test_a_body_sent_in_chunks_is_limited_too(url: str) -> None:
    import http.client

    host, port = url.removeprefix("http://").rsplit(":", 1)
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    chunk = b"x" * 65536
    body = iter([b'{"text": "'] + [chunk] * 5 + [b'"}'])
    conn.request("POST", "/api/check", body=body, encode_chunked=True,
                 headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"})
    resp = conn.getresponse()
    assert resp.status == 413
    assert "too large" in json.loads(resp.read())["error"]["message"]
    conn.close()
