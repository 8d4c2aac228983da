"""TCEC explanations: for each STEP a small round derived by hand from the wiki text
(/work/shared/specs/tcec-swiss.txt) whose explanation names exactly that STEP.

Histories are written with :func:`tests.engine.test_tcec.column`; ``H`` marks a round a
player sat out (a half-point bye: no colour, no BYE in TCEC's sense), so that white game
differences can be set at will.
"""

from __future__ import annotations

from pairing.engine.core.explain import BoardExplanation, Reason, RoundExplanation, Topic
from pairing.engine.core.state import RoundEntry, RoundPairing, TournamentState
from pairing.engine.tcec import explain_round, pair_round, second_game
from tests.engine.test_tcec import column, tournament


def explain(state: TournamentState) -> tuple[RoundPairing, RoundExplanation]:
    pairing, explanation = explain_round(state)
    assert pairing == pair_round(state)  # explaining never changes the pairing
    return pairing, explanation


def board(explanation: RoundExplanation, a: int, b: int) -> BoardExplanation:
    found = [x for x in explanation.boards if {x.white, x.black} == {a, b}]
    assert found, f"no board {a}-{b}"
    return found[0]


def reasons(reasons: tuple[Reason, ...], topic: Topic) -> list[Reason]:
    return [r for r in reasons if r.topic is topic]


def with_sat_out(entries: dict[int, RoundEntry], *players: int) -> dict[int, RoundEntry]:
    return entries | {p: RoundEntry(None, None, "H") for p in players}


def test_step1_and_step3_round_notes() -> None:
    """Round 1 of four: the pairing order is the seeds; no encounter history to drop."""
    _, e = explain(tournament(4))
    notes = {r.article: r.text for r in e.notes}
    assert notes["TCEC STEP 1"].endswith("first #1, #2, #3, #4")
    assert notes["TCEC STEP 3"] == "a viable pairing exists with the encounter history as it stands"


def test_step2_bye_to_the_lowest_of_the_fewest_byes() -> None:
    """R1: 2-1 drawn, 4-3 0-1, 5 BYE. R2: 1-5 1-0, 3-2 0-1, 4 BYE. Scores: 1 and 2 1½; 3,
    4, 5 one point each. STEP 1: 1, 2, 3, 4, 5. STEP 2: received BYEs: 4 and 5 one, the
    others none; the lowest of those with none is 3; 4 and 5 are below him but had a BYE."""
    state = tournament(
        5,
        [column([(2, 1, "="), (4, 3, "0")], bye=5), column([(1, 5, "1"), (3, 2, "0")], bye=4)],
    )
    pairing, e = explain(state)
    assert pairing.bye == 3 and e.bye is not None
    (bye,) = reasons(e.bye.reasons, Topic.BYE)
    assert bye.article == "TCEC STEP 2" and "fewest BYEs (0)" in bye.text
    (passed,) = reasons(e.bye.reasons, Topic.REJECTED)
    assert passed.article == "TCEC STEP 2" and passed.text.startswith("#4, #5:")


def test_step3_met_and_colour_balancing_bar_the_higher_players() -> None:
    """R1: 1-2, 3-4 (drawn), 5 and 6 sit out; R2: 1-5, 3-6 (drawn), 2 and 4 sit out.
    Everybody has 1 point: pairing order 1-6. WGD: 1 and 3 +2, the others -1.
    STEP 4 for 1: 2 already met him (round 1); 3 (+2) is barred by colour balancing
    (|2 + 2| > 2); 4 (-1) is allowed and 2-3, 5-6 stay possible: 1-4.
    STEP 5: 1 has the greater WGD: black, 4-1."""
    state = tournament(
        6,
        [
            with_sat_out(column([(1, 2, "="), (3, 4, "=")]), 5, 6),
            with_sat_out(column([(1, 5, "="), (3, 6, "=")]), 2, 4),
        ],
    )
    _, e = explain(state)
    b = board(e, 1, 4)
    assert (b.white, b.black) == (4, 1)
    met, colour = reasons(b.reasons, Topic.REJECTED)
    assert met.article == colour.article == "TCEC STEP 3"
    assert met.text == "#2: already met #1 (round 1 of the encounter history)"
    assert colour.text.startswith("#3: colour balancing, white game difference +2")
    (rule,) = reasons(b.reasons, Topic.COLOUR)
    assert (
        rule.article == "TCEC STEP 5"
        and "greater white game difference (+2 against -1)" in rule.text
    )


