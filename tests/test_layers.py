"""Imports flow one way, and each dependency has one door (architecture, style rule 7)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "claimcheck"

# Lowest first. A module may import only from its own layer or lower ones.
LAYERS: list[tuple[str, ...]] = [
    ("claimcheck.errors", "claimcheck.policy.citations"),
    ("claimcheck.cards", "claimcheck.tricks", "claimcheck.bits"),
    ("claimcheck.position", "claimcheck.plan", "claimcheck.penalty"),
    ("claimcheck.formats", "claimcheck.statement"),
    ("claimcheck.policy",),
    ("claimcheck.engine",),
    ("claimcheck.ruling", "claimcheck.reasons"),
    ("claimcheck.check", "claimcheck.report", "claimcheck.options"),
    ("claimcheck.audit", "claimcheck.service"),
    ("claimcheck.cli", "claimcheck.__main__", "claimcheck.server"),
]


def _layer(module: str) -> int:
    best = -1
    best_len = -1
    for i, names in enumerate(LAYERS):
        for name in names:
            if (module == name or module.startswith(name + ".")) and len(name) > best_len:
                best, best_len = i, len(name)
    return best


def _modules() -> list[tuple[str, Path]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        name = ".".join(rel.parts)
        if name.endswith(".__init__"):
            name = name[: -len(".__init__")]
        out.append((name, path))
    return out


def _imports(path: Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    # A renderer loaded lazily from a _repr_*_ method is the one allowed upward edge
    # (python-chess's Board._repr_svg_): it runs only in a notebook, never on import.
    exempt = {
        id(n) for f in ast.walk(tree)
        if isinstance(f, ast.FunctionDef) and f.name.startswith("_repr_")
        for n in ast.walk(f)
    }
    found = []
    for node in ast.walk(tree):
        if id(node) in exempt:
            continue
        if isinstance(node, ast.Import):
            found += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module, node.lineno))
    return found


@pytest.mark.parametrize("name,path", _modules(), ids=[m for m, _ in _modules()])
def test_imports_flow_downwards(name: str, path: Path) -> None:
    if name == "claimcheck":
        return  # the facade re-exports the public names; nothing inside imports it
    mine = _layer(name)
    assert mine >= 0, f"{name} is in no layer"
    for target, line in _imports(path):
        if target == "claimcheck":
            pytest.fail(f"{name}:{line} imports the facade")
        if target.startswith("claimcheck."):
            theirs = _layer(target)
            assert theirs <= mine, f"{name}:{line} imports {target} from a higher layer"


def test_one_door_per_dependency() -> None:
    for name, path in _modules():
        for target, line in _imports(path):
            if target == "click" or target.startswith("click."):
                assert name == "claimcheck.cli", f"{name}:{line} imports click"
            if target.startswith("endplay.dds") or target == "endplay._dds" or (
                target == "endplay" and "_dds" in path.read_text(encoding="utf-8")
            ):
                assert name == "claimcheck.engine.solver", f"{name}:{line} imports the solver"
            if target.startswith("endplay.types"):
                assert name in ("claimcheck.cards", "claimcheck.engine.solver"), (
                    f"{name}:{line} imports endplay.types outside the adapter"
                )
            if target.split(".")[0] in ("starlette", "uvicorn", "fastapi"):
                assert name == "claimcheck.server", f"{name}:{line} imports the web framework"
            if target == "numpy" or target.startswith("numpy."):
                assert name.startswith(("claimcheck.engine", "claimcheck.audit")), (
                    f"{name}:{line} imports numpy"
                )
