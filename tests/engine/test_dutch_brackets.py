"""Bracket criteria and the round outlook of the Dutch system, hand-derived: PSD (A.8, C.6),
the look-ahead of C.7, the A.9 collapse, and the pairing-allocated bye (C.2, C.04.1.c-d)."""

from __future__ import annotations

from pairing.engine.dutch.bracket import pair_bracket
from pairing.engine.dutch.graph import Mode
from pairing.engine.dutch.players import build_players
from pairing.engine.dutch.system import pair_round_2017 as pair_round
from tests.engine.test_dutch_support import boards, player, rules, state


def pair_ids(result: object) -> set[tuple[int, int]]:
    return {(a.id, b.id) for a, b in result.pairs}  # type: ignore[attr-defined]


def test_c6_psd_pairs_the_higher_mdp() -> None:
    # MDPs 1 (2 points) and 2 (1.5), one resident 3 (1 point): one pair. Scores in points;
    # the artificial value for downfloaters is 1 - 1 = 0.
    #   1-3: SD 1, 2 floats: SD 1.5            -> PSD [1.5, 1]
    #   2-3: SD 0.5, 1 floats: SD 2            -> PSD [2, 0.5]
    # [1.5, 1] is lower at the first element, so 1-3.
    mdps = [player(1, 4), player(2, 3)]
    residents = [player(3, 2)]
    nxt = [player(4, 0), player(5, 0)]
    result = pair_bracket(
        mdps, residents, Mode.NORMAL, rules([*mdps, *residents, *nxt]), next_residents=nxt
    )
    assert pair_ids(result) == {(1, 3)}
    assert [p.id for p in result.downfloaters] == [2]


def test_c6_psd_pairs_as_many_mdps_as_possible() -> None:
    # MDP 1 (2 points) may only meet resident 4; residents 2, 3, 4 (1 point). Pairing 1-4
    # and 2-3 leaves no downfloater; 2-3 or 3-4 alone would leave 1 floating (SD 2).
    mdps = [player(1, 4)]
    residents = [player(2, 2), player(3, 2), player(4, 2)]
    nxt = [player(5, 0), player(6, 0)]
    everyone = [*mdps, *residents, *nxt]
    result = pair_bracket(
        mdps,
        residents,
        Mode.NORMAL,
        rules(everyone, barred=[(1, 2), (1, 3)]),
        next_residents=nxt,
    )
    assert pair_ids(result) == {(1, 4), (2, 3)}


def test_c7_looks_at_the_bye_of_the_following_last_bracket() -> None:
    # Bracket 1, 2, 3 (2 points), then the last bracket 4, 5 (1 point); 4 may not get the
    # bye, 3 may not meet 4. One of 1, 2, 3 floats.
    #   3 floats: the last bracket {3, 4, 5} can only be 4-5 with the bye to 3:
    #             PSD [3 gets SD 2 - 0 = 2, 4-5 SD 0] = [2, 0]
    #   2 floats: 2-4 and the bye to 5: PSD [2-4 SD 1, 5 SD 1] = [1, 1]  (better)
    # So C.7 pairs 1-3 although 1-2 comes first in the generation order.
    bracket = [player(1, 4), player(2, 4), player(3, 4)]
    nxt = [player(4, 2, bye_allowed=False), player(5, 2)]
    result = pair_bracket(
        [],
        bracket,
        Mode.NORMAL,
        rules([*bracket, *nxt], barred=[(3, 4)]),
        next_residents=nxt,
        next_is_last=True,
    )
    assert pair_ids(result) == {(1, 3)}
    assert [p.id for p in result.downfloaters] == [2]


def test_d3_mdp_exchange_when_the_first_mdp_cannot_be_paired() -> None:
    # MDPs 1 and 2 (same score), one resident 3: S1 = {1} (lowest BSN). 1 may not meet 3,
    # so the MDP-exchange of D.3 puts 2 in S1 and 1 in the Limbo.
    mdps = [player(1, 4), player(2, 4)]
    residents = [player(3, 2)]
    nxt = [player(4, 0), player(5, 0)]
    everyone = [*mdps, *residents, *nxt]
    result = pair_bracket(mdps, residents, Mode.NORMAL, rules(everyone), next_residents=nxt)
    assert pair_ids(result) == {(1, 3)}
    result = pair_bracket(
        mdps, residents, Mode.NORMAL, rules(everyone, barred=[(1, 3)]), next_residents=nxt
    )
    assert pair_ids(result) == {(2, 3)}
    assert [p.id for p in result.downfloaters] == [1]


def test_a9_collapse_into_the_last_bracket() -> None:
    # Round 1: 1 beats 3, 2 beats 4; 3-4 is a forbidden pair. Round 2: the top bracket
    # {1, 2} pairs 1-2, but then 3 and 4 cannot be paired: the top bracket is the PPB. Paired
    # again under C.4 it lets 1 and 2 float; the CLB {1, 2 | 3, 4} pairs S1 = {1, 2} with
    # S2 = {3, 4}: 1-3 met, so the next transposition 1-4, 2-3. Colours: 1 and 2 played
    # white (strong black), 3 and 4 black (strong white).
    pairing = pair_round(state(4, ["1-3 1-0; 2-4 1-0"], 3, forbidden=[(3, 4)]))
    assert boards(pairing) == {(4, 1), (3, 2)}


def test_bye_goes_to_the_lowest_of_the_last_bracket() -> None:
    # Round 1, five players: S1 = {1, 2}, S2 = {3, 4, 5}; 5 is left over and gets the bye.
    # E.5 with initial colour white: 1 (odd) white, 2 (even) black.
    pairing = pair_round(state(5, [], 5))
    assert boards(pairing) == {(1, 3), (4, 2)}
    assert pairing.bye == 5


def test_bye_not_to_a_player_who_already_had_one() -> None:
    # Last bracket of three, same score; 3 already had the bye. S1 = {1}, S2 = {2, 3}:
    # 1-2 would leave 3 the bye (C.2), so 1-3 and the bye to 2.
    bracket = [player(1, 2), player(2, 2), player(3, 2, bye_allowed=False)]
    result = pair_bracket([], bracket, Mode.LAST, rules(bracket))
    assert pair_ids(result) == {(1, 3)}
    assert result.bye is not None and result.bye.id == 2


def test_forfeit_win_bars_the_bye_but_a_forfeit_is_no_meeting() -> None:
    # Round 1: 1 wins by forfeit against 2, 3 takes a half-point bye. Round 2: 3 beats 1,
    # 2 takes a half-point bye. Now 3 = 1.5, 1 = 1, 2 = 0.5.
    # Top bracket {3} floats; {3 | 1}: 3-1 have met, both float; the last bracket is
    # {3, 1 | 2}: C.6 would pair the higher MDP 3 with 2 and give 1 the bye, but 1 scored a
    # forfeit win (C.2): 1-2 (their forfeit was no game, C.04.2 D.6) and the bye to 3.
    # Colours: 1's only game was black (strong white), 2 has played no game.
    pairing = pair_round(state(3, ["1-2 +-; 3 H", "3-1 1-0; 2 H"], 5))
    assert boards(pairing) == {(1, 2)}
    assert pairing.bye == 3


def test_bye_eligibility() -> None:
    # U (pairing-allocated bye) and + (forfeit win) bar the bye; H, F, Z and a forfeit
    # loss do not.
    built = state(6, ["1-2 +-; 3 U; 4 H; 5 F; 6 Z"], 5)
    allowed = {p.id: p.bye_allowed for p in build_players(built)}
    assert allowed == {1: False, 2: True, 3: False, 4: True, 5: True, 6: True}
