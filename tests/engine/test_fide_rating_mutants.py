"""A first FIDE rating (pairing/engine/fide/rating.py, B.02 7.1.4 and 8.2), worked out by hand
with the dp table of B.02 8.1.1 (p .21 -> -230): the surviving mutants of the module's
mutation run (docs/testing.md) each break one of these."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pairing.engine.fide.rating import (
    UNCAPPED_FROM,
    FideRatingError,
    GameChange,
    InitialRating,
    KFactorFacts,
    RatingChange,
    initial_rating,
    k_factor,
    rated_difference,
    rating_change,
)


def test_no_rated_opponent_gives_no_rating() -> None:
    assert initial_rating([]) == InitialRating(
        0, 0, None, None, None, False, "B.02 7.1.4: no rated opponent"
    )


def test_a_zero_score_in_the_first_event_is_disregarded() -> None:
    assert initial_rating([(1600, 0)] * 5) == InitialRating(
        5, 0, None, None, None, False, "B.02 8.2.1: zero score in the first event"
    )


def test_a_first_rating_of_exactly_1400_is_published() -> None:
    """Five opponents rated 1562, half a point: with the two hypothetical 1800 draws (8.2.2)
    Ra = (5 x 1562 + 3600) / 7 = 1630 and p = (0.5 + 1) / 7 = 0.214 -> .21, dp -230:
    Ru = 1400, not below 1400, published (7.1.4)."""
    assert initial_rating([(1562, 1)] + [(1562, 0)] * 4) == InitialRating(
        5, 1, Fraction(1630), -230, 1400, True, "B.02 8.2.3"
    )


def test_a_first_rating_below_1400_is_not_published() -> None:
    """As above against five 1561s: Ra = (7805 + 3600) / 7 = 1629.3, dp -230: Ru 1399."""
    assert initial_rating([(1561, 1)] + [(1561, 0)] * 4) == InitialRating(
        5, 1, Fraction(11405, 7), -230, 1399, False, "B.02 7.1.4: below 1400"
    )


def test_a_rating_change_game_by_game() -> None:
    """B.02 8.3: 2000 with K 1 beats a 2000 (D 0, PD .50: +0.50) and draws a 2100 (D -100,
    PD .36: +0.14); +0.64 rounds to +1."""
    assert rating_change(2000, 1, [(2000, 2), (2100, 1)]) == RatingChange(
        rating=2000,
        k=1,
        games=(
            GameChange(2000, 0, 50, 2, Fraction(1, 2)),
            GameChange(2100, -100, 36, 1, Fraction(7, 50)),
        ),
        score=3,
        expected=86,
        change_exact=Fraction(16, 25),
        change=1,
        new_rating=2001,
    )


def test_k_must_be_positive_and_results_whole_half_points() -> None:
    with pytest.raises(FideRatingError, match=r"^K must be positive, not 0$"):
        rating_change(2000, 0, [(2000, 2)])
    with pytest.raises(FideRatingError, match=r"^a game result must be 0, 1 or 2 half-points"):
        rating_change(2000, 20, [(2000, 3)])


def test_the_400_point_rule_ends_at_2650() -> None:
    """8.3.1: a difference beyond 400 counts as 400 for a player rated below 2650; from 2650
    the real difference counts."""
    assert rated_difference(2649, 2149, UNCAPPED_FROM) == 400
    assert rated_difference(2650, 2150, UNCAPPED_FROM) == 500


def test_pd_is_read_for_the_difference_itself() -> None:
    """8.1.2: D 3 is in the 0-3 band (PD .50), D 4 in the 4-10 band (PD .51)."""
    assert rating_change(2004, 10, [(2000, 1)]).games[0].expected == 51
    assert rating_change(2003, 10, [(2000, 1)]).games[0].expected == 50


# -- Run 14 (docs/testing.md): K's reason and refusal -----------------------------------------


def test_k_names_the_clause_of_8_3_3_that_gave_it_and_the_700_cap() -> None:
    """B.02 8.3.3: K = 40 for a new player "until he has completed events with at least 30
    games"; K x n <= 700 for the n games of the period (K the largest whole number with K x n
    <= 700). 29 games before: K 40, reason the new player's clause. With n = 20 games in the
    period, 40 x 20 = 800 > 700: K = 700 // 20 = 35, the reason the clause and the cap. A
    negative count of games before the event is refused, naming the field."""
    new = k_factor(KFactorFacts(rating=1800, rated_games=29))
    assert (new.value, new.reason) == (40, "B.02 8.3.3: new player, fewer than 30 rated games")
    capped = k_factor(KFactorFacts(rating=1800, rated_games=29, games_in_period=20))
    assert capped.value == 35
    assert capped.reason == (
        "B.02 8.3.3: new player, fewer than 30 rated games; B.02 8.3.3: K x 20 games <= 700"
    )
    with pytest.raises(FideRatingError) as refused:
        k_factor(KFactorFacts(rating=1800, rated_games=-1))
    assert str(refused.value) == "rated games before the event must not be negative"
