"""Colour preferences (A.6) and colour allocation (E.1-E.5) of the Dutch system, hand-derived."""

from __future__ import annotations

from dataclasses import replace

from pairing.engine.core.colours import Strength
from pairing.engine.core.rules import initial_colour
from pairing.engine.dutch.colours import allocate, colour_cost
from pairing.engine.dutch.players import build_players, e5_numbers
from pairing.engine.dutch.system import pair_round_2017 as pair_round
from tests.engine.test_dutch_support import B, W, boards, player, state


def ids(pair: tuple[object, object]) -> tuple[int, int]:
    white, black = pair
    return white.id, black.id  # type: ignore[attr-defined]


def test_e1_grants_both_preferences() -> None:
    # 1 played black (CD -1: strong white), 2 played white (CD +1: strong black).
    a, b = player(1, 2, "b"), player(2, 2, "w")
    assert ids(allocate(b, a, W)) == (1, 2)


def test_e1_player_without_games_takes_what_is_left() -> None:
    # A.6.d: 1 has no games; 2 (history w, mild... CD +1 strong black) gets black.
    a, b = player(1, 2, ""), player(2, 2, "w")
    assert ids(allocate(a, b, B)) == (1, 2)


def test_e2_grants_the_stronger_preference() -> None:
    # 1: "bb" -> absolute white. 2: "wb" -> CD 0, last black -> mild white. 1 gets white
    # although 2 ranks higher (E.4 would favour 2).
    a, b = player(1, 2, "bb"), player(2, 4, "wb")
    assert a.preference.strength is Strength.ABSOLUTE
    assert b.preference.strength is Strength.MILD
    assert ids(allocate(b, a, W)) == (1, 2)


def test_e2_two_absolute_topscorers_wider_difference_wins() -> None:
    # 1: "bb" CD -2; 2: "wbb" CD -1 with the last two black. Both absolute white; the
    # wider colour difference (|-2| > |-1|) gets it.
    a = player(1, 10, "bb", topscorer=True)
    b = player(2, 10, "wbb", topscorer=True)
    assert ids(allocate(b, a, W)) == (1, 2)
    # The loser plays black a third time in a row: C.9 (topscorers) counts it.
    assert colour_cost(a, b, W).three_in_a_row == 1


def test_e3_alternates_to_the_last_different_round() -> None:
    # Both mild white: 1 "wb", 2 "wwbb". Read from the latest game: (b, b) equal, then
    # (w, b): 1 had white, 2 black -> now 1 black, 2 white.
    a, b = player(1, 4, "wb"), player(2, 4, "wwbb")
    assert a.preference.colour is W and b.preference.colour is W
    assert ids(allocate(a, b, W)) == (2, 1)


def test_e4_higher_ranked_gets_the_preference() -> None:
    # Same history "wb" (mild white); 2 has more points, so 2 ranks higher (A.2) and wins.
    a, b = player(1, 2, "wb"), player(2, 4, "wb")
    assert ids(allocate(a, b, W)) == (2, 1)


def test_e5_initial_colour_and_pairing_number_parity() -> None:
    # No games: the higher ranked gets the initial colour with an odd pairing number.
    a, b = player(1), player(4)
    assert ids(allocate(a, b, W)) == (1, 4)
    assert ids(allocate(a, b, B)) == (4, 1)
    # An even number gets the opposite of the initial colour.
    c, d = player(2), player(5)
    assert ids(allocate(c, d, W)) == (5, 2)


def test_unplayed_rounds_move_to_the_front_of_the_history() -> None:
    # C.04.2 D.5: "BWW-B" reads as "-BWWB". Player 1: b, w, w, forfeit win, b.
    # Played colours b w w b: CD 0, last black -> mild white.
    built = state(
        6,
        [
            "2-1 0-1; 3-4 =; 5-6 =",
            "1-3 =; 2-6 1-0; 4-5 =",
            "1-5 =; 2-4 =; 3-6 =",
            "1-6 +-; 2-3 =; 4-5 =",
            "4-1 =; 2-5 =; 3-6 =",
        ],
        9,
    )
    one = next(p for p in build_players(built) if p.id == 1)
    assert one.colours == (B, W, W, B)
    assert one.preference.colour is W
    assert one.preference.strength is Strength.MILD


def test_absolute_preference_after_two_equal_colours() -> None:
    # A.6.a: the same colour in the two latest games is absolute, whatever the difference.
    built = state(4, ["1-2 1-0; 3-4 1-0", "3-1 0-1; 4-2 =", "1-4 =; 2-3 ="], 5)
    by_id = {p.id: p for p in build_players(built)}
    assert by_id[1].colours == (W, B, W)  # CD +1, alternating: strong black
    assert by_id[1].preference.strength is Strength.STRONG
    assert by_id[4].colours == (B, W, B)
    assert by_id[2].colours == (B, B, W)  # CD -1, strong white
    assert by_id[2].preference.colour is W


def test_round_one_colours_follow_e5() -> None:
    # Four players, one bracket: S1 = {1, 2}, S2 = {3, 4}: 1-3, 2-4. Initial colour black:
    # 1 (odd) gets black, 2 (even) gets white.
    pairing = pair_round(state(4, [], 5, initial=B))
    assert boards(pairing) == {(3, 1), (2, 4)}


def test_players_absent_since_round_one_hold_no_pairing_number() -> None:
    # Player 2 is absent (Z) in round 1: the E.5 numbers of the others are 1, 2, 3, 4 for
    # players 1, 3, 4, 5. S1 = {1, 3}, S2 = {4, 5}: 1-4 and 3-5; 3 holds number 2 (even),
    # so with initial colour white 3 gets black.
    pairing = pair_round(state(5, [], 5, absent="2 Z"))
    assert boards(pairing) == {(1, 4), (5, 3)}


def test_initial_colour_read_from_round_one_without_xxc() -> None:
    # No XXC: the round-1 colour of the highest-ranked player who was paired, inverted when
    # his E.5 number then was even. 1 played black: the initial colour was black.
    built = replace(state(4, ["3-1 =; 2-4 ="], 5), initial_colour=None)
    assert initial_colour(built, e5_numbers) is B
    # 1 was absent in round 1 and holds no E.5 number there: 2 held number 1 and had white,
    # so the initial colour was white.
    built = replace(state(5, ["1 Z; 2-4 =; 3-5 ="], 5), initial_colour=None)
    assert initial_colour(built, e5_numbers) is W
