"""check_claim: position + claim + statement -> ruling (plan, pictures, search, ruling).

The pictures are computed once here and handed to the search; the laws and doubtful points are
composed in :mod:`claimcheck.reasons`, beside the ruling. The order of work follows law70.md
§7: the double-dummy value first (a claim of more than DD fails whatever was said), then "does
N reach the claimed number?", and the exact N only when the ruling needs it (an adjusted claim
or a cancelled concession).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from claimcheck.bits import mask_of
from claimcheck.cards import Seat
from claimcheck.engine.restricted import RestrictedSolver
from claimcheck.engine.search import (
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
from claimcheck.policy.irregularities import wrong_hand_start
from claimcheck.policy.normal import Options
from claimcheck.policy.pictures import (
    AWARE,
    MAX_FORGOTTEN_CARDS,
    Picture,
    contradicted,
    forgets_conceded_masters,
    forgettable,
    is_drawing_trumps,
    known_show_outs,
    master_trumps,
    trump_pictures,
)
from claimcheck.policy.plan_state import compile_plan, initial_state
from claimcheck.policy.profiles import PROFILES, Inputs, Profile, profile_for
from claimcheck.policy.rules import UnawareCard, UnawareTrump
from claimcheck.policy.sure import DEFAULT_MAX_NODES, Budget, BudgetExceeded, SureOracle
from claimcheck.position import Position
from claimcheck.reasons import Explained, compose_ruling
from claimcheck.ruling import Ruling, SearchReport

PICTURE_QUESTION_CAP = 4_000
"""Oracle nodes one "would forgetting these cards make the claim sure?" may take. A set whose
absence makes the claim sure only through a deep line is no simple oversight; a question
given up is counted in the ruling's search report."""

YOUNG_COLLECTION_THRESHOLD = 100_000
"""Allocations between two young-generation passes of the cyclic collector while a ruling
searches (Python's default is 700). The search makes hundreds of thousands of small tuples
(nodes, memo keys) that live as long as the search, so a pass every 700 allocations walks
them again and again for nothing: under ``perf``, the collector was 6-7% of an undetermined
12-card ruling (vugraph 19050:2). Measured on the 51 slowest real claims (``audit`` at
``--jobs 2``): ruling time 222 s -> 202 s, every ruling the same. The older generations keep
their thresholds. A ruling makes no reference cycle (tests/test_engine_properties.py), so
what it leaves is freed as it returns; switching the collector off altogether measured the
same (``benchmarks/run.py --cards 8``, 19050:2), and this stays safe if a cycle comes back."""

_collector_lock = threading.Lock()
_collector_users = 0
_collector_saved: tuple[int, int, int] = gc.get_threshold()


@contextmanager
def _spaced_young_collections() -> Iterator[None]:
    """Raise the young generation's threshold for the duration of a search, and restore it
    after the last of any rulings running at once (the director's page rules in threads)."""
    global _collector_users, _collector_saved
    with _collector_lock:
        if _collector_users == 0:
            _collector_saved = gc.get_threshold()
            gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, *_collector_saved[1:])
        _collector_users += 1
    try:
        yield
    finally:
        with _collector_lock:
            _collector_users -= 1
            if _collector_users == 0:
                gc.set_threshold(*_collector_saved)


WORDS_REASON = "contradicts what the statement says"
"""Why a picture forgets the cards that contradict the claimer's words (law70.md §3.3)."""

