"""Dubov explanations (pairing/engine/dubov/explain.py) read whole: each test pins, for a
round derived by hand, every reason of a board or of the bye, which surviving mutants of
run 11 (docs/testing.md) dropped, miscited or misworded.

Rounds are written as in :mod:`tests.engine.test_dubov` ("1-2 1": 1 has White and wins;
"5 U" a pairing-allocated bye); half-points: a win is 2. The texts are the explanation's
wording with the values worked out by hand from the position."""

from __future__ import annotations

from pairing.engine import Player, TournamentState
from pairing.engine.core.explain import Reason, RoundExplanation, Topic
from pairing.engine.dubov import explain_round_2018, explain_round_2026
from pairing.engine.dubov.explain import explain_round_in_force, quality_rejection
from pairing.engine.dubov.trace import Alternative
from tests.engine.histories import past
from tests.engine.test_dubov import C4_RATINGS, C4_ROUNDS, player, tournament
from tests.engine.test_explain_dubov import SIX, board, explain

WHITE, BLACK = "w= b=", "b= w="


def cite(article: str) -> str:
    return f"C.04.4.1 {article}"


def test_every_reason_of_an_upfloater_board() -> None:
    """The position of ``test_c4_and_c10_choose_the_upfloaters`` (tests/engine/test_dubov.py),
    board 3-2 of the 3-point bracket (residents 1, 2; upfloaters 6 and 3, D.1 order).

    - A.3: the bracket of scoregroup 3, 2 residents, upfloaters 6 (1½) and 3 (0).
    - 3 upfloats: both residents have an absolute preference for Black (W W W), so they
      cannot meet (C.3; they have not met, so C.1 alone would not bar them): 2 residents
      cannot be paired within the scoregroup. C.5: 2 upfloaters for 2 residents. C.6: the
      pool scores 2 (player 4) down to 0 (player 3), so the scores 1½, 0 are cited. B.2:
      {6, 3} pairs with no colour preference lost and no maximum upfloater (MaxT = 3).
    - Passed over in place of 3, in D.1 order: 4 (2 points; bracket 1, 2, 4, 6: 4 is
      absolute Black too and has met 6, and without C.3 1-4, 2-6 would do: C.3), 5 (the
      rest 3, 4, 7, 8 cannot be paired: 3 may meet none of them, C.4), 7 and 8 (both have
      met 1 and 2: C.1).
    - B.3: G1 = the White seekers 3, 6; no shift (3-2, 6-1 pair G1 with G2). B.5: 3 is
      number 1 of S1 (ARO of 4, 5, 6: 2100, 2000, 1900: 2000). B.6: 3's highest-ranked
      partner in G2, 1, is legal but leaves 6-2, who met in round 1: 2, and 1 is named.
    - E.1: 3 wants White, 2 Black: both granted."""
    _, e = explain(tournament(C4_RATINGS, C4_ROUNDS, 5))
    b = board(e, 3, 2)
    assert (b.white, b.black, b.bracket) == (3, 2, "scoregroup 3")
    assert list(b.reasons) == [
        Reason(
            Topic.BRACKET,
            cite("A.3"),
            "bracket of scoregroup 3: 2 resident(s) and upfloater(s) #6 (1½), #3 (0)",
        ),
        Reason(
            Topic.FLOAT,
            cite("C.3"),
            "#3 (score 0) upfloats into scoregroup 3: 2 resident(s) cannot be paired within "
            "the scoregroup: residents with the same absolute colour preference may not meet",
        ),
        Reason(
            Topic.CHOICE,
            cite("C.5"),
            "2 upfloater(s): the fewest with which the 2 resident(s) can be paired legally (B.1)",
        ),
        Reason(
            Topic.CHOICE,
            cite("C.6"),
            "the upfloaters' scores (1½, 0) are the highest that allow a legal set (possible "
            "upfloaters score 2 to 0)",
        ),
        Reason(
            Topic.CHOICE,
            cite("B.2"),
            "#6, #3: the first set in D.1 order (score, then initial ranking) whose bracket "
            "pairs best: 0 colour preference(s) not granted (C.7)",
        ),
        Reason(
            Topic.REJECTED,
            cite("C.3"),
            "#4 instead of #3: the bracket could not be paired without two absolute colour "
            "preferences alike",
        ),
        Reason(
            Topic.REJECTED,
            cite("C.4"),
            "#5 instead of #3: the lower scoregroups could not then all be paired",
        ),
        Reason(
            Topic.REJECTED,
            cite("C.1"),
            "#7 instead of #3: the bracket could not be paired without a rematch",
        ),
        Reason(
            Topic.REJECTED,
            cite("C.1"),
            "#8 instead of #3: the bracket could not be paired without a rematch",
        ),
        Reason(
            Topic.BRACKET, cite("B.3"), "G1 holds the players with a colour preference for White"
        ),
        Reason(Topic.BRACKET, cite("B.5"), "#3 is number 1 of S1 (G1 by ascending ARO: 2000)"),
        Reason(
            Topic.CHOICE,
            cite("B.6"),
            "#2 is the highest-ranked player of G2 still free whom #3 may meet with the rest "
            "of the bracket still pairable (the first such transposition, D.3)",
        ),
        Reason(
            Topic.REJECTED,
            cite("B.6"),
            "#1: with #3 the rest of the bracket could not be paired legally",
        ),
        Reason(Topic.COLOUR, cite("E.1"), "both colour preferences granted: #3 White, #2 Black"),
    ]


