"""The rating list table (django-tables2): sortable, one query per page."""

from __future__ import annotations

from typing import ClassVar

import django_tables2 as tables

from ratings.models import RatingRecord


class RatingTable(tables.Table):
    player = tables.Column(
        accessor="player__name",
        verbose_name="Player",
        linkify=("rating_history", [tables.A("player_id")]),
    )
    uscf_id = tables.Column(accessor="player__uscf_id", verbose_name="USCF ID")
    system = tables.Column(verbose_name="System")
    rating = tables.Column(
        verbose_name="Rating", attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    games = tables.Column(
        verbose_name="Games", attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    status = tables.Column(
        accessor="games", verbose_name="Status", order_by=("games",), orderable=True
    )
    floor = tables.Column(
        accessor="current_floor",
        verbose_name="Floor",
        orderable=False,
        attrs={"td": {"class": "num"}, "th": {"class": "num"}},
    )

    class Meta:
        model = RatingRecord
        fields: ClassVar = ()
        order_by = ("-rating",)
        empty_text = "No ratings match."
        attrs: ClassVar = {"class": "rating-table"}

    def render_rating(self, record: RatingRecord) -> int:
        return record.shown_rating

    def render_status(self, record: RatingRecord) -> str:
        return "established" if record.established else "provisional"
