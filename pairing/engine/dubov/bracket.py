"""Pairing one Dubov bracket (C.04.4.1, 2018, B.3-B.6) once its upfloaters are chosen.

B.3 splits the bracket into G1 (White seekers) and G2; B.4 shifts players between them until
a pairing of G1 against G2 exists and the sizes are equal; B.5 sorts G1 by ARO into S1; B.6
pairs S1 with the first legal transposition of G2 (D.3).

The text's enumerations are replaced by equivalent matching questions: with ``t`` the fewest
pairs that must stay inside the smaller subgroup S (larger subgroup L), a shift X (out of S)
and Y (out of L) allow a pairing of the new G1 against the new G2 exactly when the bracket
has a legal pairing whose S-S pairs each hold one X player and one other S player, whose
L-L pairs each hold one Y player and one other L player, and whose other pairs join S and L.
Such a pairing automatically has the fewest colour-preference violations (C.7), since any
pairing has at least ``t`` S-S pairs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pairing.engine.core.errors import NoValidPairing
from pairing.engine.dubov.graph import LegalGraph, alternating, first_subset
from pairing.engine.dubov.order import middle_out
from pairing.engine.dubov.players import DubovPlayer
from pairing.engine.dubov.trace import BracketTrace


@dataclass(frozen=True, slots=True)
class Subgroups:
    """The two halves of a bracket: G1 meets G2 board by board."""

    g1: tuple[DubovPlayer, ...]
    g2: tuple[DubovPlayer, ...]
    all_unplayed: bool
    """B.3: nobody in the bracket has played a game yet (G1 = first half by ranking)."""


def by_rank(players: Sequence[DubovPlayer]) -> list[DubovPlayer]:
    """Initial ranking list order (A.2)."""
    return sorted(players, key=lambda p: p.tpn)


def by_aro(players: Sequence[DubovPlayer]) -> list[DubovPlayer]:
    """B.5 / D.2.a: ascending ARO, then initial ranking."""
    return sorted(players, key=lambda p: (p.aro, p.tpn))


def initial_subgroups(bracket: Sequence[DubovPlayer]) -> Subgroups:
    """B.3: G1 = the players with a colour preference for White; when nobody in the bracket
    has played yet, G1 = the first half of the bracket by initial ranking."""
    if all(p.unplayed for p in bracket):
        ranked = by_rank(bracket)
        half = len(ranked) // 2
        return Subgroups(tuple(ranked[:half]), tuple(ranked[half:]), True)
    g1 = tuple(by_rank([p for p in bracket if p.wants_white]))
    g2 = tuple(by_rank([p for p in bracket if not p.wants_white]))
    return Subgroups(g1, g2, False)


def shifter_order(group: Sequence[DubovPlayer], white_seekers: bool) -> list[DubovPlayer]:
    """D.2: White seekers by ascending ARO then ranking, Black seekers by ranking; sequence
    numbers from the middle outwards (D.2.b)."""
    return middle_out(by_aro(group) if white_seekers else by_rank(group))


def unavoidable_pairs(
    graph: LegalGraph, bracket: Sequence[DubovPlayer], group: Sequence[DubovPlayer]
) -> int:
    """B.4: the fewest pairs inside ``group`` over all legal pairings of the bracket."""
    t = graph.min_pairs_inside([p.id for p in bracket], {p.id for p in group})
    if t is None:
        raise NoValidPairing("a bracket without a legal pairing reached B.4")
    return t


def shift(graph: LegalGraph, groups: Subgroups, trace: BracketTrace | None = None) -> Subgroups:
    """B.4: shift players so that G1 and G2 have equal sizes and can be paired together."""
    g1_smaller = len(groups.g1) <= len(groups.g2)
    small, large = (groups.g1, groups.g2) if g1_smaller else (groups.g2, groups.g1)
    # Which pool is a White-shifter pool (D.2.a): G1's, unless B.3 split by ranking.
    small_white = g1_smaller and not groups.all_unplayed
    large_white = not g1_smaller and not groups.all_unplayed
    bracket = (*small, *large)
    t = unavoidable_pairs(graph, bracket, small)
    x = first_x(graph, small, large, t, shifter_order(small, small_white)) if t else []
    y_size = (len(large) - len(small)) // 2 + t
    y = first_y(graph, small, large, x, y_size, shifter_order(large, large_white))
    xs, ys = {p.id for p in x}, {p.id for p in y}
    if trace is not None:
        trace.unavoidable, trace.shifted_first, trace.shifted_second = t, tuple(x), tuple(y)
    new_small = (*(p for p in small if p.id not in xs), *y)
    new_large = (*(p for p in large if p.id not in ys), *x)
    if g1_smaller:
        return Subgroups(new_small, new_large, groups.all_unplayed)
    return Subgroups(new_large, new_small, groups.all_unplayed)


def _x_structure(
    small: Sequence[DubovPlayer], large: Sequence[DubovPlayer], x: Sequence[DubovPlayer]
) -> tuple[list[int], dict[int, str]]:
    """Vertices and roles for the shift questions: X (shifted out of S), S (the rest of the
    smaller subgroup), L (the larger subgroup)."""
    xs = {p.id for p in x}
    role = {p.id: ("X" if p.id in xs else "S") for p in small}
    role.update({p.id: "L" for p in large})
    return [p.id for p in (*small, *large)], role


ALLOWED_ROLES = {
    (pair[a], pair[1 - a]) for pair in ("XS", "SL", "LL", "SO", "LY", "LO", "YO") for a in (0, 1)
}
"""Pairs a shift must allow: X-S (the unavoidable pairs), S-L, L-L (one of them will be a Y);
once a member of L is chosen for Y it meets no S nor Y player, once left out (O) no other O."""


def first_x(
    graph: LegalGraph,
    small: Sequence[DubovPlayer],
    large: Sequence[DubovPlayer],
    t: int,
    pool: Sequence[DubovPlayer],
) -> list[DubovPlayer]:
    """B.4, first shift: the first set of ``t`` players of the smaller subgroup (D.2 order)
    after whose shift a pairing of G1 against G2 can still be completed.

    Chosen member by member: a choice so far (``chosen`` in X, ``left_out`` not) can be
    completed when some legal pairing of the bracket has exactly ``t`` pairs inside S, none
    of them with two chosen or two left-out players, and no chosen player paired outside S."""
    vertices = [p.id for p in (*small, *large)]
    s_ids = {p.id for p in small}
    chosen: set[int] = set()
    left_out: set[int] = set()

    def allowed(a: int, b: int) -> bool:
        a_in, b_in = a in s_ids, b in s_ids
        if a_in and b_in:
            return not ({a, b} <= chosen or {a, b} <= left_out)
        return not (a in chosen or b in chosen)

    def try_include(p: DubovPlayer) -> bool:
        chosen.add(p.id)
        if graph.min_pairs_inside(vertices, s_ids, allowed) == t:
            return True
        chosen.discard(p.id)
        return False

    def exclude(p: DubovPlayer) -> None:
        left_out.add(p.id)

    return first_subset(pool, t, try_include, exclude)


def first_y(
    graph: LegalGraph,
    small: Sequence[DubovPlayer],
    large: Sequence[DubovPlayer],
    x: Sequence[DubovPlayer],
    size: int,
    pool: Sequence[DubovPlayer],
) -> list[DubovPlayer]:
    """B.4, second shift: the first set of ``size`` players of the larger subgroup (D.2 order;
    the players shifted by the first step are not in the pool) whose move into the smaller
    subgroup lets G1 be paired against G2.

    Chosen member by member (lexicographic order): a Y player may not meet the rest of S or
    another Y player; an L player left out of Y may not meet another one left out."""
    if size == 0:
        return []
    vertices, role = _x_structure(small, large, x)
    vertices = alternating(vertices, {p.id for p in small})
    m = graph.matcher(vertices, lambda a, b: (role[a], role[b]) in ALLOWED_ROLES)
    if not m.perfect():
        raise NoValidPairing("B.4: no shift allows a pairing")

    def try_include(p: DubovPlayer) -> bool:
        snap = m.snapshot()
        role[p.id] = "Y"
        if m.refilter(p.id):
            return True
        role[p.id] = "L"
        m.refilter(p.id)
        m.restore(snap)
        return False

    def exclude(p: DubovPlayer) -> None:
        role[p.id] = "O"
        if not m.refilter(p.id):
            raise NoValidPairing("B.4: inconsistent shift search")

    return first_subset(pool, size, try_include, exclude)


def first_transposition(
    graph: LegalGraph,
    s1: Sequence[DubovPlayer],
    g2: Sequence[DubovPlayer],
    passed_over: list[list[tuple[DubovPlayer, bool]]] | None = None,
) -> list[DubovPlayer]:
    """B.6: T2, the first transposition of G2 (D.3) with S1[i] - T2[i] legal for every i.

    Built position by position: S1[i] takes the highest-ranked G2 player still free with
    whom the others can still be paired (the D.3 order is lexicographic). ``passed_over``
    (when given) receives, per S1 player, the free G2 players ranked above the one taken,
    each with whether C.1 and C.3 allowed the pair."""
    greedy = greedy_transposition(graph, s1, g2, passed_over)
    if greedy is not None:
        return greedy
    g1_ids = {p.id for p in s1}
    vertices = alternating([p.id for p in (*s1, *g2)], g1_ids)
    m = graph.matcher(vertices, lambda a, b: (a in g1_ids) != (b in g1_ids))
    if not m.perfect():
        raise NoValidPairing("B.6: G1 cannot be paired against G2")
    free = by_rank(g2)
    t2 = []
    for p in s1:
        for k, q in enumerate(free):
            if graph.legal(p.id, q.id) and m.fix_pair(p.id, q.id):
                if passed_over is not None:
                    passed_over.append([(r, graph.legal(p.id, r.id)) for r in free[:k]])
                t2.append(q)
                free.remove(q)
                break
        else:
            raise NoValidPairing("B.6: no legal transposition")
    return t2


def greedy_transposition(
    graph: LegalGraph,
    s1: Sequence[DubovPlayer],
    g2: Sequence[DubovPlayer],
    passed_over: list[list[tuple[DubovPlayer, bool]]] | None = None,
) -> list[DubovPlayer] | None:
    """B.6 without a matching, when it can be done: S1[i] takes the highest-ranked G2 player
    still free whom C.1 and C.3 allow. If that completes, it is the first transposition (each
    choice was completable, as the rest shows, and every player ranked above it was not
    legal); if some S1 player finds nobody, ``None`` (and ``passed_over`` unchanged)."""
    free = by_rank(g2)
    t2 = []
    skipped = []
    for p in s1:
        for k, q in enumerate(free):
            if graph.legal(p.id, q.id):
                skipped.append(free[:k])
                t2.append(free.pop(k))
                break
        else:
            return None
    if passed_over is not None:
        passed_over.extend([(r, False) for r in passed] for passed in skipped)
    return t2


def pair_bracket(
    graph: LegalGraph, bracket: Sequence[DubovPlayer], trace: BracketTrace | None = None
) -> list[tuple[DubovPlayer, DubovPlayer]]:
    """B.3-B.6: the pairs (S1 player, T2 player) of a bracket that has a legal pairing."""
    initial = initial_subgroups(bracket)
    groups = shift(graph, initial, trace)
    s1 = by_aro(groups.g1)  # B.5
    passed_over = None if trace is None else trace.passed_over
    t2 = first_transposition(graph, s1, groups.g2, passed_over)  # B.6
    if trace is not None:
        trace.g1, trace.g2, trace.all_unplayed = initial.g1, initial.g2, initial.all_unplayed
        trace.s1, trace.t2 = tuple(s1), tuple(t2)
    return list(zip(s1, t2, strict=True))
