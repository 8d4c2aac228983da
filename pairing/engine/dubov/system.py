"""FIDE Dubov system (C.04.4.1, 2018 and 2026 editions; :mod:`dubov.edition` holds what
differs, article numbers below are the 2018 ones).

A.8: the round-pairing starts with the pairing-allocated bye (B.0), then pairs the
scoregroups in descending order of score (B.1-B.6), each with the minimum number of
upfloaters that keeps the rest of the round pairable (C.4). Colours follow section E.

Modules: :mod:`dubov.players` (A.1-A.7 per player), :mod:`dubov.order` (section D),
:mod:`dubov.graph` (C.1, C.3 and the matching questions), :mod:`dubov.upfloaters` (B.1-B.2,
C.4-C.10), :mod:`dubov.bracket` (B.3-B.6), :mod:`dubov.colours` (section E).
"""

from __future__ import annotations

from collections.abc import Mapping

from pairing.engine.core.errors import NoValidPairing
from pairing.engine.core.rules import board_order, initial_colour
from pairing.engine.core.state import Board, PlayerId, RoundPairing, TournamentState
from pairing.engine.dubov.bracket import pair_bracket
from pairing.engine.dubov.colours import colour_decision, pairing_numbers
from pairing.engine.dubov.edition import EDITION_2018, EDITION_2026, Edition, edition_named
from pairing.engine.dubov.graph import LegalGraph, LocalMatcher
from pairing.engine.dubov.players import DubovPlayer, dubov_players
from pairing.engine.dubov.trace import BracketTrace, ByeTrace, DubovTrace, UpfloatTrace
from pairing.engine.dubov.upfloaters import choose_upfloaters


def legal_graph(state: TournamentState, players: Mapping[PlayerId, DubovPlayer]) -> LegalGraph:
    """C.1 (no rematch, no forbidden pair) and C.3 (no two players with the same absolute
    colour preference; no exception for topscorers in the Dubov system).

    Kept as the few pairs that are not allowed, never as every pair that is (issue 27)."""
    ids = sorted(players, key=lambda i: players[i].tpn)
    partners: dict[PlayerId, set[PlayerId]] = {i: set() for i in ids}
    for entrant in state.players:  # opponents and forbidden partners may be excluded (C.1)
        for e in entrant.results:
            if e.opponent is not None and entrant.id in partners and e.opponent in partners:
                partners[entrant.id].add(e.opponent)
    for f in state.forbidden:
        for a in f.players:
            if a in partners:
                partners[a].update(b for b in f.players if b in partners)
    gaps = {
        a: frozenset(b for b in partners[a] if b != a and not state.may_meet(a, b)) for a in ids
    }
    side: dict[PlayerId, object | None] = {
        a: players[a].preference.colour if players[a].preference.absolute else None  # C.3
        for a in ids
    }
    return LegalGraph.from_gaps(ids, gaps, side)


def bye_order(player: DubovPlayer) -> tuple[int, int, int]:
    """B.0 (c) lowest score, (d) most games played, (e) lowest position in the initial ranking
    list: the sort key of the candidates."""
    return (player.score, -player.games, -player.tpn)


def choose_bye(
    players: Mapping[PlayerId, DubovPlayer],
    everyone: LocalMatcher,
    trace: ByeTrace | None = None,
) -> PlayerId | None:
    """B.0 (2026 3.1): with an odd number of players, the bye goes to the first player who
    (a) may receive it (C.2 by the edition's rule: ``bye_allowed``), (b) lets all the others
    be paired (C.4), taken by (c) lowest score, (d) most games played, (e) lowest position in
    the initial ranking list (2026 3.1.5: largest TPN, the same player).

    ``everyone`` is a maximum matching of all the players; the bye's holder leaves it."""
    if len(players) % 2 == 0:
        if not everyone.perfect():
            raise NoValidPairing("no pairing of all the players satisfies C.1 and C.3")
        return None
    candidates = sorted((p for p in players.values() if p.bye_allowed), key=bye_order)
    if trace is not None:
        trace.candidates = [p.id for p in candidates]
    for p in candidates:
        if everyone.perfect_without([p.id]):
            everyone.without([p.id])
            return p.id
        if trace is not None:
            trace.refused.append(p.id)
    raise NoValidPairing("B.0: no player can receive the pairing-allocated bye")