def test_the_second_s1_player_takes_the_first_free_opponent() -> None:
    """Same round, board 6-1: 6 is number 2 of S1 (ARO of 2, 4, 3: 2300, 2100, 2200:
    2200); 3 took 2, so 1 is the only G2 player still free, nobody passed over."""
    _, e = explain(tournament(C4_RATINGS, C4_ROUNDS, 5))
    reasons = board(e, 6, 1).reasons
    assert (
        Reason(Topic.BRACKET, cite("B.5"), "#6 is number 2 of S1 (G1 by ascending ARO: 2200)")
        in reasons
    )
    assert [r.text for r in reasons if r.article == cite("B.6")] == [
        "#1 is the highest-ranked player of G2 still free (the first transposition, D.3)"
    ]


def test_b6_a_g2_player_met_in_round_1_is_passed_over_by_c1() -> None:
    """R1: 1-4 =, 2-5 =, 3-6 =: everybody has ½ point, one bracket. B.3: G1 = the White
    seekers 4, 5, 6 (Black in round 1), G2 = 1, 2, 3. B.5: S1 by ascending ARO: 6 (met 3:
    2200), 5 (met 2: 2300), 4 (met 1: 2400). B.6: 6 takes 1; 5 passes over 2, whom he met
    in round 1 (C.1), and takes 3; 4 takes 2. E.1: 5 White, 3 Black."""
    pairing, e = explain(tournament(SIX, ["1-4 =, 2-5 =, 3-6 ="], 5))
    assert {(b.white, b.black) for b in pairing.boards} == {(6, 1), (5, 3), (4, 2)}
    reasons = board(e, 5, 3).reasons
    assert [r for r in reasons if r.article in (cite("B.5"), cite("B.6"), cite("C.1"))] == [
        Reason(Topic.BRACKET, cite("B.5"), "#5 is number 2 of S1 (G1 by ascending ARO: 2300)"),
        Reason(
            Topic.CHOICE,
            cite("B.6"),
            "#3 is the highest-ranked player of G2 still free whom #5 may meet with the rest "
            "of the bracket still pairable (the first such transposition, D.3)",
        ),
        Reason(Topic.REJECTED, cite("C.1"), "#2: they met in round 1"),
    ]


def test_b4_shifts_and_a_forbidden_pair_passed_over() -> None:
    """``test_b4_first_shift_skips_a_player_whose_shift_cannot_be_paired``
    (tests/engine/test_dubov_mutants.py): G1 = 1, 2, 3, G2 = 4, 5, 6; 1 is shifted to G2
    (one pair must stay inside G1) and 5 to G1 (sizes); S1 = 2, 3, 5; 2 passes over 1, a
    forbidden pair (C.1, no game between them), and takes 4; 3-1; 5-6."""
    state = past(
        {1: WHITE, 2: WHITE, 3: WHITE, 4: BLACK, 5: BLACK, 6: BLACK},
        5,
        forbidden=[(1, 2), (1, 4), (1, 5), (1, 6), (2, 3)],
    )
    _, e = explain(state)
    assert Reason(Topic.REJECTED, cite("C.1"), "#1: a forbidden pair") in board(e, 2, 4).reasons
    d2 = "the first set of shifters in D.2 order that complies best with C.7"
    assert [r.text for r in board(e, 3, 1).reasons if r.article == cite("B.4")] == [
        f"#1 shifted from G1 to G2 (players of the smaller subgroup had to be paired "
        f"together): {d2}"
    ]
    assert [r.text for r in board(e, 5, 6).reasons if r.article == cite("B.4")] == [
        f"#5 shifted from G2 to G1 (to make G1 and G2 equal in size): {d2}"
    ]
    assert [r.text for r in board(e, 2, 4).reasons if r.article == cite("B.4")] == []


def test_the_only_player_who_may_have_the_bye_and_the_round_note() -> None:
    """R1: 1-2 1, 3 U; R2: 1-3 1, 2 U. Round 3: 1 has 2 points, 2 and 3 one each; 2 and 3
    had the bye (C.2), so 1, the only player left who may receive it, gets it, and 2-3
    meet. C.2 names the barred players in B.0 order: equal scores, one game each, then the
    lowest in the ranking list first: 3, 2. The round's note (A.8): the bye first (B.0),
    then the scoregroups from the top (B.1-B.6)."""
    state = tournament([2400, 2300, 2200], ["1-2 1, 3 U", "1-3 1, 2 U"], 5)
    pairing, e = explain(state)
    assert pairing.bye == 1 and e.bye is not None
    assert (e.system, e.round_number) == ("FIDE Dubov (C.04.4.1, 2018)", 3)
    assert list(e.bye.reasons) == [
        Reason(
            Topic.BYE,
            cite("B.0"),
            "odd number of players: #1 is the only player left who may receive the "
            "pairing-allocated bye",
        ),
        Reason(
            Topic.REJECTED,
            cite("C.2"),
            "#3, #2: would come first, but already had a pairing-allocated bye or a (forfeit) "
            "win without playing",
        ),
    ]
    assert list(e.notes) == [
        Reason(
            Topic.ROUND,
            cite("A.8"),
            "the pairing-allocated bye first (B.0), then the scoregroups from the highest "
            "score down, each with the fewest upfloaters (B.1-B.6)",
        )
    ]


