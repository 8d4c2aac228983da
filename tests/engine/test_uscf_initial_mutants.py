"""Edges of US Chess Step 1 (an unrated player's initial rating) and of the rating floor
(rating system section 2 as in /work/shared/specs/uscf-rating-system.md), found by mutation
run 4 (docs/testing.md)."""

from __future__ import annotations

from datetime import date

import pytest

from pairing.engine.uscf.formulas import established_floor, initial_rating
from pairing.engine.uscf.rater import RatedPlayer

END = date(2024, 6, 30)


def test_cfc_just_above_1500_uses_the_upper_formula() -> None:
    """Step 1 sources 2-3: CFC > 1500 gives 1.1·CFC − 240 with N = 5: 1501 -> 1411.1. CFC ≤
    1500 gives CFC − 90 with N = 0, named "cfc" too."""
    above = initial_rating(RatedPlayer("p", cfc=1501))
    assert (above.rating, above.games, above.source) == (pytest.approx(1411.1), 5, "cfc")
    at = initial_rating(RatedPlayer("p", cfc=1500))
    assert (at.rating, at.games, at.source) == (1410.0, 0, "cfc")


def test_age_just_above_3_and_just_above_26() -> None:
    """Step 1 source 7: 50·Age for 3 ≤ Age ≤ 26, else 1300. Born 31 December 2020, Age on 30
    June 2024 = 1277 / 365.25 = 3.50: 174.8. Born 31 December 1997: 9678 / 365.25 = 26.50:
    1300 (not 1325). Both named "age"."""
    three = initial_rating(RatedPlayer("p", birth_date=date(2020, 12, 31)), end_date=END)
    assert (three.rating, three.source) == (pytest.approx(50 * 1277 / 365.25), "age")
    older = initial_rating(RatedPlayer("p", birth_date=date(1997, 12, 31)), end_date=END)
    assert (older.rating, older.source) == (1300.0, "age")


def test_the_floor_rounds_a_decimal_peak_down() -> None:
    """2.4: the floor is the peak minus 200 rounded down to a 100-level: a peak of 2099.60
    (current ratings have two decimals) gives 1899.60 -> 1800, not 1900; 2100 gives 1900."""
    assert established_floor(2099.6) == 1800
    assert established_floor(2100.0) == 1900
