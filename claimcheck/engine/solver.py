"""The double-dummy solver: the only module that imports ``endplay.dds`` (and DDS itself).

:class:`DDSolver` fills DDS's own ``deal`` structure from the engine's masks and calls
``SolveBoard`` through endplay's ctypes binding, so no ``endplay.types.Deal`` is built per call
(the engine asks thousands of times). Scores are tricks for the side to play, out of the tricks
left *including the trick in progress* (tested: law70.md section 6, ecosystem.md 1.3).

Endings of at most :data:`SMALL_CARDS` cards a hand are solved by ``_small_dd``, a C search
of our own, where DDS's fixed cost a call would be most of the time; the numbers are the same.

DDS is not thread-safe from Python threads (every call uses DDS thread slot 0), so one process
uses one solver from one thread; a batch runs in processes.
"""

from __future__ import annotations

import importlib
import struct
import time
from collections.abc import Sequence
from typing import Any, Protocol

from claimcheck.errors import SolverError


def _small_dd() -> Any:
    """``_small_dd`` (claimcheck/engine/_small_dd.c), or None where the package was built
    without it: DDS then answers every position, with the same numbers."""
    try:
        return importlib.import_module("claimcheck.engine._small_dd")
    except ImportError:
        return None


_SMALL: Any = _small_dd()

SMALL_CARDS = 6
"""Cards in the longest hand, at most, for which the double-dummy scores come from
``_small_dd`` (claimcheck/engine/_small_dd.c) instead of DDS. DDS spends about a quarter of a
millisecond a call setting itself up however small the ending. Measured in processor time a
board, eight layouts of one decision at a time (DDS in its batches on two threads, ours one
by one): 0.11 ms against 0.56 at four cards a hand, 0.26 against 0.40 at five, 0.40 against
0.50 at six, 1.9 against 0.74 at seven (benchmarks/README.md, thirty-second session). The
numbers are the same: double-dummy results are unique, and tests/test_small_dd.py checks the
two against each other."""

BATCH_SIZE = 200
"""Boards in one ``SolveAllBoardsBin`` call: DDS's MAXNOOFBOARDS (ecosystem.md 1.3: endplay's
own check is off by one, so never more)."""


class DoubleDummy(Protocol):
    """What the engine needs from a double-dummy solver."""

    calls: int

    def tricks(self, hands: tuple[int, int, int, int], trick: tuple[int, ...], leader: int,
               trump: int) -> int:
        """Tricks the side to play can take from here (trick in progress included)."""
        ...

    def scores(self, hands: tuple[int, int, int, int], trick: tuple[int, ...], leader: int,
               trump: int) -> dict[int, int]:
        """Tricks for the side to play after each legal card (card int -> tricks)."""
        ...

    def best(self, hands: tuple[int, int, int, int], trick: tuple[int, ...], leader: int,
             trump: int) -> int:
        """One double-dummy best card for the side to play."""
        ...

    def scores_many(self, positions: Sequence[tuple[tuple[int, int, int, int], tuple[int, ...],
                                                    int]],
                    trump: int) -> list[dict[int, int]]:
        """:meth:`scores` for many positions (hands, trick, leader)."""
        ...


_DDS: Any = None


def _dds() -> Any:
    """endplay's DDS binding (``endplay._dds``), loaded on first use.

    ``import endplay`` runs the package's ``__init__``, which imports its dealer, plotting and
    parsers (matplotlib among them): about half a second a process, most of the time of one
    ruling from the command line. The binding itself is a ctypes module that needs only the
    standard library, so it is loaded here from its file without the package around it; if
    that ever fails (a different layout of endplay), the plain import is the fallback.
    """
    global _DDS
    if _DDS is None:
        _DDS = _load_binding()
    return _DDS


def _load_binding() -> Any:
    import importlib.util
    import sys
    from pathlib import Path

    name = "claimcheck.engine._endplay_dds"
    try:
        spec = importlib.util.find_spec("endplay")
        roots = list(spec.submodule_search_locations or []) if spec else []
        init = Path(roots[0]) / "_dds" / "__init__.py" if roots else None
        if init is not None and init.is_file():
            sub = importlib.util.spec_from_file_location(
                name, init, submodule_search_locations=[str(init.parent)])
            if sub is not None and sub.loader is not None:
                module = importlib.util.module_from_spec(sub)
                sys.modules[name] = module
                sub.loader.exec_module(module)
                if hasattr(module, "SolveBoard") and hasattr(module, "deal"):
                    return module
                del sys.modules[name]
    except Exception:  # noqa: BLE001 - any trouble: the package's own import below
        sys.modules.pop(name, None)
    try:
        from endplay import _dds as dds
    except ImportError as exc:  # pragma: no cover - endplay is a hard dependency
        raise SolverError(f"the double-dummy solver is not available: {exc}") from exc
    return dds


