"""Dubov (FIDE C.04.4.1) player data and brackets (pairing/engine/dubov/players.py,
bracket.py) on hand-made tournaments: each test pins a rule that a surviving mutant of run 9
(docs/testing.md) broke.

Bracket tests: every earlier game is against a made-up opponent rated 2000
(:mod:`tests.engine.histories`), so every ARO is equal and D.2.a / B.5 order White seekers by
initial ranking. "w= b=" (balanced colours, Black last) is a mild preference for White,
"b= w=" one for Black; everyone has 1 point, so the round is one bracket of residents."""

from __future__ import annotations

import re

import pytest

from pairing.engine.core.state import Player, TournamentState
from pairing.engine.dubov import pair_round_2018 as pair_round
from pairing.engine.dubov.players import DubovInputError, require_ratings
from pairing.engine.dubov.system import traced_pairing
from pairing.engine.dubov.trace import DubovTrace
from tests.engine.histories import pair_set, pairs, past

WHITE, BLACK = "w= b=", "b= w="


def b4_shifts(state: TournamentState) -> tuple[list[int], list[int]]:
    """B.4 in the round's only bracket: the players moved by the first shift (out of the
    smaller subgroup) and by the second (out of the larger one), by pairing number."""
    trace = DubovTrace()
    traced_pairing(state, trace)
    (bracket,) = trace.brackets
    return sorted(p.id for p in bracket.shifted_first), sorted(p.id for p in bracket.shifted_second)


def test_a1_every_unrated_player_is_named_for_a_provisional_rating() -> None:
    """A.1: every player needs a rating; the arbiter gives an unrated one a provisional
    rating. Player 2 (Ann) and player 3 (no name) are unrated: the refusal names both, the
    first by number and name, the second by number; rated player 1 is not named. One
    unrated player alone: "player 2"."""
    state = TournamentState(
        players=(Player(1, rating=1800), Player(2, name="Ann"), Player(3)), rounds_done=0
    )
    with pytest.raises(DubovInputError, match=re.escape("rating to players 2 (Ann), 3") + "$"):
        require_ratings(state)
    alone = TournamentState(players=(Player(1, rating=1800), Player(2)), rounds_done=0)
    with pytest.raises(DubovInputError, match=re.escape("rating to player 2") + "$"):
        require_ratings(alone)


# -- B.4, the first shift -----------------------------------------------------------------------


def test_b4_first_shift_skips_a_player_whose_shift_cannot_be_paired() -> None:
    """B.3: G1 = White seekers 1, 2, 3; G2 = Black seekers 4, 5, 6 (equal sizes: B.4 reads
    G1 as the smaller subgroup). 1 has met 2, 4, 5, 6 and 2 has met 3 (C.1): 1 can only meet
    3, so every legal pairing holds one pair inside G1 (1-3) and one player of G1 must be
    shifted into G2. D.2: G1 in ranking order 1, 2, 3, sequence numbers from the middle:
    #1 = 2, #2 = 1, #3 = 3. Shifting 2 leaves 1 and 3 together in G1, no pairing of G1
    against G2 can hold 1-3: 2 is not *best* (B.4 note); shifting 1 is. G1 = 2, 3 and
    G2 = 1, 4, 5, 6; the second shift moves one Black seeker (D.2 from the middle of 4, 5,
    6: #1 = 5), and 1-3, 2-4/6, 5-6/4 works: G1 = 2, 3, 5, G2 = 1, 4, 6. B.6: S1 = 2, 3, 5;
    T2 (1, 4, 6) and (1, 6, 4) give 2-1 (C.1); (4, 1, 6) is legal: 2-4, 3-1, 5-6.
    Accepting 2 for the first shift leaves no pairing at all."""
    state = past(
        {1: WHITE, 2: WHITE, 3: WHITE, 4: BLACK, 5: BLACK, 6: BLACK},
        5,
        forbidden=[(1, 2), (1, 4), (1, 5), (1, 6), (2, 3)],
    )
    assert pairs(pair_round(state)) == pair_set((2, 4), (3, 1), (5, 6))


def test_b4_equal_subgroups_shift_from_g1_first() -> None:
    """B.4: "from the smaller subgroup (or from G1, if their sizes are equal)". G1 = White
    seekers 1, 2, 3, G2 = Black seekers 4, 5, 6. 1 has met 4, 5, 6 and 3 has met 4, 6
    (C.1): 1 meets 2 or 3, so one pair lies inside G1 (and then one inside G2). First shift
    from G1, D.2 order 2, 1, 3 (from the middle): 2 can be shifted (1-2, 3-5, 4-6). Second
    shift, one Black seeker, D.2 order 5, 4, 6: 5 cannot (G1 = 1, 3, 5 against 2, 4, 6:
    1-2 leaves 3 nobody), 4 can. G1 = 1, 3, 4, G2 = 2, 5, 6; B.6: S1 = 1, 3, 4, T2 =
    (2, 5, 6) is legal: 1-2, 3-5, 4-6.
    Shifting from G2 first instead: 5 can be shifted (1-3, 2-4, 5-6), then from G1 2
    cannot (2 meeting 1 or 3 leaves 3 or 1 nobody), 1 can: G1 = 2, 3, 5, G2 = 1, 4, 6, and
    B.6 gives 2-4, 3-1, 5-6."""
    state = past(
        {1: WHITE, 2: WHITE, 3: WHITE, 4: BLACK, 5: BLACK, 6: BLACK},
        5,
        forbidden=[(1, 4), (1, 5), (1, 6), (3, 4), (3, 6)],
    )
    assert pairs(pair_round(state)) == pair_set((1, 2), (3, 5), (4, 6))


