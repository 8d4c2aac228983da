"""The weights and checks the score-group pairing of :mod:`~pairing.engine.usswiss.system`
is made with: the cost of a pair (how far it strays from top half against bottom half, and
the colours it gives), and whether the rest of the round can still be paired (27A1).

The cost is lexicographic, in the priorities of rule 27A and the limits of 29E5, packed into
one integer (highest first):

1. a transposition or interchange over the 200-point limit (29E5b): kept only when no
   pairing within the limits exists;
2. (29E8 variation only) players the TD asked to keep apart (28N);
3. players whose colours are not equalized (27A4, 29E5f);
4. (default) players the TD asked to keep apart (28N);
5. a transposition or interchange between 80 and 200 points (29E5a): worth it only to
   equalize colours;
6. players not receiving their due colour (27A5);
7. an interchange, where a transposition within the 80-point rule exists (29E5e);
8. the rating points moved by transpositions and interchanges (the smaller, the better).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from enum import Enum

from pairing.engine.core.state import PlayerId, TournamentState
from pairing.engine.matching.cardinality import Matcher
from pairing.engine.matching.weighted import max_weight_matching
from pairing.engine.usswiss.colours import ColourDecision, colour_failures, colour_rule
from pairing.engine.usswiss.settings import USSettings

RATING_POINT = 1
INTERCHANGE = 10**6
"""29E5e: a transposition within the 80-point rule is preferred to any interchange (more
than all the rating points such transpositions move); otherwise the smaller switch wins."""
DUE_COLOUR = 10**11
MID_SWITCH = 10**16
TEAM_SOFT = 10**21
EQUALIZATION = 10**26
TEAM_FIRST = 10**31
OVER_LIMIT = 10**36
BASE = 10**45
"""Every pair's weight starts at BASE: a matching with more pairs always weighs more."""


class PairKind(Enum):
    """How a pair stands to the top-half-against-bottom-half pairing of its score group."""

    NATURAL = "top half against bottom half"
    TRANSPOSED = "transposition in the bottom half"
    INTERCHANGED = "interchange between the halves"
    ODD_PLAYER = "odd player against the next score group"


@dataclass(frozen=True, slots=True)
class PairCost:
    """A pair's place in its score group and what it costs."""

    kind: PairKind
    natural: PlayerId | None
    """The player top half against bottom half would have given (for an odd player: the
    highest-rated he may meet in the next group), ``None`` for a natural pair."""
    deviation: int
    """Rating points between the player actually met and ``natural`` (29E5)."""
    colours: ColourDecision
    equalization_failures: int
    due_colour_failures: int
    together: bool
    """Both players are in one of the TD's keep-apart groups."""
    cost: int


