"""Rate a finished tournament, re-rate it after a result correction, correct a rating.

The flow (``docs/ratings.md``): the tournament's entries, the players' rating records and the
rated games become one :class:`pairing.engine.uscf.RatingEvent` per rating system (two for a
dual-rated event); :func:`pairing.engine.uscf.rate_event` rates it; every player with rated
games gets a :class:`RatingChange` row (which keeps the record's state before the event) and
an updated :class:`RatingRecord` — all in one transaction, with the tournament row locked.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import ImproperlyConfigured
from django.db import IntegrityError, transaction
from django.utils import timezone

from pairing.engine import (
    RULE_SETS,
    PlayerResult,
    RatedGame,
    RatedPlayer,
    RatingEvent,
    RatingInputError,
    RatingSystem,
    RuleSet,
    player_floor,
    rate_event,
)
from ratings.models import (
    ESTABLISHED_AFTER,
    RatedEvent,
    RatingChange,
    RatingCorrection,
    RatingRecord,
    RatingRequest,
    ReRating,
    System,
)
from tournaments.events import refresh_ratings_of_players
from tournaments.models import Game, Player, Tournament

AnyUser = User | AnonymousUser

RATED_RESULTS: dict[str, float] = {
    Game.Result.WHITE_WINS: 1.0,
    Game.Result.DRAW: 0.5,
    Game.Result.BLACK_WINS: 0.0,
}
"""Results of rated games, as White's score. Forfeits, games of less than one move, byes and
unfinished games are not rated (section 4)."""

MIN_RATING = Decimal(100)
MAX_RATING = Decimal(3500)

RecordKey = tuple[int, str]
"""(player id, system)."""


class RatingError(ValueError):
    """Rating cannot be done as asked; the message says why and what to do."""


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


def floor_now(record: RatingRecord) -> int:
    """The floor that applies to ``record`` now (USCF 2.4)."""
    return int(
        player_floor(
            RatedPlayer(
                id=str(record.player_id),
                rating=float(record.rating),
                games=record.games,
                wins=record.wins,
                draws=record.draws,
                events_3plus=record.events_3plus,
                peak_established=_float(record.peak_established),
                life_master=record.life_master,
                floor=_float(record.floor),
            )
        )
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
        records = _records([p.pk for p in players])
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


def _records(player_ids: Iterable[int], *, lock: bool = False) -> dict[RecordKey, RatingRecord]:
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


def _rate_and_store(tournament: Tournament, event: RatedEvent, rules: RuleSet) -> int:
    """Rate every system of the tournament and store the changes; returns how many."""
    players = {e.player_id: e.player for e in tournament.entries.select_related("player")}
    records = _records(players, lock=True)
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


# ---------------------------------------------------------------------------------------------
# Rate, re-rate


def _locked(tournament_id: int) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except Tournament.DoesNotExist:
        raise RatingError("No such tournament.") from None


APPLY = "ratings.apply_rating"
"""The rating officers' permission to apply (or reject) an event submitted for rating."""


def is_rating_officer(user: object) -> bool:
    return isinstance(user, User) and user.is_active and user.has_perm(APPLY)


def check_can_submit(tournament: Tournament, user: AnyUser) -> User:
    """Raise :class:`RatingError` unless ``user`` may submit ``tournament`` for rating now."""
    if not isinstance(user, User) or not tournament.is_arbiter(user):
        raise RatingError(f"Only the arbiters of {tournament} may submit it for rating.")
    if not systems_of(tournament):
        raise RatingError(f"{tournament} is not USCF-rated.")
    if tournament.status != Tournament.Status.FINISHED:
        raise RatingError(f"{tournament} is not finished yet: enter every result before rating it.")
    return user


def check_officer(tournament: Tournament, user: AnyUser) -> User:
    """Raise :class:`RatingError` unless ``user`` may apply ratings of ``tournament``: a rating
    officer who is not one of its arbiters (nobody reviews their own event)."""
    if not is_rating_officer(user):
        raise RatingError("Only rating officers may apply or reject a rating.")
    assert isinstance(user, User)
    if tournament.is_arbiter(user):
        raise RatingError(f"You are an arbiter of {tournament}: another rating officer reviews it.")
    return user


def _rate(tournament: Tournament, user: User) -> RatedEvent:
    """Rate a locked, finished tournament (once)."""
    if RatedEvent.objects.filter(tournament=tournament).exists():
        raise RatingError(
            f"{tournament} has already been rated. To apply corrected results, submit it for "
            f"re-rating from its rating report with a reason."
        )
    rules = current_rules()
    try:
        with transaction.atomic():
            event = RatedEvent.objects.create(
                tournament=tournament, rules=rules.name, rated_at=timezone.now(), rated_by=user
            )
    except IntegrityError as e:
        raise RatingError(f"{tournament} has just been rated by someone else.") from e
    _rate_and_store(tournament, event, rules)
    return event


