"""Registration: add players (full form, quick row, CSV import), edit, remove; byes,
withdrawals and late entries. The player list on the dashboard is the swappable
``tournament_manage.html#players`` (``<section id="players">``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from tournaments import csv_import, fide_entries, registration
from tournaments.dashboard import Dashboard
from tournaments.entry_forms import (
    AvailabilityForm,
    CsvImportForm,
    EntryEditForm,
    EntryForm,
    QuickEntryForm,
    csv_decisions,
)
from tournaments.errors import ArbiterError
from tournaments.models import Entry, Tournament
from tournaments.views.access import HtmxHttpRequest, _get_tournament_for_arbiter, posted
from tournaments.views.paging import LAST, asked_page, page_holding, page_of


def _players_section(
    request: HtmxHttpRequest,
    tournament: Tournament,
    form: EntryForm | None = None,
    page: str = "",
    **extra: Any,
) -> HttpResponse:
    """The player list again, at the page the change was posted from (``page``: another)."""
    board = Dashboard.load(tournament)
    context = {"tournament": tournament, "board": board}
    context["players_page"] = page_of(board.players, page or asked_page(request))
    context |= {"form": form or QuickEntryForm(tournament=tournament), **extra}
    return render(request, "tournaments/tournament_manage.html#players", context)


def _back_to_players(tournament: Tournament, page: str = "") -> HttpResponse:
    query = f"?page={page}" if (page.isdigit() and page != "1") or page == LAST else ""
    return redirect(reverse("tournament_manage", args=[tournament.pk]) + query + "#players")


def _entry(tournament: Tournament, entry_pk: int) -> Entry:
    return get_object_or_404(Entry, pk=entry_pk, tournament=tournament)


@login_required
@require_http_methods(["GET", "POST"])
def entry_add(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Register a player. The quick row (htmx) gets the player list back, ready for the next.
    A namesake or a possible known person is a question in the form, asked before saving."""
    tournament = _get_tournament_for_arbiter(request, pk)
    form_class = QuickEntryForm if request.POST.get("quick") else EntryForm
    form = form_class(posted(request)[0], tournament=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            entry = registration.register(
                tournament.pk,
                form.player_data(),
                form.cleaned_data.get("rating") or 0,
                same_as=form.same_person,
                namesake_ok=form.cleaned_data["namesake_ok"],
                plays_up=form.cleaned_data.get("plays_up", False),
                us=form.us_data(),
            )
        except ArbiterError as e:
            form.add_error(None, str(e))
        else:
            note = f"{entry.name} registered as no. {entry.pairing_number}."
            page = str(page_holding(entry.pairing_number - 1))  # the list is by number
            if request.htmx:
                return _players_section(request, tournament, page=page, added=note)
            messages.success(request, note)
            return _back_to_players(tournament, page)
    if request.htmx:
        return _players_section(request, tournament, form)
    return render(request, "tournaments/entry_form.html", {"form": form, "tournament": tournament})


@login_required
@require_http_methods(["GET", "POST"])
def entry_edit(request: HtmxHttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    """Correct this tournament's data of a player; the rating until round 1 is paired."""
    tournament = _get_tournament_for_arbiter(request, pk)
    entry = _entry(tournament, entry_pk)
    paired = tournament.round_set.exists()
    manual = tournament.seeding == Tournament.Seeding.MANUAL and not paired
    form = EntryEditForm(
        posted(request)[0], entry=entry, rating_locked=paired, manual_number=manual
    )
    if request.method == "POST" and form.is_valid():
        try:
            rating = None if paired else form.cleaned_data.get("rating") or 0
            number = form.cleaned_data.get("pairing_number") if manual else None
            changed = registration.update_entry(
                entry, form.player_data(), rating, number or None, form.us_data()
            )
            changed = fide_entries.set_k_facts(entry, form.k_facts()) or changed
        except ArbiterError as e:
            form.add_error(None, str(e))
        else:
            note = f"{entry.name} saved." if changed else f"Nothing changed for {entry.name}."
            messages.success(request, note)
            return _back_to_players(tournament)
    context = {"form": form, "tournament": tournament, "entry": entry}
    context["schedule"] = _schedule(tournament, entry)
    context["availability_choices"] = registration.Availability.CHOICES
    return render(request, "tournaments/entry_form.html", context)


def _schedule(tournament: Tournament, entry: Entry) -> list[tuple[int, str]]:
    """(round, status) for every round not paired yet."""
    columns = tournament.round_set.count()
    byes = {(entry.pk, b.round_number): b.kind for b in entry.byes.all()}
    first = columns // tournament.legs + 1
    return [
        (r, registration.availability(entry, tournament.legs * (r - 1) + 1, byes))
        for r in range(first, tournament.rounds + 1)
    ]


@login_required
@require_POST
def entry_remove(request: HtmxHttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    """Take back a registration made by mistake (never paired)."""
    tournament = _get_tournament_for_arbiter(request, pk)
    try:
        name = registration.remove_entry(_entry(tournament, entry_pk))
    except ArbiterError as e:
        messages.error(request, str(e))
    else:
        messages.success(request, f"{name} removed.")
    return _back_to_players(tournament)


@login_required
@require_POST
def entry_availability(request: HtmxHttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    """Before a round is paired: plays, half-point bye, zero-point bye, or withdrawn."""
    tournament = _get_tournament_for_arbiter(request, pk)
    entry = _entry(tournament, entry_pk)
    form = AvailabilityForm(request.POST)
    error = saved = ""
    if not form.is_valid():
        error = "Choose a round and a status."
    else:
        number, status = form.cleaned_data["round"], form.cleaned_data["status"]
        try:
            registration.set_availability(entry, number, status)
        except ArbiterError as e:
            error = str(e)
        else:  # issue 24: the arbiter sees it saved
            label = dict(registration.Availability.CHOICES)[status].lower()
            saved = f"Saved: {entry.name}, round {number}: {label}."
    if request.htmx:
        return _players_section(request, tournament, problem=error, added=saved)
    if error:
        messages.error(request, error)
    else:
        messages.success(request, saved)
    next_url = request.POST.get("next", "")
    if next_url == "entry_edit":
        return redirect("entry_edit", tournament.pk, entry.pk)
    return _back_to_players(tournament, asked_page(request))


@login_required
@require_http_methods(["GET", "POST"])
def entries_import(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A player list from a CSV file: a preview with each row's errors, then the import of
    the valid rows."""
    tournament = _get_tournament_for_arbiter(request, pk)
    form = CsvImportForm(*posted(request, files=True))
    context: dict[str, Any] = {"tournament": tournament, "form": form}
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["text"]
        if request.POST.get("confirm"):
            try:
                done = csv_import.import_csv(tournament.pk, text, csv_decisions(request.POST))
            except ArbiterError as e:
                messages.error(request, str(e))
            else:
                messages.success(request, _imported(done))
                return _back_to_players(tournament)
        context |= {"preview": csv_import.preview_csv(tournament, text), "text": text}
    return render(request, "tournaments/entries_import.html", context)


def _imported(done: csv_import.CsvImported) -> str:
    note = f"{done.registered} player{pluralize(done.registered)} registered."
    if done.skipped:
        note += f" {done.skipped} left out: already registered under the same name."
    return note
