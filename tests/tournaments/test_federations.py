"""FIDE federation codes: every form and the CSV import refuse what FIDE does not know."""

from __future__ import annotations

import pytest

from tournaments.csv_import import preview_csv
from tournaments.entry_forms import QuickEntryForm
from tournaments.federations import FIDE_FEDERATIONS, federation_error


def test_fide_codes_are_not_iso_codes() -> None:
    for fide in ("GER", "NED", "ENG", "SCO", "WLS", "IRI", "SUI", "FID", "USA"):
        assert fide in FIDE_FEDERATIONS and federation_error(fide) == ""
    for iso in ("DEU", "NLD", "GBR", "IRN", "CHE"):
        assert (
            federation_error(iso)
            == f"{iso} is not a FIDE federation code (FIDE writes GER, NED, ENG, IRI, …)."
        )


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["usa", "Ger", " eng"])
def test_a_player_form_upper_cases_a_known_code(tournament, typed: str) -> None:
    data = {"name": "Doe, Jane", "federation": typed.strip()}
    form = QuickEntryForm(data, tournament=tournament)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["federation"] in FIDE_FEDERATIONS


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["DEU", "XX1", "US"])
def test_a_player_form_refuses_an_unknown_code(tournament, typed: str) -> None:
    form = QuickEntryForm({"name": "Doe, Jane", "federation": typed}, tournament=tournament)
    assert not form.is_valid()
    assert "federation" in form.errors


@pytest.mark.django_db
def test_the_csv_preview_flags_an_unknown_code(tournament) -> None:
    preview = preview_csv(tournament, 'name,federation\n"Doe, Jane",ger\n"Roe, Rick",DEU\n')
    assert [row.errors for row in preview.rows] == [
        [],
        ["federation must be a three-letter code like USA (FIDE's: GER, ENG, …)"],
    ]
    assert preview.rows[0].federation == "GER"
