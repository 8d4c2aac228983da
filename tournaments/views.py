"""Tournament pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Tournament


def home(request: HttpRequest) -> HttpResponse:
    """The list of tournaments, newest first."""
    tournaments = Tournament.objects.all()
    return render(request, "tournaments/home.html", {"tournaments": tournaments})
