"""check_claim: position + claim + statement -> ruling (bind, beliefs, search, ruling).

The order of work follows law70.md section 6: the double-dummy value first (a claim of more
than DD fails whatever was said), then "does N reach the claimed number?", and the exact N only
when the ruling needs it (an adjusted claim or a cancelled concession).
"""

from __future__ import annotations

from claimcheck.bits import mask_of
from claimcheck.cards import Card, Seat
from claimcheck.engine.search import (
    BudgetExceeded,
    Found,
    Node,
    Search,
    run_search,
    start_node,
)
from claimcheck.engine.solver import DDSolver, DoubleDummy
from claimcheck.errors import InputError
from claimcheck.formats.record import ClaimRecord
from claimcheck.plan import EMPTY_PLAN, LinePlan
from claimcheck.policy.beliefs import Belief, admissible_beliefs, is_drawing_trumps, known_show_outs
from claimcheck.policy.normal import Options
from claimcheck.policy.plan_state import compile_plan, initial_state
from claimcheck.policy.profiles import PROFILES, Inputs, Profile, profile_for
from claimcheck.policy.rules import UnawareTrump, UnstatedFinesse
from claimcheck.position import Position
from claimcheck.ruling import DoubtRecord, LineCard, Ruling, SearchReport, Verdict
from claimcheck.tricks import Pair

DEFAULT_MAX_NODES = 400_000


def check_claim(
    position: Position,
    claimer: Seat,
    claimed: int,
    plan: LinePlan = EMPTY_PLAN,
    *,
    profile: str | Profile = "wbf",
    inputs: Inputs | None = None,
    solver: DoubleDummy | None = None,
    max_nodes: int = DEFAULT_MAX_NODES,
    max_seconds: float | None = None,
) -> Ruling:
    """Rule on a claim of *claimed* remaining tricks by *claimer* at *position*.

    The search stops after *max_nodes* nodes or *max_seconds* seconds; the ruling is then
    ``undetermined`` with the bounds it proved (``lower <= N <= upper``), never a guess.

    :raises InputError: when *claimed* is not between 0 and the tricks left, or the profile is
        unknown.
    :raises SolverError: when DDS fails.
    """
    inputs = inputs or Inputs()
    prof = _profile(profile, inputs)
    left = position.tricks_left
    if not 0 <= claimed <= left:
        raise InputError(f"the claim is for {claimed} tricks but only {left} remain")
    solver = solver or DDSolver()
    calls_before = solver.calls
    solver_nodes_before = getattr(solver, "nodes", 0)
    hands = (
        mask_of(position.hands[0]), mask_of(position.hands[1]),
        mask_of(position.hands[2]), mask_of(position.hands[3]),
    )
    trick = tuple(c.index for c in position.trick)
    trump = int(position.trump)
    c = int(claimer)
    declarer = position.declarer
    declarer_claim = declarer is None or (int(declarer) - c) % 2 == 0
    to_concede = max(left - claimed, plan.conceded or 0)
    opts = Options(prof, c, declarer_claim)
    cplan = compile_plan(plan)
    # Hands at the start of the trick in progress decide which steps are done before the claim.
    state = initial_state(cplan, hands, c, trump)
    known_out = known_show_outs(position)
    drawing = is_drawing_trumps(position, c)
    beliefs = admissible_beliefs(hands, c, trump, plan, inputs, drawing_trumps=drawing)
    search = Search(trump, c, cplan, opts, solver, max_nodes=max_nodes, max_seconds=max_seconds)
    roots = [(b, start_node(hands, trick, int(position.leader), c, b, known_out, to_concede,
                            state)) for b in beliefs]
    aware_root = roots[0]
    dd = search.dd(aware_root[1])
    # The most careless belief first: its low line bounds the search of the others.
    roots = roots[:1] if len(roots) == 1 else [*roots[1:][::-1], roots[0]]

    lower, upper = 0, dd
    worst: tuple[Belief, Found] | None = None
    exhausted = False
    try:
        # Decide first: is there a normal line below the claim? The search returns the lowest
        # such line, so when there is one its tricks are N exactly.
        target = min(claimed, dd + 1)
        found = run_search(search, roots, target) if target > 0 else None
        if found is not None:
            worst, lower, upper = found, found[1].tricks, found[1].tricks
        elif target < dd:
            # N >= claimed: exact N is needed only when it may exceed the claim (71B).
            lower = target
            worst = run_search(search, roots, dd + 1)
            if worst is not None:
                lower = upper = worst[1].tricks
        else:
            lower = upper = dd
            if cplan.has_technique:
                worst = run_search(search, roots, dd + 1)
            else:
                # N = DD: a plain line that reaches N is a worst normal line; failing that,
                # a DD line of the fully aware claimer is one.
                belief, root = aware_root
                line = search.plain_line(root)
                if line.tricks != dd:
                    # The search itself finds a line of exactly N: none is lower (just
                    # proved), so the first line below N + 1 it meets is one.
                    found_line = search.find(root, dd + 1)
                    line = found_line if found_line is not None else search.dd_line(
                        root, pretty=True)
                worst = (belief, line)
    except BudgetExceeded:
        exhausted = True
        lower, upper, worst = _prove_lower_bounds(search, roots, lower, upper, worst,
                                                  max_nodes)
    n = lower if lower == upper else None
    report = SearchReport(
        search.stats.nodes, solver.calls - calls_before,
        getattr(solver, "nodes", 0) - solver_nodes_before, search.stats.memo_hits,
        round(search.stats.seconds, 6), exhausted, len(beliefs),
    )
    return _ruling(position, claimer, claimed, plan, prof, inputs, dd, n, (lower, upper),
                   worst, report)


