"""The public page of an event (``/events/<pk>/``), issue 27: an anonymous reader gets it
without a session or a CSRF cookie, like the tournaments' public pages; a logged-in arbiter
still gets the page with the CSRF token its logout form and htmx posts need."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from ratings import events
from ratings.models import Event

DAY = date(2026, 5, 2)


@pytest.fixture
def event(arbiter: User) -> Event:
    e = Event.objects.create(name="May Festival", start_date=DAY, end_date=DAY, place="Reno")
    e.arbiters.add(arbiter)
    events.add_section(e.pk, events.SectionSettings(name="Open", rounds=3, pairing_rating="fide"))
    return e


@pytest.mark.django_db
def test_it_sets_no_cookie_for_an_anonymous_reader(client: Client, event: Event) -> None:
    response = client.get(reverse("event_detail", args=[event.pk]))
    assert response.status_code == 200 and "Open" in response.content.decode()
    assert not response.cookies  # neither a session nor a CSRF cookie
    assert '"X-CSRFToken": ""' in response.content.decode()
    assert "Cookie" in response["Vary"]


@pytest.mark.django_db
def test_it_gives_a_logged_in_arbiter_the_csrf_token(arbiter_client: Client, event: Event) -> None:
    response = arbiter_client.get(reverse("event_detail", args=[event.pk]))
    html = response.content.decode()
    assert response.status_code == 200 and "Manage the event" in html
    token = arbiter_client.cookies["csrftoken"].value
    assert token and '"X-CSRFToken": ""' not in html
