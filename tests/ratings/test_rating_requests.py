"""GET /ratings/requests/: the rating officers' list of events submitted for rating."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from ratings import services
from tests.ratings.conftest import play, rating_officer

pytestmark = pytest.mark.django_db
URL = reverse("rating_requests")


@pytest.fixture
def submitted(tournament, arbiter, make_players):
    make_players("Ann", "Bob")
    play(tournament, [[(0, 1, "1-0")]])
    return services.submit_for_rating(tournament.pk, arbiter)


def test_it_lists_what_waits_and_what_was_decided(submitted, django_assert_num_queries) -> None:
    client = Client()
    client.force_login(rating_officer())
    with django_assert_num_queries(6):  # session, user, permissions (2), pending, decided
        html = client.get(URL).content.decode()
    assert "Spring Open" in html and "submitted" in html and "by arbiter" in html
    assert f'href="{reverse("rating_request", args=[submitted.pk])}"' in html
    services.reject_request(submitted.pk, rating_officer(), "wrong IDs")
    html = client.get(URL).content.decode()
    assert "Nothing is waiting." in html and "rejected" in html and "wrong IDs" in html


def test_it_is_for_rating_officers_only(submitted, arbiter) -> None:
    anonymous = Client().get(URL)
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    client = Client()
    client.force_login(arbiter)
    assert client.get(URL).status_code == 403


def test_it_lists_the_latest_decisions_first(arbiter) -> None:
    """The decided list was ordered by submission: a request submitted first and decided
    last came after every later submission, and off the list past the 30 shown."""
    from players.models import Player
    from tests.ratings.conftest import enter, second_tournament

    requests = []
    for name in ("Early Open", "Late Open"):
        t = second_tournament(arbiter, name)
        enter(t, Player.objects.create(name=f"{name} A"), Player.objects.create(name=f"{name} B"))
        play(t, [[(0, 1, "1-0")]])
        requests.append(services.submit_for_rating(t.pk, arbiter))
    early, late = requests
    services.reject_request(late.pk, rating_officer(), "Decided first")
    services.reject_request(early.pk, rating_officer(), "Decided last")
    client = Client()
    client.force_login(rating_officer())
    html = client.get(URL).content.decode()
    assert html.index("Decided last") < html.index("Decided first")
