"""Run every ``benchmarks/bench_*.py`` module (or the ones named) and print their tables.

Each module defines ``main() -> None`` that prints its own results. Speed is measured here,
never asserted in the test suite.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
from pathlib import Path


def available() -> list[str]:
    here = Path(__file__).parent
    return sorted(
        m.name.removeprefix("bench_")
        for m in pkgutil.iter_modules([str(here)])
        if m.name.startswith("bench_")
    )


def main(argv: list[str]) -> int:
    names = argv or available()
    unknown = [n for n in names if n not in available()]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; available: {', '.join(available())}")
        return 2
    if not names:
        print("no benchmarks yet")
    for name in names:
        print(f"== {name} ==", flush=True)
        started = time.perf_counter()
        importlib.import_module(f"benchmarks.bench_{name}").main()
        print(f"({name}: {time.perf_counter() - started:.1f} s in all)\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
