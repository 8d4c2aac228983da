"""Rating a whole FIDE-rated event (B.02, 1 March 2024, with the 400-point rule as amended
from 1 October 2025): what :func:`rate_fide_event` passes from the event and its players to
the rules, found by mutation run 5 (docs/testing.md). Numbers derived by hand from B.02 8.1.2
(PD table), 8.2.1, 8.3.1 and 8.3.3.
"""

from __future__ import annotations

from datetime import date

import pytest

from pairing.engine import (
    FideEvent,
    FideGameRecord,
    FidePlayer,
    FideRatingError,
    KFactor,
    rate_fide_event,
)

OPPONENT = FidePlayer("opp", 2000, k=20)


def k_of(player: FidePlayer, end_date: date | None = None) -> KFactor | None:
    """The K ``player`` gets for one game against a 2000 (n = 1 unless given)."""
    event = FideEvent((player, OPPONENT), (FideGameRecord(player.id, "opp", 1),), end_date=end_date)
    return rate_fide_event(event)[0].k


def test_every_player_after_an_unrated_one_is_rated() -> None:
    """An unrated player listed first does not end the list: the rated 2000 after him gets
    his result too, with his rating before (his only game, against the unrated player, is not
    rated: 8.3.1)."""
    event = FideEvent((FidePlayer("u", None), OPPONENT), (FideGameRecord("u", "opp", 0),))
    unrated, rated = rate_fide_event(event)
    assert (rated.id, rated.rating, rated.games) == ("opp", 2000, 0)
    assert unrated.initial is not None and unrated.initial.rating is None


def test_a_zero_score_is_disregarded_only_in_the_first_event() -> None:
    """8.2.1: an unrated player's zero score in his first event is disregarded; in a later
    event the game counts (1 of the 5 games 7.1.4 asks for)."""
    players = (FidePlayer("u", None), OPPONENT)
    games = (FideGameRecord("u", "opp", 0),)
    first = rate_fide_event(FideEvent(players, games))[0].initial
    later = rate_fide_event(FideEvent(players, games, first_event=False))[0].initial
    assert first is not None and first.reason == "B.02 8.2.1: zero score in the first event"
    assert later is not None
    assert later.reason == "B.02 7.1.4: 1 of the 5 games against rated opponents"


def test_a_junior_under_2300_has_k_40_in_the_year_of_his_18th_birthday() -> None:
    """8.3.3: born 2010, rated 2000 with 100 games, in an event ending 30 November 2026 (the
    year of his 16th birthday): K 40. The event's end date decides the year."""
    junior = FidePlayer("j", 2000, rated_games=100, birth_date=date(2010, 5, 1))
    assert k_of(junior, date(2026, 11, 30)) == KFactor(
        40, "B.02 8.3.3: until the end of the year of the 18th birthday, under 2300"
    )
    assert k_of(junior, date(2029, 1, 15)) == KFactor(20, "B.02 8.3.3: rating under 2400")


def test_a_rating_that_reached_2400_has_k_10() -> None:
    """8.3.3: rated 2350 now, 100 games, the published rating once reached 2400: K 10."""
    player = FidePlayer("r", 2350, rated_games=100, reached_2400=True)
    assert k_of(player) == KFactor(10, "B.02 8.3.3: published rating has reached 2400")


def test_the_games_of_the_period_cap_k() -> None:
    """8.3.3: K x n <= 700 over the rating period's n games: a new player (K 40) with 20 games
    in the period, this one included, gets K = 700 // 20 = 35 (with this event's one game
    alone, 40)."""
    player = FidePlayer("n", 1900, rated_games=10, games_in_period=20)
    k = k_of(player)
    assert k is not None and k.value == 35


def test_a_given_k_is_named_as_given() -> None:
    assert k_of(FidePlayer("g", 2000, k=15)) == KFactor(15, "given")


def test_the_400_point_rule_follows_the_events_date() -> None:
    """8.3.1: a 2700 beats a 2200. From 1 October 2025 a player rated 2650 or more is not
    capped: D = 500, PD 0.96 (8.1.2: 485-517). Before (``uncapped_from`` None) D counts 400:
    PD 0.92 (392-411)."""
    players = (FidePlayer("top", 2700, k=10), FidePlayer("low", 2200, k=20))
    games = (FideGameRecord("top", "low", 2),)
    now = rate_fide_event(FideEvent(players, games))[0].change
    before = rate_fide_event(FideEvent(players, games, uncapped_from=None))[0].change
    assert now is not None and (now.games[0].difference, now.games[0].expected) == (500, 96)
    assert before is not None
    assert (before.games[0].difference, before.games[0].expected) == (400, 92)


def test_refusals_say_what_is_wrong() -> None:
    with pytest.raises(FideRatingError, match=r"^a player id is used twice$"):
        rate_fide_event(FideEvent((OPPONENT, OPPONENT), ()))
    with pytest.raises(FideRatingError, match=r"^unknown player 'x'$"):
        rate_fide_event(FideEvent((OPPONENT,), (FideGameRecord("opp", "x", 1),)))
    with pytest.raises(FideRatingError, match=r"^'opp' cannot play themselves$"):
        rate_fide_event(FideEvent((OPPONENT,), (FideGameRecord("opp", "opp", 1),)))
