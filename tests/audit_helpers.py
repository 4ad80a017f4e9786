"""Helpers for the audit tests: a tree of good and malformed record files, generated claims."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import numpy as np

from claimcheck.audit.job import Job, Outcome, rule_job
from claimcheck.cards import Card, Seat, Strain
from claimcheck.formats.jsonfmt import write_json
from claimcheck.formats.record import ClaimRecord
from claimcheck.position import Position

DEALS = Path(__file__).resolve().parents[1] / "deals"
ENDINGS = DEALS / "examples" / "endings.pbn"


def generated_claims(count: int, cards: int, seed: int = 7) -> list[ClaimRecord]:
    """*count* seeded random positions of *cards* a hand; declarer claims them all, unsaid."""
    rng = np.random.default_rng(seed)
    out = []
    for j in range(count):
        deck = rng.permutation(52)
        hands = [[Card.from_index(int(i)) for i in deck[s * cards:(s + 1) * cards]]
                 for s in range(4)]
        declarer = Seat(int(rng.integers(0, 4)))
        pos = Position.build(hands, Strain(int(rng.integers(0, 5))), declarer.lho,
                             declarer=declarer)
        out.append(ClaimRecord(f"g{j + 1}", pos, claimer=declarer, claimed=cards, board=j + 1))
    return out


def write_generated(path: Path, count: int, cards: int, seed: int = 7) -> Path:
    """Write generated claims as one JSON records file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(write_json(generated_claims(count, cards, seed)), encoding="utf-8")
    return path


def mixed_tree(root: Path) -> Path:
    """Good and malformed record files in nested folders, with clashing names.

    ``a/x.pbn`` and ``b/x.pbn`` (both with records 1 and 2), ``b/deep/x.txt`` (a diagram),
    ``bad/broken.pbn`` (record 2 has an impossible deal), ``bad/binary.lin`` (NUL bytes),
    ``bad/big.txt`` (over a 0.05 MB limit the test sets), ``bad/gone.pbn`` (a broken link),
    ``notes.md`` (skipped) and ``.hidden/x.pbn`` (not walked).
    """
    text = ENDINGS.read_text(encoding="utf-8")
    games = text.split("\n\n")
    (root / "a").mkdir(parents=True)
    (root / "b" / "deep").mkdir(parents=True)
    (root / "bad").mkdir()
    (root / ".hidden").mkdir()
    (root / "a" / "x.pbn").write_text(text, encoding="utf-8")
    (root / "b" / "x.pbn").write_text("\n\n".join(games[:3]) + "\n", encoding="utf-8")
    shutil.copy(DEALS / "examples" / "concession.txt", root / "b" / "deep" / "x.txt")
    (root / "bad" / "broken.pbn").write_text(text.replace(
        '[Deal "N:K..K.2 QJ..Q. A.Q.A. .J..KQ"]', '[Deal "N:K..K.2 QJ..Q. A.Q.A. .J..KK"]'),
        encoding="utf-8")
    (root / "bad" / "binary.lin").write_bytes(b"md|3S\x00\x01\x02" * 100)
    (root / "bad" / "big.txt").write_text("% padding\n" * 6000, encoding="utf-8")
    os.symlink(root / "bad" / "nowhere.pbn", root / "bad" / "gone.pbn")
    (root / "notes.md").write_text("# notes\n", encoding="utf-8")
    shutil.copy(ENDINGS, root / ".hidden" / "x.pbn")
    return root


def rule_or_die(job: Job) -> Outcome:
    """A pool task that kills its worker on the record ``g3`` (a crash inside the solver)."""
    if job.record.id == "g3":
        os._exit(3)
    return rule_job(job)


def always_die(job: Job) -> Outcome:
    """A pool task whose worker dies at once, whatever the record."""
    os._exit(4)
