"""Rating a whole event by the FIDE Rating Regulations (B.02): every rated player's change
(8.3) and every unrated player's first rating (8.2), from the players and the games played."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from pairing.engine.fide.rating import (
    UNCAPPED_FROM,
    FideRatingError,
    InitialRating,
    KFactor,
    KFactorFacts,
    RatingChange,
    initial_rating,
    k_factor,
    rating_change,
)


@dataclass(frozen=True, slots=True)
class FidePlayer:
    """A player of the event and what decides their K."""

    id: str
    """The player's id in the event."""
    rating: int | None
    """FIDE rating at the start; ``None``: unrated."""
    k: int | None = None
    """K as given (e.g. from the rating list); ``None``: from the facts below (8.3.3)."""
    rated_games: int | None = None
    """Rated games before the event; ``None``: unknown, taken as at least 30."""
    reached_2400: bool = False
    """Whether the published rating ever reached 2400."""
    birth_date: date | None = None
    """Birth date (its year decides the junior K)."""
    games_in_period: int | None = None
    """Rated games in the rating period, this event included; ``None``: this event's."""


@dataclass(frozen=True, slots=True)
class FideGameRecord:
    """A game played over the board (forfeits are not rated, B.02 5.1)."""

    white: str
    """White's id."""
    black: str
    """Black's id."""
    white_points: int
    """White's result in half-points (2, 1, 0)."""


@dataclass(frozen=True, slots=True)
class FideEvent:
    """An event to rate."""

    players: tuple[FidePlayer, ...]
    """Players, in the order the result lists them."""
    games: tuple[FideGameRecord, ...]
    """Games played over the board."""
    end_date: date | None = None
    """The event's last day: its year decides the junior K (8.3.3)."""
    uncapped_from: int | None = UNCAPPED_FROM
    """8.3.1: rating from which the 400-point rule does not apply (``None``: everybody capped,
    the rule before 1 October 2025)."""
    first_event: bool = True
    """Whether the event is the unrated players' first (a zero score is disregarded, 8.2.1)."""


@dataclass(frozen=True, slots=True)
class FidePlayerResult:
    """One player's outcome."""

    id: str
    """The player's id."""
    rating: int | None
    """Rating before (``None``: unrated)."""
    k: KFactor | None
    """K and its reason (rated players)."""
    change: RatingChange | None
    """The change (rated players; games against unrated opponents are not rated, 8.3.1)."""
    initial: InitialRating | None
    """The first rating (unrated players; games against rated opponents only)."""

    @property
    def games(self) -> int:
        """Rated games counted."""
        if self.change is not None:
            return len(self.change.games)
        return self.initial.games if self.initial is not None else 0

    @property
    def score(self) -> Fraction:
        """Points in them."""
        half = self.change.score if self.change is not None else 0
        if self.initial is not None:
            half = self.initial.score
        return Fraction(half, 2)


def rate_fide_event(event: FideEvent) -> tuple[FidePlayerResult, ...]:
    """Every player's rating change or first rating for ``event`` (B.02 8.2, 8.3)."""
    by_id = {p.id: p for p in event.players}
    if len(by_id) != len(event.players):
        raise FideRatingError("a player id is used twice")
    games: dict[str, list[tuple[int, int]]] = {p.id: [] for p in event.players}
    for g in event.games:
        for who in (g.white, g.black):
            if who not in by_id:
                raise FideRatingError(f"unknown player {who!r}")
        if g.white == g.black:
            raise FideRatingError(f"{g.white!r} cannot play themselves")
        white, black = by_id[g.white], by_id[g.black]
        # Only games against rated opponents are rated (8.2.2, 8.3.1).
        if black.rating is not None:
            games[white.id].append((black.rating, g.white_points))
        if white.rating is not None:
            games[black.id].append((white.rating, 2 - g.white_points))
    out = []
    for p in event.players:
        mine = games[p.id]
        if p.rating is None:
            out.append(
                FidePlayerResult(p.id, None, None, None, initial_rating(mine, event.first_event))
            )
            continue
        n = len(mine) if p.games_in_period is None else p.games_in_period
        facts = KFactorFacts(
            p.rating, p.rated_games, p.reached_2400, p.birth_date, event.end_date, n
        )
        k = KFactor(p.k, "given") if p.k is not None else k_factor(facts)
        change = rating_change(p.rating, k.value, mine, event.uncapped_from)
        out.append(FidePlayerResult(p.id, p.rating, k, change, None))
    return tuple(out)