def test_b0e_by_edition() -> None:
    """R1: 1-2 =, 3-4 =, 5 U. 1-4 have ½ point and one game each, 5 (the bye, 1 point)
    more: B.0.e, the lowest in the ranking list, 4 (TPN 4), gets the bye (2018 B.0.e; 2026
    3.1.5: the largest TPN). 5 may not have it again (C.2), but would not come before 4
    anyway (B.0.c): no C.2 reason. The round's
    note in 2026 numbering: 1.9, 3.1, 3.2.1-3.2.6; the system "FIDE Dubov (C.04.4.1,
    2026)", also the edition in force for a tournament that names none."""
    state = tournament([2400, 2300, 2200, 2100, 2000], ["1-2 =, 3-4 =, 5 U"], 5)
    pairing, e2018 = explain_round_2018(state)
    assert pairing.bye == 4 and e2018.bye is not None
    assert e2018.bye.reasons == (
        Reason(
            Topic.BYE,
            cite("B.0.e"),
            "odd number of players: #4 may receive the pairing-allocated bye and has the "
            "lowest position in the initial ranking list (4) of those who may",
        ),
    )
    for pairing_2026, e2026 in (explain_round_2026(state), explain_round_in_force(state)):
        assert pairing_2026.bye == 4 and e2026.bye is not None
        assert e2026.system == "FIDE Dubov (C.04.4.1, 2026)"
        assert e2026.bye.reasons == (
            Reason(
                Topic.BYE,
                cite("3.1.5"),
                "odd number of players: #4 may receive the pairing-allocated bye and has the "
                "largest TPN (4) of those who may",
            ),
        )
        assert [r.article for r in e2026.notes] == [cite("1.9")]
        assert "(3.1)" in e2026.notes[0].text and "(3.2.1-3.2.6)" in e2026.notes[0].text


def test_an_odd_scoregroup_its_upfloater_and_e4() -> None:
    """R1: 1-4 1, 2-5 1, 3-6 1. Round 2: 1, 2, 3 (1 point, all White in round 1: mild Black)
    may all meet; three residents, one upfloater (B.1: an odd number). D.1.a pool: 4, 5, 6
    (0 points, one score: no C.6 reason), all wanting White, none upfloated: every set has
    one colour preference not granted (C.7: one White seeker against three Black seekers),
    so the first legal one, {4} (4 has met 1: 4-2/4-3 and 1 with the other; rest 5-6).
    B.3: G1 = 4, G2 = 1, 2, 3; no pair must stay inside G1; the second shift moves one
    Black seeker, D.2 order from the middle: 2 first, and G1 = 4, 2 against 1, 3 pairs
    (4-3, 2-1). B.5: S1 = 2 (ARO 2000, of 5), 4 (ARO 2400, of 1). B.6: 2 takes 1, then 4
    takes 3, the only one left. E.1: 4 White, 3 Black. 2-1: the same preference and history
    (E.2, E.3 do not decide): the higher-ranked 1 gets his preference, Black (E.4)."""
    pairing, e = explain(tournament(SIX, ["1-4 1, 2-5 1, 3-6 1"], 5))
    assert {(b.white, b.black) for b in pairing.boards} == {(4, 3), (2, 1), (5, 6)}
    assert list(board(e, 4, 3).reasons) == [
        Reason(
            Topic.BRACKET,
            cite("A.3"),
            "bracket of scoregroup 1: 3 resident(s) and upfloater(s) #4 (0)",
        ),
        Reason(
            Topic.FLOAT,
            cite("B.1"),
            "#4 (score 0) upfloats into scoregroup 1: the scoregroup has an odd number of "
            "residents (3)",
        ),
        Reason(
            Topic.CHOICE,
            cite("C.5"),
            "1 upfloater(s): the fewest with which the 3 resident(s) can be paired legally (B.1)",
        ),
        Reason(
            Topic.CHOICE,
            cite("B.2"),
            "#4: the first set in D.1 order (score, then initial ranking) whose bracket pairs "
            "best: 1 colour preference(s) not granted (C.7)",
        ),
        Reason(
            Topic.BRACKET, cite("B.3"), "G1 holds the players with a colour preference for White"
        ),
        Reason(Topic.BRACKET, cite("B.5"), "#4 is number 2 of S1 (G1 by ascending ARO: 2400)"),
        Reason(
            Topic.CHOICE,
            cite("B.6"),
            "#3 is the highest-ranked player of G2 still free (the first transposition, D.3)",
        ),
        Reason(Topic.COLOUR, cite("E.1"), "both colour preferences granted: #4 White, #3 Black"),
    ]
    reasons = board(e, 2, 1).reasons
    assert [r.text for r in reasons if r.article == cite("B.4")] == [
        "#2 shifted from G2 to G1 (to make G1 and G2 equal in size): the first set of "
        "shifters in D.2 order that complies best with C.7"
    ]
    assert reasons[-1] == Reason(
        Topic.COLOUR,
        cite("E.4"),
        "equal preferences and colour histories: the higher-ranked #1 gets his preference "
        "(Black); #2 the other colour",
    )


