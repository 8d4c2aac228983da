"""Hand-derived tests of the Dubov system (C.04.4.1, 2018), article by article.

Each test writes out the derivation from the text. Half-points everywhere: a win is 2.
Whole rounds are built with :func:`tournament` ("1-2 1" = 1 has White against 2 and wins;
"1-2 =" a draw, "1-2 -" 1 forfeits, "5 U" a pairing-allocated bye, "5 H" a half-point bye;
a player missing from a round gets a zero-point bye ``Z``). Single steps are fed synthetic
players (:func:`player`) and legal-pair graphs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest

from pairing.engine.core.colours import Preference, Strength
from pairing.engine.core.errors import NoValidPairing
from pairing.engine.core.state import Colour, Player, RoundEntry, TournamentState
from pairing.engine.dubov import system as dubov
from pairing.engine.dubov.bracket import (
    Subgroups,
    by_aro,
    first_transposition,
    initial_subgroups,
    pair_bracket,
    shift,
)
from pairing.engine.dubov.colours import allocate
from pairing.engine.dubov.graph import LegalGraph
from pairing.engine.dubov.players import (
    MILD_BLACK,
    DubovInputError,
    DubovPlayer,
    aro,
    dubov_players,
    max_upfloats,
)
from pairing.engine.dubov.upfloaters import choose_upfloaters

W, B = Colour.WHITE, Colour.BLACK
OPPOSITE_CODE = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def tournament(
    ratings: Sequence[int],
    rounds: Sequence[str],
    total: int | None,
    initial: Colour = W,
    absent: dict[int, str] | None = None,
) -> TournamentState:
    """Players 1..n with the given ratings and the given completed rounds."""
    results: dict[int, list[RoundEntry]] = {i: [] for i in range(1, len(ratings) + 1)}
    for text in rounds:
        entries: dict[int, RoundEntry] = {}
        for item in text.split(","):
            who, code = item.split()
            if "-" in who:
                white, black = (int(x) for x in who.split("-"))
                entries[white] = RoundEntry(black, W, code)
                entries[black] = RoundEntry(white, B, OPPOSITE_CODE[code])
            else:
                entries[int(who)] = RoundEntry(None, None, code)
        for pid, column in results.items():
            column.append(entries.get(pid, RoundEntry(None, None, "Z")))
    players = tuple(
        Player(id=i, rating=r, results=tuple(results[i])) for i, r in enumerate(ratings, 1)
    )
    return TournamentState(
        players=players,
        rounds_done=len(rounds),
        total_rounds=total,
        initial_colour=initial,
        absent=absent or {},
    )


def boards(state: TournamentState) -> tuple[list[tuple[int, int]], int | None]:
    pairing = dubov.pair_round(state)
    return [(b.white, b.black) for b in pairing.boards], pairing.bye


PREFS = {
    "W!": Preference(W, Strength.ABSOLUTE, -2),
    "W+": Preference(W, Strength.STRONG, -1),
    "W": Preference(W, Strength.MILD, 0),
    "B": Preference(B, Strength.MILD, 0),
    "B+": Preference(B, Strength.STRONG, 1),
    "B!": Preference(B, Strength.ABSOLUTE, 2),
}


def player(
    pid: int,
    pref: str = "B",
    score: int = 0,
    aro: int = 2000,
    colours: tuple[Colour, ...] = (W,),
    upfloats: int = 0,
    last: bool = False,
    maximum: bool = False,
) -> DubovPlayer:
    """A synthetic player: ``pref`` like "W!" (absolute White), "B+" (strong Black), "W"
    (mild White); ``colours=()`` for a player without games (then the preference is the
    A.5.d mild Black)."""
    return DubovPlayer(
        id=pid,
        tpn=pid,
        rating=2000,
        score=score,
        aro=aro if colours else 0,
        colours=colours,
        preference=PREFS[pref] if colours else MILD_BLACK,
        upfloats=upfloats,
        upfloated_last_round=last,
        max_upfloater=maximum,
        bye_allowed=True,
    )


def graph(players: Iterable[DubovPlayer], illegal: Iterable[tuple[int, int]] = ()) -> LegalGraph:
    """Every pair legal except ``illegal``."""
    bad = {frozenset(p) for p in illegal}
    return LegalGraph([p.id for p in players], lambda a, b: frozenset((a, b)) not in bad)


def graph_of(players: Iterable[DubovPlayer], legal: Iterable[tuple[int, int]]) -> LegalGraph:
    """Only the ``legal`` pairs."""
    good = {frozenset(p) for p in legal}
    return LegalGraph([p.id for p in players], lambda a, b: frozenset((a, b)) in good)


def ids(players: Iterable[DubovPlayer]) -> list[int]:
    return [p.id for p in players]


# -- A. Definitions ---------------------------------------------------------------------------


def test_a5d_a6_player_without_games() -> None:
    """A.5.d: no game played (a forfeit win and a bye do not count) = mild preference for
    Black; A.6: ARO zero before the first game."""
    state = tournament([2000, 1900, 1800], ["1-2 +, 3 H"], 3)
    p1 = dubov_players(state)[1]
    assert p1.unplayed
    assert p1.preference == MILD_BLACK
    assert p1.aro == 0
    assert not p1.bye_allowed  # C.2: a forfeit win bars the bye
    assert dubov_players(state)[3].bye_allowed  # a requested half-point bye does not


def test_a6_aro_rounds_half_up_and_ignores_forfeits() -> None:
    """A.6: (2001 + 2000) / 2 = 2000.5 -> 2001 (the higher on .5); (2000 + 2000 + 2001) / 3
    = 2000.33 -> 2000; a forfeited game is not a game played."""
    assert aro([2001, 2000]) == 2001
    assert aro([2000, 2000, 2001]) == 2000
    assert aro([]) == 0
    # Player 1 meets 2 (2001) and 3 (2000) over the board and wins a forfeit against 4.
    state = tournament(
        [1500, 2001, 2000, 2500], ["1-2 1, 3-4 =", "3-1 0, 2-4 =", "1-4 +, 2-3 ="], 5
    )
    assert dubov_players(state)[1].aro == 2001


def test_a7_maxt() -> None:
    """A.7: MaxT = 2 + [Rnds / 5]."""
    assert [max_upfloats(r) for r in (4, 5, 9, 10, 11)] == [2, 3, 3, 4, 4]


def test_upfloats_and_maximum_upfloater() -> None:
    """ "Upfloated" = played over the board against an opponent with more points before that
    round. Round 1: all on 0, nobody upfloats; 1, 3, 5 win. Round 2: 4, 2, 6 (0 points)
    meet 1, 3, 5 (1 point): each upfloats once. Round 3: 2 (0) meets 5 (2): 2 upfloats
    again; 1-3 and 4-6 are between equals. With 4 rounds MaxT = 2 + [4/5] = 2: player 2 is
    a maximum upfloater and upfloated in the previous round."""
    state = tournament(
        [2400, 2300, 2200, 2100, 2000, 1900],
        ["1-2 1, 3-4 1, 5-6 1", "4-1 0, 2-3 0, 6-5 0", "2-5 0, 1-3 =, 4-6 ="],
        4,
    )
    ps = dubov_players(state)
    assert (ps[2].upfloats, ps[2].max_upfloater, ps[2].upfloated_last_round) == (2, True, True)
    assert (ps[4].upfloats, ps[4].max_upfloater, ps[4].upfloated_last_round) == (1, False, False)
    assert (ps[1].upfloats, ps[3].upfloats, ps[5].upfloats) == (0, 0, 0)


def test_a1_rating_required() -> None:
    """A.1: each player must have a rating; the arbiter assigns a provisional one."""
    with pytest.raises(DubovInputError, match="provisional"):
        dubov.pair_round(tournament([2000, 0], [], 3))


def test_a7_number_of_rounds_required() -> None:
    """A.7: MaxT depends on the number of rounds (XXR)."""
    with pytest.raises(DubovInputError, match="XXR"):
        dubov.pair_round(tournament([2000, 1900], [], None))


# -- C.1-C.3 absolute criteria ---------------------------------------------------------------


def test_c1_c3_legal_pairs() -> None:
    """C.1: 1 and 2 met over the board; 3 and 4 only had a forfeit (they may meet again).
    C.3: 1 (W, W, W) and 3 (W, W and the forfeit, which has no colour) both have an absolute
    preference for Black and may not meet; 1 and 4 (B, B: absolute White) may."""
    state = tournament(
        [2400, 2300, 2200, 2100, 2000, 1900],
        ["1-2 1, 3-5 =, 6-4 =", "1-6 =, 3-2 =, 5-4 =", "3-4 -, 1-5 =, 2-6 ="],
        5,
    )
    players = dubov_players(state)
    g = dubov.legal_graph(state, players)
    assert not g.legal(1, 2)  # C.1
    assert g.legal(3, 4)  # a forfeit is not a game played
    assert players[1].preference == Preference(B, Strength.ABSOLUTE, 3)
    assert players[3].preference == Preference(B, Strength.ABSOLUTE, 2)
    assert players[4].preference == Preference(W, Strength.ABSOLUTE, -2)
    assert not g.legal(1, 3)  # C.3: same absolute colour preference
    assert g.legal(1, 4)


# -- B.0 pairing-allocated bye ---------------------------------------------------------------


def test_b0_first_round_bye_to_lowest_ranked() -> None:
    """B.0: everyone on 0 points, 0 games: (e) the lowest position in the ranking list, 7.
    The other six pair as in the first-round test below."""
    assert boards(tournament([2400, 2300, 2200, 2100, 2000, 1900, 1800], [], 5)) == (
        [(1, 4), (5, 2), (3, 6)],
        7,
    )


def test_b0_games_played_then_bracket_with_all_black_seekers() -> None:
    """Round 1: 1 beats 2, 3 forfeits against 4, 5 gets the bye.

    B.0.a: 4 (forfeit win) and 5 (bye) may not get the bye. B.0.c: 2 and 3 have 0 points.
    B.0.d: 2 played one game, 3 none: the bye goes to 2 (B.0.e alone would pick 3).
    Scoregroup 1 point: 1, 4, 5; B.1: one upfloater, 3 (the only lower player).
    B.3: 1 (W: strong Black), 3, 4, 5 (no games: mild Black), not all unplayed: G1 = {},
    G2 = {1, 3, 4, 5}. B.4: nothing unavoidable in G1; equalise by shifting two Black seekers
    (D.2: by ranking 1, 3, 4, 5, middle-out #1 = 3, #2 = 4): {3, 4} works. B.5: S1 = 3, 4
    (ARO 0 both, by ranking). B.6: T2 = 1, 5 (3-1 and 4-5 are legal).
    E: 3-1: 3 mild Black, 1 strong Black: E.2 gives 1 Black. 4-5: both unplayed, E.0: the
    higher-ranked 4 has an even number: not the initial colour (White): 5-4."""
    state = tournament([2400, 2300, 2200, 2100, 2000], ["1-2 1, 3-4 -, 5 U"], 5)
    assert boards(state) == ([(5, 4), (3, 1)], 2)


def test_b0_lowest_score_that_completes_the_pairing() -> None:
    """Rounds: 1-2 1, 3-4 0, 5 U | 4-1 0, 2-5 1, 3 H | 1-5 1, 2-3 1, 4 H.
    Points: 1: 3, 2: 2, 3: 0.5, 4: 1.5, 5: 1. Met: 1 with 2, 4, 5; 2 with 1, 5, 3;
    3 with 4, 2; 4 with 3, 1; 5 with 2, 1.

    B.0.a: 5 had the bye (3's and 4's half-point byes do not count). Candidates by score
    (B.0.c): 3, 4, 2, 1. B.0.b: without 3, player 1 (met 2, 4, 5) has nobody; without 4,
    1 must meet 3 and 2-5 is a rematch; without 2: 1-3 and 4-5 are new: the bye goes to 2.
    3 points: {1}; B.1: one upfloater; 1 may meet only 3. Colours: 3 (W, B: mild White)
    against 1 (W, B, W: strong Black): E.1, 3-1. 1.5 points: {4} with the upfloater 5.
    5 (B, B: absolute White) against 4 (B, W: mild Black): E.1, 5-4."""
    state = tournament(
        [2400, 2300, 2200, 2100, 2000],
        ["1-2 1, 3-4 0, 5 U", "4-1 0, 2-5 1, 3 H", "1-5 1, 2-3 1, 4 H"],
        5,
    )
    assert boards(state) == ([(3, 1), (5, 4)], 2)


def test_b0_nobody_can_get_the_bye() -> None:
    """Three players who have all met: whoever gets the bye leaves a rematch."""
    state = tournament([2000, 1900, 1800], ["1-2 =, 3 U", "3-1 =, 2 U", "2-3 =, 1 U"], 4)
    with pytest.raises(NoValidPairing):
        dubov.pair_round(state)


# -- B.1 minimum number of upfloaters ---------------------------------------------------------


def test_b1_residents_who_cannot_meet_need_two_upfloaters() -> None:
    """Residents 1 and 2 (4 points) may not meet: the minimum is two upfloaters, one for
    each. Lower: 3, 4 (3 points) and 5, 6 (2 points); D.1: the container {3 points,
    3 points} comes first and {3, 4} is legal (3-1, 4-2; 5-6 is left for the rest)."""
    residents = [player(1, "W", 8), player(2, "W", 8)]
    lower = [player(3, "B", 6), player(4, "B", 6), player(5, "B", 4), player(6, "B", 4)]
    g = graph(residents + lower, illegal=[(1, 2)])
    assert ids(choose_upfloaters(g, residents, lower, last_round=False)) == [3, 4]


def test_b1_c4_the_rest_must_stay_pairable() -> None:
    """Residents 1-2 could meet (no upfloater needed), but then 6 (lowest) is left with 3,
    4, 5, whom it has all met: C.4 fails, so two upfloaters are needed, one of them 6.
    D.1 sequence numbers: 3, 4, 5 (3 points), 6 (2 points). Containers (C.6): {3, 3} first:
    every set leaves 6 with nobody; then {3, 2}: {3, 6} is the first (3-1 or 3-2, 6 with the
    other resident; 4-5 remains)."""
    residents = [player(1, "W", 8), player(2, "B", 8)]
    lower = [player(3, "B", 6), player(4, "W", 6), player(5, "B", 6), player(6, "W", 4)]
    g = graph(residents + lower, illegal=[(6, 3), (6, 4), (6, 5)])
    assert ids(choose_upfloaters(g, residents, lower, last_round=False)) == [3, 6]


# -- B.2 the best set of upfloaters (C.6-C.10, D.1) ------------------------------------------


def test_b2_c6_orders_containers_by_lowest_score() -> None:
    """Residents 1, 2 (5 points) may not meet: two upfloaters. Lower: 3 (3 points), 4, 5
    (2.5 points), 6 (1.5 points). Legal pairs: only 1-3, 1-4, 2-5, 2-6, 3-6 and 4-5.
    {3, 4}: both need 1 -- illegal. {3, 5}: 1-3, 2-5, but the rest {4, 6} cannot meet
    (C.4) -- illegal. {4, 5} (container 2.5 + 2.5): 1-4, 2-5, rest 3-6: legal. {3, 6}
    (container 3 + 1.5): 1-3, 2-6, rest 4-5: legal as well. C.6 maximises the lowest score:
    2.5 > 1.5, so {4, 5}, although the example of D.1.b lists the {3, 1.5} container before
    the {2.5, 2.5} one."""
    residents = [player(1, "W", 10), player(2, "B", 10)]
    lower = [player(3, "B", 6), player(4, "B", 5), player(5, "W", 5), player(6, "W", 3)]
    g = graph_of(residents + lower, [(1, 3), (1, 4), (2, 5), (2, 6), (3, 6), (4, 5)])
    assert ids(choose_upfloaters(g, residents, lower, last_round=False)) == [4, 5]


def candidates(a: DubovPlayer, b: DubovPlayer, last_round: bool = False) -> list[int]:
    """A White-seeking resident 1 (4 points) and lower players a, b, 9 (2 points); 9 may not
    meet 1, so a or b upfloats and the other one meets 9."""
    residents = [player(1, "W", 8)]
    lower = [a, b, player(9, "B", 4)]
    g = graph(residents + lower, illegal=[(1, 9)])
    return ids(choose_upfloaters(g, residents, lower, last_round))


def test_b2_c7_colour_preferences() -> None:
    """C.7: with 2 (a White seeker) resident 1 and 2 both want White: one violation; with 3
    (a Black seeker) none. 3 is chosen although 2 comes first in D.1 order."""
    assert candidates(player(2, "W", 4), player(3, "B", 4)) == [3]


def test_b2_c8_maximum_upfloaters() -> None:
    """C.8: 2 is a maximum upfloater, 3 is not."""
    assert candidates(player(2, "B", 4, upfloats=3, maximum=True), player(3, "B", 4)) == [3]


def test_b2_c9_times_upfloated() -> None:
    """C.9: both are maximum upfloaters; 2 was upfloated 4 times, 3 only 3 times."""
    a = player(2, "B", 4, upfloats=4, maximum=True)
    b = player(3, "B", 4, upfloats=3, maximum=True)
    assert candidates(a, b) == [3]


def test_b2_c10_upfloated_in_previous_round() -> None:
    """C.10: 2 upfloated in the previous round, 3 did not."""
    assert candidates(player(2, "B", 4, upfloats=1, last=True), player(3, "B", 4)) == [3]


def test_b2_c8_to_c10_off_in_the_last_round() -> None:
    """C.8-C.10 apply "unless it is the last round": then D.1 order decides: 2."""
    a = player(2, "B", 4, upfloats=4, maximum=True, last=True)
    assert candidates(a, player(3, "B", 4), last_round=True) == [2]


def test_b2_c7_before_c8() -> None:
    """C.7 has priority: 2 is a maximum upfloater but a Black seeker (no violation against the
    White-seeking resident); 3 is not a maximum upfloater but wants White."""
    a = player(2, "B", 4, upfloats=3, maximum=True)
    assert candidates(a, player(3, "W", 4)) == [2]


# -- B.3-B.6 pairing the bracket -------------------------------------------------------------


def test_b3_g1_holds_the_white_seekers() -> None:
    """B.3: G1 = players with a colour preference for White; a player without games (mild
    Black, A.5.d) goes to G2."""
    bracket = [player(1, "B+"), player(2, "W"), player(3, colours=()), player(4, "W!")]
    groups = initial_subgroups(bracket)
    assert (ids(groups.g1), ids(groups.g2), groups.all_unplayed) == ([2, 4], [1, 3], False)


def test_b3_first_half_when_nobody_has_played() -> None:
    """B.3: nobody in the bracket has played: G1 = first half by initial ranking."""
    bracket = [player(i, colours=()) for i in (5, 2, 8, 1)]
    groups = initial_subgroups(bracket)
    assert (ids(groups.g1), ids(groups.g2), groups.all_unplayed) == ([1, 2], [5, 8], True)


def test_b4_unavoidable_pairs_then_equal_sizes() -> None:
    """G1 = White seekers 1-4 (AROs 2000, 1900, 2100, 1800), G2 = Black seekers 5, 6.
    5 and 6 may meet only each other; 1 may not meet 3 or 4.

    B.4, first step: the smaller subgroup G2 must be paired inside once (5-6): shift one
    Black shifter. D.2: Black seekers by ranking, 5, 6, middle-out: #1 = 5. {5} works: 5
    goes to G1 (5-6 becomes a G1-G2 pair).
    Second step: G1 = {1, 2, 3, 4, 5}, G2 = {6}: shift two from the larger subgroup; the pool
    is the original G1 (5 just moved). D.2: White seekers by ARO: 4 (1800), 2 (1900),
    1 (2000), 3 (2100); middle-out: #1 = 2, #2 = 1, #3 = 4, #4 = 3. Sets in lexicographic
    order: {2, 1}: 1 would have to meet 3 or 4 -- illegal; {2, 4}: 2-1 or 2-3, 4-3: works.
    Result: G1 = {1, 3, 5}, G2 = {6, 2, 4}."""
    g1 = (
        player(1, "W", aro=2000),
        player(2, "W", aro=1900),
        player(3, "W", aro=2100),
        player(4, "W", aro=1800),
    )
    g2 = (player(5, "B", aro=2050), player(6, "B", aro=2000))
    illegal = [(a, b) for a in (5, 6) for b in (1, 2, 3, 4)] + [(1, 3), (1, 4)]
    g = graph(g1 + g2, illegal)
    shifted = shift(g, Subgroups(g1, g2, all_unplayed=False))
    assert (sorted(ids(shifted.g1)), sorted(ids(shifted.g2))) == ([1, 3, 5], [2, 4, 6])
    # B.5: S1 by ARO: 1 (2000), 5 (2050), 3 (2100). B.6: G2 by ranking 2, 4, 6; (2, 4, 6)
    # fails on 5-4, (2, 6, 4) is the first legal transposition.
    pairs = [(a.id, b.id) for a, b in pair_bracket(g, g1 + g2)]
    assert pairs == [(1, 2), (5, 6), (3, 4)]


def test_b4_only_black_seekers() -> None:
    """G1 is empty (nobody wants White) and G2 = 1, 2, 3, 4 (ranking order): shift two Black
    seekers, middle-out #1 = 2, #2 = 3: G1 = {2, 3}. B.5: S1 by ARO: 3 (1900), 2 (2000).
    B.6: T2 = 1, 4."""
    bracket = [player(1, "B+"), player(2, aro=2000), player(3, aro=1900), player(4, "B+")]
    pairs = [(a.id, b.id) for a, b in pair_bracket(graph(bracket), bracket)]
    assert pairs == [(3, 1), (2, 4)]


def test_b5_s1_by_ascending_aro_then_ranking() -> None:
    ps = [player(4, aro=1900), player(2, aro=2000), player(3, aro=1900), player(1, aro=2100)]
    assert ids(by_aro(ps)) == [3, 4, 2, 1]


def test_b6_first_legal_transposition() -> None:
    """D.3 order of G2 = (4, 5, 6): 4-5-6 and 4-6-5 fail (1-4 illegal); 5-4-6 works."""
    s1 = [player(1, "W"), player(2, "W"), player(3, "W")]
    g2 = [player(4), player(5), player(6)]
    assert ids(first_transposition(graph(s1 + g2, [(1, 4)]), s1, g2)) == [5, 4, 6]
    # With 3-6 illegal as well: 5-4-6 fails, 5-6-4 works.
    assert ids(first_transposition(graph(s1 + g2, [(1, 4), (3, 6)]), s1, g2)) == [5, 6, 4]


# -- E. colour allocation ---------------------------------------------------------------------


def white_of(a: DubovPlayer, b: DubovPlayer, initial: Colour = W) -> int:
    white, _ = allocate(a, b, initial, {})
    return white.id


def test_e0_first_game_by_pairing_number() -> None:
    """E.0: both unplayed; the higher-ranked player (more points, then ranking) takes the
    initial colour with an odd pairing number, the other colour with an even one."""
    assert white_of(player(1, colours=()), player(4, colours=())) == 1
    assert white_of(player(2, colours=()), player(5, colours=())) == 5
    assert white_of(player(2, colours=()), player(5, colours=()), initial=B) == 2
    # More points makes 5 the higher-ranked player: odd, initial colour White.
    assert white_of(player(2, colours=()), player(5, score=2, colours=())) == 5


def test_e1_both_preferences() -> None:
    assert white_of(player(1, "B"), player(2, "W")) == 2


def test_e2_stronger_preference() -> None:
    """The same colour wanted: absolute beats strong, strong beats mild (also the mild Black
    preference of a player without games, A.5.d)."""
    assert white_of(player(1, "W+"), player(2, "W!")) == 2
    assert white_of(player(1, "W"), player(2, "W+")) == 2
    assert white_of(player(1, "B", colours=()), player(2, "B+")) == 1


def test_e3_alternate_to_the_last_different_colours() -> None:
    """Both mild White: 1 played B W W B, 2 played W B W B. From the latest game: B/B,
    W/W, then W (1) / B (2): alternate that: 1 Black, 2 White (E.4 would favour 1)."""
    a = player(1, "W", colours=(B, W, W, B))
    b = player(2, "W", colours=(W, B, W, B))
    assert white_of(a, b) == 2


def test_e4_higher_ranked_preference() -> None:
    """Both mild White with the same history: the higher-ranked player gets his preference;
    more points rank higher than a better position in the list."""
    assert white_of(player(1, "W", colours=(W, B)), player(2, "W", colours=(W, B))) == 1
    a = player(1, "W", colours=(W, B))
    b = player(2, "W", score=2, colours=(W, B))
    assert white_of(a, b) == 2


# -- Whole rounds ------------------------------------------------------------------------------


def test_first_round() -> None:
    """B.3: nobody has played: G1 = 1, 2, 3, G2 = 4, 5, 6; S1 (all ARO 0) = 1, 2, 3; T2 =
    4, 5, 6. E.0 with initial colour White: 1 (odd) White, 2 (even) Black, 3 (odd) White."""
    ratings = [2400, 2300, 2200, 2100, 2000, 1900]
    assert boards(tournament(ratings, [], 5)) == ([(1, 4), (5, 2), (3, 6)], None)
    assert boards(tournament(ratings, [], 5, initial=B)) == ([(4, 1), (2, 5), (6, 3)], None)


C4_ROUNDS = [
    "1-5 1, 2-6 1, 3-4 0, 7-8 =",
    "5-3 1, 1-7 1, 2-8 1, 4-6 =",
    "6-3 1, 2-7 1, 1-8 1, 4-5 =",
]
"""Eight players, three rounds: 1 and 2 win everything, 3 loses to 4, 5, 6.
Points: 1, 2: 3; 4: 2; 5, 6: 1.5; 7, 8: 0.5; 3: 0.
Colours: 1 W W W, 2 W W W (both absolute Black: C.3 forbids 1-2); 3 W B B, 7 W B B,
8 B B B (absolute White: 3 may meet neither 7 nor 8, and has met 4, 5, 6);
4 B W W (absolute Black), 5 B W B and 6 B B W (strong White).
Upfloats in round 3 (points before it: 1, 2: 2; 4: 1.5; 5: 1; 6, 7, 8: 0.5; 3: 0):
3 (against 6), 5 (against 4), 7 (against 2), 8 (against 1)."""
C4_RATINGS = [2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700]


def test_c4_and_c10_choose_the_upfloaters() -> None:
    """3 points: 1 and 2 may not meet (C.3): B.1, two upfloaters. 1 may meet 3 and 6 (not
    4: absolute Black too; 5, 7, 8 met); 2 may meet 3 and 5. D.1 pool: 4, 5, 6, 7, 8, 3.
    Container {1.5, 1.5}: {5, 6} pairs 1-6, 2-5 but leaves 3, who can meet only 1 and 2
    (C.4): illegal. Container {1.5, 0}: {5, 3} (1-3, 2-5) and {6, 3} (1-6, 2-3) are both
    legal, with no colour violation (C.7) and no maximum upfloater (MaxT = 3, C.8, C.9);
    C.10: 5 and 3 both upfloated in round 3, 6 did not: {6, 3}.
    Bracket: G1 = 3, 6 (White seekers), G2 = 1, 2. S1 by ARO: 3 (4, 5, 6: 2000),
    6 (2, 4, 3: 2200). T2: (1, 2) fails on 6-2, (2, 1) works: 3-2, 6-1 (E.1 both).
    2 points: 4, one upfloater among those 4 may meet: 7 or 8 (5, 6 met). C.10: both
    upfloated in round 3: the first, 7. 7 (absolute White) - 4 (absolute Black).
    1.5 points: 5 and the last upfloater 8: both White seekers, G2 empty: shift one, the
    White seeker numbered #1: AROs 8: 2167, 5: 2233, middle-out: 8. 8-5 (E.2: absolute).
    Boards (C.04.2 D.9): 1-6 (sum 4.5) before 2-3 (sum 3)."""
    assert boards(tournament(C4_RATINGS, C4_ROUNDS, 5)) == (
        [(6, 1), (3, 2), (7, 4), (8, 5)],
        None,
    )


def test_last_round_ignores_c8_to_c10() -> None:
    """Same position, but round 4 of 4: C.10 is off, so the first legal set of the container,
    {5, 3}: G1 = 3, 5, G2 = 1, 2; S1 = 3 (ARO 2000), 5 (2233); T2 = 1, 2: 3-1, 5-2.
    2 points: 4 with 7 (8 also works; D.1 order); 1.5 points: 6 with 8 (both want White;
    8 absolute): 8-6. Boards (C.04.2 D.9): 2-5 (sum 4.5) before 1-3 (sum 3)."""
    assert boards(tournament(C4_RATINGS, C4_ROUNDS, 4)) == (
        [(5, 2), (3, 1), (7, 4), (8, 6)],
        None,
    )


# -- the matching questions -------------------------------------------------------------------


def test_matching_stays_maximum_after_removals() -> None:
    """C.4 is asked of one matching, repaired as players leave it. Here the maximum matching
    0-6, 1-8, 3-9, 4-5 leaves 2 and 7 unmatched. Without 0 and 8, the path 6-3-9-1 re-matches
    6 and 1, after which 2-1-9-7 must be found from 2, a player unmatched from the start:
    1-2, 3-6, 4-5, 7-9 pairs everybody else."""
    edges = [(0, 6), (0, 7), (1, 2), (1, 5), (1, 8), (1, 9), (3, 6), (3, 7), (3, 9), (4, 5)]
    edges += [(4, 6), (7, 9)]
    ok = {frozenset(e) for e in edges}
    g = LegalGraph(range(10), lambda a, b: frozenset((a, b)) in ok)
    m = g.matcher(list(range(10)))
    assert m.size() == 4
    assert m.perfect_without([0, 8])
    assert m.size() == 4  # perfect_without leaves the matching as it was
    assert m.without([0, 8])
    assert m.size() == 4
    assert m.perfect()
