"""prize_fund: the TD enters a section's prize fund, checked line by line."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from ratings.models import PrizeFund
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

FUND = "1st $100 + trophy\n2nd $60\n1st U2400 $20"


def test_it_saves_the_fund_and_shows_it_again(
    arbiter_client: Client, us_section: Tournament
) -> None:
    url = reverse("prize_fund", args=[us_section.pk])
    assert arbiter_client.get(url).status_code == 200
    response = arbiter_client.post(url, {"text": FUND})
    assert response.status_code == 302 and response["Location"] == url
    assert PrizeFund.objects.get(tournament=us_section).text == FUND
    html = arbiter_client.get(url).content.decode()
    assert "1st U2400 $20" in html
    assert "<li>1st: $100.00 and a trophy (everybody)</li>" in html
    assert "<li>1st U2400: $20.00 (U2400)</li>" in html


def test_it_names_the_line_it_cannot_read(arbiter_client: Client, us_section: Tournament) -> None:
    url = reverse("prize_fund", args=[us_section.pk])
    response = arbiter_client.post(url, {"text": "1st $100\n2nd sixty dollars"})
    assert response.status_code == 400
    assert "line 2" in response.content.decode()
    assert not PrizeFund.objects.exists()


def test_it_needs_the_sections_arbiter_and_a_csrf_token(
    us_section: Tournament, other_arbiter: User, arbiter: User
) -> None:
    url = reverse("prize_fund", args=[us_section.pk])
    client = Client()
    assert client.post(url, {"text": FUND}).status_code == 302  # to the login
    client.force_login(other_arbiter)
    assert client.post(url, {"text": FUND}).status_code == 403
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(arbiter)
    assert strict.post(url, {"text": FUND}).status_code == 403
    assert not PrizeFund.objects.exists()
