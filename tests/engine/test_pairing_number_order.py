"""Rules that order players by pairing number (the initial ranking list), tested on fields
whose pairing numbers are out of rating order (late entries, provisional ratings, imported
ranks), so that ordering by rating instead, in either direction, gives another pairing.

When every field is numbered in rating order, "by pairing number" and "by rating" agree and
a test cannot tell them apart: sorting the Dubov D.1.a pool of upfloaters by rating used to
survive every unit test. Each test here names the order it checks, the candidates, what the
text gives, and what descending and ascending rating order would give instead; each was
checked by planting that mutation in the engine (ordering by ``-rating`` or ``rating`` where
the engine orders by ``tpn``), seeing the test fail, and restoring the engine.

Pasts are built by :mod:`tests.engine.histories` (ids 1..n are the pairing numbers; ghosts
rated 2000, so AROs are equal unless a test says otherwise). Scores in points in the text,
half-points in the code.
"""

from __future__ import annotations

from pairing.engine import Colour
from pairing.engine.dubov import pair_round as pair_dubov
from tests.engine.histories import pair_set, pairs, past

W, B = Colour.WHITE, Colour.BLACK


def test_dubov_d1a_upfloater_pool_in_pairing_number_order() -> None:
    """C.04.4.1 D.1.a: "Each possible upfloater receives a sequence number, according to
    their score and, when scores are equal, to their initial ranking."

    Round 2 of 5. 1 (1 point, W: wants Black) is alone in his scoregroup and needs one
    upfloater (B.1) from 2, 3, 4 (0 points, each B: wants White), rated 2000, 2100 and 1900
    (pairing numbers out of rating order). Every one-player set is legal and equal on
    C.5-C.10: same score (C.6), each grants both preferences (C.7), nobody has upfloated
    (C.8-C.10). B.2 takes the first set in D.1 order: sequence numbers 2 (#1), 3 (#2),
    4 (#3), so {2}: 1-2, then 3-4 in the last bracket.

    Sorted by descending rating the pool is 3, 2, 4 (1-3, 2-4); by ascending rating 4, 2, 3
    (1-4, 2-3)."""
    state = past(
        {1: "w1", 2: "b0", 3: "b0", 4: "b0"},
        5,
        ratings={1: 2000, 2: 2000, 3: 2100, 4: 1900},
    )
    assert pairs(pair_dubov(state)) == pair_set((1, 2), (3, 4))
