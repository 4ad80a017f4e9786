"""An audit document as one self-contained HTML page (the only module importing Jinja2).

The page needs no network: styles, the two charts (inline SVG drawn here) and the small script
that sorts and filters the table are all inside it. It holds the summary (counts by verdict,
tricks at stake, adjustments by law and size, claims above DD set apart, slowest, unreadable),
a chart of verdicts by cards left and one of tricks lost, the sortable and filterable table,
and per record the diagram at the claim point, the claim, the ruling and the worst normal line.
The template is ``templates/audit.html.j2`` (package data).
"""

from __future__ import annotations

from html import escape
from typing import Any

from claimcheck.cards import Card, Seat
from claimcheck.errors import ClaimcheckError
from claimcheck.report.audit_text import category_of

CATEGORY_WORDS = {"stands": "stands", "fails": "fails",
                  "concession-cancelled": "concession cancelled",
                  "undetermined": "undetermined", "error": "could not be ruled"}
COLOURS = {"stands": "#1b7a2e", "fails": "#b3261e", "concession-cancelled": "#7b3fb0",
           "undetermined": "#d9a400", "error": "#888888"}


def _category(e: dict[str, Any]) -> str:
    return category_of(e)


def _card(text: str) -> str:
    try:
        return Card.parse(text).render()
    except ClaimcheckError:
        return text


def _diagram(ruling: dict[str, Any]) -> str:
    from claimcheck.formats.diagram import render_diagram
    from claimcheck.position import Position

    p = ruling["position"]
    try:
        pos = Position.from_pbn(p["deal"], p["trump"], leader=p["leader"],
                                trick=[Card.parse(c) for c in p["trick"]],
                                declarer=None if p["declarer"] is None else Seat.parse(
                                    p["declarer"]))
        return render_diagram(pos)
    except ClaimcheckError:
        return ""


