"""Dutch explanations (C.04.3, 2017 and 2026): for each criterion and colour rule a small
round or bracket derived by hand whose explanation names exactly that article, in the
numbering of each edition (2017 C.1-C.19 and E.1-E.5; 2026 C1-C21 and 5.2.1-5.2.5).

Brackets are built with :mod:`tests.engine.test_dutch_support` (``player(id, score in
half-points, colour history)``); whole rounds with its ``state``. A bracket's explanation
compares the chosen candidate with each candidate generated before it (a higher S2 player
for an S1 player) and with each other player who might have floated down, and names the
first criterion on which that candidate is worse.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pairing.engine.core.explain import BoardExplanation, Reason, RoundExplanation, Topic
from pairing.engine.core.state import TournamentState
from pairing.engine.dutch.bracket import pair_bracket
from pairing.engine.dutch.edition import EDITION_2017, EDITION_2026, Edition
from pairing.engine.dutch.explain import explain_round
from pairing.engine.dutch.graph import BracketGraph, Mode, RoundRules
from pairing.engine.dutch.players import DutchPlayer, Float
from pairing.engine.dutch.reasons import BracketReasons, bracket_reasons
from pairing.engine.dutch.system import pair_round
from tests.engine.test_dutch_2026 import BYE_SCORE, COMPLETION, UNPLAYED
from tests.engine.test_dutch_support import player, rules, state

D, U = Float.DOWN, Float.UP
BOTH = pytest.mark.parametrize("edition", [EDITION_2017, EDITION_2026], ids=["2017", "2026"])


def floated(p: DutchPlayer, attribute: str, how: Float) -> DutchPlayer:
    """``p`` with a float in the previous round (``float_last``) or the one before."""
    if attribute == "float_last":
        return replace(p, float_last=how)
    return replace(p, float_before_last=how)


def named(edition: Edition, old: str, new: str) -> str:
    """The article as the edition numbers it."""
    return f"C.04.3 {old if edition.year == 2017 else new}"


def explain(state: TournamentState, edition: Edition) -> RoundExplanation:
    pairing, explanation = explain_round(state, edition)
    assert pairing == pair_round(state, edition)  # explaining never changes the pairing
    assert explanation.matches(pairing)
    return explanation


def explain_bracket(
    mdps: list[DutchPlayer],
    residents: list[DutchPlayer],
    mode: Mode,
    round_rules: RoundRules,
    edition: Edition,
    **options: object,
) -> BracketReasons:
    recorder: list = []
    pair_bracket(
        mdps,
        residents,
        mode,
        replace(round_rules, edition=edition, recorder=recorder),
        **options,  # type: ignore[arg-type]
    )
    graph, result = recorder[-1]
    assert isinstance(graph, BracketGraph)
    return bracket_reasons(graph, result, edition)


def of(reasons: list[Reason] | tuple[Reason, ...], topic: Topic) -> list[tuple[str, str]]:
    """(article, text) of the reasons of ``topic``."""
    return [(r.article, r.text) for r in reasons if r.topic is topic]


def board(said: BracketReasons, a: int, b: int) -> list[Reason]:
    return said.boards[frozenset((a, b))]


def round_board(explanation: RoundExplanation, a: int, b: int) -> BoardExplanation:
    (found,) = [x for x in explanation.boards if {x.white, x.black} == {a, b}]
    return found


def colour_rule(b: BoardExplanation) -> str:
    (rule,) = [r.article for r in b.reasons if r.topic is Topic.COLOUR]
    return rule


# -- absolute criteria ---------------------------------------------------------------------------


@BOTH
def test_c1_the_first_transposition_is_a_rematch(edition: Edition) -> None:
    """Homogeneous bracket 1-4 (no colour history): S1 = {1, 2}, S2 = {3, 4}; 1-3 have met,
    so 1-4, 2-3: 3 was rejected for 1 by C.1."""
    bracket = [player(i, 2) for i in range(1, 5)]
    said = explain_bracket([], bracket, Mode.LAST, rules(bracket, barred=[(1, 3)]), edition)
    assert of(board(said, 1, 4), Topic.REJECTED) == [
        (named(edition, "C.1", "C1"), "#3 for #1: #1 and #3 have already met")
    ]


@BOTH
def test_c1_a_forbidden_pair_is_not_called_a_rematch(edition: Edition) -> None:
    """Round 1 of four, the arbiter forbids 1-3 (C.1 covers forbidden pairs too): S1 = {1, 2},
    S2 = {3, 4}; 1-3 is rejected, so 1-4, 2-3. 1 and 3 never played: the explanation says
    they are a forbidden pair, not that they have already met."""
    e = explain(state(4, [], 3, forbidden=[(1, 3)]), edition)
    assert of(round_board(e, 1, 4).reasons, Topic.REJECTED) == [
        (named(edition, "C.1", "C1"), "#3 for #1: #1 and #3 are a forbidden pair")
    ]


@BOTH
def test_c1_a_pair_that_met_and_is_forbidden_too_has_already_met(edition: Edition) -> None:
    """Round 3 of three after 1-3 1-0, 2-4 1-0 and 1-2 1-0, 3-4 1-0 (1 on 2 points, 2 and 3 on
    1, 4 on 0), 1-3 forbidden as well: 1 has met 2 and 3, so 1-4, 2-3. The rejected 1-3 is
    a rematch (the forbidding adds nothing): "have already met"."""
    e = explain(state(4, ["1-3 1-0; 2-4 1-0", "1-2 1-0; 3-4 1-0"], 3, forbidden=[(1, 3)]), edition)
    said = [text for b in e.boards for _, text in of(b.reasons, Topic.REJECTED)]
    assert any("#1 and #3 have already met" in text for text in said), said
    assert not any("forbidden" in text for text in said), said


@BOTH
def test_c2_lower_players_who_had_the_bye(edition: Edition) -> None:
    """``test_bye_not_to_a_player_who_already_had_one``: last bracket 1, 2, 3; 3 had the bye.
    1-2 would leave it to 3: 1-3 and the bye to 2."""
    bracket = [player(1, 2), player(2, 2), player(3, 2, bye_allowed=False)]
    said = explain_bracket([], bracket, Mode.LAST, rules(bracket), edition)
    c2 = named(edition, "C.2", "C2")
    assert (c2, "#3: ranked lower, but may not receive the bye") in of(said.bye, Topic.REJECTED)
    assert of(board(said, 1, 3), Topic.REJECTED) == [(c2, "#2 for #1: #3 may not receive the bye")]


@BOTH
def test_c3_two_absolute_colour_preferences_alike(edition: Edition) -> None:
    """1 and 3 played white twice (absolute Black), 2 and 4 black twice (absolute White):
    neither 1-3 nor 2-4 may be (no topscorers): 1-4, 2-3."""
    bracket = [player(1, 4, "ww"), player(2, 4, "bb"), player(3, 4, "ww"), player(4, 4, "bb")]
    said = explain_bracket([], bracket, Mode.LAST, rules(bracket), edition)
    assert of(board(said, 1, 4), Topic.REJECTED) == [
        (
            named(edition, "C.3", "C3"),
            "#3 for #1: both have an absolute colour preference for Black",
        )
    ]


def test_c4_2017_the_penultimate_pairing_bracket() -> None:
    """``test_a9_collapse_into_the_last_bracket``: 1-2 would leave 3-4 (forbidden): the top
    bracket is the PPB; 1 and 2 float (C.4) into the collapsed last bracket."""
    e = explain(state(4, ["1-3 1-0; 2-4 1-0"], 3, forbidden=[(3, 4)]), EDITION_2017)
    assert [r.article for r in e.notes] == ["C.04.3 A.9"]
    floats = of(round_board(e, 1, 4).reasons, Topic.FLOAT)
    assert floats[0] == (
        "C.04.3 C.4",
        "#1 (score 1) floats down from scoregroup 1: the rest of the round could not be "
        "completed otherwise",
    )
    assert round_board(e, 1, 4).bracket == "collapsed last bracket from scoregroup 0"


def test_c4_2026_every_bracket_keeps_the_rest_pairable() -> None:
    """``test_2026_completion_binds_every_bracket``: 1-2 would leave 3-4, who have met: both
    float (C4)."""
    e = explain(COMPLETION, EDITION_2026)
    assert [r.article for r in e.notes] == ["C.04.3 C4"]
    (cause, *_) = of(round_board(e, 2, 3).reasons, Topic.FLOAT)
    assert cause[0] == "C.04.3 C4"


def test_c5_2026_the_bye_at_the_lowest_score() -> None:
    """``test_2026_the_bye_goes_to_the_lowest_score_possible``: the bye to 4 (0 points)."""
    e = explain(BYE_SCORE, EDITION_2026)
    assert e.bye is not None and e.bye.player == 4
    assert (
        "C.04.3 C5",
        "the bye goes to the lowest score with which the rest of the round can be completed: 0",
    ) in of(e.bye.reasons, Topic.BYE)


# -- quality criteria ----------------------------------------------------------------------------


@BOTH
def test_pairs_an_odd_bracket_floats_one(edition: Edition) -> None:
    """2017 C.5 / 2026 C6: three players, one pair: the last one floats."""
    bracket = [player(1, 4), player(2, 4), player(3, 4)]
    nxt = [player(4, 2), player(5, 2)]
    said = explain_bracket(
        [], bracket, Mode.NORMAL, rules([*bracket, *nxt]), edition, next_residents=nxt
    )
    (cause,) = of(said.floats[3], Topic.FLOAT)
    assert cause == (
        named(edition, "C.5", "C6"),
        "#3 (score 2) floats down from scoregroup 2: the bracket has an odd number of players (3)",
    )


@BOTH
def test_downfloater_scores_an_mdp_does_not_float_on(edition: Edition) -> None:
    """2017 C.6 (PSD) / 2026 C7 (the downfloaters' scores): MDP 1 (2 points), residents 2,
    3 (1 point): 1-2, 3 floats. 1 floating instead (2-3) gives a PSD [2, 0] > [1, 1], and a
    downfloater of 2 points instead of 1."""
    mdps, residents = [player(1, 4)], [player(2, 2), player(3, 2)]
    nxt = [player(4, 0), player(5, 0)]
    said = explain_bracket(
        mdps, residents, Mode.NORMAL, rules([*mdps, *residents, *nxt]), edition, next_residents=nxt
    )
    assert (
        named(edition, "C.6", "C7"),
        "#1 floating instead: "
        + (
            "higher-scored downfloaters"
            if edition.year == 2026
            else "a larger pairing score difference"
        ),
    ) in of(said.floats[3], Topic.REJECTED)


@BOTH
def test_following_bracket_the_bye_below(edition: Edition) -> None:
    """2017 C.7 / 2026 C8, ``test_c7_looks_at_the_bye_of_the_following_last_bracket``:
    1, 2, 3 (2 points), then the last bracket 4 (no bye), 5 (1 point); 3 may not meet 4.
    3 floating would leave 4-5 and the bye to 3 (score difference 2); 2 floating gives 2-4
    and the bye to 5: 1-3, 2 floats."""
    bracket = [player(1, 4), player(2, 4), player(3, 4)]
    nxt = [player(4, 2, bye_allowed=False), player(5, 2)]
    said = explain_bracket(
        [],
        bracket,
        Mode.NORMAL,
        rules([*bracket, *nxt], barred=[(3, 4)]),
        edition,
        next_residents=nxt,
        next_is_last=True,
    )
    (rejected,) = of(said.floats[2], Topic.REJECTED)
    assert rejected == (
        named(edition, "C.7", "C8"),
        "#3 floating instead: the following bracket would pair worse",
    )


def four(*histories: str, top: bool = False) -> list[DutchPlayer]:
    """Players 1-4, 2 points each, with the given colour histories."""
    return [player(i, 4, h, topscorer=top) for i, h in enumerate(histories, start=1)]


@pytest.mark.parametrize(
    ("histories", "top", "old", "new", "why"),
    [
        # 1 and 3 W B W W (+2, absolute Black, topscorers may meet): one of them reaches +3.
        (
            ("wbww", "bwbb", "wbww", "bwbb"),
            True,
            "C.8",
            "C10",
            "a topscorer or his opponent would reach a colour difference beyond 2",
        ),
        # B W W (absolute Black, +1): one of 1, 3 would have White three times running.
        (
            ("bww", "wbb", "bww", "wbb"),
            True,
            "C.9",
            "C11",
            "a topscorer or his opponent would have one colour three times running",
        ),
        # Mild preferences: 1, 3 White, 2, 4 Black.
        (
            ("wb", "bw", "wb", "bw"),
            False,
            "C.10",
            "C12",
            "more players would not get their colour preference",
        ),
        # 1 and 3 strong White, 2 mild Black, 4 mild White: 1-3 loses a strong preference,
        # 1-4 a mild one (one preference lost either way).
        (
            ("b", "bw", "b", "wb"),
            False,
            "C.11",
            "C13",
            "more players would not get their strong colour preference",
        ),
    ],
)
@BOTH
def test_colour_criteria(
    edition: Edition, histories: tuple[str, ...], top: bool, old: str, new: str, why: str
) -> None:
    """S1 = {1, 2}, S2 = {3, 4}: the first transposition 1-3, 2-4 is worse on the colour
    criterion than 1-4, 2-3, which is chosen."""
    bracket = four(*histories, top=top)
    said = explain_bracket([], bracket, Mode.LAST, rules(bracket), edition)
    assert of(board(said, 1, 4), Topic.REJECTED) == [
        (named(edition, old, new), f"#3 for #1: {why}")
    ]


@pytest.mark.parametrize(
    ("attribute", "old", "new", "why"),
    [
        (
            "float_last",
            "C.12",
            "C14",
            "more players would float down again after the previous round",
        ),
        (
            "float_before_last",
            "C.14",
            "C16",
            "more players would float down again after two rounds",
        ),
    ],
)
@BOTH
def test_repeated_downfloats_of_residents(
    edition: Edition, attribute: str, old: str, new: str, why: str
) -> None:
    """Odd bracket 1, 2, 3; 3 (the first to float in the generation order) floated down
    before: 2 floats instead, 1-3."""
    bracket = [player(1, 4), player(2, 4), floated(player(3, 4), attribute, D)]
    nxt = [player(4, 2), player(5, 2)]
    said = explain_bracket(
        [], bracket, Mode.NORMAL, rules([*bracket, *nxt]), edition, next_residents=nxt
    )
    assert (named(edition, old, new), f"#3 floating instead: {why}") in of(
        said.floats[2], Topic.REJECTED
    )


@pytest.mark.parametrize(
    ("attribute", "old", "new", "why"),
    [
        ("float_last", "C.13", "C15", "more players would float up again after the previous round"),
        ("float_before_last", "C.15", "C17", "more players would float up again after two rounds"),
    ],
)
@BOTH
def test_repeated_upfloats(edition: Edition, attribute: str, old: str, new: str, why: str) -> None:
    """``test_c13_an_mdp_avoids_the_resident_who_floated_up_last_round``: last bracket, MDP 1
    (2 points), residents 2, 3, 4 (1 point); 2 floated up before. 1-2 would float it up
    again: 1-3, 2-4."""
    mdp = player(1, 4, "bw")
    residents = [floated(player(2, 2, "wb"), attribute, U), player(3, 2, "wb"), player(4, 2, "bw")]
    said = explain_bracket([mdp], residents, Mode.LAST, rules([mdp, *residents]), edition)
    assert of(board(said, 1, 3), Topic.REJECTED) == [
        (named(edition, old, new), f"#2 for #1: {why}")
    ]


@pytest.mark.parametrize(
    ("attribute", "old", "new", "why"),
    [
        ("float_last", "C.16", "C18", "larger score differences of players floating down again"),
        (
            "float_before_last",
            "C.18",
            "C20",
            "larger score differences of players floating down again (two rounds)",
        ),
    ],
)
@BOTH
def test_score_differences_of_repeated_downfloats(
    edition: Edition, attribute: str, old: str, new: str, why: str
) -> None:
    """MDPs 1 (3 points), 2 and 3 (2½), residents 4, 5 (2); 1 and 3 floated down before. One
    MDP stays unpaired; 2 or 3 give the same pairing score difference and the same number of
    repeated downfloats, but 3 floating on repeats a downfloat of 1½ points (against the
    artificial score 1) where 3 paired repeats one of ½: 2 floats (the first set of the
    MDP-pairing, 1 and 2 paired, is worse)."""
    mdps = [floated(player(1, 6), attribute, D), player(2, 5), floated(player(3, 5), attribute, D)]
    residents = [player(4, 4), player(5, 4)]
    nxt = [player(6, 2), player(7, 2)]
    everyone = [*mdps, *residents, *nxt]
    said = explain_bracket(
        mdps, residents, Mode.NORMAL, rules(everyone), edition, next_residents=nxt
    )
    assert (named(edition, old, new), f"#3 floating instead: {why}") in of(
        said.floats[2], Topic.REJECTED
    )


@pytest.mark.parametrize(
    ("attribute", "old", "new", "why"),
    [
        ("float_last", "C.17", "C19", "larger score differences of players floating up again"),
        (
            "float_before_last",
            "C.19",
            "C21",
            "larger score differences of players floating up again (two rounds)",
        ),
    ],
)
@BOTH
def test_score_differences_of_repeated_upfloats(
    edition: Edition, attribute: str, old: str, new: str, why: str
) -> None:
    """MDPs 1 (3 points), 2 (2½), residents 3 (floated up before), 4 (2), last bracket: both
    MDPs meet a resident either way (the same pairing score difference, one repeated
    upfloat); 3 against 1 repeats an upfloat of 1 point, against 2 one of ½: 1-4, 2-3."""
    mdps = [player(1, 6), player(2, 5)]
    residents = [floated(player(3, 4), attribute, U), player(4, 4)]
    said = explain_bracket(mdps, residents, Mode.LAST, rules([*mdps, *residents]), edition)
    assert of(board(said, 1, 4), Topic.REJECTED) == [
        (named(edition, old, new), f"#3 for #1: {why}")
    ]


def test_c9_2026_the_bye_to_the_fewest_unplayed_games() -> None:
    """``test_2026_the_bye_goes_to_the_fewest_unplayed_games``: 3 has played every round,
    4 forfeited one: the bye to 3 (C9)."""
    e = explain(UNPLAYED, EDITION_2026)
    assert e.bye is not None and e.bye.player == 3
    assert of(e.bye.reasons, Topic.REJECTED) == [
        ("C.04.3 C9", "#4 taking the bye instead: the bye's holder would have more unplayed games")
    ]


# -- colours --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rounds", "pair", "white", "old", "new"),
    [
        # Round 1 of four: S1 = {1, 2}, S2 = {3, 4}; nobody has a colour preference: 1
        # (odd) gets the initial colour (White).
        ([], (1, 3), 1, "E.5", "5.2.5"),
        # 1 played White (strong Black), 2 Black (strong White).
        (["1-3 1-0; 4-2 0-1"], (1, 2), 2, "E.1", "5.2.1"),
        # 1 W W (absolute Black) floats to 2, who played W and sat out (strong Black).
        (["1-3 1-0; 2-4 1-0", "1-4 1-0; 2 H; 3 H"], (1, 2), 2, "E.2", "5.2.2"),
        # 1 W B W and 2 W W B, both strong Black: they last differed in round 3, when 1 had
        # White: 1 Black now.
        (
            ["1-3 1-0; 2-4 1-0; 5-6 =", "5-1 0-1; 2-6 1-0; 3-4 =", "1-4 1-0; 3-2 0-1; 6-5 ="],
            (1, 2),
            2,
            "E.3",
            "5.2.3",
        ),
        # 1 and 2 both W B W: the higher-ranked 1 gets his preference, Black.
        (
            ["1-3 1-0; 2-4 1-0; 5-6 =", "5-1 0-1; 6-2 0-1; 3-4 =", "1-4 1-0; 2-3 1-0; 6-5 ="],
            (1, 2),
            2,
            "E.4",
            "5.2.4",
        ),
    ],
)
@BOTH
def test_colour_rules(
    edition: Edition,
    rounds: list[str],
    pair: tuple[int, int],
    white: int,
    old: str,
    new: str,
) -> None:
    e = explain(state(6 if len(rounds) == 3 else 4, rounds, 5), edition)
    b = round_board(e, *pair)
    assert b.white == white
    assert colour_rule(b) == named(edition, old, new)


# -- the choice in the rule's terms ---------------------------------------------------------------


@BOTH
def test_transposition_mdp_pairing_and_floats(edition: Edition) -> None:
    """``test_c6_psd_pairs_the_higher_mdp``: MDPs 1 (2 points) and 2 (1½), resident 3: the
    MDP-pairing 1-3, 3 floats up (its score is lower)."""
    mdps = [player(1, 4), player(2, 3)]
    residents = [player(3, 2)]
    nxt = [player(4, 0), player(5, 0)]
    said = explain_bracket(
        mdps, residents, Mode.NORMAL, rules([*mdps, *residents, *nxt]), edition, next_residents=nxt
    )
    reasons = board(said, 1, 3)
    assert (named(edition, "D.3", "4.4"), "MDP #1 meets the resident #3 in the MDP-pairing") in of(
        reasons, Topic.CHOICE
    )
    assert of(reasons, Topic.FLOAT) == [
        (named(edition, "A.4", "1.4"), "#3 (score 1) floats up to meet #1 (score 2)")
    ]


def test_c4_2026_a_bracket_paired_again_after_the_look_ahead_says_so() -> None:
    """Round 2 of five, eight players, after 1-6 1-0, 7-2 0-1, 3 the pairing-allocated bye, 4
    and 5 half-point byes, 8 a zero-point bye (scores 1, 2, 3: 1; 4, 5: ½; 6, 7, 8: 0); the
    arbiter forbids 3 with 1, 2, 4, 5, 6, 7, and 6-7.

    Scoregroup 1 {1, 2, 3}: 3 may meet neither 1 nor 2, so 1-2 and 3 floats; C8 looks into
    scoregroup ½ {3; 4, 5} without C4 there and counts on 4-5 with 3 floating on. Under C4
    that is impossible ({3, 6, 7, 8} would be left: 3 may meet only 8, and 6-7 is forbidden),
    so scoregroup ½ floats 3, 4 and 5 (no pair), worse than counted on: scoregroup 1 is
    paired again (``outlook.pair_brackets``), and its best candidate left the rest pairable,
    so its note must not say that it did not. Scoregroup ½'s best candidate (4-5) did leave
    the rest unpairable."""
    forbidden = [(3, 1), (3, 2), (3, 4), (3, 5), (3, 6), (3, 7), (6, 7)]
    round_one = ["1-6 1-0; 7-2 0-1; 3 U; 4 H; 5 H; 8 Z"]
    e = explain(state(8, round_one, 5, forbidden=forbidden), EDITION_2026)
    assert [(r.article, r.text) for r in e.notes] == [
        (
            "C.04.3 C4",
            "scoregroup 1: its best candidate counted on an outcome of the next bracket that "
            "the next bracket could not reach while keeping the rest of the round pairable; "
            "paired again keeping the rest pairable",
        ),
        (
            "C.04.3 C4",
            "scoregroup ½: its best candidate would have left the rest of the round "
            "unpairable; paired again keeping the rest pairable",
        ),
    ]
