"""The Dubov legal-pairing graph (pairing/engine/dubov/graph.py) on hand-made graphs: each test
pins a question the pairing asks of it, which a surviving mutant of run 11 (docs/testing.md)
answered wrongly.

Two players may meet when C.1 allows it (no earlier game, no forbidden pair: the graph's
*gaps*) and C.3 does (not the same absolute colour preference: the graph's *side*). Every
expected answer below is worked out by hand from those two rules."""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.dubov.graph import LegalGraph, first_subset

W, B = "W", "B"
"""Absolute colour preferences (C.3 bars two players with the same one)."""


def graph(
    ids: list[int], barred: Sequence[tuple[int, int]] = (), side: dict[int, str] | None = None
) -> LegalGraph:
    """Players ``ids``; the ``barred`` pairs have met (C.1); ``side``: absolute preferences."""
    gaps: dict[int, set[int]] = {i: set() for i in ids}
    for a, b in barred:
        gaps[a].add(b)
        gaps[b].add(a)
    sides: dict[int, object | None] = dict.fromkeys(ids)
    sides.update(side or {})
    return LegalGraph.from_gaps(ids, {i: frozenset(s) for i, s in gaps.items()}, sides)


# -- has_partner_among: may a player meet somebody of a group? (B.1's candidates) -------------


def test_partner_among_a_group_and_a_plain_set_by_c1_and_c3() -> None:
    """Players 1-6; 1 and 2 want White absolutely, 3 wants Black absolutely, 4-6 have no
    absolute preference; 4 has met 5 and 2 has met 3 (C.1).

    - 1 among {2}: both want White absolutely (C.3): no partner.
    - 1 among {2, 3}: 1-3 is legal (White against Black): a partner.
    - 2 among {3}: they have met (C.1), though their preferences differ: no partner.
    - 3 among {2, 4}: 3-2 has been played, 3-4 is legal: a partner.
    - 4 among {4, 5}: 4 cannot meet himself and has met 5: no partner.
    - 4 among {4, 6}: 4-6 is legal: a partner.
    - 4 among {}: nobody: no partner.
    - 2 among {1, 3}: 2-1 same absolute preference, 2-3 met: no partner.

    The same answers whether the group is a plain set or a :class:`Group` (which counts
    preferences instead of asking pair by pair)."""
    g = graph([1, 2, 3, 4, 5, 6], barred=[(4, 5), (2, 3)], side={1: W, 2: W, 3: B})
    cases = [
        (1, [2], False),
        (1, [2, 3], True),
        (2, [3], False),
        (3, [2, 4], True),
        (4, [4, 5], False),
        (4, [4, 6], True),
        (4, [], False),
        (2, [1, 3], False),
    ]
    for a, members, expected in cases:
        assert g.has_partner_among(a, set(members)) is expected, (a, members, "set")
        assert g.has_partner_among(a, g.group(members)) is expected, (a, members, "Group")


# -- edges_among / perfect / min_pairs_inside: B.4 and C.7's matching questions ---------------


def test_edges_among_reads_both_players_of_the_allowed_filter() -> None:
    """Players 1, 2, 3, all legal; a filter that allows no pair holding 1: only 2-3 is
    left."""
    g = graph([1, 2, 3])
    assert list(g.edges_among([1, 2, 3], lambda a, b: 1 not in (a, b))) == [(2, 3)]


def test_an_odd_number_of_players_has_no_perfect_pairing() -> None:
    """Three players, every pair legal: one of them is always left over."""
    assert graph([1, 2, 3]).perfect([1, 2, 3]) is False
    assert graph([1, 2, 3, 4]).perfect([1, 2, 3, 4]) is True


