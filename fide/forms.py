"""Forms of the FIDE list pages."""

from __future__ import annotations

from datetime import date

from django import forms

from fide.importer import parse_month


class UploadForm(forms.Form):
    file = forms.FileField(
        label="List file",
        help_text="players_list_foa.txt, players_list_xml_foa.xml, or the zip as downloaded "
        "from FIDE.",
    )
    month = forms.CharField(
        label="Month of the list",
        required=False,
        max_length=7,
        help_text="YYYY-MM; left empty: from the file name, else this month.",
        widget=forms.TextInput(attrs={"placeholder": "2026-11", "pattern": r"\d{4}-\d{2}"}),
    )

    def clean_month(self) -> date | None:
        text = self.cleaned_data["month"].strip()
        if not text:
            return None
        try:
            return parse_month(text)
        except ValueError as e:
            raise forms.ValidationError(str(e)) from None


class LookupForm(forms.Form):
    q = forms.CharField(
        label="FIDE ID or name",
        max_length=100,
        required=False,
        widget=forms.TextInput(attrs={"type": "search", "placeholder": "1503014 or Carlsen, M"}),
    )
