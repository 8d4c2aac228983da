"""The USCF rating formulas (pairing/engine/uscf/formulas.py), written after mutation run 11
(docs/testing.md) of the module: each expectation is worked out by hand from the
transcription of the rating system (/work/shared/specs/uscf-rating-system.md, 2.2 and 2.3)."""

from __future__ import annotations

import math

import pytest

from pairing.engine.uscf.formulas import (
    StandardResult,
    dual_regular_k_factor,
    special_rating,
    standard_rating,
)


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


# -- Run 12 (docs/testing.md): step 1's start and step 4b's ends on a flat piece, where the
# transcription's guarantee decides ("a rating never decreases because of wins nor increases
# because of losses"), and the current rules' dual-rated multiplier at its bounds.


def test_2_2_a_win_after_all_losses_does_not_lower_the_rating() -> None:
    """R0 = 2000, N' = 1, all losses before, a win against 1200 (m = 1, S = 1). 2.2: R0' =
    R0 + 400 = 2400, S' = S = 1; f(R) = PWe(R, 2400) + PWe(R, 1200) - 1. Knots 800, 1600
    (1200 -/+ 400), 2000, 2800 (2400 -/+ 400): f rises from -1 at 800 to 0 at 1600, is 0 on
    [1600, 2000] (1200's term 1, 2400's term 0) and rises to 1 at 2800.
    Step 1: M = (1 x 2400 + 1200 + 400 x (2 x 1 - 1)) / (1 + 1) = 4000 / 2 = 2000; f(2000)
    = 0 + 1 - 1 = 0. Step 4: |2000 - R0'| = 400 <= 400, p = 1: stop, 2000 -- the win does
    not lower the rating (the source's guarantee). Started at (3600 - 400) / 2 = 1600 or at
    (1 / 2400 + 1600) / 2 (about 800, then step 3's secant to the knot 1600), step 4 stops
    at the flat piece's other end, 1600: a win that costs 400 points."""  # USCF 2.2 step 1
    assert special_rating(2000, 1, [1200], 1, all_losses=True) == pytest.approx(2000)


def test_2_2_step_4b_takes_r0_at_the_flat_pieces_lower_end() -> None:
    """R0 = 1100, N' = 1, all wins before, a loss against 2300 (m = 1, S = 0). 2.2: R0' =
    R0 - 400 = 700, S' = S + N' = 1; f(R) = PWe(R, 700) + PWe(R, 2300) - 1. Knots 300,
    1100 (700 -/+ 400), 1900, 2700 (2300 -/+ 400); f is 0 on [1100, 1900].
    Step 1: M = (700 + 2300 + 400 x (0 - 1)) / 2 = 2600 / 2 = 1300; f(1300) = 0. Step 4:
    2300 is 1000 away, R0' = 700 is 600 away: p = 0. Step 4b: za = 1100, zb = 1900 and
    za <= R0 = 1100 <= zb: M = R0 = 1100 (R0 exactly at the lower end still counts; the
    upper end, 1900, would be a loss worth 800 points)."""  # USCF 2.2 step 4b
    assert special_rating(1100, 1, [2300], 0, all_wins=True) == pytest.approx(1100)


def test_dual_rated_regular_k_multiplier_at_its_bounds() -> None:
    """The current rules (shared/specs/README.md): on the Regular side of a dual-rated
    event K is multiplied by 6.5 - 0.0025 x R0 for 2200 < R0 < 2500, by 1/4 from 2500, and
    unchanged up to 2200. Ratings are stored with two decimals, so:
    R0 = 2200: 1; R0 = 2200.5: 6.5 - 5.50125 = 0.99875; R0 = 2201: 6.5 - 5.5025 = 0.9975;
    R0 = 2499.99: 6.5 - 6.249975 = 0.250025; R0 = 2500: 0.25; R0 = 2500.5: 0.25 (not
    6.5 - 6.25125 = 0.24875)."""
    priors = (2200, 2200.5, 2201, 2499.99, 2500, 2500.5)
    expected = (1, 0.99875, 0.9975, 0.250025, 0.25, 0.25)
    assert [dual_regular_k_factor(r) for r in priors] == pytest.approx(expected)
