"""Rate a finished tournament, re-rate it after a result correction, correct a rating.

The flow (``docs/ratings.md``): the tournament's entries, the players' rating records and the
rated games become one :class:`pairing.engine.uscf.RatingEvent` per rating system (two for a
dual-rated event); :func:`pairing.engine.uscf.rate_event` rates it; every player with rated
games gets a :class:`RatingChange` row (which keeps the record's state before the event) and
an updated :class:`RatingRecord` — all in one transaction, with the tournament row locked.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import IntegrityError, transaction
from django.utils import timezone

from pairing.engine import RULE_SETS
from ratings.errors import RatingError
from ratings.events import refresh_ratings_of_players
from ratings.models import (
    RatedEvent,
    RatingChange,
    RatingCorrection,
    RatingRecord,
    RatingRequest,
    ReRating,
)
from ratings.rating import (
    current_rules,
    games_digest,
    rate_and_store,
    rated_games,
    rating_records,
    systems_of,
)
from tournaments.models import Tournament

AnyUser = User | AnonymousUser

MIN_RATING = Decimal(100)
MAX_RATING = Decimal(3500)

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
    rate_and_store(tournament, event, rules)
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
    records = rating_records({c.player_id for c in changes}, lock=True)
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
    rate_and_store(tournament, event, RULE_SETS[event.rules])
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
        correction = RatingCorrection.objects.create(
            record=record, old=None, new=record.rating, reason=reason, by=by, at=timezone.now()
        )
        # As a correction: tournaments not paired yet pair on it instead of a typed rating.
        refresh_ratings_of_players([record.player_id])
        return correction


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
