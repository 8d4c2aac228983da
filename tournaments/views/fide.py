"""The FIDE rating list in the arbiter's registration: pick players from the list (a search
page; htmx swaps ``#fide-pick``), and before round 1 update the ratings from the list; the
title norms' settings of the dashboard."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_http_methods, require_POST

from fide.importer import current_list
from fide.lookup import lookup
from tournaments import fide_entries
from tournaments.errors import ArbiterError
from tournaments.forms import NormSettingsForm
from tournaments.norms import save_norm_settings
from tournaments.registration import closed_for_entries
from tournaments.views.access import HtmxHttpRequest, _get_tournament_for_arbiter

PICK_LIMIT = 20


MAX_FIDE_ID = 2**31 - 1
"""The list's ``fide_id`` column (a PositiveIntegerField) holds no larger number."""


def _fide_id(text: str) -> int | None:
    if not (text.isascii() and text.isdigit() and len(text) <= 10):
        return None
    return int(text) if 0 < int(text) <= MAX_FIDE_ID else None


def _pick(tournament_pk: int, posted_id: str) -> tuple[str, str]:
    """Register the posted FIDE ID: (note, problem)."""
    fide_id = _fide_id(posted_id)
    if fide_id is None:
        return "", "Choose a player of the list."
    try:
        entry = fide_entries.register_from_list(tournament_pk, fide_id)
    except ArbiterError as e:
        return "", str(e)
    return f"{entry.name} registered as no. {entry.pairing_number}.", ""


@login_required
@require_http_methods(["GET", "POST"])
def entry_pick_fide(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Search the FIDE list (``?q=`` a name's start or a FIDE ID) and register the player
    picked (POST ``fide_id``): name, title, federation, sex, birth year and rating."""
    tournament = _get_tournament_for_arbiter(request, pk)
    q = " ".join(str(request.POST.get("q") or request.GET.get("q") or "").split())[:60]
    note = problem = ""
    if request.method == "POST":
        note, problem = _pick(tournament.pk, request.POST.get("fide_id", ""))
        if not request.htmx:
            level = messages.ERROR if problem else messages.SUCCESS
            messages.add_message(request, level, problem or note)
            url = reverse("entry_pick_fide", args=[tournament.pk])
            return redirect(f"{url}?{urlencode({'q': q})}" if q else url)
    context = {"tournament": tournament, "q": q, "players": lookup(q, PICK_LIMIT) if q else []}
    context |= {"note": note, "problem": problem, "current": current_list()}
    context["registered"] = set(tournament.entries.values_list("fide_id", flat=True))
    context["closed"] = closed_for_entries(tournament)
    page = "tournaments/fide_pick.html"
    return render(request, f"{page}#fide-pick" if request.htmx else page, context)


@login_required
@require_http_methods(["GET", "POST"])
def fide_ratings_update(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Before round 1: each entry's FIDE rating against the list in force; POST applies every
    change (one transaction)."""
    tournament = _get_tournament_for_arbiter(request, pk)
    if request.method == "POST":
        try:
            changed = fide_entries.apply_rating_updates(tournament.pk)
        except ArbiterError as e:
            messages.error(request, str(e))
        else:
            messages.success(request, f"Ratings updated from the FIDE list: {changed} changed.")
        return redirect(reverse("tournament_manage", args=[tournament.pk]) + "#players")
    context = {"tournament": tournament, "updates": fide_entries.rating_updates(tournament)}
    context |= {"current": current_list(), "paired": tournament.round_set.exists()}
    return render(request, "tournaments/fide_ratings.html", context)


@login_required
@require_POST
def norm_settings(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Save the norms dashboard's settings (FIDE B.01 1.4.2 a, 1.4.3 a-c), then back to the
    dashboard's norms."""
    tournament = _get_tournament_for_arbiter(request, pk)
    entries = list(tournament.entries.order_by("pairing_number"))
    form = NormSettingsForm(request.POST, tournament=tournament, entries=entries)
    if form.is_valid():
        data = form.cleaned_data
        save_norm_settings(tournament, data["exemption"], set(data["outside_fide"]))
        messages.success(request, "Norm settings saved.")
    else:
        messages.error(request, "Norm settings not saved: choose from the lists.")
    return redirect(reverse("tournament_manage", args=[tournament.pk]) + "#norms")
