"""Rating pages: the rating list, a player's history, an event's report (public, read-only),
and the arbiters' POST actions: rate a tournament, re-rate it with a reason."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.core.paginator import InvalidPage
from django.db.models import OuterRef, QuerySet, Subquery
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.middleware import HtmxDetails
from django_tables2 import RequestConfig

from players.models import Player
from ratings import services
from ratings.errors import EventError, RatingError
from ratings.forms import (
    RatingSearchForm,
    RegisterByIdForm,
    RejectForm,
    ReRateForm,
    SupplementForm,
)
from ratings.history import charts, player_history
from ratings.models import (
    Event,
    EventMember,
    RatedEvent,
    RatingChange,
    RatingRecord,
    RatingRequest,
    UscfMember,
)
from ratings.review import review
from ratings.supplement import (
    SupplementRow,
    expired_members,
    import_event_supplement,
    import_supplement,
    parse_ids,
    read_supplement,
    register_members,
)
from ratings.tables import RatingTable
from ratings.uscf_report import ReportError, report_filename, report_zip
from tournaments.models import Entry, Tournament

PER_PAGE = 50
DECIDED_SHOWN = 30
"""Decided rating requests listed under the pending ones."""


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def _arbiter_tournament(request: HttpRequest, tournament_id: int) -> Tournament:
    """The tournament, if the user is one of its arbiters (404 / 403 otherwise)."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if not tournament.is_arbiter(request.user):
        raise PermissionDenied("Only the tournament's arbiters may rate it.")
    return tournament


def _partial(request: HtmxHttpRequest, template: str, element_id: str) -> str:
    """An htmx request gets the element's partial, other requests the full page."""
    return f"{template}#{element_id}" if request.htmx else template


@require_GET
def rating_list(request: HtmxHttpRequest) -> HttpResponse:
    form = RatingSearchForm(request.GET or None)
    records = form.apply(RatingRecord.objects.select_related("player"))
    table = RatingTable(records)
    try:
        RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    except (InvalidPage, ValueError, ZeroDivisionError) as e:  # e.g. ?per_page=-1&page=0
        raise Http404("No such page of the rating list.") from e
    template = _partial(request, "ratings/rating_list.html", "rating-table")
    return render(request, template, {"form": form, "table": table})


@require_GET
def rating_history(request: HttpRequest, player_id: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=player_id)
    items = player_history(player)
    context = {
        "player": player,
        "records": player.rating_records.all(),
        "items": items,
        "charts": charts(items),
    }
    return render(request, "ratings/player_history.html", context)


def _entries(event: RatedEvent) -> QuerySet[Entry]:
    return Entry.objects.filter(tournament=event.tournament_id, player=OuterRef("player_id"))


def _entry_name(event: RatedEvent) -> Subquery:
    """A rating change's player as the event's tournament registered them (its own data)."""
    return Subquery(_entries(event).values("name")[:1])


def _typed_rating(event: RatedEvent) -> Subquery:
    """The rating the arbiter typed for the tournament's pairing rating (paired on it when
    the records had none; never rated from it)."""
    kind = event.tournament.pairing_rating
    return Subquery(_entries(event).filter(typed_rating_kind=kind).values("typed_rating")[:1])


def _report(
    request: HttpRequest, event: RatedEvent, form: ReRateForm, status: int = 200
) -> HttpResponse:
    """The report page (also re-rendered with the re-rate form's errors)."""
    arbiter = event.tournament.is_arbiter(request.user)
    changes = event.changes.annotate(
        entry_name=_entry_name(event), typed_rating=_typed_rating(event)
    )
    context = {
        "event": event,
        "tournament": event.tournament,
        "changes": changes.order_by("system", "-post"),
        "reratings": event.reratings.select_related("by"),
        "arbiter": arbiter,
        "results_changed": arbiter and services.results_changed(event),
        "pending": event.tournament.rating_requests.filter(
            status=RatingRequest.Status.PENDING
        ).first(),
        "form": form,
    }
    return render(request, "ratings/event_report.html", context, status=status)


@require_GET
def rating_report(request: HttpRequest, tournament_id: int) -> HttpResponse:
    qs = RatedEvent.objects.select_related("tournament", "rated_by")
    event = get_object_or_404(qs, tournament__pk=tournament_id)  # (range-checked: no overflow)
    return _report(request, event, ReRateForm())


