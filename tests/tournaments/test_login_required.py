"""Arbiter pages send anonymous users to the login page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse


@pytest.mark.django_db
@pytest.mark.parametrize("url_name", ["tournament_create"])
def test_it_redirects_anonymous_users_to_login(client: Client, url_name: str) -> None:
    url = reverse(url_name)
    for method in (client.get, client.post):
        response = method(url)
        assert response.status_code == 302
        assert response["Location"] == f"{reverse('login')}?next={url}"


@pytest.mark.django_db
def test_login_and_logout(client: Client, arbiter) -> None:
    response = client.post(
        reverse("login"), {"username": "arbiter", "password": "a-long-test-password"}
    )
    assert response.status_code == 302
    assert "Log out arbiter" in client.get("/").content.decode()
    client.post(reverse("logout"))
    assert "Log in" in client.get("/").content.decode()
