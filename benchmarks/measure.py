"""Timing and peak-memory helpers shared by the benchmarks."""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def measure(fn: Callable[[], T], *, memory: bool = True) -> tuple[T, float, float]:
    """Run ``fn`` once; return its result, seconds, and peak traced memory in MiB
    (0 when ``memory`` is off: tracing slows pure-Python code down)."""
    if memory:
        tracemalloc.start()
    started = time.perf_counter()
    try:
        result = fn()
    finally:
        seconds = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1] / 2**20 if memory else 0.0
        if memory:
            tracemalloc.stop()
    return result, seconds, peak
