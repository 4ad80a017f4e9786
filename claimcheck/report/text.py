"""A ruling as text a director reads (with a diagram), as JSON tools read, and as HTML."""

from __future__ import annotations

import html
import json
from typing import Any

from claimcheck.penalty import render_lead_restrictions, render_penalty_cards
from claimcheck.policy.rules import RULES_BY_ID
from claimcheck.ruling import SCHEMA, Ruling

_VERDICT_WORDS = {
    "upheld": "claim upheld",
    "adjusted": "claim adjusted",
    "concession-cancelled": "concession cancelled",
    "undetermined": "cannot decide within the search budget",
}


def render_text(ruling: Ruling, *, ascii_only: bool = False, diagram: bool = True) -> str:
    """The ruling as plain text: the position, the claim, the award, the worst normal line."""
    r = ruling
    out: list[str] = []
    if diagram:
        from claimcheck.formats.diagram import render_diagram

        out.append(render_diagram(r.position, ascii_only=ascii_only))
        out.append("")
    trump = r.position.trump
    pos = r.position
    contract = f"trump {'NT' if trump.suit is None else trump.suit.letter}"
    if pos.declarer is not None:
        contract += f", declarer {pos.declarer.long_name}"
    out.append(f"{contract}; {pos.to_play.long_name} to play; {r.tricks_left} tricks left")
    if pos.trick:
        out.append("trick in progress: " + " ".join(c.render(ascii_only=ascii_only)
                                                   for c in pos.trick)
                   + f" (led by {pos.leader.long_name})")
    out.append(f"claim: {r.claimer.long_name} claims {r.claimed} of {r.tricks_left}"
               + (f' — "{r.statement}"' if r.statement else " (no statement)"))
    out.append(f"profile: {r.profile} ("
               + ", ".join(f"{k} {v}" for k, v in r.options) + ")")
    out.append("")
    if r.likely is not None:
        out.extend(_likely_text(r, ascii_only))
        return "\n".join(out)
    verdict = _VERDICT_WORDS[r.verdict]
    if r.verdict == "undetermined" and r.bounds is not None:
        # Not an award: only the bounds the search proved (the award column would mislead).
        lo, hi = r.bounds
        out.append(f"RULING: {verdict}: N between {lo} and {hi} for {r.claimer.long_name}'s "
                   f"side (claimed {r.claimed} of {r.tricks_left})  [laws {', '.join(r.laws)}]")
        settled = r.settled_by_bounds
        if settled == "adjusted":
            out.append(f"the claim fails in any case (N <= {hi} < {r.claimed}): only the "
                       "number of tricks to award is open")
        elif settled == "concession-cancelled":
            out.append(f"the concession is cancelled in any case (N >= {lo} > {r.claimed}): "
                       "only the number of tricks to award is open")
        elif not r.concession:
            # Not settled, so the upper bound reaches the claim: what the search lacked was the
            # proof that no normal line loses a trick, not a line that does.
            out.append("no normal line losing a trick of the claim was found; the budget ran "
                       "out before every line was checked (a larger node budget may settle "
                       "it)")
    else:
        out.append(f"RULING: {verdict}: {r.claimer.long_name}'s side {r.awarded_claimer}, "
                   f"opponents {r.awarded_opponents}  [laws {', '.join(r.laws)}]")
    n = "?" if r.n is None else str(r.n)
    out.append(f"N (worst normal line) = {n}, double dummy = {r.dd}, claimed = {r.claimed}")
    if r.bounds is not None:
        out.append(f"proved bounds: {r.bounds[0]} <= N <= {r.bounds[1]}")
    for note in r.notes:
        out.append(f"note: {note}")
    if r.plan_lines:
        out.append("")
        out.append("statement read as:")
        out.extend(f"  {line}" for line in r.plan_lines)
    if r.doubts:
        out.append("")
        out.append("doubtful points:")
        for d in r.doubts:
            words = f"{d.words}: " if d.words else ""
            out.append(f"  - {words}{d.reason} -> {d.resolution}")
    if r.worst_line:
        out.append("")
        title = "worst normal line" + (f" ({r.picture})" if r.picture else "") + ":"
        out.append(title)
        whys: list[str] = []
        for i, trick in enumerate(r.worst_line, start=1):
            cards = []
            for lc in trick:
                tag = "" if lc.rule == "defence" else f" [{', '.join((lc.rule, *lc.also))}]"
                if lc.cost > 0:
                    tag += " (costs a trick)" if lc.cost == 1 else f" (costs {lc.cost} tricks)"
                cards.append(f"{lc.seat.letter} {lc.card.render(ascii_only=ascii_only)}{tag}")
                if lc.why:
                    whys.append(f"  trick {i}: {lc.why}")
            out.append(f"  {i:2d}. " + ", ".join(cards))
        if whys:
            out.append("")
            out.append("why the careless cards looked safe:")
            out.extend(whys)
    if r.rules:
        out.append("")
        out.append("rules applied:")
        for rid in r.rules:
            rule = RULES_BY_ID.get(rid)
            if rule is not None:
                out.append(f"  {rid} ({rule.citation.law}): {rule.summary}")
    s = r.search
    out.append("")
    out.append(f"search: {s.nodes} nodes, {s.oracle_nodes} sure-oracle nodes "
               f"({s.oracle_calls} calls), {s.solver_calls} double-dummy solves, "
               f"{s.memo_hits} memo hits, "
               f"{s.pictures} picture(s), {s.seconds * 1000:.1f} ms"
               + (", budget exhausted" if s.budget_exhausted else "")
               + (", stopped by the time cap" if s.clock_stopped else ""))
    return "\n".join(out)


