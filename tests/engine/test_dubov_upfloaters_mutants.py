"""The Dubov upfloater search's explanation record (pairing/engine/dubov/upfloaters.py,
``UpfloaterSearch.explain``) on hand-made scoregroups: each test pins what B.1-B.2 record
for the explanation, which a surviving mutant of run 11 (docs/testing.md) changed.

D.1.a numbers the possible upfloaters by score, then initial ranking; the record lists, for
each possible upfloater ranked above a chosen one but not chosen, the set holding it instead
and the criterion that rejects that set."""

from __future__ import annotations

from pairing.engine.dubov.trace import Alternative, UpfloatTrace
from pairing.engine.dubov.upfloaters import choose_upfloaters
from tests.engine.test_dubov import graph, graph_of, ids, player


def summary(trace: UpfloatTrace) -> list[tuple[int, int, str]]:
    return [(a.player.id, a.instead_of.id, a.criterion) for a in trace.alternatives]


def test_b1_bounds_and_c4_rejections_are_recorded() -> None:
    """Residents 1 (wants White) and 2 (wants Black), 4 points, may meet. Lower: 3, 4, 5
    (3 points) and 6 (2 points); 6 has met 3, 4 and 5 (C.1).

    B.1's bounds: the residents pair among themselves (1-2), none is left alone: 0. The
    lower players' largest pairing is one pair among 3, 4, 5; 6 and one of them are left
    over: 2 must upfloat (C.4).
    D.1.a: 3, 4, 5, 6 (sequence numbers 1-4). Two upfloaters; containers (C.6): {3, 3}
    first, every set of it leaves 6 alone in the rest (C.4); then {3, 2}: {3, 6} is the
    first legal set (1-3/2-6, rest 4-5): chosen.
    Ranked above the last chosen, 6, and not chosen: 4 and 5 (3 points, more than 6's 2:
    each replaces 6, a better container). {3, 4}: the rest {5, 6} have met: C.4; {3, 5}: the
    rest {4, 6}: C.4. No chosen member scores 3 after 4 or 5, so no other replacement."""
    residents = [player(1, "W", 8), player(2, "B", 8)]
    lower = [player(3, "B", 6), player(4, "W", 6), player(5, "B", 6), player(6, "W", 4)]
    g = graph(residents + lower, illegal=[(6, 3), (6, 4), (6, 5)])
    trace = UpfloatTrace()
    assert ids(choose_upfloaters(g, residents, lower, False, trace=trace)) == [3, 6]
    assert (trace.residents_alone, trace.rest_bound) == (0, 2)
    assert summary(trace) == [(4, 6, "C.4"), (5, 6, "C.4")]
    assert trace.more_alternatives == 0


def test_b2_a_skipped_player_replaces_the_first_chosen_one_of_his_score() -> None:
    """Residents 1 and 2 (4 points) have met (C.1): both need an upfloater. Lower: 3, 4, 5
    (3 points) and 6 (2 points); 3 has met 1 and 2. B.1's bounds: neither resident can meet
    the other: 2 alone; the lower players pair 3-6, 4-5: 0 left over.
    D.1.a: 3, 4, 5, 6. Container {3, 3}: 3 meets no resident; {4, 5} (1-4, 2-5, rest 3-6)
    is legal: chosen.
    3 is ranked above the chosen 4 and 5, with their score: the set holding 3 instead of
    the first of them, {3, 5}, is rejected because the bracket 1, 2, 3, 5 cannot be paired
    without a rematch (C.1; recorded as "C.1/C.3"). 3 replaces 4 only, not 5 as well."""
    residents = [player(1, "W", 8), player(2, "B", 8)]
    lower = [player(3, "B", 6), player(4, "W", 6), player(5, "B", 6), player(6, "W", 4)]
    g = graph(residents + lower, illegal=[(1, 2), (3, 1), (3, 2)])
    trace = UpfloatTrace()
    assert ids(choose_upfloaters(g, residents, lower, False, trace=trace)) == [4, 5]
    assert (trace.residents_alone, trace.rest_bound) == (2, 0)
    assert summary(trace) == [(3, 4, "C.1/C.3")]
    (alternative,) = trace.alternatives
    assert alternative == Alternative(lower[0], lower[1], "C.1/C.3")