def test_b6_a_g2_player_with_the_same_absolute_preference_is_passed_over_by_c3() -> None:
    """Four players, two draws each (1 point), every game against a made-up opponent: 1
    (Black, Black: absolute White), 2 and 3 (White, White: absolute Black), 4 (Black, White:
    mild Black). 3's opponents were rated 1900, everybody else's 2000. B.3: G1 = 1, G2 =
    2, 3, 4; no pair must stay inside G1; the second shift moves one Black seeker, D.2 order
    from the middle: 3 first, and G1 = 1, 3 against 2, 4 pairs (1-2, 3-4; 3-2 is barred by
    C.3). B.5: S1 = 3 (ARO 1900), 1 (2000). B.6: 3 passes over 2 (both absolute Black,
    C.3) and takes 4; 1 takes 2. E.2: 3's absolute preference for Black over 4's mild one:
    4-3."""
    state = past({1: "b= b=", 2: "w= w=", 3: "w= w=", 4: "b= w="}, 5, opponents_rating={3: 1900})
    pairing, e = explain(state)
    assert {(b.white, b.black) for b in pairing.boards} == {(4, 3), (1, 2)}
    reasons = board(e, 4, 3).reasons
    assert [r for r in reasons if r.topic is Topic.REJECTED] == [
        Reason(Topic.REJECTED, cite("C.3"), "#2: both have an absolute colour preference for Black")
    ]
    assert [r.text for r in reasons if r.article == cite("B.4")] == [
        "#3 shifted from G2 to G1 (to make G1 and G2 equal in size): the first set of "
        "shifters in D.2 order that complies best with C.7"
    ]
    assert reasons[-1] == Reason(
        Topic.COLOUR,
        cite("E.2"),
        "the stronger colour preference is granted: #3's absolute preference for Black over "
        "#4's mild one",
    )


def test_upfloats_forced_by_c4_with_two_pool_scores() -> None:
    """Made-up opponents. 1 (won with White, then Black: mild White) and 2 (won with Black,
    then White: mild Black) have 2 points and may meet; 3, 4, 5 (drew with White, then
    Black: mild White) 1 point; 6 (lost with Black, then White: mild Black) 0; 6 may not
    meet 3, 4 or 5 (C.1, forbidden pairs). B.1: the residents pair alone, but the lower
    players' largest pairing leaves two over (6 and one of 3, 4, 5): 2 upfloaters (C.4).
    D.1.a: 3, 4, 5, 6. Container {1, 1}: each set leaves 6 with a player he may not meet
    (C.4); container {1, 0}: {3, 6} (1-6, 3-2; rest 4-5). Passed over in place of 6: 4 ({3,
    4} leaves 5-6, C.4) and 5 ({3, 5} leaves 4-6, C.4). C.6 is cited: the pool has two
    scores, 1 and 0. B.6: S1 = 1, 3 (equal AROs: by ranking); 1-2 would leave 3-6: 1 takes
    6, 3 takes 2."""
    history = {1: "w1 b1", 2: "b1 w1", 3: "w= b=", 4: "w= b=", 5: "w= b=", 6: "b0 w0"}
    state = past(history, 5, forbidden=[(6, 3), (6, 4), (6, 5)])
    pairing, e = explain(state)
    assert {(b.white, b.black) for b in pairing.boards} == {(1, 6), (3, 2), (4, 5)}
    reasons = board(e, 1, 6).reasons
    c4 = "upfloats into scoregroup 2: 2 player(s) of the lower scoregroups could not be paired"
    assert [r for r in reasons if r.topic is not Topic.BRACKET][:5] == [
        Reason(
            Topic.FLOAT,
            cite("C.4"),
            f"#6 (score 0) {c4} there, so they float up for the round-pairing to be complete",
        ),
        Reason(
            Topic.CHOICE,
            cite("C.5"),
            "2 upfloater(s): the fewest with which the 2 resident(s) can be paired legally (B.1)",
        ),
        Reason(
            Topic.CHOICE,
            cite("C.6"),
            "the upfloaters' scores (1, 0) are the highest that allow a legal set (possible "
            "upfloaters score 1 to 0)",
        ),
        Reason(
            Topic.CHOICE,
            cite("B.2"),
            "#3, #6: the first set in D.1 order (score, then initial ranking) whose bracket "
            "pairs best: 0 colour preference(s) not granted (C.7)",
        ),
        Reason(
            Topic.REJECTED,
            cite("C.4"),
            "#4 instead of #6: the lower scoregroups could not then all be paired",
        ),
    ]
    assert (
        Reason(
            Topic.REJECTED,
            cite("C.4"),
            "#5 instead of #6: the lower scoregroups could not then all be paired",
        )
        in reasons
    )


def test_three_residents_who_may_not_meet_at_all() -> None:
    """Made-up opponents. 1, 2, 3 (2 points; 1 and 3 mild White, 2 mild Black) may not meet
    one another (C.1, forbidden pairs); 4, 5, 6 (1 point). All three residents are left
    alone: 3 upfloaters, and the cause is C.1 (lifting C.3, which bars nobody here, would not
    help), not the odd number of residents."""
    history = {1: "w1 b1", 2: "b1 w1", 3: "w1 b1", 4: "w= b=", 5: "b= w=", 6: "w= b="}
    state = past(history, 5, forbidden=[(1, 2), (1, 3), (2, 3)])
    pairing, e = explain(state)
    (b,) = [x for x in e.boards if 4 in (x.white, x.black)]
    assert [r for r in b.reasons if r.topic is Topic.FLOAT] == [
        Reason(
            Topic.FLOAT,
            cite("C.1"),
            "#4 (score 1) upfloats into scoregroup 2: 3 resident(s) cannot be paired within "
            "the scoregroup: residents who have already met may not meet again",
        )
    ]
    assert len(pairing.boards) == 3


