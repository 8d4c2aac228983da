"""US Chess Swiss pairings (Official Rules of Chess, 7th edition, rules 27-29) on small
sections derived by hand from the rules' text and worked examples (each derivation is in the
test's docstring). Players are 1..n; ``W1``/``B0`` are colour and result of a game."""

from __future__ import annotations

import random

import pytest

from pairing.engine.core.state import Colour, Player, RoundEntry, TournamentState
from pairing.engine.usswiss import USSettings, explain_round, may_have_bye, pair_round
from tests.engine.usswiss_support import boards, section

TEN = [1510, 1509, 1508, 1507, 1506, 1505, 1504, 1503, 1502, 1501]


def test_round_one_top_half_against_bottom_half_colours_alternating() -> None:
    """27A3 and 29E2: ranked by rating, the top half (1-5) meets the bottom half (6-10) in
    order; the top player's colour is drawn by lot and alternates down the top half:
    1-6, 7-2, 3-8, 9-4, 5-10 (White first); all reversed when the lot gives Black."""
    assert boards(section(TEN)) == [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]
    assert boards(section(TEN, initial=Colour.BLACK)) == [(6, 1), (2, 7), (8, 3), (4, 9), (10, 5)]


def test_ranking_by_rating_unrated_last_or_by_assigned_rating() -> None:
    """29A / 28 ranking: by rating, not by entry number: ratings 1500, 1800, 1600, 1700 rank
    2, 4, 3, 1: 2-3, 1-4 (board 2: the top-half player 4 has Black). An unrated player (1)
    ranks last; with an assigned rating of 1750 he ranks second: 2, 1, 4, 3: 2-4, 3-1."""
    assert boards(section([1500, 1800, 1600, 1700])) == [(2, 3), (1, 4)]
    assert boards(section([0, 1800, 1600, 1700])) == [(2, 3), (1, 4)]
    assert boards(section([0, 1800, 1600, 1700]), assigned_ratings={1: 1750}) == [(2, 4), (3, 1)]


def test_28L2_first_round_bye_to_the_lowest_rated_not_an_unrated_player() -> None:
    """28L2: five players, the bye to the lowest-rated (5); the rest 1-3, 4-2. With player 5
    unrated the bye goes to the lowest-rated rated player, 4; the rest ranked 1, 2, 3, 5:
    1-3, 5-2."""
    assert pair_round(section([2000, 1900, 1800, 1700, 1600])).bye == 5
    unrated = pair_round(section([2000, 1900, 1800, 1700, 0]))
    assert unrated.bye == 4
    assert [(b.white, b.black) for b in unrated.boards] == [(1, 3), (5, 2)]


def test_28L2_28L3_bye_lowest_group_lowest_rated_who_has_not_had_one() -> None:
    """28L2: the bye goes to the lowest score group (1 point: 3, 4, 5), to its lowest-rated
    player, 5 - but 5 already had a full-point bye (28L3), so 4 receives it."""
    state = section(
        [2000, 1900, 1800, 1700, 1600],
        {1: ["W1", "B1"], 2: ["B1", "W1"], 3: ["W1", "B0"], 4: ["B0", "W1"], 5: ["U", "W0"]},
    )
    assert not may_have_bye(state, 5)
    assert may_have_bye(state, 4)
    assert pair_round(state).bye == 4


def test_bye_follows_28L2_not_the_colours() -> None:
    """28L2 (forum case "transposition resulting in a bye"): the 0-point group 601 (had
    White), 554 (White), 504 (Black) with one player to sit out: the lowest-rated, 504, gets
    the bye although giving it to 554 would let the others have their due colours; the
    announced variation 28L2a is off by default. 601 and 554 meet."""
    state = section(
        [2000, 1990, 601, 554, 504],
        {1: ["W1"], 2: ["B1"], 3: ["W0"], 4: ["W0"], 5: ["B0"]},
    )
    pairing = pair_round(state)
    assert pairing.bye == 5
    assert {frozenset((b.white, b.black)) for b in pairing.boards} == {
        frozenset((1, 2)),
        frozenset((3, 4)),
    }


def test_28L2a_variation_bye_for_colours() -> None:
    """28L2a (announced variation), the same case: 601 and 554 both had White, so pairing
    them leaves one with two Whites; the bye to 554 instead (50 points above 504, within the
    80-point rule) lets 504 (due White) meet 601 (due Black): 5-3."""
    state = section(
        [2000, 1990, 601, 554, 504],
        {1: ["W1"], 2: ["B1"], 3: ["W0"], 4: ["W0"], 5: ["B0"]},
    )
    pairing, explanation = explain_round(state, USSettings(bye_for_colours=True))
    assert pairing.bye == 4
    assert (5, 3) in [(b.white, b.black) for b in pairing.boards]
    assert "28L2a" in explanation.articles


