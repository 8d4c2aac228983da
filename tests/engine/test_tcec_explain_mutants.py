"""TCEC explanations (pairing/engine/tcec/explain.py), written after mutation run 11 of the
module (docs/testing.md): what an explanation says happened -- who, which place and score,
which STEP, which rounds -- on rounds worked out by hand from the wiki text
(/work/shared/specs/tcec-swiss.txt), as in test_explain_tcec.py."""

from __future__ import annotations

from dataclasses import replace

from pairing.engine.core.explain import Topic
from pairing.engine.core.state import ForbiddenPairs
from pairing.engine.tcec import explain_round, second_game
from tests.engine.test_explain_tcec import board, reasons, with_sat_out
from tests.engine.test_tcec import column, tournament


def test_round_one_of_eight_notes_places_and_choice() -> None:
    """Round 1 of eight (single rounds): STEP 1 orders 1..8 by seed, the note shows the first
    six and "2 more". Boards: 1-2, 3-4, 5-6, 7-8, each first-of-pair taking the next
    player; 1 is in place 1 with score 0, 2 in place 2. STEP 5: equal WGD (0) and scores
    (0): round 1 of the 2112 pattern gives the first-of-pair black: 2-1."""
    _, e = explain_round(tournament(8))
    assert e.system == "TCEC Swiss (single rounds)"
    assert e.round_number == 1
    notes = {r.article: r for r in e.notes}
    assert notes["TCEC STEP 1"].topic is Topic.ROUND
    assert notes["TCEC STEP 3"].topic is Topic.ROUND
    assert notes["TCEC STEP 1"].text == (
        "pairing order: 8 players by score (descending), then seed (ascending); "
        "first #1, #2, #3, #4, #5, #6 and 2 more"
    )
    b = board(e, 1, 2)
    assert b.bracket == "pairing order 1 and 2"
    first, choice, colour = b.reasons
    assert (first.topic, first.article) == (Topic.BRACKET, "TCEC STEP 4")
    assert first.text == (
        "#1 (place 1, score 0) is the first unpaired player in the pairing order: first-of-pair"
    )
    assert (choice.topic, choice.article) == (Topic.CHOICE, "TCEC STEP 4")
    assert choice.text == (
        "#2 (place 2, score 0) is the next unpaired player in the pairing order, allowed and "
        "keeping the round viable"
    )
    assert (b.white, b.black) == (2, 1)
    assert colour.text == (
        "equal white game differences (0) and scores (0): in round 1 the 2112 pattern gives "
        "the first-of-pair #1 black"
    )


def test_round_two_of_the_2112_pattern_gives_the_first_of_pair_white() -> None:
    """Round 2, all four sat out round 1: equal WGD (0) and scores (½); round 2 of the 2112
    pattern gives the first-of-pair white: 1-2 and 3-4."""
    state = tournament(4, [with_sat_out({}, 1, 2, 3, 4)])
    _, e = explain_round(state)
    b = board(e, 1, 2)
    assert (b.white, b.black) == (1, 2)
    (colour,) = reasons(b.reasons, Topic.COLOUR)
    assert colour.text.endswith("in round 2 the 2112 pattern gives the first-of-pair #1 white")


def test_double_rounds_name_and_the_second_game_keeps_the_rest() -> None:
    """Double rounds, three players: the system is named so; the second game's explanation
    keeps the system, the round, the notes and the bye, and gives the reversed colours as
    a STEP 5 colour reason."""
    _, e = explain_round(tournament(3, double=True))
    assert e.system == "TCEC Swiss (double rounds)"
    game2 = second_game(e)
    assert (game2.system, game2.round_number, game2.notes) == (e.system, 1, e.notes)
    assert e.bye is not None and game2.bye == e.bye
    assert game2.boards[0].bracket == e.boards[0].bracket == "pairing order 1 and 2"
    colour = game2.boards[0].reasons[-1]
    assert (colour.topic, colour.article) == (Topic.COLOUR, "TCEC STEP 5")


