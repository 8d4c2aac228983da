"""Float history (A.4.b) and the float criteria C.12-C.15, hand-derived."""

from __future__ import annotations

from pairing.engine.dutch.bracket import pair_bracket
from pairing.engine.dutch.graph import Mode
from pairing.engine.dutch.players import Float, build_players
from pairing.engine.dutch.system import pair_round_2017 as pair_round
from tests.engine.test_dutch_support import boards, player, rules, state

D, U, N = Float.DOWN, Float.UP, Float.NONE


def test_float_history_from_the_rounds_played() -> None:
    # Round 1: everybody on 0, so games give no float; 7 gets the PAB: a downfloat.
    # After round 1: 1 = 1, 2 = 0.5, 3 = 0, 4 = 0.5, 5 = 0.5, 6 = 0.5, 7 = 1.
    # Round 2: 1 (1) beats 2 (0.5): 1 down, 2 up. 4 (0.5) - 3 (0): 4 down, 3 up.
    # 5 takes a half-point bye (did not play: down). 6-7 is forfeited: neither played,
    # both get a downfloat (A.4.b "for whatever reason").
    built = state(
        7,
        ["1-3 1-0; 2-4 =; 5-6 =; 7 U", "1-2 =; 4-3 1-0; 5 H; 6-7 +-"],
        5,
    )
    floats = {p.id: (p.float_last, p.float_before_last) for p in build_players(built)}
    assert floats == {1: (D, N), 2: (U, N), 3: (U, N), 4: (D, N), 5: (D, N), 6: (D, N), 7: (D, D)}


def test_c12_the_bye_avoids_a_repeated_downfloat() -> None:
    # After round 1 all five players have half a point; 5 took a half-point bye (a
    # downfloat). One bracket, S1 = {1, 2}, S2 = {3, 4, 5}; 1-3 and 2-4 have met.
    # Transpositions of S2: 3-4 and 3-5 pair 1-3 again; 4-3 (1-4, 2-3, bye 5) gives 5 a
    # second downfloat in a row (C.12), so it is not perfect; 4-5 (1-4, 2-5, bye 3) is.
    # Colours: 1 and 2 played white (strong black), 4 black (strong white), 5 none.
    pairing = pair_round(state(5, ["1-3 =; 2-4 =; 5 H"], 5))
    assert boards(pairing) == {(4, 1), (5, 2)}
    assert pairing.bye == 3


def test_c13_an_mdp_avoids_the_resident_who_floated_up_last_round() -> None:
    # Last bracket: MDP 1 (2 points), residents 2, 3, 4 (1 point). 2 floated up in the
    # previous round. No colour conflicts (1 wants black, 2 and 3 white, 4 black).
    # The first MDP-pairing, 1-2, gives 2 a second upfloat (C.13); 1-3 with 2-4 does not.
    mdp = player(1, 4, "bw")
    residents = [player(2, 2, "wb", float_last=U), player(3, 2, "wb"), player(4, 2, "bw")]
    result = pair_bracket([mdp], residents, Mode.LAST, rules([mdp, *residents]))
    assert {(a.id, b.id) for a, b in result.pairs} == {(1, 3), (2, 4)}


def test_c14_two_rounds_before_counts_after_the_previous_round() -> None:
    # Odd homogeneous bracket followed by the next one: S1 = {1}, S2 = {2, 3}. 3 (the
    # natural downfloater) floated down two rounds ago (C.14); 1 and 2 floated down in the
    # previous round (C.12, higher priority): letting one of them float would be worse
    # (the exchange 1<->2 makes 1 the downfloater), so 3 still floats.
    players = [player(1, float_last=D), player(2, float_last=D), player(3, float_before_last=D)]
    nxt = [player(4, -2), player(5, -2)]
    result = pair_bracket([], players, Mode.NORMAL, rules([*players, *nxt]), next_residents=nxt)
    assert [p.id for p in result.downfloaters] == [3]
    # Without 2's float, the C.14 player 3 is spared: the next transposition, 1-3, lets 2
    # float.
    players[1] = player(2)
    result = pair_bracket([], players, Mode.NORMAL, rules([*players, *nxt]), next_residents=nxt)
    assert [p.id for p in result.downfloaters] == [2]
