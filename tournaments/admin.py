"""Admin pages for every tournaments model: the reviewed path for the shared player identities
(superusers and rating officers, who have ``change_player``); a tournament's entries keep the
tournament's own data of each player. Events and their sections are run in the app by their
arbiters; the admin shows the sections read-only."""

from __future__ import annotations

from django.contrib import admin

from config.admin_inputs import CheckedAutocomplete, CheckedDates
from tournaments.models import Bye, Entry, ForbiddenPair, Game, Round, Tournament, VirtualPoints

ENTRY_DATA = ("name", "title", "federation", "sex", "birth_date", "fide_id", "uscf_id")


class EntryInline(CheckedAutocomplete, admin.TabularInline):
    model = Entry
    extra = 0
    autocomplete_fields = ("player",)
    fields = ("pairing_number", "name", "player", "rating", "joined_round", "withdrawn_from_round")


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ("number", "status")
    show_change_link = True


class GameInline(admin.TabularInline):
    model = Game
    extra = 0
    fields = ("board", "white", "black", "result")
    raw_id_fields = ("white", "black")


@admin.register(Tournament)
class TournamentAdmin(CheckedDates):
    list_display = ("name", "start_date", "place", "pairing_system", "rounds", "status")
    list_filter = ("status", "pairing_system", "dutch_edition", "rating_system", "start_date")
    search_fields = ("name", "place")
    date_hierarchy = "start_date"
    filter_horizontal = ("arbiters",)
    inlines = (EntryInline, RoundInline)
    fieldsets = (
        (None, {"fields": ("name", "place", "federation", "start_date", "end_date", "arbiters")}),
        (
            "Rules",
            {
                "fields": (
                    "pairing_system",
                    "dutch_edition",
                    "rounds",
                    "initial_colour",
                    "tie_breaks",
                    "rating_system",
                    "acceleration",
                    "accelerated_rounds",
                )
            },
        ),
        (
            "Points (half-points)",
            {
                "fields": (
                    "win_points",
                    "draw_points",
                    "loss_points",
                    "bye_points",
                    "half_bye_points",
                )
            },
        ),
        ("State", {"fields": ("status",)}),
    )


@admin.register(Entry)
class EntryAdmin(CheckedAutocomplete, admin.ModelAdmin):
    list_display = (
        "pairing_number",
        "name",
        "player",
        "tournament",
        "rating",
        "joined_round",
        "withdrawn_from_round",
    )
    list_filter = ("tournament",)
    search_fields = ("name", "fide_id", "player__name", "tournament__name")
    autocomplete_fields = ("player", "tournament")
    list_select_related = ("player", "tournament")


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number", "status", "paired_at")
    list_filter = ("status", "tournament")
    search_fields = ("tournament__name",)
    inlines = (GameInline,)
    list_select_related = ("tournament",)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("round", "board", "white", "black", "result")
    list_filter = ("result", "round__tournament")
    search_fields = ("white__name", "black__name", "round__tournament__name")
    raw_id_fields = ("white", "black", "round")
    list_select_related = ("round__tournament", "white", "black")


@admin.register(Bye)
class ByeAdmin(admin.ModelAdmin):
    list_display = ("entry", "round_number", "kind")
    list_filter = ("kind", "entry__tournament")
    search_fields = ("entry__name", "entry__tournament__name")
    raw_id_fields = ("entry",)
    list_select_related = ("entry", "entry__tournament")


@admin.register(ForbiddenPair)
class ForbiddenPairAdmin(admin.ModelAdmin):
    list_display = ("tournament", "first", "second", "first_round", "last_round")
    list_filter = ("tournament",)
    search_fields = ("first__name", "second__name", "tournament__name")
    raw_id_fields = ("tournament", "first", "second")
    list_select_related = ("tournament", "first", "second")


@admin.register(VirtualPoints)
class VirtualPointsAdmin(admin.ModelAdmin):
    list_display = ("entry", "round_number", "points")
    list_filter = ("entry__tournament",)
    search_fields = ("entry__name", "entry__tournament__name")
    raw_id_fields = ("entry",)
    list_select_related = ("entry", "entry__tournament")