class DDSolver:
    """Double-dummy answers from DDS, memoised per position."""

    def __init__(self, cache_size: int = 200_000) -> None:
        self.calls = 0
        """Calls made to DDS (cache hits not counted)."""
        self.nodes = 0
        """Nodes DDS reports it searched, summed over calls."""
        self.batches = 0
        """Batch calls made to DDS (``SolveAllBoardsBin``), each of up to BATCH_SIZE boards."""
        self.seconds = 0.0
        """Wall time spent inside DDS, summed over calls (for benchmarks)."""
        self.small_solves = 0
        """Positions of at most :data:`SMALL_CARDS` cards a hand solved by ``_small_dd``
        (not counted in :attr:`calls`, which are DDS's)."""
        self._cache: dict[tuple[object, ...], Any] = {}
        self._cache_size = cache_size

    def _solve(self, hands: tuple[int, int, int, int], trick: tuple[int, ...], leader: int,
               trump: int, solutions: int) -> Any:
        key = (hands, trick, leader, trump, solutions)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        dds = _dds()
        dl = dds.deal()
        _fill_deal(dl, hands, trick, leader, trump)
        fut = dds.futureTricks()
        began = time.perf_counter()
        try:
            dds.SolveBoard(dl, -1, solutions, 1, fut, 0)
        except dds.DDSError as exc:
            raise SolverError(f"DDS failed: {exc}") from exc
        finally:
            self.seconds += time.perf_counter() - began
        self.calls += 1
        self.nodes += int(fut.nodes)
        self._remember(key, fut)
        return fut

    def _remember(self, key: tuple[object, ...], fut: Any) -> None:
        if len(self._cache) >= self._cache_size:
            self._cache.clear()
        self._cache[key] = fut

    def tricks(self, hands: tuple[int, int, int, int], trick: tuple[int, ...], leader: int,
               trump: int) -> int:
        """Tricks the side to play can take from here (trick in progress included)."""
        if _SMALL is not None and _small(hands):
            self.small_solves += 1
            return int(_SMALL.tricks(hands, trick, leader, trump))
        fut = self._solve(hands, trick, leader, trump, 1)
        return int(fut.score[0])

    def best(self, hands: tuple[int, int, int, int], trick: tuple[int, ...], leader: int,
             trump: int) -> int:
        """One double-dummy best card for the side to play: DDS's, at every size (which of
        several best cards it names is its move ordering's, and the search orders its cards
        by it, so a small ending keeps DDS's choice and the rulings theirs)."""
        fut = self._solve(hands, trick, leader, trump, 1)
        return int(fut.suit[0]) * 13 + int(fut.rank[0]) - 2

    def scores(self, hands: tuple[int, int, int, int], trick: tuple[int, ...], leader: int,
               trump: int) -> dict[int, int]:
        """Tricks for the side to play after each legal card (equal cards expanded)."""
        if _SMALL is not None and _small(hands):
            self.small_solves += 1
            got: dict[int, int] = _SMALL.scores(hands, trick, leader, trump)  # a new dict
            return got
        return _scores_of(self._solve(hands, trick, leader, trump, 3))

    def scores_many(self, positions: Sequence[tuple[tuple[int, int, int, int], tuple[int, ...],
                                                    int]],
                    trump: int) -> list[dict[int, int]]:
        """:meth:`scores` for many positions (hands, trick, leader) at once, in DDS batches.

        One ``SolveAllBoardsBin`` call solves up to :data:`BATCH_SIZE` boards on DDS's own
        threads; positions already in the memo are not sent. The single-dummy sampler of
        Law 69B asks for a pool of layouts at each decision, which is where a batch pays
        (benchmarks/README.md has the measurement).
        """
        out: list[dict[int, int]] = [{} for _ in positions]
        todo: list[int] = []
        for i, (hands, trick, leader) in enumerate(positions):
            if _SMALL is not None and _small(hands):
                self.small_solves += 1
                out[i] = _SMALL.scores(hands, trick, leader, trump)  # a new dict
                continue
            hit = self._cache.get((hands, trick, leader, trump, 3))
            if hit is not None:
                out[i] = _scores_of(hit)
            else:
                todo.append(i)
        if not todo:
            return out
        dds = _dds()
        for start in range(0, len(todo), BATCH_SIZE):
            chunk = todo[start:start + BATCH_SIZE]
            bo = dds.boards()
            bo.noOfBoards = len(chunk)
            deals = type(bo).deals.offset
            for j, i in enumerate(chunk):
                hands, trick, leader = positions[i]
                _fill_deal(bo, hands, trick, leader, trump, deals + j * _DEAL.size)
            n = len(chunk)
            bo.target[:n] = [-1] * n
            bo.solutions[:n] = [3] * n
            bo.mode[:n] = [1] * n
            solved = dds.solvedBoards()
            began = time.perf_counter()
            try:
                dds.SolveAllBoardsBin(bo, solved)
            except dds.DDSError as exc:
                raise SolverError(f"DDS failed: {exc}") from exc
            finally:
                self.seconds += time.perf_counter() - began
            self.calls += len(chunk)
            self.batches += 1
            answers = type(solved).solvedBoard.offset
            raw = bytes(solved)
            for j, i in enumerate(chunk):
                at = answers + j * _FUTURE.size
                # A copy: a view would keep the whole batch buffer alive in the memo.
                fut = dds.futureTricks.from_buffer_copy(raw, at)
                self.nodes += int(fut.nodes)
                hands, trick, leader = positions[i]
                self._remember((hands, trick, leader, trump, 3), fut)
                out[i] = _scores_of(raw, at)
        return out