# Eleven players after two rounds (forum exercise, 29D1): A 1950, B 1925, C 1891 on 2
# points; D 1860, E 1790, F 1777, H 1758, I 1714 on 1; G 1760 and the unrated J, K on 0.
ODD_PLAYER = section(
    [1950, 1925, 1891, 1860, 1790, 1777, 1760, 1758, 1714, 0, 0],
    {
        1: ["W1", "B1"],
        2: ["B1", "W1"],
        3: ["W1", "B1"],
        4: ["B1", "W0"],
        5: ["W1", "B0"],
        6: ["B0", "W1"],
        7: ["B0", "W0"],
        8: ["W0", "B1"],
        9: ["B1", "W0"],
        10: ["W0", "B0"],
        11: ["B0", "W0"],
    },
)


def test_29D_odd_player_drops_and_meets_the_top_of_the_next_group() -> None:
    """28L2: the bye to G (the lowest-rated *rated* player of the 0-point group). 29D1a: the
    2-point group A, B, C is odd: its lowest-rated player C drops and meets the highest-rated
    player of the 1-point group, D (29D2) - D is not counted in that group's halves. A-B:
    A is due White (WB), B due Black. C (WB, due White) - D (BW, due Black). 1-point group
    E, F | H, I: E-H are both due White and F-I both due Black; the transposition H<->I
    (44 points, within 80, 29E5a) gives everyone their due colour: E-I, H-F - preferred to
    the 19-point interchange F<->H, as a transposition within 80 points is (29E5e). J (W, B:
    due White) - K (B, W: due Black)."""
    pairing = pair_round(ODD_PLAYER)
    assert pairing.bye == 7
    assert [(b.white, b.black) for b in pairing.boards] == [
        (1, 2),
        (3, 4),
        (5, 9),
        (8, 6),
        (10, 11),
    ]


def test_explanation_cites_the_rules() -> None:
    """The explanation is of the same pairing, and says why with US Chess rule numbers."""
    pairing, explanation = explain_round(ODD_PLAYER)
    assert explanation.matches(pairing)
    assert {"27A2", "27A3", "29D1a", "29D2", "29E5a", "29E3", "28L2"} <= (explanation.articles)
    board = explanation.board(5, 9)
    assert board is not None
    assert any(r.article == "29E5a" and "#8" in r.text for r in board.reasons)


# Forum case "choosing the odd man": the 1-point group after round 1 of ten players, due
# colours 1514 B, 1121 W, 1096 B, 982 B, 978 W; the 0-point group 900 W, 880 B, 860 W,
# 840 B, 820 W (letters: the colour due).
ODD_MAN = section(
    [1514, 1121, 1096, 982, 978, 900, 880, 860, 840, 820],
    {
        1: ["W1"],
        2: ["B1"],
        3: ["W1"],
        4: ["W1"],
        5: ["B1"],
        6: ["B0"],
        7: ["W0"],
        8: ["B0"],
        9: ["W0"],
        10: ["B0"],
    },
)


def test_29D1b_next_lowest_odd_player_for_colours_within_80_points() -> None:
    """29D1a/b with 29E5a: dropping 978 leaves 1514 B - 1096 B against each other (one
    player without his due colour) and nothing within 80 points mends it. Dropping 982
    instead (4 points above 978) leaves 1514 B, 1121 W, 1096 B, 978 W: the interchange of
    1121 and 1096 (25 points) gives 1121-1514 and 978-1096, everyone his due colour. The
    odd player 982 (due B) meets 900 (due W). 0-point group 880 B, 860 W | 840 B, 820 W:
    the transposition of 840 and 820 (20 points) gives 820-880 and 860-840."""
    assert boards(ODD_MAN) == [(2, 1), (5, 3), (6, 4), (10, 7), (8, 9)]


FOUR = [2000, 1850, 1700, 1560]


def test_29E5b_switch_up_to_200_points_to_equalize_colours() -> None:
    """A 2000 and C 1700 had W, B, B (a third Black would leave them two Blacks ahead);
    B 1850 and D 1560 had B, W, W. Natural pairing A-C, B-D leaves two players with
    unequalized colours; the transposition C<->D (140 points: the smaller of A-B 150 and
    C-D 140, 29E5c; within 200) mends both: A-D, C-B. (The interchange B<->C moves 150
    points: a larger switch, 29E5e.)"""
    histories = {1: ["W1", "B0", "B="], 3: ["W1", "B0", "B="]}
    histories |= {2: ["B1", "W0", "W="], 4: ["B1", "W0", "W="]}
    state = section(FOUR, histories)
    assert boards(state) == [(1, 4), (3, 2)]
    assert boards(state, equalization_limit=100) == [(1, 3), (4, 2)]


