"""The colour reason of a Dutch explanation (:mod:`pairing.engine.dutch.explain`), where
mutation run 11 found only its article checked: for E.2-E.5 (2026 5.2.2-5.2.5) the text must
name the player the rule favours, his preference and, for E.5, his pairing number's parity
and the initial colour. The rounds are ``test_explain_dutch.test_colour_rules``'s, derived
by hand there; what each text must say is derived again in each case below."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine.core.explain import Topic
from pairing.engine.core.state import Colour, TournamentInfo, TournamentState
from pairing.engine.dutch import explain_round, explain_round_2017, explain_round_2026
from pairing.engine.dutch.edition import EDITION_2017, EDITION_2026, Edition
from pairing.engine.dutch.graph import Mode
from tests.engine.test_dutch_2026 import COMPLETION
from tests.engine.test_dutch_support import boards, state
from tests.engine.test_dutch_system_mutants import BY_2017, BY_2026
from tests.engine.test_explain_dutch import (
    board,
    explain,
    explain_bracket,
    named,
    of,
    player,
    round_board,
    rules,
)

BOTH = pytest.mark.parametrize("edition", [EDITION_2017, EDITION_2026], ids=["2017", "2026"])


def colour_text(rounds: list[str], pair: tuple[int, int], edition: Edition) -> str:
    return colour_text_of(6 if len(rounds) == 3 else 4, rounds, pair, edition)


def colour_text_of(count: int, rounds: list[str], pair: tuple[int, int], edition: Edition) -> str:
    e = explain(state(count, rounds, 5), edition)
    (text,) = [r.text for r in round_board(e, *pair).reasons if r.topic is Topic.COLOUR]
    return text


@BOTH
def test_e5_names_the_pairing_number_parity_and_the_initial_colour(edition: Edition) -> None:
    # Round 1 of four, initial colour White: 1-3, nobody has a preference; the higher-ranked
    # 1 has pairing number 1, odd, so the initial colour.
    assert colour_text([], (1, 3), edition) == (
        "no colour preference decides: the higher-ranked #1 has pairing number 1 (odd), so "
        "gets the initial colour (White)"
    )


@BOTH
def test_e5_with_an_even_pairing_number(edition: Edition) -> None:
    # Round 1 of four: 2-4, the higher-ranked 2 has pairing number 2, even: the opposite
    # of the initial colour; the colour named is still the initial one (White), 2 gets Black.
    text = colour_text([], (2, 4), edition)
    assert text == (
        "no colour preference decides: the higher-ranked #2 has pairing number 2 (even), so "
        "gets the opposite of the initial colour (White)"
    )


@BOTH
def test_e2_names_the_stronger_preference(edition: Edition) -> None:
    # 1 played White twice (absolute Black); 2 played White and sat out (strong Black):
    # 1's absolute preference is granted.
    rounds = ["1-3 1-0; 2-4 1-0", "1-4 1-0; 2 H; 3 H"]
    assert colour_text(rounds, (1, 2), edition) == (
        "the stronger colour preference is granted: #1's absolute preference for Black"
    )


@BOTH
def test_e3_names_who_had_black_when_they_last_differed(edition: Edition) -> None:
    # 1 W B W and 2 W W B (both strong Black): in round 3 1 had White and 2 Black, so 2
    # gets White now; the text names the White player, 2, as having had Black then.
    rounds = ["1-3 1-0; 2-4 1-0; 5-6 =", "5-1 0-1; 2-6 1-0; 3-4 =", "1-4 1-0; 3-2 0-1; 6-5 ="]
    assert colour_text(rounds, (1, 2), edition) == (
        "equal preferences: the colours alternate from the latest round in which they had "
        "different colours (#2 had Black then)"
    )


@BOTH
def test_e4_names_the_higher_ranked_and_his_preference(edition: Edition) -> None:
    # 1 and 2 both W B W (strong Black): the higher-ranked 1 gets Black.
    rounds = ["1-3 1-0; 2-4 1-0; 5-6 =", "5-1 0-1; 6-2 0-1; 3-4 =", "1-4 1-0; 2-3 1-0; 6-5 ="]
    assert colour_text(rounds, (1, 2), edition) == (
        "equal preferences and colour histories: the higher-ranked #1 gets his preference (Black)"
    )


@BOTH
def test_e5_parity_of_pairing_number_three(edition: Edition) -> None:
    # Round 1 of six: 1-4, 2-5, 3-6; on 3-6 the higher-ranked 3 is odd: the initial colour.
    assert colour_text_of(6, [], (3, 6), edition) == (
        "no colour preference decides: the higher-ranked #3 has pairing number 3 (odd), so "
        "gets the initial colour (White)"
    )


@BOTH
def test_e1_both_preferences_granted(edition: Edition) -> None:
    # 1 played White (strong Black), 2 Black (strong White): 2 White, 1 Black.
    assert colour_text(["1-3 1-0; 4-2 0-1"], (1, 2), edition) == (
        "both colour preferences granted: #2 White, #1 Black"
    )


@BOTH
def test_e1_only_one_preference(edition: Edition) -> None:
    # Round 1: 3-1 (1 wins with Black: strong White), 2 and 4 half-point byes. Round 2:
    # 1 (1 point) floats to 2 and 4 (½) and meets 2, who has no colours: 1 White.
    assert colour_text(["3-1 0-1; 2 H; 4 H"], (1, 2), edition) == (
        "only #1 has a colour preference (White): granted"
    )


@BOTH
def test_e2_the_stronger_preference_for_white(edition: Edition) -> None:
    # 1 played Black twice (absolute White); 2 played Black and sat out (strong White):
    # 1's absolute preference is granted, 1 White.
    rounds = ["3-1 0-1; 4-2 0-1", "4-1 0-1; 2 H; 3 H"]
    assert colour_text(rounds, (1, 2), edition) == (
        "the stronger colour preference is granted: #1's absolute preference for White"
    )


@BOTH
def test_e4_the_higher_ranked_preference_for_white(edition: Edition) -> None:
    # 1 and 2 both B W B (strong White): the higher-ranked 1 gets White.
    rounds = ["3-1 0-1; 4-2 0-1; 5-6 =", "1-5 1-0; 2-6 1-0; 3-4 =", "4-1 0-1; 3-2 0-1; 6-5 ="]
    assert colour_text(rounds, (1, 2), edition) == (
        "equal preferences and colour histories: the higher-ranked #1 gets his preference (White)"
    )


@BOTH
def test_e1_only_the_black_player_has_a_preference(edition: Edition) -> None:
    # Round 1: 1-3 (1 wins with White: strong Black), 2 and 4 half-point byes. Round 2:
    # 1 meets 2, who has no colours: 1 Black, and the text names 1.
    assert colour_text(["1-3 1-0; 2 H; 4 H"], (1, 2), edition) == (
        "only #1 has a colour preference (Black): granted"
    )


@BOTH
def test_each_board_is_labelled_with_its_own_scoregroup(edition: Edition) -> None:
    # Round 2 of three: 1 and 3 won, 2 and 4 lost. Scoregroup 1 {1, 3} and scoregroup 0
    # {2, 4}, each a bracket of its own (1 and 3, 2 and 4 have not met): 1-3 is labelled
    # with scoregroup 1, 2-4 with scoregroup 0; neither is a collapsed last bracket (no PPB).
    e = explain(state(4, ["1-2 1-0; 3-4 1-0"], 3), edition)
    assert round_board(e, 1, 3).bracket == "scoregroup 1"
    assert round_board(e, 2, 4).bracket == "scoregroup 0"


def test_the_explanation_entry_points_pair_by_their_edition() -> None:
    # test_dutch_system_mutants's COMPLETION round, paired by each edition there (2026: C4
    # binds every bracket; 2017: A.9's PPB); the edition in force is 2026 unless record 192
    # names 2017.
    assert boards(explain_round_2026(COMPLETION)[0]) == BY_2026
    assert boards(explain_round_2017(COMPLETION)[0]) == BY_2017
    assert boards(explain_round(COMPLETION)[0]) == BY_2026
    named = replace(COMPLETION, info=TournamentInfo(system_code="FIDE_DUTCH_2017"))
    assert boards(explain_round(named)[0]) == BY_2017


# -- run 12: the survivors run 11 left (docs/testing.md, "Run 12") ------------------------------


def colour_texts(st: TournamentState, edition: Edition) -> dict[tuple[int, int], str]:
    """(white, black) -> the colour reason of each board."""
    e = explain(st, edition)
    return {
        (b.white, b.black): r.text for b in e.boards for r in b.reasons if r.topic is Topic.COLOUR
    }


# Round 4 of 4 (topscorers: over 50% of 3 points, so 2½ or more; A.7). 1 has W, a half-point
# bye, W (2½, colour difference +2: absolute Black); 2 has B W W (3 points, difference +1 but
# White twice in a row: absolute Black). 3-6 score ½-1 and have mixed colours.
TOPSCORERS_BLACK = state(
    6, ["1-3 1-0; 4-2 0-1; 5-6 =", "2-5 1-0; 1 H; 3-4 =; 6 H", "1-4 1-0; 2-6 1-0; 5-3 ="], 4
)
# The same round with every colour the other way: 1 B, bye, B (difference -2, absolute
# White); 2 W B B (difference -1, Black twice: absolute White).
TOPSCORERS_WHITE = state(
    6, ["3-1 0-1; 2-4 1-0; 6-5 =", "5-2 0-1; 1 H; 4-3 =; 6 H", "4-1 0-1; 6-2 0-1; 3-5 ="], 4
)


@BOTH
def test_e2_two_absolute_topscorers_the_wider_difference_gets_black(edition: Edition) -> None:
    """E.2 (2026 5.2.2): "If both are absolute (topscorers, see A.7) grant the wider colour
    difference". 2 (3 points) is alone in the top scoregroup and floats down to 1 (2½), alone
    in the next one; they have not met, and C.3 does not bind topscorers: 2-1 is paired.
    Both want Black absolutely; 1's difference, +2, is wider than 2's +1: 1 gets Black, 2
    White, and the text names 1."""
    texts = colour_texts(TOPSCORERS_BLACK, edition)
    assert texts[(2, 1)] == (
        "both absolute (topscorers): #1's, of the wider colour difference, is granted"
    )


@BOTH
def test_e2_two_absolute_topscorers_the_wider_difference_gets_white(edition: Edition) -> None:
    """The mirror of the case above: both want White absolutely, 1's difference -2 is wider
    than 2's -1: 1 gets White, 2 Black, and the text names 1 (now the White player)."""
    texts = colour_texts(TOPSCORERS_WHITE, edition)
    assert texts[(1, 2)] == (
        "both absolute (topscorers): #1's, of the wider colour difference, is granted"
    )


