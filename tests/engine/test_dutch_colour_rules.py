"""The Dutch colour allocation rules E.1-E.5 (C.04.3, 2017), each on a pair it alone decides.

Two players (ids = pairing numbers 1 and 2) who have never met: the round has one board, and
the test reads its colours. Each docstring shows what the next rule down would give instead.
Histories come from :mod:`tests.engine.histories` (``H`` a half-point bye, ``F`` a
full-point bye: no colour).
"""

from __future__ import annotations

from pairing.engine import Colour
from pairing.engine.core.colours import Preference, Strength, preference
from pairing.engine.dutch import pair_round_2017 as pair_round
from pairing.engine.dutch.colours import ColourCost, colour_cost
from tests.engine.histories import boards, past
from tests.engine.test_dutch_support import player

W, B = Colour.WHITE, Colour.BLACK


def board(histories: dict[int, str], total_rounds: int = 9, initial: Colour = W) -> tuple:
    (only,) = boards(pair_round(past(histories, total_rounds, initial=initial)))
    return only


def test_a6_colour_difference_and_preference() -> None:
    """A.6: the colour difference is White games minus Black games; a: absolute when beyond
    +-1 or the same colour in the two latest games; b: strong at +-1; c: mild at 0,
    alternating; d: none without games."""
    none, mild, strong, absolute = (
        Strength.NONE,
        Strength.MILD,
        Strength.STRONG,
        Strength.ABSOLUTE,
    )
    table = {
        "": Preference(None, none, 0),
        "w": Preference(B, strong, 1),
        "b": Preference(W, strong, -1),
        "wb": Preference(W, mild, 0),
        "bw": Preference(B, mild, 0),
        "ww": Preference(B, absolute, 2),
        "bb": Preference(W, absolute, -2),
        "wbb": Preference(W, absolute, -1),
        "bww": Preference(B, absolute, 1),
        "wbw": Preference(B, strong, 1),
        "bwwb": Preference(W, mild, 0),
        "wwbwb": Preference(B, strong, 1),
        "bbwbw": Preference(W, strong, -1),
        "wwwbb": Preference(W, absolute, 1),
        "wbwww": Preference(B, absolute, 3),
        "bbbwb": Preference(W, absolute, -3),
    }
    for history, expected in table.items():
        assert preference([Colour(c) for c in history]) == expected, history


def test_e1_grants_both_preferences() -> None:
    """1: W W B (CD +1, strong Black), 2: B B W (CD -1, strong White): E.1, 2 White.
    E.3 would alternate the latest round (1 had Black, 2 White): 1 White."""
    assert board({1: "w= w= b=", 2: "b= b= w="}) == (2, 1)


def test_e1_a_player_without_games_takes_the_other_colour() -> None:
    """A.6.d: 1 has no game (half-point bye), 2 played White (strong Black): 2's preference
    is granted, 1 White. With the initial colour Black, E.5 would give 1 (higher ranked on
    pairing number, odd) Black."""
    assert board({1: "H", 2: "w="}, initial=B) == (1, 2)
    # The other way round: 2 has no game (full-point bye, so 2 ranks higher), 1 played
    # White and lost (strong Black): 1 Black. E.5 would give 2 (even) the colour opposite to
    # the initial White, Black.
    assert board({1: "w0", 2: "F"}) == (2, 1)


def test_e2_grants_the_stronger_preference() -> None:
    """1: two half-point byes and Black (CD -1, strong White); 2: W B B (the last two Black:
    absolute White). Both want White: E.2, 2's absolute one. E.3 finds no round where they
    differ (1 played once, Black, like 2's last game) and E.4 would favour 1 (same score,
    smaller pairing number)."""
    assert board({1: "H H b=", 2: "w= b= b="}) == (2, 1)


def test_e2_two_absolute_topscorers_wider_colour_difference() -> None:
    """Last round (4 of 5 played): 1 (4 points) and 2 (3.5) are topscorers (over 2.5), so
    C.3 lets their equal absolute preferences meet. 1: W B B (CD -1, two Blacks), 2: B B W B
    (CD -2): both absolute White; E.2 grants the wider colour difference, 2's. E.3 would
    alternate the latest differing round (1 Black, 2 White then): 1 White; E.4 too."""
    assert board({1: "F w1 b1 b1", 2: "b1 b1 w1 b="}, total_rounds=5) == (2, 1)


