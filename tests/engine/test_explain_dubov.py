"""Dubov explanations (C.04.4.1, 2018): for each criterion and colour rule a small round
derived by hand whose explanation names exactly that article.

Rounds are written as in :mod:`tests.engine.test_dubov` ("1-2 1": 1 has White and wins;
"5 U" a pairing-allocated bye; "3 H" a half-point bye); the history need not be one the
Dubov system would have paired. Half-points: a win is 2.
"""

from __future__ import annotations

from functools import cache

from pairing.engine.core.explain import BoardExplanation, Reason, RoundExplanation, Topic
from pairing.engine.core.state import RoundPairing, TournamentState
from pairing.engine.dubov import explain_round_2018 as explain_round
from pairing.engine.dubov import pair_round_2018 as pair_round
from pairing.engine.dubov.explain import quality_rejection
from pairing.engine.dubov.trace import UpfloatTrace
from pairing.engine.dubov.upfloaters import choose_upfloaters
from tests.engine.test_dubov import C4_RATINGS, C4_ROUNDS, graph, player, tournament

FIVE = [2400, 2300, 2200, 2100, 2000]
SIX = [2400, 2300, 2200, 2100, 2000, 1900]


def explain(state: TournamentState) -> tuple[RoundPairing, RoundExplanation]:
    pairing, explanation = explain_round(state)
    assert pairing == pair_round(state)  # explaining never changes the pairing
    assert explanation.matches(pairing)
    return pairing, explanation


def board(explanation: RoundExplanation, a: int, b: int) -> BoardExplanation:
    found = [x for x in explanation.boards if {x.white, x.black} == {a, b}]
    assert found, f"no board {a}-{b}"
    return found[0]


def of(reasons: tuple[Reason, ...], topic: Topic, article: str) -> list[str]:
    """The texts of the reasons of ``topic`` citing ``article``."""
    return [r.text for r in reasons if r.topic is topic and r.article == f"C.04.4.1 {article}"]


def colour_rule(b: BoardExplanation) -> str:
    (rule,) = [r.article for r in b.reasons if r.topic is Topic.COLOUR]
    return rule


@cache
def c4_round() -> RoundExplanation:
    """The position of ``test_c4_and_c10_choose_the_upfloaters`` (tests/engine/test_dubov.py):
    3 points: 1 and 2, both absolute Black (C.3), need two upfloaters. D.1 pool: 4 (2
    points), 5, 6 (1½), 7, 8 (½), 3 (0). Chosen {6, 3}: boards 6-1 and 3-2.
    Passed over: 4 in place of 3 (bracket 1, 2, 4, 6: 4 absolute Black too, and has met 6:
    only 1-6 with 2-4 would do, C.3); 5 in place of 6 ({5, 3}: legal, but 5 and 3 both
    upfloated in round 3 against 6 alone, C.10); 5 in place of 3 ({5, 6}: 3 is left with
    nobody below, C.4); 7 and 8 in place of 3 (both have met 1 and 2, C.1).
    2 points: 4 alone, one upfloater; 5 (1½) has met 4 (C.1): 7."""
    return explain(tournament(C4_RATINGS, C4_ROUNDS, 5))[1]


# -- C.1 - C.10 ---------------------------------------------------------------------------------


def test_c1_an_upfloater_who_has_met_both_residents_is_passed_over() -> None:
    reasons = board(c4_round(), 3, 2).reasons
    assert of(reasons, Topic.REJECTED, "C.1") == [
        "#7 instead of #3: the bracket could not be paired without a rematch",
        "#8 instead of #3: the bracket could not be paired without a rematch",
    ]
    assert of(board(c4_round(), 7, 4).reasons, Topic.REJECTED, "C.1") == [
        "#5 instead of #7: the bracket could not be paired without a rematch"
    ]


def test_c1_residents_who_have_met_need_upfloaters() -> None:
    """R1: 1-3 1, 2-4 1, 5-6 =; R2: 1-4 1, 6-2 0, 3-5 =; R3: 5-1 0, 2-3 1, 4-6 =. Points:
    1, 2: 3; 5, 6: 1; 3, 4: ½. Scoregroup 1: 5 and 6 met in round 1 (C.1): two
    upfloaters, 3 and 4 (the only lower players): 4-5, 6-3."""
    state = tournament(
        SIX, ["1-3 1, 2-4 1, 5-6 =", "1-4 1, 6-2 0, 3-5 =", "5-1 0, 2-3 1, 4-6 ="], 5
    )
    _, e = explain(state)
    (cause,) = of(board(e, 4, 5).reasons, Topic.FLOAT, "C.1")
    assert cause == (
        "#4 (score ½) upfloats into scoregroup 1: 2 resident(s) cannot be paired within the "
        "scoregroup: residents who have already met may not meet again"
    )


