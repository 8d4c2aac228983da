"""Public pages: read-only, no login, never a draft round, never a birth date. While a round is
live the swappable section of each page polls itself with htmx."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from pairing.services import snapshot
from tournaments.models import Tournament
from tournaments.reports import View, sparkline
from tournaments.tables import crosstable
from tournaments.views.access import HtmxHttpRequest


def poll_seconds() -> int:
    """How often live pages refresh themselves (setting ``TOURNAMENTS_POLL_SECONDS``)."""
    return int(getattr(settings, "TOURNAMENTS_POLL_SECONDS", 15))


def _view(pk: int) -> View:
    return View(snapshot(get_object_or_404(Tournament, pk=pk)))


def _page(
    request: HtmxHttpRequest, template: str, section: str, context: dict[str, Any]
) -> HttpResponse:
    """The whole page, or for htmx (the polling) only the section whose id is ``section``."""
    tournament = context["view"].tournament
    context |= {"tournament": tournament, "poll_seconds": poll_seconds()}
    context["is_arbiter"] = request.user.is_authenticated and tournament.is_arbiter(request.user)
    if request.htmx:
        return render(request, f"{template}#{section}", context)
    return render(request, template, context)


def _round_number(request: HtmxHttpRequest) -> int | None:
    raw = request.GET.get("round", "")
    return int(raw) if raw.isdigit() else None


@require_safe
def home(request: HtmxHttpRequest) -> HttpResponse:
    """The list of tournaments, newest first."""
    tournaments = Tournament.objects.all()
    return render(request, "tournaments/home.html", {"tournaments": tournaments})


@require_safe
def health(request: HtmxHttpRequest) -> HttpResponse:
    """A trivial page: load balancers' health check, and the benchmark's baseline."""
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def tournament_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The pairings of the current round (or ``?round=N``), by board or ``?order=alpha``."""
    view = _view(pk)
    number = _round_number(request)
    rnd = view.round(number)
    if number is not None and rnd is None:
        raise Http404("No such published round.")
    alpha = request.GET.get("order") == "alpha"
    context: dict[str, Any] = {"view": view, "round": rnd, "alpha": alpha, "tab": "pairings"}
    if rnd is not None:
        context |= {
            "games": view.games(rnd),
            "lines": view.lines(rnd) if alpha else view.byes(rnd),
            "before": view.scores_before(rnd),
        }
    return _page(request, "tournaments/tournament_detail.html", "pairings", context)


@require_safe
def tournament_standings(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Standings after the finished rounds, with the tournament's tie-breaks."""
    view = _view(pk)
    return _page(
        request,
        "tournaments/tournament_standings.html",
        "standings",
        {"view": view, "tab": "standings"},
    )


@require_safe
def tournament_crosstable(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    view = _view(pk)
    context = {"view": view, "table": crosstable(view), "tab": "crosstable"}
    return _page(request, "tournaments/tournament_crosstable.html", "crosstable", context)


@require_safe
def tournament_players(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The starting list: pairing number, name, title, federation, rating."""
    view = _view(pk)
    return _page(
        request, "tournaments/tournament_players.html", "players", {"view": view, "tab": "players"}
    )


@require_safe
def entry_detail(request: HtmxHttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    """A player's games, colours and score progression."""
    view = _view(pk)
    entry = view.snap.entry_by_pk.get(entry_pk)
    if entry is None:
        raise Http404("No such player in this tournament.")
    rounds = view.progression(entry)
    context = {
        "view": view,
        "entry": entry,
        "rounds": rounds,
        "spark": sparkline(rounds, view.full_state.points.win),
        "standing": next((s for s in view.standings if s.entry.pk == entry.pk), None),
        "tab": "players",
    }
    return _page(request, "tournaments/entry_detail.html", "player", context)
