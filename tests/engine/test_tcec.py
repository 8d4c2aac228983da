"""TCEC Swiss round pairing, STEP by STEP, on small tournaments derived by hand from the wiki
text (/work/shared/specs/tcec-swiss.txt)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import networkx as nx
import pytest

from pairing.engine.core.errors import EngineError, NoValidPairing
from pairing.engine.core.state import (
    Board,
    Colour,
    ForbiddenPairs,
    Player,
    RoundEntry,
    RoundPairing,
    TournamentState,
)
from pairing.engine.tcec.history import (
    encounter_history,
    forbidden_pairs,
    read_record,
    received_byes,
    white_game_differences,
)
from pairing.engine.tcec.system import (
    choose_bye,
    double_round_colours,
    pair_round,
    pair_tcec_round,
    pairing_order,
    playing_order,
    single_round_colours,
)
from pairing.engine.tcec.viability import ViabilityGraph, WgdMatcher, colours_compatible
from tests.engine.histories import past

# -- building small tournaments by hand ----------------------------------------------------

Game = tuple[int, int, str]
"""(white, black, white's result code ``1``/``=``/``0``/``+``/``-``, or both codes: ``--``)."""

OTHER_SIDE = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", " ": " "}


def column(games: Sequence[Game], bye: int | None = None) -> dict[int, RoundEntry]:
    """One TRF round column: the games and the BYE (``U``)."""
    entries = {}
    for white, black, code in games:
        white_code, black_code = (code[0], code[1]) if len(code) == 2 else (code, OTHER_SIDE[code])
        entries[white] = RoundEntry(black, Colour.WHITE, white_code)
        entries[black] = RoundEntry(white, Colour.BLACK, black_code)
    if bye is not None:
        entries[bye] = RoundEntry(None, None, "U")
    return entries


def tournament(
    players: int,
    columns: Sequence[dict[int, RoundEntry]] = (),
    *,
    double: bool = False,
    total_rounds: int | None = None,
) -> TournamentState:
    """Players 1..n (seed = starting rank) and the given round columns."""
    state = TournamentState(
        players=tuple(Player(id=i, name=f"Engine {i:02d}") for i in range(1, players + 1)),
        total_rounds=total_rounds,
        double_rounds=double,
    )
    for entries in columns:
        state = state.with_round(entries)
    return state


def double_round(games: Sequence[Game], bye: int | None = None) -> list[dict[int, RoundEntry]]:
    """The two columns of a double round: the games, then the same pairs with colours reversed
    (all drawn in the second game)."""
    return [column(games, bye), column([(b, w, "=") for w, b, _ in games], bye)]


def boards(*pairs: tuple[int, int]) -> tuple[Board, ...]:
    return tuple(Board(w, b) for w, b in pairs)


# -- round 1 ----------------------------------------------------------------------------------


def test_first_round_pairs_seed2_seed1_seed4_seed3_worst_pair_first() -> None:
    # "The 1st round pairing is: seed2-seed1, seed4-seed3, seed6-seed5, ..."; the pair of the
    # worst first-of-pair plays first.
    result = pair_tcec_round(tournament(6, total_rounds=5))
    assert result.boards == boards((6, 5), (4, 3), (2, 1))
    assert result.bye is None
    assert result.pairing_order == (1, 2, 3, 4, 5, 6)
    assert result.history_rounds_removed == 0


def test_first_round_with_odd_players_gives_the_bye_to_the_last_seed() -> None:
    result = pair_round(tournament(5))
    assert result == RoundPairing(boards((4, 3), (2, 1)), bye=5)


def test_first_double_round_first_of_pair_has_black_in_game_one() -> None:
    result = pair_round(tournament(4, double=True))
    assert result.boards == boards((4, 3), (2, 1))


# -- STEP 1 and STEP 2 --------------------------------------------------------------------------


def test_pairing_order_is_score_descending_then_seed() -> None:
    # Round 1: 2-1 0-1 (1 wins with black), 4-3 1-0, 6-5 draw.
    state = tournament(6, [column([(2, 1, "0"), (4, 3, "1"), (6, 5, "=")])])
    assert [p.id for p in pairing_order(state)] == [1, 4, 5, 6, 2, 3]


def test_bye_goes_to_the_lowest_in_pairing_order_among_the_fewest_byes() -> None:
    # Round 1 (as corpus file tcec_003): 1 beats 2 with black, 3 beats 4 with black, 5 BYE.
    state = tournament(5, [column([(2, 1, "0"), (4, 3, "0")], bye=5)])
    order = pairing_order(state)
    assert [p.id for p in order] == [1, 3, 5, 2, 4]
    assert received_byes(state) == {1: 0, 2: 0, 3: 0, 4: 0, 5: 1}
    bye = choose_bye(order, received_byes(state))
    assert bye is not None
    assert bye.id == 4


def test_bye_when_everybody_had_one_goes_to_the_bottom_of_the_fewest() -> None:
    state = tournament(3)
    order = pairing_order(state)  # 1, 2, 3
    bye = choose_bye(order, {1: 1, 2: 1, 3: 2})
    assert bye is not None
    assert bye.id == 2
    assert choose_bye(order[:2], {1: 0, 2: 0}) is None  # even: no BYE


def test_bye_counts_once_per_double_round_and_scores_as_a_win_per_game() -> None:
    state = tournament(3, double_round([(2, 1, "=")], bye=3), double=True)
    assert received_byes(state) == {1: 0, 2: 0, 3: 1}
    assert state.scores[3] == 4  # two wins, in half-points
    result = pair_round(state)
    assert result.bye == 2  # 3 had it; 1 and 2 have 1 point each, 2 is lower
    assert result.boards == boards((1, 3))  # first-of-pair 3 has black in game 1


# -- STEP 3 -----------------------------------------------------------------------------------


def test_colour_condition_is_the_sum_of_white_game_differences() -> None:
    assert colours_compatible(2, 0)
    assert colours_compatible(2, -2)
    assert not colours_compatible(2, 1)
    assert not colours_compatible(2, 2)
    assert colours_compatible(-2, 0)
    assert not colours_compatible(-2, -1)
    assert colours_compatible(1, 1)


def test_step3_drops_the_earliest_rounds_until_a_pairing_is_viable() -> None:
    graph = ViabilityGraph([1, 2], [0, 0], [[(1, 2)], [(2, 1)], []])
    assert graph.establish() == 2  # 1-2 met in both of the two earliest rounds
    assert graph.rounds_in_force == 1


def test_step3_with_no_viable_pairing_at_all_raises() -> None:
    graph = ViabilityGraph([1, 2], [2, 1], [[(1, 2)]])
    with pytest.raises(NoValidPairing):
        graph.establish()


def test_step3_forbidden_pairs_never_meet() -> None:
    graph = ViabilityGraph([1, 2, 3, 4], [0, 0, 0, 0], [], forbidden=[(1, 2), (3, 1)])
    assert graph.establish() == 0
    assert graph.greedy_pairs() == [(0, 3), (1, 2)]  # 1-4, 2-3


@pytest.mark.parametrize("seed", range(25))
def test_wgd_matcher_agrees_with_networkx(seed: int) -> None:
    """The STEP 3 graph given by its gaps answers like the explicit graph: maximum matching
    size, and which tentative pairs keep the rest perfectly matchable (STEP 4)."""
    rng = random.Random(seed)
    n = 2 * rng.randint(1, 9)
    wgd = [rng.choice([-2, -1, 0, 1, 2]) for _ in range(n)]
    met = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.3]
    blocked: list[set[int]] = [{v} for v in range(n)]
    for a, b in met:
        blocked[a].add(b)
        blocked[b].add(a)
    edges = [
        (a, b)
        for a in range(n)
        for b in range(a + 1, n)
        if colours_compatible(wgd[a], wgd[b]) and b not in blocked[a]
    ]

    def perfect(removed: set[int]) -> bool:
        g = nx.Graph()
        g.add_nodes_from(v for v in range(n) if v not in removed)
        g.add_edges_from((a, b) for a, b in edges if a not in removed and b not in removed)
        return 2 * len(nx.max_weight_matching(g, maxcardinality=True)) == g.number_of_nodes()

    matcher = WgdMatcher(wgd, blocked)
    assert (2 * matcher.solve_dense() == n) == perfect(set())
    if 2 * matcher.size != n:
        return
    removed: set[int] = set()
    for u in range(n):
        if u in removed:
            continue
        for v in range(u + 1, n):
            if v in removed:
                continue
            expected = (u, v) in edges and perfect(removed | {u, v})
            assert matcher.commit_pair(u, v) == expected
            if expected:
                removed |= {u, v}
                break
    assert len(removed) == n


