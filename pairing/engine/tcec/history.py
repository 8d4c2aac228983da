"""What the TCEC Swiss system remembers between rounds, rebuilt from the stored rounds alone.

* The **encounter history**: the pairs of every round (STEP 4 adds them when the round is
  paired, so a forfeited game counts as an encounter), minus the earliest rounds that STEP 3
  dropped. Drops are permanent, so they are rebuilt by replaying STEP 3 round by round:
  a round needed no drop when its recorded pairing is itself viable against the history as
  it stood (a viable pairing existed); otherwise the drops are counted with the matching,
  exactly as when pairing. The web app and the TRF path therefore agree.
* The **white game difference** ``WGD(p)``: games with white minus games with black, as
  the pairing scheduled them (a forfeited game keeps its colour, like its encounter; byes
  and absences have none), whatever the history drops (STEP 3 note). Counting scheduled
  colours keeps the system's invariants (|WGD| <= 2; 0 between double rounds).
* The **received BYEs**: TCEC rounds in which the player had the pairing-allocated bye (TRF
  ``U``; in the double-round format it fills both columns of the round, and counts once).

A TCEC round fills ``state.columns_per_round`` TRF columns; its pairing is read from the first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from pairing.engine.core.errors import EngineError, NoValidPairing
from pairing.engine.core.state import Colour, PlayerId, TournamentState
from pairing.engine.tcec.viability import Pair, ViabilityGraph, colours_compatible, pair_key


@dataclass(frozen=True, slots=True)
class RecordedRound:
    """A completed TCEC round as stored."""

    number: int
    """TCEC round number (a double round counts once)."""
    pairs: tuple[Pair, ...]
    """The pairs of the round, smaller id first, in starting-rank order."""
    bye: PlayerId | None
    """The player who had the pairing-allocated BYE."""


@dataclass(frozen=True, slots=True)
class TcecRecord:
    """The stored rounds as TCEC sees them, read in one pass over the round entries."""

    rounds: tuple[RecordedRound, ...]
    """The completed TCEC rounds, in order."""
    wgd: Mapping[PlayerId, tuple[int, ...]]
    """``wgd[p][k]``: ``WGD(p)`` before TCEC round ``k + 1`` (the last item: now)."""
    byes: Mapping[PlayerId, int]
    """Received BYEs."""
    scores: Mapping[PlayerId, int]
    """Half-points after the completed rounds (``state.scores``, computed along)."""


def read_record(state: TournamentState) -> TcecRecord:
    """The completed TCEC rounds of ``state``, the WGD timeline, the received BYEs and the
    scores, in one pass (the costly part of pairing a round of a big field)."""
    step = state.columns_per_round
    if state.rounds_done % step:
        raise EngineError(
            "a double-round tournament needs an even number of round columns, "
            f"found {state.rounds_done}"
        )
    count = state.rounds_done // step
    pairs: list[list[Pair]] = [[] for _ in range(count)]
    round_byes: list[PlayerId | None] = [None] * count
    wgd: dict[PlayerId, tuple[int, ...]] = {}
    byes: dict[PlayerId, int] = {}
    scores: dict[PlayerId, int] = {}
    game_points: dict[tuple[str, Colour | None], int] = {}  # PointValues.of, memoised
    other_points: dict[str, int] = {}
    white = Colour.WHITE
    for p in state.players:
        pid, results = p.id, p.results
        w = score = 0
        running = []  # WGD after each column
        for e in results:
            if e.opponent is not None:
                key = (e.code, e.colour)
                if key not in game_points:
                    game_points[key] = state.points.of(e)
                score += game_points[key]
                w += 1 if e.colour is white else -1
            else:
                if e.code not in other_points:
                    other_points[e.code] = state.points.of(e)
                score += other_points[e.code]
            running.append(w)
        timeline = (0, *running[step - 1 :: step])
        had = 0
        for k, first in enumerate(results[::step]):
            opponent = first.opponent
            if opponent is not None:
                if pid < opponent:
                    pairs[k].append((pid, opponent))
            elif first.code == "U":
                round_byes[k] = pid
                had += 1
        wgd[pid] = timeline
        byes[pid] = had
        scores[pid] = score
    rounds = tuple(RecordedRound(k + 1, tuple(pairs[k]), round_byes[k]) for k in range(count))
    return TcecRecord(rounds, wgd, byes, scores)


def white_game_differences(state: TournamentState) -> dict[PlayerId, int]:
    """``WGD(p)`` after the completed rounds."""
    return {pid: t[-1] for pid, t in read_record(state).wgd.items()}


def received_byes(state: TournamentState) -> dict[PlayerId, int]:
    """Number of TCEC rounds in which each player received the BYE."""
    return dict(read_record(state).byes)


def forbidden_pairs(state: TournamentState, round_number: int) -> list[Pair]:
    """Pairs the arbiter forbade for TCEC round ``round_number`` (TRF ``XXP``)."""
    out = []
    for f in state.forbidden:
        if f.applies(round_number):
            ids = sorted(set(f.players))
            out += [(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :]]
    return out


@dataclass(frozen=True, slots=True)
class EncounterHistory:
    """The encounter history after the completed rounds."""

    rounds: tuple[tuple[Pair, ...], ...] = ()
    """The pairs of every completed round, dropped ones included, earliest first."""
    removed: tuple[int, ...] = ()
    """``removed[k]``: earliest rounds dropped (STEP 3) before round ``k + 1`` was paired."""
    _live: frozenset[Pair] = field(default=frozenset(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.removed) != len(self.rounds):
            raise ValueError("one removal count per round is needed")
        if self.first_live > len(self.rounds):
            raise ValueError("more rounds removed than played")
        pairs = frozenset(p for r in self.live_rounds for p in r)
        object.__setattr__(self, "_live", pairs)

    @property
    def first_live(self) -> int:
        """Index (0-based) in :attr:`rounds` of the earliest round still in the history."""
        return sum(self.removed)

    @property
    def live_rounds(self) -> tuple[tuple[Pair, ...], ...]:
        """The rounds still in force, earliest first."""
        return self.rounds[self.first_live :]

    def met(self, a: PlayerId, b: PlayerId) -> bool:
        """``a`` and ``b`` have met as per the (live) encounter history."""
        return pair_key(a, b) in self._live


def _drops_before(
    rnd: RecordedRound,
    live_rounds: Sequence[tuple[Pair, ...]],
    live: set[Pair],
    wgd: Mapping[PlayerId, tuple[int, ...]],
    forbidden: list[Pair],
) -> int:
    """STEP 3 replayed for a completed round: rounds dropped before it was paired."""
    k = rnd.number - 1
    if (
        live.isdisjoint(rnd.pairs)
        and (not forbidden or set(forbidden).isdisjoint(rnd.pairs))
        and all(colours_compatible(wgd[a][k], wgd[b][k]) for a, b in rnd.pairs)
    ):
        return 0  # the recorded pairing is viable: a viable pairing existed, nothing dropped
    players = sorted({pid for p in rnd.pairs for pid in p})
    graph = ViabilityGraph(players, [wgd[pid][k] for pid in players], live_rounds, forbidden)
    try:
        return graph.establish()
    except NoValidPairing:
        return 0  # paired by hand: the system could not have paired it; nothing dropped


def encounter_history(state: TournamentState, record: TcecRecord | None = None) -> EncounterHistory:
    """The encounter history after the completed rounds of ``state``, drops included
    (``record``: ``read_record(state)`` when already at hand)."""
    if record is None:
        record = read_record(state)
    rounds, wgd = record.rounds, record.wgd
    meetings: Counter[Pair] = Counter()
    live: set[Pair] = set()
    removed: list[int] = []
    first_live = 0
    for rnd in rounds:
        live_rounds = [r.pairs for r in rounds[first_live : rnd.number - 1]]
        drops = _drops_before(rnd, live_rounds, live, wgd, forbidden_pairs(state, rnd.number))
        if drops:
            for dropped in rounds[first_live : first_live + drops]:
                meetings.subtract(dropped.pairs)
            live = {p for p, n in meetings.items() if n > 0}
        removed.append(drops)
        first_live += drops
        meetings.update(rnd.pairs)
        live.update(rnd.pairs)
    return EncounterHistory(tuple(r.pairs for r in rounds), tuple(removed))
