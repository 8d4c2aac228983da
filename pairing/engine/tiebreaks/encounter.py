"""FIDE C.07 article 6: direct encounter (type A), computed on a group of tied players."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction
from typing import Any, TypeVar

from pairing.engine.core.state import PlayerId, RoundEntry, TournamentState

# -- type A: direct encounter ----------------------------------------------------------------


def _counts_for_de(entry: RoundEntry, include_forfeits: bool) -> bool:
    return entry.played or (include_forfeits and entry.forfeit)


def direct_encounter_points(
    state: TournamentState, group: Collection[PlayerId], include_forfeits: bool = False
) -> dict[PlayerId, Fraction]:
    """Each member's points (half-points) in the games among ``group`` (C.07 6.1): forfeits
    left out unless ``include_forfeits`` (6.1.1); several games against the same opponent count
    as their average (6.1.2)."""
    members = set(group)
    out: dict[PlayerId, Fraction] = {}
    for pid in members:
        per_opponent: dict[PlayerId, list[int]] = {}
        for e in state.player(pid).results:
            if e.opponent in members and _counts_for_de(e, include_forfeits):
                per_opponent.setdefault(e.opponent, []).append(state.points.of(e))
        out[pid] = sum((Fraction(sum(v), len(v)) for v in per_opponent.values()), Fraction(0))
    return out


def _missing_games(
    state: TournamentState, group: list[PlayerId], include_forfeits: bool
) -> dict[PlayerId, int]:
    """Each member's count of the others it has not met in a game that counts (C.07 6.3's
    missing games), each pair looked at from the games of its member earlier in ``group``;
    read from each player's own games, not pair by pair (issue 27: after round 1 of 10,000
    players, ties of thousands)."""
    place = {pid: i for i, pid in enumerate(group)}
    met_later = dict.fromkeys(group, 0)
    met_earlier = dict.fromkeys(group, 0)
    for a in group:
        results = state.player(a).results
        met = {e.opponent for e in results if _counts_for_de(e, include_forfeits)}
        for b in met:
            if b in place and place[b] > place[a]:
                met_later[a] += 1
                met_earlier[b] += 1
    last = len(group) - 1
    return {p: (last - place[p] - met_later[p]) + (place[p] - met_earlier[p]) for p in group}


T = TypeVar("T")


def alone_on_top(
    group: Sequence[T], points: Mapping[T, Any], best: Mapping[T, Any]
) -> tuple[list[list[T]], list[T]]:
    """C.07 6.3: the participants placed "whatever the outcome of the missing games", one place
    at a time from the top (``points``: each one's points among the group; ``best``: the most
    it could have with every missing game won), and those left."""
    blocks: list[list[T]] = []
    remaining = list(group)
    while len(remaining) > 1:
        top = [x for x in remaining if all(points[x] > best[y] for y in remaining if y != x)]
        if not top:
            break
        blocks.append(top)
        remaining.remove(top[0])
    return blocks, remaining


def _de_blocks(
    state: TournamentState, group: list[PlayerId], include_forfeits: bool
) -> list[list[PlayerId]]:
    """The group split into ordered blocks of players that art. 6 cannot separate."""
    if len(group) < 2:
        return [group]
    points = direct_encounter_points(state, group, include_forfeits)
    missing = _missing_games(state, group, include_forfeits)
    blocks: list[list[PlayerId]]
    if not any(missing.values()):  # C.07 6.2: all met: rank by the separate standings
        levels = sorted(set(points.values()), reverse=True)
        blocks = [[p for p in group if points[p] == level] for level in levels]
        if len(blocks) == 1:
            return blocks
        # 6.2: re-apply to every sub-tie
        return [sub for b in blocks for sub in _de_blocks(state, b, include_forfeits)]
    # C.07 6.3: place the one alone on top "whatever the outcome of the missing games",
    # then second place, and so on; then apply art. 6 again to those left.
    win = max(state.points.win, state.points.black_win or 0)
    best = {p: points[p] + win * missing[p] for p in group}
    blocks, remaining = alone_on_top(group, points, best)
    if not blocks:
        return [group]
    return blocks + _de_blocks(state, remaining, include_forfeits)


def direct_encounter(
    state: TournamentState, group: Collection[PlayerId], include_forfeits: bool = False
) -> dict[PlayerId, int]:
    """Direct encounter (C.07 6) among the tied participants ``group``: each member's place
    (1 = first; members it cannot separate share the place, numbered like ranks 1, 2, 2, 4)."""
    ordered = sorted(group, key=lambda pid: state.player(pid).tpn)
    out: dict[PlayerId, int] = {}
    place = 1
    for block in _de_blocks(state, ordered, include_forfeits):
        for pid in block:
            out[pid] = place
        place += len(block)
    return out
