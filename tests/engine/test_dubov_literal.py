"""The pruned Dubov search against a literal, exhaustive reading of the 2018 text.

``literal_pair_round`` below enumerates exactly what the articles enumerate: every legal
pairing of a bracket (C.7 and "unavoidably paired together"), every set of upfloaters in
D.1 order (B.1, B.2), every shifter set in D.2 order (B.4) and every transposition of G2 in
D.3 order (B.6). It is exponential and only usable for small fields; the engine replaces
each enumeration with matching questions. On random small tournaments both must agree.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, permutations

import pytest

from pairing.engine.core.colours import Preference, Strength
from pairing.engine.core.errors import NoValidPairing
from pairing.engine.core.rules import initial_colour
from pairing.engine.core.state import (
    Board,
    Colour,
    Player,
    RoundEntry,
    RoundPairing,
    TournamentState,
)
from pairing.engine.dubov import system as dubov
from pairing.engine.dubov.bracket import pair_bracket
from pairing.engine.dubov.colours import allocate, pairing_numbers
from pairing.engine.dubov.graph import LegalGraph
from pairing.engine.dubov.order import c6_key, middle_out
from pairing.engine.dubov.players import MILD_BLACK, DubovPlayer, dubov_players
from pairing.engine.dubov.upfloaters import choose_upfloaters
from pairing.engine.tools.generator import GeneratorSettings, generate_tournament

Pair = tuple[DubovPlayer, DubovPlayer]


class Literal:
    """The 2018 text read literally, by brute force."""

    def __init__(
        self,
        players: dict[int, DubovPlayer],
        legal: Callable[[DubovPlayer, DubovPlayer], bool],
        last_round: bool,
    ) -> None:
        self.players = players
        self.legal = legal
        self.last = last_round

    @classmethod
    def of(cls, state: TournamentState) -> Literal:
        def legal(a: DubovPlayer, b: DubovPlayer) -> bool:
            """C.1 and C.3."""
            pa, pb = a.preference, b.preference
            return state.may_meet(a.id, b.id) and not (
                pa.absolute and pb.absolute and pa.colour is pb.colour
            )

        return cls(dubov_players(state), legal, state.is_last_round)

    def pairings(self, players: list[DubovPlayer]) -> Iterator[list[Pair]]:
        """Every legal pairing of ``players``."""
        if not players:
            yield []
            return
        first, rest = players[0], players[1:]
        for i, q in enumerate(rest):
            if self.legal(first, q):
                for more in self.pairings(rest[:i] + rest[i + 1 :]):
                    yield [(first, q), *more]

    def pairable(self, players: Sequence[DubovPlayer]) -> bool:
        return next(self.pairings(list(players)), None) is not None

    @staticmethod
    def violations(pairs: list[Pair]) -> int:
        """C.7: players not getting their colour preference (one per same-preference pair)."""
        return sum(a.preference.colour is b.preference.colour for a, b in pairs)

    def best_violations(self, players: Sequence[DubovPlayer]) -> int:
        return min(self.violations(p) for p in self.pairings(list(players)))

    # -- B.0 ------------------------------------------------------------------------------
    def bye(self) -> DubovPlayer | None:
        everyone = list(self.players.values())
        if len(everyone) % 2 == 0:
            return None
        for p in sorted(everyone, key=lambda p: (p.score, -p.games, -p.tpn)):
            if p.bye_allowed and self.pairable([q for q in everyone if q is not p]):
                return p
        raise NoValidPairing("no bye")

    # -- B.1, B.2 -------------------------------------------------------------------------
    def quality(self, residents: list[DubovPlayer], ups: tuple[DubovPlayer, ...]) -> tuple:
        c6 = c6_key([p.score for p in ups])
        c7 = self.best_violations(residents + list(ups))
        if self.last:
            return (c6, c7, 0, 0, 0)
        return (
            c6,
            c7,
            sum(p.max_upfloater for p in ups),
            sum(p.upfloats for p in ups if p.max_upfloater),
            sum(p.upfloated_last_round for p in ups),
        )

    def upfloaters(
        self, residents: list[DubovPlayer], lower: list[DubovPlayer]
    ) -> tuple[DubovPlayer, ...]:
        pool = sorted(lower, key=lambda p: (-p.score, p.tpn))  # D.1.a
        for k in range(len(pool) + 1):
            ordered = sorted(combinations(pool, k), key=lambda s: c6_key([p.score for p in s]))
            legal = [
                s
                for s in ordered
                if self.pairable(residents + list(s))
                and self.pairable([p for p in pool if p not in s])
            ]
            if legal:  # B.1: the minimum number; B.2: the first best set
                return min(legal, key=lambda s: self.quality(residents, s))
        raise NoValidPairing("residents cannot be paired")

    # -- B.3-B.6 --------------------------------------------------------------------------
    def cross_pairings(self, g1: list[DubovPlayer], g2: list[DubovPlayer]) -> Iterator[list[Pair]]:
        for perm in permutations(g2):
            if all(self.legal(a, b) for a, b in zip(g1, perm, strict=True)):
                yield list(zip(g1, perm, strict=True))

    def pair_bracket(self, bracket: list[DubovPlayer]) -> list[Pair]:
        unplayed = all(p.unplayed for p in bracket)
        ranked = sorted(bracket, key=lambda p: p.tpn)
        if unplayed:
            g1, g2 = ranked[: len(ranked) // 2], ranked[len(ranked) // 2 :]
        else:
            g1 = [p for p in ranked if p.wants_white]
            g2 = [p for p in ranked if not p.wants_white]
        g1_smaller = len(g1) <= len(g2)
        small, large = (g1, g2) if g1_smaller else (g2, g1)
        ids = {p.id for p in small}
        t = min(sum(a.id in ids and b.id in ids for a, b in p) for p in self.pairings(bracket))
        best = self.best_violations(bracket)

        def order(group: list[DubovPlayer], is_g1: bool) -> list[DubovPlayer]:
            if is_g1 and not unplayed:
                return middle_out(sorted(group, key=lambda p: (p.aro, p.tpn)))
            return middle_out(sorted(group, key=lambda p: p.tpn))

        def works(new_small: list[DubovPlayer], new_large: list[DubovPlayer]) -> bool:
            return any(
                self.violations(p) == best for p in self.cross_pairings(new_small, new_large)
            )

        m = (len(large) - len(small)) // 2 + t
        large_pool = order(large, not g1_smaller)
        xs = [()] if t == 0 else combinations(order(small, g1_smaller), t)
        for x in xs:
            for y in combinations(large_pool, m):
                new_small = [p for p in small if p not in x] + list(y)
                new_large = [p for p in large if p not in y] + list(x)
                if works(new_small, new_large):
                    break
            else:
                continue
            break
        else:
            raise AssertionError("no shift works")
        g1, g2 = (new_small, new_large) if g1_smaller else (new_large, new_small)
        s1 = sorted(g1, key=lambda p: (p.aro, p.tpn))
        t2 = next(self.cross_pairings(s1, sorted(g2, key=lambda p: p.tpn)))
        return t2

    def pair_round(self, state: TournamentState) -> RoundPairing:
        bye = self.bye()
        remaining = [p for p in self.players.values() if p is not bye]
        pairs: list[Pair] = []
        for score in sorted({p.score for p in remaining}, reverse=True):
            residents = [p for p in remaining if p.score == score]
            if not residents:
                continue
            lower = [p for p in remaining if p.score < score]
            bracket = residents + list(self.upfloaters(residents, lower))
            pairs += self.pair_bracket(bracket)
            remaining = [p for p in remaining if p not in bracket]
        first, numbers = initial_colour(state), pairing_numbers(state)
        boards = [allocate(a, b, first, numbers) for a, b in pairs]
        return RoundPairing(tuple(Board(w.id, b.id) for w, b in boards), bye.id if bye else None)


def literal_pair_round(state: TournamentState) -> RoundPairing:
    return Literal.of(state).pair_round(state)


def compare_rounds(settings: GeneratorSettings) -> int:
    """Play a tournament with the engine; every round must equal the literal reading."""
    checked = 0

    def both(state: TournamentState) -> RoundPairing:
        nonlocal checked
        try:
            ours = dubov.pair_round(state)
        except NoValidPairing:
            with pytest.raises(NoValidPairing):
                literal_pair_round(state)
            raise
        theirs = literal_pair_round(state)
        assert ours.pairs == theirs.pairs, f"round {state.next_round}"
        assert ours.bye == theirs.bye, f"round {state.next_round}"
        checked += 1
        return ours

    with contextlib.suppress(NoValidPairing):  # both refused the same round
        generate_tournament(both, settings)
    return checked


def _settings(seed: int) -> GeneratorSettings:
    rng = random.Random(seed)
    players = rng.randint(5, 11)
    return GeneratorSettings(
        players=players,
        rounds=rng.randint(3, min(9, players - 1)),
        seed=seed,
        draw_rate=rng.choice([0.1, 0.3, 0.5]),
        forfeit_rate=rng.choice([0.0, 0.05, 0.1]),
        bye_rate=rng.choice([0.0, 0.05]),
    )


@pytest.mark.parametrize("seed", range(12))
def test_engine_equals_literal_reading(seed: int) -> None:
    assert compare_rounds(_settings(seed)) > 0


@pytest.mark.corpus
@pytest.mark.parametrize("seed", range(12, 200))
def test_engine_equals_literal_reading_more(seed: int) -> None:
    assert compare_rounds(_settings(seed)) > 0


def test_no_valid_pairing_agrees() -> None:
    """Both readings refuse a round that has no legal pairing: three players have met each
    other (a round robin played with byes), so whoever gets the bye leaves a rematch."""
    state = _round_robin_of_three()
    with pytest.raises(NoValidPairing):
        dubov.pair_round(state)
    with pytest.raises(NoValidPairing):
        literal_pair_round(state)


def _round_robin_of_three() -> TournamentState:
    w, b, bye = Colour.WHITE, Colour.BLACK, RoundEntry(None, None, "U")
    players = (
        Player(1, rating=2000, results=(RoundEntry(2, w, "="), RoundEntry(3, b, "="), bye)),
        Player(2, rating=1900, results=(RoundEntry(1, b, "="), bye, RoundEntry(3, w, "="))),
        Player(3, rating=1800, results=(bye, RoundEntry(1, w, "="), RoundEntry(2, b, "="))),
    )
    return TournamentState(players=players, rounds_done=3, total_rounds=4)


# -- synthetic brackets: random preferences, AROs, float histories and legal-pair graphs ----

PREFERENCES = [
    Preference(Colour.WHITE, Strength.ABSOLUTE, -2),
    Preference(Colour.WHITE, Strength.STRONG, -1),
    Preference(Colour.WHITE, Strength.MILD, 0),
    Preference(Colour.BLACK, Strength.MILD, 0),
    Preference(Colour.BLACK, Strength.STRONG, 1),
    Preference(Colour.BLACK, Strength.ABSOLUTE, 2),
]


def synthetic_player(rng: random.Random, pid: int, score: int) -> DubovPlayer:
    unplayed = rng.random() < 0.1
    upfloats = rng.choice([0, 0, 1, 2, 3, 4])
    return DubovPlayer(
        id=pid,
        tpn=pid,
        rating=2000,
        score=score,
        aro=0 if unplayed else rng.choice([1800, 1900, 2000, 2100]),
        colours=() if unplayed else (Colour.WHITE,),
        preference=MILD_BLACK if unplayed else rng.choice(PREFERENCES),
        upfloats=upfloats,
        upfloated_last_round=upfloats > 0 and rng.random() < 0.5,
        max_upfloater=upfloats >= 3,
        bye_allowed=True,
    )


def random_graph(
    rng: random.Random, players: Sequence[DubovPlayer], density: float, cross: float = 1.0
) -> tuple[LegalGraph, Callable[[DubovPlayer, DubovPlayer], bool]]:
    """Random legal pairs; pairs of a White and a Black seeker are ``cross`` times as likely
    (a low ``cross`` forces pairs inside the subgroups: shifts in B.4)."""
    ok = {
        frozenset((a.id, b.id))
        for a, b in combinations(players, 2)
        if rng.random() < density * (cross if a.wants_white != b.wants_white else 1.0)
    }
    graph = LegalGraph([p.id for p in players], lambda a, b: frozenset((a, b)) in ok)
    return graph, lambda a, b: frozenset((a.id, b.id)) in ok


def compare_bracket(seed: int) -> bool:
    """One random bracket: the engine's B.3-B.6 equal the literal ones. False if the random
    bracket has no legal pairing at all (nothing to compare)."""
    rng = random.Random(seed)
    size = rng.choice([4, 6, 6, 8, 8, 10])
    bracket = [synthetic_player(rng, i, 4) for i in range(1, size + 1)]
    cross = rng.choice([1.0, 0.5, 0.2])
    graph, legal = random_graph(rng, bracket, rng.choice([0.5, 0.7, 0.9]), cross)
    if not graph.perfect(graph.ids):
        return False
    literal = Literal({p.id: p for p in bracket}, legal, last_round=False)
    ours = {(a.id, b.id) for a, b in pair_bracket(graph, bracket)}
    theirs = {(a.id, b.id) for a, b in literal.pair_bracket(bracket)}
    assert ours == theirs, f"seed {seed}"
    return True


def compare_upfloaters(seed: int) -> bool:
    """One random scoregroup with lower players: the engine's B.1-B.2, fast and exact modes,
    equal the literal ones. The lower players are often sparsely connected among themselves,
    so that C.4 decides."""
    rng = random.Random(seed)
    residents = [synthetic_player(rng, i, 8) for i in range(1, rng.randint(1, 4) + 1)]
    count = rng.randint(2, 9)
    count += (len(residents) + count) % 2  # an even number of players in all
    first = len(residents) + 1
    lower = [synthetic_player(rng, i, rng.choice([2, 4, 6])) for i in range(first, first + count)]
    everyone = residents + lower
    density = {
        (True, True): rng.choice([0.0, 0.3, 0.7]),  # resident - resident
        (True, False): rng.choice([0.3, 0.5, 0.8]),  # resident - lower
        (False, False): rng.choice([0.15, 0.3, 0.6]),  # lower - lower
    }
    resident_ids = {p.id for p in residents}
    ok = set()
    for a, b in combinations(everyone, 2):
        kind = (a.id in resident_ids, b.id in resident_ids)
        if rng.random() < density[(True, False) if kind == (False, True) else kind]:
            ok.add(frozenset((a.id, b.id)))
    graph = LegalGraph([p.id for p in everyone], lambda a, b: frozenset((a, b)) in ok)
    if not graph.perfect(graph.ids):
        return False
    last = rng.random() < 0.2
    literal = Literal(
        {p.id: p for p in everyone}, lambda a, b: frozenset((a.id, b.id)) in ok, last_round=last
    )
    theirs = [p.id for p in literal.upfloaters(residents, lower)]
    fast = choose_upfloaters(graph, residents, lower, last)
    exact = choose_upfloaters(graph, residents, lower, last, fast_budget=-1)
    assert [p.id for p in fast] == theirs, f"seed {seed}"
    assert [p.id for p in exact] == theirs, f"seed {seed} (exact mode)"
    return True


@pytest.mark.parametrize("block", range(4))
def test_brackets_equal_literal_reading(block: int) -> None:
    assert sum(compare_bracket(seed) for seed in range(block * 50, block * 50 + 50)) > 10


@pytest.mark.parametrize("block", range(4))
def test_upfloaters_equal_literal_reading(block: int) -> None:
    assert sum(compare_upfloaters(seed) for seed in range(block * 50, block * 50 + 50)) > 10


@pytest.mark.corpus
@pytest.mark.parametrize("block", range(4, 60))
def test_brackets_and_upfloaters_equal_literal_reading_more(block: int) -> None:
    for seed in range(block * 50, block * 50 + 50):
        compare_bracket(seed)
        compare_upfloaters(seed)