PAIR_CANDIDATES = 8
"""Pairs of forgotten cards are drawn from the eight highest candidates (law70.md §3.3's
"king over his queen, the card that beats the suit he runs, the trump that spoils his ruff")."""


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
    samples: int | None = None,
    seed: int = 0,
    likely_threshold: float | None = None,
) -> Ruling:
    """Rule on a claim of *claimed* remaining tricks by *claimer* at *position*.

    The search stops after *max_nodes* nodes (search nodes, ten sure-oracle nodes counting as
    one, a double-dummy solve of a layout as five: :class:`~claimcheck.policy.sure.Budget`);
    the ruling is then ``undetermined`` with the bounds it proved (``lower <= N <= upper``),
    never a guess. *max_seconds* is a
    wall-clock safety net, off by default; a ruling it cuts short says so.

    In the ``withdrawn`` phase (an agreed claim or concession withdrawn, 69B) the ruling is
    :func:`rule_withdrawn`'s: *samples* single-dummy playouts from *seed*, and a trick goes
    back when its probability is above *likely_threshold* with confidence.

    :raises InputError: when *claimed* is not between 0 and the tricks left, the budget is not
        positive, the profile is unknown, or (69B) the samples or the threshold are out of
        range.
    :raises SolverError: when DDS fails.
    """
    inputs = inputs or Inputs()
    prof = _profile(profile, inputs)
    plan = wrong_hand_start(plan, position, claimer)
    left = position.tricks_left
    if not 0 <= claimed <= left:
        raise InputError(f"the claim is for {claimed} tricks but only {left} remain")
    if max_nodes <= 0:
        raise InputError(f"the node budget must be positive, not {max_nodes}")
    if max_seconds is not None and max_seconds <= 0:
        raise InputError(f"the time cap must be positive, not {max_seconds}")
    if inputs.phase == "withdrawn":
        return rule_withdrawn(position, claimer, claimed, plan, profile=prof, inputs=inputs,
                              solver=solver, samples=samples, seed=seed,
                              likely_threshold=likely_threshold)
    solver = solver or DDSolver()
    calls_before = _solves(solver)
    solver_nodes_before = getattr(solver, "nodes", 0)
    hands = (
        mask_of(position.hands[0]), mask_of(position.hands[1]),
        mask_of(position.hands[2]), mask_of(position.hands[3]),
    )
    trick = tuple(c.index for c in position.trick)
    trump = int(position.trump)
    c = int(claimer)
    leader = int(position.leader)
    declarer = position.declarer
    declarer_claim = declarer is None or (int(declarer) - c) % 2 == 0
    to_concede = max(left - claimed, plan.conceded or 0)
    cplan = compile_plan(plan)
    opts = Options.for_claim(prof, c, declarer_claim, cplan,
                             inputs.player_class == "novice")
    # Hands at the start of the trick in progress decide which steps are done before the claim.
    state = initial_state(cplan, hands, c, trump)
    known_out = known_show_outs(position)
    budget = Budget(max_nodes)
    oracle = SureOracle(trump, c, budget)
    search_solver: DoubleDummy = solver
    restricted: RestrictedSolver | None = None
    if position.is_irregular and declarer is not None:
        # Penalty cards or a lead restriction in force (Laws 50-51): the search's moves and its
        # double-dummy answers honour them; DDS alone would let a defender keep a penalty card.
        restricted = RestrictedSolver(solver, trump, int(declarer), position.restrictions,
                                      sum(h.bit_count() for h in hands), len(trick))
        search_solver = restricted
    search = Search(trump, c, cplan, opts, search_solver, budget, oracle,
                    max_seconds=max_seconds, legality=restricted)
    stats = search.stats
    need = claimed - (left - max(h.bit_count() for h in hands))  # tricks from the root
    lower, upper = 0, left
    worst: tuple[Picture, Found] | None = None
    pictures = [AWARE]
    counted = 0
    dd = left
    with _spaced_young_collections():
        try:
            aware_root = start_node(hands, trick, leader, c, AWARE, known_out, to_concede, state)
            dd = search.dd(aware_root)
            upper = dd
            pictures, counted = _pictures(position, hands, trick, leader, c, trump, plan, inputs,
                                          known_out, oracle, need)
            roots = [(pic, start_node(hands, trick, leader, c, pic, known_out, to_concede, state))
                     for pic in pictures]
            # The most careless picture first: its low line bounds the search of the others.
            roots = roots[:1] if len(roots) == 1 else [*roots[1:][::-1], roots[0]]
            lower, upper, worst = _solve(search, roots, aware_root, claimed, dd,
                                         cplan.has_technique)
        except BudgetExceeded:
            stats.budget_exhausted = True
            lower, upper, worst = _prove_lower_bounds(search, [(p, start_node(
                hands, trick, leader, c, p, known_out, to_concede, state)) for p in pictures],
                lower, upper, worst, max_nodes)
    n = lower if lower == upper else None
    # The trumps 70C presumes forgotten (its pictures): a card that looked safe because one of
    # them was forgotten is the 70C point's; any other forgotten card, a trump among them
    # where more than two are out, is the overlooked card of 70A.
    presumed = 0
    for pic in pictures:
        if pic.rule == UnawareTrump.id:
            presumed |= pic.forgotten
    explained = _explain(search, worst, hands, trick, leader, c, known_out, to_concede, state,
                         n is not None and n < claimed, presumed, counted)
    report = SearchReport(
        budget.nodes, _solves(solver) - calls_before,
        getattr(solver, "nodes", 0) - solver_nodes_before, search.stats.memo_hits,
        round(search.stats.seconds, 6), stats.budget_exhausted, len(pictures),
        budget.oracle_nodes, oracle.calls, stats.clock_stopped, oracle.undecided,
    )
    return compose_ruling(position, claimer, claimed, plan, prof, inputs, dd, n,
                          (lower, upper), explained, report,
                          drawing_trumps=is_drawing_trumps(position, c))


