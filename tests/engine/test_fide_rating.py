"""FIDE Rating Regulations (B.02, applied from 1 March 2024; 8.3.1 as amended from 1 October
2025), and rating performance / TPR. Expected values are derived by hand from the tables 8.1.1
(p -> dp) and 8.1.2 (D -> PD) of the regulation, the derivation in each docstring."""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest

from pairing.engine import (
    FideEvent,
    FideGameRecord,
    FidePlayer,
    FideRatingError,
    KFactor,
    KFactorFacts,
    expected_score,
    initial_rating,
    k_factor,
    load_trf,
    rate_fide_event,
    rated_difference,
    rating_change,
    rating_performance,
    tie_break,
    tournament_performance,
)
from pairing.engine.core.fide_tables import DP_TABLE

CORPUS = Path(__file__).resolve().parent.parent / "data" / "corpus"

# -- 8.1.2: expected score -------------------------------------------------------------------


def test_pd_table_is_the_mirror_of_the_dp_table() -> None:
    """8.1: "the two tables are effectively mirror-images": for every p of 8.1.1 from .50 to
    1.0, the rating difference dp(p) falls in the row of 8.1.2 whose PD(H) is p."""
    for hundredths, dp in DP_TABLE.items():
        assert expected_score(dp, 0) == hundredths, hundredths


def test_pd_row_boundaries_and_the_lower_player() -> None:
    """8.1.2 rows 0-3 .50, 4-10 .51, 620-735 .99, > 735 1.0; the lower-rated player's PD is
    the L column (1 - H): D = 100 (row 99-106, .64) gives .36."""
    assert [expected_score(d, 0) for d in (3, 4, 10, 11, 735, 736)] == [50, 51, 51, 52, 99, 100]
    assert expected_score(1900, 2000) == 36
    assert expected_score(2000, 1900) == 64


# -- 8.3.1: the 400-point rule -----------------------------------------------------------------


def test_400_point_rule_below_2650() -> None:
    """2000 beats 1500: D = 500 counts as 400 (8.3.1), row 392-411 gives .92, so K 20 x
    (1 - .92) = +1.6 -> +2. Uncapped it would be row 485-517 (.96): +0.8 -> +1."""
    assert rated_difference(2000, 1500, 2650) == 400
    assert rated_difference(1500, 2000, 2650) == -400
    change = rating_change(2000, 20, [(1500, 2)])
    assert change.games[0].expected == 92
    assert change.change_exact == Fraction(8, 5)
    assert change.change == 2


def test_no_400_point_cap_from_2650() -> None:
    """Since 1 October 2025 a player rated 2650 or more uses the real difference: 2700 beats
    2200, D = 500, PD .96, K 10 x .04 = 0.4. A 2649 player is still capped (D 449 -> 400, .92).
    With the old rule (``uncapped_from=None``) 2700 is capped too: 10 x .08 = 0.8."""
    assert rating_change(2700, 10, [(2200, 2)]).change_exact == Fraction(2, 5)
    assert rated_difference(2649, 2200, 2650) == 400
    assert rating_change(2700, 10, [(2200, 2)], uncapped_from=None).change_exact == Fraction(4, 5)


# -- 8.3.2 / 8.3.4: change and rounding ------------------------------------------------------


def test_change_is_the_sum_rounded_once_half_away_from_zero() -> None:
    """8.3.2 d sums K x Delta R over the event; 8.3.4 rounds that sum, 0.5 away from zero.
    2700 (uncapped) beats 2200 twice: 0.4 + 0.4 = 0.8 -> +1 (rounding each game would give 0).
    K 10, a draw with a player rated 35 higher (D -35, row 33-39, PD .45): 10 x .05 = +0.5 ->
    +1; the other side (PD .55): -0.5 -> -1 (rounding halves to even would give 0 twice)."""
    assert rating_change(2700, 10, [(2200, 2), (2200, 2)]).change == 1
    assert rating_change(2000, 10, [(2035, 1)]).change == 1
    assert rating_change(2035, 10, [(2000, 1)]).change == -1