def test_e5_names_the_initial_colour_when_it_is_black() -> None:
    """Round 1 of four players, initial colour Black (drawn by lot): 1-3 and 2-4, nobody has
    a preference, E.5: 1 (odd) gets the initial colour, Black: board 3-1; 2 (even) the
    opposite, White: board 2-4. Both texts name the initial colour, Black."""
    texts = colour_texts(state(4, [], 3, initial=Colour.BLACK), EDITION_2017)
    assert texts == {
        (3, 1): "no colour preference decides: the higher-ranked #1 has pairing number 1 "
        "(odd), so gets the initial colour (Black)",
        (2, 4): "no colour preference decides: the higher-ranked #2 has pairing number 2 "
        "(even), so gets the opposite of the initial colour (Black)",
    }


# Round 2 of 5, eight players. Round 1: 1-6 1-0, 7-2 0-1, 3 the pairing-allocated bye, 4 and 5
# half-point byes, 8 a zero-point bye. Scores: 1, 2, 3: 1; 4, 5: ½; 6, 7, 8: 0. Colours: 1 W
# (strong Black), 2 B (strong White), 6 B (strong White), 7 W (strong Black), 3, 4, 5, 8 none.
PPB_ROUND = ["1-6 1-0; 7-2 0-1; 3 U; 4 H; 5 H; 8 Z"]


