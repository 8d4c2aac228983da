"""Public pages: read-only, no login, never a draft round, never a birth date. While a round is
live the swappable section of each page polls itself with htmx.

The section of each page (``tournament_standings.html#standings`` -> ``<section
id="standings">``) is cached on what changes it: the tournament, its revision
(``Tournament.revision`` changes with every change), the section and the page's own
parameters (round, order, player), never the raw URL, so a page costs one query until
something changes, the polling phones cost almost nothing, and no query string bypasses the
cache."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_safe

from pairing.services import snapshot
from tournaments import events, receipts, whatif
from tournaments.models import Tournament
from tournaments.reports import View, sparkline
from tournaments.tables import crosstable
from tournaments.views.access import HtmxHttpRequest

CACHE_SECONDS = 3600
Build = Callable[[View], tuple[dict[str, Any], str]]
"""Computes a section's context and the page title from the tournament's view."""


def poll_seconds() -> int:
    """How often live pages refresh themselves (setting ``TOURNAMENTS_POLL_SECONDS``)."""
    return int(getattr(settings, "TOURNAMENTS_POLL_SECONDS", 15))


def _section(
    request: HtmxHttpRequest,
    tournament: Tournament,
    template: str,
    section: str,
    build: Build,
    params: dict[str, str],
) -> tuple[str, str, str]:
    """(section HTML, the live round's label or "", page title), from the cache if the
    tournament has not changed since. ``params`` are the page's parameters that change the
    section, in canonical form; they, not the raw URL, key the cache and make the polling URL."""
    match = request.resolver_match
    assert match is not None
    path = reverse(match.view_name, kwargs=match.kwargs)  # canonical: "/t/007/" -> "/t/7/"
    query = urlencode(sorted(params.items()))
    live_url = f"{path}?{query}" if query else path
    key = f"public:{tournament.pk}:{tournament.revision}:{poll_seconds()}:{live_url}"
    cached = cache.get(key)
    if cached is None:
        view = View(snapshot(tournament))
        context, title = build(view)
        context |= {"view": view, "tournament": tournament, "poll_seconds": poll_seconds()}
        context["live_url"] = live_url
        html = render_to_string(f"{template}#{section}", context, request)
        live = tournament.round_label(view.live_round.number) if view.live_round else ""
        cached = (html, live, title)
        cache.set(key, cached, CACHE_SECONDS)
    return cached


def _page(
    request: HtmxHttpRequest,
    pk: int,
    template: str,
    section: str,
    tab: str,
    build: Build,
    params: dict[str, str] | None = None,
) -> HttpResponse:
    """The whole page, or for htmx (the polling) only the section whose id is ``section``."""
    tournament = get_object_or_404(Tournament, pk=pk)
    html, live, title = _section(request, tournament, template, section, build, params or {})
    if request.htmx:
        response = HttpResponse(html)
    else:
        is_arbiter = request.user.is_authenticated and tournament.is_arbiter(request.user)
        context = {"tournament": tournament, "section": html, "live": live, "title": title}
        response = render(request, template, context | {"tab": tab, "is_arbiter": is_arbiter})
    patch_vary_headers(response, ("HX-Request",))
    return response


def _round_number(request: HtmxHttpRequest) -> int | None:
    raw = request.GET.get("round", "")
    # ASCII digits only ('²'.isdigit() is true); more than 5 digits is no round of ours
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 5 else None


@require_safe
def home(request: HtmxHttpRequest) -> HttpResponse:
    """Tournaments and events (their sections grouped under them), newest first; archived
    tournaments with ``?archived=1``."""
    archived = request.GET.get("archived") == "1"
    context = {"items": events.home_listing(archived), "archived": archived}
    return render(request, "tournaments/home.html", context)


@require_safe
def health(request: HtmxHttpRequest) -> HttpResponse:
    """A trivial page: load balancers' health check, and the benchmark's baseline."""
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def tournament_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The pairings of the current round (or ``?round=N``), by board or ``?order=alpha``."""
    number = _round_number(request)
    alpha = request.GET.get("order") == "alpha"

    def build(view: View) -> tuple[dict[str, Any], str]:
        rnd = view.round(number)
        if number is not None and rnd is None:
            raise Http404("No such published round.")
        context: dict[str, Any] = {"round": rnd, "alpha": alpha}
        if rnd is not None:
            context |= {
                "games": view.games(rnd),
                "lines": view.lines(rnd) if alpha else view.byes(rnd),
                "before": view.scores_before(rnd),
            }
            receipt = receipts.published_receipt(view.tournament, rnd.number)  # issue 15
            context |= {"receipt": receipt, "changed": receipts.marked_boards(receipt)}
        return context, view.label(rnd.number) if rnd else "Pairings"

    params = {"order": "alpha"} if alpha else {}
    if number is not None:
        params["round"] = str(number)
    template = "tournaments/tournament_detail.html"
    return _page(request, pk, template, "pairings", "pairings", build, params)


@require_safe
def tournament_standings(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Standings after the finished rounds, with the tournament's tie-breaks."""
    template = "tournaments/tournament_standings.html"
    return _page(request, pk, template, "standings", "standings", lambda v: ({}, "Standings"))


@require_safe
def tournament_crosstable(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    def build(view: View) -> tuple[dict[str, Any], str]:
        return {"table": crosstable(view)}, "Crosstable"

    template = "tournaments/tournament_crosstable.html"
    return _page(request, pk, template, "crosstable", "crosstable", build)


@require_safe
def tournament_players(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The starting list: pairing number, name, title, federation, rating, and each player's
    board in the current round; ``?q=`` finds players by name ("find my board")."""
    query = " ".join(request.GET.get("q", "").split())[:50]

    def build(view: View) -> tuple[dict[str, Any], str]:
        rnd = view.current_round
        lines = {line.entry.pk: line for line in view.lines(rnd)} if rnd else {}
        found = [e for e in view.snap.entries if query.casefold() in e.name.casefold()]
        rows = [(e, lines.get(e.pk)) for e in found]
        return {"rows": rows, "query": query, "round": rnd}, "Players"

    template = "tournaments/tournament_players.html"
    params = {"q": query} if query else {}
    return _page(request, pk, template, "players", "players", build, params)


@require_safe
def entry_detail(request: HtmxHttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    """A player's games, colours and score progression."""

    def build(view: View) -> tuple[dict[str, Any], str]:
        entry = view.snap.entry_by_pk.get(entry_pk)
        if entry is None:
            raise Http404("No such player in this tournament.")
        rounds = view.progression(entry)
        context = {
            "entry": entry,
            "rounds": rounds,
            "spark": sparkline(rounds, view.full_state.points.win),
            "standing": next((s for s in view.standings if s.entry.pk == entry.pk), None),
        }
        revision = view.tournament.revision  # issue 15: if I win, draw or lose
        published = len(view.published)
        context["what_if"] = whatif.last_game_outcomes(view.snap, published, entry, revision)
        return context, entry.name

    template = "tournaments/entry_detail.html"
    return _page(request, pk, template, "player", "players", build)
