"""Issue 27: anonymous readers cost no session or CSRF work, and polls and their whole pages
come straight from the cache (``public/middleware.py``) with the same security headers as any
answer. A request the fast path answered never reached the session middleware, so it has no
``session``."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tournaments.models import Tournament

HTMX = {"HX-Request": "true"}


@pytest.fixture
def revision_cached(settings) -> None:
    settings.TOURNAMENTS_REVISION_CACHE_SECONDS = 60  # as in production
    cache.clear()


@pytest.fixture
def round_one(tournament: Tournament, make_entries, play) -> Tournament:
    make_entries(4)
    play(tournament, [[]])
    return tournament


def url(t: Tournament, name: str = "tournament_detail") -> str:
    return reverse(name, args=[t.pk])


def assert_security_headers(response) -> None:
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"


def vary(response) -> set[str]:
    return {v.strip() for v in response.get("Vary", "").split(",") if v.strip()}


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["home", "tournament_detail", "tournament_standings"])
def test_it_gives_an_anonymous_reader_no_session_and_no_cookie(
    client: Client, round_one: Tournament, page
) -> None:
    path = reverse(page) if page == "home" else url(round_one, page)
    response = client.get(path)
    assert response.status_code == 200
    assert not response.cookies  # neither a session nor a CSRF cookie
    assert response.wsgi_request.session.accessed is False
    assert "Cookie" in vary(response)  # a logged-in user gets another page
    assert "Log in" in response.content.decode()


@pytest.mark.django_db
def test_it_serves_an_anonymous_readers_page_from_the_cache(
    client: Client, revision_cached: None, round_one: Tournament, django_assert_num_queries
) -> None:
    first = client.get(url(round_one))
    with django_assert_num_queries(0):
        again = client.get(url(round_one))
    assert not hasattr(again.wsgi_request, "session")  # answered before the session middleware
    assert again.status_code == 200 and again.content == first.content
    assert vary(again) == {"Cookie", "HX-Request", "Accept-Encoding"} and not again.cookies
    assert_security_headers(again)


@pytest.mark.django_db
def test_it_serves_a_poll_from_the_cache_before_any_session_work(
    client: Client, round_one: Tournament
) -> None:
    first = client.get(url(round_one), headers=HTMX)
    assert hasattr(first.wsgi_request, "session")  # computed by the view
    for etag in ('"1-2-all"', first["ETag"]):  # an older copy, then the current one
        again = client.get(url(round_one), headers=HTMX | {"If-None-Match": etag})
        assert not hasattr(again.wsgi_request, "session")
        assert vary(again) == {"HX-Request", "Accept-Encoding"} and not again.cookies
        assert_security_headers(again)
    assert again.status_code == 304


@pytest.mark.django_db
def test_it_shows_a_logged_in_arbiter_the_menu_and_never_to_readers(
    client: Client, revision_cached: None, round_one: Tournament, arbiter: User
) -> None:
    client.get(url(round_one))  # an anonymous reader's page, now in the cache
    arbiter_client = Client()
    arbiter_client.force_login(arbiter)
    page = arbiter_client.get(url(round_one)).content.decode()
    manage = reverse("tournament_manage", args=[round_one.pk])
    assert "Log out" in page and f'href="{manage}"' in page
    assert '"X-CSRFToken": ""' not in page
    reader = client.get(url(round_one)).content.decode()
    assert "Log out" not in reader and f'href="{manage}"' not in reader


@pytest.mark.django_db
def test_it_sends_a_reader_with_a_message_to_the_view(
    client: Client, revision_cached: None, round_one: Tournament
) -> None:
    client.get(url(round_one))
    client.cookies["messages"] = "a message for this reader"
    response = client.get(url(round_one))
    assert response.status_code == 200
    assert hasattr(response.wsgi_request, "session")


@pytest.mark.django_db
def test_it_leaves_a_query_string_not_in_canonical_form_to_the_view(
    client: Client, revision_cached: None, round_one: Tournament
) -> None:
    client.get(url(round_one), {"round": "1"})
    response = client.get(f"{url(round_one)}?round=1&utm=qr")
    assert response.status_code == 200 and hasattr(response.wsgi_request, "session")
    assert 'hx-get="' + url(round_one) + '?round=1"' in response.content.decode()


@pytest.mark.django_db
def test_it_refuses_a_host_not_allowed_as_every_page_does(
    client: Client, revision_cached: None, round_one: Tournament
) -> None:
    etag = client.get(url(round_one), headers=HTMX)["ETag"]
    client.get(url(round_one))  # the anonymous reader's page, now in the cache
    for headers in (HTMX | {"If-None-Match": etag}, HTMX, {}):
        response = client.get(url(round_one), headers=headers | {"Host": "attacker.example"})
        assert response.status_code == 400
