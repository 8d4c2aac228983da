"""FIDE's rating performance Rp with a title's rating floor (pairing/engine/fide/performance.py,
B.01 1.4.6-1.4.9), worked out by hand with the dp table of B.02 8.1.1 (p .50 -> 0, .63 ->
95): the surviving mutants of the module's mutation run (docs/testing.md) each break one of
these."""

from __future__ import annotations

from pairing.engine.fide.performance import Performance, rating_performance


def test_the_lowest_opponent_raised_to_the_floor_is_an_unrated_one_counted_as_1400() -> None:
    """Opponents 2300 (won), 2250 (drew), unrated (won), 2400 (lost); floor 2200. The unrated
    opponent counts as 1400 (1.4.6 d), the lowest, raised to 2200 (c): Ra = (2300 + 2250 +
    2200 + 2400) / 4 = 2287.5 -> 2288; 2.5 of 4 = 62.5 % -> 63 %, dp 95; Rp 2383; raised from
    1400."""
    games = [(2300, 2), (2250, 1), (None, 2), (2400, 0)]
    assert rating_performance(games, floor=2200) == Performance(4, 5, 2288, 63, 95, 2383, 1400)


def test_a_rated_opponent_below_the_floor_is_raised_and_named() -> None:
    """Opponents 2100 (won) and 2300 (lost), floor 2200: 2100 is raised to 2200; Ra 2250,
    50 %, dp 0: Rp 2250, raised from 2100."""
    assert rating_performance([(2100, 2), (2300, 0)], floor=2200) == Performance(
        2, 2, 2250, 50, 0, 2250, 2100
    )


def test_nobody_is_raised_when_every_opponent_is_at_or_above_the_floor() -> None:
    assert rating_performance([(2300, 1), (2200, 1)], floor=2200) == Performance(
        2, 2, 2250, 50, 0, 2250, None
    )


def test_an_unrated_opponent_above_the_floor_counts_as_1400_without_being_raised() -> None:
    """Opponents unrated (drew) and 2000 (drew), floor 1300: 1400 is above it, nobody is
    raised; Ra 1700, 50 %: Rp 1700."""
    assert rating_performance([(None, 1), (2000, 1)], floor=1300) == Performance(
        2, 2, 1700, 50, 0, 1700, None
    )