def test_met_rounds_are_numbered_from_the_first_in_the_history() -> None:
    """R1: 1-3, 2-4 drawn; R2: 2-1, 4-3 drawn. All on 1 point, pairing order 1-4. WGD: 1 and
    4 0, 2 +2, 3 -2. STEP 4 for 1: 2 met him in round 2, 3 in round 1; 4 (WGD 0) is
    allowed and 2-3 have not met: 1-4."""
    state = tournament(4, [column([(1, 3, "="), (2, 4, "=")]), column([(2, 1, "="), (4, 3, "=")])])
    _, e = explain_round(state)
    (choice,) = reasons(board(e, 1, 4).reasons, Topic.CHOICE)
    assert choice.text == (
        "#4 (place 4, score 1) is the highest-ranked unpaired player #1 may meet with the "
        "rest of the round still viable"
    )
    met = [r.text for r in reasons(board(e, 1, 4).reasons, Topic.REJECTED)]
    assert met == [
        "#2: already met #1 (round 2 of the encounter history)",
        "#3: already met #1 (round 1 of the encounter history)",
    ]


def test_colour_texts_name_who_has_black_and_the_signed_differences() -> None:
    """test_explain_tcec's STEP 3 round: 3 (WGD +2) is barred from 1 (+2) by colour
    balancing, named with both signed differences; 4-1, "#1 has black: the greater white
    game difference (+2 against -1)". Its two-player round 2 after a drawn 1-2 (1 WGD +1,
    2 -1): "#1 has black: ... (+1 against -1)". Its STEP 4 round: 3-1, 1 has black by the
    higher score with equal differences (-1)."""
    state = tournament(
        6,
        [
            with_sat_out(column([(1, 2, "="), (3, 4, "=")]), 5, 6),
            with_sat_out(column([(1, 5, "="), (3, 6, "=")]), 2, 4),
        ],
    )
    _, e = explain_round(state)
    b = board(e, 1, 4)
    assert reasons(b.reasons, Topic.REJECTED)[1].text == (
        "#3: colour balancing, white game difference +2 against #1's +2 (|sum| over 2)"
    )
    assert reasons(b.reasons, Topic.COLOUR)[0].text == (
        "#1 has black: the greater white game difference (+2 against -1)"
    )
    _, two = explain_round(tournament(2, [column([(1, 2, "=")])]))
    assert {r.article: r.topic for r in two.notes}["TCEC STEP 3"] is Topic.ROUND
    assert two.boards[0].reasons[-1].text == (
        "#1 has black: the greater white game difference (+1 against -1)"
    )
    _, four = explain_round(tournament(4, [column([(2, 1, "0"), (4, 3, "=")])]))
    assert reasons(board(four, 1, 3).reasons, Topic.COLOUR)[0].text.startswith(
        "#1 has black: equal white game differences (-1), the higher score (1 against ½)"
    )


def test_a_forbidden_pair_and_a_float_past_barred_players() -> None:
    """R1: 1-2 1-0, 3-4 1-0: 1 and 3 on 1 point, 2 and 4 on 0; pairing order 1, 3, 2, 4.
    The arbiter forbade 1-3. STEP 4 for 1: 3 forbidden, 2 already met (round 1); 4 is
    allowed and 3-2 have not met: 1-4. 4 plays up: the player with 1's score, 3, was
    barred."""
    state = tournament(4, [column([(1, 2, "1"), (3, 4, "1")])])
    state = replace(state, forbidden=(ForbiddenPairs((1, 3)),))
    _, e = explain_round(state)
    b = board(e, 1, 4)
    assert [(r.article, r.text) for r in reasons(b.reasons, Topic.REJECTED)] == [
        ("TCEC STEP 3", "#2: already met #1 (round 1 of the encounter history)"),
        ("TCEC STEP 3", "#3: the arbiter forbade the pair with #1"),
    ]
    (up,) = reasons(b.reasons, Topic.FLOAT)
    assert up.text == (
        "#4 (score 0) plays #1 (score 1): the unpaired players with #1's score (#3) were "
        "barred (see above)"
    )


def test_the_bye_names_its_player_and_place() -> None:
    """test_explain_tcec's STEP 2 round: 3 has the BYE, in place 3 of 5."""
    state = tournament(
        5,
        [column([(2, 1, "="), (4, 3, "0")], bye=5), column([(1, 5, "1"), (3, 2, "0")], bye=4)],
    )
    _, e = explain_round(state)
    assert e.bye is not None and e.bye.player == 3
    assert e.bye.reasons[0].text.endswith("#3 is in place 3 of 5")


