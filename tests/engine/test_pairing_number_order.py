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
from tests.engine.histories import boards, pair_set, pairs, past

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


ROUND_ONE_RATINGS = {1: 2000, 2: 2100, 3: 1900, 4: 1950, 5: 2050, 6: 1850}
"""Six players before round 1, numbered out of rating order (descending rating: 2, 5, 1, 4,
3, 6; ascending: 6, 3, 4, 1, 5, 2)."""


def test_dubov_e0_colour_by_pairing_number_parity() -> None:
    """C.04.4.1 E.0: "if the higher ranked player ... has an odd pairing number, give him
    the initial-colour; otherwise give him the opposite colour" (initial colour White).

    Round 1 of six: B.3 G1 = 1, 2, 3 (first half by the initial ranking list), G2 = 4, 5, 6;
    S1 = 1, 2, 3 (all AROs 0, B.5), T2 = 4, 5, 6: 1-4, 2-5, 3-6. Pairing numbers 1 and 3
    are odd: White; 2 is even: Black, so 5 has White.

    Numbered by descending rating, 1 would be #3 (White), 2 #1 (White: 2-5), 3 #5 (White);
    by ascending rating 1 would be #4 (Black: 4-1)."""
    state = past(dict.fromkeys(range(1, 7), ""), 5, ratings=ROUND_ONE_RATINGS)
    assert boards(pair_dubov(state)) == {(1, 4), (5, 2), (3, 6)}


def test_dubov_board_order_by_pairing_number() -> None:
    """C.04.2 D.9 (board order): pairs by the higher-ranked player's score, then the sum of
    the scores, then the higher-ranked player's position in the initial ranking list.

    Round 1 of six (pairs as in the E.0 test): every score is 0, so the boards follow the
    pairing numbers of the higher-ranked players 1, 2, 3: 1-4, 5-2, 3-6. By descending
    rating of that player the order would be 5-2 (2100), 1-4, 3-6; by ascending 3-6, 1-4,
    5-2."""
    state = past(dict.fromkeys(range(1, 7), ""), 5, ratings=ROUND_ONE_RATINGS)
    in_order = [frozenset((b.white, b.black)) for b in pair_dubov(state).boards]
    assert in_order == [frozenset((1, 4)), frozenset((2, 5)), frozenset((3, 6))]
