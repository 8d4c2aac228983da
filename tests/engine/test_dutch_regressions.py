"""Regressions of the Dutch system (C.04.3, 2017), hand-derived: each case is the smallest
form of a round the endorsed engine paired differently (tests/data/corpus/dutch-2017-regressions).

- A.7: the topscorer line is half of the maximum score *when pairing the final round*, i.e.
  of the rounds already played (r01, r02, r04-r07);
- D preamble and B.7: the remainder is numbered 1, 2, ... as a bracket of its own (r03);
- E.5 without XXC: the initial colour is read back from round 1 by E.5's own numbering, among
  the players who took part in a pairing (r09-r11).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine.core.errors import NoValidPairing
from pairing.engine.core.rules import initial_colour, pairing_numbers
from pairing.engine.dutch.bracket import exact_pairs, pair_bracket, result_of
from pairing.engine.dutch.fast import fast_pairs
from pairing.engine.dutch.graph import Mode, build_graph
from pairing.engine.dutch.players import Float, build_players, e5_numbers
from pairing.engine.dutch.system import pair_round
from pairing.engine.tools.checker import check_tournament
from pairing.engine.trf import load_trf
from tests.engine.corpus import CORPUS
from tests.engine.test_dutch_support import B, W, boards, player, rules, state

# -- A.7 topscorers ----------------------------------------------------------------------------

# Six players, XXR 4, three rounds played. Nobody met across the 6-cycle 1-2-3-4-5-6-1.
#   R1: 3-1 =, 5-2 =, 4-6 1-0     R2: 1-4 1-0, 2-6 1-0, 3-5 =     R3: 1-5 =, 2-4 =, 6-3 =
# Scores: 1 and 2 have 2.0, 3, 4 and 5 have 1.5, 6 has 0.5. Played colours:
#   1: b w w, 2: b w w (absolute black, CD +1); 3: w w b (strong black);
#   4: w b b, 5: w b b (absolute white); 6: b b w (strong white).
LAST_ROUND = state(
    6,
    [
        "3-1 =; 5-2 =; 4-6 1-0",
        "1-4 1-0; 2-6 1-0; 3-5 =",
        "1-5 =; 2-4 =; 6-3 =",
    ],
    4,
)


def test_a7_topscorers_are_over_half_of_the_rounds_already_played() -> None:
    # When pairing round 4 the maximum possible score is 3 points (three rounds played):
    # 1 and 2 (2.0) are over 1.5; 3, 4, 5 (exactly 1.5) are not. Half of the 4 rounds of the
    # tournament (2.0) would make nobody a topscorer.
    topscorers = {p.id for p in build_players(LAST_ROUND) if p.topscorer}
    assert topscorers == {1, 2}


def test_a7_no_topscorers_before_the_last_round() -> None:
    # The same three rounds with a fourth still to come after the next one: no topscorers.
    built = replace(LAST_ROUND, total_rounds=5)
    assert not any(p.topscorer for p in build_players(built))


def test_c3_lifted_for_topscorers_pairs_the_last_round() -> None:
    # Unplayed pairs: 1-2, 2-3, 3-4, 4-5, 5-6, 6-1; 4-5 are non-topscorers with the same
    # absolute preference (C.3). Without 1-2 the only complete pairing is 1-6, 2-3, 4-5,
    # which C.3 forbids: with 1 and 2 not topscorers no legal pairing exists.
    # 1 and 2 are topscorers, so C.3 lets them meet: 1-2, and the rest 3-4, 5-6
    # (3 and 5 the remaining 1.5 bracket: 3-5 met, 4-5 C.3; 5 floats down to 6).
    # Colours: 1-2 both absolute black with CD +1 and equal histories: E.4, 1 ranks
    # higher and gets black. 3-4: E.1, 4 white. 5-6: E.2, 5's absolute preference wins.
    pairing = pair_round(LAST_ROUND)
    assert boards(pairing) == {(2, 1), (4, 3), (5, 6)}
    assert pairing.bye is None


def test_no_legal_pairing_when_nobody_is_a_topscorer() -> None:
    # The same round one round early (XXR 5): C.3 holds for 1 and 2 and nothing is legal.
    with pytest.raises(NoValidPairing):
        pair_round(replace(LAST_ROUND, total_rounds=5))


# -- D: the remainder's own BSNs ------------------------------------------------------------------

# The last bracket: MDP 1 (3 points), residents 2-7 (2.5 points); one player gets the bye.
#   1: b w b w b w (mild black)          2: b w b b w w (absolute black)
#   3: b w b w b w (mild black)          4: w b w b w b (mild white), downfloated last round
#   5, 6: w b w b w b (mild white)       7: b w b w b w (mild black), downfloated last round
# 1 has met 4, 2 has met 6.
MDP = player(1, 6, "bwbwbw")
RESIDENTS = [
    player(2, 5, "bwbbww", float_before_last=Float.UP),
    player(3, 5, "bwbwbw"),
    player(4, 5, "wbwbwb", float_last=Float.DOWN),
    player(5, 5, "wbwbwb"),
    player(6, 5, "wbwbwb"),
    player(7, 5, "bwbwbw", float_last=Float.DOWN),
]
BARRED = [(1, 4), (2, 6)]
# MDP-pairing (D.1): 1-2 and 1-3 cost a colour preference, 1-4 is barred: 1-5.
# Remainder {2, 3, 4, 6, 7}: whites wanted by 4, 6; blacks by 2, 3, 7. No colour is lost only
# if a black-seeker gets the bye, and C.12 keeps it from 4 and 7: 2 or 3 gets it.
# The remainder numbered as a bracket: 2, 3, 4, 6, 7 are BSNs 1-5, S1R = {1, 2}, S2R = {3, 4, 5}.
#   Original S1R: 2-4, 3-6 gives 7 the bye (C.12); 2-6 barred, 2-7 and 3-7 lose colours.
#   D.2.b: exchange BSN 2<->3 (difference 1): S1 = {2, 4}, but 2 has no partner in {3, 6, 7}.
#   Difference 2: 1<->3 and 2<->4; D.2.c (the higher BSN leaving S1) picks 2<->4:
#   S1 = {2, 6}, S2 = {3, 4, 7}: 2-4, 6-7 with the bye to 3 is perfect.
# (Numbered by the whole bracket, 2<->4 would cost 2 and 3<->6 cost 3: 3-6, 4-7, bye 2.)
EXPECTED_PAIRS = {(1, 5), (2, 4), (6, 7)}


def last_bracket():
    everyone = [MDP, *RESIDENTS]
    return build_graph([MDP], RESIDENTS, Mode.LAST, rules(everyone, barred=BARRED))


def pair_ids(pairs) -> set[tuple[int, int]]:
    return {tuple(sorted((a.id, b.id))) for a, b in pairs}


def test_remainder_bsns_start_at_one_exact_path() -> None:
    graph = last_bracket()
    result = result_of(graph, exact_pairs(graph))
    assert pair_ids(result.pairs) == EXPECTED_PAIRS
    assert result.bye is not None and result.bye.id == 3


def test_remainder_bsns_start_at_one_fast_path() -> None:
    graph = last_bracket()
    pairs = fast_pairs(graph)
    assert pairs is not None  # the fast path proves this bracket
    result = result_of(graph, pairs)
    assert pair_ids(result.pairs) == EXPECTED_PAIRS
    assert result.bye is not None and result.bye.id == 3


def test_remainder_bsns_start_at_one_through_pair_bracket() -> None:
    everyone = [MDP, *RESIDENTS]
    result = pair_bracket([MDP], RESIDENTS, Mode.LAST, rules(everyone, barred=BARRED))
    assert pair_ids(result.pairs) == EXPECTED_PAIRS


# -- E.5 and the initial colour without XXC --------------------------------------------------------


def no_xxc(count: int, rounds: list[str], total: int = 4):
    return replace(state(count, rounds, total), initial_colour=None)


def test_initial_colour_from_the_first_player_who_took_part() -> None:
    # 1 was absent (H) in round 1 and holds no E.5 number there: 2 held number 1 (odd), so
    # his black in round 1 was the initial colour (E.5). Counting 1 would invert it.
    built = no_xxc(5, ["1 H; 4-2 +-; 3-5 1-0"])
    assert initial_colour(built, e5_numbers) is B
    # Numbering every registered player (Dubov E.0's pairing numbers), 2 is even: white.
    assert initial_colour(built, pairing_numbers) is W


def test_initial_colour_inverted_for_a_player_who_took_part_without_colour() -> None:
    # 1 got the pairing-allocated bye in round 1: he took part, number 1; 2 (number 2, even)
    # had white, so the initial colour was black.
    assert initial_colour(no_xxc(3, ["1 U; 2-3 ="]), e5_numbers) is B


def test_initial_colour_from_the_first_round_with_colours() -> None:
    # Round 1 holds only byes (3 the pairing-allocated one); round 2 is the first with
    # colours: 3 (1 point) ranks above 1 (0.5). Taking part by round 2: 1 and 3 (2 had
    # byes only), so 3 holds number 2 (even) and had white: the initial colour was black.
    built = no_xxc(3, ["1 H; 2 H; 3 U", "3-1 =; 2 H"])
    assert initial_colour(built, e5_numbers) is B


def test_round_two_colours_without_xxc_follow_round_one() -> None:
    # Round 1 without XXC: 1 absent, 2 forfeited against 4 (as black), 3 beat 5 (as white).
    # Read back: initial colour black (test above). Round 2: scores 3 and 4 = 1, 1 = 0.5,
    # 2 and 5 = 0. Bracket {3, 4}: 3-4, E.1 (4 has no games, 3 mildly wants black): 4-3.
    # 1 floats to {2, 5}: 1-2 with the bye to 5 (2 had a downfloat last round: C.12).
    # 1-2: neither has played a game and 1 ranks higher with E.5 number 1 (odd): 1 gets the
    # initial colour, black.
    pairing = pair_round(no_xxc(5, ["1 H; 4-2 +-; 3-5 1-0"]))
    assert boards(pairing) == {(4, 3), (2, 1)}
    assert pairing.bye == 5


def test_check_accepts_either_lot_for_round_one_without_xxc() -> None:
    # Four players, round 1: 1-3 and 2-4. Drawn black: 1 (odd) black, 2 (even) white. The
    # file does not say which colour was drawn, so `check` accepts the round ...
    assert check_tournament(no_xxc(4, ["3-1 =; 2-4 ="]), pair_round) == []
    assert check_tournament(no_xxc(4, ["1-3 =; 4-2 ="]), pair_round) == []
    # ... but not colours no lot gives (1 and 2 both white), nor other pairs.
    assert [d.round for d in check_tournament(no_xxc(4, ["1-3 =; 2-4 ="]), pair_round)] == [1]
    assert [d.round for d in check_tournament(no_xxc(4, ["1-2 =; 3-4 ="]), pair_round)] == [1]


def test_initial_colour_read_back_agrees_with_xxc_on_the_corpus() -> None:
    # Golden data: every dutch-2017 file states XXC. Read without it, round 1 must give the
    # same colour back. In four files player 1 was not paired in round 1 (t0048, t0057, t0086,
    # t0172): counting him as a skipped player would invert the colour there.
    files = sorted((CORPUS / "dutch-2017").glob("*.trf"))
    assert len(files) == 200
    for path in files:
        recorded = load_trf(path)
        assert recorded.initial_colour is not None
        read_back = initial_colour(replace(recorded, initial_colour=None), e5_numbers)
        assert read_back is recorded.initial_colour, path.name