def _likely_text(r: Ruling, ascii_only: bool) -> list[str]:
    """The 69B part of a withdrawn agreement's ruling: the award, each disputed trick's
    probability and interval, and a sample line for each outcome."""
    assert r.likely is not None
    lk = r.likely
    side = f"{r.claimer.long_name}'s side"
    verdict = ("agreement withdrawn (69B)" if r.awarded_claimer != r.claimed
               else "agreement stands (69A)")
    out = [f"RULING: {verdict}: {side} {r.awarded_claimer}, opponents {r.awarded_opponents}  "
           f"[laws {', '.join(r.laws)}]",
           f"agreed: {side} {r.claimed} of {r.tricks_left}; double dummy = {r.dd}"]
    out.extend(f"note: {note}" for note in r.notes)
    out.append("")
    out.append(f"would the side likely have won it had play continued? ({lk.samples} "
               f"playouts, seed {lk.seed}, likely = above {lk.threshold:.0%} with 95% "
               "confidence)")
    for d in lk.disputed:
        who = side if d.side == "claimer" else "the opponents"
        lo, hi = d.interval
        out.append(f"  {who} win at least {d.tricks} of {r.tricks_left}: {d.wins} of "
                   f"{lk.samples} = {d.probability:.1%} (interval {lo:.1%}-{hi:.1%}): "
                   + ("likely, the trick goes back" if d.likely else "not likely"))
    out.append("")
    out.append("outcomes of the playouts (one sample line each):")
    for o in lk.outcomes:
        out.append(f"  {side} {o.tricks} trick{'s' if o.tricks != 1 else ''} in {o.playouts} "
                   f"playouts ({o.playouts / lk.samples:.1%}):")
        for i, trick in enumerate(o.line, start=1):
            out.append(f"    {i:2d}. " + ", ".join(
                f"{lc.seat.letter} {lc.card.render(ascii_only=ascii_only)}" for lc in trick))
    out.append("")
    out.append(f"sampler: {lk.decisions} decisions at {lk.pools} position"
               f"{'' if lk.pools == 1 else 's'} with a choice, "
               f"{lk.layouts_solved} layouts solved double dummy ({r.search.solver_calls} "
               f"boards), {lk.layouts_per_decision} layouts weighed a decision (all layouts "
               f"solved up to {lk.exact_up_to}, else {lk.pool_size} drawn), "
               f"{lk.seconds * 1000:.1f} ms")
    return out