def test_e0_texts_by_pairing_number_parity() -> None:
    """Round 1 of six players (``test_first_round``): nobody has played, E.0 by the
    higher-ranked player's pairing number, the initial colour White. 1 (odd) gets White
    against 4; 2 (even) gets Black against 5."""
    _, e = explain(tournament(SIX, [], 5))
    assert board(e, 1, 4).reasons[-1] == Reason(
        Topic.COLOUR,
        cite("E.0"),
        "neither has played a game: the higher-ranked #1 has pairing number 1 (odd), so gets "
        "the initial colour (White): White",
    )
    assert board(e, 5, 2).reasons[-1] == Reason(
        Topic.COLOUR,
        cite("E.0"),
        "neither has played a game: the higher-ranked #2 has pairing number 2 (even), so gets "
        "the opposite of the initial colour (White): Black",
    )


def test_e2_a_stronger_preference_for_white() -> None:
    """Made-up opponents, two draws each: 1 (Black, Black: absolute White) and 2 (White,
    Black: mild White) meet (the only pair); both want White, 1 more strongly: 1-2 (E.2)."""
    pairing, e = explain(past({1: "b= b=", 2: "w= b="}, 5))
    assert [(b.white, b.black) for b in pairing.boards] == [(1, 2)]
    assert board(e, 1, 2).reasons[-1] == Reason(
        Topic.COLOUR,
        cite("E.2"),
        "the stronger colour preference is granted: #1's absolute preference for White over "
        "#2's mild one",
    )


def test_b6_a_g2_player_passed_over_by_c3_for_white() -> None:
    """Made-up opponents, two draws each (1 point): 1 and 2 (Black, Black: absolute White,
    A.5.a), 3 (White, Black: mild White), 4 (White, White: absolute Black); 2's opponents
    were rated 1900, everybody else's 2000. B.3: G1 = the White seekers 1, 2, 3, G2 = 4.
    B.4: G2 (one player) has no pair inside; the second shift moves one White seeker to G2.
    D.2: White seekers by ascending ARO, then ranking: 2 (1900), 1, 3 (2000); middle-out #1
    = 1; with G1 = 2, 3 and G2 = 1, 4 the bracket pairs legally (2-4, 3-1) with one
    preference not granted, the least any pairing of three White seekers and one Black
    seeker allows (C.7): 1 is shifted. B.5: S1 = 2 (ARO 1900), 3 (2000). B.6: G2 by ranking
    1, 4: 2 passes over 1 (both absolute White, C.3) and takes 4; 3 takes 1. E.1: 2 White,
    4 Black; E.2: 1's absolute preference for White over 3's mild one."""
    state = past({1: "b= b=", 2: "b= b=", 3: "w= b=", 4: "w= w="}, 5, opponents_rating={2: 1900})
    pairing, e = explain(state)
    assert {(b.white, b.black) for b in pairing.boards} == {(2, 4), (1, 3)}
    assert list(board(e, 2, 4).reasons) == [
        Reason(Topic.BRACKET, cite("A.3"), "bracket of scoregroup 1: 4 resident(s)"),
        Reason(
            Topic.BRACKET, cite("B.3"), "G1 holds the players with a colour preference for White"
        ),
        Reason(Topic.BRACKET, cite("B.5"), "#2 is number 1 of S1 (G1 by ascending ARO: 1900)"),
        Reason(
            Topic.CHOICE,
            cite("B.6"),
            "#4 is the highest-ranked player of G2 still free whom #2 may meet with the rest "
            "of the bracket still pairable (the first such transposition, D.3)",
        ),
        Reason(
            Topic.REJECTED, cite("C.3"), "#1: both have an absolute colour preference for White"
        ),
        Reason(Topic.COLOUR, cite("E.1"), "both colour preferences granted: #2 White, #4 Black"),
    ]
    assert list(board(e, 1, 3).reasons)[2] == Reason(
        Topic.CHOICE,
        cite("B.4"),
        "#1 shifted from G1 to G2 (to make G1 and G2 equal in size): the first set of "
        "shifters in D.2 order that complies best with C.7",
    )


def test_e0_reads_the_pairing_number_of_the_higher_ranked_player() -> None:
    """Round 1 of four players whose ids are not their pairing numbers: #1 has TPN 2, #2
    TPN 1, #3 TPN 4, #4 TPN 3. B.3: nobody has played, G1 is the first half by the ranking
    list (#2, #1), G2 = #4, #3; S1 (AROs 0) by ranking: #2, #1; B.6: #2-#4, #1-#3. E.0:
    #2 (pairing number 1, odd) gets the initial colour White; #1 (pairing number 2, even)
    the opposite, Black, so #3 has White."""
    players = tuple(
        Player(id=pid, rating=rating, tpn=tpn)
        for pid, rating, tpn in ((1, 2300, 2), (2, 2400, 1), (3, 2100, 4), (4, 2200, 3))
    )
    state = TournamentState(players=players, rounds_done=0, total_rounds=5)
    pairing, e = explain(state)
    assert {(b.white, b.black) for b in pairing.boards} == {(2, 4), (3, 1)}
    unplayed = "nobody in the bracket has played yet: G1 is the first half by ranking"
    assert board(e, 2, 4).reasons[1] == Reason(Topic.BRACKET, cite("B.3"), unplayed)
    assert board(e, 2, 4).reasons[-1] == Reason(
        Topic.COLOUR,
        cite("E.0"),
        "neither has played a game: the higher-ranked #2 has pairing number 1 (odd), so gets "
        "the initial colour (White): White",
    )
    assert board(e, 3, 1).reasons[-1] == Reason(
        Topic.COLOUR,
        cite("E.0"),
        "neither has played a game: the higher-ranked #1 has pairing number 2 (even), so gets "
        "the opposite of the initial colour (White): Black",
    )


