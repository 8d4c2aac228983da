"""The rules a hand-adjusted pairing breaks (pairing.engine.core.violations.py), on small
tournaments worked out by hand."""

from __future__ import annotations

from dataclasses import replace

from pairing.engine.core.state import (
    BLANK,
    Board,
    Colour,
    ForbiddenPairs,
    Player,
    RoundEntry,
    RoundPairing,
    TournamentState,
)
from pairing.engine.core.violations import (
    ABSENT_PAIRED,
    COLOUR_DIFFERENCE,
    NOT_PAIRED,
    PAIRED_TWICE,
    REMATCH,
    RULES,
    SAME_COLOUR_THRICE,
    SECOND_BYE,
    TCEC_RULES,
    UNKNOWN_PLAYER,
    Violation,
    exchange,
    new_violations,
    swap_colours,
    violations,
)

W, B = Colour.WHITE, Colour.BLACK
LOSER = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def build(n: int, rounds: list[list[tuple]], **kw) -> TournamentState:
    """``n`` players named P1..Pn; each round a list of ``(white, black, white's code)`` boards
    and ``(pid, bye_code)`` byes; players not mentioned are blank."""
    results: dict[int, list[RoundEntry]] = {i: [] for i in range(1, n + 1)}
    for rnd in rounds:
        seen = set()
        for item in rnd:
            if len(item) == 3:
                w, b, code = item
                results[w].append(RoundEntry(b, W, code))
                results[b].append(RoundEntry(w, B, LOSER[code]))
                seen |= {w, b}
            else:
                pid, code = item
                results[pid].append(RoundEntry(None, None, code))
                seen.add(pid)
        for pid in set(results) - seen:
            results[pid].append(BLANK)
    players = tuple(
        Player(id=i, name=f"P{i}", rating=2000 - i, results=tuple(results[i]))
        for i in range(1, n + 1)
    )
    return TournamentState(players=players, rounds_done=len(rounds), total_rounds=5, **kw)


# Seven players, two rounds:
#   R1  1-4 1-0, 5-2 0-1, 3-6 draw, 7 pairing-allocated bye
#   R2  2-1 draw, 4-7 forfeit won by 4 (not a meeting), 6-5 1-0, 3 pairing-allocated bye
# Colours of games played: 1 wb, 2 bw, 3 w, 4 b, 5 wb, 6 bw, 7 none.
SEVEN = build(
    7,
    [
        [(1, 4, "1"), (5, 2, "0"), (3, 6, "="), (7, "U")],
        [(2, 1, "="), (4, 7, "+"), (6, 5, "1"), (3, "U")],
    ],
)


def pairing(*boards: tuple[int, int], bye: int | None = None) -> RoundPairing:
    return RoundPairing(tuple(Board(w, b) for w, b in boards), bye)


def test_a_legal_pairing_breaks_nothing() -> None:
    # 4-7 only met by forfeit, which is no meeting (C.04.2 D.6); 6 never had a bye.
    assert violations(SEVEN, pairing((1, 5), (4, 7), (3, 2), bye=6)) == []


def test_it_names_a_rematch_and_its_round() -> None:
    found = violations(SEVEN, pairing((1, 4), (7, 5), (3, 2), bye=6))
    assert found == [
        Violation(REMATCH, "P1 (1) and P4 (4) already played each other in round 1", (1, 4))
    ]


def test_it_names_a_forbidden_pair_in_its_rounds_only() -> None:
    # 1 and 5 never met; they are forbidden in rounds 3-4 (round 3 is the one paired), the
    # group 6, 7, 2 in round 1 only: pairing 5-1 is reported, 6-7 is not.
    state = replace(
        SEVEN, forbidden=(ForbiddenPairs((5, 1), 3, 4), ForbiddenPairs((6, 7, 2), 1, 1))
    )
    found = violations(state, pairing((5, 1), (6, 7), (3, 2), bye=4))
    assert [v for v in found if v.rule == REMATCH] == [
        Violation(REMATCH, "P1 (1) and P5 (5) must not be paired (forbidden pair)", (1, 5))
    ]
    # A change that pairs them is what the arbiter is asked to confirm.
    before = pairing((1, 3), (6, 7), (5, 2), bye=4)
    after = exchange(before, 3, 5)
    assert [v.message for v in new_violations(state, before, after)] == [
        "P1 (1) and P5 (5) must not be paired (forbidden pair)"
    ]


def test_it_refuses_a_second_bye_and_a_bye_after_a_forfeit_win() -> None:
    assert [v.rule for v in violations(SEVEN, pairing((1, 5), (6, 7), (4, 2), bye=3))] == [
        SECOND_BYE
    ]
    found = violations(SEVEN, pairing((1, 5), (6, 7), (3, 2), bye=4))
    assert found == [
        Violation(SECOND_BYE, "P4 (4) already had a pairing-allocated bye or a forfeit win", (4,))
    ]


