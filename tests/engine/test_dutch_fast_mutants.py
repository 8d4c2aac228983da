"""The Dutch fast path (``dutch/fast.py``) against independent oracles, quick enough for
mutation testing (issue 22).

The fast path answers a bracket only when it can prove its answer is the candidate B.8
chooses; otherwise it returns ``None`` and the exact weighted matching of ``bracket.py``
decides. So:

- on many small random brackets (seeded; both editions; E.5 numbers out of pairing-number
  order; MDPs of several scores; the following bracket, sometimes the last one with the bye),
  wherever the fast path answers, its pairs are the exact solver's;
- the C.7 / C8 value of a single downfloater (:func:`leaving_gains`) equals a brute-force
  enumeration of every pairing of the downfloater with the following bracket;
- hand-derived brackets, each with its rule derivation in the docstring, where the fast path
  must answer (it is the path every round-1 and most later brackets take) and what it answers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

import pytest

from pairing.engine.core.colours import preference
from pairing.engine.dutch.bracket import exact_pairs, pair_bracket
from pairing.engine.dutch.criteria import Level
from pairing.engine.dutch.edition import EDITION_2017, EDITION_2026, Edition
from pairing.engine.dutch.fast import fast_pairs, leaving_gains
from pairing.engine.dutch.graph import BracketGraph, Kind, Mode, build_graph, max_pairs
from pairing.engine.dutch.players import DutchPlayer, Float
from tests.engine import test_dutch_support as support
from tests.engine.test_dutch_support import colours, player, rules

EDITIONS = {"2017": EDITION_2017, "2026": EDITION_2026}


def random_player(rng: random.Random, pid: int, score: int, edition: Edition) -> DutchPlayer:
    """15 % topscorers, E.5 numbers out of order, unplayed rounds where the edition counts
    them."""
    return support.random_player(
        rng, pid, score, topscorers=0.15, e5_out_of_order=True, unplayed=edition.bye_unplayed
    )


def random_bars(
    rng: random.Random, players: list[DutchPlayer], density: float
) -> list[tuple[int, int]]:
    """Each pair of ``players`` barred (C.1) with probability ``density``."""
    return [
        (a.id, b.id)
        for i, a in enumerate(players)
        for b in players[i + 1 :]
        if rng.random() < density
    ]


def random_graph(rng: random.Random, edition: Edition) -> BracketGraph:
    """A random NORMAL or LAST bracket: 0-3 MDPs of scores 5-8, 2-11 residents of score 4,
    1-6 residents of the following bracket (score 2 or 3), C.1 bars between any two."""
    mdp_count = rng.choice([0, 0, 1, 1, 2, 3])
    size = rng.randint(2, 11)
    mdps = [random_player(rng, i + 1, rng.choice([5, 6, 7, 8]), edition) for i in range(mdp_count)]
    mdps.sort(key=lambda p: (-p.score, p.tpn))
    residents = [random_player(rng, mdp_count + i + 1, 4, edition) for i in range(size)]
    first_next = mdp_count + size + 1
    next_score = rng.choice([2, 3])
    nxt = [
        random_player(rng, first_next + i, next_score, edition) for i in range(rng.randint(1, 6))
    ]
    everyone = [*mdps, *residents, *nxt]
    density = rng.choice([0.05, 0.15, 0.3])
    barred = random_bars(rng, everyone, density)
    mode = rng.choice([Mode.NORMAL, Mode.NORMAL, Mode.LAST])
    return build_graph(
        mdps,
        residents,
        mode,
        replace(rules(everyone, barred, initial=rng.choice(list(colours("wb")))), edition=edition),
        next_residents=nxt if mode is Mode.NORMAL else (),
        next_is_last=rng.random() < 0.5,
    )


def answered_exactly(make_graph: Callable[[], BracketGraph], brackets: int = 60) -> int:
    """Of ``brackets`` brackets made by ``make_graph``, how many the fast path answers; each
    answer must be the exact solver's pairs."""
    answered = 0
    for _ in range(brackets):
        graph = make_graph()
        fast = fast_pairs(graph)
        if fast is not None:
            answered += 1
            assert sorted(fast) == sorted(exact_pairs(graph))
    return answered


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("seed", range(3))
def test_fast_path_answers_are_the_exact_candidates(seed: int, edition: str) -> None:
    """Wherever the fast path answers, the exact weighted matching (independent code:
    graph gains, ``order.py`` costs, ``max_weight_matching``) finds the same pairs."""
    rng = random.Random(f"fast-{edition}-{seed}")
    assert answered_exactly(lambda: random_graph(rng, EDITIONS[edition])) >= 15