def test_e0_in_2026_wording() -> None:
    """Round 1 of four players (2026 5.2.1: the higher-ranked player's TPN, odd: the initial
    colour). 3.2.3: G1 = 1, 2 (first half by TPN), G2 = 3, 4; 3.2.6: 1-3, 2-4. 1 (TPN 1)
    gets White; 2 (TPN 2) Black."""
    _, e = explain_round_2026(tournament([2400, 2300, 2200, 2100], [], 5))
    assert board(e, 1, 3).reasons[1] == Reason(
        Topic.BRACKET,
        cite("3.2.3"),
        "nobody in the bracket has played yet: G1 is the first half by ranking",
    )
    assert board(e, 1, 3).reasons[-1] == Reason(
        Topic.COLOUR,
        cite("5.2.1"),
        "neither has played a game: the higher-ranked #1 has TPN 1 (odd), so gets the "
        "initial colour (White): White",
    )
    assert board(e, 4, 2).reasons[-1] == Reason(
        Topic.COLOUR,
        cite("5.2.1"),
        "neither has played a game: the higher-ranked #2 has TPN 2 (even), so gets the "
        "opposite of the initial colour (White): Black",
    )


def test_e3_alternates_from_the_latest_round_of_different_colours() -> None:
    """Made-up opponents, three draws each: 1 (B, W, B) and 2 (B, B, W) both have colour
    difference -1: a strong preference for White (A.5.b), equal, so E.1 and E.2 do not
    decide. Their histories differ: in round 3, 1 had Black and 2 White, so E.3 alternates:
    1 White, 2 Black."""
    pairing, e = explain(past({1: "b= w= b=", 2: "b= b= w="}, 5))
    assert [(b.white, b.black) for b in pairing.boards] == [(1, 2)]
    assert board(e, 1, 2).reasons[-1] == Reason(
        Topic.COLOUR,
        cite("E.3"),
        "equal preferences for White: the colours alternate from the latest round in which "
        "they had different colours (#1 had Black then)",
    )


def test_e4_the_higher_ranked_player_gets_white_in_both_editions() -> None:
    """Made-up opponents, two draws each: 1 and 2 both played White then Black (mild White,
    the same history): E.1-E.3 do not decide, the higher-ranked 1 gets his preference,
    White (2018 E.4; 2026 5.2.5, "their")."""
    state = past({1: "w= b=", 2: "w= b="}, 5)
    pairing, e = explain(state)
    assert [(b.white, b.black) for b in pairing.boards] == [(1, 2)]
    assert board(e, 1, 2).reasons[-1] == Reason(
        Topic.COLOUR,
        cite("E.4"),
        "equal preferences and colour histories: the higher-ranked #1 gets his preference "
        "(White); #2 the other colour",
    )
    _, e2026 = explain_round_2026(state)
    assert board(e2026, 1, 2).reasons[-1] == Reason(
        Topic.COLOUR,
        cite("5.2.5"),
        "equal preferences and colour histories: the higher-ranked #1 gets their preference "
        "(White); #2 the other colour",
    )


RESIDENTS_4 = {1: "w1 b1 w1 b1", 2: "w1 b1 w1 b1", 3: "w1 b1 w1 b1"}
"""Four wins each (4 points), White then Black alternately: a mild preference for White."""


def upfloater_reasons(e: RoundExplanation, upfloater: int) -> list[Reason]:
    """The reasons of ``upfloater``'s board about its upfloat (FLOAT, CHOICE by C.5, C.6,
    B.2, and the sets passed over)."""
    (b,) = [x for x in e.boards if upfloater in (x.white, x.black)]
    kept = ("C.5", "C.6", "B.2", "C.7", "C.8", "C.9", "C.10", "C5", "C6", "3.2.2", "C7", "C8")
    return [r for r in b.reasons if r.article.removeprefix("C.04.4.1 ") in kept]


