"""The graph a Dutch bracket is paired on, and what each of its edges is worth.

Vertices are, in this order: the bracket's players (MDPs first, then residents, in A.2 order,
so that index + 1 is the BSN), then the players the criteria look at beyond the bracket (the
following bracket's residents for C.7, or every lower player for C.4 in the PPB), then
possibly one vertex standing for the pairing-allocated bye.

An edge's *gain* is a vector over the quality levels of :class:`Level`: what the candidate
gains, criterion by criterion, when the edge is in the matching instead of both ends being
left unpaired. Maximising the total gain lexicographically is B.8's "best candidate" on
C.4-C.19; the generation order (D.1-D.3) is added by the solvers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, IntEnum

from pairing.engine.core.state import Colour, PlayerId
from pairing.engine.dutch.criteria import (
    QUALITY_LEVELS,
    BracketScores,
    Level,
    next_pair_gain,
    pair_costs,
    unpaired_costs,
)
from pairing.engine.dutch.edition import EDITION_2017, Edition
from pairing.engine.dutch.players import DutchPlayer
from pairing.engine.matching.bitset import BitMatcher, mask_of
from pairing.engine.matching.cardinality import Matcher


class Mode(Enum):
    """How a bracket's pairing relates to the rest of the round (A.9)."""

    NORMAL = "normal"
    """A bracket followed by others: C.7 looks into the following bracket."""
    PPB = "ppb"
    """The penultimate pairing bracket: C.4, the rest of the round must stay pairable."""
    LAST = "last"
    """The last bracket (or the collapsed last bracket): everybody is paired but the bye."""
    COMPLETE = "complete"
    """2026 C4: a bracket whose best candidate would leave the rest of the round unpairable,
    paired again with the rest of the round as extra vertices (C8 still looks into the
    following bracket)."""


class Kind(IntEnum):
    """What a vertex of the bracket graph stands for."""

    MDP = 0
    RESIDENT = 1
    NEXT = 2
    """A resident of the following bracket (C.7)."""
    LOWER = 3
    """A player below the PPB (C.4)."""
    BYE = 4


@dataclass(frozen=True)
class BracketResult:
    """The chosen candidate of a bracket."""

    pairs: tuple[tuple[DutchPlayer, DutchPlayer], ...]
    downfloaters: tuple[DutchPlayer, ...]
    """Unpaired players, in A.2 order (they move down to the next bracket)."""
    bye: DutchPlayer | None = None
    """The pairing-allocated bye (last bracket only)."""


@dataclass(frozen=True)
class RoundRules:
    """What a bracket needs to know about the round."""

    barred: Mapping[PlayerId, frozenset[PlayerId]]
    """C.1: whom each player may not meet (opponents of games played, forbidden pairs)."""
    initial: Colour
    """The initial colour (E.5)."""
    edition: Edition = EDITION_2017
    """The edition of C.04.3 in force."""
    recorder: list[tuple[BracketGraph, BracketResult]] | None = field(default=None, compare=False)
    """When explaining (:mod:`dutch.explain`): every bracket solved, with its chosen
    candidate, in order."""


def colour_compatible(a: DutchPlayer, b: DutchPlayer) -> bool:
    """C.3: non-topscorers with the same absolute colour preference do not meet."""
    return not (
        a.absolute
        and b.absolute
        and a.preference.colour is b.preference.colour
        and not (a.topscorer or b.topscorer)
    )