TOPSCORER_HISTORIES = ["wwbw", "bwww", "wbww", "bbwb", "wbbb", "bwbb", "wbbw", "bwbw", "bwwb"]
"""Four rounds whose A.6 preferences coincide (absolute black with a colour difference of 2,
absolute white with -2, mild) while the histories differ: C.8 / C.9 tell them apart only for
topscorers."""


def few_types_graph(rng: random.Random, edition: Edition, topscorers: bool) -> BracketGraph:
    """A random bracket whose players are copies of two or three prototypes (the fast path's
    player *types*; only ids and E.5 numbers differ), so that pairs inside a type, several
    players of a type and the slot all matter. ``topscorers``: the final round, histories
    from :data:`TOPSCORER_HISTORIES`, half the players topscorers."""

    def prototype(score: int) -> DutchPlayer:
        p = random_player(rng, 0, score, edition)
        if topscorers:
            history = colours(rng.choice(TOPSCORER_HISTORIES))
            p = replace(
                p, colours=history, preference=preference(history), topscorer=rng.random() < 0.5
            )
        return p

    kinds = [prototype(4) for _ in range(rng.choice([1, 2, 3]))]
    top = prototype(rng.choice([6, 8]))
    ids = iter(range(1, 40))

    def copy(p: DutchPlayer) -> DutchPlayer:
        pid = next(ids)
        return replace(p, id=pid, tpn=pid, e5_number=rng.randint(1, 60))

    mdps = [copy(top) for _ in range(rng.choice([0, 0, 1, 2]))]
    residents = [copy(rng.choice(kinds)) for _ in range(rng.randint(2, 9))]
    nxt_kind = prototype(2)
    nxt = [copy(nxt_kind) for _ in range(rng.randint(1, 5))]
    everyone = [*mdps, *residents, *nxt]
    density = rng.choice([0.0, 0.1, 0.25])
    barred = random_bars(rng, everyone, density)
    mode = rng.choice([Mode.NORMAL, Mode.LAST])
    return build_graph(
        mdps,
        residents,
        mode,
        replace(rules(everyone, barred, initial=rng.choice(list(colours("wb")))), edition=edition),
        next_residents=nxt if mode is Mode.NORMAL else (),
        next_is_last=rng.random() < 0.5,
    )


@pytest.mark.parametrize("topscorers", [False, True], ids=["types", "topscorers"])
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("seed", range(2))
def test_fast_path_on_few_types_is_the_exact_candidate(
    seed: int, edition: str, topscorers: bool
) -> None:
    """As above, on brackets of few player types: the type LP, the pairs inside a type and
    the tight graph decide. Wherever the fast path answers, the exact solver agrees."""
    rng = random.Random(f"types-{edition}-{seed}-{topscorers}")
    assert answered_exactly(lambda: few_types_graph(rng, EDITIONS[edition], topscorers)) >= 15