def _count(n: int, word: str) -> str:
    """A count in words: 1 member, 2 members."""
    return f"{n} {word}{'' if n == 1 else 's'}"


@login_required
@require_POST
def submit_rating(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """An arbiter submits a finished tournament for rating: a rating officer applies it."""
    tournament = _arbiter_tournament(request, tournament_id)
    try:
        services.submit_for_rating(tournament.pk, request.user)
    except RatingError as e:
        messages.error(request, str(e))
    else:
        messages.success(
            request, f"{tournament} has been submitted for rating: a rating officer applies it."
        )
    return redirect("tournament_manage", tournament.pk)


@login_required
@require_POST
def submit_rerating(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """An arbiter submits a rated tournament for re-rating, with a reason."""
    tournament = _arbiter_tournament(request, tournament_id)
    qs = RatedEvent.objects.select_related("tournament", "rated_by")
    event = get_object_or_404(qs, tournament=tournament)
    form = ReRateForm(request.POST)
    if not form.is_valid():
        return _report(request, event, form, status=400)
    try:
        services.submit_for_rerating(tournament.pk, request.user, form.cleaned_data["reason"])
    except RatingError as e:
        form.add_error(None, str(e))
        return _report(request, event, form, status=400)
    messages.success(
        request, f"{tournament} has been submitted for re-rating: a rating officer applies it."
    )
    return redirect("rating_report", tournament.pk)


# ---------------------------------------------------------------------------------------------
# Rating officers: review, apply or reject what arbiters submitted


def _require_officer(request: HttpRequest) -> User:
    if not services.is_rating_officer(request.user):
        raise PermissionDenied("Only rating officers review events submitted for rating.")
    assert isinstance(request.user, User)
    return request.user


@login_required
@require_GET
def rating_requests(request: HttpRequest) -> HttpResponse:
    """The rating officers' list: events waiting for review, then the latest decisions."""
    _require_officer(request)
    qs = RatingRequest.objects.select_related("tournament__event", "submitted_by", "decided_by")
    context = {
        "pending": qs.filter(status=RatingRequest.Status.PENDING).order_by("submitted_at"),
        "decided": qs.exclude(status=RatingRequest.Status.PENDING).order_by("-decided_at", "-pk")[
            :DECIDED_SHOWN
        ],
    }
    return render(request, "ratings/rating_requests.html", context)


def _review(
    request: HttpRequest, rating_request: RatingRequest, form: RejectForm, status: int = 200
) -> HttpResponse:
    context = {
        "rating_request": rating_request,
        "tournament": rating_request.tournament,
        "review": review(rating_request),
        "form": form,
    }
    return render(request, "ratings/rating_request.html", context, status=status)


@login_required
@require_GET
def rating_request(request: HttpRequest, request_id: int) -> HttpResponse:
    """One submitted event as a rating officer reviews it: every player's entry beside the
    identity, US Chess ID and record the rating would change, with what looks wrong."""
    _require_officer(request)
    qs = RatingRequest.objects.select_related("tournament", "submitted_by", "decided_by")
    return _review(request, get_object_or_404(qs, pk=request_id), RejectForm())


@login_required
@require_POST
def apply_rating_request(request: HttpRequest, request_id: int) -> HttpResponse:
    officer = _require_officer(request)
    rating_request = get_object_or_404(RatingRequest, pk=request_id)
    try:
        services.apply_request(rating_request.pk, officer)
    except RatingError as e:
        messages.error(request, str(e))
        return redirect("rating_request", rating_request.pk)
    messages.success(request, f"{rating_request.tournament} has been rated.")
    return redirect("rating_report", rating_request.tournament_id)


@login_required
@require_POST
def reject_rating_request(request: HttpRequest, request_id: int) -> HttpResponse:
    officer = _require_officer(request)
    qs = RatingRequest.objects.select_related("tournament", "submitted_by", "decided_by")
    rating_request = get_object_or_404(qs, pk=request_id)
    form = RejectForm(request.POST)
    if not form.is_valid():
        return _review(request, rating_request, form, status=400)
    try:
        services.reject_request(rating_request.pk, officer, form.cleaned_data["reason"])
    except RatingError as e:
        form.add_error(None, str(e))
        return _review(request, rating_request, form, status=400)
    messages.success(request, f"The rating of {rating_request.tournament} has been rejected.")
    return redirect("rating_requests")


# ---------------------------------------------------------------------------------------------
# Events with sections: US Chess supplement, registration by ID, rating, the rating report


def _arbiter_event(request: HttpRequest, event_id: int) -> Event:
    """The event, if the user is one of its arbiters (404 / 403 otherwise)."""
    event = get_object_or_404(Event, pk=event_id)
    if not event.is_arbiter(request.user):
        raise PermissionDenied("Only the event's arbiters may do this.")
    return event


def _register_form(event: Event, data: Any = None) -> RegisterByIdForm:
    sections = [(t.pk, t.section_name) for t in event.sections.order_by("pk")]
    return RegisterByIdForm(data, sections=sections)


def _uscf_page(request: HttpRequest, event: Event, status: int = 200, **extra: Any) -> HttpResponse:
    sections = list(event.sections.order_by("pk").select_related("rated_event"))
    for section in sections:
        section.request = services.latest_request(section)  # type: ignore[attr-defined]
    context: dict[str, Any] = {
        "event": event,
        "sections": sections,
        "supplement_form": SupplementForm(),
        "register_form": _register_form(event),
        "members": EventMember.objects.filter(event=event).count(),
        "official_members": UscfMember.objects.count(),
        "expired": _expired(event),
    }
    return render(request, "ratings/event_uscf.html", context | extra, status=status)


def _expired(event: Event) -> list[tuple[Entry, Any]]:
    """The event's entries whose US Chess membership expired before their section started."""
    out = []
    for section in event.sections.order_by("pk"):
        entries = list(section.entries.order_by("pairing_number"))
        expired = expired_members(section, entries)
        out += [(e, expired[e.pk]) for e in entries if e.pk in expired]
    return out


@login_required
@require_GET
def event_uscf(request: HttpRequest, event_id: int) -> HttpResponse:
    """The arbiter's US Chess page of an event: import the supplement, register players by
    US Chess ID, rate the sections, download the rating report."""
    return _uscf_page(request, _arbiter_event(request, event_id))


@login_required
@require_POST
def supplement_import(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _arbiter_event(request, event_id)
    form = SupplementForm(request.POST, request.FILES)
    if not form.is_valid():
        return _uscf_page(request, event, 400, supplement_form=form)
    upload = form.cleaned_data["file"]
    try:
        supplement = read_supplement(upload.name, upload.read())
    except EventError as e:
        form.add_error("file", str(e))
        return _uscf_page(request, event, 400, supplement_form=form)
    assert isinstance(request.user, User)
    summary = import_event_supplement(event.pk, supplement, request.user)
    messages.success(
        request,
        f"{_count(summary.members, 'member')} imported from {supplement.name} for this event; "
        f"{_count(summary.entries, 'pairing rating')} changed before round 1.",
    )
    return _uscf_page(request, event, rejected=supplement.invalid)


@login_required
@require_POST
def register_by_id(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _arbiter_event(request, event_id)
    form = _register_form(event, request.POST)
    if not form.is_valid():
        return _uscf_page(request, event, 400, register_form=form)
    assert isinstance(request.user, User)
    try:
        data = form.cleaned_data
        ids, plays_up = parse_ids(data["ids"]), data["plays_up"]
        entries = register_members(data["section"], ids, request.user, plays_up=plays_up)
    except EventError as e:
        form.add_error(None, str(e))
        return _uscf_page(request, event, 400, register_form=form)
    messages.success(request, f"Registered: {', '.join(x.name for x in entries)}.")
    _registration_warnings(request, entries)
    return redirect("event_uscf", event.pk)


def _registration_warnings(request: HttpRequest, entries: list[Entry]) -> None:
    """Issue 23, items 6 and 7: who plays up, whose membership expired before the event."""
    expired = expired_members(entries[0].tournament, entries) if entries else {}
    for entry in entries:
        if entry.plays_up:
            section = entry.tournament.section_name
            messages.warning(request, f"{entry.name} ({entry.rating}) plays up in {section}.")
        if entry.pk in expired:
            day = expired[entry.pk]
            messages.warning(request, f"{entry.name}: US Chess membership expired on {day}.")


@login_required
@require_POST
def submit_event_ratings(request: HttpRequest, event_id: int) -> HttpResponse:
    """Submit every finished US Chess-rated section of the event for rating."""
    event = _arbiter_event(request, event_id)
    outcomes = services.submit_sections(event.sections.order_by("pk"), request.user)
    for outcome in outcomes:
        name = outcome.section.section_name
        if outcome.request is not None:
            messages.success(request, f"{name} submitted for rating.")
        else:
            messages.error(request, f"{name}: {outcome.problem}")
    if not outcomes:
        messages.error(request, "No section of this event is US Chess-rated: nothing to submit.")
    return redirect("event_uscf", event.pk)


@login_required
@require_GET
def uscf_report(request: HttpRequest, event_id: int) -> HttpResponse:
    """The US Chess rating report: THEXPORT, TSEXPORT and TDEXPORT.DBF in one zip."""
    event = _arbiter_event(request, event_id)
    try:
        data = report_zip(event)
    except ReportError as e:
        messages.error(request, str(e))
        return redirect("event_uscf", event.pk)
    response = HttpResponse(data, content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{report_filename(event)}"'
    return response


@require_GET
def event_ratings(request: HttpRequest, event_id: int) -> HttpResponse:
    """Public: the ratings after the event, section by section: pre → post, change and the
    formula used per player."""
    event = get_object_or_404(Event, pk=event_id)
    sections = list(event.sections.order_by("pk"))
    entries = Entry.objects.filter(
        tournament=OuterRef("event__tournament_id"), player=OuterRef("player_id")
    )
    typed = entries.filter(typed_rating_kind=OuterRef("event__tournament__pairing_rating"))
    changes = (
        RatingChange.objects.filter(event__tournament__event=event)
        .select_related("event")
        .annotate(
            entry_name=Subquery(entries.values("name")[:1]),
            typed_rating=Subquery(typed.values("typed_rating")[:1]),
        )
        .order_by("event__tournament_id", "system", "-post")
    )
    by_section: dict[int, list[RatingChange]] = {t.pk: [] for t in sections}
    for change in changes:
        by_section[change.event.tournament_id].append(change)
    rows = [(t, by_section[t.pk]) for t in sections]
    return render(request, "ratings/event_ratings.html", {"event": event, "rows": rows})


SKIPPED_SHOWN = 20


def _skipped_rows(rows: list[SupplementRow]) -> str:
    """The rows a supplement import skipped, by row number and why (the first 20)."""
    listed = "; ".join(
        f"row {r.line}{f' ({r.uscf_id})' if r.uscf_id else ''}: {', '.join(r.errors)}"
        for r in rows[:SKIPPED_SHOWN]
    )
    more = f"; and {len(rows) - SKIPPED_SHOWN} more" if len(rows) > SKIPPED_SHOWN else ""
    return f"{_count(len(rows), 'row')} not imported: {listed}{more}."


@login_required
@require_http_methods(["GET", "POST"])
def official_supplement(request: HttpRequest) -> HttpResponse:
    """Rating officers: import the official US Chess supplement (the shared member table and
    the records of known players change; logged with the officer's name)."""
    officer = _require_officer(request)
    form = SupplementForm(request.POST or None, request.FILES or None)
    context: dict[str, Any] = {"form": form, "members": UscfMember.objects.count()}
    if request.method != "POST" or not form.is_valid():
        return render(
            request,
            "ratings/official_supplement.html",
            context,
            status=400 if request.method == "POST" else 200,
        )
    upload = form.cleaned_data["file"]
    try:
        supplement = read_supplement(upload.name, upload.read())
        summary = import_supplement(supplement, officer)
    except EventError as e:
        form.add_error("file", str(e))
        return render(request, "ratings/official_supplement.html", context, status=400)
    messages.success(
        request,
        f"{_count(summary.members, 'member')} imported; ratings of "
        f"{_count(summary.players, 'known player')} brought up to date; "
        f"{_count(summary.entries, 'pairing rating')} changed before round 1.",
    )
    if supplement.invalid:
        messages.warning(request, _skipped_rows(supplement.invalid))
    return redirect("official_supplement")