def test_a9_a_ppb_first_paired_floating_its_own_mdp_keeps_the_bracket_above() -> None:
    """Forbidden pairs (C.1): 3 with 1, 2, 4, 5, 6, 7; 6 with 7.

    Scoregroup 1 {1, 2, 3}: 3 may meet neither 1 nor 2: 1-2 (E.1: 2 White), 3 floats (C.5,
    three players). Scoregroup ½ {MDP 3; 4, 5}: 3 may meet neither; 4-5 is its one pair and 3
    floats again, but then {3, 6, 7, 8} cannot be paired (3 may meet only 8, and 6-7 is
    forbidden): A.9, scoregroup ½ is the PPB, paired again under C.4: 4-5 is its only pair, so
    none; 3, 4 and 5 float into the collapsed last bracket {3, 4, 5; 6, 7, 8}: 3-8 (neither has
    played: E.5, 3 odd, the initial colour White), 4-6 (6 White, E.1), 5-7 (7 Black, E.1).

    The first attempt of scoregroup ½ floated exactly its MDP, 3, but is not the bracket that
    sent 3 down: 3's float reasons are the top bracket's (C.5) and the PPB's (C.4), once each,
    and the top bracket's board is explained."""
    forbidden = [(3, 1), (3, 2), (3, 4), (3, 5), (3, 6), (3, 7), (6, 7)]
    e = explain(state(8, PPB_ROUND, 5, forbidden=forbidden), EDITION_2017)
    clb = "collapsed last bracket from scoregroup 0"
    assert [(b.white, b.black, b.bracket) for b in e.boards] == [
        (2, 1, "scoregroup 1"),
        (3, 8, clb),
        (6, 4, clb),
        (5, 7, clb),
    ]
    assert of(round_board(e, 3, 8).reasons, Topic.FLOAT) == [
        (
            "C.04.3 C.5",
            "#3 (score 1) floats down from scoregroup 1: the bracket has an odd number of "
            "players (3)",
        ),
        (
            "C.04.3 C.4",
            "#3 (score 1) floats down from scoregroup ½: the rest of the round could not be "
            "completed otherwise",
        ),
        ("C.04.3 A.4", "#8 (score 0) floats up to meet #3 (score 1)"),
    ]