def topscorers_graph(rng: random.Random, edition: Edition) -> BracketGraph:
    """The last bracket of a final round: 3-7 topscorers of one score, each with four
    games whose A.6 preference is absolute black with a colour difference of +2 (three
    histories) or absolute white with -2 (three histories), some pairs barred (C.1). Players
    of one preference differ only in their histories, which decide C.8 (a difference beyond
    +-2) and C.9 (three in a row) of their pairs, and in their E.5 numbers."""
    ps = []
    for pid in range(1, rng.randint(3, 7) + 1):
        history = colours(rng.choice(["wwbw", "bwww", "wbww", "bbwb", "wbbb", "bwbb"]))
        ps.append(
            replace(
                player(pid, 6, topscorer=True),
                colours=history,
                preference=preference(history),
                e5_number=rng.randint(1, 60),
            )
        )
    barred = [(a.id, b.id) for k, a in enumerate(ps) for b in ps[k + 1 :] if rng.random() < 0.2]
    initial = rng.choice(list(colours("wb")))
    return build_graph([], ps, Mode.LAST, replace(rules(ps, barred, initial), edition=edition))


@pytest.mark.parametrize("edition", EDITIONS)
def test_fast_path_on_topscorer_histories_is_the_exact_candidate(edition: str) -> None:
    """Topscorers whose preferences coincide but whose histories differ are different
    players for C.8 / C.9: wherever the fast path answers, the exact solver agrees."""
    rng = random.Random(f"topscorers-{edition}")
    assert answered_exactly(lambda: topscorers_graph(rng, EDITIONS[edition])) >= 10


# -- C.7 / C8: the single downfloater's value in the following bracket --------------------------


def _matchings(
    vertices: list[int], edge: Callable[[int, int], bool]
) -> list[list[tuple[int, int]]]:
    """Every matching (not only maximal ones) over ``vertices`` whose pairs ``edge`` allows."""
    if not vertices:
        return [[]]
    first, rest = vertices[0], vertices[1:]
    found = _matchings(rest, edge)  # ``first`` left unmatched
    for k, other in enumerate(rest):
        if edge(first, other):
            for m in _matchings(rest[:k] + rest[k + 1 :], edge):
                found.append([(first, other), *m])
    return found


def following_value(graph: BracketGraph, v: int) -> tuple[int, int]:
    """C.7 (2017) / C8 (2026) by brute force: the best (pairs, PSD-or-scores gain) of the
    following bracket when bracket player ``v`` floats into it, over every matching of ``v``
    with its residents (and the bye vertex when it is the last bracket), using the exact
    graph's edge gains. The fast path's closed form must agree."""
    n = graph.size
    outside = [u for u in range(n, graph.vertex_count) if graph.kinds[u] in (Kind.NEXT, Kind.BYE)]

    def edge(a: int, b: int) -> bool:
        return graph.gain(min(a, b), max(a, b)) is not None

    best = (-1, 0)
    for m in _matchings([v, *outside], edge):
        total = [0, 0]
        for a, b in m:
            g = graph.gain(min(a, b), max(a, b))
            assert g is not None
            total[0] += g[Level.NEXT_PAIRS]
            total[1] += g[Level.NEXT_PSD]
        best = max(best, (total[0], total[1]))
    return best


def one_downfloater(graph: BracketGraph) -> bool:
    """The bracket's maximum matching leaves exactly one player (C.5): the case the slot
    values are for."""
    return graph.size - 2 * max_pairs(graph.adjacency()) == 1


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("seed", range(3))
def test_leaving_gains_are_the_following_brackets_best(seed: int, edition: str) -> None:
    """Where :func:`leaving_gains` gives values for a NORMAL bracket, each player's C.7 / C8
    pairs and PSD (or scores) gain is the brute-force best of the following bracket with that
    player in it, and the player is paired there with a resident."""
    rng = random.Random(f"leave-{edition}-{seed}")
    answered = 0
    for _ in range(80):
        graph = random_graph(rng, EDITIONS[edition])
        if graph.mode is not Mode.NORMAL or not one_downfloater(graph):
            continue
        values = leaving_gains(graph)
        if values is None:
            continue
        answered += 1
        assert sorted(values) == list(range(graph.size))
        for v, gain in values.items():
            pairs, psd = following_value(graph, v)
            assert (gain[Level.NEXT_PAIRS], gain[Level.NEXT_PSD]) == (pairs, psd), v
            assert [lv for lv, g in enumerate(gain) if g] == [Level.NEXT_PAIRS, Level.NEXT_PSD]
    assert answered >= 10


