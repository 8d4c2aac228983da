"""The USCF rating formulas (pairing/engine/uscf/formulas.py), written after mutation run 11
(docs/testing.md) of the module: each expectation is worked out by hand from the
transcription of the rating system (/work/shared/specs/uscf-rating-system.md, 2.2 and 2.3)."""

from __future__ import annotations

import math

import pytest

from pairing.engine.uscf.formulas import StandardResult, special_rating, standard_rating


def test_2_2_step_4_an_opponent_exactly_400_points_away_counts_in_p() -> None:
    """N' = 0 (the prior has no weight), R0 = 2000, one win against 1000: S' = 1,
    f(R) = PWe(R, 1000) - 1, zero from 1400 up. Step 1: M = (1000 + 400·(2 - 1)) / 1 = 1400,
    f(M) = 0. Step 4: |M - 1000| = 400 <= 400 counts (p = 1; R0' = 2000 is 600 away): stop,
    M = 1400."""
    assert special_rating(2000, 0, [1000], 1) == pytest.approx(1400)


def test_2_2_step_4_the_prior_exactly_400_points_away_counts_in_p() -> None:
    """N' = 0, R0 = 1800, a win against 999 and a loss against 1801: S' = 1; f is zero on
    [1399, 1401]. Step 1: M = (999 + 1801 + 400·(2 - 2)) / 2 = 1400, f(M) = 0. Step 4: the
    opponents are 401 away, R0' = 1800 exactly 400: p = 1, stop at 1400 (were it not
    counted, step 4b would move M to the knot 1401 nearest R0)."""
    assert special_rating(1800, 0, [999, 1801], 1) == pytest.approx(1400)


def test_2_2_step_4b_nobody_within_400_points_moves_m_toward_r0() -> None:
    """N' = 0, R0 = 1801, a win against 1000 and a loss against 1801: S' = 1, f zero on
    [1400, 1401]. Step 1: M = (1000 + 1801) / 2 = 1400.5, f(M) = 0. Step 4: 1000, 1801 and
    R0' = 1801 are all 400.5 away: p = 0 (not within 400). Step 4b: za = 1400, zb = 1401
    (the knots 1000 + 400 and 1801 - 400), R0 = 1801 > zb: M = 1401."""
    assert special_rating(1801, 0, [1000, 1801], 1) == pytest.approx(1401)


def test_2_2_with_nothing_to_rate_the_prior_stays_capped_at_2700() -> None:
    """N' + m = 0: f is 0 everywhere and step 1 divides by zero; nothing moves the rating:
    R0, and a special rating above 2700 becomes 2700 (2.2's last line)."""
    assert special_rating(1500, 0, [], 0) == 1500
    assert special_rating(2800, 0, [], 0) == 2700


def test_2_3_no_games_change_nothing() -> None:
    """m = 0: K(S - E) is an empty sum; Rs = R0, no K, no bonus, E = 0."""
    assert standard_rating(1500, 20, [], 0) == StandardResult(1500, 0.0, 0.0, 0.0)


def test_2_3_the_bonus_uses_b_6_by_default() -> None:
    """R0 = 1500, N' = 20, four wins against 1500: K = 800 / 24 = 33.33 (the transcription's
    (20, 4) value), E = 4 × 0.5 = 2, K(S - E) = 66.67; bonus (m' = 4, B = 6 "as of June
    2008"): 66.67 - 6·sqrt(4) = 54.67; Rs = 1500 + 66.67 + 54.67 = 1621.33."""
    result = standard_rating(1500, 20, [1500] * 4, 4)
    assert result.k == pytest.approx(800 / 24)
    assert result.expected == pytest.approx(2)
    assert result.bonus == pytest.approx(800 / 24 * 2 - 6 * math.sqrt(4))
    assert result.rating == pytest.approx(1500 + 2 * 800 / 24 * 2 - 12)