def _prove_lower_bounds(
    search: Search, roots: list[tuple[Belief, Node]], lower: int, upper: int,
    worst: tuple[Belief, Found] | None, max_nodes: int,
) -> tuple[int, int, tuple[Belief, Found] | None]:
    """After the budget ran out: with a quarter more, prove lower bounds one trick at a time
    (each "N >= k" for small k is cheap: a line stops once the claimer has k tricks), so an
    undetermined ruling still gives the director bounds that mean something."""
    if worst is None:
        worst = search.incumbent
    if worst is not None:
        upper = min(upper, worst[1].tricks)
    search.extend_budget(max(1, max_nodes // 4), 0.25)
    try:
        for k in range(lower + 1, upper + 1):
            found = run_search(search, roots, k)
            if found is not None:
                return lower, min(upper, found[1].tricks), found
            lower = k
    except BudgetExceeded:
        pass
    return lower, upper, worst


def check_record(
    record: ClaimRecord,
    *,
    profile: str | None = None,
    inputs: Inputs | None = None,
    plan: LinePlan | None = None,
    solver: DoubleDummy | None = None,
    max_nodes: int = DEFAULT_MAX_NODES,
    max_seconds: float | None = None,
) -> Ruling:
    """Rule on a claim record. Profile and director's inputs default to the record's tags.

    :raises InputError: when the record carries no claim.
    """
    claimer = record.claimer or record.position.declarer
    if claimer is None or record.claimed is None:
        raise InputError("the record has no claim (claimer and tricks claimed)", record.source)
    profile = profile or record.tag("Profile") or "wbf"
    if inputs is None:
        aware = (record.tag("TrumpAware") or "doubtful").lower()
        phase = (record.tag("Phase") or "contested").lower()
        inputs = Inputs(
            trump_aware=aware if aware in ("yes", "no", "doubtful") else "doubtful",  # type: ignore[arg-type]
            phase=phase if phase in ("contested", "concession", "withdrawn") else "contested",  # type: ignore[arg-type]
        )
    if plan is None:
        plan = read_plan(record.statement or "", record.position, claimer)
    return check_claim(record.position, claimer, record.claimed, plan, profile=profile,
                       inputs=inputs, solver=solver, max_nodes=max_nodes,
                       max_seconds=max_seconds)


def read_plan(statement: str, position: Position, claimer: Seat) -> LinePlan:
    """The line plan of *statement* (the empty plan for no statement)."""
    if not statement.strip():
        return EMPTY_PLAN
    from claimcheck.statement import read_statement

    return read_statement(statement, position, claimer)


# --- the ruling --------------------------------------------------------------------------------


def _profile(profile: str | Profile, inputs: Inputs) -> Profile:
    if isinstance(profile, Profile):
        return profile
    if profile.lower() not in PROFILES:
        raise InputError(f"unknown profile {profile!r} (expected one of {', '.join(PROFILES)})")
    return profile_for(profile, inputs.player_class)


def _ruling(
    position: Position, claimer: Seat, claimed: int, plan: LinePlan, prof: Profile,
    inputs: Inputs, dd: int, n: int | None, bounds: tuple[int, int],
    worst: tuple[Belief, Found] | None, report: SearchReport,
) -> Ruling:
    left = position.tricks_left
    line_tricks = _split_tricks(position, worst[1].line if worst else [])
    rules: list[str] = []
    for trick in line_tricks:
        for lc in trick:
            for rid in (lc.rule, *lc.also):
                if rid != "defence" and rid not in rules:
                    rules.append(rid)
    belief = worst[0] if worst else Belief(0, "")
    if belief.rule and belief.rule not in rules:
        rules.insert(0, belief.rule)
    verdict: Verdict
    if n is None:
        verdict = "undetermined"
        award = bounds[0]
    elif claimed > n:
        verdict, award = "adjusted", n
    elif claimed < n:
        # 71B: a concession of tricks that could not be lost by any normal play is cancelled.
        verdict, award = "concession-cancelled", n
    else:
        verdict, award = "upheld", n
    laws = _laws(verdict, rules, line_tricks, position, inputs)
    doubts = _doubts(plan, position, claimer, belief, rules, inputs)
    notes: list[str] = []
    if inputs.phase == "withdrawn":
        notes.append("Law 69B asks whether the side would *likely* have won the trick: a "
                     "judgement of probability the director makes; the normal-line result "
                     "above is shown for reference only.")
        verdict = "undetermined"
    if dd < claimed:
        notes.append(f"the claim exceeds the double-dummy result ({dd}): no line makes it")
    options = (
        ("suit-order", prof.suit_order), ("notices-break", "yes" if prof.notices_break else "no"),
        ("ruff", prof.ruff), ("trump-aware", inputs.trump_aware),
        ("player-class", inputs.player_class), ("phase", inputs.phase),
    )
    return Ruling(
        position=position, claimer=claimer, claimed=claimed, n=n, dd=dd,
        awarded_claimer=award, awarded_opponents=left - award, verdict=verdict,
        laws=laws, rules=tuple(rules), worst_line=line_tricks, doubts=doubts,
        profile=prof.name, options=options, statement=plan.text,
        plan_lines=_plan_lines(plan), belief=_belief_text(belief),
        search=report,
        bounds=bounds if verdict == "undetermined" else None,
        notes=tuple(notes),
    )


def _split_tricks(position: Position, line: list[tuple[int, int, str]]
                  ) -> tuple[tuple[LineCard, ...], ...]:
    out: list[tuple[LineCard, ...]] = []
    current: list[LineCard] = []
    first = 4 - len(position.trick)
    for i, (seat, card, rule) in enumerate(line):
        primary, *also = rule.split("|")
        current.append(LineCard(Seat(seat), Card.from_index(card), primary, tuple(also)))
        if i + 1 == first or (i + 1 > first and (i + 1 - first) % 4 == 0):
            out.append(tuple(current))
            current = []
    if current:
        out.append(tuple(current))
    return tuple(out)


def _laws(verdict: Verdict, rules: list[str], line: tuple[tuple[LineCard, ...], ...],
          position: Position, inputs: Inputs) -> tuple[str, ...]:
    """The laws applied: 70A and 70D1 for any adjustment (doubt against the claimer; a less
    successful normal line exists), plus the clause whose rule produced the losing line."""
    if verdict == "concession-cancelled":
        return ("71B",)
    if verdict == "upheld":
        if inputs.phase == "concession":
            return ("71",)
        # The claim stands; cite the clause that credited a line the claimer did not state.
        upheld = ["70"]
        if UnstatedFinesse.id in rules:
            upheld.append("70E1")  # a finesse marked by a show-out is credited (70E1(a))
        if _lead_in_suit_order(line, position):
            upheld.append("70E2")  # the suit is deemed played in the authority's order
        return tuple(upheld)
    if verdict == "undetermined":
        return ("70A",)
    laws = ["70A", "70D1"]
    decisive = {UnawareTrump.id: "70C", UnstatedFinesse.id: "70E1", "defender-partner": "70D2"}
    for rid in rules:
        law = decisive.get(rid)
        if law and law not in laws:
            laws.append(law)
    if _lead_in_suit_order(line, position):
        laws.append("70E2")
    return tuple(laws)


def _lead_in_suit_order(line: tuple[tuple[LineCard, ...], ...], position: Position) -> bool:
    """True when a claimer-side lead on *line* was decided by the regulating authority's order
    of playing a suit (70E2): the top of a solid holding, or an underplay from spot cards."""
    for i, trick in enumerate(line):
        if trick and (i > 0 or not position.trick) and "suit-order" in (trick[0].rule,
                                                                          *trick[0].also):
            return True
    return False


def _doubts(plan: LinePlan, position: Position, claimer: Seat, belief: Belief,
            rules: list[str], inputs: Inputs) -> tuple[DoubtRecord, ...]:
    out = [DoubtRecord(d.words, d.reason, "resolved against the claimer (70A)")
           for d in plan.doubts]
    trump = int(position.trump)
    if trump < 4:
        opps = position.outstanding(Pair.of(claimer))
        trumps_out = [c for c in opps if int(c.suit) == trump]
        if trumps_out and not plan.mentions_trump(position.trump.suit):
            cards = " ".join(str(c) for c in sorted(trumps_out))
            if inputs.trump_aware == "yes":
                res = "the director found the claimer aware of it: no trick for it under 70C"
            elif is_drawing_trumps(position, int(claimer)):
                res = ("he claimed while drawing trumps, so he knew of it (White Book "
                       "8.70.4(b)): not presumed forgotten")
            elif belief.rule == UnawareTrump.id:
                res = "presumed forgotten (70C: doubtful counts as unaware); it costs a trick"
            else:
                res = "presumed forgotten (70C); no normal line loses a trick to it"
            out.append(DoubtRecord(cards, "outstanding trump not mentioned in the statement",
                                   res))
    if UnstatedFinesse.id in rules:
        out.append(DoubtRecord("", "a finesse the statement did not name",
                               "not credited (70E1): the losing option is taken"))
    return tuple(out)


def _plan_lines(plan: LinePlan) -> tuple[str, ...]:
    if plan.is_empty and not plan.text:
        return ("no statement",)
    try:
        from claimcheck.statement import describe_plan

        return tuple(describe_plan(plan))
    except ImportError:  # pragma: no cover - the reader ships with the package
        return tuple(f"{s.action} {s.words}" for s in plan.steps)


def _belief_text(belief: Belief) -> str:
    if not belief.forgotten:
        return ""
    cards = []
    m = belief.forgotten
    while m:
        low = m & -m
        cards.append(str(Card.from_index(low.bit_length() - 1)))
        m ^= low
    return f"{belief.rule}: {' '.join(cards)} forgotten"


__all__ = ["check_claim", "check_record", "read_plan"]
