"""Which players the US Chess rater sends to the special formula (rating system Step 4:
N <= 8, or all previous results wins or all losses) and what the all-losses history does to
it (section 3: R0' = R0 + 400, S' = S), found by mutation run 4 (docs/testing.md)."""

from __future__ import annotations

import pytest

from pairing.engine.uscf import (
    RULES_2011,
    RatedGame,
    RatedPlayer,
    RatingEvent,
    rate_event,
)


def test_nine_games_is_the_standard_formula_eight_the_special() -> None:
    """Step 4: the special formula for a rating based on N <= 8 games; N = 9 is standard."""
    for games, formula in ((8, "special"), (9, "standard")):
        event = RatingEvent(
            players=(RatedPlayer("P", 1500, games), RatedPlayer("Q", 1500, 100)),
            games=(RatedGame("P", "Q", 1),),
        )
        assert rate_event(event, RULES_2011).by_id()["P"].formula == formula


def test_all_losses_flag_forces_the_special_formula() -> None:
    """N = 30 would mean the standard formula, but all previous results were losses: special,
    with R0' = R0 + 400 = 1900 and S' = S = 0 (N' = min(30, 50 / sqrt(1 + 700² / 100000)) =
    20.58). L loses to a 1600: f = N'·PWe(R, 1900) + PWe(R, 1600) is 0 at and below
    1600 - 400 = 1200 and positive above, so the iteration ends at the knot 1200."""
    event = RatingEvent(
        players=(RatedPlayer("L", 1500, 30, all_losses=True), RatedPlayer("X", 1600, 50)),
        games=(RatedGame("L", "X", 0),),
    )
    res = rate_event(event, RULES_2011).by_id()
    assert res["L"].formula == "special"
    assert res["L"].step4 == pytest.approx(1200)
