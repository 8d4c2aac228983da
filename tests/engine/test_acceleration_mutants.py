"""Baku acceleration (C.04.7, 2026 / C.04.5.1, 2017) under a scoring other than 1 / ½ / 0:
the tests written against run 2's `core/acceleration.py` survivors that no test reached
(`with_baku` and `baku_rounds_matching` passing the tournament's own point values on;
docs/testing.md, "Current survivors: Dutch, Dubov, TCEC, core"). Every expected value is
worked out by hand from ../shared/specs/fide-c0401-c0402-acceleration.md in the docstring."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine import AccelerationError, PointValues, baku_rounds_matching, with_baku
from tests.engine.test_dutch_support import state

TWO_ONE_ZERO = PointValues(win=4, draw=2, loss=0, forfeit_win=4, pab=4, full_bye=4, half_bye=2)
"""2 / 1 / 0 in half-points: a win is worth two draws, a loss nothing (C.04.7 1.1 allows it)."""
THREE_ONE_ZERO = PointValues(win=6, draw=2, loss=0, forfeit_win=6, pab=6, full_bye=6, half_bye=2)
"""3 / 1 / 0: a win is worth three draws (C.04.7 1.1 refuses it)."""


def test_with_baku_gives_group_a_the_points_of_a_win_of_the_tournaments_scoring() -> None:
    """C.04.7 1.2 / 1.4 with 2 / 1 / 0 scoring. Eight players, nine rounds: group A is
    2 * ceil(8 / 4) = 4 players (1-4); the accelerated rounds are ceil(9 / 2) = 5; the first
    ceil(5 / 2) = 3 of them give "the points for a win" (2 points = 4 half-points), the other
    two half of them (1 point = 2 half-points). With the standard scoring it would be
    (2, 2, 2, 1, 1) half-points: the tournament's scoring must reach the rule."""
    accelerated = with_baku(replace(state(8, [], 9), points=TWO_ONE_ZERO))
    assert accelerated.acceleration == {pid: (4, 4, 4, 2, 2) for pid in (1, 2, 3, 4)}


def test_with_baku_refuses_a_win_worth_three_draws() -> None:
    """C.04.7 1.1: Baku acceleration needs a win worth two draws and a loss worth nothing;
    3 / 1 / 0 is refused (under the standard scoring, which a lost scoring would fall back
    on, it would be accepted)."""
    with pytest.raises(AccelerationError, match="a win worth two draws"):
        with_baku(replace(state(8, [], 9), points=THREE_ONE_ZERO))


def test_the_rules_count_is_recognised_under_the_tournaments_scoring() -> None:
    """`baku_rounds_matching` finds the number of accelerated rounds for which the rule
    gives exactly the state's virtual points. With 2 / 1 / 0 and eight players, nine
    rounds: five accelerated rounds give group A (4, 4, 4, 2, 2) half-points (above), three
    give ceil(3 / 2) = 2 rounds of a win and one of half: (4, 4, 2). Compared with the
    standard scoring's (2, 2, 2, 1, 1) / (2, 2, 1) no count would match."""
    plain = replace(state(8, [], 9), points=TWO_ONE_ZERO)
    assert (
        baku_rounds_matching(
            replace(plain, acceleration={p: (4, 4, 4, 2, 2) for p in (1, 2, 3, 4)})
        )
        == 5
    )
    assert (
        baku_rounds_matching(replace(plain, acceleration={p: (4, 4, 2) for p in (1, 2, 3, 4)})) == 3
    )
    # The standard scoring's points are not this tournament's rule for any count.
    assert (
        baku_rounds_matching(
            replace(plain, acceleration={p: (2, 2, 2, 1, 1) for p in (1, 2, 3, 4)})
        )
        is None
    )


def test_the_rules_count_is_searched_from_one_round_to_every_round() -> None:
    """`baku_rounds_matching` tries every announced count from 1 to the number of rounds
    (C.04.7: the arbiter may accelerate any number of rounds up to all of them). Eight
    players, nine rounds, standard scoring, group A = players 1-4: one accelerated round
    gives ceil(1 / 2) = 1 round of a win, (2,); all nine give ceil(9 / 2) = 5 rounds of a win
    and 4 of half, (2, 2, 2, 2, 2, 1, 1, 1, 1); eight give (2, 2, 2, 2, 1, 1, 1, 1)."""
    plain = state(8, [], 9)
    group_a = (1, 2, 3, 4)
    assert baku_rounds_matching(replace(plain, acceleration=dict.fromkeys(group_a, (2,)))) == 1
    nine = (2, 2, 2, 2, 2, 1, 1, 1, 1)
    assert baku_rounds_matching(replace(plain, acceleration=dict.fromkeys(group_a, nine))) == 9
    eight = (2, 2, 2, 2, 1, 1, 1, 1)
    assert baku_rounds_matching(replace(plain, acceleration=dict.fromkeys(group_a, eight))) == 8


def test_no_count_matches_virtual_points_that_are_all_zero() -> None:
    """``XXA`` records giving every player 0 virtual points say nobody is accelerated: no
    count of accelerated rounds (1 or more gives group A a win's points in round 1)
    matches them, and zero accelerated rounds is not an acceleration."""
    plain = state(8, [], 9)
    assert baku_rounds_matching(replace(plain, acceleration=dict.fromkeys((1, 2), (0, 0)))) is None


def test_no_count_without_the_number_of_rounds() -> None:
    """The accelerated rounds are counted from the number of rounds (C.04.7 1.4: the first
    half of the rounds); a tournament that does not give it matches no count, even with
    virtual points."""
    plain = replace(state(8, [], 9), total_rounds=None)
    virtual = dict.fromkeys((1, 2, 3, 4), (2, 2, 2, 1, 1))
    assert baku_rounds_matching(replace(plain, acceleration=virtual)) is None