def test_colour_difference_and_three_in_a_row() -> None:
    # R1 1-2, 3-4; R2 1-3, 2-4: player 1 has white twice (CD +2), player 4 black twice (-2).
    state = build(4, [[(1, 2, "1"), (3, 4, "=")], [(1, 3, "0"), (2, 4, "=")]])
    found = violations(state, pairing((1, 4), (2, 3)))
    assert [(v.rule, v.players) for v in found] == [
        (COLOUR_DIFFERENCE, (1,)),
        (SAME_COLOUR_THRICE, (1,)),
        (COLOUR_DIFFERENCE, (4,)),
        (SAME_COLOUR_THRICE, (4,)),
    ]
    assert found[0].message == "P1 (1) would have a colour difference of +3 with white"
    assert found[3].message == "P4 (4) would have black three times in a row"
    # Reversed colours on board 1 are fine for both; board 2 (2 bw + w, 3 wb + b) too.
    assert violations(state, pairing((4, 1), (2, 3))) == []


def test_three_in_a_row_without_a_colour_difference_beyond_two() -> None:
    # Player 1: b, w, w (CD +1); white again makes www at the end but CD +2 only.
    state = build(
        4,
        [
            [(2, 1, "1"), (3, 4, "1")],
            [(1, 3, "1"), (4, 2, "1")],
            [(1, 4, "1"), (2, 3, "1")],
        ],
    )
    found = violations(state, pairing((1, 2), (3, 4)))
    assert [(v.rule, v.players) for v in found] == [
        (REMATCH, (1, 2)),
        (REMATCH, (3, 4)),
        (SAME_COLOUR_THRICE, (1,)),
    ]
    # A rematch stays the same rematch when colours are swapped.
    assert new_violations(state, pairing((1, 2), (3, 4)), pairing((2, 1), (3, 4))) == []


def test_double_rounds_have_no_colour_rules() -> None:
    state = replace(
        build(4, [[(1, 2, "1"), (3, 4, "=")], [(1, 3, "0"), (2, 4, "=")]]), double_rounds=True
    )
    assert violations(state, pairing((1, 4), (2, 3))) == []


def test_forfeits_leave_no_colour() -> None:
    # Player 4's forfeit win in R2 has no colour: colours are just "b"; black again is fine.
    assert violations(SEVEN, pairing((1, 5), (7, 4), (3, 2), bye=6)) == []


def test_everyone_available_once_and_nobody_absent() -> None:
    state = replace(SEVEN, absent={2: "H"})
    found = violations(state, pairing((1, 5), (4, 7), (3, 2), (6, 1)))
    assert [(v.rule, v.players) for v in found] == [(PAIRED_TWICE, (1,)), (ABSENT_PAIRED, (2,))]
    assert found[0].message == "P1 (1) is paired 2 times"
    assert found[1].message == "P2 (2) is paired but absent (H)"


def test_missing_and_unknown_players() -> None:
    found = violations(SEVEN, pairing((1, 5), (4, 7), (3, 99)))
    assert [(v.rule, v.players) for v in found] == [
        (UNKNOWN_PLAYER, (99,)),
        (NOT_PAIRED, (2,)),
        (NOT_PAIRED, (6,)),
    ]


def test_every_rule_is_explained() -> None:
    assert set(RULES) == {
        REMATCH,
        SECOND_BYE,
        COLOUR_DIFFERENCE,
        SAME_COLOUR_THRICE,
        PAIRED_TWICE,
        NOT_PAIRED,
        ABSENT_PAIRED,
        UNKNOWN_PLAYER,
    }


def test_exchange_swaps_places_colours_and_the_bye() -> None:
    p = pairing((1, 5), (4, 7), (3, 2), bye=6)
    assert exchange(p, 5, 7) == pairing((1, 7), (4, 5), (3, 2), bye=6)
    assert exchange(p, 1, 6) == pairing((6, 5), (4, 7), (3, 2), bye=1)
    # A player outside the pairing replaces one inside, who is left out.
    assert exchange(pairing((1, 5)), 5, 9) == pairing((1, 9))
    assert exchange(p, 1, 1) == p


def test_swap_colours_of_one_board() -> None:
    p = pairing((1, 5), (4, 7), bye=6)
    assert swap_colours(p, 2) == pairing((1, 5), (7, 4), bye=6)


def test_new_violations_are_what_the_change_breaks() -> None:
    before = pairing((1, 4), (7, 5), (3, 2), bye=6)  # already a rematch on board 1
    after = exchange(before, 6, 3)  # 3 takes the bye (second bye), 6 plays 2
    assert [v.rule for v in new_violations(SEVEN, before, after)] == [SECOND_BYE]


def test_tcec_pairings_are_checked_for_rematches_and_bookkeeping_only() -> None:
    state = build(4, [[(1, 2, "1"), (3, 4, "=")], [(1, 3, "0"), (2, 4, "=")]])
    broken = pairing((1, 4), (2, 3), bye=None)  # colours: four C.04.1.f/g violations
    assert violations(state, broken, TCEC_RULES) == []
    rematch = pairing((1, 2), (4, 3))
    assert [v.rule for v in violations(state, rematch, TCEC_RULES)] == [REMATCH, REMATCH]
    assert [
        v.rule for v in violations(SEVEN, pairing((1, 5), (6, 7), (4, 2), bye=3), TCEC_RULES)
    ] == []