# -- hand-derived brackets -----------------------------------------------------------------------


def last(
    players: list[DutchPlayer],
    barred: Sequence[tuple[int, int]] = (),
    edition: Edition = EDITION_2017,
) -> BracketGraph:
    """The last bracket of a round of ``players`` (no MDPs)."""
    return build_graph([], players, Mode.LAST, replace(rules(players, barred), edition=edition))


def test_round_one_last_bracket_s1_against_s2_and_the_bye_to_the_last() -> None:
    """Five players nobody has met, no colours (round 1): B.1 S1 = {1, 2}, S2 = {3, 4, 5};
    D.1's first candidate 1-3, 2-4; the last player left over gets the bye (A.9, C.2). The
    fast path answers it without the tight graph (every candidate is equally good)."""
    graph = last([player(i) for i in range(1, 6)])
    assert fast_pairs(graph) == [(0, 2), (1, 3)]


def test_a_barred_pair_is_not_round_one() -> None:
    """Round 1 of five with 1-3 forbidden (C.1): S1 = {1, 2}, S2 = {3, 4, 5}; D.1
    transpositions of S2: 3 4 5 (1-3 barred), 3 5 4 (1-3 barred), 4 3 5: 1-4, 2-3, bye 5.
    Every legal candidate is equally good (same scores, no colours, no floats)."""
    graph = last([player(i) for i in range(1, 6)], barred=[(1, 3)])
    assert fast_pairs(graph) == [(0, 3), (1, 2)]


def test_a_player_barred_from_the_bye_is_not_round_one() -> None:
    """Round 1 of five where no. 5 may not get the bye (C.2): the first transposition of S2
    whose leftover may take it is 3 5 4: 1-3, 2-5, bye 4."""
    players = [player(i, bye_allowed=i != 5) for i in range(1, 6)]
    assert fast_pairs(last(players)) == [(0, 2), (1, 4)]


def test_a_player_who_floated_down_last_round_does_not_get_the_bye() -> None:
    """Five players of one score, no colours; no. 5 floated down in the previous round. The
    bye is a downfloat (A.4.b): C.12 (2017) / C14 (2026: a resident downfloater) minimise
    players floating down again, so 5 is paired: D.1's first candidate with another leftover,
    3 5 4: 1-3, 2-5, bye 4."""
    players = [player(i, float_last=Float.DOWN if i == 5 else Float.NONE) for i in range(1, 6)]
    for edition in EDITIONS.values():
        assert fast_pairs(last(players, edition=edition)) == [(0, 2), (1, 4)]


def test_absolute_colour_preferences_of_one_colour_are_not_round_one() -> None:
    """Four players of one score, each with two whites (A.6: an absolute preference for
    black), none a topscorer: C.3 allows no pair, so the last bracket has no legal candidate
    (the fast path must not answer S1 against S2)."""
    players = [player(i, 2, "ww") for i in range(1, 5)]
    assert fast_pairs(last(players)) is None


def test_c9_the_bye_to_the_player_with_fewer_unplayed_games() -> None:
    """2026 C9: three players of one score, no colours, no. 3 with one unplayed game. The
    bye goes to a player with the fewest unplayed games (0: no. 1 or 2); C7 equal, C10-C21
    equal, so D.1: S1 = {1}, S2 = {2, 3}, transposition 3 2: 1-3, bye 2. Under the 2017
    rules C9 does not exist: 1-2, bye 3."""
    players = [replace(player(i), unplayed=1 if i == 3 else 0) for i in range(1, 4)]
    assert fast_pairs(last(players, edition=EDITION_2026)) == [(0, 2)]
    assert fast_pairs(last(players, edition=EDITION_2017)) == [(0, 1)]