def test_a9_a_ppb_first_paired_floating_another_player_keeps_the_bracket_above() -> None:
    """Forbidden pairs (C.1): 3 with 1, 2, 5; 5 with 6, 7, 8.

    Scoregroup 1 {1, 2, 3}: 1-2 (E.1: 2 White), 3 floats (C.5). Scoregroup ½ {MDP 3; 4, 5}:
    one pair (C.5), 3-4 or 4-5; 3-4 floats 5 (½), 4-5 floats 3 (1): C.6, the smaller pairing
    score difference, takes 3-4. Then 5 may meet nobody in {5, 6, 7, 8}: A.9, scoregroup ½ is
    the PPB, paired again under C.4: 4-5 (neither has played: E.5, 4 even, the opposite of
    the initial colour: 5 White), 3 floats into the collapsed last bracket {3; 6, 7, 8}: 3-6
    (6 White, E.1), 7-8 (7 Black, E.1).

    The first attempt of scoregroup ½ floated 5, not the PPB's MDP 3: the search for the PPB's
    predecessor goes on past it to the top bracket, whose board is explained, and 3's first
    float reason is the top bracket's (C.5)."""
    forbidden = [(3, 1), (3, 2), (3, 5), (5, 6), (5, 7), (5, 8)]
    e = explain(state(8, PPB_ROUND, 5, forbidden=forbidden), EDITION_2017)
    clb = "collapsed last bracket from scoregroup 0"
    assert [(b.white, b.black, b.bracket) for b in e.boards] == [
        (2, 1, "scoregroup 1"),
        (6, 3, clb),
        (5, 4, "scoregroup ½"),
        (8, 7, clb),
    ]
    assert of(round_board(e, 3, 6).reasons, Topic.FLOAT)[0] == (
        "C.04.3 C.5",
        "#3 (score 1) floats down from scoregroup 1: the bracket has an odd number of players (3)",
    )


# Round 2 of 5: 1 beat 4 and 2 beat 5 (both with White), 3 had a half-point bye. Forbidden
# pairs (C.1): 3 with 4 and 5, 2 with 4, 1 with 5; so 4 may meet only 5, and 5 only 4.
BYE_TO_HALF = state(5, ["1-4 1-0; 2-5 1-0; 3 H"], 5, forbidden=[(3, 4), (3, 5), (2, 4), (1, 5)])


