"""The shared identities' admin page."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from players.models import Player
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db


def _page_queries(client: Client, player: Player, tournaments: int) -> int:
    for _ in range(tournaments):
        t = Tournament.objects.create(
            name=f"Open {player.entries.count() + 1}",
            start_date=date(2026, 4, 1),
            end_date=date(2026, 4, 2),
        )
        Entry.objects.create(tournament=t, player=player, pairing_number=1)
    url = reverse("admin:players_player_change", args=[player.pk])
    client.get(url)  # the first request also caches the content types
    with CaptureQueriesContext(connection) as queries:
        page = client.get(url)
    assert page.status_code == 200
    assert f"Open {player.entries.count()}" in page.content.decode()  # the entries are shown
    return len(queries)


def test_a_player_page_does_not_query_once_per_entry() -> None:
    """The entries inline read each entry's tournament with its own query."""
    client = Client()
    client.force_login(User.objects.create_superuser("boss", password="a-long-test-password"))
    player = Player.objects.create(name="Doe, Jane")
    assert _page_queries(client, player, 2) == _page_queries(client, player, 10)
