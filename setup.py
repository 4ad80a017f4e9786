"""Build hook: compile the search's hot modules with mypyc when it is available.

The engine's inner loop (the normal-play rules, the search, card masks) is plain typed Python;
mypyc compiles those modules to C extensions, which roughly halves the time of a ruling
(benchmarks/README.md). When mypyc cannot build them (no compiler, CLAIMCHECK_PURE=1), the package
installs as pure Python and behaves the same, only slower.
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup

HOT = [
    "claimcheck/bits.py",
    "claimcheck/policy/plan_state.py",
    "claimcheck/policy/normal.py",
    "claimcheck/policy/sure.py",
    "claimcheck/engine/search.py",
]


# The sure oracle's game in C (claimcheck/policy/sure.py is its definition and the fallback).
# Optional: where it fails to build, setuptools warns and the Python game runs, same answers.
ORACLE = Extension("claimcheck.policy._sure_core", ["claimcheck/policy/_sure_core.c"],
                   extra_compile_args=["-O3"], optional=True)


def _ext_modules() -> list[object]:
    if os.environ.get("CLAIMCHECK_PURE") == "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("claimcheck: mypyc not available, installing pure Python", file=sys.stderr)
        return [ORACLE]
    try:
        return [*mypycify(HOT, opt_level="3"), ORACLE]
    except Exception as exc:  # noqa: BLE001 - any build trouble falls back to pure Python
        print(f"claimcheck: mypyc build failed ({exc}); installing pure Python", file=sys.stderr)
        return [ORACLE]


setup(ext_modules=_ext_modules())
