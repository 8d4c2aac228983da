"""TCEC seeding helpers, on the examples of the wiki text and TCEC's seeding script."""

from __future__ import annotations

import pytest

from pairing.engine.tcec.seeding import (
    group_seeding,
    random_seeding,
    recommended_groups,
    seeding_groups,
)


def test_eleven_players_in_four_groups() -> None:
    # "11 players in 4 groups. S1=A1, S2=B1, S3=C1, S4=D1, S5=A2, ..."; the stronger groups
    # take the extra players: ceil(11/4) = 3, ceil(8/3) = 3, ceil(5/2) = 3, 2.
    players = [f"P{i}" for i in range(1, 12)]  # strongest first
    assert seeding_groups(players, 4) == [
        ["P1", "P2", "P3"],
        ["P4", "P5", "P6"],
        ["P7", "P8", "P9"],
        ["P10", "P11"],
    ]
    seeds = group_seeding(players, 4)
    assert seeds[:5] == ["P1", "P4", "P7", "P10", "P2"]  # A1, B1, C1, D1, A2
    assert seeds == ["P1", "P4", "P7", "P10", "P2", "P5", "P8", "P11", "P3", "P6", "P9"]


def test_groups_a_to_c_with_four_and_d_with_three() -> None:
    # The text's group sizes (A-C 4 players, D 3) are those of 15 players.
    seeds = group_seeding(list(range(1, 16)), 4)
    assert seeds == [1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 4, 8, 12]


def test_group_size_seven_pairs_first_with_eighth() -> None:
    # "Group size 7 would pair 1st-8th, 2nd-9th etc.": round 1 pairs seed 1-2, 3-4, 5-6, ...
    seeds = group_seeding(list(range(1, 29)), recommended_groups(28))
    first_round = [(seeds[i], seeds[i + 1]) for i in range(0, 28, 2)]
    assert first_round[:3] == [(1, 8), (15, 22), (2, 9)]


def test_one_group_keeps_the_strength_order() -> None:
    assert group_seeding([3, 1, 2], 1) == [3, 1, 2]
    with pytest.raises(ValueError, match="group"):
        group_seeding([1, 2], 0)


@pytest.mark.parametrize(
    ("players", "groups"),
    [(1, 1), (2, 2), (3, 2), (10, 2), (21, 4), (28, 4), (44, 6), (48, 6), (50, 8), (70, 10)],
)
def test_recommended_groups_is_round_to_even_of_players_over_seven(
    players: int, groups: int
) -> None:
    # 44/7 = 6.29 -> 6; 50/7 = 7.14 -> 8 (nearest even); 21/7 = 3 -> 4 (halves round up);
    # at least two groups.
    assert recommended_groups(players) == groups


def test_random_seeding_is_a_reproducible_permutation() -> None:
    ids = list(range(1, 41))
    once = random_seeding(ids, 2024)
    assert sorted(once) == ids
    assert once == random_seeding(ids, 2024)
    assert once != random_seeding(ids, 2025)
    assert once != ids
    assert ids == list(range(1, 41))  # the input is left alone
