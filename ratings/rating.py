"""Rate a tournament: its rated games and the players' rating records become one
:class:`pairing.engine.RatingEvent` per rating system (two for a dual-rated event);
:func:`pairing.engine.rate_event` rates it; every player with rated games gets a
:class:`RatingChange` row (which keeps the record's state before the event) and an updated
:class:`RatingRecord`. The callers (:mod:`ratings.services`) run it in one transaction with the
tournament row locked.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from pairing.engine import (
    RULE_SETS,
    PlayerResult,
    RatedGame,
    RatedPlayer,
    RatingEvent,
    RatingInputError,
    RatingSystem,
    RuleSet,
    rate_event,
)
from players.models import Player
from ratings.errors import RatingError
from ratings.models import (
    ESTABLISHED_AFTER,
    RatedEvent,
    RatingChange,
    RatingRecord,
    System,
)
from tournaments.models import Game, Tournament

RATED_RESULTS: dict[str, float] = {
    Game.Result.WHITE_WINS: 1.0,
    Game.Result.DRAW: 0.5,
    Game.Result.BLACK_WINS: 0.0,
}
"""Results of rated games, as White's score. Forfeits, games of less than one move, byes and
unfinished games are not rated (section 4)."""


RecordKey = tuple[int, str]
"""(player id, system)."""


def current_rules() -> RuleSet:
    """The rule set of the ``USCF_RULES`` setting (``current`` or ``2011``)."""
    name = getattr(settings, "USCF_RULES", "current")
    try:
        return RULE_SETS[name]
    except KeyError:
        raise ImproperlyConfigured(
            f"USCF_RULES must be one of {', '.join(sorted(RULE_SETS))}, not {name!r}"
        ) from None


def systems_of(tournament: Tournament) -> tuple[System, ...]:
    """The rating systems a tournament is rated in (none when not USCF-rated)."""
    systems: dict[str, tuple[System, ...]] = {
        Tournament.RatingSystem.REGULAR: (System.REGULAR,),
        Tournament.RatingSystem.QUICK: (System.QUICK,),
        Tournament.RatingSystem.DUAL: (System.REGULAR, System.QUICK),
    }
    return systems.get(tournament.rating_system, ())


# ---------------------------------------------------------------------------------------------
# The rater's input


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A rated game between two players (by player id)."""

    white: int
    black: int
    white_score: float


@dataclass(frozen=True, slots=True)
class Tally:
    games: int = 0
    wins: int = 0
    draws: int = 0

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws


def rated_games(tournament: Tournament) -> list[PlayedGame]:
    """The tournament's rated games in round and board order (one query)."""
    rows = (
        Game.objects.filter(round__tournament=tournament, result__in=list(RATED_RESULTS))
        .order_by("round__number", "board")
        .values_list("white__player_id", "black__player_id", "result")
    )
    return [PlayedGame(w, b, RATED_RESULTS[r]) for w, b, r in rows]


def games_digest(games: Iterable[PlayedGame]) -> str:
    """A fingerprint of the rated games, to notice results corrected after rating."""
    text = ";".join(f"{g.white},{g.black},{g.white_score}" for g in games)
    return hashlib.sha256(text.encode()).hexdigest()


def tally(games: Iterable[PlayedGame]) -> dict[int, Tally]:
    """Rated games, wins and draws per player id."""
    out: dict[int, Tally] = {}
    for g in games:
        for pid, score in ((g.white, g.white_score), (g.black, 1.0 - g.white_score)):
            t = out.get(pid, Tally())
            out[pid] = Tally(t.games + 1, t.wins + (score == 1.0), t.draws + (score == 0.5))
    return out


def _float(value: Decimal | None) -> float | None:
    return None if value is None else float(value)


def rated_player(
    player: Player, record: RatingRecord | None, other: RatingRecord | None
) -> RatedPlayer:
    """The rater's view of a player before the event: the record in the event's system, the
    record in the other system (for Step 1 imputation), FIDE/CFC ratings and birth date."""
    base: dict[str, Any] = {
        "id": str(player.pk),
        "fide": player.fide_rating or None,
        "cfc": player.cfc_rating,
        "birth_date": player.birth_date,
    }
    if other is not None:
        base |= {"other_rating": float(other.rating), "other_games": other.games}
    if record is None:
        return RatedPlayer(**base)
    return RatedPlayer(
        **base,
        rating=float(record.rating),
        games=record.games,
        all_wins=record.all_wins,
        all_losses=record.all_losses,
        wins=record.wins,
        draws=record.draws,
        events_3plus=record.events_3plus,
        peak_established=_float(record.peak_established),
        life_master=record.life_master,
        floor=_float(record.floor),
    )


def rating_event(
    tournament: Tournament,
    system: System,
    players: Sequence[Player],
    records: dict[RecordKey, RatingRecord],
    games: Sequence[PlayedGame],
) -> RatingEvent:
    """The rater's input for one system of the tournament."""
    other = System.QUICK if system == System.REGULAR else System.REGULAR
    return RatingEvent(
        players=tuple(
            rated_player(p, records.get((p.pk, system)), records.get((p.pk, other)))
            for p in players
        ),
        games=tuple(RatedGame(str(g.white), str(g.black), g.white_score) for g in games),
        system=RatingSystem(system),
        dual_rated=tournament.rating_system == Tournament.RatingSystem.DUAL,
        end_date=tournament.end_date,
    )