def pair_scoregroups(
    state: TournamentState,
    players: Mapping[PlayerId, DubovPlayer],
    graph: LegalGraph,
    remaining_matching: LocalMatcher,
    trace: DubovTrace | None = None,
) -> list[tuple[DubovPlayer, DubovPlayer]]:
    """A.8 / B.1-B.6: the scoregroups in descending order of score.

    ``remaining_matching`` is a perfect matching of the players still to be paired; the
    brackets leave it as they are paired (C.4 questions are asked of it)."""
    remaining = dict(players)
    pairs: list[tuple[DubovPlayer, DubovPlayer]] = []
    for score in sorted({p.score for p in players.values()}, reverse=True):
        residents = [p for p in remaining.values() if p.score == score]
        if not residents:
            continue  # all upfloated into higher brackets
        lower = [p for p in remaining.values() if p.score < score]
        bracket_trace = None
        if trace is not None:
            bracket_trace = BracketTrace(score, tuple(residents))
            bracket_trace.upfloat = UpfloatTrace()
            trace.brackets.append(bracket_trace)
        upfloaters = choose_upfloaters(
            graph,
            residents,
            lower,
            state.is_last_round,
            remaining_matching,
            trace=None if bracket_trace is None else bracket_trace.upfloat,
        )
        bracket = [*residents, *upfloaters]
        if bracket_trace is not None:
            bracket_trace.upfloaters = tuple(upfloaters)
        pairs += pair_bracket(graph, bracket, bracket_trace)
        for p in bracket:
            del remaining[p.id]
        remaining_matching.without(p.id for p in bracket)
    return pairs


def pair_round(state: TournamentState, edition: Edition = EDITION_2018) -> RoundPairing:
    """Pair the next round of ``state`` (by the 2018 rules unless ``edition`` says otherwise)."""
    return traced_pairing(state, edition=edition)[0]


def pair_round_2018(state: TournamentState) -> RoundPairing:
    """Pair the next round by the 2018 edition of C.04.4.1."""
    return pair_round(state, EDITION_2018)


def pair_round_2026(state: TournamentState) -> RoundPairing:
    """Pair the next round by the 2026 edition of C.04.4.1."""
    return pair_round(state, EDITION_2026)


def pair_round_in_force(state: TournamentState) -> RoundPairing:
    """Pair the next round by the edition the tournament names (TRF-2026 record 192), the one
    in force (2026) when it names none."""
    return pair_round(state, edition_named(state.info.system_code))


def traced_pairing(
    state: TournamentState, trace: DubovTrace | None = None, edition: Edition = EDITION_2018
) -> tuple[RoundPairing, list[tuple[DubovPlayer, DubovPlayer, str]]]:
    """Pair the next round of ``state`` by ``edition``, filling ``trace`` when given; also the
    pairs in board order as (white, black, the rule of section E that decided)."""
    players = dubov_players(state, edition)
    if trace is not None:
        trace.players = dict(players)
    graph = legal_graph(state, players)
    everyone = graph.matcher(graph.ids)
    bye_trace = None if trace is None else ByeTrace()
    bye = choose_bye(players, everyone, bye_trace)
    if trace is not None and bye is not None:
        trace.bye = bye_trace
    if bye is not None:
        players = {pid: p for pid, p in players.items() if pid != bye}
    pairs = pair_scoregroups(state, players, graph, everyone, trace)
    first = initial_colour(state)
    numbers = pairing_numbers(state)
    boards = []
    coloured = []
    for a, b in sorted(pairs, key=lambda pair: board_order(*pair)):
        white_for_a, rule = colour_decision(a, b, first, numbers)
        white, black = (a, b) if white_for_a else (b, a)
        boards.append(Board(white.id, black.id))
        coloured.append((white, black, rule))
    return RoundPairing(tuple(boards), bye), coloured