@dataclass(frozen=True)
class BracketGraph:
    """A bracket with the extra vertices its criteria look at."""

    players: list[DutchPlayer]
    """Every vertex's player (the bye vertex has none and is not listed)."""
    kinds: list[Kind]
    """Kind of every vertex, the bye vertex included."""
    size: int
    """Number of players in the bracket (vertices ``0..size-1``)."""
    mdp_count: int
    mode: Mode
    rules: RoundRules
    scores: BracketScores
    cover: bool
    """C.4 / last bracket: every vertex but the bye's spare must be matched."""
    next_bye: bool
    """C.7 looks into the last bracket, whose unpaired player gets the bye (C.2)."""
    unpaired_costs: tuple[list[int], ...]
    """Costs of each bracket player left unpaired (a downfloater, or the bye)."""
    bye_unplayed: bool = False
    """2026 C9 applies: the bracket downfloats exactly one player, and the bye's edges from
    the bracket's players carry their unplayed games."""

    @property
    def vertex_count(self) -> int:
        return len(self.kinds)

    @property
    def bye_vertex(self) -> int:
        return len(self.kinds) - 1 if self.kinds and self.kinds[-1] is Kind.BYE else -1

    def adjacency(self) -> list[set[int]]:
        """Pairs the bracket's players may form: C.1, C.3, and no MDP with an MDP (B.3)."""
        return compatibility_sets(self.players[: self.size], self.rules, self.mdp_count)

    def adjacency_masks(self) -> list[int]:
        """:meth:`adjacency` as bit masks (:mod:`pairing.engine.matching.bitset`)."""
        return compatibility_masks(self.players[: self.size], self.rules, self.mdp_count)

    def gain(self, u: int, v: int, check_c1: bool = True) -> list[int] | None:
        """The quality gain of edge ``u``-``v`` (``u < v``), or ``None`` when the two may not
        be matched (``check_c1=False``: whatever C.1 says)."""
        ku, kv = self.kinds[u], self.kinds[v]
        if kv is Kind.BYE:
            return self._bye_gain(u, ku)
        pu, pv = self.players[u], self.players[v]
        if ku is Kind.MDP and kv is Kind.MDP:
            return None  # B.3: MDPs are only paired with residents
        if not colour_compatible(pu, pv) or (check_c1 and pv.id in self.rules.barred[pu.id]):
            return None
        gain = [0] * QUALITY_LEVELS
        if kv <= Kind.RESIDENT:
            cost = pair_costs(pu, pv, self.scores, self.rules.initial)
            uu, uv = self.unpaired_costs[u], self.unpaired_costs[v]
            gain = [uu[lv] + uv[lv] - cost[lv] for lv in range(QUALITY_LEVELS)]
            gain[Level.PAIRS] = 1
            gain[Level.COVER] = 2 if self.cover else 0
        else:
            # Beyond the bracket: the rest of the round must be covered (C.4 in the PPB,
            # 2026 C4 in COMPLETE mode); pairs of the following bracket count for C.7 / C8.
            if self.cover:
                gain[Level.COVER] = 2
            if kv is Kind.NEXT:
                gain[Level.NEXT_PAIRS] = 1
                gain[Level.NEXT_PSD] = next_pair_gain(pu, pv, ku is Kind.NEXT, self.scores)
        return gain

    def _bye_gain(self, u: int, ku: Kind) -> list[int] | None:
        if not self.players[u].bye_allowed:
            return None
        gain = [0] * QUALITY_LEVELS
        if self.bye_unplayed and ku <= Kind.RESIDENT:
            gain[Level.UNPLAYED] = -self.players[u].unplayed  # C9
        if self.next_bye:
            if ku is Kind.LOWER:
                return None
            gain[Level.NEXT_PAIRS] = 1  # the last bracket's bye counts like a pair
        else:
            gain[Level.COVER] = 2
        return gain


def compatibility_sets(
    players: Sequence[DutchPlayer], rules: RoundRules, separate: int = 0
) -> list[set[int]]:
    """For each player (by index), the indices of those it may be paired with: C.1, C.3,
    and none of the first ``separate`` players with each other (MDPs, B.3)."""
    index = {p.id: i for i, p in enumerate(players)}
    everyone = set(range(len(players)))
    kept_apart = set(range(separate))
    blocked: dict[Colour | None, set[int]] = {}
    for i, p in enumerate(players):
        if p.absolute and not p.topscorer:
            blocked.setdefault(p.preference.colour, set()).add(i)
    sets = []
    for i, p in enumerate(players):
        near = everyone - {index[b] for b in rules.barred[p.id] if b in index}
        near.discard(i)
        if p.absolute and not p.topscorer:
            near -= blocked[p.preference.colour]
        if i < separate:
            near -= kept_apart
        sets.append(near)
    return sets


def compatibility_masks(
    players: Sequence[DutchPlayer], rules: RoundRules, separate: int = 0
) -> list[int]:
    """:func:`compatibility_sets` as bit masks: memory n²/8 bytes instead of gigabytes for a
    bracket of thousands of players (issue 27)."""
    index = {p.id: i for i, p in enumerate(players)}
    everyone = (1 << len(players)) - 1
    kept_apart = (1 << separate) - 1
    blocked: dict[Colour | None, int] = {}
    for i, p in enumerate(players):
        if p.absolute and not p.topscorer:
            blocked[p.preference.colour] = blocked.get(p.preference.colour, 0) | 1 << i
    masks = []
    for i, p in enumerate(players):
        apart = mask_of(index[b] for b in rules.barred[p.id] if b in index) | 1 << i
        if p.absolute and not p.topscorer:
            apart |= blocked[p.preference.colour]
        if i < separate:
            apart |= kept_apart
        masks.append(everyone & ~apart)
    return masks