def reaches_ideal(graph: BracketGraph, v: int) -> bool:
    """Brute force: can bracket player ``v``, floating into the following bracket, be paired
    there with a resident while that bracket (with the bye's vertex when it is the last one)
    still has as many pairs as its number of players allows, ``(residents + bye + 1) // 2``?"""
    n = graph.size
    nxt = [u for u in range(n, graph.vertex_count) if graph.kinds[u] is Kind.NEXT]
    outside = [u for u in range(n, graph.vertex_count) if graph.kinds[u] in (Kind.NEXT, Kind.BYE)]
    ideal = (len(outside) + 1) // 2

    def edge(a: int, b: int) -> bool:
        return graph.gain(min(a, b), max(a, b)) is not None

    return any(
        len(m) == ideal and any(v in pair and (set(pair) - {v}) <= set(nxt) for pair in m)
        for m in _matchings([v, *outside], edge)
    )


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("seed", range(2))
def test_leaving_gains_answer_exactly_when_every_player_reaches_the_ideal(
    seed: int, edition: str
) -> None:
    """:func:`leaving_gains` answers (C.7 / C8 cheaply) exactly when every player of a
    one-downfloater NORMAL bracket could float into the following bracket, be paired there
    with a resident and leave it as many pairs as its size allows. (The fast search tries at
    most four partners of the newcomer; here nobody has more than four.)"""
    rng = random.Random(f"ideal-{edition}-{seed}")
    checked = [0, 0]
    for _ in range(120):
        graph = random_graph(rng, EDITIONS[edition])
        if graph.mode is not Mode.NORMAL or not one_downfloater(graph):
            continue
        if sum(1 for k in graph.kinds if k is Kind.NEXT) > 4:
            continue
        ideal = all(reaches_ideal(graph, v) for v in range(graph.size))
        assert (leaving_gains(graph) is not None) == ideal
        checked[ideal] += 1
    assert min(checked) >= 5


def normal(
    mdps: list[DutchPlayer],
    residents: list[DutchPlayer],
    nxt: list[DutchPlayer],
    barred: Sequence[tuple[int, int]] = (),
    edition: Edition = EDITION_2017,
    next_is_last: bool = False,
) -> BracketGraph:
    """A bracket followed by the bracket of ``nxt`` (C.7 / C8 look into it)."""
    everyone = [*mdps, *residents, *nxt]
    return build_graph(
        mdps,
        residents,
        Mode.NORMAL,
        replace(rules(everyone, barred), edition=edition),
        next_residents=nxt,
        next_is_last=next_is_last,
    )


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_even_bracket_with_a_barred_pair_follows_d1(edition: str) -> None:
    """Four players of one score, no colours, 1-3 forbidden (C.1), followed by a bracket of
    two. S1 = {1, 2}, S2 = {3, 4}; every legal candidate pairs everybody with PSD 0 and
    leaves the following bracket alone, so D.1: S2 transposed 4 3, 1-4, 2-3. The fast path
    proves it (two types, no downfloater)."""
    graph = normal(
        [], [player(i, 2) for i in range(1, 5)], [player(5), player(6)], [(1, 3)], EDITIONS[edition]
    )
    assert fast_pairs(graph) == [(0, 3), (1, 2)]


@pytest.mark.parametrize("edition", EDITIONS)
def test_d2_exchange_when_s1_can_only_be_paired_inside_s1(edition: str) -> None:
    """Four players of one score, no colours; 1 has met 3 and 4 (C.1). No transposition of
    S2 = {3, 4} pairs 1, so D.2 exchanges one player each way, smallest BSN difference first:
    2 <-> 3, S1 = {1, 3}, S2 = {2, 4}: 1-2, 3-4."""
    graph = normal(
        [],
        [player(i, 2) for i in range(1, 5)],
        [player(5), player(6)],
        [(1, 3), (1, 4)],
        EDITIONS[edition],
    )
    assert fast_pairs(graph) == [(0, 1), (2, 3)]