def _later_activity(event: RatedEvent, player_ids: set[int]) -> list[str]:
    """What has happened to these players' ratings since the event was rated."""
    later = (
        RatingChange.objects.filter(player_id__in=player_ids, event__rated_at__gt=event.rated_at)
        .exclude(event=event)
        .values_list("event__tournament__name", flat=True)
        .distinct()
    )
    corrected = RatingCorrection.objects.filter(
        record__player_id__in=player_ids, at__gt=event.rated_at
    ).values_list("record__player__name", flat=True)
    found = [f"rated later in {name}" for name in sorted(set(later))]
    found += [f"rating of {name} corrected" for name in sorted(set(corrected))]
    return found


def _undo(event: RatedEvent) -> list[dict[str, Any]]:
    """Restore every record the event changed to its state before the event, delete the
    event's changes; returns what was replaced (for the re-rating log)."""
    changes = list(event.changes.select_related("player").order_by("system", "player__name"))
    records = _records({c.player_id for c in changes}, lock=True)
    replaced = []
    for c in changes:
        record = records[(c.player_id, c.system)]
        replaced.append(
            {
                "player_id": c.player_id,
                "player": c.player.name,
                "system": c.system,
                "pre": None if c.pre is None else str(c.pre),
                "post": str(c.post),
                "games_in_event": c.games_in_event,
                "score": str(c.score),
            }
        )
        if c.pre is None:
            record.delete()
            continue
        record.rating = c.pre
        record.games = c.games_before
        record.wins = c.wins_before
        record.draws = c.draws_before
        record.events_3plus = c.events_3plus_before
        record.peak_established = c.peak_before
        record.all_wins = c.all_wins_before
        record.all_losses = c.all_losses_before
        record.save()
    event.changes.all().delete()
    return replaced


def _rerate(tournament: Tournament, user: User, reason: str) -> ReRating:
    """Rate a locked, rated tournament again (after a result correction): restore the records
    to their state before the event, rate it again with the event's rule set, and log who,
    when, why and the replaced numbers. Refused when a player's rating has changed since (a
    later event or a correction): those would be built on the replaced numbers."""
    event = RatedEvent.objects.filter(tournament=tournament).first()
    if event is None:
        raise RatingError(f"{tournament} has not been rated yet: rate it first.")
    _check_no_later_activity(tournament, event)
    replaced = _undo(event)
    log = ReRating.objects.create(
        event=event, by=user, at=timezone.now(), reason=reason, replaced=replaced
    )
    _rate_and_store(tournament, event, RULE_SETS[event.rules])
    return log


def _check_no_later_activity(tournament: Tournament, event: RatedEvent) -> None:
    player_ids = set(tournament.entries.values_list("player_id", flat=True))
    player_ids |= set(event.changes.values_list("player_id", flat=True))
    later = _later_activity(event, player_ids)
    if later:
        raise RatingError(
            f"{tournament} cannot be re-rated here: ratings of its players have changed "
            f"since it was rated ({'; '.join(later)}). Ask a rating officer to correct "
            f"the ratings instead."
        )


# ---------------------------------------------------------------------------------------------
# The reviewed step: arbiters submit, rating officers apply or reject


def _submit(tournament: Tournament, user: User, kind: str, reason: str = "") -> RatingRequest:
    if tournament.rating_requests.filter(status=RatingRequest.Status.PENDING).exists():
        raise RatingError(f"{tournament} has already been submitted: a rating officer reviews it.")
    return RatingRequest.objects.create(
        tournament=tournament,
        kind=kind,
        reason=reason,
        submitted_by=user,
        submitted_at=timezone.now(),
        games_digest=games_digest(rated_games(tournament)),
    )


