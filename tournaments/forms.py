"""Forms of the arbiter's pages."""

from __future__ import annotations

from django import forms

from tournaments.models import Tournament


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = (
            "name",
            "place",
            "federation",
            "start_date",
            "end_date",
            "pairing_system",
            "rounds",
            "initial_colour",
            "rating_system",
            "tie_breaks",
        )
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
        }

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", "The tournament cannot end before it starts.")
        return data
