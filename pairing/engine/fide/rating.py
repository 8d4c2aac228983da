"""FIDE rating changes: FIDE Rating Regulations (Handbook B.02) applied from 1 March 2024, with
the amendment of 8.3.1 effective from 1 October 2025 (no 400-point cap from 2650 up).

Units: game results in **half-points** (win 2, draw 1, loss 0); scoring probabilities in
**hundredths** (table 8.1.2 gives two decimals); exact changes as :class:`Fraction`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from pairing.engine.core.errors import EngineError
from pairing.engine.core.fide_tables import (
    expected_hundredths,
    rating_difference,
    round_half_up,
)


class FideRatingError(EngineError):
    """Input the FIDE rating rules cannot rate (a bad result, a negative count, ...)."""


CAP = 400
"""B.02 8.3.1: a difference of more than 400 points counts as 400 ..."""
UNCAPPED_FROM = 2650
"""... for players rated below 2650; from 2650 the real difference (from 1 October 2025)."""
INITIAL_OPPONENT = 1800
"""B.02 8.2.2: two hypothetical opponents rated 1800, both games drawn."""
INITIAL_MAXIMUM = 2200
"""B.02 8.2.3: the maximum initial rating."""
RATING_FLOOR = 1400
"""B.02 7.1.4 / 7.2.1: a rating below 1400 is not published."""
INITIAL_MIN_GAMES = 5
"""B.02 7.1.4: a first rating is published when based on at least 5 games against rated
opponents (pooled over at most 26 months)."""
K_TIMES_GAMES_MAX = 700
"""B.02 8.3.3: K x n may not exceed 700 (n = games of the player in the rating period)."""


def expected_score(rating: int, opponent_rating: int) -> int:
    """The player's scoring probability PD in hundredths (B.02 8.1.2) for the rating
    difference ``rating - opponent_rating`` as given (no 400-point rule: see
    :func:`rated_difference`)."""
    return expected_hundredths(rating - opponent_rating)


def rated_difference(rating: int, opponent_rating: int, uncapped_from: int | None) -> int:
    """``rating - opponent_rating`` as 8.3.1 counts it: more than 400 counts as 400 for a
    player rated below ``uncapped_from`` (2650 from 1 October 2025; ``None``: for everyone, as
    before, and in rapid and blitz)."""
    d = rating - opponent_rating
    if uncapped_from is not None and rating >= uncapped_from:
        return d
    return max(-CAP, min(CAP, d))


@dataclass(frozen=True, slots=True)
class KFactorFacts:
    """What decides a rated player's K (B.02 8.3.3)."""

    rating: int
    """The player's rating (the rating the event is rated with)."""
    rated_games: int | None
    """Rated games before the event; ``None``: unknown, taken as at least 30."""
    reached_2400: bool = False
    """Whether the player's published rating ever reached 2400."""
    birth_date: date | None = None
    """Birth date (only the year matters); ``None``: not a junior."""
    period: date | None = None
    """A day of the rating period the event is rated in (the event's end)."""
    games_in_period: int = 0
    """n: the player's rated games in the rating period, this event included (0: unknown)."""


@dataclass(frozen=True, slots=True)
class KFactor:
    """A K factor and the clause of 8.3.3 that gave it."""

    value: int
    """K."""
    reason: str
    """Why, citing the article."""


