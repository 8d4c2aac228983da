"""FIDE Dutch system (C.04.3, 2017 edition): pairing a round.

The round is paired bracket by bracket from the top scoregroup down (A.9). Each bracket is
the scoregroup's residents plus the players moved down from the bracket above; its best
candidate is chosen by :mod:`pairing.engine.dutch_bracket`. After each bracket the players
still to be paired must admit a complete pairing; when they do not, the bracket just paired is
the penultimate pairing bracket (PPB): it is paired again under C.4, and its downfloaters with
all lower players form the collapsed last bracket (CLB), which completes the round.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.dutch_bracket import BracketResult, pair_bracket
from pairing.engine.dutch_colours import allocate, ranks_higher
from pairing.engine.dutch_graph import Mode, RoundRules, compatibility_sets
from pairing.engine.dutch_players import DutchPlayer, build_players
from pairing.engine.errors import NoValidPairing
from pairing.engine.matching import Matcher
from pairing.engine.state import Board, Colour, PlayerId, RoundPairing, TournamentState


def pair_round(state: TournamentState) -> RoundPairing:
    """Pair the next round of ``state``."""
    players = build_players(state)
    if not players:
        return RoundPairing(())
    rules = RoundRules(barred=_barred(state, players), initial=initial_colour(state))
    completion = Completion(players, rules)
    if not completion.possible:
        raise NoValidPairing("no pairing of the round satisfies C.1-C.3 (A.9: the arbiter decides)")
    pairs, bye = _pair_brackets(_scoregroups(players), rules, completion)
    return _round_pairing(pairs, bye, rules.initial)


def _barred(
    state: TournamentState, players: Sequence[DutchPlayer]
) -> dict[PlayerId, frozenset[PlayerId]]:
    """C.1: the players each one may not meet: opponents of games actually played (a forfeit
    is no meeting, C.04.2 D.6) and forbidden pairs."""
    barred: dict[PlayerId, set[PlayerId]] = {}
    for p in players:
        barred[p.id] = {
            e.opponent for e in state.player(p.id).results if e.played and e.opponent is not None
        }
    for rule in state.forbidden:
        if rule.applies(state.next_round):
            for a in rule.players:
                if a in barred:
                    barred[a].update(b for b in rule.players if b != a)
    return {pid: frozenset(ids) for pid, ids in barred.items()}


def initial_colour(state: TournamentState) -> Colour:
    """The colour drawn before round 1 (XXC). Without it, read from round 1: the colour of the
    highest-ranked player who was paired, inverted once per higher-ranked player skipped."""
    if state.initial_colour is not None:
        return state.initial_colour
    if state.rounds_done:
        ranked = sorted(state.players, key=lambda p: p.tpn)
        for skipped, p in enumerate(ranked):
            e = p.results[0]
            if e.opponent is not None and e.colour is not None:
                return e.colour if skipped % 2 == 0 else e.colour.opposite
    return Colour.WHITE


def _scoregroups(players: Sequence[DutchPlayer]) -> list[list[DutchPlayer]]:
    groups: list[list[DutchPlayer]] = []
    for p in players:
        if groups and groups[-1][0].score == p.score:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


class Completion:
    """A.9: can the players not paired yet still be paired completely (C.1-C.3, and the
    bye for one who may receive it)? A maximum matching of all of them is kept and repaired
    after each bracket instead of being found again."""

    def __init__(self, players: Sequence[DutchPlayer], rules: RoundRules) -> None:
        self.index = {p.id: i for i, p in enumerate(players)}
        adjacency = compatibility_sets(players, rules)
        if len(players) % 2:
            bye = len(players)
            allowed = {i for i, p in enumerate(players) if p.bye_allowed}
            for i in allowed:
                adjacency[i].add(bye)
            adjacency.append(allowed)
        self.matcher = Matcher(len(adjacency))
        self.matcher.adj = adjacency
        self.matcher.solve()

    @property
    def possible(self) -> bool:
        return not self.matcher.free_vertices()

    def remove(
        self,
        pairs: Sequence[tuple[DutchPlayer, DutchPlayer]],
        downfloaters: Sequence[DutchPlayer],
    ) -> bool:
        """Take a bracket's pairs out; its downfloaters stay MDPs together in every later
        bracket, where they are never paired with each other (B.3). Whether the rest can
        still be paired completely."""
        freed = []
        for a, b in pairs:
            for p in (a, b):
                freed.append(self.matcher.deactivate(self.index[p.id]))
        floating = [self.index[p.id] for p in downfloaters]
        for k, u in enumerate(floating):
            for v in floating[k + 1 :]:
                if v in self.matcher.adj[u]:
                    freed.extend((u, v))
                    self.matcher.remove_edge(u, v)
        self.matcher.repair(freed)
        return self.possible


def _pair_brackets(
    groups: list[list[DutchPlayer]], rules: RoundRules, completion: Completion
) -> tuple[list[tuple[DutchPlayer, DutchPlayer]], DutchPlayer | None]:
    """A.9: the brackets from the top scoregroup down; the pairs and the bye."""
    pairs: list[tuple[DutchPlayer, DutchPlayer]] = []
    mdps: list[DutchPlayer] = []
    for index, group in enumerate(groups):
        lower = [p for g in groups[index + 1 :] for p in g]
        if not lower:
            last = pair_bracket(mdps, group, Mode.LAST, rules)
            return pairs + list(last.pairs), last.bye
        result: BracketResult = pair_bracket(
            mdps,
            group,
            Mode.NORMAL,
            rules,
            next_residents=groups[index + 1],
            next_is_last=index + 2 == len(groups),
        )
        if not completion.remove(result.pairs, result.downfloaters):
            # A.9: this bracket is the PPB; pair it again under C.4, then the CLB.
            result = pair_bracket(mdps, group, Mode.PPB, rules, lower=lower)
            last = pair_bracket(list(result.downfloaters), lower, Mode.LAST, rules)
            return pairs + list(result.pairs) + list(last.pairs), last.bye
        pairs.extend(result.pairs)
        mdps = list(result.downfloaters)
    raise NoValidPairing("no players to pair")


def _round_pairing(
    pairs: list[tuple[DutchPlayer, DutchPlayer]], bye: DutchPlayer | None, initial: Colour
) -> RoundPairing:
    """Colours by E.1-E.5, boards in C.04.2 D.9 order."""

    def board_key(pair: tuple[DutchPlayer, DutchPlayer]) -> tuple[int, int, int]:
        # The higher ranked player's score, the sum of the scores, the higher player's rank.
        a, b = pair
        higher = a if ranks_higher(a, b) else b
        return (-higher.score, -(a.score + b.score), higher.tpn)

    boards = []
    for a, b in sorted(pairs, key=board_key):
        white, black = allocate(a, b, initial)
        boards.append(Board(white.id, black.id))
    return RoundPairing(tuple(boards), bye.id if bye else None)
