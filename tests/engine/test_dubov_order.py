"""Section D of the Dubov text (C.04.4.1, 2018): its three micro-examples, verbatim."""

from __future__ import annotations

from itertools import product

from pairing.engine.dubov.order import (
    c6_key,
    containers,
    lexicographic_sets,
    middle_out,
    transpositions,
    upfloater_sets_d1,
)

# D.1.b example: #1, #2, #3 have 3 points, #4 and #5 have 2.5 points, #6 has 1.5 points
# (half-points below), and a set of two upfloaters is needed.
D1_SCORES = {1: 6, 2: 6, 3: 6, 4: 5, 5: 5, 6: 3}
D1_CONTAINERS_AS_LISTED = [
    [(1, 2), (1, 3), (2, 3)],
    [(1, 4), (1, 5), (2, 4), (2, 5), (3, 4), (3, 5)],
    [(1, 6), (2, 6), (3, 6)],
    [(4, 5)],
    [(4, 6), (5, 6)],
]
"""The five containers exactly as the text lists them ("first" ... "fifth (and last)")."""


def test_d1_container_membership_is_the_texts() -> None:
    """D.1.b: sets belong to the same container if their players have the same scores; the
    sets inside a container are in lexicographic order."""
    ordered = upfloater_sets_d1(list(D1_SCORES), D1_SCORES.__getitem__, 2)
    groups: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for s in ordered:
        groups.setdefault(tuple(sorted(D1_SCORES[p] for p in s)), []).append(s)
    assert sorted(groups.values()) == sorted(D1_CONTAINERS_AS_LISTED)
    for members in groups.values():
        assert members == sorted(members)


def test_d1_containers_are_sorted_by_c6() -> None:
    """D.1.b: "The containers are sorted along the lines described by criterion C.6": maximise
    the lowest upfloater score, then the next. {2.5, 2.5} (lowest 2.5) therefore precedes
    {3, 1.5} (lowest 1.5), although the example lists {#1,#6}... as the third container and
    {#4,#5} as the fourth: the listing enumerates the containers, C.6 orders them. The
    reference reading does the same (corpus README point 4)."""
    ordered = upfloater_sets_d1(list(D1_SCORES), D1_SCORES.__getitem__, 2)
    assert ordered == [
        (1, 2), (1, 3), (2, 3),                                 # 3 + 3
        (1, 4), (1, 5), (2, 4), (2, 5), (3, 4), (3, 5),         # 3 + 2.5
        (4, 5),                                                 # 2.5 + 2.5
        (1, 6), (2, 6), (3, 6),                                 # 3 + 1.5
        (4, 6), (5, 6),                                         # 2.5 + 1.5
    ]  # fmt: skip


def test_containers_counts_per_score_level() -> None:
    """The engine's container list for the D.1 example: upfloaters taken per score level
    (3, 2.5, 1.5), best first by C.6."""
    assert list(containers([(6, 3), (5, 2), (3, 1)], 2)) == [
        (2, 0, 0),
        (1, 1, 0),
        (0, 2, 0),
        (1, 0, 1),
        (0, 1, 1),
    ]


def test_containers_follow_c6_exhaustively() -> None:
    """The lazy generation gives every container once, in the order of the C.6 key."""
    levels = [(10, 2), (8, 3), (7, 1), (4, 2), (1, 3)]
    for size in range(0, 12):
        got = list(containers(levels, size))

        def key(c: tuple[int, ...]) -> tuple[int, ...]:
            return c6_key([s for (s, _), k in zip(levels, c, strict=True) for _ in range(k)])

        assert got == sorted(got, key=key)
        assert len(set(got)) == len(got)
        everything = [c for c in product(*(range(n + 1) for _, n in levels)) if sum(c) == size]
        assert sorted(got) == sorted(everything)


def test_c6_compares_lowest_score_first() -> None:
    # C.6: maximise the lowest score, then the second lowest.
    assert c6_key([5, 5]) < c6_key([6, 3])
    assert c6_key([6, 5]) < c6_key([5, 5])
    assert c6_key([6, 6, 3]) < c6_key([5, 5, 3])  # lowest equal: the second lowest decides


def test_d2_middle_out_example() -> None:
    """D.2.b: A..G -> #1 D, #2 C, #3 E, #4 B, #5 F, #6 A, #7 G."""
    assert middle_out(list("ABCDEFG")) == list("DCEBFAG")


def test_d2_middle_out_even_list() -> None:
    # Six players: C and D are both in the middle; C is higher in the list.
    assert middle_out(list("ABCDEF")) == list("CDBEAF")
    assert middle_out([]) == []
    assert middle_out(["A"]) == ["A"]


def test_d0_lexicographic_sets_example() -> None:
    """D.0.c with K=2: {#1,#2} precedes {#1,#3}, {#1,#P} precedes {#2,#3}."""
    sets = list(lexicographic_sets([1, 2, 3, 4], 2))
    assert sets == [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]
    assert sets.index((1, 4)) < sets.index((2, 3))


def test_d3_transposition_example() -> None:
    """D.3: A, B, C in G2 give {A,B,C} {A,C,B} {B,A,C} {B,C,A} {C,A,B} {C,B,A}, in that order."""
    assert ["".join(t) for t in transpositions("ABC")] == ["ABC", "ACB", "BAC", "BCA", "CAB", "CBA"]