def test_c2_players_who_had_the_bye_are_passed_over() -> None:
    """R1: 1-2 =, 3-4 =, 5 U; R2: 1-5 1, 3-2 =, 4 U; R3: 5-3 0, 2-4 1, 1 U. Points: 1 2½,
    2 and 3 2, 4 1½, 5 1. C.2: 1, 4, 5 had the bye; 5 (1 point) and 4 (1½) would come
    first by B.0.c. Of 2 and 3 (2 points, 3 games each), B.0.e: the lower-ranked, 3; the
    others still pair (1-4, 2-5)."""
    state = tournament(FIVE, ["1-2 =, 3-4 =, 5 U", "1-5 1, 3-2 =, 4 U", "5-3 0, 2-4 1, 1 U"], 5)
    pairing, e = explain(state)
    assert pairing.bye == 3 and e.bye is not None
    assert of(e.bye.reasons, Topic.REJECTED, "C.2") == [
        "#5, #4: would come first, but already had a pairing-allocated bye or a (forfeit) win "
        "without playing"
    ]
    assert of(e.bye.reasons, Topic.BYE, "B.0.e")


def test_c3_residents_with_the_same_absolute_colour_need_upfloaters() -> None:
    (cause,) = of(board(c4_round(), 6, 1).reasons, Topic.FLOAT, "C.3")
    assert "residents with the same absolute colour preference may not meet" in cause
    assert of(board(c4_round(), 3, 2).reasons, Topic.REJECTED, "C.3") == [
        "#4 instead of #3: the bracket could not be paired without two absolute colour "
        "preferences alike"
    ]


def test_c4_an_upfloater_set_that_strands_a_lower_player() -> None:
    assert of(board(c4_round(), 3, 2).reasons, Topic.REJECTED, "C.4") == [
        "#5 instead of #3: the lower scoregroups could not then all be paired"
    ]


def test_c4_a_bye_that_strands_the_others() -> None:
    """``test_b0_lowest_score_that_completes_the_pairing``: candidates by score 3 (½), 4
    (1½), 2 (2), 1 (3); without 3 or 4 the others cannot all be paired (C.4); 2 gets the
    bye, with a lower score than 1 (B.0.c). 5 (1 point) had the bye (C.2)."""
    state = tournament(FIVE, ["1-2 1, 3-4 0, 5 U", "4-1 0, 2-5 1, 3 H", "1-5 1, 2-3 1, 4 H"], 5)
    pairing, e = explain(state)
    assert pairing.bye == 2 and e.bye is not None
    assert of(e.bye.reasons, Topic.REJECTED, "C.4") == [
        "#3, #4: with the bye there, the other players could not all be paired"
    ]
    (lowest,) = of(e.bye.reasons, Topic.BYE, "B.0.c")
    assert "the lowest score (2)" in lowest


def test_b0d_most_games_played() -> None:
    """``test_b0_games_played_then_bracket_with_all_black_seekers``: 2 and 3 have 0 points;
    2 played one game, 3 none: B.0.d gives 2 the bye."""
    pairing, e = explain(tournament(FIVE, ["1-2 1, 3-4 -, 5 U"], 5))
    assert pairing.bye == 2 and e.bye is not None
    (games,) = of(e.bye.reasons, Topic.BYE, "B.0.d")
    assert "the most games played (1)" in games


def test_c5_the_fewest_upfloaters() -> None:
    assert of(board(c4_round(), 6, 1).reasons, Topic.CHOICE, "C.5") == [
        "2 upfloater(s): the fewest with which the 2 resident(s) can be paired legally (B.1)"
    ]


def test_c6_the_highest_scores_possible() -> None:
    (c6,) = of(board(c4_round(), 3, 2).reasons, Topic.CHOICE, "C.6")
    assert c6.startswith("the upfloaters' scores (1½, 0) are the highest that allow a legal set")


def test_c7_an_upfloater_against_the_resident_colour() -> None:
    """R1: 1-3 =, 4-2 1-0. R2: 4 (1 point, mild Black) alone; one upfloater. D.1 pool:
    1 (½, had White: mild Black), 3 (½, mild White), 2 (0). {1}: 4 and 1 both want Black,
    one preference lost; {3}: none (C.7): 3 upfloats, 3-4 (E.1)."""
    _, e = explain(tournament(FIVE[:4], ["1-3 =, 4-2 1"], 5))
    b = board(e, 3, 4)
    assert of(b.reasons, Topic.REJECTED, "C.7") == [
        "#1 instead of #3: 1 player(s) without their colour preference instead of 0"
    ]
    assert colour_rule(b) == "C.04.4.1 E.1"


def passed_over(a, b) -> list[Reason]:
    """A White-seeking resident 1 (4 points) and lower players a, b, 9 (2 points); 9 may not
    meet 1, so a or b upfloats (``candidates`` of tests/engine/test_dubov.py)."""
    residents = [player(1, "W", 8)]
    lower = [a, b, player(9, "B", 4)]
    trace = UpfloatTrace()
    chosen = choose_upfloaters(
        graph(residents + lower, [(1, 9)]), residents, lower, False, trace=trace
    )
    assert [p.id for p in chosen] == [b.id]
    assert trace.quality is not None
    out = [quality_rejection(alt, trace.quality, 3) for alt in trace.alternatives]
    return [r for r in out if r is not None]