# -- STEP 4 -----------------------------------------------------------------------------------


def test_step4_takes_the_highest_ranked_partner_that_keeps_the_round_viable() -> None:
    # 3-4 met: 1-2 would leave 3-4, so 1 takes 3 and 2 takes 4.
    graph = ViabilityGraph([1, 2, 3, 4], [0, 0, 0, 0], [[(3, 4)]])
    assert graph.establish() == 0
    assert graph.greedy_pairs() == [(0, 2), (1, 3)]


def test_step4_skips_partners_excluded_by_colour_balancing() -> None:
    # 1 (WGD +2) may not meet 2 (WGD +1) nor 3 (WGD +2); 4 (WGD -1) is the first allowed.
    graph = ViabilityGraph([1, 2, 3, 4, 5, 6], [2, 1, 2, -1, -2, -2], [])
    assert graph.establish() == 0
    assert graph.greedy_pairs() == [(0, 3), (1, 4), (2, 5)]


# -- STEP 5 -----------------------------------------------------------------------------------


def test_single_round_colours_greater_wgd_gets_black() -> None:
    assert single_round_colours(1, 2, {1: 1, 2: -1}, {1: 2, 2: 2}, 1) == Board(2, 1)
    assert single_round_colours(1, 2, {1: -1, 2: 1}, {1: 2, 2: 2}, 1) == Board(1, 2)