def rule_withdrawn(
    position: Position, claimer: Seat, claimed: int, plan: LinePlan = EMPTY_PLAN, *,
    profile: str | Profile = "wbf", inputs: Inputs | None = None,
    solver: DoubleDummy | None = None, samples: int | None = None, seed: int = 0,
    likely_threshold: float | None = None,
) -> Ruling:
    """Rule on an agreed claim or concession withdrawn in the correction period (Law 69B).

    Not Law 70's normal-line search (law70.md §5): the position is played out *samples* times
    from the real cards by both sides' single-dummy play
    (:mod:`claimcheck.engine.single_dummy`), and each trick a side agreed to lose goes back to
    it when it would likely have won it. The same *seed* gives the same ruling.

    :raises InputError: when *claimed* is out of range, *samples* is not between 1 and
        ``MAX_SAMPLES``, or *likely_threshold* is not at least one half and below one.
    :raises SolverError: when DDS fails.
    """
    from claimcheck.engine.single_dummy import (
        DEFAULT_SAMPLES,
        LIKELY_THRESHOLD,
        MAX_SAMPLES,
        estimate,
    )
    from claimcheck.reasons import compose_withdrawn

    inputs = inputs or Inputs(phase="withdrawn")
    prof = _profile(profile, inputs)
    left = position.tricks_left
    if not 0 <= claimed <= left:
        raise InputError(f"the claim is for {claimed} tricks but only {left} remain")
    samples = DEFAULT_SAMPLES if samples is None else samples
    if not 1 <= samples <= MAX_SAMPLES:
        raise InputError(f"the number of samples must be between 1 and {MAX_SAMPLES:,}, "
                         f"not {samples}")
    threshold = LIKELY_THRESHOLD if likely_threshold is None else likely_threshold
    if not 0.5 <= threshold < 1:
        raise InputError(f"the threshold for 'likely' must be at least 0.5 and below 1, not "
                         f"{threshold} (below one half both sides could likely win one trick)")
    # The sampler asks for layouts in batches; a solver without the batch call (a test's
    # fake) is not one it can use.
    batch = solver if isinstance(solver, DDSolver) else DDSolver()
    calls_before, nodes_before = _solves(batch), batch.nodes
    hands = (
        mask_of(position.hands[0]), mask_of(position.hands[1]),
        mask_of(position.hands[2]), mask_of(position.hands[3]),
    )
    trick = tuple(c.index for c in position.trick)
    c = int(claimer)
    on_play = int(position.to_play)
    tricks = batch.tricks(hands, trick, int(position.leader), int(position.trump))
    dd = tricks if (on_play - c) % 2 == 0 else left - tricks
    voids = 0
    for seat, suit in position.shown_out:
        voids |= 1 << (int(seat) * 4 + int(suit))
    declarer = position.declarer if position.declarer is not None else claimer
    est = estimate(hands, trick, int(position.leader), int(position.trump), c, int(declarer),
                   voids, samples=samples, seed=seed, solver=batch)
    report = SearchReport(est.decisions, _solves(batch) - calls_before, batch.nodes - nodes_before,
                          0, round(est.seconds, 6), False, 0)
    return compose_withdrawn(position, claimer, claimed, plan, prof, inputs, dd, est, report,
                             threshold=threshold)


