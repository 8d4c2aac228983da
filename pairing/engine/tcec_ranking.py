"""TCEC Swiss final ranking: score (descending), received BYEs (ascending, fewer is better),
then the event's tie-breaks (e.g. number of black games, Sonneborn-Berger, r-mobility)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pairing.engine.state import Colour, PlayerId, TournamentState
from pairing.engine.tcec_history import received_byes

TieBreak = Callable[[TournamentState], Mapping[PlayerId, Any]]
"""A tie-break: its value for every player; larger is better."""


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the final ranking."""

    rank: int
    """Place, 1-based; players equal on every criterion share it (the lowest of their
    places), and are listed by seed."""
    player: PlayerId
    score: int
    """Half-points."""
    byes: int
    """Received BYEs."""
    tie_breaks: tuple[Hashable, ...]
    """The tie-break values, in the order given."""


def black_games(state: TournamentState) -> dict[PlayerId, int]:
    """Tie-break: number of games played with black (more is better)."""
    return {
        p.id: sum(1 for e in p.results if e.played and e.colour is Colour.BLACK)
        for p in state.players
    }


def final_ranking(state: TournamentState, tie_breaks: Sequence[TieBreak] = ()) -> list[Standing]:
    """The final ranking: score DESC, received BYEs ASC, then ``tie_breaks`` in order (each
    larger = better); players still equal share the place and are listed by seed."""
    scores = state.scores
    byes = received_byes(state)
    values = [tb(state) for tb in tie_breaks]
    lines = [
        Standing(0, p.id, scores[p.id], byes[p.id], tuple(v[p.id] for v in values))
        for p in state.players
    ]

    def criteria(s: Standing) -> tuple[Any, ...]:
        return (-s.score, s.byes, *(_Descending(v) for v in s.tie_breaks))

    seeds = {p.id: p.tpn for p in state.players}
    lines.sort(key=lambda s: (criteria(s), seeds[s.player]))
    out: list[Standing] = []
    for i, s in enumerate(lines):
        rank = out[-1].rank if out and criteria(out[-1]) == criteria(s) else i + 1
        out.append(Standing(rank, s.player, s.score, s.byes, s.tie_breaks))
    return out


@dataclass(frozen=True, slots=True, order=False)
class _Descending:
    """Wraps a value so that larger sorts first."""

    value: Any

    def __lt__(self, other: _Descending) -> bool:
        return bool(other.value < self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Descending) and bool(self.value == other.value)

    def __hash__(self) -> int:
        return hash(self.value)
