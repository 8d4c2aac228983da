"""The rating list table (django-tables2): sortable, one query per page."""

from __future__ import annotations

from typing import ClassVar

import django_tables2 as tables
from django.db.models import Case, F, Q, QuerySet, Value, When

from ratings.models import ESTABLISHED_AFTER, RatingRecord


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
    status = tables.Column(accessor="games", verbose_name="Status", orderable=True)
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

    def order_games(
        self, queryset: QuerySet[RatingRecord], is_descending: bool
    ) -> tuple[QuerySet[RatingRecord], bool]:
        # N not known is an established rating's (a supplement gives N for provisional ones
        # only): it sorts above every known N, on every database.
        games = (
            F("games").desc(nulls_first=True) if is_descending else F("games").asc(nulls_last=True)
        )
        return queryset.order_by(games, "-rating", "pk"), True

    def order_status(
        self, queryset: QuerySet[RatingRecord], is_descending: bool
    ) -> tuple[QuerySet[RatingRecord], bool]:
        established = Case(
            When(Q(games__isnull=True) | Q(games__gt=ESTABLISHED_AFTER), then=Value(1)),
            default=Value(0),
        )
        order = "-established_now" if is_descending else "established_now"
        return queryset.annotate(established_now=established).order_by(order, "-rating", "pk"), True