def _solve(search: Search, roots: list[tuple[Picture, Node]], aware_root: Node, claimed: int,
           dd: int, technique: bool) -> tuple[int, int, tuple[Picture, Found] | None]:
    """N, exactly: (lower, upper, worst line). The order of law70.md §7: "does N reach the
    claim?" first; the exact N only when the ruling needs it."""
    # Decide first: is there a normal line below the claim? The search returns the lowest such
    # line, so when there is one its tricks are N exactly.
    target = min(claimed, dd + 1)
    found = run_search(search, roots, target) if target > 0 else None
    if found is not None:
        return found[1].tricks, found[1].tricks, found
    if target < dd:
        # N >= claimed: exact N is needed only when it may exceed the claim (71B).
        worst = run_search(search, roots, dd + 1)
        if worst is not None:
            return worst[1].tricks, worst[1].tricks, worst
        return dd, dd, (AWARE, search.dd_line(aware_root, pretty=True))
    if technique:
        return dd, dd, run_search(search, roots, dd + 1)
    # N = DD: a plain line that reaches N is a worst normal line; failing that, the search
    # itself finds a line of exactly N: none is lower (just proved), so the first line below
    # N + 1 it meets is one.
    line = search.plain_line(aware_root)
    if line.tricks != dd:
        found_line = search.find(aware_root, dd + 1)
        line = found_line if found_line is not None else search.dd_line(aware_root, pretty=True)
    return dd, dd, (AWARE, line)


def _pictures(position: Position, hands: tuple[int, int, int, int], trick: tuple[int, ...],
              leader: int, claimer: int, trump: int, plan: LinePlan, inputs: Inputs,
              known_out: int, oracle: SureOracle, need: int) -> tuple[list[Picture], int]:
    """The admissible pictures (law70.md §3), full awareness first, computed once a ruling,
    and the outstanding trumps that no 70C picture forgets because the concession counts
    them (for the doubtful point's words)."""
    pictures = [AWARE]
    left = max(h.bit_count() for h in hands)
    masters = master_trumps(hands, claimer, trump)

    def explains_concession(forgotten: int) -> bool:
        """A claimer who concedes tricks, in a picture where more would be sure, conceded
        them for the cards that picture forgets: he knew of them (law70.md §3: the claim
        itself can show awareness, as the play so far can). So did he of a trump above all
        of his side's, which takes a trick whatever he does: a concession counts it first."""
        if need >= left:
            return True
        if forgets_conceded_masters(forgotten, masters, left - need):
            return False
        return oracle.decide(hands, trick, leader, forgotten, known_out, need + 1,
                             PICTURE_QUESTION_CAP) is not True

    candidates_70c = trump_pictures(hands, claimer, trump, plan, inputs,
                                    drawing_trumps=is_drawing_trumps(position, claimer))
    trumps = [t for t in candidates_70c if explains_concession(t.forgotten)]
    pictures += trumps
    counted = 0  # trumps 70C would presume forgotten that the concession shows he knew of
    for t in candidates_70c:
        counted |= t.forgotten
    for t in trumps:
        counted &= ~t.forgotten
    words = contradicted(hands, claimer, trump, plan)
    if words:
        # His words are the evidence of his picture: what contradicts them is forgotten.
        pictures.append(Picture(words, UnawareCard.id, WORDS_REASON))
        # With a forgotten trump too: the trump's own doubtful point (70C) reports it, so the
        # reason here is the statement's.
        pictures += [Picture(words | t.forgotten, UnawareCard.id, WORDS_REASON) for t in trumps
                     if t.forgotten & ~words]
        return pictures, counted
    if need <= 0 or oracle.decide(hands, trick, leader, 0, known_out, need,
                                  PICTURE_QUESTION_CAP) is not False:
        return pictures, counted
    # Not sure with full awareness: he overlooked something. The smallest sets of outstanding
    # cards (at most two) whose absence makes the claim sure are each a picture (§3.3); none
    # means he claimed a guess, and full awareness with the fallback of §4.2 rules (§3.4).
    aware = 0
    for card in plan.aware_cards():
        aware |= 1 << card.index
    for step in plan.steps:  # a card the statement plays or finesses against is in his mind
        for card in (*step.cards, *step.onto):
            aware |= 1 << card.index
    candidates = [x for x in forgettable(hands, claimer, trump) if not aware >> x & 1]
    found: list[int] = []
    for size in range(1, MAX_FORGOTTEN_CARDS + 1):
        pairs = candidates[:PAIR_CANDIDATES]
        sets = ([1 << x for x in candidates] if size == 1 else
                [1 << x | 1 << y for i, x in enumerate(pairs) for y in pairs[i + 1:]])
        for f in sets:
            if oracle.decide(hands, trick, leader, f, known_out, need, PICTURE_QUESTION_CAP):
                found.append(f)
        if found:
            break
    # A set equal to a forgotten-trump picture's is that picture already: searched once, under
    # 70C's reason (vugraph 17040:36-2: {♦8, ♦T} searched twice, a third of its nodes).
    seen = {p.forgotten for p in pictures}
    for f in found:
        if f not in seen and explains_concession(f):
            pictures.append(Picture(f, UnawareCard.id, "its absence makes the claim sure"))
    return pictures, counted


