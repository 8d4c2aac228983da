"""A small server-rendered rating chart: coordinates for an inline SVG, no JavaScript."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

STEPS = (25, 50, 100, 200, 250, 500, 1000)
"""Candidate distances between horizontal grid lines, in rating points."""


@dataclass(frozen=True, slots=True)
class ChartPoint:
    x: float
    y: float
    label: str
    value: int


@dataclass(frozen=True, slots=True)
class Tick:
    y: float
    value: int


@dataclass(frozen=True, slots=True)
class Chart:
    title: str
    width: int
    height: int
    left: int
    """Where the plot starts (room for the rating labels)."""
    points: tuple[ChartPoint, ...]
    ticks: tuple[Tick, ...]

    @property
    def polyline(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)

    @property
    def first(self) -> int:
        return self.points[0].value

    @property
    def last(self) -> int:
        return self.points[-1].value

    @property
    def right(self) -> int:
        return self.width - 8


def _grid(lo: float, hi: float, max_lines: int = 5) -> tuple[int, int, int]:
    """A grid (bottom, top, step) in round numbers that covers lo … hi."""
    for step in STEPS:
        bottom = math.floor(lo / step) * step
        top = math.ceil(hi / step) * step
        if top == bottom:
            top += step
        if (top - bottom) / step <= max_lines:
            return bottom, top, step
    step = STEPS[-1]
    return math.floor(lo / step) * step, math.ceil(hi / step) * step or step, step


def rating_chart(
    title: str,
    values: Sequence[tuple[str, int]],
    *,
    width: int = 640,
    height: int = 200,
) -> Chart | None:
    """The chart of ``values`` ((label, shown rating), oldest first); ``None`` when empty."""
    if not values:
        return None
    left, top_margin, bottom_margin = 48, 10, 10
    plot_w = width - left - 8
    plot_h = height - top_margin - bottom_margin
    bottom, top, step = _grid(min(v for _, v in values), max(v for _, v in values))

    def y_of(value: float) -> float:
        return top_margin + plot_h * (top - value) / (top - bottom)

    n = len(values)
    points = tuple(
        ChartPoint(
            x=left + (plot_w / 2 if n == 1 else plot_w * i / (n - 1)),
            y=y_of(value),
            label=label,
            value=value,
        )
        for i, (label, value) in enumerate(values)
    )
    ticks = tuple(Tick(y_of(v), v) for v in range(bottom, top + 1, step))
    return Chart(title, width, height, left, points, ticks)
