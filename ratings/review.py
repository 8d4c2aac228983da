"""What a rating officer sees before applying a submitted rating (``docs/ratings.md``).

Every entry of the tournament beside the shared identity and the US Chess ID its rating would
change, the record it would change (and who last set that record), the rating the rater would
give (for a first rating: computed now, nothing is stored), and what looks wrong: a name that is
not the supplement's or the identity's for that ID, an ID missing from the supplement, a rating
on record set by anyone but a rating officer, a pairing rating from the event's own supplement
(an arbiter's upload) that is not the record, an expired membership, a player paired on a typed
rating who is rated as unrated.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from players.identity import normalized
from ratings.errors import RatingError
from ratings.models import (
    EventMember,
    RatingChange,
    RatingCorrection,
    RatingRecord,
    RatingRequest,
    UscfMember,
    shown,
)
from ratings.rating import PreviewResult, games_digest, preview, rated_games, systems_of
from ratings.services import is_rating_officer
from tournaments.models import Entry


@dataclass(frozen=True)
class ReviewRow:
    entry: Entry
    system: str
    record: RatingRecord | None
    source: RatingCorrection | None
    """The last change of the record by hand or by a supplement import (None: only events)."""
    result: PreviewResult | None
    """The rater's result for a first rating (None for a re-rating, or without rated games)."""
    applied: RatingChange | None = None
    """Once the request is applied: the change it made (the record then holds its result)."""
    warnings: list[str] = field(default_factory=list)

    @property
    def pre_exact(self) -> Decimal | None:
        """The rating on record when the rating was decided (now, while it waits)."""
        if self.applied is not None:
            return self.applied.pre
        return None if self.record is None else self.record.rating

    @property
    def pre(self) -> int | None:
        return shown(self.pre_exact)

    @property
    def post(self) -> int | None:
        if self.applied is not None:
            return self.applied.shown_post
        if self.result is None or self.result.post_exact is None:
            return None
        return shown(Decimal(f"{self.result.post_exact:.2f}"))


@dataclass(frozen=True)
class Review:
    rows: list[ReviewRow]
    results_changed: bool
    """The rated games differ from those submitted (the request cannot be applied)."""
    problem: str = ""
    """Why the rater cannot rate the tournament as it stands (the request cannot be applied)."""

    @property
    def warnings(self) -> int:
        """Players flagged (a dual-rated event has a row per player and system)."""
        return len({row.entry.pk for row in self.rows if row.warnings})


def _preview(request: RatingRequest) -> tuple[dict[tuple[str, str], PreviewResult], str]:
    """The rater's results of a first rating not applied yet, or why there are none."""
    if request.kind != RatingRequest.Kind.RATE or not request.pending:
        return {}, ""
    try:
        return preview(request.tournament), ""
    except RatingError as e:
        return {}, str(e)


@dataclass(frozen=True)
class _Context:
    """What the warnings of one row compare the entry with."""

    member: UscfMember | None
    """The official supplement's member with the entry's ID."""
    own: EventMember | None
    """The event's own supplement's member (uploaded by an arbiter)."""
    typed: int | None
    officers: dict[int, bool]
    """Whether each user who set a record is a rating officer."""


def _snapshot_warnings(row: ReviewRow, own: EventMember | None) -> None:
    """Issue 23: the event's own supplement is an arbiter's word: say where the pairing rating
    came from when it is not the record."""
    if own is None:
        return
    rating, _ = own.rating_in(row.system)
    if rating is None or row.pre_exact == rating:
        return
    who = own.imported_by.username if own.imported_by else "an arbiter"
    on_record = "no US Chess record" if row.pre is None else f"the record is {row.pre}"
    row.warnings.append(
        f"paired on {shown(rating)} from the event's supplement {own.supplement} (uploaded by "
        f"arbiter {who}); {on_record}"
    )


