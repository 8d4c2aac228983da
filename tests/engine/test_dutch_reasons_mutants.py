"""The lines of a Dutch bracket's explanation (:mod:`pairing.engine.dutch.reasons`) that
mutation run 13 found read by no test, or read by text fragment only (issue 22, run 14 in
docs/testing.md): the round notes of A.9 and C4, the bracket and subgroup lines (A.3, B.2)
with their limits of six names, the exchange and transposition lines (D.1, D.2 / 2026 4.2,
4.3), the count of higher candidates not analysed (B.8), the players named as floating or
taking the bye instead, and the cause of a float (C.1 or C.3).

Every bracket is built by hand (``test_dutch_support.player(id, score in half-points,
colours)``); what each line must say is derived in the test from the rule and the bracket.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine.core.explain import Topic
from pairing.engine.dutch.edition import EDITION_2017, EDITION_2026, Edition
from pairing.engine.dutch.graph import Mode
from pairing.engine.dutch.players import DutchPlayer, Float
from tests.engine.test_dutch_support import player, rules, state
from tests.engine.test_explain_dutch import (
    board,
    explain,
    explain_bracket,
    named,
    of,
)

BOTH = pytest.mark.parametrize("edition", [EDITION_2017, EDITION_2026], ids=["2017", "2026"])


def best(edition: Edition) -> str:
    """B.8 (2026 3.8), the rule a transposition line cites in its text."""
    return "B.8" if edition.year == 2017 else "3.8"


# -- the round notes (A.9, C4) -------------------------------------------------------------


def test_a9_2017_the_penultimate_pairing_bracket_note_in_full() -> None:
    """Run 13, ``explain`` 6, 8 (the note's topic and text dropped). Round 2 of three after
    1-3 1-0, 2-4 1-0 (1 and 2 on 1 point, 3 and 4 on 0), 3-4 forbidden: scoregroup 1's only
    pairing 1-2 would leave 3-4 to the last bracket, which may not meet: A.9 (2017), the top
    bracket is the penultimate pairing bracket, its players and every lower one make the
    collapsed last bracket. The note is about the round (Topic.ROUND), cites A.9 and names
    the bracket by its residents' score, 1 (the PPB itself is not the collapsed bracket)."""
    e = explain(state(4, ["1-3 1-0; 2-4 1-0"], 3, forbidden=[(3, 4)]), EDITION_2017)
    assert [(r.topic, r.article, r.text) for r in e.notes] == [
        (
            Topic.ROUND,
            "C.04.3 A.9",
            "scoregroup 1 is the penultimate pairing bracket: as first paired, it left the "
            "rest of the round unpairable; its downfloaters and every lower player make the "
            "collapsed last bracket",
        )
    ]


def test_c4_2026_the_notes_of_brackets_paired_again_are_round_notes() -> None:
    """Run 13, ``explain`` 24 (the ``Mode.COMPLETE`` note's topic dropped). The round of
    ``test_c4_2026_a_bracket_paired_again_after_the_look_ahead_says_so`` (derived there):
    scoregroups 1 and ½ are both paired again under C4; both notes are about the round."""
    forbidden = [(3, 1), (3, 2), (3, 4), (3, 5), (3, 6), (3, 7), (6, 7)]
    round_one = ["1-6 1-0; 7-2 0-1; 3 U; 4 H; 5 H; 8 Z"]
    e = explain(state(8, round_one, 5, forbidden=forbidden), EDITION_2026)
    assert [(r.topic, r.article) for r in e.notes] == [
        (Topic.ROUND, "C.04.3 C4"),
        (Topic.ROUND, "C.04.3 C4"),
    ]


# -- the bracket and its subgroups (A.3, B.2) ------------------------------------------------


@BOTH
def test_a3_a_homogeneous_bracket_and_its_transposition(edition: Edition) -> None:
    """Run 13, ``bracket_context`` 6, 9, 10 (every bracket called heterogeneous, the word
    misspelt) and ``choice`` 39-56 (the transposition line). Last bracket 1-4, all on 1
    point, no MDP: A.3 (2026 1.3), homogeneous, 4 residents. B.2 (2026 3.2): MaxPairs = 2,
    S1 = {1, 2}, S2 = {3, 4}. 1-3 have met (C.1): the next transposition (D.1, 2026 4.2)
    gives 1 the next S2 player, 4; then 2-3. The line names both players, "S2's players"
    (no remainder in a homogeneous bracket) and B.8 (3.8), the best pairing."""
    bracket = [player(i, 2) for i in range(1, 5)]
    said = explain_bracket([], bracket, Mode.LAST, rules(bracket, barred=[(1, 3)]), edition)
    assert of(board(said, 1, 4), Topic.BRACKET) == [
        (named(edition, "A.3", "1.3"), "homogeneous bracket: 4 resident(s)"),
        (named(edition, "B.2", "3.2"), "S1: #1, #2; S2: #3, #4"),
    ]
    assert of(board(said, 1, 4), Topic.CHOICE) == [
        (
            named(edition, "D.1", "4.2"),
            "#1 meets #4: of S2's players still free, the first in order with which the "
            f"bracket pairs best ({best(edition)})",
        )
    ]


@BOTH
def test_a3_more_than_six_mdps_and_subgroups_of_more_than_six(edition: Edition) -> None:
    """Run 13, ``bracket_context`` 17, 19, 21, 22, 24, 54, 55, 59, 60 (the lists' limits).
    Last bracket: MDPs 1-7 (3 points), residents 8-15 (2 points). A.3: heterogeneous, 8
    residents; the MDPs are listed with their scores, six of them, then "and 1 more" (7 - 6).
    B.2: S1 = the MDPs paired (M1 = min(7 MDPs, 8 residents) = 7), S2 = the 8 residents;
    each subgroup shows six names, then the rest counted: S1 "and 1 more", S2 "and 2 more".
    (The MDP-pairing 1-8, ..., 7-14 leaves 15 for the bye.)"""
    mdps = [player(i, 6) for i in range(1, 8)]
    residents = [player(i, 4) for i in range(8, 16)]
    said = explain_bracket(mdps, residents, Mode.LAST, rules(mdps + residents), edition)
    assert of(board(said, 1, 8), Topic.BRACKET) == [
        (
            named(edition, "A.3", "1.3"),
            "heterogeneous bracket: 8 resident(s) and MDP(s) #1 (3), #2 (3), #3 (3), #4 (3), "
            "#5 (3), #6 (3) and 1 more",
        ),
        (
            named(edition, "B.2", "3.2"),
            "S1: #1, #2, #3, #4, #5, #6 and 1 more; S2: #8, #9, #10, #11, #12, #13 and 2 more",
        ),
    ]


@BOTH
def test_a3_exactly_six_mdps_are_all_named(edition: Edition) -> None:
    """Run 13, ``bracket_context`` 23 (">= 6": "and 0 more"). Last bracket: MDPs 1-6 (3
    points), residents 7-12 (2 points): six MDPs, six in S1 (M1 = 6), six in S2: every name
    shown, nothing counted."""
    mdps = [player(i, 6) for i in range(1, 7)]
    residents = [player(i, 4) for i in range(7, 13)]
    said = explain_bracket(mdps, residents, Mode.LAST, rules(mdps + residents), edition)
    assert of(board(said, 1, 7), Topic.BRACKET) == [
        (
            named(edition, "A.3", "1.3"),
            "heterogeneous bracket: 6 resident(s) and MDP(s) #1 (3), #2 (3), #3 (3), #4 (3), "
            "#5 (3), #6 (3)",
        ),
        (named(edition, "B.2", "3.2"), "S1: #1, #2, #3, #4, #5, #6; S2: #7, #8, #9, #10, #11, #12"),
    ]


# -- the choice (D.1, D.2 / 2026 4.2, 4.3) ----------------------------------------------------


@BOTH
def test_b5_the_exchange_lines_cite_the_exchange(edition: Edition) -> None:
    """Run 13, ``choice`` 22, 27, 33, 38 (the exchange lines' article dropped). The bracket of
    ``test_b5_an_exchange_names_the_players_moved``: 1-4 on 1 point, 1 may meet neither 3 nor
    4, so 2 moves from S1 to S2 and 3 from S2 to S1: 1-2, 3-4. Each exchange line cites the
    exchange rule, D.2 (2026 4.3)."""
    bracket = [player(i, 2) for i in range(1, 5)]
    said = explain_bracket([], bracket, Mode.LAST, rules(bracket, barred=[(1, 3), (1, 4)]), edition)
    exchange = named(edition, "D.2", "4.3")
    assert [r for r in of(board(said, 1, 2), Topic.CHOICE) if r[0] == exchange] == [
        (exchange, "exchange: #2 moved from S1 to S2")
    ]
    assert [r for r in of(board(said, 3, 4), Topic.CHOICE) if r[0] == exchange] == [
        (exchange, "exchange: #3 moved from S2 to S1")
    ]


@BOTH
def test_d1_the_remainder_is_paired_by_transposition(edition: Edition) -> None:
    """Run 13, ``choice`` 40-43 (the remainder called S2). Last bracket: MDP 1 (2 points),
    residents 2, 3, 4 (1 point). The MDP-pairing (B.2: M1 = 1) gives 1-2; the remainder
    {3, 4} is paired by transposition (D.1 / 2026 4.2): 3-4, "of the remainder's players"."""
    mdp, residents = player(1, 4), [player(2, 2), player(3, 2), player(4, 2)]
    said = explain_bracket([mdp], residents, Mode.LAST, rules([mdp, *residents]), edition)
    assert of(board(said, 3, 4), Topic.CHOICE) == [
        (
            named(edition, "D.1", "4.2"),
            "#3 meets #4: of the remainder's players still free, the first in order with "
            f"which the bracket pairs best ({best(edition)})",
        )
    ]


# -- higher candidates not analysed (B.8) -------------------------------------------------------


def barred_first(count: int, barred: range, edition: Edition) -> list[tuple[str, str]]:
    """The rejected partners of board 1-``count`` of a last homogeneous bracket 1-``count``
    (no colours) where 1 has met every player in ``barred``."""
    bracket = [player(i, 2) for i in range(1, count + 1)]
    met = [(1, q) for q in barred]
    said = explain_bracket([], bracket, Mode.LAST, rules(bracket, barred=met), edition)
    return of(board(said, 1, count), Topic.REJECTED)


@BOTH
def test_b8_more_than_four_higher_candidates_are_counted(edition: Edition) -> None:
    """Run 13, ``rejections`` 37-47. Last bracket 1-12 on 1 point, S1 = {1..6}, S2 =
    {7..12}; 1 has met 7-11, so the first transposition that pairs 1 gives it 12 (D.1), and
    2-7, 3-8, 4-9, 5-10, 6-11. Higher candidates for 1: 7-11, five S2 players ranked above
    12. The first four (``ALTERNATIVES``) are named with their C.1 verdict; the fifth is
    counted: "1 more" (5 - 4), citing B.8 (2026 3.8)."""
    c1 = named(edition, "C.1", "C1")
    assert barred_first(12, range(7, 12), edition) == [
        (c1, "#7 for #1: #1 and #7 have already met"),
        (c1, "#8 for #1: #1 and #8 have already met"),
        (c1, "#9 for #1: #1 and #9 have already met"),
        (c1, "#10 for #1: #1 and #10 have already met"),
        (named(edition, "B.8", "3.8"), "1 more higher-ranked partner(s) not analysed"),
    ]


@BOTH
def test_b8_exactly_four_higher_candidates_are_all_named(edition: Edition) -> None:
    """Run 13, ``rejections`` 37 (``>=``). Last bracket 1-10, S1 = {1..5}, S2 = {6..10}; 1
    has met 6-9: 1-10, 2-6, 3-7, 4-8, 5-9. Four higher candidates, 6-9, all named; none
    left to count."""
    c1 = named(edition, "C.1", "C1")
    assert barred_first(10, range(6, 10), edition) == [
        (c1, f"#{q} for #1: #1 and #{q} have already met") for q in range(6, 10)
    ]


# -- floating or taking the bye instead ---------------------------------------------------------


@BOTH
def test_only_players_ranked_below_a_resident_downfloater_are_named_instead(
    edition: Edition,
) -> None:
    """Run 13, ``downfloat`` 22, 28 (players ranked above the downfloater taken for
    candidates generated before the chosen one). Bracket 1, 2, 3 (2 points), 2 floated down
    in the previous round; next bracket 4, 5. Three players: one floats (C.5 / C6). The
    candidates float the lowest first (D.1, 2026 4.2 order): 3 floating is the first, and it
    is not worse than any other (2 floating again would break C.12 / C14), so 1-2, 3 floats.
    Nobody is ranked below 3: no candidate was generated before, so no "floating instead"
    line, although 2 floating would be worse."""
    bracket = [player(1, 4), replace(player(2, 4), float_last=Float.DOWN), player(3, 4)]
    nxt = [player(4, 2), player(5, 2)]
    said = explain_bracket(
        [], bracket, Mode.NORMAL, rules([*bracket, *nxt]), edition, next_residents=nxt
    )
    assert set(said.floats) == {3}
    assert of(said.floats[3], Topic.REJECTED) == []


@BOTH
def test_at_most_four_players_are_named_floating_instead(edition: Edition) -> None:
    """Run 13, ``instead`` 12 (every player named, not the first four). Bracket 1-7 (2
    points); 1 has met 2-7, so 1 floats (C.5 / C6: seven players, one floats; 1 can meet
    nobody). 2-7 pair: S1 = {2, 3, 4}, S2 = {5, 6, 7}: 2-5, 3-6, 4-7. Each of 2-7 floating
    instead would give 1 his partner, a rematch (C.1). The players ranked below 1 are
    taken in order, the first four named: 2 (1 would meet 5), 3 (6), 4 (7), 5 (2)."""
    bracket = [player(i, 4) for i in range(1, 8)]
    nxt = [player(8, 2), player(9, 2)]
    met = [(1, q) for q in range(2, 8)]
    said = explain_bracket(
        [], bracket, Mode.NORMAL, rules([*bracket, *nxt], barred=met), edition, next_residents=nxt
    )
    c1 = named(edition, "C.1", "C1")
    assert of(said.floats[1], Topic.REJECTED) == [
        (c1, "#2 floating instead: #1 and #5 have already met"),
        (c1, "#3 floating instead: #1 and #6 have already met"),
        (c1, "#4 floating instead: #1 and #7 have already met"),
        (c1, "#5 floating instead: #1 and #2 have already met"),
    ]


@BOTH
def test_an_mdp_with_the_bye_is_compared_with_the_mdps_below_it_only(edition: Edition) -> None:
    """Run 13, ``instead`` 3, 4, 9 (the B.3 filter: an MDP taking the partner of a player
    paired with an MDP would pair two MDPs). Last bracket: MDPs 1, 2, 3 (3 points),
    residents 4, 5 (2 points); 2 has met 4 and 5, 1 has met 4. B.3 (2026 3.3): MDPs do not
    meet each other, so 2 meets nobody and has the bye; the MDP-pairing is 1-5 (1-4 a
    rematch) and 3-4. Ranked below 2 and paired: 3 (partner 4, a resident: 2 taking 4 is a
    pair the bracket may hold, but a rematch, C.1), 4 and 5 (partners the MDPs 3 and 1: 2
    taking them would pair two MDPs, not a candidate at all, so not named)."""
    mdps, residents = [player(1, 6), player(2, 6), player(3, 6)], [player(4, 4), player(5, 4)]
    met = [(2, 4), (2, 5), (1, 4)]
    said = explain_bracket(mdps, residents, Mode.LAST, rules(mdps + residents, met), edition)
    assert set(said.boards) == {frozenset((1, 5)), frozenset((3, 4))}
    assert of(said.bye, Topic.REJECTED) == [
        (named(edition, "C.1", "C1"), "#3 taking the bye instead: #2 and #4 have already met")
    ]


# -- the cause of a float: C.1 or C.3 -----------------------------------------------------------


def causes_of(
    mdps: list[DutchPlayer],
    residents: list[DutchPlayer],
    barred: list[tuple[int, int]],
    edition: Edition,
) -> set[tuple[str, str]]:
    """The first float reason (article, the text after the bracket's label) of each of the
    two downfloaters of a bracket; next bracket 5-8 (1 point)."""
    nxt = [player(k, 2, h) for k, h in ((5, "wb"), (6, "bw"), (7, "wb"), (8, "bw"))]
    everyone = [*mdps, *residents, *nxt]
    said = explain_bracket(
        mdps, residents, Mode.NORMAL, rules(everyone, barred), edition, next_residents=nxt
    )
    assert len(said.floats) == 2
    return {
        (of(reasons, Topic.FLOAT)[0][0], of(reasons, Topic.FLOAT)[0][1].split(": ", 1)[1])
        for reasons in said.floats.values()
    }


@BOTH
def test_c1_cause_two_players_who_met(edition: Edition) -> None:
    """Run 13, ``absolute_cause`` 29 (each player's own bit shifted: a loop on every
    player, and the next one barred). Bracket 1 (no colours), 2 (Black twice: absolute
    White), 2 points each; they have met: no pair, both float (least 2). 1 has no colour
    preference, so C.3 allows 1-2: lifting C.1 alone pairs both, the cause is C.1."""
    causes = causes_of([], [player(1, 4), player(2, 4, "bb")], [(1, 2)], edition)
    assert causes == {
        (named(edition, "C.1", "C1"), "its largest legal pairing leaves 2 unpaired (rematches)")
    }


@BOTH
def test_c3_cause_an_mdp_and_a_resident_of_the_same_absolute_preference(
    edition: Edition,
) -> None:
    """Run 13, ``absolute_cause`` 35 (an MDP's C.3 mask replaced by the MDPs' mask). MDP 1
    (3 points) and resident 2 (2 points) both played Black twice (absolute White), not
    topscorers: C.3 keeps them apart, no pair, both float (least 2). They have not met:
    lifting C.1 pairs no more, the cause is C.3."""
    causes = causes_of([player(1, 6, "bb")], [player(2, 4, "bb")], [], edition)
    assert causes == {
        (
            named(edition, "C.3", "C3"),
            "its largest legal pairing leaves 2 unpaired (absolute colour preferences)",
        )
    }


@BOTH
def test_c1_cause_an_mdp_of_a_strong_preference(edition: Edition) -> None:
    """Run 13, ``absolute_cause`` 5 (every non-topscorer's preference counted as absolute).
    MDP 1 (3 points; W W B: strong Black), residents 2 (B W: mild Black), 3 and 4 (W W:
    absolute Black), 2 points. C.3 keeps only 3-4 apart. 1 has met 3 and 4, 2 has met 3
    and 4: the one legal pair is 1-2, 3 and 4 float (least 2). Lifting C.1 alone: 1-3, 2-4
    (an absolute preference meets milder ones), all paired: the cause is C.1."""
    mdps = [player(1, 6, "wwb")]
    residents = [player(2, 4, "bw"), player(3, 4, "ww"), player(4, 4, "ww")]
    causes = causes_of(mdps, residents, [(1, 3), (1, 4), (2, 3), (2, 4)], edition)
    assert causes == {
        (named(edition, "C.1", "C1"), "its largest legal pairing leaves 2 unpaired (rematches)")
    }


@BOTH
def test_c1_cause_four_players_of_mixed_preferences(edition: Edition) -> None:
    """Run 13, ``absolute_cause`` 28 (no player's own bit excluded after the first: loops).
    Bracket 1 (W B: mild White), 2 (W W: absolute Black), 3 (B: strong White), 4 (B B:
    absolute White), 2 points each. C.3 keeps apart two absolute preferences for the same
    colour only: no pair here. 1 has met 2, 3 and 4: one pair of 2-4, two float (least 2).
    Lifting C.1 alone pairs all four (1-2, 3-4): the cause is C.1."""
    residents = [player(1, 4, "wb"), player(2, 4, "ww"), player(3, 4, "b"), player(4, 4, "bb")]
    causes = causes_of([], residents, [(1, 2), (1, 3), (1, 4)], edition)
    assert causes == {
        (named(edition, "C.1", "C1"), "its largest legal pairing leaves 2 unpaired (rematches)")
    }


@BOTH
def test_c1_cause_an_mdp_who_met_every_resident(edition: Edition) -> None:
    """Run 13, ``absolute_cause`` 22 (the MDPs' mask all ones: an MDP may meet nobody once
    C.1 is lifted). MDPs 1 (W B: mild White), 2 and 3 (W W: absolute Black), 3 points;
    residents 4 and 6 (B W: mild Black), 5 (W W: absolute Black), 2 points. B.3: MDPs do not
    meet each other; C.3 keeps 5 from 2 and 3. 1 has met 4, 5 and 6, so 1 floats; 2 and 3
    meet two of 4, 5, 6 but not 5: two pairs (2-4, 3-6), 1 and 5 float (least 2). Lifting
    C.1 alone: 1-5, 2-4, 3-6, all six paired: the cause is C.1."""
    mdps = [player(1, 6, "wb"), player(2, 6, "ww"), player(3, 6, "ww")]
    residents = [player(4, 4, "bw"), player(5, 4, "ww"), player(6, 4, "bw")]
    causes = causes_of(mdps, residents, [(1, 4), (1, 5), (1, 6)], edition)
    assert causes == {
        (named(edition, "C.1", "C1"), "its largest legal pairing leaves 2 unpaired (rematches)")
    }


# -- what a downfloater changes beyond the bracket ------------------------------------------------


@BOTH
def test_c7_a_player_floating_instead_would_leave_the_next_bracket_fewer_pairs(
    edition: Edition,
) -> None:
    """Run 13, ``rest_value`` 22 (``break`` for ``continue``: the first downfloater of the
    list gets no edge in the following bracket). Bracket 1-4 (2 points), next bracket 5, 6
    (1 point); 1 has met 2, 3 and 4, 4 has met 5 and 6. C.5 (2026 C6): one pair of 2-4, 1
    and one more float. C.7 (2026 C8), the following bracket: with 4 floating, {1, 4; 5, 6}
    makes one pair (4 may meet nobody there); with 3 (or 2) floating, {1, 3; 5, 6} makes two,
    1-5 and 3-6. Of 2 and 3, the lower one floats first (D.1 order): 2-4, 1 and 3 float. 4,
    ranked below 3, floating instead is a candidate generated before: the following bracket
    would pair fewer players (two downfloaters: measured by the exact matching of the
    following bracket, not the single-downfloater shortcut)."""
    assert_4_floating_instead_leaves_fewer_pairs(edition, [(1, 2), (1, 3), (1, 4), (4, 5), (4, 6)])


@BOTH
def test_c7_two_downfloaters_are_measured_together_not_one_by_one(edition: Edition) -> None:
    """Run 14, ``leaving`` 30, 31 (the single-downfloater shortcut taken with two
    downfloaters). Bracket 1-4 (2 points), next bracket 5, 6 (1 point). 1 has met 2, 3, 4
    and 6; 4 has met 6. C.5 (2026 C6): one pair of 2-4, 1 and one more float. C.7 (2026
    C8), the following bracket: {1, 4; 5, 6} makes one pair (1 and 4 may meet only 5, and
    two MDPs do not meet, B.3): 1-5, or 5-6; {1, 3; 5, 6} and {1, 2; 5, 6} make two, 1-5
    and 3-6 / 2-6. Of 2 and 3 the lower one floats first (D.1 order): 2-4, 1 and 3 float.
    4 floating instead: the following bracket would pair fewer players.

    As a single downfloater every bracket player would reach the following bracket's
    ideal (each may meet 5, and 5-6 may meet), with one and the same value (all score 2),
    so the single-downfloater values tell 3 and 4 apart on nothing: only the joint
    matching of both downfloaters with 5, 6 finds the difference."""
    assert_4_floating_instead_leaves_fewer_pairs(edition, [(1, 2), (1, 3), (1, 4), (1, 6), (4, 6)])


@BOTH
def test_a_downfloater_of_two_keeps_the_brackets_own_criterion(edition: Edition) -> None:
    """Run 13, ``leaving`` 59 (``=`` for ``+=``: the following bracket's difference replaces
    the bracket's own). Bracket 1-4 (2 points), 4 floated down in the previous round; next
    bracket 5, 6 (1 point). 1 has met 2, 3 and 4: one pair of 2-4, 1 and one more float
    (C.5 / C6). The lowest, 4, would float first (D.1 order), but again after the previous
    round (C.12 / C14); 3 floating is not worse: 2-4, 1 and 3 float. 4 floating instead is
    worse by C.12 (C14) in the bracket, and the same beyond it (3 and 4 are alike there:
    either meets 5 or 6 with 1 the other)."""
    bracket = [player(1, 4), player(2, 4), player(3, 4), player(4, 4, float_last=Float.DOWN)]
    nxt = [player(5, 2), player(6, 2)]
    met = [(1, 2), (1, 3), (1, 4)]
    said = explain_bracket(
        [], bracket, Mode.NORMAL, rules([*bracket, *nxt], met), edition, next_residents=nxt
    )
    assert set(said.floats) == {1, 3}
    assert of(said.floats[3], Topic.REJECTED) == [
        (
            named(edition, "C.12", "C14"),
            "#4 floating instead: more players would float down again after the previous round",
        )
    ]


@BOTH
def test_the_bye_taken_instead_keeps_the_brackets_own_criterion(edition: Edition) -> None:
    """Run 13, ``leaving`` 13 (``=`` for ``+=``: the bye's gain replaces the bracket's own
    difference). Last bracket 1, 2 (White once: strong Black), 3 (Black once: strong White),
    1 point each. Candidates with the bye to the lowest first: 1-2 (bye 3) loses a colour
    preference (C.10 / C12); 1-3 (bye 2) grants both: chosen. 3, ranked below 2, taking the
    bye instead is worse by C.10 (C12); the bye itself is alike for both (no C.2 bar, no
    unplayed games)."""
    bracket = [player(1, 2, "w"), player(2, 2, "w"), player(3, 2, "b")]
    said = explain_bracket([], bracket, Mode.LAST, rules(bracket), edition)
    assert set(said.boards) == {frozenset((1, 3))}
    assert of(said.bye, Topic.REJECTED) == [
        (
            named(edition, "C.10", "C12"),
            "#3 taking the bye instead: more players would not get their colour preference",
        )
    ]


def assert_4_floating_instead_leaves_fewer_pairs(
    edition: Edition, met: list[tuple[int, int]]
) -> None:
    """Bracket 1-4 (2 points), next bracket 5, 6 (1 point), the games ``met``: 1 and 3 float
    (2-4 paired), and 3's reasons say that 4 floating instead would leave the following
    bracket fewer pairs (C.7, 2026 C8)."""
    bracket = [player(k, 4) for k in (1, 2, 3, 4)]
    nxt = [player(5, 2), player(6, 2)]
    said = explain_bracket(
        [], bracket, Mode.NORMAL, rules([*bracket, *nxt], met), edition, next_residents=nxt
    )
    assert set(said.floats) == {1, 3}
    assert of(said.floats[3], Topic.REJECTED) == [
        (
            named(edition, "C.7", "C8"),
            "#4 floating instead: the following bracket would pair fewer players",
        )
    ]