def rating_events(
    tournament: Tournament, records: dict[RecordKey, RatingRecord] | None = None
) -> dict[str, RatingEvent]:
    """The rater's input for every system of the tournament, from the records as they are
    (both systems are read before either is updated: imputation uses pre-event records)."""
    players = [e.player for e in tournament.entries.select_related("player")]
    if records is None:
        records = rating_records([p.pk for p in players])
    games = rated_games(tournament)
    return {s: rating_event(tournament, s, players, records, games) for s in systems_of(tournament)}


PreviewResult = PlayerResult
"""One player's result in :func:`preview`."""


def preview(tournament: Tournament) -> dict[tuple[str, str], PreviewResult]:
    """(system, player id) -> what rating the tournament now would give, from the records as
    they are; nothing is stored (a rating officer's review)."""
    try:
        outputs = {s: rate_event(e, current_rules()) for s, e in rating_events(tournament).items()}
    except RatingInputError as e:
        raise RatingError(f"The rater cannot rate {tournament}: {e}") from e
    return {(s, r.id): r for s, out in outputs.items() for r in out.players}


def rating_records(
    player_ids: Iterable[int], *, lock: bool = False
) -> dict[RecordKey, RatingRecord]:
    qs = RatingRecord.objects.filter(player_id__in=list(player_ids))
    if lock:
        qs = qs.select_for_update()
    return {(r.player_id, r.system): r for r in qs}


# ---------------------------------------------------------------------------------------------
# Applying the rater's output


def _decimal(value: float) -> Decimal:
    return Decimal(f"{value:.2f}")


def _peak(record: RatingRecord | None, post: Decimal, games_after: int | None) -> Decimal | None:
    """The highest established rating attained, this event's included (a rating of unknown
    N is established)."""
    peaks = []
    if record is not None:
        if record.peak_established is not None:
            peaks.append(record.peak_established)
        if record.established:
            peaks.append(record.rating)
    if games_after is None or games_after > ESTABLISHED_AFTER:
        peaks.append(post)
    return max(peaks) if peaks else None


def _apply(
    event: RatedEvent,
    player: Player,
    system: System,
    result: PlayerResult,
    counts: Tally,
    record: RatingRecord | None,
) -> RatingChange:
    """Store one player's result and update (or create) their record."""
    assert result.post_exact is not None and result.formula is not None
    post = _decimal(result.post_exact)  # N (games) may be unknown: a supplement's rating
    first = record is None or record.games == 0
    change = RatingChange(
        event=event,
        player=player,
        system=system,
        pre=None if record is None else record.rating,
        post=post,
        games_before=0 if record is None else record.games,
        games_after=result.games_after,
        games_in_event=counts.games,
        wins_in_event=counts.wins,
        draws_in_event=counts.draws,
        score=Decimal(str(result.score)),
        initial=result.initial,
        initial_games=result.initial_games,
        initial_source=result.initial_source,
        formula=result.formula,
        k=result.k,
        bonus=result.bonus,
        step3=result.step3,
        step4=result.step4,
        floor=result.floor,
        wins_before=0 if record is None else record.wins,
        draws_before=0 if record is None else record.draws,
        events_3plus_before=0 if record is None else record.events_3plus,
        peak_before=None if record is None else record.peak_established,
        all_wins_before=False if record is None else record.all_wins,
        all_losses_before=False if record is None else record.all_losses,
    )
    peak = _peak(record, post, result.games_after)
    if record is None:
        record = RatingRecord(player=player, system=system, rating=post)
    record.all_wins = (first or record.all_wins) and counts.wins == counts.games
    record.all_losses = (first or record.all_losses) and counts.losses == counts.games
    record.rating = post
    record.games = result.games_after
    record.wins += counts.wins
    record.draws += counts.draws
    record.events_3plus += 1 if counts.games >= 3 else 0
    record.peak_established = peak
    record.save()
    return change


def rate_and_store(tournament: Tournament, event: RatedEvent, rules: RuleSet) -> int:
    """Rate every system of the tournament and store the changes; returns how many."""
    players = {e.player_id: e.player for e in tournament.entries.select_related("player")}
    records = rating_records(players, lock=True)
    games = rated_games(tournament)
    counts = tally(games)
    inputs = {
        s: rating_event(tournament, s, list(players.values()), records, games)
        for s in systems_of(tournament)
    }
    try:
        outputs = {s: rate_event(inp, rules) for s, inp in inputs.items()}
    except RatingInputError as e:
        raise RatingError(f"The rater cannot rate {tournament}: {e}") from e
    changes = []
    for system, output in outputs.items():
        for result in output.players:
            if result.games_in_event:
                pid = int(result.id)
                record = records.get((pid, system))
                changes.append(_apply(event, players[pid], system, result, counts[pid], record))
    RatingChange.objects.bulk_create(changes)
    event.games_digest = games_digest(games)
    event.save(update_fields=["games_digest"])
    return len(changes)