def _bars(groups: list[tuple[str, dict[str, int]]], cats: list[str], *, width: int = 460,
          height: int = 220) -> str:
    """A stacked bar chart as inline SVG: one bar per group, one colour per category."""
    if not groups:
        return "<p class='small'>no data</p>"
    top = max(1, max(sum(v.values()) for _, v in groups))
    left, bottom, pad = 36, 28, 10
    inner_w, inner_h = width - left - pad, height - bottom - pad
    step = inner_w / len(groups)
    bar = max(2.0, step * 0.7)
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height + 22}' "
             f"role='img'><g font-size='11' fill='#333'>"]
    for tick in sorted({0, top // 2, top}):
        y = pad + inner_h - inner_h * tick / top
        parts.append(f"<line x1='{left}' x2='{width - pad}' y1='{y:.1f}' y2='{y:.1f}' "
                     f"stroke='#ddd'/><text x='{left - 4}' y='{y + 4:.1f}' "
                     f"text-anchor='end'>{tick}</text>")
    for i, (label, values) in enumerate(groups):
        x = left + i * step + (step - bar) / 2
        y = pad + inner_h
        for cat in cats:
            v = values.get(cat, 0)
            if not v:
                continue
            h = inner_h * v / top
            y -= h
            parts.append(f"<rect x='{x:.1f}' y='{y:.1f}' width='{bar:.1f}' height='{h:.1f}' "
                         f"fill='{COLOURS.get(cat, '#4a6fa5')}'><title>{escape(label)}: "
                         f"{escape(CATEGORY_WORDS.get(cat, cat))} {v}</title></rect>")
        parts.append(f"<text x='{x + bar / 2:.1f}' y='{pad + inner_h + 14}' "
                     f"text-anchor='middle'>{escape(label)}</text>")
    lx = left
    for cat in cats:
        if any(v.get(cat) for _, v in groups):
            parts.append(f"<rect x='{lx}' y='{height + 8}' width='10' height='10' "
                         f"fill='{COLOURS.get(cat, '#4a6fa5')}'/><text x='{lx + 13}' "
                         f"y='{height + 17}'>{escape(CATEGORY_WORDS.get(cat, cat))}</text>")
            lx += 16 + 7 * len(CATEGORY_WORDS.get(cat, cat))
    parts.append("</g></svg>")
    return "".join(parts)


def _players(e: dict[str, Any]) -> str:
    players = e.get("players") or {}
    return ", ".join(f"{s} {players[s]}" for s in "NESW" if players.get(s))


def _claim_text(e: dict[str, Any]) -> str:
    if e.get("claimer") is None or e.get("claimed") is None:
        return "No claim."
    seat = Seat.parse(e["claimer"]).long_name
    won = e.get("won_by")
    so_far = (f" after winning {won['claimer_side']} of {won['claimer_side'] + won['opponents']}"
              if won else "")
    contract = e.get("contract")
    c = f" in {contract['text']} by {contract['declarer']}" if contract else ""
    said = f' "{e["statement"]}"' if e.get("statement") else " (no statement)"
    if e.get("kind") == "unfinished":
        return (f"Play stopped with no claim{c}: ruled as if {seat} had claimed the "
                f"double-dummy {e['claimed']} of {e['tricks_left']} tricks{so_far}.")
    return f"{seat} claims {e['claimed']} of {e['tricks_left']} tricks{c}{so_far}{said}."


def _detail(i: int, e: dict[str, Any]) -> dict[str, Any]:
    r = e.get("ruling") or {}
    line = []
    for n, trick in enumerate(r.get("worst_line") or [], start=1):
        cards = []
        for c in trick:
            tag = "" if c["rule"] == "defence" else " [" + ", ".join(
                [c["rule"], *c.get("also", [])]) + "]"
            cards.append(f"{c['seat']} {_card(c['card'])}{tag}")
        line.append(f"{n:2d}. " + ", ".join(cards))
    n_text = "?" if e.get("n") is None else str(e["n"])
    ruling_line = ""
    if r:
        ruling_line = (f"{e['outcome']}; N (worst normal line) {n_text}, double dummy "
                       f"{e['dd']}, claimed {e['claimed']}; laws {', '.join(e['laws']) or '-'}"
                       f"; rules {', '.join(e['rules']) or '-'}")
        if e.get("first_lost_trick"):
            ruling_line += f"; first trick lost at trick {e['first_lost_trick']}"
    return {
        "index": i, "id": e["id"], "cat": _category(e), "where": e.get("where", ""),
        "outcome": e.get("outcome") or f"error: {e.get('error')}",
        "event": e.get("event"), "board": e.get("board"), "room": e.get("room"),
        "players": _players(e), "diagram": _diagram(r) if r else "",
        "claim": _claim_text(e), "error": e.get("error"), "ruling_line": ruling_line,
        "doubts": [f"{d['words'] + ': ' if d['words'] else ''}{d['reason']} -> {d['resolution']}"
                   for d in r.get("doubts", [])],
        "belief": r.get("belief"), "line": line, "mismatches": e.get("mismatches") or [],
    }


def _row(i: int, e: dict[str, Any], seconds: float | None) -> dict[str, Any]:
    contract = e.get("contract")
    n = e.get("n")
    if n is None and e.get("bounds"):
        n_text = f"{e['bounds']['lower']}-{e['bounds']['upper']}"
    else:
        n_text = "" if n is None else str(n)
    kind = " (unfinished)" if e.get("kind") == "unfinished" else ""
    return {
        "index": i, "id": e["id"], "cat": _category(e), "kind": e.get("kind", "claim"),
        "above": "1" if e.get("above_dd") else "0",
        "contract": f"{contract['text']} {contract['declarer']}" if contract else "",
        "claimer": e.get("claimer") or "", "left": e.get("tricks_left", ""),
        "claimed": "" if e.get("claimed") is None else e["claimed"],
        "dd": "" if e.get("dd") is None else e["dd"], "n": n_text,
        "outcome": (e.get("outcome") or "error") + kind,
        "change": "" if e.get("change") is None else e["change"],
        "laws": ", ".join(e.get("laws") or []),
        "lost": e.get("first_lost_trick") or "", "nodes": e.get("nodes") or "",
        "seconds": "" if seconds is None else f"{seconds:.2f}",
    }


def render_audit_html(doc: dict[str, Any]) -> str:
    """The audit document (schema ``claimcheck.audit/2``) as a self-contained HTML page."""
    from jinja2 import Environment, PackageLoader, StrictUndefined

    env = Environment(loader=PackageLoader("claimcheck.report", "templates"),
                      autoescape=True, undefined=StrictUndefined, trim_blocks=True,
                      lstrip_blocks=True)
    summary = doc["summary"]
    timings = doc.get("timings")
    seconds: dict[str, float] = (timings or {}).get("records", {})
    entries = doc["entries"]
    cats = list(CATEGORY_WORDS)
    by_left = [(k, v) for k, v in summary["by_cards_left"].items()]
    lost = [(k, {"fails" if k != "0" else "stands": v}) for k, v in summary["tricks_lost"].items()]
    return env.get_template("audit.html.j2").render(
        summary=summary, settings=doc.get("settings", {}), timings=timings,
        n_claims=sum(summary["claims"].values()), n_unfinished=sum(summary["unfinished"].values()),
        category_words=CATEGORY_WORDS,
        chart_left=_bars(by_left, cats), chart_lost=_bars(lost, cats),
        rows=[_row(i, e, seconds.get(e["id"])) for i, e in enumerate(entries)],
        details=[_detail(i, e) for i, e in enumerate(entries)],
        index_of={e["id"]: i for i, e in enumerate(entries)},
        unreadable=doc.get("unreadable", []), unclaimed=doc.get("unclaimed", []),
    )