def submit_for_rating(tournament_id: int, by: AnyUser) -> RatingRequest:
    """An arbiter submits a finished tournament for rating. Nothing changes any rating until a
    rating officer applies it."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        user = check_can_submit(tournament, by)
        if RatedEvent.objects.filter(tournament=tournament).exists():
            raise RatingError(
                f"{tournament} has already been rated. To apply corrected results, submit it "
                f"for re-rating from its rating report with a reason."
            )
        return _submit(tournament, user, RatingRequest.Kind.RATE)


def submit_for_rerating(tournament_id: int, by: AnyUser, reason: str) -> RatingRequest:
    """An arbiter submits a rated tournament for re-rating (after a result correction), with
    a reason; a rating officer applies it."""
    reason = reason.strip()
    if not reason:
        raise RatingError("Give a reason for re-rating (e.g. the corrected result).")
    with transaction.atomic():
        tournament = _locked(tournament_id)
        user = check_can_submit(tournament, by)
        event = RatedEvent.objects.filter(tournament=tournament).first()
        if event is None:
            raise RatingError(f"{tournament} has not been rated yet: submit it for rating.")
        _check_no_later_activity(tournament, event)
        return _submit(tournament, user, RatingRequest.Kind.RERATE, reason)


def _locked_request(request_id: int) -> tuple[RatingRequest, Tournament]:
    """The request and its tournament, both locked (the tournament first, as everywhere)."""
    tournament_id = (
        RatingRequest.objects.filter(pk=request_id).values_list("tournament_id", flat=True).first()
    )
    if tournament_id is None:
        raise RatingError("No such rating request.")
    tournament = _locked(tournament_id)
    return RatingRequest.objects.select_for_update().get(pk=request_id), tournament


def _decide(request: RatingRequest, status: str, user: User, decision: str = "") -> None:
    if not request.pending:
        raise RatingError(f"This request has already been {request.get_status_display().lower()}.")
    request.status, request.decided_by, request.decided_at = status, user, timezone.now()
    request.decision = decision
    request.save(update_fields=["status", "decided_by", "decided_at", "decision"])


def apply_request(request_id: int, by: AnyUser) -> RatingRequest:
    """A rating officer applies a submitted rating: the tournament is rated (or re-rated with
    the submitted reason) as its results stand, which must be those submitted. One
    transaction."""
    with transaction.atomic():
        request, tournament = _locked_request(request_id)
        user = check_officer(tournament, by)
        if request.pending and games_digest(rated_games(tournament)) != request.games_digest:
            raise RatingError(
                f"Results of {tournament} have changed since it was submitted: reject this "
                f"request; the arbiters submit it again."
            )
        _decide(request, RatingRequest.Status.APPLIED, user)
        if request.kind == RatingRequest.Kind.RATE:
            _rate(tournament, user)
        else:
            _rerate(tournament, user, request.reason)
        return request


def reject_request(request_id: int, by: AnyUser, reason: str) -> RatingRequest:
    """A rating officer rejects a submitted rating, saying why (the arbiters see it)."""
    reason = reason.strip()
    if not reason:
        raise RatingError("Say why the rating is rejected: the arbiters read it.")
    with transaction.atomic():
        request, tournament = _locked_request(request_id)
        user = check_officer(tournament, by)
        _decide(request, RatingRequest.Status.REJECTED, user, reason)
        return request


def latest_request(tournament: Tournament) -> RatingRequest | None:
    return tournament.rating_requests.select_related("decided_by").first()


def results_changed(event: RatedEvent) -> bool:
    """The tournament's rated games differ from those last rated (one query)."""
    return games_digest(rated_games(event.tournament)) != event.games_digest


# ---------------------------------------------------------------------------------------------
# Rating officers


def _check_correction(new: Decimal, reason: str) -> str:
    reason = reason.strip()
    if not reason:
        raise RatingError("A reason is required for every rating correction.")
    if not MIN_RATING <= new <= MAX_RATING:
        raise RatingError(f"A rating must be between {MIN_RATING} and {MAX_RATING}.")
    return reason


def correct_rating(record_id: int, new: Decimal, reason: str, by: User) -> RatingCorrection:
    """Set a record's rating by hand, recording old → new, who, when and why."""
    reason = _check_correction(new, reason)
    with transaction.atomic():
        record = RatingRecord.objects.select_for_update().get(pk=record_id)
        if record.rating == new:
            raise RatingError(f"The rating is already {new}.")
        old = record.rating
        record.rating = new
        record.save(update_fields=["rating", "updated_at"])
        correction = RatingCorrection.objects.create(
            record=record, old=old, new=new, reason=reason, by=by, at=timezone.now()
        )
        # Later events: the rater reads the record; tournaments not paired yet pair on it.
        refresh_ratings_of_players([record.player_id])
        return correction


def enter_record(record: RatingRecord, reason: str, by: User) -> RatingCorrection:
    """Store a record entered by hand (e.g. a rating from the US Chess database) and log it
    as a correction from nothing."""
    reason = _check_correction(record.rating, reason)
    with transaction.atomic():
        record.save()
        return RatingCorrection.objects.create(
            record=record, old=None, new=record.rating, reason=reason, by=by, at=timezone.now()
        )


# ---------------------------------------------------------------------------------------------
# Events with sections


@dataclass(frozen=True, slots=True)
class SectionSubmission:
    section: Tournament
    request: RatingRequest | None
    problem: str = ""


def submit_sections(sections: Iterable[Tournament], by: AnyUser) -> list[SectionSubmission]:
    """Submit every finished US Chess-rated section not rated yet for rating (each in its own
    transaction); the others are reported with the reason."""
    out = []
    for section in sections:
        if not section.rating_system:
            continue
        if RatedEvent.objects.filter(tournament=section).exists():
            out.append(SectionSubmission(section, None, "already rated"))
            continue
        try:
            out.append(SectionSubmission(section, submit_for_rating(section.pk, by)))
        except RatingError as e:
            out.append(SectionSubmission(section, None, str(e)))
    return out