def test_draw_and_event_totals() -> None:
    """A 2000 player (K 20): draw with 2100 (D -100, PD .36: +0.14 x 20 = 2.8), loss to 1900
    (PD .64: -0.64 x 20 = -12.8): -10 exactly; score 1 half-point, expected .36 + .64 = 1.00."""
    change = rating_change(2000, 20, [(2100, 1), (1900, 0)])
    assert (change.score, change.expected, change.change, change.new_rating) == (1, 100, -10, 1990)


# -- 8.3.3: K --------------------------------------------------------------------------------


def facts(**kw: object) -> KFactorFacts:
    base: dict[str, object] = {"rating": 2000, "rated_games": 100}
    return KFactorFacts(**(base | kw))  # type: ignore[arg-type]


def test_k_new_player_until_30_games() -> None:
    """8.3.3: K = 40 until events with at least 30 games are completed."""
    assert k_factor(facts(rated_games=29)).value == 40
    assert k_factor(facts(rated_games=30)).value == 20
    assert k_factor(facts(rated_games=None)).value == 20


def test_k_once_2400_reached() -> None:
    """8.3.3: K = 10 once the published rating reached 2400, even below 2400 now."""
    assert k_factor(facts(rating=2350, reached_2400=True)).value == 10
    assert k_factor(facts(rating=2350)).value == 20


def test_a_rating_of_2400_or_more_has_k_10_without_the_reached_2400_flag() -> None:
    """8.3.3: a published rating of 2400 or more has reached 2400: K 10 even when the facts do
    not say so (a typed or TRF-imported entry, `rate` JSON without ``reached_2400``); it was K 20
    "rating under 2400". 2399 stays K 20."""
    assert k_factor(facts(rating=2400)) == KFactor(
        10, "B.02 8.3.3: published rating has reached 2400"
    )
    assert k_factor(facts(rating=2661)).value == 10
    assert k_factor(facts(rating=2399)).value == 20


def test_k_junior_until_the_end_of_the_year_of_the_18th_birthday() -> None:
    """8.3.3: K = 40 until the end of the year of the 18th birthday, while under 2300. Born
    31 December 2008: 18 in 2026, so K 40 in December 2026, 20 from January 2027; at 2300, 20."""
    junior = {"birth_date": date(2008, 12, 31)}
    assert k_factor(facts(period=date(2026, 12, 1), **junior)).value == 40
    assert k_factor(facts(period=date(2027, 1, 1), **junior)).value == 20
    assert k_factor(facts(period=date(2026, 12, 1), rating=2300, **junior)).value == 20


def test_k_times_games_at_most_700() -> None:
    """8.3.3: if n x K exceeds 700, K is the largest whole number with K x n <= 700:
    40 x 18 = 720 -> K 38 (38 x 18 = 684); 20 x 35 = 700 does not exceed; 20 x 36 -> 19."""
    assert k_factor(facts(rated_games=0, games_in_period=18)).value == 38
    assert k_factor(facts(games_in_period=35)).value == 20
    assert k_factor(facts(games_in_period=36)).value == 19


# -- 8.2: first rating -----------------------------------------------------------------------


def test_initial_rating_with_two_hypothetical_1800_draws() -> None:
    """8.2.2-8.2.3: 3.5/5 against 1600, 1700, 1800, 1900, 2000. With two 1800 opponents
    drawn: Ra = (9000 + 3600) / 7 = 1800, p = (3.5 + 1) / 7 = .643 -> .64, dp 102, Ru 1902.
    (Without the hypothetical games: Ra 1800, p .70, dp 149: 1949.)"""
    games = [(1600, 2), (1700, 2), (1800, 1), (1900, 2), (2000, 0)]
    first = initial_rating(games)
    assert (first.average, first.dp, first.rating, first.published) == (1800, 102, 1902, True)


def test_initial_rating_at_most_2200() -> None:
    """8.2.3: five wins against 2100: Ra = (10500 + 3600) / 7 = 2014.3, p = 6/7 -> .86,
    dp 309: 2323, capped at 2200."""
    assert initial_rating([(2100, 2)] * 5).rating == 2200


