"""A player's rating history: rated events and corrections, oldest first, and its charts."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from players.models import Player
from ratings.chart import Chart, rating_chart
from ratings.models import RatingChange, RatingCorrection, ShownChange, System


@dataclass(frozen=True, slots=True)
class HistoryItem(ShownChange):
    at: datetime
    system: str
    pre: Decimal | None
    post: Decimal
    change: RatingChange | None = None
    correction: RatingCorrection | None = None

    @property
    def system_label(self) -> str:
        return System(self.system).label

    @property
    def label(self) -> str:
        if self.change is not None:
            return self.change.event.tournament.name
        return "Correction"


def player_history(player: Player) -> list[HistoryItem]:
    """Every rated event and correction of the player, oldest first (two queries)."""
    changes = player.rating_changes.select_related("event__tournament").chronological()
    corrections = RatingCorrection.objects.filter(record__player=player).select_related(
        "record", "by"
    )
    items = [HistoryItem(c.event.rated_at, c.system, c.pre, c.post, change=c) for c in changes] + [
        HistoryItem(c.at, c.record.system, c.old, c.new, correction=c) for c in corrections
    ]
    return sorted(items, key=lambda item: item.at)


def charts(items: list[HistoryItem]) -> list[Chart]:
    """One chart per system with history: the rating before the first event (when the player
    was rated), then after every event and correction."""
    out = []
    for system in System:
        values: list[tuple[str, int]] = []
        for item in items:
            if item.system != system:
                continue
            if not values and item.pre is not None:
                values.append((f"Before {item.label}", item.shown_pre or 0))
            values.append((item.label, item.shown_post))
        chart = rating_chart(f"{system.label} rating", values)
        if chart is not None:
            out.append(chart)
    return out