def _warnings(row: ReviewRow, context: _Context, request: RatingRequest) -> None:
    entry, add = row.entry, row.warnings.append
    member, typed = context.member, context.typed
    name = normalized(entry.name)
    if not entry.uscf_id:
        add("no US Chess ID")
    elif member is None:
        add(f"US Chess ID {entry.uscf_id} is not in the imported supplement")
    elif normalized(member.name) != name:
        add(f"the supplement's {entry.uscf_id} is {member.name}")
    if normalized(entry.player.name) != name:
        add(f"the rating record belongs to {entry.player.name}")
    for typed_id, linked in (
        (entry.uscf_id, entry.player.uscf_id),
        (entry.fide_id, entry.player.fide_id),
    ):
        if typed_id and typed_id != linked:  # issue 23: held, not linked
            add(f"ID {typed_id} is on record for another person: held for a rating officer")
    if row.source is not None and not context.officers.get(row.source.by_id, False):
        who = "the submitting arbiter" if row.source.by_id == request.submitted_by_id else ""
        who = who or f"{row.source.by.username}, who is not a rating officer"
        add(f"the rating on record was set by {who} ({row.source.reason})")
    if row.pre is None and typed:
        add(f"paired on a typed {typed}: rated as unrated (no US Chess record)")
    _snapshot_warnings(row, context.own)
    tournament = request.tournament
    for own_or_official in (context.own, member):
        if own_or_official is not None and own_or_official.expires is not None:
            if own_or_official.expired_before(tournament.start_date):
                add(f"US Chess membership expired on {own_or_official.expires:%Y-%m-%d}")
            break


def _applied_changes(request: RatingRequest) -> dict[tuple[int, str], RatingChange]:
    """The changes an applied request made (none while it waits or once rejected)."""
    if request.status != RatingRequest.Status.APPLIED:
        return {}
    changes = RatingChange.objects.filter(event__tournament_id=request.tournament_id)
    return {(c.player_id, c.system): c for c in changes}


def review(request: RatingRequest) -> Review:
    """The review of a submitted rating (a few queries, and the rater for a first rating)."""
    tournament = request.tournament
    entries = list(tournament.entries.select_related("player").order_by("pairing_number"))
    records = {
        (r.player_id, r.system): r
        for r in RatingRecord.objects.filter(player__in=[e.player_id for e in entries])
    }
    sources: dict[int, RatingCorrection] = {}
    corrections = RatingCorrection.objects.filter(record__in=list(records.values()))
    applied = _applied_changes(request)
    if request.decided_at is not None:  # what the officer saw, not what came after
        corrections = corrections.filter(at__lte=request.decided_at)
    for c in corrections.select_related("by").order_by("at"):
        sources[c.record_id] = c  # the latest wins
    ids = [e.uscf_id for e in entries if e.uscf_id]
    members = UscfMember.objects.in_bulk(ids, field_name="uscf_id")
    own: dict[str, EventMember] = {}
    if tournament.event_id is not None:
        rows_of_event = EventMember.objects.filter(event_id=tournament.event_id, uscf_id__in=ids)
        own = {m.uscf_id: m for m in rows_of_event.select_related("imported_by")}
    authors = {c.by_id: c.by for c in sources.values()}  # each author's permissions once
    officers = {pk: is_rating_officer(user) for pk, user in authors.items()}
    results, problem = _preview(request)
    rows = []
    for system in systems_of(tournament):
        for entry in entries:
            record = records.get((entry.player_id, system))
            row = ReviewRow(
                entry=entry,
                system=system,
                record=record,
                source=None if record is None else sources.get(record.pk),
                result=results.get((system, str(entry.player_id))),
                applied=applied.get((entry.player_id, system)),
            )
            context = _Context(
                member=members.get(entry.uscf_id),
                own=own.get(entry.uscf_id),
                typed=tournament.typed_rating_of(entry),
                officers=officers,
            )
            _warnings(row, context, request)
            rows.append(row)
    changed = games_digest(rated_games(tournament)) != request.games_digest
    return Review(rows, changed and request.pending, problem)