def test_initial_rating_publication() -> None:
    """7.1.4: published from 5 games against rated opponents and at 1400 or more; 8.2.1: a zero
    score in the first event is disregarded. Against five 1400s, Ra = 10600 / 7 = 1514.3;
    a draw and four losses: p = 1.5/7 -> .21, dp -230: 1284, not published; five losses (not
    a first event): p = 1/7 -> .14, dp -309: 1205."""
    assert initial_rating([(2000, 2)] * 4).published is False
    assert initial_rating([(2000, 2)] * 4).rating is not None
    low = initial_rating([(1400, 1), (1400, 0), (1400, 0), (1400, 0), (1400, 0)])
    assert (low.rating, low.published) == (1284, False)
    zero = initial_rating([(1400, 0)] * 5)
    assert (zero.rating, zero.published) == (None, False)
    assert initial_rating([(1400, 0)] * 5, first_event=False).rating == 1205


# -- events ----------------------------------------------------------------------------------


def test_event_rates_only_games_against_rated_opponents() -> None:
    """8.3.1: a rated player's game against an unrated one is not rated; the unrated player's
    game against the rated one counts for the first rating (8.2.2)."""
    event = FideEvent(
        players=(FidePlayer("A", 2000, rated_games=100), FidePlayer("U", None)),
        games=(FideGameRecord("A", "U", 2),),
    )
    a, u = rate_fide_event(event)
    assert a.change is not None and a.change.games == () and a.change.change == 0
    assert u.initial is not None and u.initial.games == 1


def test_event_k_from_facts_and_given() -> None:
    """K given wins over the facts; facts with 18 games in a new player's event: 40 x 18 > 700
    -> 38 (8.3.3)."""
    players = (FidePlayer("A", 1800, rated_games=0), FidePlayer("B", 1800, k=10))
    games = tuple(FideGameRecord("A", "B", 1) for _ in range(18))
    a, b = rate_fide_event(FideEvent(players, games))
    assert a.k is not None and b.k is not None
    assert (a.k.value, b.k.value) == (38, 10)
    with pytest.raises(FideRatingError):
        rate_fide_event(FideEvent(players, (FideGameRecord("A", "Z", 1),)))


# -- performance -----------------------------------------------------------------------------


def test_rating_performance() -> None:
    """B.01 1.4.8: 6/9 against 2400s: p 66.7 % -> 67 %, dp 125, Rp 2525."""
    rp = rating_performance([(2400, 2)] * 6 + [(2400, 0)] * 3)
    assert rp is not None and (rp.average, rp.percentage, rp.rating) == (2400, 67, 2525)


def test_percentage_rounded_half_up() -> None:
    """B.01 1.4.9: 12.5/20 = 62.5 % -> 63 % (dp 95), not 62 % (dp 87)."""
    tpr = tournament_performance([(2000, 2)] * 12 + [(2000, 1)] + [(2000, 0)] * 7)
    assert tpr is not None and (tpr.percentage, tpr.rating) == (63, 2095)


def test_tpr_leaves_unrated_out_and_rp_counts_them_1400() -> None:
    """C.07 10.1-10.2: TPR averages rated opponents only; B.01 1.4.6 d: Rp counts an unrated
    opponent as 1400. Draws with 2000 and with an unrated player: TPR 2000 + dp(.50) = 2000;
    Rp: Ra = 1700, 50 %, 1700."""
    games = [(2000, 1), (None, 1)]
    tpr, rp = tournament_performance(games), rating_performance(games)
    assert tpr is not None and rp is not None
    assert (tpr.rating, rp.rating) == (2000, 1700)
    assert tournament_performance([(None, 2)]) is None


def test_tpr_of_a_game_list_agrees_with_the_c07_tie_break() -> None:
    """C.07 10.2 computed two ways: the tie-break over a corpus tournament (``TPR``) and
    :func:`tournament_performance` over each player's games played over the board (opponent's
    rating, 0 = unrated; results 1/W win, 0/L loss, other played codes draws)."""
    state = load_trf(CORPUS / "dutch-2026" / "t0001_p024_r05_clean.trf")
    values = tie_break("TPR").values(state)
    points = {"1": 2, "W": 2, "0": 0, "L": 0}
    compared = 0
    for p in state.players:
        games = [
            (state.player(e.opponent).rating or None, points.get(e.code, 1))
            for e in p.games
            if e.opponent is not None
        ]
        tpr = tournament_performance(games)
        assert (None if tpr is None else tpr.rating) == values[p.id], p.id
        compared += tpr is not None
    assert compared > 10
