"""Printouts: pairings (by board and alphabetical), standings, the crosstable (wall chart) and,
for the arbiter, result slips. Each is a page of its own, without the site's menus, laid out
for A4 or Letter (``?paper=letter``; the crosstable in landscape), with a QR code to the public
pages. Public printouts show published rounds only, like the public pages."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_safe

from pairing.services import snapshot
from tournaments.models import Tournament
from tournaments.norms import Norms
from tournaments.qr import public_url, qr_svg
from tournaments.reports import View
from tournaments.views.access import HtmxHttpRequest, _get_tournament_for_arbiter

PAPERS = {"a4": "A4", "letter": "Letter"}


def _printout(
    request: HtmxHttpRequest,
    tournament: Tournament,
    template: str,
    title: str,
    back: str,
    landscape: bool = False,
    **context: Any,
) -> HttpResponse:
    """Render a printout on the paper asked for (``?paper=a4|letter``)."""
    paper = request.GET.get("paper", "a4")
    paper = paper if paper in PAPERS else "a4"
    orientation = "landscape" if landscape else "portrait"
    others = {k: v for k, v in request.GET.items() if k != "paper"}
    papers = [
        (label, "?" + urlencode(others | {"paper": key}), key == paper)
        for key, label in PAPERS.items()
    ]
    url = public_url(request, tournament.pk)
    context |= {"tournament": tournament, "title": title, "back": back, "papers": papers}
    context |= {"page_css": f"css/page-{paper}-{orientation}.css", "orientation": orientation}
    context |= {"qr": qr_svg(url, f"{tournament.name}: live pairings and standings")}
    return render(request, f"tournaments/print/{template}", context | {"public_url": url})


def _view(pk: int) -> View:
    return View(snapshot(get_object_or_404(Tournament, pk=pk)))


@require_safe
def print_pairings(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """A published round's pairings, by board (``?order=alpha``: one line per player)."""
    view = _view(pk)
    rnd = view.round(number)
    if rnd is None:
        raise Http404("No such published round.")
    alpha = request.GET.get("order") == "alpha"
    context: dict[str, Any] = {"round": rnd, "alpha": alpha, "games": view.games(rnd)}
    context["view"] = view
    context |= {"lines": view.lines(rnd) if alpha else view.byes(rnd)}
    context["before"] = view.scores_before(rnd)
    title = f"{view.label(rnd.number)}: pairings" + (", alphabetical" if alpha else "")
    back = reverse("tournament_detail", args=[pk]) + f"?round={number}"
    return _printout(request, view.tournament, "pairings.html", title, back, **context)


@require_safe
def print_standings(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    view = _view(pk)
    title = f"Standings {view.standings_label}"
    back = reverse("tournament_standings", args=[pk])
    return _printout(request, view.tournament, "standings.html", title, back, view=view)


@require_safe
def print_crosstable(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The wall chart: every published round, points and tie-breaks; landscape."""
    view = _view(pk)
    state = view.full_state
    rows = [
        (s, [view.cell(c) for c in state.player(s.entry.pairing_number).results])
        for s in view.standings
    ]
    context = {"view": view, "rows": rows, "headers": _round_headers(view, state.rounds_done)}
    title = f"Crosstable {view.standings_label}"
    back = reverse("tournament_crosstable", args=[pk])
    return _printout(
        request, view.tournament, "crosstable.html", title, back, landscape=True, **context
    )


def _round_headers(view: View, columns: int) -> list[str]:
    if view.tournament.double_rounds:
        return [f"{(n + 1) // 2}.{2 - n % 2}" for n in range(1, columns + 1)]
    return [str(n) for n in range(1, columns + 1)]


@login_required
@require_safe
def print_slips(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Result slips (pairing cards) of a round, one per board, for the arbiter."""
    tournament = _get_tournament_for_arbiter(request, pk)
    view = View(snapshot(tournament))
    rnd = next((r for r in view.snap.rounds if r.number == number), None)
    if rnd is None:
        raise Http404("No such round.")
    context: dict[str, Any] = {"round": rnd, "games": view.games(rnd)}
    context["before"] = view.scores_before(rnd)
    title = f"{view.label(number)}: result slips"
    back = reverse("round_manage", args=[pk, number])
    return _printout(request, tournament, "slips.html", title, back, **context)


@login_required
@require_safe
def print_norms(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The norm reports (FIDE B.01 1.4): one page per norm achieved, with the data FIDE's
    norm certificate asks for, for the arbiter."""
    tournament = _get_tournament_for_arbiter(request, pk)
    norms = Norms(snapshot(tournament))
    reports = [(n, norms.certificate(n)) for n in norms.achieved]
    back = reverse("tournament_manage", args=[pk]) + "#norms"
    return _printout(request, tournament, "norms.html", "Title norm reports", back, reports=reports)
