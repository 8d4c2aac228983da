"""Forbidden pairs and fixed boards: one page, two swappable sections
(``pairing_constraints.html#forbidden-pairs`` and ``#fixed-boards``). Its forms post to the
views below; htmx gets the section back, others a redirect (or the page with the form's
errors)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.template.defaultfilters import pluralize
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from tournaments import constraints
from tournaments.errors import ArbiterError
from tournaments.models import Tournament
from tournaments.round_forms import FixedBoardForm, ForbiddenPairForm
from tournaments.views.access import HtmxHttpRequest, _get_tournament_for_arbiter, htmx_target

TEMPLATE = "tournaments/pairing_constraints.html"
FORBIDDEN, FIXED = "forbidden-pairs", "fixed-boards"


def _page(request: HtmxHttpRequest, tournament: Tournament, **extra: Any) -> HttpResponse:
    """The page, or (htmx) the section the request swaps."""
    entries = list(tournament.entries.order_by("pairing_number"))
    context: dict[str, Any] = {"tournament": tournament, "entries": entries}
    context["pairs"] = constraints.forbidden_rows(tournament, entries)
    context["pinned"] = sorted(
        (e for e in entries if e.fixed_board), key=lambda e: (e.fixed_board, e.pairing_number)
    )
    context["pair_form"] = ForbiddenPairForm(entries=entries)
    context["board_form"] = FixedBoardForm(entries=entries)
    context |= extra
    target = htmx_target(request)
    section = f"#{target}" if target in (FORBIDDEN, FIXED) else ""
    return render(request, TEMPLATE + section, context)


def _answer(
    request: HtmxHttpRequest, tournament: Tournament, section: str, message: str, ok: bool = True
) -> HttpResponse:
    """After a change (``ok``) or a refusal: the section again with the message (htmx), else
    back to the page, the message on top."""
    if request.htmx:
        key = {FORBIDDEN: "forbidden_pairs", FIXED: "fixed_boards"}[section]
        return _page(request, tournament, **{f"{key}_{'note' if ok else 'problem'}": message})
    (messages.success if ok else messages.error)(request, message)
    return redirect(reverse("pairing_constraints", args=[tournament.pk]) + f"#{section}")


@login_required
@require_safe
def pairing_constraints(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The forbidden pairs and the fixed boards of a tournament, with the forms to change
    them."""
    return _page(request, _get_tournament_for_arbiter(request, pk))


@login_required
@require_POST
def forbidden_pair_add(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Forbid a pair, or every pair of a group, in every round or some."""
    tournament = _get_tournament_for_arbiter(request, pk)
    form = ForbiddenPairForm(request.POST, entries=list(tournament.entries.all()))
    if form.is_valid():
        data = form.cleaned_data
        try:
            group = constraints.forbid(
                tournament.pk, data["players"], data["first_round"], data["last_round"]
            )
        except ArbiterError as e:
            form.add_error(None, str(e))
        else:
            return _answer(request, tournament, FORBIDDEN, _forbidden_note(group))
    return _page(request, tournament, pair_form=form)


def _forbidden_note(group: constraints.ForbiddenGroup) -> str:
    added = len(group.added)
    note = f"{added} pair{pluralize(added)} forbidden"
    if group.added:
        note += f" ({group.added[0].round_range})"
    if group.known:
        note += f"; {group.known} already forbidden in these rounds"
    return note + "."


@login_required
@require_POST
def forbidden_pair_remove(request: HtmxHttpRequest, pk: int, pair_pk: int) -> HttpResponse:
    """Take a forbidden pair back: the two may be paired again."""
    tournament = _get_tournament_for_arbiter(request, pk)
    try:
        pair = constraints.allow(tournament.pk, pair_pk)
    except ArbiterError as e:
        return _answer(request, tournament, FORBIDDEN, str(e), ok=False)
    note = f"{pair.first.name} and {pair.second.name} may be paired again."
    return _answer(request, tournament, FORBIDDEN, note)


@login_required
@require_POST
def fixed_board_set(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Pin a player to a board, or (board left empty) take the fixed board away."""
    tournament = _get_tournament_for_arbiter(request, pk)
    form = FixedBoardForm(request.POST, entries=list(tournament.entries.all()))
    if form.is_valid():
        board = form.cleaned_data["board"]
        try:
            entry = constraints.set_fixed_board(tournament.pk, form.cleaned_data["entry"], board)
        except ArbiterError as e:
            form.add_error(None, str(e))
        else:
            note = f"{entry.name} plays on board {board}." if board else ""
            note = note or f"{entry.name} has no fixed board any more."
            return _answer(request, tournament, FIXED, note)
    return _page(request, tournament, board_form=form)
