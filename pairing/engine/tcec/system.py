"""TCEC Swiss system (wiki.chessdom.org/TCEC_Swiss_Tournament_System): single and double rounds.

Per round: STEP 1 pairing order, STEP 2 the BYE, STEP 3 viability (dropping the earliest
rounds of the encounter history until a viable pairing exists), STEP 4 greedy pairing that
keeps the round viable, STEP 5 colours; the pairs are then put in playing order (the
worst-performing pair first). See ``docs/tcec.md`` for the reading of the ambiguous points.

The seed is the player's pairing number (``Player.tpn``, the starting rank unless the file
says otherwise). Seeding helpers are in :mod:`pairing.engine.tcec.seeding`, the encounter
history in :mod:`pairing.engine.tcec.history`; the final ranking (score, BYEs received, then
tie-breaks) is :func:`pairing.engine.tiebreaks.tcec_final_order`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from pairing.engine.core.state import Board, Player, PlayerId, RoundPairing, TournamentState
from pairing.engine.tcec.history import (
    EncounterHistory,
    encounter_history,
    forbidden_pairs,
    read_record,
)
from pairing.engine.tcec.viability import ViabilityGraph


@dataclass(frozen=True, slots=True)
class TcecRound:
    """A paired TCEC round, with what the system decided on the way."""

    number: int
    """TCEC round number (a double round counts once)."""
    boards: tuple[Board, ...]
    """The pairs in playing order (worst-performing pair first); colours of the first game
    (in double rounds the second game reverses them)."""
    bye: PlayerId | None
    pairing_order: tuple[PlayerId, ...]
    """STEP 1: the players to pair (BYE included), best first."""
    history_rounds_removed: int
    """STEP 3: earliest rounds dropped from the encounter history before pairing this one."""
    history: EncounterHistory
    """The encounter history before this round (earlier drops applied, this round's not)."""

    @property
    def pairing(self) -> RoundPairing:
        return RoundPairing(self.boards, self.bye)


def pairing_order(
    state: TournamentState, scores: Mapping[PlayerId, int] | None = None
) -> list[Player]:
    """TCEC STEP 1: the players to pair, by score (DESC) then seed (ASC) (``scores``:
    ``state.scores`` when already at hand)."""
    points = state.scores if scores is None else scores
    return sorted(state.available, key=lambda p: _order_key(p, points))


def _order_key(player: Player, scores: Mapping[PlayerId, int]) -> tuple[int, int]:
    """STEP 1's sort key: score (DESC), then seed (ASC)."""
    return -scores[player.id], player.tpn


def first_of_pair(
    state: TournamentState, a: PlayerId, b: PlayerId, scores: Mapping[PlayerId, int] | None = None
) -> tuple[PlayerId, PlayerId]:
    """``(first-of-pair, second-of-pair)`` of a pair of ``state``'s players, paired by the
    system or by hand: the one earlier in STEP 1's pairing order (:func:`pairing_order`'s key)
    is the first-of-pair (STEP 4 picks it first; STEP 5 reads it)."""
    points = state.scores if scores is None else scores
    first, second = sorted((state.player(a), state.player(b)), key=lambda p: _order_key(p, points))
    return first.id, second.id


def choose_bye(order: Sequence[Player], byes: Mapping[PlayerId, int]) -> Player | None:
    """TCEC STEP 2: with an odd number of players, order them by received BYEs (DESC) then
    pairing order (ASC); the bottom player gets the BYE. ``None`` for an even number."""
    if len(order) % 2 == 0:
        return None
    fewest = min(byes[p.id] for p in order)
    return next(p for p in reversed(order) if byes[p.id] == fewest)


class ColourRule(Enum):
    """Which clause of TCEC STEP 5 decided a pair's colours."""

    WGD = "the greater white game difference gets black"
    SCORE = "equal white game differences: the higher score gets black"
    PATTERN = "equal white game differences and scores: the 2112 pattern"


def single_round_colours(
    first: PlayerId,
    second: PlayerId,
    wgd: Mapping[PlayerId, int],
    scores: Mapping[PlayerId, int],
    round_number: int,
) -> Board:
    """TCEC STEP 5, single rounds: the greater white game difference gets black; if equal, the
    higher score gets black; if equal too, the 2112 pattern: the first-of-pair has white in
    rounds 2, 3, 6, 7, 10, 11, ... and black in rounds 1, 4, 5, 8, 9, ..."""
    return single_round_decision(first, second, wgd, scores, round_number)[0]


def single_round_decision(
    first: PlayerId,
    second: PlayerId,
    wgd: Mapping[PlayerId, int],
    scores: Mapping[PlayerId, int],
    round_number: int,
) -> tuple[Board, ColourRule]:
    """:func:`single_round_colours` and the clause that decided."""
    if wgd[first] != wgd[second]:
        first_black = wgd[first] > wgd[second]
        rule = ColourRule.WGD
    elif scores[first] != scores[second]:
        first_black = scores[first] > scores[second]
        rule = ColourRule.SCORE
    else:
        first_black = (round_number - 1) % 4 in (0, 3)
        rule = ColourRule.PATTERN
    return (Board(second, first) if first_black else Board(first, second)), rule


def double_round_colours(first: PlayerId, second: PlayerId) -> Board:
    """TCEC STEP 5, double rounds: the first-of-pair has black in the first game (and white in
    the second, which the caller writes with colours reversed)."""
    return Board(second, first)


def playing_order(pairs: Sequence[Board]) -> tuple[Board, ...]:
    """Pairs formed in STEP 4 (top pair first) to playing order: by the pairing order of the
    first-of-pair, descending, i.e. the worst-performing pair plays first. A double round plays
    this schedule twice (all first games, then all second games)."""
    return tuple(reversed(pairs))


@dataclass
class Trace:
    """What :func:`pair_tcec_round` saw on the way, kept for an explanation."""

    wgd: Mapping[PlayerId, int] = field(default_factory=dict)
    """White game differences before the round."""
    scores: Mapping[PlayerId, int] = field(default_factory=dict)
    byes: Mapping[PlayerId, int] = field(default_factory=dict)
    """BYEs received before the round."""
    graph: ViabilityGraph | None = None
    """The STEP 3 graph after the drops (vertices: the players to pair in pairing order)."""
    passed_over: list[list[int]] = field(default_factory=list)
    """STEP 4, per pair formed (in formation order): vertices passed over."""
    formed: list[tuple[int, int]] = field(default_factory=list)
    """STEP 4: the pairs of vertices (first-of-pair, second-of-pair) in formation order."""


def pair_tcec_round(state: TournamentState, trace: Trace | None = None) -> TcecRound:
    """Pair the next TCEC round of ``state``, keeping the intermediate decisions (and, with a
    ``trace``, what an explanation needs)."""
    record = read_record(state)
    history = encounter_history(state, record)
    round_number = state.next_round
    scores = record.scores
    wgd = {pid: timeline[-1] for pid, timeline in record.wgd.items()}
    order = pairing_order(state, scores)  # STEP 1
    bye = choose_bye(order, record.byes)  # STEP 2
    to_pair = [p.id for p in order if p is not bye]
    graph = ViabilityGraph(
        to_pair,
        [wgd[pid] for pid in to_pair],
        history.live_rounds,
        forbidden_pairs(state, round_number),
    )
    dropped = graph.establish()  # STEP 3
    passed_over = None if trace is None else trace.passed_over
    formed = graph.greedy_pairs(passed_over)  # STEP 4
    boards = []
    for i, j in formed:
        first, second = to_pair[i], to_pair[j]
        if state.double_rounds:  # STEP 5
            boards.append(double_round_colours(first, second))
        else:
            boards.append(single_round_colours(first, second, wgd, scores, round_number))
    if trace is not None:
        trace.wgd, trace.scores, trace.byes = wgd, scores, record.byes
        trace.graph, trace.formed = graph, formed
    return TcecRound(
        number=round_number,
        boards=playing_order(boards),
        bye=None if bye is None else bye.id,
        pairing_order=tuple(p.id for p in order),
        history_rounds_removed=dropped,
        history=history,
    )


def pair_round(state: TournamentState) -> RoundPairing:
    """Pair the next round of ``state``: boards in playing order, the BYE apart; in double
    rounds the colours of the first game."""
    return pair_tcec_round(state).pairing
