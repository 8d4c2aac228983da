"""The players beyond a Dutch bracket (:class:`pairing.engine.dutch.rest.Rest`), which the
explanation of a bracket's downfloaters asks how many pairs the rest of the round can still
make for a given set of downfloaters (C.04.3 C.7 / 2026 C8, and C.4 / C4). The explanation
measures this by weighted matching while the players beyond the bracket are few
(``EXACT_REST``, 40); beyond that it asks :class:`Rest`, so no small round reached it.

:class:`Rest` answers the size of a maximum matching of: the players beyond the bracket, the
downfloaters given (who may not meet each other: they enter the next bracket as MDPs, B.3),
and the pairing-allocated bye's vertex when there is one (joined to every player who may
receive the bye, C.2). Each answer is checked here against a maximum matching computed by
networkx on a graph the test builds itself from the players' histories (C.1: forbidden
pairs; C.3: two non-topscorers with the same absolute colour preference, A.6.a), and against
a count derived by hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import networkx as nx
import pytest

from pairing.engine.core.state import TournamentState
from pairing.engine.dutch import reasons as reasons_module
from pairing.engine.dutch import rest as rest_module
from pairing.engine.dutch.edition import EDITION_2017, EDITION_2026, Edition
from pairing.engine.dutch.explain import explain_round
from pairing.engine.dutch.graph import BracketGraph, Mode, build_graph
from pairing.engine.dutch.rest import Rest
from tests.engine.histories import past
from tests.engine.test_dutch_support import player, rules

BYE = "bye"
Vertex = int | str
"""A player's id, or :data:`BYE`."""
MayMeet = Callable[[Vertex, Vertex], bool]


def most_pairs(vertices: Iterable[Vertex], may_meet: MayMeet) -> int:
    """Size of a maximum matching (networkx) of ``vertices`` joined by ``may_meet``."""
    graph = nx.Graph()
    listed = list(vertices)
    graph.add_nodes_from(listed)
    for x, u in enumerate(listed):
        for v in listed[x + 1 :]:
            if may_meet(u, v):
                graph.add_edge(u, v)
    return len(nx.max_weight_matching(graph, maxcardinality=True))


# -- a round whose explanation reaches Rest ------------------------------------------------------

TOP = range(1, 7)
"""Scoregroup 1 (after one round): 1 had the pairing-allocated bye (U), 6 a full-point bye
(F), 2-5 won a game."""
BOTTOM = range(7, 52)
"""Scoregroup 0: 45 players who lost their game; the last bracket of round 2."""


def round_two() -> TournamentState:
    """Round 2 of 51 players. 1 may meet nobody of scoregroup 1 and 6 nobody of scoregroup 0
    (forbidden pairs, C.1); every game of round 1 was against a ghost, so nobody has met
    anybody else, and after one game nobody has an absolute colour preference (A.6.a)."""
    histories = {1: "U", 6: "F"}
    histories.update({i: "w1" if i % 2 else "b1" for i in range(2, 6)})
    histories.update({i: "b0" if i % 2 else "w0" for i in BOTTOM})
    forbidden = [(1, j) for j in TOP if j != 1] + [(6, j) for j in BOTTOM]
    return past(histories, 5, forbidden=forbidden)


def may_receive_bye(pid: int, edition: Edition) -> bool:
    """C.2 (2017): not after a pairing-allocated bye or a forfeit win; 2026 C2 also not after a
    full-point bye (a round scored as a win without playing)."""
    if pid == 1:
        return False
    return not (pid == 6 and edition.year == 2026)


def round_two_may_meet(edition: Edition) -> MayMeet:
    def may_meet(u: Vertex, v: Vertex) -> bool:
        if isinstance(u, str) or isinstance(v, str):
            other = v if u == BYE else u
            assert isinstance(other, int)
            return may_receive_bye(other, edition)
        a, b = sorted((u, v))
        if a in TOP and b in TOP:
            return False  # two downfloaters (B.3)
        return not (a == 6 and b in BOTTOM)  # C.1 (forbidden); 1 may meet scoregroup 0

    return may_meet