def k_factor(facts: KFactorFacts) -> KFactor:
    """K by B.02 8.3.3: 40 until 30 games are completed; 10 once the rating reached 2400 (a
    rating of 2400 or more now has reached it, whatever ``reached_2400`` says); 40
    until the end of the year of the 18th birthday while the rating is under 2300; 20
    otherwise; then K x n <= 700 (K = the largest whole number with K x n <= 700)."""
    if facts.rated_games is not None and facts.rated_games < 0:
        raise FideRatingError("rated games before the event must not be negative")
    if facts.rated_games is not None and facts.rated_games < 30:
        k = KFactor(40, "B.02 8.3.3: new player, fewer than 30 rated games")
    elif facts.reached_2400 or facts.rating >= 2400:
        k = KFactor(10, "B.02 8.3.3: published rating has reached 2400")
    elif (
        facts.birth_date is not None
        and facts.period is not None
        and facts.period.year <= facts.birth_date.year + 18
        and facts.rating < 2300
    ):
        k = KFactor(40, "B.02 8.3.3: until the end of the year of the 18th birthday, under 2300")
    else:
        k = KFactor(20, "B.02 8.3.3: rating under 2400")
    n = facts.games_in_period
    if n > 0 and k.value * n > K_TIMES_GAMES_MAX:
        return KFactor(K_TIMES_GAMES_MAX // n, f"{k.reason}; B.02 8.3.3: K x {n} games <= 700")
    return k


@dataclass(frozen=True, slots=True)
class GameChange:
    """One rated game of a rated player (B.02 8.3.2)."""

    opponent_rating: int
    """The opponent's rating."""
    difference: int
    """D after the 400-point rule (8.3.1), the player's rating minus the opponent's."""
    expected: int
    """PD in hundredths (8.1.2)."""
    points: int
    """The result in half-points."""
    change: Fraction
    """K x (score - PD), rating points."""


@dataclass(frozen=True, slots=True)
class RatingChange:
    """A rated player's change for an event (B.02 8.3)."""

    rating: int
    """Rating before."""
    k: int
    """The K used."""
    games: tuple[GameChange, ...]
    """The rated games, in input order."""
    score: int
    """Half-points over the rated games."""
    expected: int
    """Sum of PD, hundredths."""
    change_exact: Fraction
    """Sigma Delta R x K (8.3.2 d)."""
    change: int
    """Rounded to the nearest whole number, 0.5 away from zero (8.3.4)."""
    new_rating: int
    """``rating + change``."""


def _check_points(points: int) -> int:
    if points not in (0, 1, 2):
        raise FideRatingError(f"a game result must be 0, 1 or 2 half-points, not {points!r}")
    return points


def round_away_from_zero(x: Fraction) -> int:
    """B.02 8.3.4: the nearest whole number, 0.5 rounded away from zero."""
    return round_half_up(x) if x >= 0 else -round_half_up(-x)


def rating_change(
    rating: int,
    k: int,
    games: Sequence[tuple[int, int]],
    uncapped_from: int | None = UNCAPPED_FROM,
) -> RatingChange:
    """The change of a player rated ``rating`` with development coefficient ``k`` for the
    ``games`` (opponent's rating, half-points) against rated opponents (B.02 8.3.1-8.3.4)."""
    if k <= 0:
        raise FideRatingError(f"K must be positive, not {k}")
    changes = []
    for opponent, points in games:
        d = rated_difference(rating, opponent, uncapped_from)
        pd = expected_score(d, 0)
        delta = Fraction(50 * _check_points(points) - pd, 100)
        changes.append(GameChange(opponent, d, pd, points, k * delta))
    exact = sum((g.change for g in changes), Fraction(0))
    change = round_away_from_zero(exact)
    return RatingChange(
        rating=rating,
        k=k,
        games=tuple(changes),
        score=sum(g.points for g in changes),
        expected=sum(g.expected for g in changes),
        change_exact=exact,
        change=change,
        new_rating=rating + change,
    )


@dataclass(frozen=True, slots=True)
class InitialRating:
    """An unrated player's first rating (B.02 8.2) from their games against rated opponents."""

    games: int
    """Games against rated opponents counted."""
    score: int
    """Half-points in them."""
    average: Fraction | None
    """Ra: the opponents' average with two hypothetical 1800 opponents (8.2.2)."""
    dp: int | None
    """dp for the score with two hypothetical draws added (8.1.1; p read to the hundredth)."""
    rating: int | None
    """Ru = Ra + dp rounded to the nearest whole number, at most 2200 (8.2.3); ``None`` when
    not computed (a zero score in the first event, 8.2.1, or no rated game)."""
    published: bool
    """Whether the rating is published: at least 5 games (7.1.4) and at least 1400."""
    reason: str
    """Why it is (not) published, citing the article."""


def initial_rating(games: Sequence[tuple[int, int]], first_event: bool = True) -> InitialRating:
    """Ru by B.02 8.2 from (opponent's rating, half-points) of the games against rated
    opponents (pooled events, 7.1.4). With ``first_event``, a zero score is disregarded
    (8.2.1)."""
    n = len(games)
    score = sum(_check_points(p) for _, p in games)
    if n == 0:
        return InitialRating(0, 0, None, None, None, False, "B.02 7.1.4: no rated opponent")
    if first_event and score == 0:
        return InitialRating(
            n, 0, None, None, None, False, "B.02 8.2.1: zero score in the first event"
        )
    # 8.2.2: two hypothetical 1800 opponents, both drawn (2 half-points).
    average = Fraction(sum(r for r, _ in games) + 2 * INITIAL_OPPONENT, n + 2)
    dp = rating_difference(Fraction(score + 2, 2 * (n + 2)))
    rating = min(INITIAL_MAXIMUM, round_half_up(average + dp))  # 8.2.3
    if n < INITIAL_MIN_GAMES:
        reason, published = f"B.02 7.1.4: {n} of the 5 games against rated opponents", False
    elif rating < RATING_FLOOR:
        reason, published = "B.02 7.1.4: below 1400", False
    else:
        reason, published = "B.02 8.2.3", True
    return InitialRating(n, score, average, dp, rating, published, reason)