def test_29E5a_no_140_point_switch_only_for_due_colours() -> None:
    """The same four with W, B (A, C: due White, Black would not unequalize) and B, W (B, D):
    the 140-point transposition (and the 150-point interchange) would only give due colours,
    which the 80-point rule bars:
    A-C (equal claims, same history: the higher-ranked A gets White), D-B."""
    histories = {1: ["W1", "B0"], 3: ["W1", "B0"], 2: ["B1", "W0"], 4: ["B1", "W0"]}
    state = section(FOUR, histories)
    assert boards(state) == [(1, 3), (4, 2)]
    assert boards(state, alternation_limit=200) == [(1, 4), (3, 2)]


def test_27A1_no_rematch() -> None:
    """27A1: 1 (2000) and 3 (1800) drew in round 1; 2 (1900) and 4 (1700) drew with others.
    Top half 1, 2 against 3, 4 would repeat 1-3. The interchange 2<->3 (100 points) pairs
    1-2 and 3-4 with everyone's due colour (1 and 4 had White, 2 and 3 Black); the
    transposition 1-4, 2-3 would give two players the wrong colour: 2-1, 3-4."""
    state = section([2000, 1900, 1800, 1700], {1: ["W=@3"], 3: ["B=@1"], 2: ["B="], 4: ["W="]})
    assert state.met(1, 3)
    assert boards(state) == [(2, 1), (3, 4)]


def test_28N_keep_apart_a_soft_rule() -> None:
    """28N: 1 and 3 are team-mates. Round 1 would pair 1-3, 2-4; the transposition 3<->4
    (10 points) keeps them apart: 1-4, 3-2. Without the request: 1-3, 4-2."""
    state = section([2000, 1990, 1980, 1970])
    assert boards(state) == [(1, 3), (4, 2)]
    assert boards(state, avoid_together=((1, 3),)) == [(1, 4), (3, 2)]


def test_28R1_accelerated_pairings() -> None:
    """28R1 (forum example of ten players 1510..1501): the upper half (five players) counts
    one point more: 1510-1508, 1507-1509, then 1506 is the odd player against the top of
    the lower group, 1505; the lower group pairs 1502-1504 and 1503-1501 (colours
    alternating down the boards from the lot)."""
    assert boards(section(TEN), accelerated=True) == [(1, 3), (4, 2), (5, 6), (9, 7), (8, 10)]


def _play(state: TournamentState, rnd: random.Random, settings: USSettings) -> TournamentState:
    pairing = pair_round(state, settings)
    entries = {}
    for b in pairing.boards:
        x = rnd.random()
        white, black = ("1", "0") if x < 0.45 else ("0", "1") if x < 0.8 else ("=", "=")
        entries[b.white] = RoundEntry(b.black, Colour.WHITE, white)
        entries[b.black] = RoundEntry(b.white, Colour.BLACK, black)
    if pairing.bye is not None:
        entries[pairing.bye] = RoundEntry(None, None, "U")
    return state.with_round(entries)


@pytest.mark.parametrize("seed", range(12))
def test_generated_sections_keep_the_absolute_rules(seed: int) -> None:
    """Random sections of 4-24 players over 5 rounds (some accelerated, some absences):
    everybody present is paired once, nobody meets twice (27A1), nobody gets a second
    full-point bye while another can take it (28L3), and the explanation is of the same
    pairing."""
    rnd = random.Random(seed)
    n = rnd.randint(4, 24)
    players = tuple(
        Player(id=i, rating=rnd.choice([0, *range(800, 2400)])) for i in range(1, n + 1)
    )
    state = TournamentState(players=players, initial_colour=Colour.WHITE)
    settings = USSettings(accelerated=seed % 3 == 0)
    for _ in range(min(5, n - 1)):
        if rnd.random() < 0.3:
            state = TournamentState(
                players=state.players,
                rounds_done=state.rounds_done,
                initial_colour=state.initial_colour,
                absent={rnd.randint(1, n): "H"},
            )
        pairing, explanation = explain_round(state, settings)
        assert explanation.matches(pairing)
        seen = [p for b in pairing.boards for p in (b.white, b.black)]
        if pairing.bye is not None:
            seen.append(pairing.bye)
            if any(may_have_bye(state, p.id) for p in state.available):
                assert may_have_bye(state, pairing.bye)
        assert sorted(seen) == sorted(p.id for p in state.available)
        assert not any(state.met(b.white, b.black) for b in pairing.boards)
        state = _play(state, rnd, settings)


