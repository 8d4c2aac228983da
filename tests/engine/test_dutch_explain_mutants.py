"""The colour reason of a Dutch explanation (:mod:`pairing.engine.dutch.explain`), where
mutation run 11 found only its article checked: for E.2-E.5 (2026 5.2.2-5.2.5) the text must
name the player the rule favours, his preference and, for E.5, his pairing number's parity
and the initial colour. The rounds are ``test_explain_dutch.test_colour_rules``'s, derived
by hand there; what each text must say is derived again in each case below."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine.core.explain import Topic
from pairing.engine.core.state import TournamentInfo
from pairing.engine.dutch import explain_round, explain_round_2017, explain_round_2026
from pairing.engine.dutch.edition import EDITION_2017, EDITION_2026, Edition
from tests.engine.test_dutch_2026 import COMPLETION
from tests.engine.test_dutch_support import boards, state
from tests.engine.test_dutch_system_mutants import BY_2017, BY_2026
from tests.engine.test_explain_dutch import explain, round_board

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
