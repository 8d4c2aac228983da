"""The generation order's per-pair costs (:mod:`pairing.engine.dutch.order`) where mutation
run 8 found them untested: D.3.b for the sets of paired MDPs, D.2.a against D.2.b for
resident exchanges. Every expected order is read from the rule text (C.04.3 2017 D.2, D.3)
and derived by hand in the test; the costs are summed over a candidate as the bracket
solver sums them (``test_dutch_order.order_cost`` for remainders).
"""

from __future__ import annotations

import pytest

from pairing.engine.dutch.order import mdp_pair_cost, remainder_pair_cost, remainder_unpaired_cost
from tests.engine.test_dutch_order import order_cost


def mdp_pairing_cost(pairs: list[tuple[int, int]], size: int) -> list[int]:
    """Summed D.3/D.1 cost of an MDP-pairing (MDP number, resident number)."""
    total = [0] * 5
    for mdp, resident in pairs:
        total = [t + c for t, c in zip(total, mdp_pair_cost(mdp, resident, size), strict=True)]
    return total


@pytest.mark.parametrize(
    ("better", "worse", "why"),
    [
        (
            # S1 {1, 4} against {2, 3}: sorted ascending, 1 < 2 decides.
            [(1, 5), (4, 6)],
            [(2, 5), (3, 6)],
            "D.3.b: {1, 4} has the lower lexicographic value than {2, 3}",
        ),
        (
            # {1, 5} against {2, 3}: the BSN sums (6 against 5) would say the opposite.
            [(1, 6), (5, 7)],
            [(2, 6), (3, 7)],
            "D.3.b: {1, 5} before {2, 3}, whatever the sums",
        ),
        (
            [(1, 6), (2, 7), (5, 8)],
            [(1, 6), (3, 7), (4, 8)],
            "D.3.b: {1, 2, 5} before {1, 3, 4}",
        ),
    ],
)
def test_d3b_lowest_lexicographic_set_of_paired_mdps(
    better: list[tuple[int, int]], worse: list[tuple[int, int]], why: str
) -> None:
    # An eight-player heterogeneous bracket: MDPs are BSNs 1-5, residents 6-8 (or 5-8).
    assert mdp_pairing_cost(better, 8) < mdp_pairing_cost(worse, 8), why


def test_d1_mdp_pairing_lexicographic_in_the_residents_of_s1() -> None:
    # S1 = {1, 2} (MDPs), residents 3..8. D.1: the transposition 3-8 (1-3, 2-8) comes before
    # 4-3 (1-4, 2-3): the first BSN decides, however large the second one is.
    assert mdp_pairing_cost([(1, 3), (2, 8)], 8) < mdp_pairing_cost([(1, 4), (2, 3)], 8)


def test_d2a_one_exchange_before_two_even_with_a_larger_difference() -> None:
    # Eleven residents, S1 = 1..5, S2 = 6..11 (as test_dutch_order's D.2 examples).
    # One exchange: 1 (unpaired) leaves S1, 10 (paired inside S2 with 11) enters it;
    # D.2.b difference 10 - 1 = 9.
    one = [(10, 11), (2, 6), (3, 7), (4, 8), (5, 9)]
    # Two exchanges: 4 and 5 leave S1 (pairs 2-4, 3-5), 6 and 8 enter it (pairs 6-7, 8-9);
    # difference (6 + 8) - (4 + 5) = 5, smaller, but D.2.a (fewer exchanged BSNs) comes first.
    two = [(2, 4), (3, 5), (6, 7), (8, 9), (1, 10)]
    assert order_cost(one) < order_cost(two)


def test_d2b_an_unpaired_s1_player_counts_once_as_exchanged() -> None:
    # Eleven residents, S1 = 1..5. 5 floats (unpaired) and 6 enters S1 (paired with 7): one
    # exchange, 5 with 6, difference 1. Against 4 leaving S1 (3-4) for 6 (6-7): one
    # exchange too, difference 2. D.2.a ties (one BSN each way), D.2.b prefers the first.
    floats_5 = [(1, 8), (2, 9), (3, 10), (4, 11), (6, 7)]
    moves_4 = [(3, 4), (6, 7), (1, 8), (2, 9), (5, 10)]
    assert order_cost(floats_5) < order_cost(moves_4)


def remainder_cost(pairs: list[tuple[int, int]], size: int, n1: int) -> list[int]:
    """Summed D.2/D.1 cost of a candidate of a homogeneous bracket of ``size`` players,
    S1 = 1..n1."""
    total = [0] * 5
    paired = {v for pair in pairs for v in pair}
    costs = [remainder_pair_cost(a, b, a <= n1, b <= n1, size) for a, b in pairs]
    costs += [remainder_unpaired_cost(x, x <= n1) for x in range(1, size + 1) if x not in paired]
    for cost in costs:
        total = [t + c for t, c in zip(total, cost, strict=True)]
    return total


def test_d2d_lowest_different_bsn_entering_s1_not_the_highest() -> None:
    # Twenty residents, S1 = 1..10, S2 = 11..20. Both candidates move 8, 9, 10 to S2 (pairs
    # 1-8, 2-9, 3-10) and three S2 players to S1, with equal sums (D.2.a, b, c tie):
    # {11, 15, 16} (the smaller BSNs of 11-12, 15-18, 16-17) against {12, 13, 17}
    # (of 12-20, 13-19, 17-18). D.2.d: the lowest different BSN, 11 against 12, decides for
    # the first, although the second holds the highest one (17).
    s1_s1 = [(1, 8), (2, 9), (3, 10)]
    first = [*s1_s1, (11, 12), (15, 18), (16, 17), (4, 13), (5, 14), (6, 19), (7, 20)]
    second = [*s1_s1, (12, 20), (13, 19), (17, 18), (4, 11), (5, 14), (6, 15), (7, 16)]
    assert sorted(v for pair in first for v in pair) == list(range(1, 21))
    assert sorted(v for pair in second for v in pair) == list(range(1, 21))
    assert remainder_cost(first, 20, 10) < remainder_cost(second, 20, 10)


def test_d2c_a_floating_s1_player_moves_to_s2_like_a_paired_one() -> None:
    # Eleven residents, S1 = 1..5. 5 floats (unpaired, so it leaves S1) and 7 enters S1
    # (7-8): difference 2. Against 4 leaving S1 (3-4) and 6 entering it (6-7): difference 2
    # too. D.2.c: moving 5 from S1 to S2 is better than moving 4.
    floats_5 = [(1, 6), (2, 9), (3, 10), (4, 11), (7, 8)]
    moves_4 = [(3, 4), (6, 7), (1, 8), (2, 9), (5, 10)]
    assert order_cost(floats_5) < order_cost(moves_4)