def test_fewest_pairs_inside_under_a_filter_that_bars_the_outside_pairs() -> None:
    """B.4's first shift asks for the fewest pairs inside the smaller subgroup under a filter.
    Players 1-4, all legal; inside = {1, 2}. Without a filter, 1-3 and 2-4 keep both inside
    players apart: 0. A filter barring 1-3 and 1-4 leaves 1 only 2: every pairing holds
    1-2, so 1 pair inside (3-4 the other). A filter barring every pair with 1: no pairing
    at all (None)."""
    g = graph([1, 2, 3, 4])
    assert g.min_pairs_inside([1, 2, 3, 4], {1, 2}) == 0
    no_13_14 = {frozenset((1, 3)), frozenset((1, 4))}
    assert g.min_pairs_inside([1, 2, 3, 4], {1, 2}, lambda a, b: {a, b} not in no_13_14) == 1
    assert g.min_pairs_inside([1, 2, 3, 4], {1, 2}, lambda a, b: 1 not in (a, b)) is None


def test_fewest_pairs_inside_when_some_are_unavoidable() -> None:
    """Players 1-6 inside, 7 and 8 outside; inside players may all meet each other, 7 may
    meet only 1 and 8, 8 only 2 and 7 (C.1 bars the rest). Any pairing with 7-8 pairs the
    six inside players among themselves: 3 pairs inside. The only other pairings hold 7-1
    and 8-2 and pair 3, 4, 5, 6 among themselves: 2 pairs inside, the fewest. A pair of one
    inside and one outside player is not inside, nor is 7-8; the answer does not depend on
    the order the players are listed in."""
    barred = [(7, x) for x in (2, 3, 4, 5, 6)] + [(8, x) for x in (1, 3, 4, 5, 6)]
    g = graph([1, 2, 3, 4, 5, 6, 7, 8], barred=barred)
    inside = {1, 2, 3, 4, 5, 6}
    for order in ([1, 2, 3, 4, 5, 6, 7, 8], [7, 8, 1, 2, 3, 4, 5, 6], [8, 6, 4, 2, 7, 5, 3, 1]):
        assert g.min_pairs_inside(order, inside) == 2, order


# -- LocalMatcher: B.6's fixed pairs and B.4's refiltered shifts -------------------------------


def test_mate_of_a_paired_and_of_an_unpaired_player() -> None:
    """Players 1, 2, 3 and 1-2 legal only: the largest pairing is 1-2 and 3 is left over:
    1's partner is 2, 2's is 1, 3 has none."""
    g = graph([1, 2, 3], barred=[(1, 3), (2, 3)])
    m = g.matcher([1, 2, 3])
    assert (m.mate(1), m.mate(2), m.mate(3)) == (2, 1, None)


def test_refilter_repairs_through_the_first_player() -> None:
    """Players 1-6. 3 may meet only 1 and 4, 4 only 2 and 3 (C.1 bars the rest); 1-2 and 5-6
    are legal. The pairing 1-2, 3-4, 5-6 is perfect. A filter then bars 3-4: the only
    pairing left is 1-3, 2-4, 5-6, and the repair must find it (refilter says True) whether
    the player refiltered is 3 or 4."""
    barred = [(3, 2), (3, 5), (3, 6), (4, 1), (4, 5), (4, 6)]
    for pid in (3, 4):
        g = graph([1, 2, 3, 4, 5, 6], barred=barred)
        allow_34 = [True]

        def allowed(a: int, b: int, allow: list[bool] = allow_34) -> bool:
            return allow[0] or {a, b} != {3, 4}

        m = g.matcher([1, 2, 3, 4, 5, 6], allowed)
        assert m.perfect() and m.mate(3) == 4  # the greedy pairing along the vertices
        allow_34[0] = False
        assert m.refilter(pid) is True
        assert (m.mate(1), m.mate(2), m.mate(5)) == (3, 4, 6)


# -- first_subset: D.0.c's first set, member by member -----------------------------------------


def test_first_subset_takes_the_forced_rest_without_asking() -> None:
    """Pool 1, 2, 3, two members wanted; 1 is refused. Then both 2 and 3 are needed: the
    first set is {2, 3}, and nobody is asked about them (one question in all)."""
    asked: list[int] = []
    left_out: list[int] = []

    def try_include(p: int) -> bool:
        asked.append(p)
        return p != 1

    assert first_subset([1, 2, 3], 2, try_include, left_out.append) == [2, 3]
    assert asked == [1]
    assert left_out == [1]