@dataclass
class Spy:
    """Every question asked of a :class:`Rest`: its graph, the downfloaters (ids), the answer."""

    calls: list[tuple[BracketGraph, tuple[int, ...], int]]


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> Spy:
    found = Spy([])

    class Watched(Rest):
        def __init__(self, graph: BracketGraph) -> None:
            super().__init__(graph)
            self.watched_graph = graph

        def pairs(self, floaters: Iterable[int]) -> int:
            listed = list(floaters)
            answer = super().pairs(listed)
            ids = tuple(sorted(self.watched_graph.players[f].id for f in listed))
            found.calls.append((self.watched_graph, ids, answer))
            return answer

    monkeypatch.setattr(reasons_module, "Rest", Watched)
    monkeypatch.setattr(rest_module, "Rest", Watched)
    return found


@pytest.mark.parametrize("edition", [EDITION_2017, EDITION_2026], ids=["2017", "2026"])
def test_rest_counts_the_pairs_beyond_the_bracket(edition: Edition, spy: Spy) -> None:
    """Scoregroup 1 {1, .., 6}: 1 may meet none of the others, so it floats, and of 2-6 one
    more floats (five players). 6 may meet nobody below (C.1), so C.7 / C8 keep 6 paired;
    the explanation compares the chosen downfloaters with others ({1, 6} among them) and the
    45 players below are more than ``EXACT_REST``: :class:`Rest` counts.

    By hand, the rest is 45 players of scoregroup 0 (odd: the last bracket holds the bye's
    vertex) and the two downfloaters, 48 vertices. With {1, 4} or {1, 5} every one is
    matched: 24 (1 meets someone of scoregroup 0, the other floater too, and the bye goes to
    one of scoregroup 0). With {1, 6}, 6 meets nobody below; in 2017 C.2 bars only a
    pairing-allocated bye or a forfeit win, so 6 (full-point bye) takes the bye's vertex: 24;
    by 2026 C2 (a round scored as a win without playing) 6 may not: 23."""
    state = round_two()
    explain_round(state, edition)
    assert spy.calls, "the explanation never asked Rest"
    may_meet = round_two_may_meet(edition)
    answers = {}
    for graph, floaters, answer in spy.calls:
        beyond = sorted(p.id for p in graph.players[graph.size :])
        assert beyond == list(BOTTOM)
        assert graph.bye_vertex >= 0
        vertices: list[Vertex] = [*floaters, *BOTTOM, BYE]
        assert answer == most_pairs(vertices, may_meet), floaters
        answers[floaters] = answer
    expected_16 = 24 if edition.year == 2017 else 23
    assert answers[(1, 6)] == expected_16
    assert {answers.get((1, 4)), answers.get((1, 5))} - {None} == {24}


# -- Rest on random brackets ---------------------------------------------------------------------


def wanted(history: str) -> str | None:
    """A.6.a: the colour an absolute preference asks for (difference beyond ±1, or the same
    colour in the two latest games), else ``None``."""
    difference = history.count("w") - history.count("b")
    if difference > 1 or history[-2:] == "ww":
        return "b"
    if difference < -1 or history[-2:] == "bb":
        return "w"
    return None


def random_graph(
    rng: random.Random, mode: Mode
) -> tuple[BracketGraph, dict[int, str], set[tuple[int, int]]]:
    """A bracket of 3-6 players with 2-9 players beyond it and random forbidden pairs, colour
    histories and byes barred; returns the graph, each player's history and the forbidden
    pairs."""
    size, beyond = rng.randint(3, 6), rng.randint(2, 9)
    count = size + beyond
    histories = {i: rng.choice(["wb", "bw", "ww", "bb", "w", "b"]) for i in range(1, count + 1)}
    people = [
        player(i, 4 if i <= size else 2, histories[i], bye_allowed=rng.random() < 0.7)
        for i in range(1, count + 1)
    ]
    forbidden = {
        (a, b) for a in range(1, count + 1) for b in range(a + 1, count + 1) if rng.random() < 0.3
    }
    round_rules = rules(people, barred=forbidden)
    bracket, below = people[:size], people[size:]
    if mode is Mode.NORMAL:
        graph = build_graph([], bracket, mode, round_rules, below, (), next_is_last=True)
    else:
        graph = build_graph([], bracket, mode, round_rules, (), below)
    return graph, histories, forbidden