def test_c5_2026_the_lower_scores_kept_from_the_bye_are_named_under_c5() -> None:
    """2026 C5: "Minimise the score of the assignee of the pairing-allocated-bye". 4 and 5
    (0 points) must meet each other, so neither can have the bye; the lowest score it can go
    to is ½: 3 (a half-point bye is not a win's points: C2 allows him). Scoregroup 1 {1, 2}:
    1-2. Scoregroup ½ {3}: one player, 3 floats (C6). Last bracket {3; 4, 5}: 4-5, 3 has the
    bye. Its reasons: 3's float (his own, from the bracket above), the bye of the last
    bracket (1.5), C5's score, and 4 and 5, ranked below 3 in that bracket, kept from the bye
    by C5 (a lower score), not by C2 (they have had no bye and no win without playing)."""
    e = explain(BYE_TO_HALF, EDITION_2026)
    assert e.bye is not None and e.bye.player == 3
    assert [(r.topic, r.article, r.text) for r in e.bye.reasons] == [
        (
            Topic.FLOAT,
            "C.04.3 C6",
            "#3 (score ½) floats down from scoregroup ½: the bracket has an odd number of "
            "players (1)",
        ),
        (
            Topic.BYE,
            "C.04.3 1.5",
            "#3 is the player the last bracket leaves unpaired: the pairing-allocated bye",
        ),
        (
            Topic.BYE,
            "C.04.3 C5",
            "the bye goes to the lowest score with which the rest of the round can be completed: ½",
        ),
        (
            Topic.REJECTED,
            "C.04.3 C5",
            "#4, #5: a lower score, but no complete pairing of the round gives them the bye",
        ),
    ]


@BOTH
def test_the_explanation_text_heads_with_the_system_and_the_round(edition: Edition) -> None:
    """What ``python -m pairing explain`` prints: "Round N: system" first. One round played
    (1-2 1-0, 3-4 1-0), so round 2, by the edition asked for; four players, no bye line."""
    e = explain(state(4, ["1-2 1-0; 3-4 1-0"], 3), edition)
    lines = e.text().splitlines()
    assert lines[0] == f"Round 2: FIDE Dutch (C.04.3, {edition.year})"
    assert e.bye is None
    assert not [line for line in lines if line.startswith("Bye")]


@BOTH
def test_a_round_with_every_player_absent_is_explained_empty(edition: Edition) -> None:
    """Round 1 of two players, both announced absent (half-point byes): nobody is paired, so
    no bracket is paired and there is nothing to explain but the head line: no board, no
    bye, no note."""
    e = explain(state(2, [], 3, absent="1 H; 2 H"), edition)
    assert (e.boards, e.bye, e.notes) == ((), None, ())
    assert e.text() == f"Round 1: FIDE Dutch (C.04.3, {edition.year})\n"


# Round 2 of 5, six players. Round 1: 1 beat 4 and 2 beat 5 (both with Black), 3 won by
# forfeit against 6; 4, 5 and 6 are absent in round 2 (zero-point byes).
FORFEIT_WINNER_BELOW = state(6, ["4-1 0-1; 5-2 0-1; 3-6 +-"], 5, absent="4 Z; 5 Z; 6 Z")


def test_c2_2026_a_forfeit_winner_ranked_below_the_bye_is_named_under_c2() -> None:
    """Mutation run 13, ``bye`` 33 (the round's point values dropped from the C2 check of the
    players ranked below the bye). 2026 C2 (C.04.1 art. 4): no bye for a player who has had
    "a win's points in one round without playing": 3's forfeit win. 1, 2, 3 (1 point each)
    are the only players paired: one bracket, odd, so one of them has the bye; not 3 (C2),
    and of 1 and 2 the lower-ranked, 2 (1.5: the bye goes to the last player the bracket
    leaves unpaired; 2-3 is as good as 1-3 on every criterion but the order). 1-3 is
    paired. The bye's reasons: the bye of the last bracket (1.5), C5's score (1), and 3,
    ranked below 2, kept from it by C2; nobody eligible is ranked below 2."""
    e = explain(FORFEIT_WINNER_BELOW, EDITION_2026)
    assert e.bye is not None and e.bye.player == 2
    assert [(r.topic, r.article, r.text) for r in e.bye.reasons] == [
        (
            Topic.BYE,
            "C.04.3 1.5",
            "#2 is the player the last bracket leaves unpaired: the pairing-allocated bye",
        ),
        (
            Topic.BYE,
            "C.04.3 C5",
            "the bye goes to the lowest score with which the rest of the round can be completed: 1",
        ),
        (Topic.REJECTED, "C.04.3 C2", "#3: ranked lower, but may not receive the bye"),
    ]