def test_e2_equal_colour_differences_go_on_to_e3() -> None:
    """Last round (5 of 6): both topscorers (5 points), both absolute White with the same
    colour difference -1: 1 W B W B B, 2 B W W B B. The wider-difference clause does not
    decide; E.3: from the latest round B/B, B/B, W/W, then B (1) / W (2): 1 White."""
    assert board({1: "w1 b1 w1 b1 b1", 2: "b1 w1 w1 b1 b1"}, total_rounds=6) == (1, 2)


def test_e3_alternates_to_the_latest_round_with_different_colours() -> None:
    """1: B W W B, 2: W B W B, both CD 0 and last Black (mild White). From the latest round:
    B/B, W/W, then W (1) / B (2): alternate it, 1 Black. E.4 would give 1 (same score,
    smaller pairing number) White."""
    assert board({1: "b= w= w= b=", 2: "w= b= w= b="}) == (2, 1)


def test_e3_runs_out_of_games_then_e4() -> None:
    """1: two byes, then W B; 2: B W W B; both mild White. E.3 compares the latest games,
    B/B and W/W, and 1 has no earlier game: no round with different colours. E.4: 1 (same
    score, smaller pairing number) White."""
    assert board({1: "H H w= b=", 2: "b= w= w= b="}) == (1, 2)


def test_e4_higher_ranked_player_gets_his_preference() -> None:
    """1 lost twice (W B), 2 won twice (W B): same history, both mild White; 2 ranks higher
    (more points): E.4, 2 White. E.5 would give 2 (even number) the colour opposite to the
    initial White: Black."""
    assert board({1: "w0 b0", 2: "w1 b1"}) == (2, 1)


def test_e5_pairing_number_parity_and_initial_colour() -> None:
    """Round 1. Two players: 1 (odd) gets the initial colour: Black here, White by default.
    Four players: 1-3 and 2-4; 2 (even) gets the colour opposite to the initial one.
    Six players: 1-4, 2-5, 3-6; 1 and 3 (odd) White, 2 Black."""
    assert boards(pair_round(past({1: "", 2: ""}, 5, initial=B))) == {(2, 1)}
    assert boards(pair_round(past({1: "", 2: ""}, 5))) == {(1, 2)}
    assert boards(pair_round(past({1: "", 2: "", 3: "", 4: ""}, 5))) == {(1, 3), (4, 2)}
    six = past({i: "" for i in range(1, 7)}, 5)
    assert boards(pair_round(six)) == {(1, 4), (5, 2), (3, 6)}


def test_colour_criteria_costs_of_a_pair() -> None:
    """What a pair costs in C.8-C.11 (colours by E.1-E.5), counted per player as the text
    counts: (C.8 beyond +-2, C.9 three in a row, C.10 preference lost, C.11 strong lost).
    C.8 and C.9 look at topscorers and their opponents only."""
    cases = [
        # 1 mild White, 2 strong White: E.2 gives 2 White; 1 loses a mild preference.
        (player(1, 2, "wb"), player(2, 2, "b"), (0, 0, 1, 0)),
        # 1 strong Black, 2 absolute Black: 1 White, losing a strong preference.
        (player(1, 2, "w"), player(2, 2, "ww"), (0, 0, 1, 1)),
        # Topscorers W W W (+3) and W W W W (+4): the wider gets Black; 1 ends W W W W (+4,
        # three in a row), 2 at +3: both beyond +2.
        (player(1, 8, "www", topscorer=True), player(2, 8, "wwww", topscorer=True), (2, 1, 1, 1)),
        # Topscorers B B and B B: E.4, 1 White; 2 ends B B B (-3, three in a row).
        (player(1, 8, "bb", topscorer=True), player(2, 6, "bb", topscorer=True), (1, 1, 1, 1)),
        # A topscorer and an opponent without games (A.6.d): 1 gets Black, nothing lost.
        (player(1, 8, "w", topscorer=True), player(2, 8, ""), (0, 0, 0, 0)),
        # A topscorer W B W gets Black (E.1): W B W B is not three in a row.
        (player(1, 8, "wbw", topscorer=True), player(2, 8, "b"), (0, 0, 0, 0)),
        # W W B W then Black: W W B W B, the last three not equal.
        (player(1, 8, "wwbw", topscorer=True), player(2, 8, "b"), (0, 0, 0, 0)),
    ]
    for a, b, (extreme, triple, lost, strong) in cases:
        assert colour_cost(a, b, W) == ColourCost(extreme, triple, lost, strong), (a, b)
