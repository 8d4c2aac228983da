"""Rating pages: the rating list, a player's history, an event's report (public, read-only),
and the arbiters' POST actions: rate a tournament, re-rate it with a reason."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST
from django_htmx.middleware import HtmxDetails
from django_tables2 import RequestConfig

from ratings import services
from ratings.forms import RatingSearchForm, ReRateForm
from ratings.history import charts, player_history
from ratings.models import RatedEvent, RatingRecord
from ratings.tables import RatingTable
from tournaments.models import Entry, Player, Tournament

PER_PAGE = 50


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
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
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


def _entry_name(event: RatedEvent) -> Subquery:
    """A rating change's player as the event's tournament registered them (its own data)."""
    entries = Entry.objects.filter(tournament=event.tournament_id, player=OuterRef("player_id"))
    return Subquery(entries.values("name")[:1])


def _report(
    request: HttpRequest, event: RatedEvent, form: ReRateForm, status: int = 200
) -> HttpResponse:
    """The report page (also re-rendered with the re-rate form's errors)."""
    arbiter = event.tournament.is_arbiter(request.user)
    context = {
        "event": event,
        "tournament": event.tournament,
        "changes": event.changes.annotate(entry_name=_entry_name(event)).order_by(
            "system", "-post"
        ),
        "reratings": event.reratings.select_related("by"),
        "arbiter": arbiter,
        "results_changed": arbiter and services.results_changed(event),
        "form": form,
    }
    return render(request, "ratings/event_report.html", context, status=status)


@require_GET
def rating_report(request: HttpRequest, tournament_id: int) -> HttpResponse:
    qs = RatedEvent.objects.select_related("tournament", "rated_by")
    event = get_object_or_404(qs, tournament_id=tournament_id)
    return _report(request, event, ReRateForm())


@login_required
@require_POST
def rate_tournament(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _arbiter_tournament(request, tournament_id)
    try:
        event = services.rate_tournament(tournament.pk, request.user)
    except services.RatingError as e:
        messages.error(request, str(e))
        return redirect(tournament)
    messages.success(request, f"{tournament} has been rated ({event.rules} rules).")
    return redirect("rating_report", tournament.pk)


@login_required
@require_POST
def rerate_tournament(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _arbiter_tournament(request, tournament_id)
    qs = RatedEvent.objects.select_related("tournament", "rated_by")
    event = get_object_or_404(qs, tournament=tournament)
    form = ReRateForm(request.POST)
    if not form.is_valid():
        return _report(request, event, form, status=400)
    try:
        services.rerate_tournament(tournament.pk, request.user, form.cleaned_data["reason"])
    except services.RatingError as e:
        form.add_error(None, str(e))
        return _report(request, event, form, status=400)
    messages.success(request, f"{tournament} has been re-rated.")
    return redirect("rating_report", tournament.pk)
