"""The arbiter's tournament pages: create, edit, the dashboard, TRF import and export."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_http_methods, require_safe

from pairing.services import export_trf
from tournaments import registration, services
from tournaments.dashboard import Dashboard
from tournaments.forms import QuickEntryForm, TournamentForm, TrfImportForm
from tournaments.views.access import (
    HtmxHttpRequest,
    _get_tournament_for_arbiter,
    _require_tournament_creator,
    posted,
)


@login_required
@require_http_methods(["GET", "POST"])
def tournament_create(request: HtmxHttpRequest) -> HttpResponse:
    """A new tournament (members of the Arbiters group); its creator becomes its arbiter."""
    _require_tournament_creator(request)
    form = TournamentForm(posted(request)[0])
    if request.method == "POST" and form.is_valid():
        tournament = services.create_tournament(form.save(commit=False), request.user.pk or 0)
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
    context = {"board": Dashboard.load(tournament), "tournament": tournament}
    context["form"] = QuickEntryForm(tournament=tournament)
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
        try:
            tournament = services.import_trf(
                data["text"], request.user.pk or 0, data["name"], data["pairing_system"]
            )
        except services.ArbiterError as e:
            form.add_error(None, str(e))
        else:
            messages.success(request, f"Imported {tournament.name}.")
            return redirect("tournament_manage", tournament.pk)
    return render(request, "tournaments/tournament_import.html", {"form": form})


@login_required
@require_safe
def tournament_export_trf(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The FIDE rating report (TRF16). Arbiters only: it holds birth dates."""
    tournament = _get_tournament_for_arbiter(request, pk)
    response = HttpResponse(export_trf(tournament), content_type="text/plain; charset=utf-8")
    name = slugify(tournament.name) or f"tournament-{tournament.pk}"
    response["Content-Disposition"] = f'attachment; filename="{name}.trf"'
    return response
