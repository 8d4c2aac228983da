"""Admin for ratings: read-only history; rating officers correct a rating with a reason.

Only users with the ``ratings.correct_rating`` permission (the "Rating officers" group, and
superusers) may change a :class:`RatingRecord`, and only through the correction form: a new
rating and a required reason. Each correction is a :class:`RatingCorrection` row and an
admin log entry (the record's "History"). Nobody edits or deletes the history itself.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.contrib import admin
from django.contrib.auth.models import User
from django.db.models import Model, QuerySet
from django.forms import ModelForm
from django.http import HttpRequest

from config.admin_inputs import CheckedAutocomplete, CheckedDates
from ratings import services
from ratings.models import (
    Event,
    EventMember,
    RatedEvent,
    RatingChange,
    RatingCorrection,
    RatingRecord,
    RatingRequest,
    ReRating,
    UscfMember,
    shown,
)
from tournaments.models import Tournament

CORRECT = "ratings.correct_rating"

RECORD_FIELDS = (
    "player",
    "system",
    "rating",
    "games",
    "wins",
    "draws",
    "events_3plus",
    "peak_established",
    "floor",
    "life_master",
    "all_wins",
    "all_losses",
)


def _officer(request: HttpRequest) -> bool:
    return request.user.has_perm(CORRECT)


class CorrectionForm(forms.ModelForm):
    """A record's change form: the new rating and why."""

    new_rating = forms.DecimalField(
        max_digits=7,
        decimal_places=2,
        min_value=services.MIN_RATING,
        max_value=services.MAX_RATING,
        help_text="Stored with two decimals; shown rounded to the nearest integer.",
    )
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Required: why the rating is corrected (shown in the player's history).",
    )

    class Meta:
        model = RatingRecord
        fields: tuple[str, ...] = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            self.fields["new_rating"].initial = self.instance.rating

    def clean_new_rating(self) -> Any:
        new = self.cleaned_data["new_rating"]
        if new == self.instance.rating:
            raise forms.ValidationError("This is the current rating: nothing to correct.")
        return new


class EnterRecordForm(forms.ModelForm):
    """A record entered by hand (a rating the player already has), with a reason."""

    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Required: where the rating comes from.",
    )

    class Meta:
        model = RatingRecord
        fields = RECORD_FIELDS
        help_texts: ClassVar = {
            "player": "Type to search. Without JavaScript: open the player in Players and "
            "follow “Enter a rating record”, which fills this in."
        }

    def clean_rating(self) -> Any:
        rating = self.cleaned_data["rating"]
        if not services.MIN_RATING <= rating <= services.MAX_RATING:
            raise forms.ValidationError(
                f"A rating must be between {services.MIN_RATING} and {services.MAX_RATING}."
            )
        return rating


@admin.register(RatingRecord)
class RatingRecordAdmin(CheckedAutocomplete, admin.ModelAdmin):
    list_display = ("player", "system", "shown", "games", "established", "current_floor")
    list_filter = ("system", "life_master")
    search_fields = ("player__name", "player__uscf_id")
    list_select_related = ("player",)
    autocomplete_fields = ("player",)

    @admin.display(description="rating", ordering="rating")
    def shown(self, obj: RatingRecord) -> int:
        return obj.shown_rating

    @admin.display(boolean=True)
    def established(self, obj: RatingRecord) -> bool:
        return obj.established

    @admin.display(description="floor now")
    def current_floor(self, obj: RatingRecord) -> int:
        return obj.current_floor

    def has_view_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return _officer(request) or super().has_view_permission(request, obj)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return _officer(request)

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return _officer(request)

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def get_form(
        self, request: HttpRequest, obj: Any | None = None, change: bool = False, **kwargs: Any
    ) -> type[ModelForm]:
        kwargs["form"] = CorrectionForm if obj is not None else EnterRecordForm
        return super().get_form(request, obj, change, **kwargs)

    def get_readonly_fields(self, request: HttpRequest, obj: Any | None = None) -> Any:
        if obj is None:
            return ()
        return (*RECORD_FIELDS, "current_floor", "updated_at")

    def get_fieldsets(self, request: HttpRequest, obj: Any | None = None) -> Any:
        if obj is None:
            return ((None, {"fields": (*RECORD_FIELDS, "reason")}),)
        record = (None, {"fields": (*RECORD_FIELDS, "current_floor", "updated_at")})
        if not self.has_change_permission(request, obj):
            return (record,)
        return (record, ("Correct the rating", {"fields": ("new_rating", "reason")}))

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        reason = form.cleaned_data["reason"]
        assert isinstance(request.user, User)
        if change:
            correction = services.correct_rating(
                obj.pk, form.cleaned_data["new_rating"], reason, request.user
            )
            obj.refresh_from_db()
            form._correction = correction
        else:
            form._correction = services.enter_record(obj, reason, request.user)

    def construct_change_message(
        self, request: HttpRequest, form: Any, formsets: Any, add: bool = False
    ) -> Any:
        c: RatingCorrection = form._correction
        if c.old is None:
            return f"Entered rating {c.new:.2f} (shown {shown(c.new)}). Reason: {c.reason}"
        return (
            f"Corrected rating {c.old:.2f} → {c.new:.2f} (shown {shown(c.old)} → {shown(c.new)})."
            f" Reason: {c.reason}"
        )


