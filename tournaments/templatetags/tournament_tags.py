"""Template helpers of the tournament pages."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.models import Tournament
from tournaments.reports import points as format_points

register = template.Library()


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
