"""Build hook: compile the search's hot modules with mypyc when it is available.

The engine's inner loop (the normal-play rules, the search, card masks) is plain typed Python;
mypyc compiles those modules to C extensions, which roughly halves the time of a ruling
(benchmarks/README.md). When mypyc cannot build them (no compiler, CLAIMCHECK_PURE=1), the package
installs as pure Python and behaves the same, only slower.
"""

from __future__ import annotations

import os
import platform
import sys

from setuptools import Extension, setup

HOT = [
    "claimcheck/bits.py",
    "claimcheck/policy/plan_state.py",
    "claimcheck/policy/normal.py",
    "claimcheck/policy/sure.py",
    "claimcheck/engine/search.py",
]


def _oracle_flags() -> list[str]:
    """The C oracle's compiler flags. Its masks are counted with ``__builtin_popcountll``,
    which without ``-mpopcnt`` is a call into libgcc (3-4% of an oracle-heavy ruling, vugraph
    22050:18 and 07050:32, thirtieth session). The package is built where it runs (``make``
    builds it in place), so the instruction is asked for only when this machine's processor
    reports it: never an illegal instruction on an older one."""
    flags = ["-O3"]
    if platform.machine() in ("x86_64", "AMD64"):
        try:
            with open("/proc/cpuinfo", encoding="ascii", errors="replace") as info:
                if " popcnt" in info.read():
                    flags.append("-mpopcnt")
        except OSError:
            pass
    return flags


# The sure oracle's game in C (claimcheck/policy/sure.py is its definition and the fallback).
# Optional: where it fails to build, setuptools warns and the Python game runs, same answers.
ORACLE = Extension("claimcheck.policy._sure_core", ["claimcheck/policy/_sure_core.c"],
                   extra_compile_args=_oracle_flags(), optional=True)

# Double-dummy scores of small endings in C (claimcheck/engine/_small_dd.c); optional too:
# without it DDS answers every position, same answers.
SMALL_DD = Extension("claimcheck.engine._small_dd", ["claimcheck/engine/_small_dd.c"],
                     extra_compile_args=_oracle_flags(), optional=True)


def _ext_modules() -> list[object]:
    if os.environ.get("CLAIMCHECK_PURE") == "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("claimcheck: mypyc not available, installing pure Python", file=sys.stderr)
        return [ORACLE, SMALL_DD]
    try:
        return [*mypycify(HOT, opt_level="3"), ORACLE, SMALL_DD]
    except Exception as exc:  # noqa: BLE001 - any build trouble falls back to pure Python
        print(f"claimcheck: mypyc build failed ({exc}); installing pure Python", file=sys.stderr)
        return [ORACLE, SMALL_DD]


setup(ext_modules=_ext_modules())