def test_single_round_colours_equal_wgd_higher_score_gets_black() -> None:
    assert single_round_colours(1, 2, {1: 0, 2: 0}, {1: 3, 2: 2}, 2) == Board(2, 1)


@pytest.mark.parametrize(
    ("round_number", "first_of_pair_white"),
    [(1, False), (2, True), (3, True), (4, False), (5, False), (6, True), (7, True), (8, False)],
)
def test_single_round_colours_2112_pattern(round_number: int, first_of_pair_white: bool) -> None:
    board = single_round_colours(1, 2, {1: 0, 2: 0}, {1: 2, 2: 2}, round_number)
    assert board == (Board(1, 2) if first_of_pair_white else Board(2, 1))


def test_double_round_first_of_pair_black_in_the_first_game() -> None:
    assert double_round_colours(1, 2) == Board(2, 1)


def test_playing_order_reverses_the_order_of_formation() -> None:
    assert playing_order(boards((1, 2), (3, 4), (5, 6))) == boards((5, 6), (3, 4), (1, 2))


# -- a whole small tournament, derived by hand ----------------------------------------------------

# Four players, every game drawn (all stay on equal scores):
# R1: 2-1, 4-3 (seed2-seed1).
# R2: order 1,2,3,4; 1-2 met, 1 takes 3 (WGD -1,-1), 2 takes 4. Equal WGD and score: round 2
#     -> first-of-pair white: 1-3, 2-4.  WGD: 1: 0, 2: +2, 3: -2, 4: 0.
# R3: 1 takes 4 (2, 3 met); 2-3. 1-4 equal -> round 3 first white: 1-4; 2 (+2) > 3 (-2): 3-2.
#     WGD: 1: +1, 2: +1, 3: -1, 4: -1.
# R4: all six pairs met -> drop R1 (1-2, 3-4): 1-2 and 3-4 (|+1+1| = 2, |-1-1| = 2 allowed).
#     Equal WGD and score, round 4 -> first-of-pair black: 2-1, 4-3.  WGD: 0, +2, -2, 0.
# R5: live R2-R4 hold all pairs -> drop R2 (1-3, 2-4): 1 takes 3 (2 met in R4); 2-4.
#     1 (0) > 3 (-2): 3-1; 2 (+2) > 4 (0): 4-2.
HAND_ROUNDS = [
    ([(2, 1), (4, 3)], 0),
    ([(1, 3), (2, 4)], 0),
    ([(1, 4), (3, 2)], 0),
    ([(2, 1), (4, 3)], 1),
    ([(3, 1), (4, 2)], 1),
]