def test_c8_a_maximum_upfloater_passed_over_with_maxt_read_from_the_rounds() -> None:
    """Made-up opponents. Round 5 of 6: MaxT = 2 + [6/5] = 3 (A.7). 1, 2, 3 (4 points) may
    all meet: three residents, one upfloater (B.1). Pool (D.1): 4, 5 (½ point), 6 (0). 4
    upfloated in rounds 2, 3 and 4 (3 times: a maximum upfloater), 5 never. 4 and 5 have
    the same colours (W, B, W, B: mild White, like the residents), so {4} and {5} both
    leave 2 preferences not granted (C.7: four White seekers); {4} has one maximum
    upfloater, {5} none: {5} is chosen and 4 is passed over by C.8 (2026: [C8])."""
    h = RESIDENTS_4 | {4: "w0 b0^ w0^ b=^", 5: "w0 b0 w0 b=", 6: "b0 w0 b0 w0"}
    state = past(h, 6)
    _, e = explain(state)
    maxt = "#4 has upfloated 3 times, MaxT = 3"
    assert upfloater_reasons(e, 5)[-2:] == [
        Reason(
            Topic.CHOICE,
            cite("B.2"),
            "#5: the first set in D.1 order (score, then initial ranking) whose bracket pairs "
            "best: 2 colour preference(s) not granted (C.7)",
        ),
        Reason(
            Topic.REJECTED,
            cite("C.8"),
            f"#4 instead of #5: 1 maximum upfloater(s) instead of 0 ({maxt})",
        ),
    ]
    _, e2026 = explain_round_2026(state)
    assert upfloater_reasons(e2026, 5)[-1] == Reason(
        Topic.REJECTED,
        cite("C8"),
        f"#4 instead of #5: 1 maximum upfloater(s) instead of 0 ({maxt})",
    )


def test_c9_and_the_c8_clause_of_the_chosen_set() -> None:
    """Made-up opponents. Round 6 of 7: MaxT = 2 + [7/5] = 3. 1, 2, 3 (5 points, W B W B W:
    strong Black) may all meet: one upfloater. Pool: 4, 5 (½ point, W B W B W like the
    residents), 6 (0). 4 upfloated 4 times (rounds 2-5), 5 three times (rounds 3-5): both
    maximum upfloaters, both upfloated in round 5. {4} and {5}: 2 preferences not granted
    (four Black seekers, C.7), one maximum upfloater each (C.8); C.9 counts 4 upfloats
    against 3: {5} is chosen, its B.2 reason names its maximum upfloater (C.8), and 4 is
    passed over by C.9."""
    h = {i: "w1 b1 w1 b1 w1" for i in (1, 2, 3)}
    h |= {4: "w0 b0^ w0^ b0^ w=^", 5: "w0 b0 w0^ b0^ w=^", 6: "b0 w0 b0 w0 b0"}
    _, e = explain(past(h, 7))
    assert upfloater_reasons(e, 5)[-2:] == [
        Reason(
            Topic.CHOICE,
            cite("B.2"),
            "#5: the first set in D.1 order (score, then initial ranking) whose bracket pairs "
            "best: 2 colour preference(s) not granted (C.7), 1 maximum upfloater(s) (C.8)",
        ),
        Reason(
            Topic.REJECTED,
            cite("C.9"),
            "#4 instead of #5: 4 upfloat(s) of maximum upfloaters instead of 3 (#4 has "
            "upfloated 4 times, MaxT = 3)",
        ),
    ]


def test_c7_a_maximum_upfloater_passed_over_for_colours_gets_no_maxt_note() -> None:
    """As the C.8 position, but 5 played Black, White, Black, Black-draw (mild Black): {4}
    leaves 2 preferences not granted (four White seekers), {5} 1 (C.7): 4 is passed over
    by C.7, which is about colours, so its maximum upfloats are not mentioned."""
    h = RESIDENTS_4 | {4: "w0 b0^ w0^ b=^", 5: "b0 w0 b0 w=", 6: "b0 w0 b0 w0"}
    _, e = explain(past(h, 6))
    assert upfloater_reasons(e, 5)[-1] == Reason(
        Topic.REJECTED,
        cite("C.7"),
        "#4 instead of #5: 2 player(s) without their colour preference instead of 1",
    )


def test_quality_rejection_ignores_sets_that_did_not_lose_on_c7_to_c10() -> None:
    """``quality_rejection`` gives ``None`` for a set passed over by an absolute criterion
    (no quality), by D.1 order alone, or by a criterion outside C.7-C.10."""
    p, q = player(1), player(2)
    for criterion, quality in (("C.1/C.3", None), ("C.4", None), ("D.1", (1, 0, 0, 0))):
        assert quality_rejection(Alternative(p, q, criterion, quality), (0, 0, 0, 0), 3) is None
    assert quality_rejection(Alternative(p, q, "C.11", (0, 0, 0, 1)), (0, 0, 0, 0), 3) is None


def test_more_than_six_passed_over() -> None:
    """1 (1 point) is alone in its scoregroup; 2-10 (0 points) are the pool in ranking
    order (D.1) and 1 may not meet 2-8 (forbidden pairs, C.1): the first legal set is {9}.
    Seven possible upfloaters ranked above 9 were passed over: the first six, 2-7, are
    analysed (C.1), one more (8) is only counted."""
    h = {1: "w1"} | {i: ("b0" if i % 2 else "w0") for i in range(2, 11)}
    _, e = explain(past(h, 5, forbidden=[(1, k) for k in range(2, 9)]))
    rematch = "the bracket could not be paired without a rematch"
    assert [r for r in board(e, 9, 1).reasons if r.topic is Topic.REJECTED] == [
        *(
            Reason(Topic.REJECTED, cite("C.1"), f"#{k} instead of #9: {rematch}")
            for k in range(2, 8)
        ),
        Reason(
            Topic.REJECTED,
            cite("B.2"),
            "1 more possible upfloater(s) ranked above were passed over (not analysed here)",
        ),
    ]


def float_reasons(e: RoundExplanation) -> list[Reason]:
    return [r for b in e.boards for r in b.reasons if r.topic is Topic.FLOAT]


