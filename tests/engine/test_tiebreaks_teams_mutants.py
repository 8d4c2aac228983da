"""Tests written after mutation run 10 (docs/testing.md) of the tie-break registry and the team
tie-break modules. Every expected value is derived by hand in the docstring."""

from __future__ import annotations

from fractions import Fraction

from pairing.engine.tiebreaks.registry import format_value, tie_break


def test_format_value_of_a_unit_without_fixed_precision_shows_two_decimals() -> None:
    """``format_value``: units 1, 2 and 4 show 0, 1 and 2 decimals (counts, half-points,
    quarter-points); any other unit is shown with two. 7 in thirds is 7 / 3 = 2.333... ->
    "2.33"; 4 in thirds is 1.333... -> "1.33"."""
    assert format_value(7, 3) == "2.33"
    assert format_value(4, 3) == "1.33"


def test_format_value_rounds_halves_up() -> None:
    """A count shown without decimals: 5/2 = 2.5 -> "3" and 1/2 = 0.5 -> "1" (halves rounded
    up, as B.01 1.4.7 b does for ratings); 1/4 -> "0"."""
    assert format_value(Fraction(5, 2), 1) == "3"
    assert format_value(Fraction(1, 2), 1) == "1"
    assert format_value(Fraction(1, 4), 1) == "0"


def test_format_value_keeps_the_sign_of_a_negative_value() -> None:
    """A negative value (a 299 penalty in a team score, a negative PS/Cut difference) is shown
    with its sign, its size rounded like a positive one: -3 half-points -> "-1.5"; -5/2 as a
    count -> "-3" (2.5 rounded half up, then the sign); -7 quarter-points -> "-1.75"."""
    assert format_value(-3, 2) == "-1.5"
    assert format_value(Fraction(-5, 2), 1) == "-3"
    assert format_value(-7, 4) == "-1.75"


def test_modified_tie_breaks_are_named_and_cited_by_their_modifier() -> None:
    """C.07 14: Cut-n drops the n lowest terms, Median-n the n highest and n lowest (14.2),
    Limit moves Koya's 50 % threshold (14.5). The column names its base and modifier and cites
    the base's article and 14 (14.5 for Koya): BH-C3 "Buchholz Cut-3", C.07 8.1 14; SB-M1
    "Sonneborn-Berger Median-1", C.07 9.1 14; KS-L+1 "Koya system limit +1", C.07 9.2 14.5;
    KS-L-2 likewise with -2."""
    cases = {
        "BH/C3": ("BH-C3", "Buchholz Cut-3", "C.07 8.1 14", 2),
        "SB/M1": ("SB-M1", "Sonneborn-Berger Median-1", "C.07 9.1 14", 4),
        "KS/L+1": ("KS-L+1", "Koya system limit +1", "C.07 9.2 14.5", 2),
        "KS/L-2": ("KS-L-2", "Koya system limit -2", "C.07 9.2 14.5", 2),
    }
    for code, expected in cases.items():
        tb = tie_break(code)
        assert (tb.code, tb.name, tb.article, tb.unit) == expected, code
