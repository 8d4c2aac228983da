"""The generation order of candidates (D.1 transpositions, D.2 resident exchanges).

The engine writes the D.2 order as per-pair costs (:mod:`pairing.engine.dutch.order`): a
candidate matching's first exchange keeps the smaller BSN of each pair in S1. These tests
rebuild the examples of D.2 as matchings of an eleven-player bracket (S1 = 1..5,
S2 = 6..11) and check that the summed costs order them as the rule does.
"""

from __future__ import annotations

import pytest

from pairing.engine.dutch.bracket import pair_bracket
from pairing.engine.dutch.graph import Mode
from pairing.engine.dutch.order import remainder_pair_cost, remainder_unpaired_cost
from tests.engine.test_dutch_support import player, rules

SIZE = 11
N1 = 5


def order_cost(pairs: list[tuple[int, int]]) -> list[int]:
    """Summed D.2/D.1 cost of a candidate of the eleven-player bracket."""
    total = [0] * 5
    paired = {v for pair in pairs for v in pair}
    for a, b in pairs:
        cost = remainder_pair_cost(a, b, a <= N1, b <= N1, SIZE)
        total = [t + c for t, c in zip(total, cost, strict=True)]
    for x in set(range(1, SIZE + 1)) - paired:
        cost = remainder_unpaired_cost(x, x <= N1)
        total = [t + c for t, c in zip(total, cost, strict=True)]
    return total


@pytest.mark.parametrize(
    ("better", "worse", "why"),
    [
        (
            # S1 -> S2 {4}, S2 -> S1 {6}: 3-4 inside S1, 6-7 inside S2.
            [(3, 4), (6, 7), (1, 8), (2, 9), (5, 10)],
            # {5} / {8}: 4-5 inside S1, 8-9 inside S2.
            [(4, 5), (8, 9), (1, 6), (2, 7), (3, 10)],
            "D.2.b: exchanging 6 with 4 beats 8 with 5 (difference 2 < 3)",
        ),
        (
            # {3, 4} / {6, 8}: difference 14 - 7 = 7.
            [(1, 3), (2, 4), (6, 7), (8, 9), (5, 10)],
            # {4, 5} / {8, 9}: difference 17 - 9 = 8.
            [(1, 4), (2, 5), (8, 10), (9, 11), (3, 6)],
            "D.2.b: 8+6 with 4+3 beats 9+8 with 5+4",
        ),
        (
            [(1, 11), (2, 10), (3, 9), (4, 8), (5, 7)],  # the last transposition
            [(3, 4), (6, 7), (1, 8), (2, 9), (5, 10)],
            "D.2.a: fewer exchanged players first",
        ),
        (
            # {5} / {7} against {4} / {6}: both differences 2; the higher BSN leaving S1 wins.
            [(4, 5), (7, 8), (1, 6), (2, 9), (3, 10)],
            [(3, 4), (6, 7), (1, 8), (2, 9), (5, 10)],
            "D.2.c: moving 5 beats moving 4",
        ),
        (
            # {2, 5} / {6, 7} against {3, 4} / {6, 7}.
            [(1, 2), (3, 5), (6, 8), (7, 9), (4, 10)],
            [(1, 3), (2, 4), (6, 8), (7, 9), (5, 10)],
            "D.2.c: 5-2 beats 4-3",
        ),
        (
            # {1, 4, 5} (1 unpaired) against {2, 3, 5} (3 unpaired), both with {6, 7, 8}.
            [(2, 4), (3, 5), (6, 9), (7, 10), (8, 11)],
            [(1, 2), (4, 5), (6, 9), (7, 10), (8, 11)],
            "D.2.c: 5-4-1 beats 5-3-2",
        ),
        (
            # {4, 5} with {6, 9} against {4, 5} with {7, 8}.
            [(1, 4), (2, 5), (6, 7), (9, 10), (3, 8)],
            [(1, 4), (2, 5), (7, 9), (8, 10), (3, 6)],
            "D.2.d: 6-9 beats 7-8",
        ),
        (
            # {3, 4, 5} (5 unpaired) with {6, 7, 10} against ... with {6, 8, 9}.
            [(1, 3), (2, 4), (6, 8), (7, 9), (10, 11)],
            [(1, 3), (2, 4), (6, 7), (8, 10), (9, 11)],
            "D.2.d: 6-7-10 beats 6-8-9",
        ),
        (
            [(1, 6), (2, 7), (3, 8), (4, 9), (5, 10)],
            [(1, 6), (2, 7), (3, 8), (4, 10), (5, 9)],
            "D.1: transpositions in lexicographic order of S1's partners",
        ),
        (
            [(1, 7), (2, 6), (3, 8), (4, 9), (5, 10)],
            [(1, 8), (2, 6), (3, 7), (4, 9), (5, 10)],
            "D.1: the first S1 player's partner decides first",
        ),
    ],
)
def test_d2_examples(better: list[tuple[int, int]], worse: list[tuple[int, int]], why: str) -> None:
    assert order_cost(better) < order_cost(worse), why


def test_d1_next_transposition_when_the_first_is_illegal() -> None:
    # S1 = {1, 2}, S2 = {3, 4}; 1-3 have met: the transposition 4-3 gives 1-4, 2-3.
    bracket = [player(i) for i in range(1, 5)]
    result = pair_bracket([], bracket, Mode.LAST, rules(bracket, barred=[(1, 3)]))
    assert {(a.id, b.id) for a, b in result.pairs} == {(1, 4), (2, 3)}


def test_d2_first_exchange_when_no_transposition_works() -> None:
    # Six players without colour preference, S1 = {1, 2, 3}, S2 = {4, 5, 6}; 1 may meet
    # neither 4, 5 nor 6, so no transposition works. The first exchange in D.2 order swaps
    # 3 and 4 (difference 1): S1 = {1, 2, 4}, S2 = {3, 5, 6}, first transposition 3-5-6:
    # 1-3, 2-5, 4-6 (not 1-2, which needs 2 to leave S1: a worse exchange).
    bracket = [player(i) for i in range(1, 7)]
    barred = [(1, 4), (1, 5), (1, 6)]
    result = pair_bracket([], bracket, Mode.LAST, rules(bracket, barred=barred))
    assert {(a.id, b.id) for a, b in result.pairs} == {(1, 3), (2, 5), (4, 6)}
