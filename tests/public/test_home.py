"""The home page lists tournaments."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client

from ratings.models import Event
from tournaments.models import Tournament


@pytest.mark.django_db
def test_it_lists_tournaments_newest_first(client: Client, django_assert_num_queries) -> None:
    for day, name in ((1, "Older Open"), (20, "Newer Open")):
        Tournament.objects.create(
            name=name, start_date=date(2026, 5, day), end_date=date(2026, 5, day)
        )
    with django_assert_num_queries(2):  # events (none: no sections to fetch), tournaments
        response = client.get("/")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.index("Newer Open") < html.index("Older Open")


@pytest.mark.django_db
def test_it_lists_events_with_their_sections_beside_tournaments(
    client: Client, django_assert_num_queries
) -> None:
    day = date(2026, 5, 10)
    Tournament.objects.create(name="Club Night", start_date=date(2026, 5, 1), end_date=day)
    event = Event.objects.create(
        name="May Festival", place="Springfield", state="CA", start_date=day, end_date=day
    )
    for name in ("Open", "U1600"):
        Tournament.objects.create(
            name=f"May Festival – {name}",
            start_date=day,
            end_date=day,
            event=event,
            section_name=name,
        )
    june = date(2026, 6, 1)
    Tournament.objects.create(name="Summer Open", start_date=june, end_date=june)
    with django_assert_num_queries(3):  # events, their sections, the other tournaments
        html = client.get("/").content.decode()
    # Newest first; the sections under their event, not listed again as tournaments.
    order = ["Summer Open", "May Festival", "U1600", "Club Night"]
    assert [html.index(name) for name in order] == sorted(html.index(name) for name in order)
    assert html.index("Open</a>") < html.index("U1600")
    assert html.count("May Festival – Open") == 0 and "2 sections" in html
    assert f'href="/events/{event.pk}/"' in html


@pytest.mark.django_db
def test_it_says_when_there_is_nothing(client: Client) -> None:
    assert "No tournaments yet" in client.get("/").content.decode()


@pytest.mark.django_db
def test_it_serves_htmx_locally_and_sets_the_csrf_header(client: Client) -> None:
    html = client.get("/").content.decode()
    assert '<script src="/static/django_htmx/htmx-2.min.js"' in html
    assert 'hx-headers=\'{"X-CSRFToken":' in html
    assert "https://" not in html.split("<body")[0]  # nothing loaded from a CDN