def test_b4_first_shift_after_a_refused_candidate() -> None:
    """G1 = White seekers 1, 2, 3, G2 = Black seekers 4, 5, 6. 1 has met 2, 4, 5, 6 (C.1):
    1 meets only 3, one pair lies inside G1, one player of G1 is shifted. D.2 order 2, 1, 3.
    Shifting 2 would need 2 to meet 3 in the pairing (1 is not allowed), leaving 1 nobody:
    refused. The choice starts again without 2: shifting 1 (1-3, 2 against G2) works, so
    the first shift is {1}, not {3}. Second shift: one Black seeker, D.2 order 5, 4, 6; 5
    can be moved (G1 = 2, 3, 5 against 1, 4, 6: 3-1, 2-4, 5-6)."""
    state = past(
        {1: WHITE, 2: WHITE, 3: WHITE, 4: BLACK, 5: BLACK, 6: BLACK},
        5,
        forbidden=[(1, 2), (1, 4), (1, 5), (1, 6)],
    )
    assert b4_shifts(state) == ([1], [5])


def test_b4_first_shift_never_takes_two_players_of_one_inside_pair() -> None:
    """G1 = White seekers 1-4, G2 = Black seekers 5-8. Each of 1-4 has met each of 5-8, and
    1-2, 1-3, 2-4, 3-4 have met too (C.1). The only pairs left inside G1 are 1-4 and 2-3:
    two pairs must stay inside G1, two of its players are shifted, one of each pair (a
    shifted player meets one left in G1). D.2 order of 1, 2, 3, 4 from the middle: 2, 3,
    1, 4. {2, 3} would take both players of 2-3 (and leave 1-4 both in G1); {2, 1} works.
    Second shift: two Black seekers, D.2 order 6, 7, 5, 8: {6, 7} (6-5, 7-8). G1 = 3, 4,
    6, 7 against 1, 2, 5, 8; B.6: 3-1 is barred, 3-2, 4-1, 6-5, 7-8."""
    forbidden = [(w, b) for w in (1, 2, 3, 4) for b in (5, 6, 7, 8)]
    state = past(
        {1: WHITE, 2: WHITE, 3: WHITE, 4: WHITE, 5: BLACK, 6: BLACK, 7: BLACK, 8: BLACK},
        5,
        forbidden=[*forbidden, (1, 2), (1, 3), (2, 4), (3, 4)],
    )
    assert b4_shifts(state) == ([1, 2], [6, 7])
    assert pairs(pair_round(state)) == pair_set((3, 2), (4, 1), (6, 5), (7, 8))


def test_b4_white_seekers_shifted_in_d2_aro_order() -> None:
    """D.2.a: White seekers are shifted in order of ascending ARO, not of ranking. G1 =
    White seekers 1, 2, 3 (AROs 1900, 2100, 2000: their opponents' ratings), G2 = Black
    seekers 4, 5, 6 (AROs 2000). 1 has met 4, 5, 6 (C.1): 1 meets 2 or 3, one pair lies
    inside G1 and one player of G1 is shifted; any of them can be (1 with 2, 2 or 3 with
    1). By ascending ARO G1 reads 1, 3, 2 and D.2.b starts from the middle: 3 is shifted
    (by ranking 1, 2, 3 it would be 2). Second shift, one Black seeker, D.2 order 5, 4, 6:
    5 can be moved (G1 = 1, 2, 5 against 3, 4, 6: 1-3, 2-4, 5-6)."""
    state = past(
        {1: WHITE, 2: WHITE, 3: WHITE, 4: BLACK, 5: BLACK, 6: BLACK},
        5,
        forbidden=[(1, 4), (1, 5), (1, 6)],
        opponents_rating={1: 1900, 2: 2100, 3: 2000},
    )
    assert b4_shifts(state) == ([3], [5])


def test_b6_trace_marks_a_passed_over_barred_opponent_as_barred() -> None:
    """B.6 as traced for the explanation: per S1 player, the G2 players ranked above his
    opponent and still free, each with whether C.1 and C.3 allowed the pair. The bracket of
    the B.4 test above: S1 = 2, 3, 5 against G2 = 1, 4, 6; 2 has met 1 (C.1) and takes 4,
    passing over 1, who was barred; 3 takes 1 and 5 takes 6, passing over nobody."""
    state = past(
        {1: WHITE, 2: WHITE, 3: WHITE, 4: BLACK, 5: BLACK, 6: BLACK},
        5,
        forbidden=[(1, 2), (1, 4), (1, 5), (1, 6), (2, 3)],
    )
    trace = DubovTrace()
    traced_pairing(state, trace)
    (bracket,) = trace.brackets
    assert [p.id for p in bracket.s1] == [2, 3, 5]
    assert [p.id for p in bracket.t2] == [4, 1, 6]
    assert [[(p.id, legal) for p, legal in passed] for passed in bracket.passed_over] == [
        [(1, False)],
        [],
        [],
    ]
