"""Events with several sections: the public event page (its sections), and the arbiter's
pages: create and edit an event, add a section, move a player to another section before
round 1, cut a section into quads."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from public import live
from ratings import events
from ratings.errors import EventError
from ratings.event_forms import EventForm, MoveForm, SectionForm
from ratings.models import Event
from ratings.supplement import entry_notes
from tournaments.models import Entry
from tournaments.views.access import HtmxHttpRequest, _require_tournament_creator, posted


def _get_event_for_arbiter(request: HttpRequest, pk: int) -> Event:
    """The event, for one of its arbiters: 404 when it does not exist, 403 for anybody else."""
    event = get_object_or_404(Event, pk=pk)
    if not event.is_arbiter(request.user):
        raise PermissionDenied("Only the event's arbiters may do this.")
    return event


@require_safe
def event_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The public page of an event: its sections, each paired and ranked on its own."""
    event = get_object_or_404(Event, pk=pk)
    reader = live.as_anonymous_reader(request)  # issue 27: no session, no CSRF cookie
    context = {"event": event, "sections": events.section_summaries(event)}
    context["arbiter"] = event.is_arbiter(request.user)
    response = render(request, "tournaments/event_detail.html", context | reader)
    patch_vary_headers(response, ("Cookie",))  # a logged-in user sees a menu
    return response


@login_required
@require_http_methods(["GET", "POST"])
def event_create(request: HtmxHttpRequest) -> HttpResponse:
    """A new event (members of the Arbiters group); its creator becomes its arbiter. Sections
    are added next."""
    _require_tournament_creator(request)
    form = EventForm(posted(request)[0])
    if request.method == "POST" and form.is_valid():
        event = events.create_event(form.save(commit=False), request.user.pk or 0)
        messages.success(request, "Event created. Now add its sections.")
        return redirect("event_manage", event.pk)
    return render(request, "tournaments/event_form.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def event_edit(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = _get_event_for_arbiter(request, pk)
    form = EventForm(posted(request)[0], instance=event)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Event saved.")
        return redirect("event_manage", event.pk)
    return render(request, "tournaments/event_form.html", {"form": form, "event": event})


def _manage(
    request: HttpRequest, event: Event, form: SectionForm, status: int = 200
) -> HttpResponse:
    sections = events.section_summaries(event)
    entries = list(
        Entry.objects.filter(tournament__event=event)
        .select_related("player", "tournament")
        .order_by("tournament_id", "pairing_number")
    )
    notes = entry_notes(entries)  # issue 23: expired memberships, limits, two sections
    for e in entries:
        e.notes = notes[e.pk]  # type: ignore[attr-defined]
    context = {"event": event, "sections": sections, "form": form, "entries": entries}
    return render(request, "tournaments/event_manage.html", context, status=status)


@login_required
@require_safe
def event_manage(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The arbiter's page of an event: sections, players by section, moving players."""
    return _manage(request, _get_event_for_arbiter(request, pk), SectionForm())


@login_required
@require_POST
def section_add(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = _get_event_for_arbiter(request, pk)
    form = SectionForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            section = events.add_section(event.pk, events.SectionSettings(**data))
        except EventError as e:
            form.add_error(None, str(e))
        else:
            messages.success(request, f"Section {section.section_name} added.")
            return redirect("event_manage", event.pk)
    return _manage(request, event, form, status=400)


@login_required
@require_POST
def entry_move(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Move a player to another section of the event, before round 1."""
    event = _get_event_for_arbiter(request, pk)
    form = MoveForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose a player and a section.")
        return redirect("event_manage", event.pk)
    data = form.cleaned_data
    entry = get_object_or_404(Entry, pk=data["entry"], tournament__event=event)
    section = get_object_or_404(event.sections, pk=data["section"])
    try:
        moved = events.move_entry(entry.pk, section.pk, plays_up=data["plays_up"])
    except EventError as e:
        messages.error(request, str(e))
    else:
        up = f" ({moved.rating}) plays up" if moved.plays_up else ""
        where = f"{section.section_name} as no. {moved.pairing_number}"
        messages.success(request, f"{moved.name}{up} moved to {where}.")
    return redirect("event_manage", event.pk)


@login_required
@require_POST
def section_quads(request: HtmxHttpRequest, pk: int, section_id: int) -> HttpResponse:
    """Cut a section's entry list into US Chess quads (round robins of four by rating)."""
    event = _get_event_for_arbiter(request, pk)
    section = get_object_or_404(event.sections, pk=section_id)
    try:
        quads = events.cut_into_quads(section.pk)
    except EventError as e:
        messages.error(request, str(e))
    else:
        names = ", ".join(f"{q.section_name} ({q.entries.count()})" for q in quads)
        messages.success(request, f"Cut into {len(quads)} quads: {names}.")
    return redirect("event_manage", event.pk)
