"""The hand-pairing suggestion: the nearest legal pairing of every available player, for the
arbiter to adjust when the system finds no legal pairing (or pairs by hand)."""

from __future__ import annotations

from collections.abc import Collection

from pairing.engine.core.colours import colour_difference
from pairing.engine.core.state import Board, Colour, PlayerId, RoundPairing, TournamentState
from pairing.engine.core.violations import COLOUR_DIFFERENCE, SAME_COLOUR_THRICE, SECOND_BYE

BYE = 0
"""The bye's node in :func:`nearest_pairing`'s graph (pairing numbers start at 1)."""


def nearest_pairing(
    state: TournamentState, rules: Collection[str], bye_barred: Collection[PlayerId]
) -> RoundPairing:
    """A pairing of every available player that breaks as few absolute rules (of ``rules``) as
    it can: a maximum matching that avoids rematches (C.04.1 b), a bye to a player the system
    bars from it (``bye_barred``, C.04.1 d) and pairs whose colours break f or g either way,
    then gives the bye to a player of the lowest score it can (C.04.3 / C.04.4.1 / 28L: the bye
    goes to the lowest score group) and keeps scores and ranks close; colours against f and g;
    boards by score."""
    import networkx  # only here: its import costs more than most pairings

    players = sorted(state.available, key=lambda p: (-state.scores[p.id], p.tpn))
    rank = {p.id: i for i, p in enumerate(players)}
    bad = _bad_colours(state, rules)
    scores = [state.scores[p.id] for p in players]
    lowest = min(scores, default=0)
    n = len(players)
    # Cost tiers, each one step heavier than everything the tiers below can add up to, so that
    # no trade-off below outweighs one step above: the score differences of the pairs (at most
    # the total score, 10 a half-point), their rank distances (under n² in all) and the bye's
    # rank (10 a place); then the bye's score above the lowest, a half-point a step; then a
    # pair whose colours break f or g; then a rematch or a barred bye.
    near = 10 * sum(scores) + n * n + 10 * n + 1
    colours = near * (max(scores, default=0) - lowest + 1)
    broken = colours * (n + 1)
    big = broken * (n + 1)
    graph = networkx.Graph()
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            cost = 0 if state.may_meet(a.id, b.id) else broken
            if _orientations(a.id, b.id, bad)[0][0]:
                cost += colours
            cost += 10 * abs(state.scores[a.id] - state.scores[b.id]) + rank[b.id] - rank[a.id]
            graph.add_edge(a.id, b.id, weight=big - cost)
        if n % 2:  # the bye: the lowest-scored, then lowest-ranked player who may have it
            cost = broken if a.id in bye_barred and SECOND_BYE in rules else 0
            cost += near * (state.scores[a.id] - lowest) + 10 * (n - rank[a.id])
            graph.add_edge(a.id, BYE, weight=big - cost)
    matching = networkx.max_weight_matching(graph, maxcardinality=True)
    bye = next((a if b == BYE else b for a, b in matching if BYE in (a, b)), None)
    pairs = []
    for a, b in matching:
        if BYE not in (a, b):
            high, low = sorted((a, b), key=rank.__getitem__)
            pairs.append(_orientations(high, low, bad)[0][1])
    pairs.sort(key=lambda board: min(rank[board.white], rank[board.black]))
    return RoundPairing(tuple(pairs), bye)


def _bad_colours(state: TournamentState, rules: Collection[str]) -> dict[PlayerId, set[Colour]]:
    """Player -> the colours that would break C.04.1 f or g (none in TCEC double rounds,
    where each pair plays both colours, or when those rules are not checked)."""
    if state.double_rounds or not {COLOUR_DIFFERENCE, SAME_COLOUR_THRICE} & set(rules):
        return {p.id: set() for p in state.available}
    bad: dict[PlayerId, set[Colour]] = {}
    for p in state.available:
        bad[p.id] = set()
        for colour in (Colour.WHITE, Colour.BLACK):
            history = (*p.colours, colour)
            if abs(colour_difference(history)) > 2 or history[-3:] == (colour,) * 3:  # C.04.1 f, g
                bad[p.id].add(colour)
    return bad


def _orientations(
    high: PlayerId, low: PlayerId, bad: dict[PlayerId, set[Colour]]
) -> list[tuple[int, Board]]:
    """Both boards of a pair, the one that breaks fewer colour rules first (the higher-ranked
    player ``high`` gets white when it is a tie), with their counts."""
    boards = [Board(high, low), Board(low, high)]
    counted = [((Colour.WHITE in bad[b.white]) + (Colour.BLACK in bad[b.black]), b) for b in boards]
    return sorted(counted, key=lambda item: item[0])
