"""Forms of the ratings pages."""

from __future__ import annotations

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