def _likely_dict(r: Ruling, timings: bool) -> dict[str, Any]:
    """The 69B estimate as JSON (the ``likely`` key, present only in the withdrawn phase)."""
    assert r.likely is not None
    lk = r.likely
    doc: dict[str, Any] = {
        "samples": lk.samples,
        "seed": lk.seed,
        "threshold": lk.threshold,
        "threshold_source": lk.threshold_source,
        "confidence": 0.95,
        "layouts_per_decision": lk.layouts_per_decision,
        "pool_size": lk.pool_size,
        "exact_up_to": lk.exact_up_to,
        "disputed": [{"side": d.side, "tricks": d.tricks, "wins": d.wins,
                      "probability": d.probability,
                      "interval": {"lower": d.interval[0], "upper": d.interval[1]},
                      "likely": d.likely} for d in lk.disputed],
        "outcomes": [{"tricks": o.tricks, "playouts": o.playouts,
                      "line": [[{"seat": lc.seat.letter, "card": str(lc.card)} for lc in t]
                               for t in o.line]} for o in lk.outcomes],
        "decisions": lk.decisions,
        "pools": lk.pools,
        "layouts_solved": lk.layouts_solved,
    }
    if timings:
        doc["seconds"] = lk.seconds
        doc["dds_seconds"] = lk.dds_seconds
    return doc


def ruling_to_dict(ruling: Ruling, *, timings: bool = False) -> dict[str, Any]:
    """The ruling as a JSON-ready dict (schema ``claimcheck.ruling/2``).

    Times are left out unless *timings*, so the same input gives byte-identical JSON.
    """
    r = ruling
    search: dict[str, Any] = {
        "nodes": r.search.nodes, "solver_calls": r.search.solver_calls,
        "memo_hits": r.search.memo_hits, "pictures": r.search.pictures,
        "oracle_nodes": r.search.oracle_nodes, "oracle_calls": r.search.oracle_calls,
        "budget_exhausted": r.search.budget_exhausted,
        "clock_stopped": r.search.clock_stopped,
    }
    if timings:
        search["seconds"] = r.search.seconds
    extra: dict[str, Any] = {}
    if r.likely is not None:
        extra["likely"] = _likely_dict(r, timings)
    return {
        **extra,
        "schema": SCHEMA,
        "position": {
            "deal": r.position.to_pbn(),
            "trump": "NT" if r.position.trump.suit is None else r.position.trump.suit.letter,
            "leader": r.position.leader.letter,
            "trick": [str(c) for c in r.position.trick],
            "declarer": None if r.position.declarer is None else r.position.declarer.letter,
            # Only in irregular positions, so every other ruling's JSON is unchanged.
            **({"penalty_cards": render_penalty_cards(r.position.penalty_cards)}
               if r.position.penalty_cards else {}),
            **({"lead_restrictions": render_lead_restrictions(r.position.lead_restrictions)}
               if r.position.lead_restrictions else {}),
        },
        "claimer": r.claimer.letter,
        "claimed": r.claimed,
        "tricks_left": r.tricks_left,
        "n": r.n,
        "dd": r.dd,
        "awarded": {"claimer": r.awarded_claimer, "opponents": r.awarded_opponents},
        "verdict": r.verdict,
        "bounds": None if r.bounds is None else {"lower": r.bounds[0], "upper": r.bounds[1]},
        "settled_by_bounds": r.settled_by_bounds,
        "laws": list(r.laws),
        "rules": list(r.rules),
        "doubts": [{"words": d.words, "reason": d.reason, "resolution": d.resolution}
                   for d in r.doubts],
        "picture": r.picture,
        "statement": r.statement,
        "plan": list(r.plan_lines),
        "profile": r.profile,
        "options": dict(r.options),
        "worst_line": [
            [{"seat": lc.seat.letter, "card": str(lc.card), "rule": lc.rule,
              **({"also": list(lc.also)} if lc.also else {}),
              **({"forgotten": [str(c) for c in lc.forgotten], "why": lc.why}
                 if lc.why else {}),
              **({"cost": lc.cost} if lc.cost else {})} for lc in trick]
            for trick in r.worst_line
        ],
        "notes": list(r.notes),
        "search": search,
    }


def render_json(ruling: Ruling, *, timings: bool = False) -> str:
    """The ruling as JSON text, keys sorted."""
    return json.dumps(ruling_to_dict(ruling, timings=timings), sort_keys=True, indent=2,
                      ensure_ascii=False)


def render_html(ruling: Ruling) -> str:
    """The ruling as a small HTML fragment (for notebooks)."""
    body = html.escape(render_text(ruling))
    return f"<pre class='claimcheck-ruling'>{body}</pre>"
