"""Pairing a Dutch round (:mod:`pairing.engine.dutch.system`) where mutation run 8 found
it untested: the entry points by edition. The round is test_dutch_2026's C4 case, whose
pairing by each edition is derived by hand there (2026: C4 binds every bracket; 2017: A.9's
PPB and collapsed last bracket)."""

from __future__ import annotations

from dataclasses import replace

from pairing.engine.core.state import ForbiddenPairs, TournamentInfo
from pairing.engine.dutch.system import pair_round_2017, pair_round_2026, pair_round_in_force
from tests.engine.histories import pair_set, pairs, past
from tests.engine.test_dutch_2026 import COMPLETION
from tests.engine.test_dutch_support import boards, state

BY_2026 = {(3, 2), (4, 1)}
BY_2017 = {(3, 1), (2, 4)}


def test_each_edition_pairs_by_its_own_text() -> None:
    assert boards(pair_round_2026(COMPLETION)) == BY_2026
    assert boards(pair_round_2017(COMPLETION)) == BY_2017


def test_the_edition_in_force_unless_record_192_names_2017() -> None:
    # TRF-2026 record 192 names the system; none (or another) means the edition in force.
    assert boards(pair_round_in_force(COMPLETION)) == BY_2026
    named = replace(COMPLETION, info=TournamentInfo(system_code="FIDE_DUTCH_2017"))
    assert boards(pair_round_in_force(named)) == BY_2017


def test_a_round_without_players_to_pair_has_no_boards() -> None:
    # Both players have announced a bye for round 2: nobody to pair, no board, no bye.
    pairing = pair_round_2017(state(2, ["1-2 1-0"], 3, absent="1 H; 2 H"))
    assert pairing.boards == ()
    assert pairing.bye is None


def test_c1_a_forbidden_pair_binds_only_in_its_rounds() -> None:
    # 1, 2 and 3 may not meet in rounds 1-2 only (TRF26 record 260 with a round window);
    # 4 may meet anyone. Everybody had a zero-point bye in rounds 1 and 2: no game, no
    # points, no colours. In round 3 the three may meet, so one scoregroup is paired S1
    # against S2 (B.1, D.1): 1-3, 2-4. (Were the window ignored, 1, 2 and 3 could meet only
    # 4: no pairing.)
    byes = "1 Z; 2 Z; 3 Z; 4 Z"
    window = ForbiddenPairs((1, 2, 3), first_round=1, last_round=2)
    later = replace(state(4, [byes, byes], 5), forbidden=(window,))
    assert {frozenset(b) for b in boards(pair_round_2017(later))} == {
        frozenset((1, 3)),
        frozenset((2, 4)),
    }


def test_c7_counts_the_bye_of_a_following_last_bracket() -> None:
    """C.04.3 (2017) C.7 looks into the following bracket, which here is the last one: its
    player left unpaired receives the pairing-allocated bye, so a pairing of it where that
    player may not receive the bye (C.2) is no pairing at all.

    Round 4 of five, 2017 rules. Scoregroup 2: 1 (W B W, prefers Black), 2 and 3 (B W B,
    prefer White, the same past); scoregroup 1, the last bracket: 4 and 5, who had the
    pairing-allocated bye (C.2: no second one). 3 may not meet 4 nor 5 (forbidden pairs).

    Scoregroup 2 has three players: one pair, one downfloater (C.5). Candidates: 1-2 (3
    floats), 1-3 (2 floats), 2-3 (1 floats); C.6 is equal (one score). C.7, the last bracket
    with the downfloater: 4 and 5 may not take the bye, so it must pair 4-5 and give the bye
    to the downfloater (1, 2 and 3 never had one): one pair and the bye each time, the same
    PSD (the pair 4-5 and the downfloater at 2 points). C.10: 2-3 leaves one of them
    without White; 1-2 and 1-3 grant every preference, and they are equal on every later
    criterion (2 and 3 have the same past). B.8 / D.1: 1-2 is generated first (S1 = {1},
    S2 = {2, 3}). So 1-2, 4-5, the bye to 3.

    Without the bye in C.7's count, 2 floating could meet 4 in the last bracket, with 5
    left over (better PSD than 3 left over with 4-5): 1-3, and the bye to 2."""
    st = past(
        {1: "w1 b1 w0", 2: "b1 w1 b0", 3: "b1 w1 b0", 4: "U w0 b0", 5: "w0 U b0"},
        5,
        forbidden=[(3, 4), (3, 5)],
    )
    pairing = pair_round_2017(st)
    assert pairs(pairing) == pair_set((1, 2), (4, 5))
    assert pairing.bye == 3


def test_c9_2026_in_the_bracket_above_the_last() -> None:
    """2026 C9 ("minimise the number of unplayed games of the assignee of the
    pairing-allocated bye") for a bracket that downfloats exactly one player into the last
    bracket, where he will receive the bye.

    Round 4 of five. Scoregroup 2: 1 (W B W, strong Black), 2 (B W B, strong White), 3 (a
    half-point bye, then W and B: one unplayed round, mild White). Scoregroup 1, the last
    bracket: 4 and 5, who had the pairing-allocated bye (C2: not again). Five players: the
    bye goes to the player floating down from scoregroup 2 (4-5 pair), the lowest score with
    which the round completes (C5). Each of 1, 2, 3 may float (C6-C8 equal). C9: not 3, who
    has an unplayed game. Floating 1 (2-3) denies 2 or 3 White (C12); floating 2 (1-3)
    grants both. So 1-3, 4-5, the bye to 2. (Without C9: 1-2 is generated first and grants
    both preferences too, and the bye would go to 3.)"""
    st = past(
        {1: "w1 b1 w0", 2: "b1 w1 b0", 3: "H w1 b=", 4: "U w0 b0", 5: "w0 U b0"},
        5,
    )
    pairing = pair_round_2026(st)
    assert pairs(pairing) == pair_set((1, 3), (4, 5))
    assert pairing.bye == 2