def brute_force(
    graph: BracketGraph,
    histories: dict[int, str],
    forbidden: set[tuple[int, int]],
    floaters: Sequence[int],
) -> int:
    players = {p.id: p for p in graph.players}
    size_ids = {p.id for p in graph.players[: graph.size]}

    def may_meet(u: Vertex, v: Vertex) -> bool:
        if isinstance(u, str) or isinstance(v, str):
            other = v if u == BYE else u
            assert isinstance(other, int)
            return players[other].bye_allowed
        if u in size_ids and v in size_ids:
            return False  # two downfloaters (B.3)
        a, b = sorted((u, v))
        if (a, b) in forbidden:
            return False  # C.1
        colour = wanted(histories[a])
        return colour is None or colour != wanted(histories[b])  # C.3

    vertices: list[Vertex] = [graph.players[f].id for f in floaters]
    vertices += [p.id for p in graph.players[graph.size :]]
    if graph.bye_vertex >= 0:
        vertices.append(BYE)
    return most_pairs(vertices, may_meet)


@pytest.mark.parametrize("mode", [Mode.NORMAL, Mode.PPB], ids=["normal", "ppb"])
def test_rest_against_a_maximum_matching(mode: Mode) -> None:
    """Every set of downfloaters of random brackets (a following last bracket for C.7, or
    every lower player for C.4): :class:`Rest` gives the size of a maximum matching."""
    rng = random.Random(22)
    seen = set()
    for _ in range(60):
        graph, histories, forbidden = random_graph(rng, mode)
        rest = Rest(graph)
        for mask in range(1 << graph.size):
            floaters = [i for i in range(graph.size) if mask >> i & 1]
            answer = rest.pairs(floaters)
            assert answer == brute_force(graph, histories, forbidden, floaters), floaters
            seen.add((graph.bye_vertex >= 0, len(floaters) > 1))
    assert seen == {(True, True), (True, False), (False, True), (False, False)}


def test_rest_searches_from_the_players_left_free_below() -> None:
    """Regression (run 14): :class:`Rest` searched for augmenting paths only from the
    downfloaters given, so a path between two players the base matching left free below the
    bracket, through the downfloaters, was never looked for.

    A PPB of 1-6 (score 4) over 7-11 (score 2) and the bye. Absolute preferences (A.6.a): 3,
    7, 9, 11 (B B: White), 5 (W W: Black); C.3 keeps 7, 9 and 11 apart. Forbidden (C.1): the
    pairs listed. With 2 and 4 floating down:

    - 2 may meet 8 and 10 (7, 9, 11 forbidden);
    - 4 may meet each of 7-11 (only 5 and 6 forbidden) and the bye;
    - 7 may meet 10 (8, 9 forbidden, 11 by C.3), 8 may meet 10 (7, 9, 11 forbidden), 9 may
      meet 10 (7, 8, 11 forbidden), 11 may meet 10 (8, 9 forbidden, 7 by C.3), and each of
      them the bye; 1, 2 and 5 may not have it (``bye_allowed``).

    Below the bracket alone 7, 8, 9 and 11 each need 10 or the bye: 2 pairs. With 2 and 4:
    2-8, 4-7, 9-10, 11-bye, 4 pairs (every vertex). The search from 2 alone found 2-10,
    7-4 through the base pair 7-10, leaving 9 and 11 free and never searched from: 3."""
    histories = {
        1: "bw", 2: "bw", 3: "bb", 4: "bw", 5: "ww", 6: "b",
        7: "bb", 8: "w", 9: "bb", 10: "w", 11: "bb",
    }  # fmt: skip
    no_bye = {1, 2, 5}
    people = [
        player(i, 4 if i <= 6 else 2, histories[i], bye_allowed=i not in no_bye)
        for i in range(1, 12)
    ]
    forbidden = {
        (1, 2), (1, 9), (2, 7), (2, 9), (2, 11), (3, 8), (3, 11), (4, 5),
        (4, 6), (5, 7), (6, 9), (7, 8), (7, 9), (8, 9), (8, 11), (9, 11),
    }  # fmt: skip
    graph = build_graph([], people[:6], Mode.PPB, rules(people, barred=forbidden), (), people[6:])
    floaters = [1, 3]  # players 2 and 4
    assert brute_force(graph, histories, forbidden, floaters) == 4
    assert Rest(graph).pairs(floaters) == 4
