"""Who may see and change what."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django_htmx.middleware import HtmxDetails

from tournaments.models import Tournament
from tournaments.roles import ARBITERS, may_create_tournaments


class HtmxHttpRequest(HttpRequest):
    """A request that went through django-htmx's middleware (for type checking)."""

    htmx: HtmxDetails


def _get_tournament_for_arbiter(request: HttpRequest, pk: int) -> Tournament:
    """The tournament, for one of its arbiters: 404 when it does not exist, 403 for anybody
    else (the views also need a login)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    if not tournament.is_arbiter(request.user):
        raise PermissionDenied("Only the tournament's arbiters may do this.")
    return tournament


def _require_tournament_creator(request: HttpRequest) -> None:
    """Only members of the Arbiters group (and superusers) create tournaments (403 for anybody
    else; the views also need a login). See :mod:`tournaments.roles`."""
    if not may_create_tournaments(request.user):
        raise PermissionDenied(
            f"Only members of the {ARBITERS} group may create tournaments: ask an administrator "
            f"to add your account to it."
        )


def htmx_target(request: HtmxHttpRequest) -> str:
    """The id of the element an htmx request will swap, or ""."""
    return (request.htmx.target or "") if request.htmx else ""


def posted(request: HttpRequest, files: bool = False) -> tuple[Any, Any]:
    """A form's data (and files) for a POST, ``None`` otherwise: an empty POST still binds
    the form, so that it shows its errors."""
    if request.method != "POST":
        return None, None
    return request.POST, request.FILES if files else None


def confirm_page(
    request: HttpRequest,
    tournament: Tournament,
    question: str,
    details: list[str],
    button: str,
    fields: dict[str, Any] | None = None,
) -> HttpResponse:
    """Ask before a destructive action: the same URL, POSTed again with ``confirm=1`` (and
    ``fields``), does it; Cancel goes back to the dashboard. Works without JavaScript."""
    context = {"tournament": tournament, "question": question, "details": details}
    context |= {"button": button, "fields": fields or {}, "action": request.path}
    return render(request, "tournaments/confirm.html", context)
