"""ratings.chart: coordinates of the history's SVG chart."""

from __future__ import annotations

from ratings.chart import rating_chart


def test_it_scales_values_into_the_plot() -> None:
    chart = rating_chart("Regular", [("a", 1500), ("b", 1550), ("c", 1480)], width=640, height=200)
    assert chart is not None
    xs = [p.x for p in chart.points]
    ys = [p.y for p in chart.points]
    assert xs[0] == chart.left and xs[-1] == chart.right and xs[0] < xs[1] < xs[2]
    assert ys[1] < ys[0] < ys[2]  # higher ratings are drawn higher
    assert all(10 <= y <= 190 for y in ys)
    assert [t.value for t in chart.ticks] == [1475, 1500, 1525, 1550]
    assert chart.ticks[0].y == 190 and chart.ticks[-1].y == 10
    assert chart.polyline.count(",") == 3
    assert (chart.first, chart.last) == (1500, 1480)


def test_it_centres_a_single_point_between_round_grid_lines() -> None:
    chart = rating_chart("Quick", [("only", 1200)])
    assert chart is not None
    (point,) = chart.points
    assert point.x == chart.left + (chart.right - chart.left) / 2
    assert [t.value for t in chart.ticks] == [1200, 1225]


def test_it_uses_wider_steps_for_wide_ranges() -> None:
    chart = rating_chart("Regular", [("a", 400), ("b", 2400)])
    assert chart is not None
    assert [t.value for t in chart.ticks] == [0, 500, 1000, 1500, 2000, 2500]


def test_it_has_no_chart_without_values() -> None:
    assert rating_chart("Regular", []) is None