def hand_state(rounds: int) -> TournamentState:
    return tournament(
        4, [column([(w, b, "=") for w, b in HAND_ROUNDS[k][0]]) for k in range(rounds)]
    )


@pytest.mark.parametrize("rnd", range(1, 6))
def test_hand_derived_tournament(rnd: int) -> None:
    pairs, removed = HAND_ROUNDS[rnd - 1]
    result = pair_tcec_round(hand_state(rnd - 1))
    assert result.number == rnd
    assert result.boards == playing_order(boards(*pairs))
    assert result.history_rounds_removed == removed


def test_encounter_history_rebuilds_the_drops_from_the_stored_rounds() -> None:
    history = encounter_history(hand_state(5))
    assert history.removed == (0, 0, 0, 1, 1)
    assert history.first_live == 2
    assert history.live_rounds == (((1, 4), (2, 3)), ((1, 2), (3, 4)), ((1, 3), (2, 4)))
    assert history.met(4, 1)
    assert history.met(3, 1)


def test_wgd_ignores_the_history_drops() -> None:
    assert white_game_differences(hand_state(4)) == {1: 0, 2: 2, 3: -2, 4: 0}
    assert read_record(hand_state(2)).wgd[2] == (0, 1, 2)


def test_a_forfeited_pairing_is_an_encounter_and_keeps_its_colours() -> None:
    # Round 1: 2-1 double forfeit, 4 and 6 win. Order 4, 6, 1, 2, 3, 5: 4-6; 1 may not take
    # 2 (paired in round 1), takes 3 (WGD -1, -1); 2-5. Colours, round 2: 4-6 and 1-3 equal
    # WGD and score -> first-of-pair white; 2 (+1) > 5 (-1) -> 5-2.
    state = tournament(6, [column([(2, 1, "--"), (4, 3, "1"), (6, 5, "1")])])
    assert encounter_history(state).met(1, 2)
    assert white_game_differences(state) == {1: -1, 2: 1, 3: -1, 4: 1, 5: -1, 6: 1}
    assert pair_round(state).pairs == {(4, 6), (1, 3), (5, 2)}


def test_absent_players_are_not_paired() -> None:
    state = replace(tournament(5), absent={3: "H"})
    assert pair_round(state) == RoundPairing(boards((5, 4), (2, 1)))


def test_double_round_state_with_half_a_round_is_refused() -> None:
    state = tournament(4, [column([(2, 1, "="), (4, 3, "=")])], double=True)
    with pytest.raises(EngineError):
        pair_round(state)


def test_forbidden_pairs_of_a_round_from_the_arbiters_groups() -> None:
    """TRF ``XXP`` (record 260): every two players of a group may not meet, in the rounds the
    record names. Group 3, 1, 2 in every round gives 1-2, 1-3, 2-3 (each once, lower id
    first); group 4, 5 only from round 3 adds 4-5 from then on, and group 6, 7 only up to
    round 1 is gone in round 2."""
    state = replace(
        past(dict.fromkeys(range(1, 8), ""), 5),
        forbidden=(
            ForbiddenPairs((3, 1, 2)),
            ForbiddenPairs((4, 5), first_round=3),
            ForbiddenPairs((6, 7), last_round=1),
        ),
    )
    assert forbidden_pairs(state, 2) == [(1, 2), (1, 3), (2, 3)]
    assert forbidden_pairs(state, 3) == [(1, 2), (1, 3), (2, 3), (4, 5)]
    assert forbidden_pairs(state, 1) == [(1, 2), (1, 3), (2, 3), (6, 7)]
