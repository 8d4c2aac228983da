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
    then keeps scores and ranks close; colours against f and g; boards by score."""
    import networkx  # only here: its import costs more than most pairings

    players = sorted(state.available, key=lambda p: (-state.scores[p.id], p.tpn))
    rank = {p.id: i for i, p in enumerate(players)}
    bad = _bad_colours(state, rules)
    graph = networkx.Graph()
    big = 1000 * (len(players) + 1) ** 2
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            cost = 0 if state.may_meet(a.id, b.id) else big // 10
            if _orientations(a.id, b.id, bad)[0][0]:
                cost += big // 100
            cost += 10 * abs(state.scores[a.id] - state.scores[b.id]) + rank[b.id] - rank[a.id]
            graph.add_edge(a.id, b.id, weight=big - cost)
        if len(players) % 2:  # the bye: the lowest-ranked player who may have it
            cost = big // 10 if a.id in bye_barred and SECOND_BYE in rules else 0
            graph.add_edge(a.id, BYE, weight=big - cost - 10 * (len(players) - rank[a.id]))
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