def test_step3_viability_bars_a_partner_who_leaves_the_rest_unpairable() -> None:
    """R1: 3-4 drawn, 1 and 2 sit out. R2: all on ½, pairing order 1-4. 1 may meet 2, but
    3-4 (met) would remain: not viable; 1-3, then 2-4."""
    state = tournament(4, [with_sat_out(column([(3, 4, "=")]), 1, 2)])
    _, e = explain(state)
    (viability,) = reasons(board(e, 1, 3).reasons, Topic.REJECTED)
    assert viability.article == "TCEC STEP 3"
    assert viability.text.startswith(
        "#2: allowed, but pairing #1 with this player leaves no viable"
    )


def test_step3_removes_the_earliest_round_when_no_pairing_is_viable() -> None:
    """Two players who met in round 1: no viable pairing until round 1 leaves the encounter
    history. STEP 5: 1 (WGD +1) has black."""
    pairing, e = explain(tournament(2, [column([(1, 2, "=")])]))
    assert pairing.boards[0].white == 2
    notes = [r for r in e.notes if r.article == "TCEC STEP 3"]
    assert notes[0].text.startswith(
        "no viable pairing existed with the encounter history: its earliest round 1 removed"
    )


def test_step4_float_and_step5_higher_score_gets_black() -> None:
    """R1: 2-1 0-1, 4-3 drawn. Scores 1: 1, 3 and 4: ½, 2: 0; pairing order 1, 3, 4, 2.
    STEP 4: 1 takes 3 (allowed, viable: 4-2 have not met): 3 plays up (STEP 4, no other
    player with 1 point). STEP 5: both WGD -1, 1 has the higher score: black, 3-1."""
    state = tournament(4, [column([(2, 1, "0"), (4, 3, "=")])])
    _, e = explain(state)
    b = board(e, 1, 3)
    (up,) = reasons(b.reasons, Topic.FLOAT)
    assert up.article == "TCEC STEP 4"
    assert (
        up.text
        == "#3 (score ½) plays #1 (score 1): no other player with #1's score was left unpaired"
    )
    (rule,) = reasons(b.reasons, Topic.COLOUR)
    assert (b.white, b.black) == (3, 1)
    assert rule.article == "TCEC STEP 5" and "the higher score (1 against ½)" in rule.text
    assert b.public_reasons == (up, rule)


def test_step5_the_2112_pattern() -> None:
    """Round 1: equal WGD (0) and scores: round 1 of the pattern gives the first-of-pair
    black: 2-1, 4-3; the worse pair plays first."""
    pairing, e = explain(tournament(4))
    assert [(b.white, b.black) for b in e.boards] == [(4, 3), (2, 1)]
    (rule,) = reasons(e.boards[1].reasons, Topic.COLOUR)
    assert rule.article == "TCEC STEP 5"
    assert rule.text.endswith("in round 1 the 2112 pattern gives the first-of-pair #1 black")
    assert e.matches(pairing)


def test_step5_double_rounds_and_the_second_game() -> None:
    """Double rounds: the first-of-pair has black in game 1; game 2 reverses the colours."""
    _, e = explain(tournament(2, double=True))
    (rule,) = reasons(e.boards[0].reasons, Topic.COLOUR)
    assert rule.article == "TCEC STEP 5" and rule.text.startswith(
        "double rounds: the first-of-pair #1"
    )
    game2 = second_game(e)
    assert (game2.boards[0].white, game2.boards[0].black) == (1, 2)
    (rule2,) = reasons(game2.boards[0].reasons, Topic.COLOUR)
    assert rule2.text == "double rounds: the second game reverses the colours of the first"
