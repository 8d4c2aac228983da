"""Forms of a multi-section event's pages: the event, a section, moving a player between
sections."""

from __future__ import annotations

import re
from typing import Any

from django import forms

from ratings.models import Event
from tournaments.forms import MAX_ROUNDS
from tournaments.models import Tournament


class EventForm(forms.ModelForm):
    """An event with several sections, with what the US Chess rating report needs."""

    class Meta:
        model = Event
        fields = (
            "name",
            "place",
            "state",
            "zip_code",
            "country",
            "start_date",
            "end_date",
            "time_control",
            "affiliate_id",
            "chief_td_id",
            "assistant_td_id",
            "send_crosstable",
        )
        labels = {
            "place": "City",
            "zip_code": "ZIP code",
            "affiliate_id": "US Chess affiliate ID",
            "chief_td_id": "Chief TD's US Chess ID",
            "assistant_td_id": "Assistant chief TD's US Chess ID",
            "send_crosstable": "US Chess mails the crosstable to",
        }
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
        }

    def clean_state(self) -> str:
        state = str(self.cleaned_data.get("state") or "").upper()
        if state and not (len(state) == 2 and state.isalpha()):
            raise forms.ValidationError("Two letters, like CA.")
        return state

    def clean_affiliate_id(self) -> str:
        value = str(self.cleaned_data.get("affiliate_id") or "").upper()
        if value and not re.fullmatch(r"[A-Z]\d{7}", value):
            raise forms.ValidationError("A letter and 7 digits, like A1234567.")
        return value

    def _td_id(self, name: str) -> str:
        value = str(self.cleaned_data.get(name) or "")
        if value and not re.fullmatch(r"\d{8}", value):
            raise forms.ValidationError("A US Chess ID is 8 digits.")
        return value

    def clean_chief_td_id(self) -> str:
        return self._td_id("chief_td_id")

    def clean_assistant_td_id(self) -> str:
        return self._td_id("assistant_td_id")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", "The event cannot end before it starts.")
        return data


class SectionForm(forms.Form):
    """A new section of an event (a tournament of its own)."""

    name = forms.CharField(max_length=30, help_text="Open, U2000, U1600, …")
    rounds = forms.IntegerField(min_value=1, max_value=MAX_ROUNDS, initial=5)
    pairing_system = forms.ChoiceField(
        choices=Tournament.PairingSystem.choices, initial=Tournament.PairingSystem.USCF
    )
    pairing_rating = forms.ChoiceField(
        label="Paired on",
        choices=Tournament.PairingRating.choices,
        initial=Tournament.PairingRating.USCF_REGULAR,
    )
    rating_system = forms.ChoiceField(
        label="Rated in",
        choices=Tournament.RatingSystem.choices,
        initial=Tournament.RatingSystem.REGULAR,
        required=False,
    )
    rating_min = forms.IntegerField(
        label="Lower rating limit", min_value=0, max_value=3500, required=False
    )
    rating_max = forms.IntegerField(
        label="Upper rating limit",
        min_value=0,
        max_value=3500,
        required=False,
        help_text="E.g. 1199 for U1200. Empty: no limit.",
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        low, high = data.get("rating_min"), data.get("rating_max")
        if low is not None and high is not None and low > high:
            raise forms.ValidationError("The lower rating limit is above the upper one.")
        return data


class MoveForm(forms.Form):
    """Move a registered player to another section before round 1."""

    entry = forms.IntegerField(widget=forms.HiddenInput)
    section = forms.IntegerField(label="Move to")
    plays_up = forms.BooleanField(
        label="Plays up",
        required=False,
        help_text="Allow a rating below the new section's lower limit (the player's choice).",
    )