def _explain(search: Search, worst: tuple[Picture, Found] | None,
             hands: tuple[int, int, int, int], trick: tuple[int, ...], leader: int,
             claimer: int, known_out: int, to_concede: int, state: tuple[int, ...],
             adjusted: bool, presumed_trumps: int, counted_trumps: int) -> Explained:
    """The worst line with, for each claimer card, what made it look safe and what it cost."""
    if worst is None:
        return Explained(AWARE, [], [], [], presumed_trumps, counted_trumps)
    picture, found = worst
    root = start_node(hands, trick, leader, claimer, picture, known_out, to_concede, state)
    why, costs = search.explain(root, found.line, with_costs=adjusted,
                                presumed_trumps=presumed_trumps)
    return Explained(picture, found.line, why, costs, presumed_trumps, counted_trumps)


def _prove_lower_bounds(
    search: Search, roots: list[tuple[Picture, Node]], lower: int, upper: int,
    worst: tuple[Picture, Found] | None, max_nodes: int,
) -> tuple[int, int, tuple[Picture, Found] | None]:
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
    samples: int | None = None,
    seed: int = 0,
    likely_threshold: float | None = None,
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
        player_class = (record.tag("PlayerClass") or "club").lower()
        inputs = Inputs(
            trump_aware=aware if aware in ("yes", "no", "doubtful") else "doubtful",  # type: ignore[arg-type]
            phase=phase if phase in ("contested", "concession", "withdrawn") else "contested",  # type: ignore[arg-type]
            player_class=player_class if player_class in ("novice", "club", "expert") else "club",  # type: ignore[arg-type]
        )
    if plan is None:
        plan = read_plan(record.statement or "", record.position, claimer)
    return check_claim(record.position, claimer, record.claimed, plan, profile=profile,
                       inputs=inputs, solver=solver, max_nodes=max_nodes,
                       max_seconds=max_seconds, samples=samples, seed=seed,
                       likely_threshold=likely_threshold)


def read_plan(statement: str, position: Position, claimer: Seat) -> LinePlan:
    """The line plan of *statement* (the empty plan for no statement)."""
    if not statement.strip():
        return EMPTY_PLAN
    from claimcheck.statement import read_statement

    return read_statement(statement, position, claimer)


# --- the profile -----------------------------------------------------------------------------


def _profile(profile: str | Profile, inputs: Inputs) -> Profile:
    if isinstance(profile, Profile):
        return profile
    if profile.lower() not in PROFILES:
        raise InputError(f"unknown profile {profile!r} (expected one of {', '.join(PROFILES)})")
    return profile_for(profile, inputs.player_class)


__all__ = ["check_claim", "check_record", "read_plan", "rule_withdrawn"]


def _solves(solver: object) -> int:
    """Double-dummy solves made so far: DDS's calls and the small endings' own search's
    (``DDSolver.small_solves``; a solver without one counts its calls)."""
    return int(getattr(solver, "calls", 0)) + int(getattr(solver, "small_solves", 0))
