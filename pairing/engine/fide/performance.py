"""Rating performance over a list of games.

* :func:`tournament_performance` — TPR as C.07 10.2 defines it (the tie-break): the rounded
  average rating of the rated opponents played over the board (ARO, 10.1) plus dp(p), p over the
  same games. The tie-break over a whole :class:`TournamentState` stays
  ``tie_break("TPR")``; both read dp from :mod:`pairing.engine.core.fide_tables`.
* :func:`rating_performance` — FIDE's rating performance Rp of the Title Regulations (B.01
  0.5, 1.4.6-1.4.9): unrated opponents count as 1400, at most one opponent (the lowest) is
  raised to an adjusted rating floor when one is given, Ra is rounded (0.5 up) and p is the
  percentage rounded to a whole number (0.5 up).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from pairing.engine.core.fide_tables import rating_difference, round_half_up

UNRATED_AS = 1400
"""B.01 1.4.6 d: unrated opponents (not raised to the floor) count as rated 1400."""


@dataclass(frozen=True, slots=True)
class Performance:
    """A performance and the numbers behind it."""

    games: int
    """Games counted."""
    score: int
    """Half-points in them."""
    average: int
    """Ra, rounded to the nearest whole number, 0.5 up."""
    percentage: int
    """p in whole per cent, 0.5 up (B.01 1.4.9)."""
    dp: int
    """dp(p) (B.02 8.1.1 = B.01 1.4.9)."""
    rating: int
    """Ra + dp."""
    raised: int | None = None
    """The rating an opponent had before it was raised to the floor (1.4.6 c), if one was."""


def opponent_ratings_for_norm(ratings: Sequence[int | None], floor: int | None) -> list[int]:
    """B.01 1.4.6: unrated (``None``) as 1400 (d); then, with a ``floor``, the lowest rating
    below it (only one, c) raised to the floor (b)."""
    out = [UNRATED_AS if r is None else r for r in ratings]
    if floor is not None and out:
        lowest = min(range(len(out)), key=out.__getitem__)
        if out[lowest] < floor:
            out[lowest] = floor
    return out


def _performance(ratings: Sequence[int], score: int, raised: int | None) -> Performance:
    n = len(ratings)
    average = round_half_up(Fraction(sum(ratings), n))  # B.01 1.4.7 b, C.07 10.1
    percentage = round_half_up(Fraction(50 * score, n))  # B.01 1.4.9: whole per cent
    dp = rating_difference(Fraction(percentage, 100))
    return Performance(n, score, average, percentage, dp, average + dp, raised)


def rating_performance(
    games: Sequence[tuple[int | None, int]], floor: int | None = None
) -> Performance | None:
    """Rp (B.01 1.4.8) over ``games`` (opponent's rating or ``None`` if unrated, half-points):
    Ra + dp with the opponents' ratings of 1.4.6 (``floor``: the title's adjusted rating
    floor, or none). ``None`` without a game."""
    if not games:
        return None
    ratings = [r for r, _ in games]
    adjusted = opponent_ratings_for_norm(ratings, floor)
    raised = None
    for before, after in zip(ratings, adjusted, strict=True):
        if (UNRATED_AS if before is None else before) != after:
            raised = UNRATED_AS if before is None else before
    return _performance(adjusted, sum(p for _, p in games), raised)


def tournament_performance(games: Sequence[tuple[int | None, int]]) -> Performance | None:
    """TPR (C.07 10.2) over ``games`` played over the board (opponent's rating or ``None``,
    half-points): unrated opponents are left out (ARO, 10.1); ``None`` without a rated
    opponent. p is read to the hundredth, which for whole per cent is the same reading."""
    rated = [(r, p) for r, p in games if r is not None]
    if not rated:
        return None
    return _performance([r for r, _ in rated], sum(p for _, p in rated), None)
