"""FIDE rating changes and performance of a FIDE-rated tournament, as its games are played:
the engine's rater (``rate_fide_event``, B.02 8.2-8.3) and Rp (B.01 1.4.8) over the games
stored, for the standings, the crosstable and the player pages."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction

from pairing.engine import (
    FideEvent,
    FideGameRecord,
    FidePlayer,
    rate_fide_event,
    rating_performance,
)
from pairing.services import Snapshot
from tournaments.models import Entry, Game, Tournament

RATED_POINTS = {"1": 2, "=": 1, "0": 0}
"""TRF codes of games played over the board, in half-points (B.02 5.1: forfeits and games of
less than one move are not rated)."""
PLAYED_POINTS = RATED_POINTS | {"W": 2, "D": 1, "L": 0}
"""TRF codes of games played, those of less than one move too: Rp's games (B.01 1.4.8), as the
norms (``tournaments.norms``) and the RP tie-break count them."""


def fide_rating_of(tournament: Tournament, entry: Entry) -> int:
    """The entry's FIDE rating (0 = unrated): its pairing rating when the tournament pairs on
    FIDE ratings, else the one taken from the list."""
    if tournament.pairing_rating == Tournament.PairingRating.FIDE:
        return entry.rating
    return entry.fide_rating


def signed(x: Fraction, places: int = 1) -> str:
    """+12.4, -3.0, 0.0 (rounded half away from zero, as chess-results shows it)."""
    scaled = abs(x) * 10**places
    whole = int(scaled + Fraction(1, 2))
    text = f"{whole // 10**places}.{whole % 10**places:0{places}d}" if places else str(whole)
    if whole == 0:
        return text
    return ("+" if x > 0 else "-") + text


@dataclass
class FideLine:
    """One player's FIDE outcome so far."""

    rating: int
    """FIDE rating before (0 = unrated)."""
    k: int | None = None
    change: Fraction | None = None
    """The exact change (rated players with rated games)."""
    new_rating: int | None = None
    rp: int | None = None
    """Rating performance (B.01 1.4.8) over the games played."""
    per_round: dict[int, Fraction] = field(default_factory=dict)
    """Round column -> that game's change (K x (score - PD), B.02 8.3.2)."""

    @property
    def change_text(self) -> str:
        if self.rating == 0:
            return "unrated"
        return "" if self.change is None else signed(self.change)

    def round_change(self, column: int) -> str:
        value = self.per_round.get(column)
        return "" if value is None else signed(value)


def _birth_date(entry: Entry) -> date | None:
    if entry.birth_date is not None:
        return entry.birth_date
    return date(entry.birth_year, 1, 1) if entry.birth_year else None


def _played_games(snap: Snapshot) -> list[tuple[int, Game, int, bool]]:
    """(round column, game, White's half-points, rated) of the games played."""
    out = []
    for g in snap.games:
        white, _ = Game.TRF_CODES.get(g.result, (" ", " "))
        if white in PLAYED_POINTS:
            out.append((g.round.number, g, PLAYED_POINTS[white], white in RATED_POINTS))
    return out


def fide_lines(snap: Snapshot) -> dict[int, FideLine]:
    """Entry pk -> the player's FIDE rating change (B.02 8.3) and Rp so far; empty when the
    tournament is not FIDE rated."""
    tournament = snap.tournament
    if not tournament.fide_rated:
        return {}
    ratings = {e.pk: fide_rating_of(tournament, e) for e in snap.entries}
    players = tuple(
        FidePlayer(
            id=str(e.pk),
            rating=ratings[e.pk] or None,
            k=e.fide_k,
            rated_games=e.fide_rated_games,
            reached_2400=e.fide_reached_2400,
            birth_date=_birth_date(e),
        )
        for e in snap.entries
    )
    played = _played_games(snap)
    rated = [(column, g, points) for column, g, points, is_rated in played if is_rated]
    event = FideEvent(
        players=players,
        games=tuple(FideGameRecord(str(g.white_id), str(g.black_id), p) for _, g, p in rated),
        end_date=tournament.end_date,
    )
    if tournament.fide_rating_type != Tournament.FideRatingType.STANDARD:
        # 8.3.1: the 400-point rule for everybody; the 2650 amendment is the standard rating's.
        event = replace(event, uncapped_from=None)
    # Each player's rated games, in the order given to the rater (round order): 8.3.1, games
    # against unrated opponents are not rated for a rated player.
    rounds: dict[int, list[int]] = {e.pk: [] for e in snap.entries}
    rp_games: dict[int, list[tuple[int | None, int]]] = {e.pk: [] for e in snap.entries}
    for column, g, points, is_rated in played:
        sides = ((g.white_id, g.black_id, points), (g.black_id, g.white_id, 2 - points))
        for me, them, mine in sides:
            if ratings[them] and is_rated:
                rounds[me].append(column)
            rp_games[me].append((ratings[them] or None, mine))
    out = {}
    for result in rate_fide_event(event):
        pk = int(result.id)
        line = FideLine(ratings[pk])
        if result.change is not None and result.change.games:
            line.k = result.change.k
            line.change = result.change.change_exact
            line.new_rating = result.change.new_rating
            line.per_round = {
                column: game.change
                for column, game in zip(rounds[pk], result.change.games, strict=True)
            }
        performance = rating_performance(rp_games[pk])
        line.rp = performance.rating if performance is not None else None
        out[pk] = line
    return out
