"""Template helpers: ratings shown rounded, signed changes, the tournament page's panel."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django import template

from ratings.models import RatedEvent, RatingRequest, shown
from ratings.rating import systems_of
from ratings.services import latest_request
from tournaments.models import Tournament

register = template.Library()


@register.filter
def rating(value: Decimal | float | None) -> int | str:
    """A stored rating as pages show it: rounded to the nearest integer; "unrated" for none."""
    result = shown(value)
    return "unrated" if result is None else result


@register.filter
def signed(value: int | None) -> str:
    """+12, −7, 0; "new" for a first rating."""
    if value is None:
        return "new"
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"−{-value}"
    return "0"


@dataclass(frozen=True, slots=True)
class Panel:
    rated: RatedEvent | None
    uscf_rated: bool
    can_submit: bool
    """The user is an arbiter, the tournament is finished, not rated and not waiting."""
    waiting: bool
    """The user is an arbiter and the tournament is not finished yet."""
    request: RatingRequest | None = None
    """The latest submission (waiting for a rating officer, applied or rejected)."""


@register.simple_tag
def rating_panel(tournament: Tournament, user: object) -> Panel:
    """What ``ratings/tournament_panel.html`` shows for this tournament and user."""
    if not systems_of(tournament):
        return Panel(None, False, False, False)
    rated = RatedEvent.objects.filter(tournament=tournament).first()
    request = latest_request(tournament)
    arbiter = rated is None and tournament.is_arbiter(user)
    pending = request is not None and request.pending
    finished = tournament.status == Tournament.Status.FINISHED
    return Panel(
        rated, True, arbiter and finished and not pending, arbiter and not finished, request
    )
