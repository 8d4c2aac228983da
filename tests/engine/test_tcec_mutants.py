"""TCEC Swiss: the tests written against run 2's `tcec/` survivors that no test pinned
(forbidden pairs in STEP 3; docs/testing.md, "Current survivors: Dutch, Dubov, TCEC, core").
Every expected value is derived by hand from /work/shared/specs/tcec-swiss.txt (STEP 3: the
allowed pairings, the earliest round of the encounter history dropped while no viable pairing
exists; STEP 4: the first unpaired player takes the highest-ranked one he may meet) and the
arbiter's forbidden pairs (TRF ``XXP``, C.04.1 b), in the docstrings."""

from __future__ import annotations

from dataclasses import replace

from pairing.engine.core.state import ForbiddenPairs
from pairing.engine.tcec.history import encounter_history, received_byes
from pairing.engine.tcec.system import pair_tcec_round
from pairing.engine.tcec.viability import ViabilityGraph
from tests.engine.test_tcec import column, tournament


def test_a_forbidden_pair_with_a_player_not_in_the_round_is_left_out() -> None:
    """Players 1-4 (WGD 0, no history) pair; the arbiter forbade 1-9 (player 9 is not in
    this round: nothing to forbid) and 1-2. STEP 3: a viable pairing exists (1-3, 2-4), no
    round dropped. STEP 4: player 1 cannot take 2 (forbidden), takes 3; 2-4 is left."""
    graph = ViabilityGraph([1, 2, 3, 4], [0, 0, 0, 0], [], forbidden=[(1, 9), (1, 2)])
    assert graph.establish() == 0
    assert graph.forbidden(0, 1)
    assert not graph.forbidden(0, 2)
    assert graph.greedy_pairs() == [(0, 2), (1, 3)]


def test_a_forbidden_pair_counts_when_the_history_dropped_before_a_round_is_replayed() -> None:
    """Four players; the arbiter forbids 1-4 in round 3 only (``XXP``).

    Round 1: 1-2 (1 White), 3-4 (3 White): WGD 1 +1, 2 -1, 3 +1, 4 -1.
    Round 2: 1-3 (1 White), 2-4 (2 White): WGD 1 +2, 2 0, 3 0, 4 -2; every pair so far
    new, the colours compatible (|+1 +1| = 2, |-1 -1| = 2): nothing dropped.
    Round 3, before it was paired: met 1-2, 3-4, 1-3, 2-4; the only other pairing, 1-4 and
    2-3, has 1-4, forbidden this round. No viable pairing, so STEP 3 drops round 1: 1-2
    (|+2 + 0| = 2) and 3-4 (|0 - 2| = 2) are allowed again and the round is viable: one
    round dropped, and the recorded round 3 (1-2, 3-4) is that pairing. Without the
    forbidden pair, 1-4 and 2-3 would have been viable with nothing dropped."""
    state = tournament(
        4,
        [
            column([(1, 2, "="), (3, 4, "=")]),
            column([(1, 3, "="), (2, 4, "=")]),
            column([(2, 1, "="), (4, 3, "=")]),
        ],
        total_rounds=5,
    )
    state = replace(state, forbidden=(ForbiddenPairs((1, 4), first_round=3, last_round=3),))
    assert encounter_history(state).removed == (0, 0, 1)


def test_a_round_paired_by_hand_against_a_forbidden_pair_is_replayed_with_it() -> None:
    """Four players; in round 2 the arbiter forbids 1-3 and 1-4 (``XXP``), and round 2 was
    nevertheless paired 1-3, 2-4 (by hand). Replaying STEP 3 for round 2: the recorded
    pairing repeats no game of round 1 (1-2, 3-4) and its colours are compatible (WGD after
    round 1: 1 +1, 2 -1, 3 +1, 4 -1; |+1 +1| = 2, |-1 -1| = 2), but it holds a forbidden
    pair, so it is not a pairing the system could make. Player 1 may then meet only 2, met
    in round 1: no viable pairing until round 1 is dropped, after which 1-2 and 3-4 are
    (|+1 -1| = 0): one round dropped before round 2."""
    state = tournament(
        4,
        [column([(1, 2, "="), (3, 4, "=")]), column([(1, 3, "="), (4, 2, "=")])],
        total_rounds=5,
    )
    state = replace(
        state,
        forbidden=(
            ForbiddenPairs((1, 3), first_round=2, last_round=2),
            ForbiddenPairs((1, 4), first_round=2, last_round=2),
        ),
    )
    assert encounter_history(state).removed == (0, 1)