LOWER = {5: "b= b=", 6: "b= b=", 7: "b0 w0", 8: "w0 b0"}
"""Below the 2-point residents: 5, 6 (1 point, absolute White), 7, 8 (0)."""


def test_c3_keeps_two_of_four_residents_apart() -> None:
    """Made-up opponents. Residents (2 points): 1, 2, 3 (White, White: absolute Black), 4
    (Black, White: mild Black); nobody has met. Their largest pairing has one pair (4 with
    one of 1-3): 2 residents are left alone, 2 upfloaters (5, 6: absolute White, 1 point).
    Without C.1 (which bars nothing here) still one pair: 2 left alone, no help; without
    C.3 two pairs (1-2, 3-4): nobody left alone, so C.3 is the cause."""
    _, e = explain(past({1: "w1 w1", 2: "w1 w1", 3: "w1 w1", 4: "b1 w1"} | LOWER, 5))
    why = "residents with the same absolute colour preference may not meet"
    assert float_reasons(e) == [
        Reason(
            Topic.FLOAT,
            cite("C.3"),
            f"#{u} (score 1) upfloats into scoregroup 2: 2 resident(s) cannot be paired "
            f"within the scoregroup: {why}",
        )
        for u in (5, 6)
    ]


def test_c1_is_cited_when_lifting_either_absolute_criterion_alone_does_not_help() -> None:
    """Made-up opponents. Residents (2 points): 1, 3, 4 (White, White: absolute Black), 2
    (Black, White: mild Black); 1 may not meet 2, 3 or 4, nor 2 meet 4 (forbidden pairs,
    C.1). Allowed: 2-3 only (3-4 has the same absolute preference, C.3): one pair, 2
    residents left alone, 2 upfloaters (5, 6). Without C.1 the pairs 1-2, 2-3, 2-4 are
    added, all through 2: still one pair. Without C.3, 3-4 is added: still one pair (2-3
    or 3-4; 1 meets nobody). Only lifting both pairs 1-2 with 3-4: both are needed, and
    the explanation then cites C.1."""
    h = {1: "w1 w1", 2: "b1 w1", 3: "w1 w1", 4: "w1 w1"} | LOWER
    _, e = explain(past(h, 5, forbidden=[(1, 2), (2, 4), (1, 3), (1, 4)]))
    why = "residents who have already met may not meet again"
    assert float_reasons(e) == [
        Reason(
            Topic.FLOAT,
            cite("C.1"),
            f"#{u} (score 1) upfloats into scoregroup 2: 2 resident(s) cannot be paired "
            f"within the scoregroup: {why}",
        )
        for u in (5, 6)
    ]


def test_a_set_passed_over_by_c3_alone() -> None:
    """Made-up opponents. 1 (2 points, White, White: absolute Black) is alone in his
    scoregroup: one upfloater (B.1). Pool (D.1, 0 points, by ranking): 2 (White, White:
    absolute Black), 3 (Black, Black: absolute White), 4 (White, Black: mild White). {2}:
    1-2 is barred by C.3 only (they have not met), so lifting C.1 would not help and the
    rejection cites C.3. {3}: 1-3 with the rest 2-4: chosen."""
    _, e = explain(past({1: "w1 w1", 2: "w0 w0", 3: "b0 b0", 4: "w0 b0"}, 5))
    assert [r for r in board(e, 3, 1).reasons if r.topic is Topic.REJECTED] == [
        Reason(
            Topic.REJECTED,
            cite("C.3"),
            "#2 instead of #3: the bracket could not be paired without two absolute colour "
            "preferences alike",
        )
    ]


def test_b1_more_upfloaters_than_either_bound() -> None:
    """Made-up opponents, one game each. Residents 1, 2, 3 (1 point); 2 may not meet 3
    (forbidden pairs, C.1 here and below), so one resident is left alone. Pool (0 points, by
    ranking, D.1): 4, 5, 6, 7, 8; among them only 4-5 and 6-7 may meet, and 8 may meet
    only 1: the lower players' largest pairing leaves one over. One upfloater is not
    enough: 4, 5, 6 or 7 leaves 8 with nobody to meet (C.4); 8 must meet 1, and then 2-3 is
    barred. Three: {4, 5, 6} and {4, 5, 7} leave 8 over (C.4); {4, 5, 8} is the first
    legal set in D.1 order (1-8, 2-5, 3-4, rest 6-7; no colour preference lost). Three is
    more than the resident left alone and the lower player left over: the B.1 text names
    the three criteria that decided."""
    h = {1: "w1", 2: "b1", 3: "w1", 4: "b0", 5: "w0", 6: "b0", 7: "w0", 8: "b0"}
    f = [(2, 3), (8, 2), (8, 3), (8, 4), (8, 5), (8, 6), (8, 7), (4, 6), (4, 7), (5, 6), (5, 7)]
    pairing, e = explain(past(h, 5, forbidden=f))
    assert {(b.white, b.black) for b in pairing.boards} == {(8, 1), (2, 5), (4, 3), (6, 7)}
    why = (
        "no smaller set of upfloaters gives a legal pairing of the residents with the rest of "
        "the round still pairable (C.1, C.3, C.4)"
    )
    assert sorted(float_reasons(e), key=lambda r: r.text) == [
        Reason(Topic.FLOAT, cite("B.1"), f"#{u} (score 0) upfloats into scoregroup 1: {why}")
        for u in (4, 5, 8)
    ]
