"""tournament_archive: hide a tournament from the list (its pages stay), or bring it back."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse


@pytest.mark.django_db
def test_it_takes_an_archived_tournament_off_the_list(arbiter_client: Client, tournament) -> None:
    url = reverse("tournament_archive", args=[tournament.pk])
    arbiter_client.post(url, {"archived": "1"})
    home = reverse("home")
    listed = "<strong>Spring Open</strong>"
    assert listed not in arbiter_client.get(home).content.decode()
    assert listed in arbiter_client.get(home, {"archived": "1"}).content.decode()
    detail = reverse("tournament_detail", args=[tournament.pk])
    assert arbiter_client.get(detail).status_code == 200
    arbiter_client.post(url, {"archived": "0"})
    assert listed in arbiter_client.get(home).content.decode()
