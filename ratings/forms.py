"""Forms of the ratings pages."""

from __future__ import annotations

from typing import Any

from django import forms

from ratings.models import RatingRecordQuerySet, System


class RatingSearchForm(forms.Form):
    q = forms.CharField(
        label="Search",
        required=False,
        max_length=100,
        widget=forms.TextInput(attrs={"type": "search", "placeholder": "Name or USCF ID"}),
    )
    system = forms.ChoiceField(
        label="System", required=False, choices=[("", "Both"), *System.choices]
    )

    def apply(self, records: RatingRecordQuerySet) -> RatingRecordQuerySet:
        """The records matching the search; all of them when the search is invalid (the
        form then shows why)."""
        if not self.is_valid():
            return records
        return records.search(self.cleaned_data["q"]).in_system(self.cleaned_data["system"])


class ReRateForm(forms.Form):
    reason = forms.CharField(
        label="Reason for re-rating",
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Required, e.g. “Round 3 board 2 corrected to 1–0”.",
    )


class RejectForm(forms.Form):
    reason = forms.CharField(
        label="Why is it rejected?",
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Required: the arbiters read it, e.g. “US Chess ID 12345678 is not Ann Adams”.",
    )


class SupplementForm(forms.Form):
    file = forms.FileField(
        label="US Chess rating supplement",
        help_text="The supplement US Chess publishes for TDs: its dBase file (.dbf) or its text "
        "export (tab, comma, semicolon or | separated, with a header line).",
    )


class RegisterByIdForm(forms.Form):
    section = forms.TypedChoiceField(label="Section", coerce=int, choices=())
    ids = forms.CharField(
        label="US Chess IDs",
        widget=forms.Textarea(attrs={"rows": 4, "spellcheck": "false"}),
        help_text="One or more 8-digit IDs (one per line, or separated by spaces or commas), "
        "looked up in the imported supplement.",
    )
    plays_up = forms.BooleanField(
        label="Plays up",
        required=False,
        help_text="Below the section's lower rating limit, by the player's choice.",
    )

    def __init__(self, *args: Any, sections: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["section"].choices = sections  # type: ignore[attr-defined]