@pytest.mark.parametrize("edition", EDITIONS)
def test_d3_of_two_mdps_and_one_resident_the_first_mdp_is_paired(edition: str) -> None:
    """Last bracket: MDPs 1 and 2 (score 4, no colours), one resident 3 (score 2). MDPs never
    meet (B.3), so one MDP is paired with 3 and the other gets the bye; both candidates are
    equally good (PSD: SD 2 for the pair, 4 for the bye; 2026 C7: the same MDP score). D.3:
    the set of paired MDPs with the lowest BSNs, {1}: 1-3, bye 2."""
    mdps = [player(1, 4), player(2, 4)]
    resident = player(3, 2)
    graph = build_graph(
        mdps,
        [resident],
        Mode.LAST,
        replace(rules([*mdps, resident]), edition=EDITIONS[edition]),
    )
    assert fast_pairs(graph) == [(0, 2)]


@pytest.mark.parametrize("edition", EDITIONS)
def test_c12_the_downfloater_of_an_odd_bracket_is_not_the_last_floater(edition: str) -> None:
    """Three players of one score (no colours) above a bracket of two; no. 3 floated down
    last round. One player floats down (C.5); C.7 / C8 are the same whoever it is (paired
    with either resident of the following bracket); C.12 (2017) / C14 (2026, a resident
    downfloater) keep 3 in: D.1 transposition S2 = 3 2, 1-3, 2 floats."""
    residents = [player(i, 2, float_last=Float.DOWN if i == 3 else Float.NONE) for i in range(1, 4)]
    graph = normal([], residents, [player(4), player(5)], edition=EDITIONS[edition])
    assert fast_pairs(graph) == [(0, 2)]


@pytest.mark.parametrize("edition", EDITIONS)
def test_topscorers_get_their_colour_preferences(edition: str) -> None:
    """Final round, four topscorers: 1 and 3 with W B W (A.6: a strong preference for
    black), 2 and 4 with B W B (strong, white). D.1's first candidate 1-3, 2-4 loses two
    strong preferences (C.10, C.11); 1-4, 2-3 keeps every preference and no C.8 / C.9 cost
    (differences +-2 at most, no three in a row): the best, and the fast path proves it (the
    colours of a pair do not depend on the players' ranks)."""
    histories = {1: "wbw", 2: "bwb", 3: "wbw", 4: "bwb"}
    players = [player(i, 6, histories[i], topscorer=True) for i in range(1, 5)]
    graph = normal([], players, [player(5, 4), player(6, 4)], edition=EDITIONS[edition])
    assert fast_pairs(graph) == [(0, 3), (1, 2)]


def test_c1_everybody_has_met_somebody() -> None:
    """Last bracket of four players of one score (no colours) where 1-3 and 2-4 have met
    (C.1): S1 = {1, 2}, S2 = {3, 4}; D.1's first candidate 1-3, 2-4 is illegal, the
    transposition 4 3 gives 1-4, 2-3."""
    graph = last([player(i, 2) for i in range(1, 5)], barred=[(1, 3), (2, 4)])
    assert fast_pairs(graph) == [(0, 3), (1, 2)]


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_bye_to_the_only_player_who_did_not_float_down(edition: str) -> None:
    """Last bracket of five players of one score, no colours, nobody has met anybody;
    2, 3, 4 and 5 floated down last round, 1 did not. The bye is a downfloat (A.4.b), so
    C.12 (2017) / C14 (2026) give it to 1. B.1: S1 = {1, 2}, S2 = {3, 4, 5}; no
    transposition of S2 leaves an S1 player unpaired, so D.2: exchanges of one player in
    the order 2-3, 2-4, 1-3 (smallest BSN difference, then the higher player leaving S1).
    2-3, 2-4 keep 1 in S1; 1-3: S1 = {2, 3}, S2 = {1, 4, 5}, transpositions 1 4 5, 1 5 4,
    4 1 5, 4 5 1: the last leaves 1 over: 2-4, 3-5, bye 1."""
    players = [player(i, 2, float_last=Float.NONE if i == 1 else Float.DOWN) for i in range(1, 6)]
    assert fast_pairs(last(players, edition=EDITIONS[edition])) == [(1, 3), (2, 4)]


