"""FIDE's table of rating difference by fractional score, shared by the C.07 tie-breaks (TPR)
and the FIDE rating and title modules (:mod:`pairing.engine.fide`).

The table is the same in the Rating Regulations (B.02, 1 March 2024, table 8.1.1) and the Title
Regulations (B.01, 1 January 2024, table 1.4.9).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
from fractions import Fraction

DP_TABLE: Mapping[int, int] = {
    100: 800, 99: 677, 98: 589, 97: 538, 96: 501, 95: 470, 94: 444, 93: 422, 92: 401, 91: 383,
    90: 366, 89: 351, 88: 336, 87: 322, 86: 309, 85: 296, 84: 284, 83: 273, 82: 262, 81: 251,
    80: 240, 79: 230, 78: 220, 77: 211, 76: 202, 75: 193, 74: 184, 73: 175, 72: 166, 71: 158,
    70: 149, 69: 141, 68: 133, 67: 125, 66: 117, 65: 110, 64: 102, 63: 95, 62: 87, 61: 80,
    60: 72, 59: 65, 58: 57, 57: 50, 56: 43, 55: 36, 54: 29, 53: 21, 52: 14, 51: 7,
    50: 0,
}  # fmt: skip
"""FIDE Handbook B.02 (rating regulations) 8.1.1: fractional score p, in hundredths, to rating
difference dp, for p = 0.50 .. 1.00 (1.00 is the notional 800 of 8.1). Below 0.50,
dp(p) = -dp(1 - p). Typed from the published table."""


PD_UPPER_BOUNDS: tuple[int, ...] = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328,
    344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)  # fmt: skip
"""FIDE Handbook B.02 8.1.2: the highest rating difference D (in rating points, D >= 0) for
which the higher-rated player's expected score PD(H) is 0.50, 0.51, ..., 0.99 in turn;
above 735 it is 1.00. The lower-rated player's PD(L) = 1 - PD(H). Typed from the published
table."""


def expected_hundredths(difference: int) -> int:
    """PD in hundredths for a rating difference ``difference`` = own rating - opponent's rating
    (B.02 8.1.2), on the full scale (the 400-point rule, 8.3.1, is the caller's)."""
    high = 50 + bisect_left(PD_UPPER_BOUNDS, abs(difference))
    return high if difference >= 0 else 100 - high


def round_half_up(x: Fraction) -> int:
    """``x`` rounded to the nearest whole number, halves up (B.01 1.4.7 b, 1.4.9)."""
    return (2 * x.numerator + x.denominator) // (2 * x.denominator)


def rating_difference(p: Fraction) -> int:
    """dp for a fractional score ``p`` (B.02 8.1.1), p read to the nearest hundredth with
    halves rounded up (e.g. 2/3 -> 0.67 -> 125, 1/8 -> 0.13 -> -322)."""
    if not 0 <= p <= 1:
        raise ValueError(f"fractional score out of range: {p}")
    hundredths = round_half_up(p * 100)
    return DP_TABLE[hundredths] if hundredths >= 50 else -DP_TABLE[100 - hundredths]
