"""US Chess match rating caps at the edges of their windows (pairing/engine/uscf/rater.py,
rating system section 4: each match's change at most ±50; the net change of the matches
within 180 days at most ±100, within three years at most ±200). A 2000 player with six wins
against a 2100 one gains about 70 before the caps, six losses lose about 36
(tests/engine/test_uscf_event.py derives K): every expected value below is a cap. The
surviving mutants of the module's mutation run (docs/testing.md) each break one of these."""

from __future__ import annotations

from datetime import date

import pytest

from pairing.engine.uscf import (
    FideGame,
    MatchChange,
    RatedGame,
    RatedPlayer,
    RatingEvent,
    RatingInputError,
    rate_event,
    rate_fide_event,
    rate_match,
)

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


# The rater's outputs beyond the caps (run 4's survivors "not analysed"; docs/testing.md,
# "Current survivors: tie-breaks, US Chess Swiss, ratings, prizes").


def test_section_4_a_match_ending_exactly_on_the_floor_requests_no_lower_floor() -> None:
    """Section 4: floors are not applied in a match; a result *below* the floor is a request
    to lower it. A (2000, N 100, an explicit floor of 1950, 2.4) loses ten games to B (2100).
    Step 2: N* = 50 / sqrt(0.662 + 0.00000739 × 569²) = 28.61, so K = 800 / (28.61 + 10) =
    20.72; We = 1 / (1 + 10^(100/400)) = 0.36 a game: about −74.6 before the cap, −50 after
    it, so A ends on 1950, his floor: no request (B only gains). The floor of 1950 and the
    standard formula's K are reported. (Run 4's ``rate_match`` 91, 76, 73.)"""
    a = RatedPlayer("A", 2000, 100, floor=1950)
    result = rate_match(a, B, [0] * 10, end_date=END)
    pa, pb = result.players
    assert pa.post_exact == 1950
    assert pb.post_exact is not None and pb.post_exact > 2100
    assert result.floor_request == (False, False)
    assert pa.floor == 1950
    assert pa.formula == "standard" and pa.k == pytest.approx(20.72, abs=0.01)


def test_section_4_a_match_of_no_games_changes_nothing() -> None:
    """A match without a game: no change before the caps, the ratings stay. (Run 4's
    ``rate_match`` 67, 68.)"""
    result = rate_match(A, B, [], end_date=END)
    assert result.uncapped == (0.0, 0.0)
    assert [p.post for p in result.players] == [2000, 2100]
    assert result.floor_request == (False, False)


def test_2_4_the_absolute_floor_counts_this_event_s_wins_and_draws() -> None:
    """2.4: the personal absolute floor is min(100 + 4·NW + 2·ND + NR, 150) on lifetime
    counts including this event. P (rated 500, N 30, no wins, draws or events before) wins two
    games and draws one: 100 + 4 × 2 + 2 × 1 + 1 (an event of three games) = 111. (Run 4's
    ``_event_floor`` 6, 10, 12.)"""
    players = (RatedPlayer("P", 500, 30), RatedPlayer("Q", 500, 30), RatedPlayer("S", 500, 30))
    games = (RatedGame("P", "Q", 1), RatedGame("S", "P", 0), RatedGame("P", "Q", 0.5))
    (p, *_) = rate_event(RatingEvent(players, games)).players
    assert p.floor == 111


def test_step_1_in_a_regular_event_reads_a_quick_rating_with_n_0() -> None:
    """Step 1 sources 5 and 6: an unrated player's rating in the other system on at least 4
    games; in a Regular event that is his Quick rating, with N = 0 (source 5, "quick"); only a
    Quick event takes a Regular rating with N = min(10, games). (Run 4's ``_rate`` 7 and
    ``rate_fide_event`` 4, 7: the event's system not passed to Step 1.)"""
    u = RatedPlayer("U", other_rating=1500, other_games=8)
    event = RatingEvent((u, RatedPlayer("Q", 1500, 30)), (RatedGame("U", "Q", 0.5),))
    (pu, _) = rate_event(event).players
    assert (pu.initial, pu.initial_games, pu.initial_source) == (1500, 0, "quick")
    abroad = rate_fide_event(u, [FideGame(1600, 0.5)])
    assert (abroad.initial_games, abroad.initial_source) == (0, "quick")


