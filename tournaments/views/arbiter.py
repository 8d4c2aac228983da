"""The arbiter's tournament pages: create, edit, the dashboard, TRF import and export."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, HttpResponseBadRequest, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from pairing.services import export_trf, report_gaps
from tournaments import lifecycle, registration
from tournaments.dashboard import Dashboard
from tournaments.entry_forms import ProvisionalRatingForm, QuickEntryForm
from tournaments.errors import ArbiterError
from tournaments.forms import TournamentForm, TrfExportForm, TrfImportForm
from tournaments.models import Entry
from tournaments.qr import public_url, qr_svg
from tournaments.registration import MAX_RATING
from tournaments.views.access import (
    HtmxHttpRequest,
    _get_tournament_for_arbiter,
    _require_tournament_creator,
    confirm_page,
    htmx_target,
    posted,
)
from tournaments.views.paging import asked_page, kept, page_of


@login_required
@require_http_methods(["GET", "POST"])
def tournament_create(request: HtmxHttpRequest) -> HttpResponse:
    """A new tournament (members of the Arbiters group); its creator becomes its arbiter."""
    _require_tournament_creator(request)
    form = TournamentForm(posted(request)[0])
    if request.method == "POST" and form.is_valid():
        tournament = lifecycle.create_tournament(form.save(commit=False), request.user.pk or 0)
        messages.success(request, "Tournament created. Now register the players.")
        return redirect("tournament_manage", tournament.pk)
    return render(request, "tournaments/tournament_form.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def tournament_edit(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Settings; the system, colour and seeding are fixed once round 1 is paired."""
    tournament = _get_tournament_for_arbiter(request, pk)
    if request.method == "POST":
        form = registration.save_settings(
            tournament.pk,
            lambda t, paired: TournamentForm(request.POST, instance=t, paired_rounds=paired),
        )
        if form.is_valid():
            messages.success(request, "Settings saved.")
            return redirect("tournament_manage", tournament.pk)
    else:
        form = TournamentForm(instance=tournament, paired_rounds=tournament.round_set.count())
    return render(
        request, "tournaments/tournament_form.html", {"form": form, "tournament": tournament}
    )


