"""tournament_backup: the arbiter downloads everything the tournament owns as JSON."""

from __future__ import annotations

import datetime
import json

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournaments import backup
from tournaments.models import Tournament


@pytest.mark.django_db
def test_it_downloads_the_backup(arbiter_client: Client, tournament, four) -> None:
    response = arbiter_client.get(reverse("tournament_backup", args=[tournament.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    day = timezone.localdate().isoformat()
    disposition = f'attachment; filename="spring-open-{day}.backup.json"'
    assert response["Content-Disposition"] == disposition
    document = json.loads(response.content)
    assert document["format"] == backup.FORMAT and document["version"] == backup.VERSION
    assert document["tournament"]["name"] == "Spring Open"
    assert [e["name"] for e in document["entries"]] == [f"Player {i:02d}" for i in (1, 2, 3, 4)]
    assert [(g["round"], g["board"], g["result"]) for g in document["games"]] == [
        (1, 1, "1-0"),
        (1, 2, "0-1"),
        (2, 1, "1/2-1/2"),
        (2, 2, "1-0"),
    ]


@pytest.mark.django_db
def test_it_holds_birth_dates(arbiter_client: Client, tournament, make_entries) -> None:
    entry = make_entries(1)[0]
    entry.birth_date = datetime.date(1987, 6, 5)
    entry.save()
    response = arbiter_client.get(reverse("tournament_backup", args=[tournament.pk]))
    assert json.loads(response.content)["entries"][0]["birth_date"] == "1987-06-05"


@pytest.mark.django_db
def test_it_is_for_the_tournaments_arbiters_only(client: Client, other_arbiter, tournament) -> None:
    url = reverse("tournament_backup", args=[tournament.pk])
    assert client.get(url).status_code == 302
    client.force_login(other_arbiter)
    assert client.get(url).status_code == 403
    assert client.post(url).status_code == 405


@pytest.mark.django_db
def test_it_is_linked_from_the_dashboard(arbiter_client: Client, tournament) -> None:
    html = arbiter_client.get(reverse("tournament_manage", args=[tournament.pk])).content.decode()
    assert f'href="{reverse("tournament_backup", args=[tournament.pk])}"' in html
    assert ">Download backup<" in html
    assert Tournament.objects.count() == 1
