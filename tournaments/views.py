"""Tournament pages: public pages are read-only; arbiter pages need a login."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from tournaments.forms import TournamentForm
from tournaments.models import Tournament


def home(request: HttpRequest) -> HttpResponse:
    """The list of tournaments, newest first."""
    tournaments = Tournament.objects.all()
    return render(request, "tournaments/home.html", {"tournaments": tournaments})


def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    entries = tournament.entries.select_related("player")
    rounds = tournament.round_set.prefetch_related("games__white__player", "games__black__player")
    return render(
        request,
        "tournaments/tournament_detail.html",
        {"tournament": tournament, "entries": entries, "rounds": rounds},
    )


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    """A new tournament; its creator becomes its arbiter."""
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        tournament = form.save()
        tournament.arbiters.add(request.user)
        return redirect(tournament)
    return render(request, "tournaments/tournament_form.html", {"form": form})
