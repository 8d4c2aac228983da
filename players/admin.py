"""The admin page of the shared player identities: the reviewed path to change them
(superusers and rating officers, who have ``change_player``); a tournament's entries keep the
tournament's own data of each player and are shown read-only here."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Model, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from players.models import Player
from tournaments.admin import ENTRY_DATA
from tournaments.models import Entry


class PlayerEntryInline(admin.TabularInline):
    """A player's entries, each with its tournament's data of the player (read-only here: a
    tournament's arbiters correct their own entries)."""

    model = Entry
    extra = 0
    fields = ("tournament", "pairing_number", *ENTRY_DATA)
    readonly_fields = fields
    can_delete = False
    show_change_link = True

    def get_queryset(self, request: HttpRequest) -> QuerySet[Entry]:
        # One query for the entries and their tournaments, not one more per entry.
        return super().get_queryset(request).select_related("tournament")

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    """The shared identity: changed here only, by superusers and rating officers."""

    list_display = ("name", "title", "federation", "fide_id", "fide_rating", "uscf_id")
    list_filter = ("federation", "title", "sex")
    search_fields = ("name", "fide_id", "uscf_id", "entries__name")
    readonly_fields = ("rating_records",)
    inlines = (PlayerEntryInline,)

    @admin.display(description="US Chess rating records")
    def rating_records(self, obj: Player) -> SafeString | str:
        """Links to the player's records and to enter one: the way to the record form's player
        without JavaScript (its player field searches with JavaScript only)."""
        if obj.pk is None:
            return "–"
        records = format_html_join(
            ", ",
            '<a href="{}">{}</a>',
            (
                (reverse("admin:ratings_ratingrecord_change", args=[r.pk]), str(r))
                for r in obj.rating_records.all()
            ),
        )
        add = reverse("admin:ratings_ratingrecord_add")
        enter = format_html('<a href="{}?player={}">Enter a rating record</a>', add, obj.pk)
        return format_html("{} {}", records, enter) if records else enter