def test_d2_two_exchanges_are_left_to_the_exact_path() -> None:
    """Eight players of one score (no colours) who may only meet as 1-2, 3-4, 5-6, 7-8
    (C.1 bars every other pair), followed by a bracket of two. C.5: four pairs, and these
    are the only four. With S1 = {1, 2, 3, 4} they need two exchanges (D.2 tries one-player
    exchanges first): the fast path gives up on it, and the bracket is still paired 1-2,
    3-4, 5-6, 7-8 with nobody floating."""
    players = [player(i, 2) for i in range(1, 9)]
    allowed = {(1, 2), (3, 4), (5, 6), (7, 8)}
    barred = [(a, b) for a in range(1, 9) for b in range(a + 1, 9) if (a, b) not in allowed]
    nxt = [player(9), player(10)]
    assert fast_pairs(normal([], players, nxt, barred)) is None
    result = pair_bracket([], players, Mode.NORMAL, rules([*players, *nxt], barred), nxt)
    assert {(a.id, b.id) for a, b in result.pairs} == allowed
    assert result.downfloaters == ()


def lone_player_above_a_chain(partners: list[int]) -> BracketGraph:
    """A bracket of one player (no. 1, score 4) above a bracket of seven (nos. 2-8, score 2)
    whose residents may only meet along the chain 2-3, 3-4, ..., 7-8 (C.1); no. 1 may meet
    only ``partners`` among them."""
    top = player(1, 4)
    chain = [player(i, 2) for i in range(2, 9)]
    links = {(i, i + 1) for i in range(2, 8)}
    barred = [(a, b) for a in range(2, 9) for b in range(a + 1, 9) if (a, b) not in links]
    barred += [(1, b) for b in range(2, 9) if b not in partners]
    return normal([], [top], chain, barred)


def test_c7_the_downfloater_reaches_the_ideal_only_by_a_long_path() -> None:
    """C.7: no. 1, alone in his bracket, floats down (C.5). The following bracket of seven
    on a chain has at most three pairs (2-3, 4-5, 6-7); with 1 paired to 2, the only player
    he may meet, it has four: 1-2, 3-4, 5-6, 7-8, the ideal (eight players). Reaching it
    moves every pair of the chain: the fast path finds it (its augmenting search) and
    answers, with the following bracket's value the brute force gives."""
    graph = lone_player_above_a_chain([2])
    values = leaving_gains(graph)
    assert values is not None
    assert (values[0][Level.NEXT_PAIRS], values[0][Level.NEXT_PSD]) == following_value(graph, 0)
    assert values[0][Level.NEXT_PAIRS] == 4
    assert fast_pairs(graph) == []


def test_c7_the_downfloater_with_five_partners_reaches_the_ideal() -> None:
    """As above, no. 1 may meet 2, 3, 4, 5 and 6: paired with 2 (or 4, or 6) the following
    bracket still has four pairs (1-2, 3-4, 5-6, 7-8). The fast path answers although it
    looks at four of the five partners only."""
    graph = lone_player_above_a_chain([2, 3, 4, 5, 6])
    values = leaving_gains(graph)
    assert values is not None
    assert (values[0][Level.NEXT_PAIRS], values[0][Level.NEXT_PSD]) == following_value(graph, 0)
    assert values[0][Level.NEXT_PAIRS] == 4