@login_required
@require_safe
def tournament_manage(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The arbiter's dashboard: the next step, the players, the rounds."""
    tournament = _get_tournament_for_arbiter(request, pk)
    board = Dashboard.load(tournament)
    form = QuickEntryForm(tournament=tournament)
    if board.snap.entries:  # the list is long: keep the messages and the next step in view
        form.fields["name"].widget.attrs.pop("autofocus", None)
    context = {"board": board, "tournament": tournament, "form": form}
    context["players_page"] = page_of(board.players, asked_page(request))
    context |= _unrated_context(board, request)
    if (target := htmx_target(request)) in {"players", UNRATED}:  # another page of a list
        return render(request, f"tournaments/tournament_manage.html#{target}", context)
    context["public_url"] = url = public_url(request, tournament.pk)
    context |= {"qr": qr_svg(url, f"{tournament.name}: public pages")}
    context["report_gaps"] = report_gaps(tournament)
    return render(request, "tournaments/tournament_manage.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def tournament_import_trf(request: HtmxHttpRequest) -> HttpResponse:
    """A whole tournament from a TRF file (members of the Arbiters group); the importer
    becomes its arbiter."""
    _require_tournament_creator(request)
    form = TrfImportForm(*posted(request, files=True))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        notes: list[str] = []  # what the file said that the tournament does not keep
        try:
            tournament = lifecycle.import_trf(
                data["text"],
                request.user.pk or 0,
                data["name"],
                data["pairing_system"],
                data["dutch_edition"],
                data["dubov_edition"],
                notes=notes,
            )
        except ArbiterError as e:
            form.add_error(None, str(e))
        else:
            said = " ".join(f"{note}." for note in notes)
            messages.success(request, f"Imported {tournament.name}. {said}".strip())
            return redirect("tournament_manage", tournament.pk)
    return render(request, "tournaments/tournament_import.html", {"form": form})


@login_required
@require_safe
def tournament_export_trf(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The FIDE rating report (TRF16 or TRF26; the published rounds, or with the draft as
    the next round). Arbiters only: it holds birth dates."""
    tournament = _get_tournament_for_arbiter(request, pk)
    form = TrfExportForm(request.GET)
    if not form.is_valid():
        return HttpResponseBadRequest(
            "Choose the rounds (published or draft) and the version (16 or 26) of the TRF.",
            content_type="text/plain; charset=utf-8",
        )
    data = form.cleaned_data
    text = export_trf(tournament, data["version"] or 16, with_draft=data["rounds"] == "draft")
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    name = slugify(tournament.name) or f"tournament-{tournament.pk}"
    response["Content-Disposition"] = f'attachment; filename="{name}.trf"'
    return response


UNRATED = "provisional"
"""The query parameter of the page of the unrated players' forms (Dubov A.1), and the id of the
element htmx swaps."""


def _unrated_context(board: Dashboard, request: HtmxHttpRequest) -> dict[str, Any]:
    """Issue 27: the unrated players' rating forms ``PER_PAGE`` at a time (``?provisional=N``),
    the page of the player list kept in the links."""
    unrated = page_of(board.needs_provisional_ratings, asked_page(request, UNRATED))
    players = request.GET.get("page", "1")
    context = {"unrated_page": unrated, "unrated_param": UNRATED}
    return context | {"unrated_kept": kept(QueryDict(urlencode({"page": players})), UNRATED)}


@login_required
@require_POST
def entry_provisional_rating(request: HtmxHttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    """Dubov A.1: an unrated player gets a provisional rating after round 1 is paired."""
    tournament = _get_tournament_for_arbiter(request, pk)
    entry = get_object_or_404(Entry, pk=entry_pk, tournament=tournament)
    form = ProvisionalRatingForm(request.POST)
    try:
        if not form.is_valid():
            raise ArbiterError(f"A rating is a whole number from 1 to {MAX_RATING}.")
        entry = lifecycle.set_provisional_rating(entry.pk, form.cleaned_data["rating"])
    except ArbiterError as e:
        messages.error(request, str(e))
    else:
        messages.success(
            request,
            f"{entry.name} is paired with the provisional rating {entry.rating} (written "
            f"to the TRF report as the pairing rating).",
        )
    pages = {"page": asked_page(request), UNRATED: asked_page(request, UNRATED)}
    shown = {k: v for k, v in pages.items() if v.isdigit() and v != "1"}  # the page posted from
    query = f"?{urlencode(shown)}#{UNRATED}" if shown else ""
    return redirect(reverse("tournament_manage", args=[tournament.pk]) + query)


@login_required
@require_POST
def tournament_archive(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Archive the tournament (``archived=1``) or bring it back (``archived=0``)."""
    tournament = _get_tournament_for_arbiter(request, pk)
    archived = request.POST.get("archived", "1") == "1"
    lifecycle.set_archived(tournament.pk, archived)
    note = "archived: it is no longer listed" if archived else "back in the list of tournaments"
    messages.success(request, f"{tournament.name} is {note}.")
    return redirect("tournament_manage", tournament.pk)


@login_required
@require_http_methods(["GET", "POST"])
def tournament_delete(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Delete the tournament, after a confirmation page."""
    tournament = _get_tournament_for_arbiter(request, pk)
    if request.method == "POST" and request.POST.get("confirm") == "1":
        try:
            name = lifecycle.delete_tournament(tournament.pk)
        except ArbiterError as e:
            messages.error(request, str(e))
            return redirect("tournament_manage", tournament.pk)
        messages.success(request, f"{name} is deleted.")
        return redirect("home")
    details = [
        f"Its {tournament.entries.count()} entries, {tournament.round_set.count()} round(s), "
        f"games and byes are deleted for good; the public pages go.",
        "The players stay in the player list for other tournaments.",
        "To keep it but hide it from the list of tournaments, archive it instead.",
    ]
    question = f"Delete {tournament.name}?"
    return confirm_page(request, tournament, question, details, "Delete the tournament")