def test_several_players_barred_by_viability_are_named_together() -> None:
    """Round 1 of six; the arbiter forbade 4 every opponent but 1. STEP 4 for 1: 2 and 3 are
    allowed, but with either of them 4 would be left with nobody he may meet: 1-4.
    "#2, #3: allowed, but pairing #1 with them leaves no viable pairing"."""
    forbidden = tuple(ForbiddenPairs((4, p)) for p in (2, 3, 5, 6))
    _, e = explain_round(replace(tournament(6), forbidden=forbidden))
    (viability,) = reasons(board(e, 1, 4).reasons, Topic.REJECTED)
    assert viability.article == "TCEC STEP 3"
    assert viability.text == (
        "#2, #3: allowed, but pairing #1 with them leaves no viable pairing for the rest "
        "of the round (viability)"
    )


# -- Run 12 (docs/testing.md): rounds removed from the encounter history (STEP 3) ------------
# Four players, colours as the arbiter recorded them (all games drawn but where said):
# R1 1-2, 3-4 (4 wins); R2 1-3, 2-4 (4 wins); R3 1-4, 2-3. WGD after R3: 1 +3 (three
# Whites), 2 +1 (B, W, W), 3 -1 (W, B, B), 4 -3 (three Blacks). Scores: 4 2½, 1 1½, 2 and 3
# 1: pairing order 4, 1, 2, 3 (STEP 1). Every pair has met: no viable pairing (STEP 3).
# Without R1, 1-2 and 3-4 may meet again, but 1-2 breaks the colour balance (|+3 + 1| = 4
# > 2), so {1-2, 3-4} is not viable and {1-3, 2-4}, {1-4, 2-3} hold a live meeting: R2
# goes too. Then 1-3 (|+3 - 1| = 2) and 2-4 (|+1 - 3| = 2) are viable: two rounds removed
# at once.
FOUR_ROUNDS = [
    column([(1, 2, "="), (3, 4, "0")]),
    column([(1, 3, "="), (2, 4, "0")]),
    column([(1, 4, "="), (2, 3, "=")]),
]


def test_two_rounds_removed_at_once_are_named_and_meetings_counted_after_them() -> None:
    """Round 4 (above). The STEP 3 note names both rounds removed, "rounds 1-2". STEP 4 for
    4 (first in the pairing order): 1 met him in round 3, the earliest round left in the
    history (its first round after two removed); 2 is allowed (R2 removed, |-3 + 1| = 2)
    and 1-3 stays viable: 4-2, then 1-3; STEP 5 colours them 4-2, 3-1."""
    _, e = explain_round(tournament(4, FOUR_ROUNDS))
    notes = {r.article: r.text for r in e.notes}
    assert notes["TCEC STEP 3"] == (
        "no viable pairing existed with the encounter history: its earliest rounds 1-2 "
        "removed for good; meetings there no longer bar a pair"
    )
    met = [r.text for r in reasons(board(e, 4, 2).reasons, Topic.REJECTED)]
    assert met == ["#1: already met #4 (round 3 of the encounter history)"]
    # STEP 5: the greater WGD has Black: 2 (+1) against 4 (-3), 1 (+3) against 3 (-1).
    assert {(b.white, b.black) for b in e.boards} == {(4, 2), (3, 1)}


def test_rounds_removed_before_are_noted_when_none_is_removed_now() -> None:
    """Round 5, after round 4 drawn as STEP 5 coloured it (the greater WGD has Black): 4-2,
    3-1. WGD now 1 +2, 2 0, 3 0, 4 -2; the history holds R3 (1-4, 2-3) and R4 (2-4, 1-3):
    1-2 (|+2 + 0| = 2) and 3-4 (|0 - 2| = 2) are viable, nothing is removed; the note says
    rounds 1-2 were removed before. Scores 4 3, 1 2, 2 and 3 1½: STEP 4 for 4: 1 met him in
    round 3, 2 in round 4; 3 is allowed: 4-3, then 1-2."""
    rounds = [*FOUR_ROUNDS, column([(4, 2, "="), (3, 1, "=")])]
    _, e = explain_round(tournament(4, rounds))
    notes = {r.article: r.text for r in e.notes}
    assert notes["TCEC STEP 3"] == (
        "a viable pairing exists with the encounter history as it stands "
        "(rounds 1-2 were removed before)"
    )
    met = [r.text for r in reasons(board(e, 4, 3).reasons, Topic.REJECTED)]
    assert met == [
        "#1: already met #4 (round 3 of the encounter history)",
        "#2: already met #4 (round 4 of the encounter history)",
    ]
