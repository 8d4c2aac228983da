"""Dutch explanations computed fast (issue 27) say what the straightforward reading of their
definitions says, on every bracket of generated tournaments of several sizes.

The explanation of a bracket of thousands of players may not scan, for each board, the
players ranked between its two players (quadratic in the bracket's size), nor build the
bracket's graph as adjacency sets. The references below are the definitions written out
plainly, kept here only to compare with:

* the higher candidates of a board (D.1 / 4.2): the players ``q`` ranked between ``i`` and
  its partner ``j`` whom ``i`` could have had in a candidate generated earlier: residents,
  not in the MDP-pairing unless ``i`` is an MDP, not taken by a player ranked above ``i``,
  and on the S2 side (unpaired, or the lower member of their pair);
* the cause of the downfloaters: the bracket's largest legal pairing (C.5 / C6), and whether
  lifting C.1 alone would pair more of it (C.1) or not (C.3).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pairing.engine import GeneratorSettings, generate_tournament, pairing_system
from pairing.engine.core.explain import Topic
from pairing.engine.core.state import TournamentState
from pairing.engine.dutch.edition import EDITION_2017, EDITION_2026, Edition
from pairing.engine.dutch.graph import (
    BracketGraph,
    BracketResult,
    Mode,
    colour_compatible,
    max_pairs,
)
from pairing.engine.dutch.reasons import ALTERNATIVES, BracketExplainer
from pairing.engine.dutch.system import pair_round
from tests.engine.test_dutch_support import player, rules
from tests.engine.test_explain_dutch import explain_bracket, named, of

EDITIONS = pytest.mark.parametrize("edition", [EDITION_2017, EDITION_2026], ids=["2017", "2026"])

TOURNAMENTS = (
    # (players, rounds, seed, forfeit rate, bye rate)
    (9, 7, 1, 0.0, 0.0),
    (24, 9, 2, 0.05, 0.05),
    (61, 9, 3, 0.0, 0.0),
    (150, 7, 4, 0.02, 0.05),
)


_RECORDED: dict[int, list[tuple[BracketGraph, BracketResult]]] = {}


def brackets(edition: Edition) -> list[tuple[BracketGraph, BracketResult]]:
    """Every bracket solved (the final pairing's and those paired again) in every round of
    the generated tournaments (played once per edition)."""
    if edition.year not in _RECORDED:
        _RECORDED[edition.year] = _play(edition)
    return _RECORDED[edition.year]


def _play(edition: Edition) -> list[tuple[BracketGraph, BracketResult]]:
    recorded: list[tuple[BracketGraph, BracketResult]] = []
    system = pairing_system(f"dutch-{edition.year}")

    def record(state: TournamentState) -> object:
        pair_round(replace(state), edition, recorded)
        return system(state)

    for players, rounds, seed, forfeits, byes in TOURNAMENTS:
        settings = GeneratorSettings(
            players=players, rounds=rounds, seed=seed, forfeit_rate=forfeits, bye_rate=byes
        )
        generate_tournament(record, settings)  # type: ignore[arg-type]
    return recorded


def explainer(graph: BracketGraph, result: BracketResult, edition: Edition) -> BracketExplainer:
    return BracketExplainer(graph, result, edition, {}, False, None)


def reference_free_before(e: BracketExplainer, i: int, j: int) -> list[int]:
    """Every player ranked between ``i`` and ``j`` whom ``i`` could have had earlier."""
    mdps = e.graph.mdp_count
    out = []
    for q in range(mdps, e.n):
        if not i < q < j:
            continue
        m = e.mate.get(q)
        if m is None:
            out.append(q)  # unpaired in the chosen candidate
        elif m < i:
            pass  # taken by a player ranked above i
        elif i < mdps:
            out.append(q)  # i is an MDP: any resident not taken first
        elif m >= mdps and m < q:
            out.append(q)  # the lower member of a pair of residents
    return out


def reference_float_cause(e: BracketExplainer) -> tuple[str, str]:
    """:meth:`BracketExplainer.float_cause` with the bracket's graphs as adjacency sets."""
    g, terms, n = e.graph, e.terms, e.n
    least = n - 2 * max_pairs(g.adjacency())
    if len(e.floaters) > least:
        return terms.c4, "the rest of the round could not be completed otherwise"
    if least == 1 and n % 2:
        return terms.pairs, f"the bracket has an odd number of players ({n})"
    ps = e.players[:n]
    lifted: list[set[int]] = [set() for _ in range(n)]  # C.1 lifted
    for u in range(n):
        for v in range(u + 1, n):
            if (u >= g.mdp_count or v >= g.mdp_count) and colour_compatible(ps[u], ps[v]):
                lifted[u].add(v)
                lifted[v].add(u)
    if n - 2 * max_pairs(lifted) < least:
        return terms.c1, f"its largest legal pairing leaves {least} unpaired (rematches)"
    return terms.c3, (
        f"its largest legal pairing leaves {least} unpaired (absolute colour preferences)"
    )


@EDITIONS
def test_higher_candidates_of_every_board_are_those_of_the_definition(edition: Edition) -> None:
    seen = {"mdp with candidates": 0, "more than analysed": 0, "boards": 0}
    for graph, result in brackets(edition):
        e = explainer(graph, result, edition)
        for a, b in result.pairs:
            i, j = sorted((e.index[a.id], e.index[b.id]))
            expected = reference_free_before(e, i, j)
            assert e.free_before(i, j) == (expected[:ALTERNATIVES], len(expected)), (i, j)
            seen["boards"] += 1
            seen["mdp with candidates"] += i < graph.mdp_count and bool(expected)
            seen["more than analysed"] += len(expected) > ALTERNATIVES
    # The tournaments reach each case the sweep treats apart.
    assert all(seen.values()), seen


def test_higher_candidates_for_any_matching_of_a_bracket() -> None:
    """The definition holds for any set of pairs, not only the chosen candidates: random
    matchings (MDPs with residents, many players left out) of the generated brackets."""
    rng = random.Random(27)
    several_unpaired = 0
    for graph, result in brackets(EDITION_2026)[::7]:
        n, mdps = graph.size, graph.mdp_count
        for _ in range(3):
            order = list(range(n))
            rng.shuffle(order)
            order = order[: rng.randint(0, n)]
            pairs, taken = [], set()
            for u in order:
                if u in taken:
                    continue
                partners = [v for v in order if v not in taken and v != u]
                partners = [v for v in partners if u >= mdps or v >= mdps]
                if partners:
                    v = rng.choice(partners)
                    taken |= {u, v}
                    pairs.append((graph.players[u], graph.players[v]))
            e = explainer(graph, replace(result, pairs=tuple(pairs)), EDITION_2026)
            for a, b in pairs:
                i, j = sorted((e.index[a.id], e.index[b.id]))
                expected = reference_free_before(e, i, j)
                assert e.free_before(i, j) == (expected[:ALTERNATIVES], len(expected))
                several_unpaired += sum(q not in e.mate for q in expected[:ALTERNATIVES]) > 1
    assert several_unpaired


@EDITIONS
def test_float_cause_of_every_bracket_is_that_of_the_definition(edition: Edition) -> None:
    articles = set()
    for graph, result in brackets(edition):
        e = explainer(graph, result, edition)
        if e.floaters:
            article, why = e.float_cause()
            assert (article, why) == reference_float_cause(e)
            articles.add(article)
    # The tournaments reach C.4, an odd bracket, and C.1 or C.3 (2026 C4, C6, C1 or C3).
    terms = e.terms
    assert {terms.c4, terms.pairs} <= articles, articles
    assert articles & {terms.c1, terms.c3}, articles


@EDITIONS
def test_float_cause_absolute_colour_preferences(edition: Edition) -> None:
    """2017 C.3 / 2026 C3: of four players with 2 points, #1-#3 have an absolute preference
    for White (two Blacks): only one of them meets #4, two float. Lifting C.1 pairs no more
    (they have not met); lifting C.3 as well would pair all four."""
    bracket = [player(k, 4, "bb") for k in (1, 2, 3)] + [player(4, 4, "ww")]
    nxt = [player(k, 2, h) for k, h in ((5, "wb"), (6, "bw"), (7, "wb"), (8, "bw"))]
    said = explain_bracket(
        [], bracket, Mode.NORMAL, rules([*bracket, *nxt]), edition, next_residents=nxt
    )
    assert len(said.floats) == 2
    for pid, reasons in said.floats.items():
        assert of(reasons, Topic.FLOAT)[0] == (
            named(edition, "C.3", "C3"),
            f"#{pid} (score 2) floats down from scoregroup 2: its largest legal pairing "
            f"leaves 2 unpaired (absolute colour preferences)",
        )


@EDITIONS
def test_float_cause_rematches(edition: Edition) -> None:
    """2017 C.1 / 2026 C1: of four players with 2 points, #1 has met the three others: one
    pair of #2-#4 is made, two float; lifting C.1 would pair all four."""
    bracket = [player(k, 4, h) for k, h in ((1, "wb"), (2, "bw"), (3, "wb"), (4, "bw"))]
    nxt = [player(k, 2, h) for k, h in ((5, "wb"), (6, "bw"), (7, "wb"), (8, "bw"))]
    barred = [(1, 2), (1, 3), (1, 4)]
    said = explain_bracket(
        [], bracket, Mode.NORMAL, rules([*bracket, *nxt], barred), edition, next_residents=nxt
    )
    assert len(said.floats) == 2
    for pid, reasons in said.floats.items():
        assert of(reasons, Topic.FLOAT)[0] == (
            named(edition, "C.1", "C1"),
            f"#{pid} (score 2) floats down from scoregroup 2: its largest legal pairing "
            f"leaves 2 unpaired (rematches)",
        )
