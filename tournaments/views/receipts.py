"""Pairing receipts and what-if previews (issue 15, docs/receipts.md).

- ``round_receipt`` (public): a published round's receipt, the JSON file that ``python -m
  pairing verify`` checks; 404 for drafts and for rounds paired without one.
- ``round_what_if`` (the arbiter, GET): the round page with the next round paired as if the
  games in play had ended as the form says; nothing is stored. htmx swaps ``#what-if``. The
  previewed boards are shown ``PER_PAGE`` at a time (``?preview=N``, the form's choices kept in
  the links, issue 27)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django.views.decorators.http import require_safe

from tournaments import receipts, whatif
from tournaments.models import Tournament
from tournaments.round_forms import WhatIfForm
from tournaments.views.access import HtmxHttpRequest, _get_tournament_for_arbiter
from tournaments.views.paging import asked_page, kept, page_of
from tournaments.views.rounds import TEMPLATE, _context, what_if_form


@require_safe
def round_receipt(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """The receipt of a published round (either game of a TCEC double round), as a file."""
    tournament = get_object_or_404(Tournament, pk=pk)
    receipt = receipts.published_receipt(tournament, number)
    if receipt is None:
        raise Http404("No published round with a receipt.")
    name = f"{slugify(tournament.name) or 'tournament'}-round-{number}-receipt.json"
    response = HttpResponse(receipts.document(receipt), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
@require_safe
def round_what_if(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """The next round as it would be paired if the games in play ended as the arbiter says."""
    tournament = _get_tournament_for_arbiter(request, pk)
    page = asked_page(request)
    context = _context(tournament, number, page)
    # Without a choice (the box refreshing itself after a result): the form as it starts.
    data = request.GET if "assume" in request.GET else None
    form = what_if_form(context["board"].snap, data, page)
    if form is not None and form.is_valid():
        policy = form.cleaned_data["assume"]
        preview = whatif.preview(context["board"].snap, policy, form.typed())
        context |= _preview_context(preview, form, request.GET)
    context["what_if_form"] = form
    template = f"{TEMPLATE}#what-if" if request.htmx else TEMPLATE
    return render(request, template, context)


PREVIEW_PAGE = "preview"
"""The query parameter of the page of previewed boards (``page`` is the page of boards of the
round shown, whose results may be typed)."""


def _preview_context(preview: whatif.Preview, form: WhatIfForm, query: QueryDict) -> dict[str, Any]:
    """Issue 27: a page of the previewed boards; the results assumed for the games of the page
    of boards whose results may be typed (all of them up to ``PER_PAGE`` games in play)."""
    shown = {g.pk for g in form.shown}
    assumed = [(g, result) for g, result in preview.assumed if g.pk in shown]
    boards = page_of(preview.boards, query.get(PREVIEW_PAGE))
    context = {"preview": preview, "assumed": assumed, "preview_page": boards}
    return context | {"preview_param": PREVIEW_PAGE, "preview_kept": kept(query, PREVIEW_PAGE)}
