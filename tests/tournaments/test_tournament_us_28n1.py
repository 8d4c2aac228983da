"""The 28N1 variation (teammates only on plus-two scores) as a TD setting: the form saves it,
the section's ``XXU`` carries it (``teams-plus-two``), a TRF import reads it back, and the
management page's summary names it. The pairing itself: tests/engine/test_usswiss_28n1.py."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.test_tournament_create import FORM
from tests.tournaments.test_tournament_import_trf import DUBOV_FILE
from tournaments.models import Tournament


@pytest.mark.django_db
def test_it_saves_28n1_and_writes_it_to_xxu(arbiter_client: Client, tournament) -> None:
    from pairing.services import export_trf

    url = reverse("tournament_edit", args=[tournament.pk])
    assert "plus-two scores (28N1)" in arbiter_client.get(url).content.decode()
    assert not tournament.us_teams_plus_two  # the rules' default: 28N
    arbiter_client.post(url, FORM | {"pairing_system": "uscf", "us_teams_plus_two": "on"})
    tournament.refresh_from_db()
    assert tournament.us_teams_plus_two
    assert "XXU teams-plus-two" in export_trf(tournament)
    page = arbiter_client.get(reverse("tournament_manage", args=[tournament.pk])).content
    summary = page.decode().split('id="us-settings-summary">', 1)[1].split("</span>", 1)[0]
    assert "28N1 players kept apart meet only on plus-two scores" in summary


@pytest.mark.django_db
def test_a_trf_import_reads_28n1_back(arbiter_client: Client) -> None:
    text = f"192 USCF_SWISS\nXXU teams-plus-two apart=1,3\n{DUBOV_FILE}"
    arbiter_client.post(reverse("tournament_import_trf"), {"text": text})
    t = Tournament.objects.get()
    assert t.us_teams_plus_two and not t.us_teams_never
