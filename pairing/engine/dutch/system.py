"""FIDE Dutch system (C.04.3, 2017 and 2026 editions): pairing a round.

The round is paired bracket by bracket from the top scoregroup down (A.9). Each bracket is
the scoregroup's residents plus the players moved down from the bracket above; its best
candidate is chosen by :mod:`pairing.engine.dutch.bracket`. After each bracket the players
still to be paired must admit a complete pairing; when they do not, the bracket just paired is
the penultimate pairing bracket (PPB): it is paired again under C.4, and its downfloaters with
all lower players form the collapsed last bracket (CLB), which completes the round.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.core.errors import NoValidPairing
from pairing.engine.core.rules import board_order, initial_colour
from pairing.engine.core.state import Board, Colour, PlayerId, RoundPairing, TournamentState
from pairing.engine.dutch import outlook
from pairing.engine.dutch.bracket import pair_bracket
from pairing.engine.dutch.colours import allocate
from pairing.engine.dutch.edition import EDITION_2017, EDITION_2026, Edition, edition_named
from pairing.engine.dutch.graph import (
    BracketGraph,
    BracketResult,
    Mode,
    RoundRules,
)
from pairing.engine.dutch.players import DutchPlayer, build_players, e5_numbers
from pairing.engine.matching.cardinality import DenseMatcher, Matcher


def pair_round(
    state: TournamentState,
    edition: Edition = EDITION_2017,
    recorder: list[tuple[BracketGraph, BracketResult]] | None = None,
) -> RoundPairing:
    """Pair the next round of ``state`` (by the 2017 rules unless ``edition`` says otherwise;
    ``recorder``, when given, receives every bracket solved, for an explanation)."""
    players = build_players(state, edition)
    if not players:
        return RoundPairing(())
    rules = RoundRules(
        barred=_barred(state, players),
        initial=initial_colour(state, e5_numbers),
        edition=edition,
        recorder=recorder,
    )
    if players[0].score == players[-1].score:
        # One scoregroup (round 1): its bracket is the last one, which completes the round or
        # finds that nothing can; no completion matching of the whole round is needed.
        last = pair_bracket([], players, Mode.LAST, rules)
        return _round_pairing(list(last.pairs), last.bye, rules.initial)
    completion = Completion(players, rules)
    if not completion.possible:
        raise NoValidPairing("no pairing of the round satisfies C.1-C.3 (A.9: the arbiter decides)")
    if edition.lowest_bye_score:
        players = outlook.restrict_bye(players, completion)  # 2026 C5
    if edition.completion_everywhere:
        pairs, bye = outlook.pair_brackets(_scoregroups(players), rules, completion)
    else:
        pairs, bye = _pair_brackets(_scoregroups(players), rules, completion)
    return _round_pairing(pairs, bye, rules.initial)


def pair_round_2017(state: TournamentState) -> RoundPairing:
    """Pair the next round by the 2017 edition of C.04.3."""
    return pair_round(state, EDITION_2017)


def pair_round_2026(state: TournamentState) -> RoundPairing:
    """Pair the next round by the 2026 edition of C.04.3."""
    return pair_round(state, EDITION_2026)


def pair_round_in_force(state: TournamentState) -> RoundPairing:
    """Pair the next round by the edition the tournament names (TRF-2026 record 192), the one
    in force (2026) when it names none."""
    return pair_round(state, edition_named(state.info.system_code))


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
        self.index = index = {p.id: i for i, p in enumerate(players)}
        # The graph by what it lacks (C.1: barred pairs; C.3: one class per absolute colour
        # preference of a non-topscorer), the bye's vertex last: linear memory.
        gaps = [{index[b] for b in rules.barred[p.id] if b in index} for p in players]
        classes: list[object | None] = [
            p.preference.colour if p.absolute and not p.topscorer else None for p in players
        ]
        if len(players) % 2:
            bye = len(players)
            refused = {i for i, p in enumerate(players) if not p.bye_allowed}
            for i in refused:
                gaps[i].add(bye)
            gaps.append(refused)
            classes.append(None)
        self.matcher: Matcher = DenseMatcher(gaps, classes)
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
                if self.matcher.has_edge(u, v):
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

    boards = []
    for a, b in sorted(pairs, key=lambda pair: board_order(*pair)):
        white, black = allocate(a, b, initial)
        boards.append(Board(white.id, black.id))
    return RoundPairing(tuple(boards), bye.id if bye else None)