def test_the_round_keeps_the_arbiters_forbidden_pair_apart() -> None:
    """Four players, round 1 drawn 2-1 and 4-3 (WGD 2 +1, 1 -1, 4 +1, 3 -1; every score 1).
    Round 2, STEP 1: all on one point, so seed order 1, 2, 3, 4. STEP 4 without forbidden
    pairs: player 1 cannot take 2 (met), takes 3 (|-1 -1| = 2, allowed), leaving 2-4
    (|+1 +1| = 2). With 1-3 forbidden for round 2 (``XXP``): player 1 takes 4
    (|-1 +1| = 0) and 2-3 is left (|+1 -1| = 0)."""
    state = tournament(4, [column([(2, 1, "="), (4, 3, "=")])], total_rounds=5)
    state = replace(state, forbidden=(ForbiddenPairs((1, 3), first_round=2, last_round=2),))
    result = pair_tcec_round(state)
    assert {frozenset((b.white, b.black)) for b in result.boards} == {
        frozenset((1, 4)),
        frozenset((2, 3)),
    }


def test_rounds_dropped_before_different_rounds_add_up() -> None:
    """Four players have three pairings: A (1-2, 3-4), B (1-3, 2-4), C (1-4, 2-3). Rounds
    1-3 play A, B, C (colours keeping |WGD(p1) + WGD(p2)| <= 2 throughout; all draws).
    Round 4: every pair has met, so STEP 3 drops round 1 and A is allowed again: round 4
    plays A, one round dropped. Round 5: rounds 2-4 in force (B, C, A), all met: round 2
    dropped, round 5 plays B. Round 6: rounds 3-5 in force (C, A, B): round 3 dropped,
    round 6 plays C: one round again. The drops add up (rounds 1-3 gone before round 6);
    counting only the last drop would keep round 2 in force, so round 6 would need two rounds
    dropped (2, then 3: B was played again in round 5)."""
    state = tournament(
        4,
        [
            column([(1, 2, "="), (3, 4, "=")]),
            column([(3, 1, "="), (2, 4, "=")]),
            column([(4, 1, "="), (2, 3, "=")]),
            column([(1, 2, "="), (4, 3, "=")]),
            column([(1, 3, "="), (2, 4, "=")]),
            column([(4, 1, "="), (3, 2, "=")]),
        ],
        total_rounds=8,
    )
    assert encounter_history(state).removed == (0, 0, 0, 1, 1, 1)


def test_step2_counts_every_bye_a_player_received() -> None:
    """Three players. Round 1: 1-2 drawn, BYE 3. Round 2: 1 beats 3, BYE 2. Round 3: 2-1
    drawn, BYE 3 again. Round 4: 2 beats 3, BYE 1. A BYE is worth a win (1 point): scores
    1 = ½ + 1 + ½ + 1 = 3, 2 = ½ + 1 + ½ + 1 = 3, 3 = 1 + 0 + 1 + 0 = 2; BYEs received:
    1 one, 2 one, 3 two. Round 5, STEP 1: 1, 2 (3 points, seed order), 3 (2 points). STEP 2:
    "order them by received BYEs (DESC) then pairing order (ASC); the bottom player gets
    the BYE": 3 (two BYEs), 1, 2: player 2 gets it. Were 3's two BYEs counted as one, he
    would be the bottom player and get a third."""
    state = tournament(
        3,
        [
            column([(1, 2, "=")], bye=3),
            column([(3, 1, "0")], bye=2),
            column([(2, 1, "=")], bye=3),
            column([(3, 2, "0")], bye=1),
        ],
        total_rounds=6,
    )
    assert received_byes(state) == {1: 1, 2: 1, 3: 2}
    assert pair_tcec_round(state).bye == 2


def test_a_round_no_viable_pairing_could_make_drops_nothing() -> None:
    """Three players. Round 1: 1 (White) - 3, BYE 2: WGD 1 +1, 3 -1. Round 2: 2 (White) - 3,
    BYE 1: WGD 2 +1, 3 -2 (1-3 and 2-3 new, |+1 -1| = 0 and |0 -1| = 1: nothing dropped).
    Round 3: 2 (White) - 3 again, BYE 1: STEP 3 for 2 and 3 (WGD +1, -2, |-1| <= 2): they met
    in round 2, so rounds 1 and 2 are dropped (round 1 does not help): 2 rounds; WGD now 2 +2,
    3 -3. Round 4, paired by hand: 1 - 2, BYE 3: WGD +1 and +2, |+3| > 2 (STEP 3 colour
    balancing), so no pairing of them is viable whatever is dropped: the system could not
    have paired that round, and nothing is counted as dropped before it."""
    state = tournament(
        3,
        [
            column([(1, 3, "=")], bye=2),
            column([(2, 3, "=")], bye=1),
            column([(2, 3, "=")], bye=1),
            column([(1, 2, "=")], bye=3),
        ],
        total_rounds=6,
    )
    assert encounter_history(state).removed == (0, 0, 2, 0)
