"""A US Chess section's prizes and TD papers: the prize fund (the TD's), the prize list, the
wall chart (public printouts, published rounds only) and the pairing cards (the TD's
printout). Printouts come on Letter or A4 (``?paper=``) like the other printouts."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_safe

from pairing.services import snapshot
from ratings import papers, prizes
from ratings.errors import EventError
from tournaments.models import Tournament
from tournaments.reports import View
from tournaments.views.access import HtmxHttpRequest, posted
from tournaments.views.printouts import _printout


class PrizeFundForm(forms.Form):
    text = forms.CharField(
        label="Prize fund",
        required=False,
        max_length=10_000,
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false"}),
        help_text="One prize a line: 1st $500 · 2nd $300 + trophy · 1st U1600 $150 · "
        "1st 1400-1599 $100 · 1st Unrated $50 · 1st Age<=12 trophy · 1st Seniors (4, 9) $40",
    )


def _section(pk: int) -> Tournament:
    return get_object_or_404(Tournament, pk=pk, event__isnull=False)


def _arbiters_section(request: HtmxHttpRequest, pk: int) -> Tournament:
    """A section, for one of its arbiters (403 for anybody else; the views need a login)."""
    tournament = _section(pk)
    if not tournament.is_arbiter(request.user):
        raise PermissionDenied("Only the section's arbiters may do this.")
    return tournament


@login_required
@require_http_methods(["GET", "POST"])
def prize_fund(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The TD enters the section's prize fund (rule 32), checked line by line."""
    tournament = _arbiters_section(request, pk)
    form = PrizeFundForm(posted(request)[0], initial={"text": prizes.fund_text(tournament)})
    if request.method == "POST" and form.is_valid():
        try:
            prizes.save_fund(tournament.pk, form.cleaned_data["text"])
        except EventError as e:
            form.add_error("text", str(e))
        else:
            messages.success(request, "Prize fund saved.")
            return redirect("prize_fund", pk)
    status = 400 if form.errors else 200
    summary = prizes.fund_summary(form.initial["text"])
    context = {"tournament": tournament, "form": form, "summary": summary}
    return render(request, "ratings/prize_fund.html", context, status=status)


@require_safe
def prize_list(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The section's prize list from the standings of the finished rounds; printable."""
    view = View(snapshot(_section(pk)))
    try:
        result = prizes.section_prizes(view)
    except EventError as e:
        context = {"title": "Prize fund to correct", "message": str(e)}
        return render(request, "error.html", context, status=409)
    back = reverse("tournament_standings", args=[pk])
    return _printout(request, view.tournament, "prizes.html", "Prizes", back, prizes=result)


@require_safe
def wall_chart(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The US Chess wall chart of a section, landscape; published rounds only."""
    view = View(snapshot(_section(pk)))
    rows = papers.wall_chart(view)
    headers = [str(n) for n in range(1, view.full_state.rounds_done + 1)]
    context = {"view": view, "rows": rows, "headers": headers}
    title = f"Wall chart {view.standings_label}"
    back = reverse("tournament_crosstable", args=[pk])
    return _printout(request, view.tournament, "wall_chart.html", title, back, True, **context)


@login_required
@require_safe
def pairing_cards(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Pairing cards, one per player, for the TD (every round stored, drafts included)."""
    tournament = _arbiters_section(request, pk)
    cards = papers.pairing_cards(View(snapshot(tournament)))
    back = reverse("tournament_manage", args=[pk])
    return _printout(request, tournament, "pairing_cards.html", "Pairing cards", back, cards=cards)