def max_pairs_of_masks(adjacency: list[int]) -> int:
    """Size of a maximum matching of a graph given by bit masks (only read)."""
    return BitMatcher(adjacency).solve()


def max_pairs(adjacency: list[set[int]]) -> int:
    """Size of a maximum matching of a graph given by adjacency sets (only read)."""
    return Matcher.from_adjacency(adjacency).solve()


def build_graph(
    mdps: Sequence[DutchPlayer],
    residents: Sequence[DutchPlayer],
    mode: Mode,
    rules: RoundRules,
    next_residents: Sequence[DutchPlayer] = (),
    lower: Sequence[DutchPlayer] = (),
    next_is_last: bool = False,
    single_floater: bool = False,
) -> BracketGraph:
    """The graph of a bracket in a mode (see :class:`Mode`). ``single_floater``: the best
    candidates of a :attr:`Mode.COMPLETE` bracket downfloat exactly one player (2026 C9)."""
    players = [*mdps, *residents]
    kinds = [Kind.MDP] * len(mdps) + [Kind.RESIDENT] * len(residents)
    n = len(players)
    next_lowest = None
    if mode is Mode.NORMAL and next_residents:
        players += next_residents
        kinds += [Kind.NEXT] * len(next_residents)
        next_lowest = next_residents[0].score
    elif mode is Mode.PPB:
        players += lower
        kinds += [Kind.LOWER] * len(lower)
    elif mode is Mode.COMPLETE:
        # ``lower`` starts with the following bracket's residents.
        players += lower
        kinds += [Kind.NEXT] * len(next_residents)
        kinds += [Kind.LOWER] * (len(lower) - len(next_residents))
        next_lowest = next_residents[0].score
    with_bye = mode is not Mode.NORMAL and len(players) % 2 == 1
    next_bye = mode is Mode.NORMAL and next_is_last and len(players) % 2 == 1
    if with_bye or next_bye:
        kinds.append(Kind.BYE)
    scores = BracketScores(
        lowest=min(p.score for p in players[:n]),
        next_lowest=next_lowest,
        base=len(kinds) + 2,
        downfloater_scores=rules.edition.downfloater_scores,
        resident_floats=rules.edition.resident_floats,
    )
    bye_unplayed = False
    if rules.edition.bye_unplayed:
        # C9 "applies to brackets that downfloat exactly one player, who will end up
        # receiving the pairing-allocated bye".
        if mode is Mode.LAST:
            bye_unplayed = True
        elif mode is Mode.COMPLETE:
            bye_unplayed = single_floater
        elif next_bye:
            masks = compatibility_masks(players[:n], rules, len(mdps))
            bye_unplayed = n - 2 * max_pairs_of_masks(masks) == 1
    return BracketGraph(
        players=players,
        kinds=kinds,
        size=n,
        mdp_count=len(mdps),
        mode=mode,
        rules=rules,
        scores=scores,
        cover=mode is not Mode.NORMAL,
        next_bye=next_bye,
        bye_unplayed=bye_unplayed,
        unpaired_costs=tuple(
            unpaired_costs(p, scores, i < len(mdps)) for i, p in enumerate(players[:n])
        ),
    )


def pack(gains: Sequence[Sequence[int]], vertex_count: int) -> list[int]:
    """Multipliers turning gain vectors into integers whose sums over any matching compare
    like the vectors' sums (lexicographically)."""
    levels = len(gains[0]) if gains else 0
    multipliers = [1] * levels
    span = 1
    bound = vertex_count + 2
    for lv in range(levels - 1, -1, -1):
        multipliers[lv] = span
        biggest = max((abs(g[lv]) for g in gains), default=0)
        span *= 2 * biggest * bound + 1
    return multipliers


def packed(gain: Sequence[int], multipliers: Sequence[int]) -> int:
    return sum(g * m for g, m in zip(gain, multipliers, strict=True) if g)