def test_section_3_an_unrated_player_abroad_is_rated_from_his_age() -> None:
    """Step 1 source 7 needs the event's end date: born 1 June 2014, an event ending 1 June
    2026 (4,383 days, 12.0 years): R0 = 50 × 12 = 600, N = 0. (Run 4's ``rate_fide_event`` 5,
    8: the end date not passed, so the age cannot be read.)"""
    u = RatedPlayer("U", birth_date=date(2014, 6, 1))
    r = rate_fide_event(u, [FideGame(1600, 0)], end_date=date(2026, 6, 1))
    assert r.initial_source == "age"
    assert r.initial == pytest.approx(50 * 4383 / 365.25)
    assert r.initial_games == 0


def test_section_3_the_standard_formula_with_n_prime_from_step_2() -> None:
    """Section 3: the standard formula once, N' from Step 2. P rated 1500 on N = 10: N* =
    50 / sqrt(0.662 + 0.00000739 × 1069²) = 16.57, so N' = min(10, 16.57) = 10 and, with two
    games, K = 800 / (10 + 2) = 66.67. The score is the games' sum, 1.5. (Run 4's
    ``rate_fide_event`` 10, 46, 51.)"""
    p = RatedPlayer("P", 1500, 10)
    r = rate_fide_event(p, [FideGame(1500, 1), FideGame(1500, 0.5)])
    assert r.effective_games == 10
    assert r.k == pytest.approx(800 / 12)
    assert (r.score, r.games_in_event, r.formula) == (1.5, 2, "standard")


def test_section_3_no_games_abroad_changes_nothing() -> None:
    """No FIDE-rated game: nothing is rated, the rating stays (no K, no Step 5 rating). (Run
    4's ``rate_fide_event`` 57, 75.)"""
    r = rate_fide_event(RatedPlayer("P", 1500, 10), [])
    assert (r.post, r.unfloored, r.k, r.formula, r.bonus) == (1500, None, None, None, 0.0)


def test_section_4_games_after_of_an_unrated_player_without_a_game_is_0() -> None:
    """N + m (section 4): an unrated player who played no rated game stays at 0 games, even
    when Step 1 would give him N = 5 from a FIDE rating (source 1). The rated player who
    played none keeps his N. (Run 4's ``_games_after`` 3.)"""
    event = RatingEvent((RatedPlayer("U", fide=1800), RatedPlayer("R", 1500, 30)), ())
    u, r = rate_event(event).players
    assert (u.initial_games, u.games_after) == (5, 0)
    assert r.games_after == 30


def test_the_special_formula_reports_no_bonus_and_the_score() -> None:
    """A provisional player (N 4 ≤ 8: Step 4's special formula) has no bonus (only the
    standard formula gives one); his score is reported. (Run 4's ``_result`` 32, 81.)"""
    event = RatingEvent(
        (RatedPlayer("P", 1500, 4), RatedPlayer("Q", 1500, 30)), (RatedGame("P", "Q", 0.5),)
    )
    p, _ = rate_event(event).players
    assert (p.formula, p.bonus, p.score) == ("special", 0.0, 0.5)


@pytest.mark.parametrize("score", [0.0, 0.5, 1.0])
def test_a_game_abroad_scores_1_half_or_0(score: float) -> None:
    """FideGame: "1, 0.5 or 0"; 1.5 is refused. (Run 4's ``FideGame.__post_init__`` 2, 3.)"""
    assert FideGame(1600, score).score == score
    with pytest.raises(RatingInputError, match=r"1, 0\.5 or 0, not 1\.5$"):
        FideGame(1600, 1.5)