def _small(hands: tuple[int, int, int, int]) -> bool:
    """True when no hand holds more than :data:`SMALL_CARDS` cards."""
    return max(hands[0].bit_count(), hands[1].bit_count(), hands[2].bit_count(),
               hands[3].bit_count()) <= SMALL_CARDS


_DEAL = struct.Struct("=2i3i3i16I")
"""DDS's ``deal``: trump, first, currentTrickSuit[3], currentTrickRank[3], remainCards[4][4].
Packed in one call, not field by field through ctypes: a board's two dozen ctypes stores and
the score's five dozen loads were a tenth of a layout-heavy ruling (pbnref_correct_21:16)."""

_FUTURE = struct.Struct("=2i13i13i13i13i")
"""DDS's ``futureTricks``: nodes, cards, suit[13], rank[13], equals[13], score[13]."""


def _fill_deal(dl: Any, hands: tuple[int, int, int, int], trick: tuple[int, ...], leader: int,
               trump: int, offset: int = 0) -> None:
    """Fill DDS's ``deal`` structure from the engine's masks: *dl* is the structure, or a
    buffer holding one at *offset* (a batch's)."""
    t = len(trick)
    suits = (trick[0] // 13 if t > 0 else 0, trick[1] // 13 if t > 1 else 0,
             trick[2] // 13 if t > 2 else 0)
    ranks = (trick[0] % 13 + 2 if t > 0 else 0, trick[1] % 13 + 2 if t > 1 else 0,
             trick[2] % 13 + 2 if t > 2 else 0)
    # Our suit block has bit 0 for the two; DDS wants bit r for rank r.
    _DEAL.pack_into(dl, offset, trump, leader, *suits, *ranks,
                    *(((mask >> (13 * suit)) & 0x1FFF) << 2 for mask in hands
                      for suit in range(4)))


def _scores_of(fut: Any, offset: int = 0) -> dict[int, int]:
    """Card int -> score from a ``futureTricks`` of a solutions=3 call (equal cards expanded):
    *fut* is the structure, or a buffer holding one at *offset* (a batch's answers)."""
    values = _FUTURE.unpack_from(fut, offset)
    out: dict[int, int] = {}
    for i in range(values[1]):
        suit = values[2 + i]
        rank = values[15 + i]
        score = values[41 + i]
        out[suit * 13 + rank - 2] = score
        eq = values[28 + i] >> 2
        r = 0
        while eq:
            if eq & 1:
                out[suit * 13 + r] = score
            eq >>= 1
            r += 1
    return out


def plain_solve_seconds(pbn: str, leader: int, trump: int, trick: tuple[str, ...] = ()) -> float:
    """Time one plain DDS solve of a position through endplay's public API (for benchmarks):
    build ``endplay.types.Deal``, play the trick cards, ``solve_board`` in default mode."""
    import time

    from endplay.dds import solve_board
    from endplay.types import Card, Deal, Denom, Player

    start = time.perf_counter()
    deal = Deal(pbn, first=Player(leader), trump=Denom(trump))
    for c in trick:
        deal.play(Card(c))
    list(solve_board(deal))
    return time.perf_counter() - start
