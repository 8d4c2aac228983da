"""Round 1 of a big Dutch tournament (issue 27): one scoregroup of players nobody has met, no
colour history, every pair allowed. C.04.3 B.1-B.2: S1 is the upper half, S2 the lower half;
D.1: the first candidate pairs S1[i] with S2[i]; an odd field leaves the last player for the
bye (C.2, A.9). E.5: the initial colour goes to the odd pairing numbers of S1, the other colour
to the even ones. The engine finds this without building the complete graph (9,998 players
made 50 million edges and 10 GB)."""

from __future__ import annotations

import pytest

from pairing.engine.core.state import Board, Colour
from pairing.engine.dutch.bracket import exact_pairs, pair_bracket
from pairing.engine.dutch.edition import EDITION_2017, EDITION_2026, Edition
from pairing.engine.dutch.fast import fast_pairs
from pairing.engine.dutch.graph import Mode, build_graph
from pairing.engine.dutch.system import pair_round
from tests.engine.test_dutch_support import player, rules, state


def s1_against_s2(count: int, initial: Colour) -> list[Board]:
    """The hand derivation above, board k = S1[k] against S2[k]."""
    half = count // 2
    boards = []
    for k in range(1, half + 1):
        upper, lower = k, half + k
        initial_to_upper = (k % 2 == 1) == (initial is Colour.WHITE)
        boards.append(Board(upper, lower) if initial_to_upper else Board(lower, upper))
    return boards


@pytest.mark.parametrize("edition", [EDITION_2017, EDITION_2026], ids=["2017", "2026"])
def test_it_pairs_9998_players_s1_against_s2(edition: Edition) -> None:
    pairing = pair_round(state(9998, [], 9), edition)
    assert list(pairing.boards) == s1_against_s2(9998, Colour.WHITE)
    assert pairing.bye is None


def test_it_gives_the_bye_of_an_odd_field_to_the_last_player() -> None:
    pairing = pair_round(state(9997, [], 9, initial=Colour.BLACK), EDITION_2026)
    assert list(pairing.boards) == s1_against_s2(9997, Colour.BLACK)
    assert pairing.bye == 9997


def test_it_still_follows_d1_when_a_forbidden_pair_breaks_the_shortcut() -> None:
    # S1 = 1 2 3, S2 = 4 5 6, 1-4 forbidden: D.1's next transposition of S2 is 4 6 5 (1-4
    # again), then 5 4 6: 1-5, 2-4, 3-6. Colours E.5: 1 and 3 white, 2 black.
    pairing = pair_round(state(6, [], 5, forbidden=[(1, 4)]), EDITION_2026)
    assert list(pairing.boards) == [Board(1, 5), Board(4, 2), Board(3, 6)]


def test_it_agrees_with_the_weighted_matching_on_a_small_last_bracket() -> None:
    players = [player(i) for i in range(1, 8)]
    graph = build_graph([], players, Mode.LAST, rules(players))
    assert fast_pairs(graph) == exact_pairs(graph) == [(0, 3), (1, 4), (2, 5)]
    assert pair_bracket([], players, Mode.LAST, rules(players)).bye == players[6]
