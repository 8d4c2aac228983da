"""US Chess match rating caps at the edges of their windows (pairing/engine/uscf/rater.py,
rating system section 4: each match's change at most ±50; the net change of the matches
within 180 days at most ±100, within three years at most ±200). A 2000 player with six wins
against a 2100 one gains about 70 before the caps, six losses lose about 36
(tests/engine/test_uscf_event.py derives K): every expected value below is a cap. The
surviving mutants of the module's mutation run (docs/testing.md) each break one of these."""

from __future__ import annotations

from datetime import date

import pytest

from pairing.engine.uscf import MatchChange, RatedPlayer, RatingInputError, rate_match

A, B = RatedPlayer("A", 2000, 100), RatedPlayer("B", 2100, 100)
END = date(2024, 6, 1)
"""180 days before it: 4 December 2023; three years before: 1 June 2021."""


def after(scores: list[float], *history: MatchChange, end: date = END) -> float | None:
    return rate_match(A, B, scores, end_date=end, history_a=history).players[0].post


def test_the_180_days_start_the_day_after_the_180th_day_before() -> None:
    """+80 on 5 December 2023 counts in the 180 days: at most +20 more. +80 on 4 December
    2023 does not (it counts in the three years only: 200 - 80 leaves the match cap, +50).
    +80 on the match's own day counts."""
    assert after([1] * 6, MatchChange(date(2023, 12, 5), 80)) == 2020
    assert after([1] * 6, MatchChange(date(2023, 12, 4), 80)) == 2050
    assert after([1] * 6, MatchChange(END, 80)) == 2020


def test_the_three_years_start_the_day_after_the_day_three_years_before() -> None:
    """+190 on 2 June 2021 counts: at most +10 more; on 1 June 2021 it does not: +50. From 29
    February 2028 the three years go back to 28 February 2025."""
    assert after([1] * 6, MatchChange(date(2021, 6, 2), 190)) == 2010
    assert after([1] * 6, MatchChange(date(2021, 6, 1), 190)) == 2050
    leap = date(2028, 2, 29)
    assert after([1] * 6, MatchChange(date(2025, 3, 1), 190), end=leap) == 2010
    assert after([1] * 6, MatchChange(date(2025, 2, 28), 190), end=leap) == 2050


def test_a_window_used_up_allows_no_gain_and_a_loss_keeps_its_own_cap() -> None:
    """+100 within 180 days: no gain at all. After -80 within 180 days a loss may take 20 more
    (the -36 is cut to -20); after -120, none (a gain is still allowed: the cap is on the net
    change)."""
    assert after([1] * 6, MatchChange(date(2024, 3, 1), 100)) == 2000
    assert after([0] * 6, MatchChange(date(2024, 3, 1), -80)) == 1980
    assert after([0] * 6, MatchChange(date(2024, 3, 1), -120)) == 2000


def test_match_players_may_be_400_points_apart_not_more() -> None:
    rate_match(A, RatedPlayer("C", 2400, 100), [1], end_date=END)
    with pytest.raises(RatingInputError, match="'A' and 'D' are more than 400 points apart"):
        rate_match(A, RatedPlayer("D", 2401, 100), [1], end_date=END)
