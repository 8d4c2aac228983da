"""Template helpers of the tournament pages."""

from __future__ import annotations

from typing import Any

from django import template
from django.core.paginator import Page

from tournaments.models import Tournament
from tournaments.reports import points as format_points
from tournaments.views.paging import Kept, Links, links

register = template.Library()


@register.simple_tag
def page_links(page: Page, url: str, param: str = "", kept: Kept | None = None) -> Links:
    """``{% page_links page url param kept as pages %}``: the links of ``_pages.html`` to the
    pages of an arbiter's list (``param``: its page parameter, ``page`` by default; ``kept``:
    the other parameters its links carry)."""
    return links(page, url, param or "page", kept or None)


@register.filter
def round_label(tournament: Tournament, number: int) -> str:
    """``{{ tournament|round_label:3 }}`` -> "Round 3" (or "Round 2, game 1")."""
    return tournament.round_label(number)


@register.filter
def points(half_points: int) -> str:
    """Half-points as points: 7 -> "3.5"."""
    return format_points(half_points)


@register.filter
def get(mapping: dict[Any, Any], key: Any) -> Any:
    """``{{ mapping|get:key }}``."""
    return mapping.get(key, "")


@register.filter
def pts(shown: str | int) -> str:
    """Points with their unit: "1" -> "1 pt", "3.5" -> "3.5 pts" (a number of half-points
    is formatted first: 7 -> "3.5 pts")."""
    text = format_points(shown) if isinstance(shown, int) else str(shown)
    return f"{text} pt" if text == "1" else f"{text} pts"


@register.filter
def sex_label(code: str) -> str:
    """A player's sex as a word: "w" -> "Female" (TRF column 10 codes m and w)."""
    return {"m": "Male", "w": "Female"}.get(code, code)


@register.filter
def has_float(floats: str) -> bool:
    """The last two rounds hold a float (↓ or ↑; · is none)."""
    return "↓" in floats or "↑" in floats
