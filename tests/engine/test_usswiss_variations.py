"""US Chess 29E: how transpositions and interchanges are measured (29E5c, 29E5d, 29E5e,
29E5g) and the colour variations a TD may choose (29E4a, 29E4d, 29E5h).

The cases are the rule book's own worked examples (7th edition, chapter 2), as paraphrased
with their numbers in FreePair's rule reference (docs/USCF_RULES.md of freepairchess/FreePair)
and, for 29E5e, as quoted on the US Chess forum ("FIDE versus USCF pairings"); the expected
pairings are the ones the examples give, worked out again in each docstring.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine.core.state import Board
from pairing.engine.usswiss import ColourRule, USSettings, colour_rule, explain_round
from pairing.engine.usswiss.settings import settings_from_words, settings_record
from tests.engine.usswiss_support import boards, section

DRAW_WB = ["W=", "B="]
DRAW_BW = ["B=", "W="]


def test_29E5c_a_transposition_counts_the_smaller_of_the_two_differences() -> None:
    """29E5c example, round 3, all on one score: 2000 (W B) - 1800 (W B) and 1980 (B W) -
    1500 (B W) give both boards a colour conflict (due White against due White, due Black
    against due Black). Trading the 1800 and the 1500 looks like 300 points, but the same
    pairs come from trading the 2000 and the 1980: 20 points, within the 80-point rule.
    Result: 2000 (White) - 1500 and 1800 (White) - 1980. Measured by the bottom-half
    players alone the switch would be 300 points and the natural pairs would stay."""
    state = section([2000, 1980, 1800, 1500], {1: DRAW_WB, 2: DRAW_BW, 3: DRAW_WB, 4: DRAW_BW})
    assert boards(state) == [(1, 4), (3, 2)]


@pytest.mark.parametrize(
    ("bottom", "expected"),
    [
        # Example 1: interchange 1870<->1850 is 20 points, transposition 1850<->1780 is
        # min(2050-1870, 1850-1780) = 70 points: within 80, so the transposition wins:
        # 1780 (White) - 2050 and 1870 (White) - 1850.
        (1780, [(4, 1), (2, 3)]),
        # Example 2: with 1750 the transposition is min(180, 100) = 100 points, over the
        # 80-point rule (only the 200-point rule allows it): the smaller interchange wins:
        # 1870 (White) - 2050 and 1750 (White) - 1850.
        (1750, [(2, 1), (4, 3)]),
    ],
)
def test_29E5e_transposition_within_80_points_else_the_smaller_switch(
    bottom: int, expected: list[tuple[int, int]]
) -> None:
    """29E5e, round 4: 2050 (W B W) - 1850 (W B W) and 1870 (B W B) - 1780/1750 (B W B):
    on both boards one player would be two games ahead in one colour (the 200-point rule)."""
    wbw = ["W=", "B=", "W="]
    bwb = ["B=", "W=", "B="]
    state = section([2050, 1870, 1850, bottom], {1: wbw, 2: bwb, 3: wbw, 4: bwb})
    assert boards(state) == expected


def test_29E5e_forum_case_the_smaller_interchange_in_round_2() -> None:
    """Forum ("FIDE versus USCF pairings", quoting 29E5e): four players on 1 point after
    round 1, 2400 and 2210 due White, 2250 and 2013 due Black; natural 2400-2210 and
    2250-2013 give two conflicts. The 40-point interchange (2250<->2210) beats the
    transposition (the smaller of 2400-2250 = 150 and 2210-2013 = 197: 150 points, over
    80): 2400 (White) - 2250 and 2210 (White) - 2013."""
    state = section([2400, 2250, 2210, 2013], {1: ["B1"], 2: ["W1"], 3: ["B1"], 4: ["W1"]})
    assert boards(state) == [(1, 2), (3, 4)]


def test_29E5g_a_switch_to_an_unrated_player_is_not_limited() -> None:
    """29E5g: a switch to or from an unrated opponent does not violate the 80/200-point
    rules. 1900 (W B) - 1700 (W B) and 1800 (B W) - unrated (B W): both boards in conflict
    (alternation only). The transposition trades 1700 for the unrated player (or 1900 for
    1800: 100 points, over 80): allowed because of the unrated player: 1900 (White) -
    unrated and 1700 (White) - 1800."""
    state = section([1900, 1800, 1700, 0], {1: DRAW_WB, 2: DRAW_BW, 3: DRAW_WB, 4: DRAW_BW})
    assert boards(state) == [(1, 4), (3, 2)]


def test_29E5h_variation_colours_before_ratings() -> None:
    """29E5h (variation): equalization has priority over ratings, the 80- and 200-point
    rules do not apply. 2000 (W B) - 1700 (W B) and 1850 (B W) - 1500 (B W): the
    transposition is min(150, 200) = 150 points and the interchange 1850<->1700 150 points,
    both over the 80-point rule for mere alternation, so by default the natural pairs stay
    (the higher-ranked of each gets his due colour: 2000 White, 1850 Black); with the
    variation the colours win, by the transposition (29E5e): 2000 (White) - 1500,
    1700 (White) - 1850."""
    state = section([2000, 1850, 1700, 1500], {1: DRAW_WB, 2: DRAW_BW, 3: DRAW_WB, 4: DRAW_BW})
    assert boards(state) == [(1, 3), (4, 2)]
    assert boards(state, colours_over_ratings=True) == [(1, 4), (3, 2)]


def test_29E4_rule_4_the_rule_books_look_back_example() -> None:
    """29E4 rule 4 example: W B W B gets White over B W W B: both even and due White, the
    same colours in rounds 3 and 4; in round 2, the latest in which they differed, the
    first had Black. Player 1 (B W W B) ranks higher and still gets Black."""
    state = section([1800, 1500], {1: ["B=", "W=", "W=", "B="], 2: ["W=", "B=", "W=", "B="]})
    decision = colour_rule(state, 1, 2)
    assert decision.board == Board(2, 1)
    assert decision.rule is ColourRule.HISTORY


def test_29E4d_variation_no_look_back_past_two_rounds() -> None:
    """29E4d (variation, the 4th edition's rule): the same pair as the 29E4 rule 4 example;
    the last two rounds do not decide (the same colours), so the higher-ranked player 1
    gets his due White."""
    state = section([1800, 1500], {1: ["B=", "W=", "W=", "B="], 2: ["W=", "B=", "W=", "B="]})
    decision = colour_rule(state, 1, 2, USSettings(colour_priority="old-rank"))
    assert decision.board == Board(1, 2)
    assert decision.rule is ColourRule.RANK


def test_29E4a_variation_lower_ranked_in_minus_groups() -> None:
    """29E4a (variation): rule 5 (identical histories) gives the due colour to the
    higher-ranked player in plus and even score groups and to the lower-ranked player in
    minus groups. Both W B, both due White: on 0 points out of 2 (minus) the lower-ranked
    1500 gets White; on 2 out of 2 (plus) the higher-ranked 1800 does; by default (29E4)
    always the higher-ranked."""
    minus = section([1800, 1500], {1: ["W0", "B0"], 2: ["W0", "B0"]})
    variation = USSettings(colour_priority="minus-lower")
    decision = colour_rule(minus, 1, 2, variation)
    assert decision.board == Board(2, 1)
    assert decision.rule is ColourRule.RANK_MINUS
    assert decision.rule.article == "29E4a"
    assert colour_rule(minus, 1, 2).board == Board(1, 2)
    plus = section([1800, 1500], {1: ["W1", "B1"], 2: ["W1", "B1"]})
    assert colour_rule(plus, 1, 2, variation).board == Board(1, 2)
    even = section([1800, 1500], {1: ["W1", "B0"], 2: ["W0", "B1"]})
    assert colour_rule(even, 1, 2, variation).board == Board(1, 2)


def test_variation_settings_travel_in_the_xxu_record() -> None:
    """The variations are XXU words, written only when not the rules' default."""
    settings = USSettings(colour_priority="minus-lower", colours_over_ratings=True)
    words = settings_record(settings)
    assert words == "colour-priority=minus-lower colours-over-ratings"
    assert settings_from_words(words) == settings
    assert settings_record(USSettings()) == ""
    with pytest.raises(ValueError, match="colour-priority=sideways"):
        settings_from_words("colour-priority=sideways")
    with pytest.raises(ValueError, match="colour priority"):
        USSettings(colour_priority="sideways")


def test_29E5f1_variation_no_third_colour_except_in_the_last_round() -> None:
    """29E5f1 (variation): except in the last round, when leaders may have to meet, no
    player gets the same colour three rounds in a row. Round 3: the leaders 2000 and 1900
    (2 points) both had W, W; on 1 point 1800 and 1700 both had B, B; on 0 points 1600
    (W, B) and 1500 (B, W). By the rules (29E5f: score groups first) 1900 - 2000 (the
    higher-ranked of identical histories gets his due Black), 1800 - 1700, 1600 - 1500.
    With the variation in a five-round event, neither same-streak pair may meet: the two
    leaders drop and meet the 1-point players by rank (29D2): 1800 - 2000, 1700 - 1900.
    In the last round (three rounds) the leaders meet as by the rules."""
    state = section(
        [2000, 1900, 1800, 1700, 1600, 1500],
        {
            1: ["W1", "W1"],
            2: ["W1", "W1"],
            3: ["B1", "B0"],
            4: ["B0", "B1"],
            5: ["W0", "B0"],
            6: ["B0", "W0"],
        },
    )
    by_rule = [(2, 1), (3, 4), (5, 6)]
    five, three = replace(state, total_rounds=5), replace(state, total_rounds=3)
    assert boards(five) == by_rule
    assert boards(five, no_third_colour=True) == [(3, 1), (4, 2), (5, 6)]
    assert boards(three, no_third_colour=True) == by_rule
    _, explanation = explain_round(five, USSettings(no_third_colour=True))
    assert any(r.article == "29E5f1" for r in explanation.notes)


def test_29E4b_variation_identical_claims_alternate_within_a_score_group() -> None:
    """29E4b (variation): when rule 5 (identical histories) decides several boards of one
    score group, the due colour goes first to the higher-ranked, then to the lower-ranked,
    and so on. Round 2: 2000 and 1900 won with White (1 point, both due Black): one board,
    the higher-ranked 2000 gets Black. 1800, 1700, 1600, 1500 lost with Black (0 points, all
    due White): 1800 - 1600 (first: the higher-ranked 1800 gets White), then 1700 - 1500
    (second: the lower-ranked 1500 gets White); the count starts again in each group. By
    29E4 the higher-ranked player always gets it: 1700 (White) - 1500."""
    histories = {1: ["W1"], 2: ["W1"], 3: ["B0"], 4: ["B0"], 5: ["B0"], 6: ["B0"]}
    state = section([2000, 1900, 1800, 1700, 1600, 1500], histories)
    assert boards(state) == [(2, 1), (3, 5), (4, 6)]
    assert boards(state, colour_priority="alternating") == [(2, 1), (3, 5), (6, 4)]
    _, explanation = explain_round(state, USSettings(colour_priority="alternating"))
    assert "29E4b" in [r.article for r in explanation.boards[2].reasons]


def test_28N2_variation_never_teammates_unless_the_leader_would_drop_in_the_last_round() -> None:
    """28N2 (variation): players of one team are never paired, unless in the last round the
    leader would otherwise have to play down a score group. Round 3: teammates 2000 (W B)
    and 1900 (B W) lead with 2 points; 1800 (W B) and 1750 (B W) have 1, 1600 (W B) and
    1500 (B W) none. By 28N (a soft rule below equal scores) the teammates meet: 2000 -
    1900, 1800 - 1750, 1600 - 1500. With 28N2 in a five-round event both drop: 2000 (due
    White) meets 1750 (due Black, 50 points below 1800: within the 80-point rule, 29D2)
    and 1800 (due White) - 1900. In the last round (three rounds) the leader 2000 would
    drop, so the teammates meet."""
    state = section(
        [2000, 1900, 1800, 1750, 1600, 1500],
        {
            1: ["W1", "B1"],
            2: ["B1", "W1"],
            3: ["W1", "B0"],
            4: ["B0", "W1"],
            5: ["W0", "B0"],
            6: ["B0", "W0"],
        },
    )
    by_rule = [(1, 2), (3, 4), (5, 6)]
    five, three = replace(state, total_rounds=5), replace(state, total_rounds=3)
    team = ((1, 2),)
    assert boards(five, avoid_together=team) == by_rule
    assert boards(five, avoid_together=team, teams_never=True) == [(1, 4), (3, 2), (5, 6)]
    assert boards(three, avoid_together=team, teams_never=True) == by_rule


def test_29E5c_the_explanation_gives_the_measure() -> None:
    """The 29E5c example's explanation: board 1 is a transposition of 20 rating points (the
    smaller difference), within the 80-point rule (29E5a)."""
    state = section([2000, 1980, 1800, 1500], {1: DRAW_WB, 2: DRAW_BW, 3: DRAW_WB, 4: DRAW_BW})
    _, explanation = explain_round(state)
    texts = [(r.article, r.text) for r in explanation.boards[0].reasons]
    assert any(a == "29E5a" and "20 rating points" in t and "29E5c" in t for a, t in texts)


def test_29E5g_the_odd_player_may_meet_an_unrated_player_for_colours() -> None:
    """29E5g with 29D2: round 2, 2000 (W, won) and 1900 (B, won) pair (1900 White); the odd
    player 1800 (W, won; due Black) would meet the highest of the 0-point group, 1700 (W, due
    Black): both due Black, and 1600 (B) - unrated (B) both due White. Meeting the unrated
    player instead is a switch to an unrated opponent, within the limits (29E5g): unrated
    (White) - 1800 and 1600 (White) - 1700, everybody his due colour. (Counted in rating
    points, 1700 against 0, the switch would be beyond every limit.)"""
    histories = {1: ["W1"], 2: ["B1"], 3: ["W1"], 4: ["W0"], 5: ["B0"], 6: ["B0"]}
    state = section([2000, 1900, 1800, 1700, 1600, 0], histories)
    assert boards(state) == [(2, 1), (6, 3), (5, 4)]
