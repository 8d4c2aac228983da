"""Tests written after mutation run 10 (docs/testing.md) of ``usswiss/explain.py``: the article
an explanation cites for a pairing moved away from the natural one, by how far it moved.

USCF 29E5a allows a switch of up to 80 rating points to give more players their due colour
(alternation), 29E5b up to 200 points to equalize colours; beyond them only 27A1 (no rematch)
moves a player. The 29E5h variation (colours before ratings) has no point limit. Limits are
inclusive ("80 points or less"), so 80 is still 29E5a and 200 still 29E5b."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from pairing.engine.core.explain import Reason, Topic
from pairing.engine.core.state import TournamentState
from pairing.engine.usswiss import USSettings, explain_round
from pairing.engine.usswiss.explain import _Explainer
from tests.engine.usswiss_mutant_cases import (
    BYE_FOR_COLOURS,
    board_reasons,
    by_article,
    bye_past_a_full_point_bye,
    bye_reasons,
    odd_player_meets_unrated,
    odd_player_past_a_rematch,
)
from tests.engine.usswiss_support import section


def _explainer(settings: USSettings) -> _Explainer:
    rnd = SimpleNamespace(dropped=())
    return _Explainer(TournamentState(players=()), settings, rnd)  # type: ignore[arg-type]


def test_29e5a_29e5b_27a1_by_the_size_of_the_switch() -> None:
    """Default limits 80 / 200: 80 -> 29E5a, 81 -> 29E5b, 200 -> 29E5b, 201 -> 27A1."""
    e = _explainer(USSettings())
    assert [e._limit_article(d) for d in (0, 80, 81, 200, 201)] == [
        "29E5a",
        "29E5a",
        "29E5b",
        "29E5b",
        "27A1",
    ]
    assert e._why_switch(80).startswith("within the 80-point limit, to give more players")
    assert e._why_switch(81).startswith("within the 200-point limit, to equalize colours")
    assert e._why_switch(200).startswith("within the 200-point limit")
    assert e._why_switch(201).startswith("beyond the limits: no pairing within them")


def test_29e5h_colours_before_ratings_only_beyond_the_alternation_limit() -> None:
    """29E5h (variation): a switch above 80 points is for colours, with no limit, so 81 and
    500 cite 29E5h; one of 80 points or less is still plain 29E5a."""
    e = _explainer(USSettings(colours_over_ratings=True))
    assert [e._limit_article(d) for d in (80, 81, 500)] == ["29E5a", "29E5h", "29E5h"]
    assert e._why_switch(80).startswith("within the 80-point limit")
    assert e._why_switch(81).startswith("for colours: colours before ratings, no point limit")


# -- After run 10's survivors were analysed (docs/testing.md): what an explanation says
# happened -- who, which group, which colour, which rule -- on rounds worked out by hand.


def test_the_round_notes_29a_28r1() -> None:
    """Round 1 of eight players (2000 down to 1300), accelerated (28R1): 29A ranks the eight
    by score, then rating, and the note shows the first six (#1 to #6, then how many more
    are left out of a six-player list); 28R1 adds a point to the upper half, 4 players,
    in round 1. Without acceleration there is no 28R1 note."""
    state = section([2000, 1900, 1800, 1700, 1600, 1500, 1400, 1300])
    _, explanation = explain_round(state, USSettings(accelerated=True))
    notes = {r.article: r for r in explanation.notes}
    assert set(notes) == {"29A", "28R1"}
    assert notes["29A"].topic is Topic.ROUND
    assert notes["29A"].text.startswith("8 players ranked by score, then rating")
    assert notes["29A"].text.endswith("first #1, #2, #3, #4, #5, #6 and 2 more")
    assert "upper half (4 players by rating)" in notes["28R1"].text
    assert notes["28R1"].text.endswith("in round 1")
    assert explanation.system.startswith("US Chess Swiss")
    assert explanation.round_number == 1
    _, plain = explain_round(state)
    assert [r.article for r in plain.notes] == ["29A"]


def test_the_round_notes_29e5f1_by_the_last_round_and_28n2_only_with_its_groups() -> None:
    """29E5f1 (no third colour in a row) is noted in every round it is on; in the last
    round it says that the leaders are paired by score and a third colour comes only as
    29E5f allows; before it, that no player gets a third colour where the round can be
    paired so. 28N2 (never team-mates) is noted only when the TD gave keep-apart groups
    and asked for it: neither alone."""
    state = section([2000, 1900, 1800, 1700], {1: ["W1"], 2: ["B1"], 3: ["W0"], 4: ["B0"]})
    both = USSettings(no_third_colour=True, teams_never=True, avoid_together=((1, 2),))
    for rounds, start in ((2, "the last round: the leaders"), (5, "no player gets the same")):
        _, explanation = explain_round(replace(state, total_rounds=rounds), both)
        notes = {r.article: r for r in explanation.notes}
        assert set(notes) == {"29A", "29E5f1", "28N2"}
        assert notes["29E5f1"].topic is Topic.ROUND
        assert notes["29E5f1"].text.startswith(start)
        assert notes["28N2"].topic is Topic.ROUND
        assert notes["28N2"].text.startswith("players of one keep-apart group are never")
    for settings in (USSettings(teams_never=True), USSettings(avoid_together=((1, 2),))):
        _, explanation = explain_round(state, settings)
        assert [r.article for r in explanation.notes] == ["29A"]


def test_the_odd_player_and_his_partner_are_named() -> None:
    """The round of test_usswiss_bye_mutants' 29D2 test: 3 drops from the 2-point group
    (29D1a, the lowest-rated) and meets the unrated 6 instead of 4 (29E5g counts the switch
    as 80 points: within 29E5a's limit, for due colours). Board 6-3 is in score group 0;
    its reasons: 27A2 (that group), 29D1a (#3, the odd player of score group 2, the
    lowest-rated), 29E5a (#6 instead of #4, 80 points lower). Board 1-2 is top half against
    bottom half (27A3). With the Harkness variation the odd player is the middle one."""
    state = odd_player_meets_unrated()
    pairing, explanation = explain_round(state)
    assert explanation.matches(pairing)
    board = explanation.board(6, 3)
    assert board is not None
    assert board.bracket == "score group 0"
    reasons = by_article(board)
    assert reasons["27A2"].text.startswith("score group 0: players with equal scores")
    assert reasons["29D1a"].topic is Topic.FLOAT
    assert reasons["29D1a"].text.startswith(
        "#3 is the odd player of score group 2: the lowest-rated player whose dropping"
    )
    assert reasons["29E5a"].topic is Topic.CHOICE
    assert reasons["29E5a"].text.startswith("#6 instead of #4, 80 rating points lower: within")
    assert board_reasons(explanation, 1, 2)["27A3"].text.startswith(
        "top half against bottom half: #1 and #2 face"
    )
    _, harkness = explain_round(state, USSettings(harkness=True))
    assert any("middle player by rank" in r.text for b in harkness.boards for r in b.reasons)
    assert not any("middle player by rank" in r.text for b in explanation.boards for r in b.reasons)


def test_the_odd_players_highest_rated_partner_is_named() -> None:
    """The round of test_usswiss_bye_mutants' other 29D2 test: 3 drops and meets 5, the
    highest-rated player of the 1-point group he may meet with the rest pairable (4 would
    leave 5 and 6 to meet again): 29D2, "#5 is the highest-rated player of the next group
    #3 may meet"."""
    state = odd_player_past_a_rematch()
    _, explanation = explain_round(state)
    reasons = board_reasons(explanation, 3, 5)
    assert reasons["29D2"].topic is Topic.CHOICE
    assert reasons["29D2"].text == "#5 is the highest-rated player of the next group #3 may meet"
    assert reasons["29D1a"].text.startswith("#3 is the odd player of score group 2")


def test_a_transposition_forced_by_a_rematch_cites_27a1() -> None:
    """Round 2, all four on ½: 1 (2000) drew with 3 (1800) in round 1, 2 (1900) and 4
    (1700) drew with outside players. 27A3 would pair 1-3 and 2-4, but 1 and 3 have met
    (27A1): 1 meets 4 (a transposition in the bottom half), the explanation naming who met
    whom: "#1 has already played #3". 4 (Black before) gets White: 4-1."""
    state = section([2000, 1900, 1800, 1700], {1: ["W=@3"], 2: ["W="], 3: ["B=@1"], 4: ["B="]})
    _, explanation = explain_round(state)
    reasons = board_reasons(explanation, 4, 1)
    assert reasons["27A1"].topic is Topic.CHOICE
    assert reasons["27A1"].text == "transposition in the bottom half: #1 has already played #3"


def test_transposition_and_interchange_are_told_apart_with_their_measure() -> None:
    """The 29E5c example (test_usswiss_variations): 2000 - 1500 is a transposition in the
    bottom half instead of 1800, measured by the smaller difference, 20 points (29E5c),
    within 29E5a. The 29E5e forum case: 2400 - 2250 is an interchange between the halves
    instead of 2210, 40 points between the players exchanged (29E5d), within 29E5a."""
    draw_wb, draw_bw = ["W=", "B="], ["B=", "W="]
    state = section([2000, 1980, 1800, 1500], {1: draw_wb, 2: draw_bw, 3: draw_wb, 4: draw_bw})
    _, explanation = explain_round(state)
    reasons = board_reasons(explanation, 1, 4)
    assert reasons["29E5a"].topic is Topic.CHOICE
    assert reasons["29E5a"].text.startswith(
        "transposition in the bottom half instead of #3 (20 rating points, the smaller of "
        "the two differences, 29E5c), within the 80-point limit"
    )
    state = section([2400, 2250, 2210, 2013], {1: ["B1"], 2: ["W1"], 3: ["B1"], 4: ["W1"]})
    _, explanation = explain_round(state)
    assert board_reasons(explanation, 1, 2)["29E5a"].text.startswith(
        "interchange between the halves instead of #3 (40 rating points, between the "
        "players exchanged, 29E5d), within the 80-point limit"
    )


def test_a_keep_apart_pair_is_named() -> None:
    """28N (default, a soft rule): team-mates 1 and 2, alone on 1 point, meet all the same
    (pairing within the score group comes first); the board names them: "#1 and #2 are in a
    group the TD asked to keep apart" (rejected: nothing above it avoided the pair)."""
    state = section([2000, 1900, 1800, 1700], {1: ["W1"], 2: ["B1"], 3: ["W0"], 4: ["B0"]})
    _, explanation = explain_round(state, USSettings(avoid_together=((1, 2),)))
    reasons = board_reasons(explanation, 2, 1)
    assert reasons["28N"].topic is Topic.REJECTED
    assert reasons["28N"].text.startswith("#2 and #1 are in a group the TD asked to keep apart")
    assert "28N" not in board_reasons(explanation, 4, 3)


def test_the_bye_names_its_player_group_and_who_was_passed_over() -> None:
    """Round 4 of five: 4 (1500) beat 1, 2 and 3; 5 (1400) lost three games to outside
    players. 28L2: the lowest group is 5 alone, but without him 4 could meet nobody new
    (27A1): passed over, "#5: the others could not all be paired without a rematch
    (27A1)"; the bye goes to the lowest-rated of the next group, 3, on 1 point."""
    state = section(
        [2000, 1900, 1800, 1500, 1400],
        {
            1: ["B0@4", "W1", "B1"],
            2: ["W1", "W0@4", "B1"],
            3: ["W1", "B0", "B0@4"],
            4: ["W1@1", "B1@2", "W1@3"],
            5: ["W0", "B0", "W0"],
        },
    )
    _, explanation = explain_round(state)
    assert explanation.bye is not None and explanation.bye.player == 3
    reasons = bye_reasons(state)
    assert reasons["28L2"].topic is Topic.BYE
    assert reasons["28L2"].text.endswith("#3 is in score group 1")
    assert reasons["27A1"].topic is Topic.REJECTED
    assert reasons["27A1"].text == (
        "#5: the others could not all be paired without a rematch (27A1)"
    )


def test_the_bye_passed_over_for_28l3_and_moved_by_28l2a() -> None:
    """test_usswiss_mutants' 28L2a case: 5 (500) had the full-point bye: passed over by
    28L3; 28L2 gives it to 4, and 28L2a moves it to 3 for colours: "#3 instead of #4".
    Without 28L2a: 4 has the bye, 5 passed over (28L3), no 28L2a reason."""
    state = bye_past_a_full_point_bye()
    _, explanation = explain_round(state, BYE_FOR_COLOURS)
    assert explanation.bye is not None and explanation.bye.player == 3
    reasons = bye_reasons(state, BYE_FOR_COLOURS)
    assert reasons["28L2a"].topic is Topic.BYE
    assert reasons["28L2a"].text.startswith("variation: #3 instead of #4, so that")
    assert reasons["28L3"].topic is Topic.REJECTED
    assert reasons["28L3"].text == "#5: already received a full-point bye (28L3)"
    _, plain = explain_round(state)
    assert plain.bye is not None and plain.bye.player == 4
    assert set(bye_reasons(state)) == {"28L2", "28L3"}


# -- the colour reason: who gets which colour, by which part of 29E ----------------------


def _colour(state: TournamentState, settings: USSettings, board: int = 0) -> Reason:
    _, explanation = explain_round(state, settings)
    reasons = [r for r in explanation.boards[board].reasons if r.topic is Topic.COLOUR]
    assert len(reasons) == 1
    return reasons[0]


def test_colour_reasons_name_the_winner_the_colour_and_the_rule() -> None:
    """Two players, each case worked out by 29E:
    round 1 (no colours): the higher-ranked #1 has White by the lot (29E2);
    1 (W, won) and 2 (B, lost): 1 is due Black, 2 White: different due colours (29E3), "#1
    is due Black" (the first named is the higher-ranked);
    1 (B, W) and 2 (W, W): both due Black; White would put 2 two games ahead, 1 only miss
    alternation: 2 gets Black to equalize (29E4), 1 misses his due colour (27A5);
    1 (W, B, W) and 2 (B, W, W): both due Black and either would be two ahead with White;
    in round 2 their colours differed, 2 had White then: 2 gets Black (29E4, history), 1
    is left unequalized (27A4);
    1 (W, won) and 2 (W, lost): identical histories, both due Black: the higher-ranked #1
    gets it (29E4), 2 two Whites ahead (27A4); with 29E4a (minus-lower), 2 on a minus score
    gets it instead (29E4a)."""
    first = section([2000, 1900])
    reason = _colour(first, USSettings())
    assert reason.article == "29E2"
    assert reason.text.startswith("no colours yet: #1 (higher-ranked) has White")
    due = section([2000, 1900], {1: ["W1"], 2: ["B0"]})
    reason = _colour(due, USSettings())
    assert reason.article == "29E3"
    assert reason.text == "#1 is due Black, the opponent is not: both get their due colour"
    equalize = section([2000, 1900], {1: ["B1", "W1"], 2: ["W0", "W0"]})
    reason = _colour(equalize, USSettings())
    assert reason.article == "29E4"
    assert reason.text.startswith("both due Black: #2 needs it to equalize colours")
    assert reason.text.endswith("; one player without his due colour (27A5)")
    history = section([2000, 1900], {1: ["W1", "B1", "W1"], 2: ["B0", "W0", "W0"]})
    reason = _colour(history, USSettings())
    assert reason.article == "29E4"
    assert reason.text.startswith("both due Black, equally: #2 had the other colour")
    assert reason.text.endswith("; colours not equalized for one player (27A4)")
    same = section([2000, 1900], {1: ["W1"], 2: ["W0"]})
    reason = _colour(same, USSettings())
    assert reason.article == "29E4"
    assert reason.text.startswith("both due Black with the same history: #1 is higher-ranked")
    assert reason.text.endswith("; colours not equalized for one player (27A4)")
    reason = _colour(same, USSettings(colour_priority="minus-lower"))
    assert reason.article == "29E4a"
    assert reason.text.startswith("both due Black with the same history, in a minus score")
    assert "#2 is lower-ranked" in reason.text


def test_colour_reason_29e4b_names_the_lower_ranked() -> None:
    """29E4b (alternating): 1-4 all won with White, both boards of the 1-point group decided
    by identical histories. Board 1: the higher-ranked 1 gets Black (3-1); board 2 in turn
    the lower-ranked 4 gets Black (2-4): "#4 is lower-ranked" (29E4b)."""
    state = section([2000, 1900, 1800, 1700], {1: ["W1"], 2: ["W1"], 3: ["W1"], 4: ["W1"]})
    settings = USSettings(colour_priority="alternating")
    assert _colour(state, settings, 0).text.startswith("both due Black with the same history: #1")
    reason = _colour(state, settings, 1)
    assert reason.article == "29E4b"
    assert reason.text.startswith("both due Black with the same history: #4 is lower-ranked")
