"""The random tournament generator (RTG): play a whole tournament with random results drawn
from rating differences, every round paired by one of our systems."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from pairing.engine.core.acceleration import with_baku
from pairing.engine.core.state import (
    Colour,
    Player,
    PlayerId,
    RoundEntry,
    RoundPairing,
    TournamentInfo,
    TournamentState,
)
from pairing.engine.systems import PairRound


@dataclass(frozen=True)
class GeneratorSettings:
    """How a random tournament is played."""

    players: int
    rounds: int
    seed: int = 0
    double_rounds: bool = False
    """TCEC double rounds: each pairing round is two games with colours reversed."""
    draw_rate: float = 0.3
    """Share of draws between equally rated players (fewer as the rating gap grows)."""
    forfeit_rate: float = 0.0
    """Share of paired games that are forfeited (one in ten of them a double forfeit)."""
    bye_rate: float = 0.0
    """Chance that a player asks for a bye in a round (half-point, or else zero-point)."""
    baku: bool = False
    """Baku acceleration (C.04.7): group A gets the rule's virtual points, written as ``XXA``."""
    min_rating: int = 1400
    max_rating: int = 2700
    unsorted: float = 0.0
    """Share of players whose pairing number is out of rating order (late entries,
    provisional ratings, imported ranks): each of them is moved to a random place of the
    initial ranking list, so that rules ordering by pairing number and rules ordering by
    rating pair differently. 0 numbers everyone by descending rating."""

    def __post_init__(self) -> None:
        if self.players < 2 or self.rounds < 1:
            raise ValueError("a tournament needs at least 2 players and 1 round")
        for name in ("draw_rate", "forfeit_rate", "bye_rate", "unsorted"):
            if not 0 <= getattr(self, name) <= 1:
                raise ValueError(f"{name} must be between 0 and 1")


def _game_codes(
    rng: random.Random, white: Player, black: Player, settings: GeneratorSettings
) -> tuple[str, str]:
    if rng.random() < settings.forfeit_rate:
        if rng.random() < 0.1:
            return "-", "-"
        return ("+", "-") if rng.random() < 0.5 else ("-", "+")
    expected = 1 / (1 + 10 ** ((black.rating - white.rating) / 400))
    draw = settings.draw_rate * (1 - abs(2 * expected - 1))
    x = rng.random()
    if x < draw:
        return "=", "="
    return ("1", "0") if x < draw + (1 - draw) * expected else ("0", "1")


def _column(
    rng: random.Random,
    state: TournamentState,
    pairing: RoundPairing,
    settings: GeneratorSettings,
    reverse: bool,
) -> dict[PlayerId, RoundEntry]:
    entries: dict[PlayerId, RoundEntry] = {}
    for b in pairing.boards:
        white, black = (b.black, b.white) if reverse else (b.white, b.black)
        wc, bc = _game_codes(rng, state.player(white), state.player(black), settings)
        entries[white] = RoundEntry(black, Colour.WHITE, wc)
        entries[black] = RoundEntry(white, Colour.BLACK, bc)
    if pairing.bye is not None:
        entries[pairing.bye] = RoundEntry(None, None, "U")
    for pid, code in state.absent.items():
        entries[pid] = RoundEntry(None, None, code)
    return entries


def _ranking_list(settings: GeneratorSettings, rng: random.Random) -> list[int]:
    """The ratings in initial ranking list order: descending, then ``settings.unsorted`` of
    the players (at least one when the share is not 0) moved to random places."""
    ratings = sorted(
        (rng.randint(settings.min_rating, settings.max_rating) for _ in range(settings.players)),
        reverse=True,
    )
    if not settings.unsorted:
        return ratings
    moved = max(1, round(settings.unsorted * settings.players))
    for _ in range(moved):
        rating = ratings.pop(rng.randrange(len(ratings)))
        ratings.insert(rng.randrange(len(ratings) + 1), rating)
    return ratings


def initial_state(settings: GeneratorSettings, rng: random.Random) -> TournamentState:
    ratings = _ranking_list(settings, rng)
    players = tuple(
        Player(id=i, name=f"Player {i:04d}", rating=r, federation="FID")
        for i, r in enumerate(ratings, start=1)
    )
    state = TournamentState(
        players=players,
        total_rounds=settings.rounds,
        double_rounds=settings.double_rounds,
        initial_colour=rng.choice([Colour.WHITE, Colour.BLACK]),
        info=TournamentInfo(name=f"Random tournament (seed {settings.seed})", city="Generated"),
    )
    return with_baku(state) if settings.baku else state


def generate_tournament(pair_round: PairRound, settings: GeneratorSettings) -> TournamentState:
    """Play the whole tournament; raises ``NoValidPairing`` if a round cannot be paired."""
    rng = random.Random(settings.seed)
    state = initial_state(settings, rng)
    for rnd in range(1, settings.rounds + 1):
        absent: dict[PlayerId, str] = {}
        if settings.bye_rate and rnd < settings.rounds:
            for p in state.players:
                if rng.random() < settings.bye_rate:
                    absent[p.id] = "H" if rng.random() < 0.7 else "Z"
        state = replace(state, absent=absent)
        pairing = pair_round(state)
        first = _column(rng, state, pairing, settings, reverse=False)
        state = state.with_round(first)
        if settings.double_rounds:
            state = replace(state, absent=absent)
            state = state.with_round(_column(rng, state, pairing, settings, reverse=True))
    return replace(state, absent={})