class Weigher:
    """Costs of pairs in one round."""

    def __init__(
        self,
        state: TournamentState,
        settings: USSettings,
        rating: Callable[[PlayerId], int],
    ) -> None:
        self.state = state
        self.settings = settings
        self.rating = rating
        self._colours: dict[tuple[PlayerId, PlayerId], tuple[ColourDecision, int, int]] = {}
        self._team: dict[PlayerId, set[int]] = {}
        for n, group in enumerate(settings.avoid_together):
            for pid in group:
                self._team.setdefault(pid, set()).add(n)

    def together(self, a: PlayerId, b: PlayerId) -> bool:
        return bool(self._team.get(a, set()) & self._team.get(b, set()))

    def switch_cost(self, deviation: int, unrated: bool = False) -> int:
        """29E5a/29E5b: the tier of a transposition or interchange moving ``deviation``
        rating points. 29E5h (variation): colours before ratings, neither limit applies to
        switches made within a score group."""
        if self.settings.colours_over_ratings and not unrated:
            return deviation * RATING_POINT
        if unrated or deviation > self.settings.equalization_limit:
            return OVER_LIMIT + deviation * RATING_POINT
        if deviation > self.settings.alternation_limit:
            return MID_SWITCH + deviation * RATING_POINT
        return deviation * RATING_POINT

    def pair_cost(
        self, a: PlayerId, b: PlayerId, kind: PairKind, natural: PlayerId | None, deviation: int
    ) -> PairCost:
        key = (a, b) if a < b else (b, a)
        cached = self._colours.get(key)
        if cached is None:
            decision = colour_rule(self.state, a, b, self.settings)
            cached = self._colours[key] = (decision, *colour_failures(self.state, decision))
        decision, equalization, due = cached
        together = self.together(a, b)
        team_weight = TEAM_FIRST if self.settings.team_over_equalization else TEAM_SOFT
        cost = (
            self.switch_cost(deviation)
            + (INTERCHANGE if kind is PairKind.INTERCHANGED else 0)
            + equalization * EQUALIZATION
            + due * DUE_COLOUR
            + (team_weight if together else 0)
        )
        return PairCost(kind, natural, deviation, decision, equalization, due, together, cost)

    def switch(self, group: Sequence[PlayerId], i: int, j: int) -> tuple[PairKind, PlayerId, int]:
        """How pairing ``group[i]`` with ``group[j]`` (``i < j``; ``group`` in rank order,
        even) stands to 27A3, which pairs the top half against the bottom half in order:
        natural, a transposition (a bottom-half player other than the natural partner), or
        an interchange (two players of one half: one of them crossed over, measured against
        the nearest player of the other half); the player it replaces and the rating points
        switched."""
        half = len(group) // 2
        a, b = group[i], group[j]
        if i < half <= j:
            natural = group[i + half]
            if natural == b:
                return PairKind.NATURAL, natural, 0
            # 29E5c: a transposition is measured by the smaller of the two differences: the
            # bottom-half players exchanged (b, natural) or, for the same final pairs, the
            # top-half players exchanged (a and the one b was to meet).
            other = group[j - half]
            deviation = min(self.points(b, natural), self.points(a, other))
            return PairKind.TRANSPOSED, natural, deviation
        if j < half:  # b crossed into the bottom half, in place of its top player
            natural = group[half]
            return PairKind.INTERCHANGED, natural, self.points(b, natural)
        natural = group[half - 1]  # a crossed into the top half, in place of its lowest
        # 29E5d: an interchange is measured by the one difference between the players
        # exchanged across the halves.
        return PairKind.INTERCHANGED, natural, self.points(a, natural)

    def points(self, a: PlayerId, b: PlayerId) -> int:
        """The rating points between two players switched (29E5). 29E5g: a switch to or
        from an unrated player does not violate the 80- and 200-point rules, so it counts
        at most the 80-point limit (still more than no switch at all)."""
        points = abs(self.rating(a) - self.rating(b))
        if not (self.state.player(a).rating and self.state.player(b).rating):
            return min(points, self.settings.alternation_limit)
        return points

    def in_group(self, group: Sequence[PlayerId], i: int, j: int) -> PairCost:
        """The cost of pairing ``group[i]`` with ``group[j]`` (see :meth:`switch`)."""
        kind, natural, deviation = self.switch(group, i, j)
        shown = None if kind is PairKind.NATURAL else natural
        return self.pair_cost(group[i], group[j], kind, shown, deviation)

    def best_group_pairing(
        self, group: Sequence[PlayerId]
    ) -> tuple[int, list[tuple[PlayerId, PlayerId, PairCost]]] | None:
        """The cheapest complete pairing of ``group`` (rank order, even) within itself, and
        its cost; ``None`` when the group cannot be paired within itself. Pairs switching
        more than the 200-point limit are only looked at when no pairing avoids them."""
        for within_limits in (True, False):
            edges = []
            costs: dict[tuple[int, int], PairCost] = {}
            for i in range(len(group)):
                for j in range(i + 1, len(group)):
                    if not self.state.may_meet(group[i], group[j]):
                        continue
                    if within_limits and not self.settings.colours_over_ratings:
                        deviation = self.switch(group, i, j)[2]
                        if deviation > self.settings.equalization_limit:
                            continue
                    pc = self.in_group(group, i, j)
                    costs[i, j] = pc
                    edges.append((i, j, BASE - pc.cost))
            mate = max_weight_matching(len(group), edges)
            if all(m >= 0 for m in mate):
                pairs = [
                    (group[i], group[mate[i]], costs[i, mate[i]])
                    for i in range(len(group))
                    if i < mate[i]
                ]
                return sum(pc.cost for *_, pc in pairs), pairs
        return None


def completable(
    state: TournamentState,
    players: Collection[PlayerId],
    allowed: Callable[[PlayerId, PlayerId], bool] | None = None,
) -> bool:
    """27A1: ``players`` can all be paired with players they have not met (and, with
    ``allowed``, only in pairs it allows)."""
    ids = list(players)
    if len(ids) % 2:
        return False
    edges = [
        (i, j)
        for i in range(len(ids))
        for j in range(i + 1, len(ids))
        if state.may_meet(ids[i], ids[j]) and (allowed is None or allowed(ids[i], ids[j]))
    ]
    return Matcher(len(ids), edges).solve() * 2 == len(ids)


def most_pairs_within(
    state: TournamentState, players: Sequence[PlayerId], group: Collection[PlayerId]
) -> int:
    """27A2: the most pairs of ``group`` that can be made within it while all of ``players``
    (the group and the players below it) can still be paired."""
    index = {pid: n for n, pid in enumerate(players)}
    edges = []
    for a in players:
        for b in players:
            if index[a] < index[b] and state.may_meet(a, b):
                inside = a in group and b in group
                edges.append((index[a], index[b], BASE + (1 if inside else 0)))
    mate = max_weight_matching(len(players), edges)
    return sum(
        1 for v, m in enumerate(mate) if v < m and players[v] in group and players[m] in group
    )
