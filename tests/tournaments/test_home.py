"""The home page lists tournaments."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client

from tournaments.models import Tournament


@pytest.mark.django_db
def test_it_lists_tournaments_newest_first(client: Client, django_assert_num_queries) -> None:
    for day, name in ((1, "Older Open"), (20, "Newer Open")):
        Tournament.objects.create(
            name=name, start_date=date(2026, 5, day), end_date=date(2026, 5, day)
        )
    with django_assert_num_queries(1):
        response = client.get("/")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.index("Newer Open") < html.index("Older Open")


@pytest.mark.django_db
def test_it_says_when_there_is_nothing(client: Client) -> None:
    assert "No tournaments yet" in client.get("/").content.decode()


@pytest.mark.django_db
def test_it_serves_htmx_locally_and_sets_the_csrf_header(client: Client) -> None:
    html = client.get("/").content.decode()
    assert '<script src="/static/django_htmx/htmx-2.min.js"' in html
    assert 'hx-headers=\'{"X-CSRFToken":' in html
    assert "https://" not in html.split("<body")[0]  # nothing loaded from a CDN