def test_c7_a_downfloater_whose_only_partner_breaks_the_chain_is_not_ideal() -> None:
    """Three players of score 4 (nos. 1-3) above the chain of seven of the tests above
    (nos. 4-10 may only meet 4-5, 5-6, ..., 9-10). 1 and 3 may meet only 4 there, 2 only
    5. Floating down, 1 or 3 paired with 4 leaves the chain 5-6, 7-8, 9-10: four pairs, the
    ideal. 2 paired with 5 leaves 4 alone (he may meet only 5) and at most 6-7, 8-9: three
    pairs. Not every player reaches the ideal, so the C.7 values are not given cheaply
    (the exact path decides); checking 1 first must not make 2 look ideal."""
    players = [player(i, 4) for i in range(1, 4)]
    chain = [player(i, 2) for i in range(4, 11)]
    links = {(i, i + 1) for i in range(4, 10)}
    barred = [(a, b) for a in range(4, 11) for b in range(a + 1, 11) if (a, b) not in links]
    only = {1: 4, 2: 5, 3: 4}
    barred += [(p, b) for p, partner in only.items() for b in range(4, 11) if b != partner]
    graph = normal([], players, chain, barred)
    assert [reaches_ideal(graph, v) for v in range(3)] == [True, False, True]
    assert leaving_gains(graph) is None


@pytest.mark.parametrize("edition", EDITIONS)
def test_d2_exchange_of_a_higher_s1_player_beside_an_mdp_on_the_bye(edition: str) -> None:
    """Last bracket: MDP 1 (score 3, no colours) above residents 2-9 (score 2, no colours),
    none of whom may take the bye (C.2), so 1 is the one left over (bye) and the residents
    are paired among themselves: the remainder 2-9, BSNs 1-8, S1R = {2, 3, 4, 5},
    S2R = {6, 7, 8, 9}. Bars (C.1): 1 may meet only 2, 7, 9 (irrelevant: he gets the bye);
    among the residents 2-4, 2-8, 2-9, 3-8, 3-9, 4-5, 4-7, 4-8, 4-9, 7-9.

    Original subgroups: in S2R 2 may meet 6, 7; 3 may meet 6, 7; 4 only 6: three S1 players
    for two S2 players, no pairing. D.2 exchanges in order (smallest BSN difference, then the
    highest S1 player leaving, then the lowest S2 player entering):
    5<->6 (difference 1): 4 may meet nobody of S2 = {5, 7, 8, 9}; 5<->7 (2): S2 = {5, 6, 8, 9},
    4 -> 6, 2 -> 5, 3 has nobody left; 4<->6 (2): S1 = {2, 3, 5, 6}, S2 = {4, 7, 8, 9}:
    D.1 2-7 (2-4 barred), 3-4, 5-8, 6-9, a pairing. The first working exchange moves 4, not
    S1R's last player 5; a later exchange of 5 alone (5<->8: 2-5, 3-7, 4-6, 8-9, difference
    3 from 4<->6's 2) works too and must not be taken. Every candidate is equally good
    otherwise (one score, no colours, no floats), so D.2 decides: 2-7, 3-4, 5-8, 6-9."""
    mdp = player(1, 6)
    residents = [player(i, 4, bye_allowed=False) for i in range(2, 10)]
    barred = [
        *((1, b) for b in (3, 4, 5, 6, 8)),
        *((2, b) for b in (4, 8, 9)),
        *((3, b) for b in (8, 9)),
        *((4, b) for b in (5, 7, 8, 9)),
        (7, 9),
    ]
    graph = build_graph(
        [mdp],
        residents,
        Mode.LAST,
        replace(rules([mdp, *residents], barred), edition=EDITIONS[edition]),
    )
    expected = [(1, 6), (2, 3), (4, 7), (5, 8)]  # vertices: id - 1
    assert sorted(exact_pairs(graph)) == expected
    assert fast_pairs(graph) == expected