def test_c8_a_maximum_upfloater_is_passed_over() -> None:
    """2 is a maximum upfloater (3 upfloats, MaxT 3), 3 is not: C.8."""
    (reason,) = passed_over(player(2, "B", 4, upfloats=3, maximum=True), player(3, "B", 4))
    assert reason.article == "C.04.4.1 C.8"
    assert reason.text == (
        "#2 instead of #3: 1 maximum upfloater(s) instead of 0 (#2 has upfloated 3 times, MaxT = 3)"
    )


def test_c9_the_maximum_upfloater_upfloated_more_often_is_passed_over() -> None:
    a = player(2, "B", 4, upfloats=4, maximum=True)
    (reason,) = passed_over(a, player(3, "B", 4, upfloats=3, maximum=True))
    assert reason.article == "C.04.4.1 C.9"
    assert reason.text.startswith(
        "#2 instead of #3: 4 upfloat(s) of maximum upfloaters instead of 3"
    )


def test_c10_upfloated_in_the_previous_round() -> None:
    assert of(board(c4_round(), 6, 1).reasons, Topic.REJECTED, "C.10") == [
        "#5 instead of #6: 2 upfloater(s) who upfloated in the previous round instead of 1"
    ]


# -- B.4 - B.6 ---------------------------------------------------------------------------------


def test_b4_shift_and_b6_transposition() -> None:
    """c4 round, 3 points: G1 = 3, 6 (White seekers), G2 = 1, 2; S1 by ARO: 3, 6. T2 = (1,
    2) fails (6-2 met), so 3 cannot take 1 (B.6): 3-2, 6-1. 1½ points: 5 and the upfloater 8,
    both White seekers: one is shifted to G2 (B.4): 8."""
    reasons = board(c4_round(), 3, 2).reasons
    assert of(reasons, Topic.REJECTED, "B.6") == [
        "#1: with #3 the rest of the bracket could not be paired legally"
    ]
    (shifted,) = of(board(c4_round(), 8, 5).reasons, Topic.CHOICE, "B.4")
    assert shifted.startswith("#8 shifted from G1 to G2 (to make G1 and G2 equal in size)")


# -- E.0 - E.4 ---------------------------------------------------------------------------------


def test_e0_first_round() -> None:
    """Round 1 (``test_first_round``): 1-4, 5-2, 3-6 by the pairing numbers: E.0."""
    _, e = explain(tournament(SIX, [], 5))
    assert [colour_rule(b) for b in e.boards] == ["C.04.4.1 E.0"] * 3
    (text,) = of(board(e, 2, 5).reasons, Topic.COLOUR, "E.0")
    assert "the higher-ranked #2 has pairing number 2 (even)" in text


def test_e1_both_preferences() -> None:
    _, e = explain(tournament(FIVE[:4], ["1-3 =, 4-2 1"], 5))
    assert colour_rule(board(e, 2, 1)) == "C.04.4.1 E.1"


def test_e2_the_stronger_preference() -> None:
    """``test_b0_games_played_then_bracket_with_all_black_seekers``: 3-1: 1 (strong Black)
    over 3 (no game: mild Black)."""
    _, e = explain(tournament(FIVE, ["1-2 1, 3-4 -, 5 U"], 5))
    b = board(e, 3, 1)
    (text,) = of(b.reasons, Topic.COLOUR, "E.2")
    assert text == (
        "the stronger colour preference is granted: #1's strong preference for Black over "
        "#3's mild one"
    )


def test_e3_alternate_to_the_last_different_colours() -> None:
    """R1: 1-3 1, 2-4 1, 5-6 =; R2: 1-4 1, 6-2 0, 3-5 =; R3: 5-1 0, 2-3 1, 4-6 =. 1 and 2
    (3 points, not met) meet: 1 played W W B, 2 W B W; both strong Black (E.2 does not
    decide); from the latest round, 1 had Black and 2 White: alternate: 1-2 (E.3)."""
    state = tournament(
        SIX, ["1-3 1, 2-4 1, 5-6 =", "1-4 1, 6-2 0, 3-5 =", "5-1 0, 2-3 1, 4-6 ="], 5
    )
    _, e = explain(state)
    b = board(e, 1, 2)
    assert (b.white, b.black) == (1, 2) and colour_rule(b) == "C.04.4.1 E.3"


def test_e4_the_higher_ranked_preference() -> None:
    """R1: 1-3 1, 2-4 1, 5-6 =; R2: 1-4 1, 2-5 1, 3-6 =; R3: 5-1 0, 6-2 0, 3-4 =. 1 and 2
    (3 points, not met) both played W W B: strong Black, the same history: the
    higher-ranked 1 gets his preference (E.4): 2-1."""
    state = tournament(
        SIX, ["1-3 1, 2-4 1, 5-6 =", "1-4 1, 2-5 1, 3-6 =", "5-1 0, 6-2 0, 3-4 ="], 5
    )
    _, e = explain(state)
    b = board(e, 1, 2)
    assert (b.white, b.black) == (2, 1) and colour_rule(b) == "C.04.4.1 E.4"