def test_29D1a_not_an_unrated_odd_player() -> None:
    """29D1a: the odd player is the lowest-rated player "but not an unrated player". The
    1-point group 2000 (due B), 1900 (due W), unrated (due W; ranked last): 1900 drops, not
    the unrated player; 2000-unrated: unrated-2000. 1900 meets the top of the 0-point group,
    1500 (due B): 1900-1500; then 1400 (due W) - 1300 (due B)."""
    state = section(
        [2000, 1900, 0, 1500, 1400, 1300],
        {1: ["W1"], 2: ["B1"], 3: ["B1"], 4: ["W0"], 5: ["B0"], 6: ["W0"]},
    )
    assert boards(state) == [(3, 1), (2, 4), (5, 6)]


def test_22C6_bye_not_to_a_player_with_a_half_point_bye() -> None:
    """22C6 with 28L2: in the lowest group (1 point: 3, 4, 5) the lowest-rated, 5, took a
    half-point bye earlier, so the full-point bye goes to 4; an absent player is not paired
    and may not have the bye."""
    state = section(
        [2000, 1900, 1800, 1700, 1600],
        {1: ["W1", "B1"], 2: ["B1", "W1"], 3: ["W1", "B0"], 4: ["B0", "W1"], 5: ["H", "W="]},
    )
    assert pair_round(state).bye == 4
    absent = TournamentState(
        players=state.players, rounds_done=2, initial_colour=Colour.WHITE, absent={2: "H"}
    )
    assert not may_have_bye(absent, 2)
    assert 2 not in {p for b in pair_round(absent).boards for p in (b.white, b.black)}


def test_harkness_variation_drops_the_middle_player() -> None:
    """The Harkness odd-player variation (forum.uschess.org "Harkness Drop": of nine perfect
    scores the fifth drops, not the ninth; "with Harkness, the middle player is dropped").
    Ten players 2000..1100 after round 1 against outsiders: 1-5 won, 6-10 lost. Last
    colours: 1, 2 White; 3, 4, 5 Black; 6, 7, 8 White; 9, 10 Black; so 1, 2, 6, 7, 8 are due
    Black and 3, 4, 5, 9, 10 due White (29E3).
    Default (29D1a): the lowest-rated, 5, is the odd player and meets the top of the 0 group,
    6 (5 White); {1, 2, 3, 4}: 1-3, 2-4 (3 and 4 White); {7, 8, 9, 10}: 9-7, 10-8.
    Harkness: the middle of 1..5, 3, drops and meets 6 (3 White); {1, 2, 4, 5}: 1-4, 2-5
    (4 and 5 White); the 0 group as before. Boards: the top group first, then by rank."""
    state = section(
        [2000, 1900, 1800, 1700, 1600, 1500, 1400, 1300, 1200, 1100],
        {1: ["W1"], 2: ["W1"], 3: ["B1"], 4: ["B1"], 5: ["B1"],
         6: ["W0"], 7: ["W0"], 8: ["W0"], 9: ["B0"], 10: ["B0"]},
    )  # fmt: skip
    assert boards(state) == [(3, 1), (4, 2), (5, 6), (9, 7), (10, 8)]
    assert boards(state, harkness=True) == [(4, 1), (5, 2), (3, 6), (9, 7), (10, 8)]
    pairing, explanation = explain_round(state, USSettings(harkness=True))
    assert explanation.matches(pairing)
    board = explanation.board(3, 6)
    assert board is not None
    assert any(r.article == "29D1a" and "Harkness" in r.text for r in board.reasons)


def test_28L5_four_round_event_bye_one_group_up_instead_of_an_unrated_player() -> None:
    """28L5 (WinTD forum's paraphrase: "in a 4-round tournament, giving a bye to a rated
    player one score group above" rather than to an unrated player of the lowest group).
    Five players after round 1: 1 (2000) and 2 (1900) won, 3 (1800) and 4 (1700) drew,
    5 (unrated) lost. 28L2: the lowest group is 5 alone, he takes the bye; 1-2, 3-4.
    With 28L5 in a four-round event: the lowest-rated rated player of the 0.5 group, 4,
    takes it; 2-1 (2 due White); 3 is the 0.5 group's odd player and meets 5 (3 due
    Black after White: 5, no colour yet, White). In a five-round event the variation does
    not apply."""
    from dataclasses import replace

    from pairing.engine.usswiss import pair_us_round

    state = section(
        [2000, 1900, 1800, 1700, 0], {1: ["W1"], 2: ["B1"], 3: ["W="], 4: ["B="], 5: ["W0"]}
    )
    four, five = replace(state, total_rounds=4), replace(state, total_rounds=5)
    assert pair_round(four).bye == 5
    assert pair_round(five, USSettings(bye_up_in_four_rounds=True)).bye == 5
    varied = pair_us_round(four, USSettings(bye_up_in_four_rounds=True))
    assert varied.pairing.bye == 4
    assert [(b.white, b.black) for b in varied.pairing.boards] == [(2, 1), (5, 3)]
    assert varied.bye is not None and "28L5" in dict(varied.bye.passed_over)[5]
