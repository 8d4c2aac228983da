"""The dense-graph additions to :class:`Matcher` (``solve_dense``, ``commit_pair``,
``has_edge``/``neighbours``), checked against networkx on random graphs."""

from __future__ import annotations

import random
from collections.abc import Set as AbstractSet

import networkx as nx
import pytest

from pairing.engine.matching.cardinality import Matcher


def random_graph(n: int, density: float, seed: int) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    return [(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < density]


def nx_matching_size(
    n: int, edges: list[tuple[int, int]], removed: AbstractSet[int] = frozenset()
) -> int:
    g = nx.Graph()
    g.add_nodes_from(v for v in range(n) if v not in removed)
    g.add_edges_from((u, v) for u, v in edges if u not in removed and v not in removed)
    return len(nx.max_weight_matching(g, maxcardinality=True))


def assert_valid(m: Matcher) -> None:
    for v in range(m.n):
        w = m.mate_of(v)
        if w >= 0:
            assert m.is_active(v)
            assert m.is_active(w)
            assert m.mate_of(w) == v
            assert m.has_edge(v, w)


def test_has_edge_and_neighbours_read_the_adjacency_sets() -> None:
    m = Matcher(3, [(0, 1)])
    assert m.has_edge(0, 1)
    assert m.has_edge(1, 0)
    assert not m.has_edge(0, 2)
    assert m.neighbours(0) == {1}


@pytest.mark.parametrize("seed", range(40))
def test_solve_dense_finds_a_maximum_matching(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(1, 24)
    edges = random_graph(n, rng.choice([0.1, 0.3, 0.6, 0.9]), seed)
    m = Matcher(n, edges)
    order = list(range(n))
    rng.shuffle(order)
    size = m.solve_dense(order)
    assert_valid(m)
    assert size == m.size == nx_matching_size(n, edges)


def test_solve_dense_matches_greedily_along_the_order() -> None:
    # Complete graph on 6: the greedy along the order pairs consecutive vertices.
    edges = [(u, v) for u in range(6) for v in range(u + 1, 6)]
    m = Matcher(6, edges)
    m.solve_dense([5, 0, 3, 1, 4, 2])
    assert (m.mate_of(5), m.mate_of(3), m.mate_of(4)) == (0, 1, 2)


def test_solve_dense_repairs_the_tail_through_a_late_pair() -> None:
    # Path 0-1, 2-3 and 4-5 with 4 and 5 not adjacent: greedy pairs (0,1), (2,3), (4,?)...
    # 4 and 5 can only be joined through the matched edge 2-3 (4-2, 3-5), the latest one.
    edges = [(0, 1), (2, 3), (4, 2), (3, 5), (0, 4), (1, 5)]
    m = Matcher(6, edges)
    assert m.solve_dense() == 3
    assert (m.mate_of(0), m.mate_of(4), m.mate_of(3)) == (1, 2, 5)


@pytest.mark.parametrize("seed", range(40))
def test_commit_pair_keeps_a_perfect_matching_iff_one_exists(seed: int) -> None:
    rng = random.Random(1000 + seed)
    n = 2 * rng.randint(1, 10)
    edges = random_graph(n, rng.choice([0.2, 0.5, 0.8]), seed)
    hidden = list(range(n))  # a hidden perfect matching, so that one exists
    rng.shuffle(hidden)
    edges += [(min(a, b), max(a, b)) for a, b in zip(hidden[::2], hidden[1::2], strict=True)]
    edges = sorted(set(edges))
    m = Matcher(n, edges)
    assert m.solve_dense() * 2 == n
    removed: set[int] = set()
    while len(removed) < n:
        u = min(v for v in range(n) if v not in removed)
        partners = [v for v in range(n) if v not in removed and v != u]
        rng.shuffle(partners)
        for v in partners:
            expected = (u, v) in edges or (v, u) in edges
            expected = expected and nx_matching_size(n, edges, removed | {u, v}) * 2 == (
                n - len(removed) - 2
            )
            before = m.snapshot()
            assert m.commit_pair(u, v, reversed(partners) if seed % 2 else None) == expected
            assert_valid(m)
            if expected:
                removed |= {u, v}
                assert not m.is_active(u)
                assert not m.is_active(v)
                assert not m.free_vertices()
                break
            assert m.snapshot() == before  # a refused pair changes nothing


def test_commit_pair_prefers_the_kept_edge_and_refuses_non_edges() -> None:
    m = Matcher(4, [(0, 1), (2, 3), (0, 2), (1, 3)])
    m.solve_dense()
    assert m.mate_of(0) == 1
    assert not m.commit_pair(0, 3)  # not an edge
    assert m.commit_pair(0, 2)  # 1 and 3 are re-joined directly
    assert m.mate_of(1) == 3


def test_commit_pair_needs_a_perfect_matching() -> None:
    m = Matcher(3, [(0, 1), (1, 2)])
    m.solve_dense()
    free = m.free_vertices()[0]
    other = next(v for v in range(3) if m.has_edge(free, v))
    with pytest.raises(ValueError, match="perfect matching"):
        m.commit_pair(free, other)


@pytest.mark.parametrize("seed", range(30))
def test_solve_greedy_is_perfect_exactly_when_networkx_finds_a_perfect_matching(seed: int) -> None:
    rng = random.Random(seed)
    n = 2 * rng.randint(1, 10)
    edges = random_graph(n, rng.choice([0.2, 0.4, 0.7]), seed)
    skip = set(rng.sample(range(n), 2)) if rng.random() < 0.5 else set()
    m = Matcher(n, edges)
    for v in skip:
        m.deactivate(v)
    perfect = m.solve_greedy(range(n))
    assert perfect == (2 * nx_matching_size(n, edges, skip) == n - len(skip))
    if perfect:
        assert_valid(m)
        assert not m.free_vertices()


def test_solve_greedy_matches_each_vertex_with_its_smallest_free_neighbour() -> None:
    # 0-1, 0-2, 1-2, 2-3: along 0,1,2,3 the greedy step pairs 0-1 and then 2-3.
    m = Matcher(4, [(0, 1), (0, 2), (1, 2), (2, 3)])
    assert m.solve_greedy([0, 1, 2, 3])
    assert (m.mate_of(0), m.mate_of(2)) == (1, 3)


@pytest.mark.parametrize("seed", range(30))
def test_rematch_keeps_the_rest_perfect_or_changes_nothing(seed: int) -> None:
    rng = random.Random(seed)
    n = 2 * rng.randint(2, 9)
    edges = random_graph(n, 0.5, seed)
    m = Matcher(n, edges)
    if not m.solve_greedy(range(n)):
        return
    for u, v in edges:
        before = m.snapshot()
        expected = 2 * nx_matching_size(n, edges, {u, v}) == n - 2
        assert m.rematch(u, v) == expected
        if expected:
            assert (m.mate_of(u), m.mate_of(v)) == (v, u)
            assert not m.free_vertices()
            assert_valid(m)
        else:
            assert m.snapshot() == before


def test_retire_pair_takes_both_ends_out() -> None:
    m = Matcher(4, [(0, 1), (2, 3)])
    m.solve()
    assert m.retire_pair(0) == 1
    assert not m.is_active(0)
    assert not m.is_active(1)
    assert m.mate_of(0) == m.mate_of(1) == -1
    with pytest.raises(ValueError, match="matched vertex"):
        m.retire_pair(0)


def test_take_over_frees_the_former_mate() -> None:
    m = Matcher(3, [(0, 1), (1, 2)])
    m.solve()
    assert m.mate_of(1) == 0
    assert m.take_over(2, 1) == 0
    assert (m.mate_of(1), m.mate_of(2), m.mate_of(0)) == (2, 1, -1)


def test_from_adjacency_owns_the_sets_and_restore_works_in_place() -> None:
    adjacency: list[set[int]] = [{1}, {0, 2}, {1}]
    m = Matcher.from_adjacency(adjacency)
    assert m.solve() == 1
    snap = m.snapshot()
    m.remove_edge(0, 1)
    assert adjacency[0] == set()  # the matcher edits the sets it was given
    m.repair(range(3))
    m.restore(snap)
    assert m.snapshot() == snap