@BOTH
def test_c1_a_forbidden_pair_of_players_who_played_others_is_not_called_a_rematch(
    edition: Edition,
) -> None:
    """Mutation run 13, ``barred_text`` 5, 6 (any game played, or any game against another
    player, taken for a meeting). Round 2 of eight after 1-5, 2-6, 3-7, 4-8, all drawn, 5-8
    absent: 1-4 are on ½, all with White (the same preference, so colours decide nothing),
    one bracket S1 = {1, 2}, S2 = {3, 4}. The arbiter forbids 1-3 (C.1 covers forbidden
    pairs too): 1-4, 2-3. 1 has played (5), but never 3: the explanation says 1 and 3 are a
    forbidden pair, not that they have already met."""
    rounds = ["1-5 =; 2-6 =; 3-7 =; 4-8 ="]
    e = explain(state(8, rounds, 5, absent="5 Z; 6 Z; 7 Z; 8 Z", forbidden=[(1, 3)]), edition)
    assert of(round_board(e, 1, 4).reasons, Topic.REJECTED) == [
        (named(edition, "C.1", "C1"), "#3 for #1: #1 and #3 are a forbidden pair")
    ]


@BOTH
def test_c3_two_absolute_colour_preferences_for_white(edition: Edition) -> None:
    """Mutation run 13, ``compare`` 35 (the colour named dropped: it read "Black" always).
    ``test_c3_two_absolute_colour_preferences_alike`` with every colour the other way: 1 and
    3 played black twice (absolute White), 2 and 4 white twice (absolute Black): neither 1-3
    nor 2-4 may be (C.3, no topscorers): 1-4, 2-3; 3 is rejected for 1 because both must
    have White."""
    bracket = [player(1, 4, "bb"), player(2, 4, "ww"), player(3, 4, "bb"), player(4, 4, "ww")]
    said = explain_bracket([], bracket, Mode.LAST, rules(bracket), edition)
    assert of(board(said, 1, 4), Topic.REJECTED) == [
        (
            named(edition, "C.3", "C3"),
            "#3 for #1: both have an absolute colour preference for White",
        )
    ]


@BOTH
def test_a3_a_heterogeneous_bracket_names_its_mdps_and_subgroups(edition: Edition) -> None:
    """Mutation run 13, ``bracket_context`` 2-26 (the MDPs not read: every bracket called
    homogeneous; their list or its wording changed). Last bracket: MDPs 1, 2, 3 (2 points),
    residents 4, 5 (1 point). A.3 (2026 1.3): with MDPs the bracket is heterogeneous. B.2
    (2026 3.2): S1 holds the MDPs that can be paired, M1 = 2 (two residents to meet them): 1
    and 2; S2 the residents 4 and 5; 3 is left over (the bye)."""
    mdps, residents = [player(1, 4), player(2, 4), player(3, 4)], [player(4, 2), player(5, 2)]
    said = explain_bracket(mdps, residents, Mode.LAST, rules(mdps + residents), edition)
    assert of(board(said, 1, 4), Topic.BRACKET) == [
        (
            named(edition, "A.3", "1.3"),
            "heterogeneous bracket: 2 resident(s) and MDP(s) #1 (2), #2 (2), #3 (2)",
        ),
        (named(edition, "B.2", "3.2"), "S1: #1, #2; S2: #4, #5"),
    ]


@BOTH
def test_b5_an_exchange_names_the_players_moved(edition: Edition) -> None:
    """Mutation run 13, ``choice`` 15-56 (the exchange lines dropped or changed).
    Homogeneous bracket 1-4, S1 = {1, 2}, S2 = {3, 4}; 1 may meet neither 3 nor 4 (C.1), so
    no transposition pairs the bracket and an exchange must (B.5 / 2026 4.3): 2 moves from
    S1 to S2 and 3 from S2 to S1, giving 1-2, 3-4."""
    bracket = [player(i, 2) for i in range(1, 5)]
    said = explain_bracket([], bracket, Mode.LAST, rules(bracket, barred=[(1, 3), (1, 4)]), edition)
    moved = [
        (sorted(pair), text)
        for pair, reasons in said.boards.items()
        for _, text in of(reasons, Topic.CHOICE)
        if text.startswith("exchange")
    ]
    assert sorted(moved) == [
        ([1, 2], "exchange: #2 moved from S1 to S2"),
        ([3, 4], "exchange: #3 moved from S2 to S1"),
    ]