class ReadOnlyAdmin(admin.ModelAdmin):
    """History: viewable by rating officers and users with view permission, never edited."""

    def has_view_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return _officer(request) or super().has_view_permission(request, obj)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


@admin.register(RatingCorrection)
class RatingCorrectionAdmin(ReadOnlyAdmin):
    list_display = ("record", "old", "new", "by", "at", "reason")
    list_filter = ("record__system", "at")
    search_fields = ("record__player__name", "reason")
    list_select_related = ("record__player", "by")


class RatingChangeInline(admin.TabularInline):
    model = RatingChange
    fields = ("player", "system", "pre", "post", "games_in_event", "score", "formula", "k")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def get_queryset(self, request: HttpRequest) -> QuerySet[RatingChange]:
        # One query for the rows and their players, not one more per player.
        return super().get_queryset(request).select_related("player")

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


@admin.register(RatedEvent)
class RatedEventAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "rules", "rated_at", "rated_by")
    search_fields = ("tournament__name",)
    list_select_related = ("tournament", "rated_by")
    inlines = (RatingChangeInline,)


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ("player", "system", "event", "pre", "post", "games_in_event", "formula")
    list_filter = ("system", "formula")
    search_fields = ("player__name", "event__tournament__name")
    list_select_related = ("player", "event__tournament")


@admin.register(ReRating)
class ReRatingAdmin(ReadOnlyAdmin):
    list_display = ("event", "by", "at", "reason")
    search_fields = ("event__tournament__name", "reason")
    list_select_related = ("event__tournament", "by")


@admin.register(RatingRequest)
class RatingRequestAdmin(ReadOnlyAdmin):
    """Submissions and decisions: made in the app (arbiters submit, officers apply or reject
    on /ratings/requests/), only looked at here."""

    list_display = ("tournament", "kind", "status", "submitted_by", "submitted_at", "decided_by")
    list_filter = ("status", "kind")
    search_fields = ("tournament__name", "reason", "decision")
    list_select_related = ("tournament", "submitted_by", "decided_by")


@admin.register(UscfMember)
class UscfMemberAdmin(ReadOnlyAdmin):
    """The imported US Chess rating supplement: changed only by importing a supplement, viewed
    here by rating officers (and users with view permission)."""

    list_display = (
        "uscf_id",
        "name",
        "state",
        "expires",
        "regular_rating",
        "regular_games",
        "quick_rating",
        "quick_games",
        "supplement",
    )
    list_filter = ("state", "supplement")
    search_fields = ("uscf_id", "name", "fide_id")
    ordering = ("name",)


@admin.register(EventMember)
class EventMemberAdmin(ReadOnlyAdmin):
    """The supplements arbiters uploaded for their events (each event's snapshot, issue 23):
    changed only by the event's arbiters uploading a supplement, looked at here by rating
    officers only (the rows are other arbiters' uploads) — e.g. before applying an event's
    rating."""

    list_display = (
        "uscf_id",
        "name",
        "event",
        "state",
        "expires",
        "regular_rating",
        "regular_games",
        "quick_rating",
        "quick_games",
        "supplement",
        "imported_by",
        "imported_at",
    )
    list_filter = ("imported_at", "state")
    search_fields = ("uscf_id", "name", "fide_id", "event__name")
    list_select_related = ("event", "imported_by")
    ordering = ("event", "name")

    def has_view_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return _officer(request)


class SectionInline(admin.TabularInline):
    """An event's sections, read-only: the event's arbiters add sections and move players in
    the app (events.add_section, events.move_entry), where the rules are checked."""

    model = Tournament
    fk_name = "event"
    extra = 0
    fields = ("section_name", "name", "rounds", "pairing_rating", "rating_system", "status")
    readonly_fields = fields
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_view_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return request.user.has_perm("ratings.view_event")  # who sees the event


@admin.register(Event)
class EventAdmin(CheckedDates):
    """Events with sections. Arbiters run them in the app; here superusers change an event's
    data and arbiters, and rating officers (``view_event``) look at them."""

    list_display = ("name", "start_date", "place", "state", "affiliate_id", "chief_td_id")
    list_filter = ("state", "start_date")
    search_fields = ("name", "place", "affiliate_id", "chief_td_id")
    date_hierarchy = "start_date"
    filter_horizontal = ("arbiters",)
    inlines = (SectionInline,)
    fieldsets = (
        (None, {"fields": ("name", "place", "state", "zip_code", "country", "arbiters")}),
        ("Dates", {"fields": ("start_date", "end_date")}),
        (
            "US Chess rating report",
            {
                "fields": (
                    "time_control",
                    "affiliate_id",
                    "chief_td_id",
                    "assistant_td_id",
                    "send_crosstable",
                )
            },
        ),
    )