def test_b1_two_more_upfloaters_when_the_bounds_cannot_be_met() -> None:
    """Residents 1, 2, 3, 4 (4 points); among them only 1-2 is legal (C.1), so 3 and 4 are
    left alone: at least 2 upfloaters. Lower: 5, 6, 7, 8 (3 points); 3 and 4 may meet only
    5 and 6 of them, 1 only 7, 2 only 8; among the lower players only 5-7 and 6-8 are
    legal: they pair completely, no lower bound from C.4.
    Two upfloaters: 3 and 4 each need one, from 5 and 6, and 1-2 meet; then 7 and 8, who
    have met, are left in the rest (C.4). No other pair of upfloaters lets 3 and 4 be
    paired. Four upfloaters: 3-5, 4-6, 1-7, 2-8 (B.1: the fewest is 4)."""
    residents = [player(1, "W", 8), player(2, "B", 8), player(3, "W", 8), player(4, "B", 8)]
    lower = [player(5, "B", 6), player(6, "W", 6), player(7, "B", 6), player(8, "W", 6)]
    legal = [(1, 2), (3, 5), (3, 6), (4, 5), (4, 6), (1, 7), (2, 8), (5, 7), (6, 8)]
    g = graph_of(residents + lower, legal)
    trace = UpfloatTrace()
    assert ids(choose_upfloaters(g, residents, lower, False, trace=trace)) == [5, 6, 7, 8]
    assert (trace.residents_alone, trace.rest_bound) == (2, 0)


def test_c7_counts_one_violation_per_player_not_given_his_colour() -> None:
    """Residents 1, 2 (want White) and 3 (wants Black), 4 points: three residents, one
    upfloater. Lower: 4 (wants Black, 3 points), the only possible one. Legal pairs: 1-2 and
    3-4 only (C.1). The bracket pairs 1-2 and 3-4: in each pair one player gets the colour
    he does not want, 2 colour preferences not granted (C.7); no maximum upfloater, nobody
    upfloated before: quality (2, 0, 0, 0)."""
    residents = [player(1, "W", 8), player(2, "W", 8), player(3, "B", 8)]
    lower = [player(4, "B", 6)]
    g = graph_of(residents + lower, [(1, 2), (3, 4)])
    trace = UpfloatTrace()
    assert ids(choose_upfloaters(g, residents, lower, False, trace=trace)) == [4]
    assert trace.quality == (2, 0, 0, 0)


def test_b2_the_first_set_without_the_first_possible_upfloater() -> None:
    """Residents 1 (wants White) and 2 (wants Black), 4 points, have met (C.1): two
    upfloaters. Lower: 3, 4, 5 (3 points, all wanting Black, none upfloated before) and 6
    (2 points). 6 may meet only 3 (C.1 bars the rest), and no resident. D.1.a: 3, 4, 5, 6.
    Container {3, 3}: {3, 4} leaves 5 and 6 in the rest, who may not meet (C.4); {3, 5}
    leaves 4 and 6 (C.4); {4, 5}: 1-4, 2-5, rest 3-6: legal, and the only legal set."""
    residents = [player(1, "W", 8), player(2, "B", 8)]
    lower = [player(3, "B", 6), player(4, "B", 6), player(5, "B", 6), player(6, "B", 4)]
    illegal = [(1, 2), (6, 1), (6, 2), (6, 4), (6, 5)]
    g = graph(residents + lower, illegal=illegal)
    assert ids(choose_upfloaters(g, residents, lower, last_round=False)) == [4, 5]
