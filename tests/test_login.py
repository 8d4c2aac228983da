"""login: throttled by django-axes. Five wrong passwords for a username from one address lock
that username from that address (HTTP 429, a page that says why and for how long); the right
password does not get through until the cool-off or an administrator's reset. The suite runs
with throttling off (config/test_settings.py); these tests turn it on."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

URL = reverse("login")
RIGHT = "a-long-test-password"


@pytest.fixture(autouse=True)
def throttling(settings) -> None:
    settings.AXES_ENABLED = True


def attempt(client: Client, username: str, password: str):
    return client.post(URL, {"username": username, "password": password})


@pytest.mark.django_db
def test_it_locks_a_username_after_five_wrong_passwords(client: Client, arbiter: User) -> None:
    for _ in range(4):
        response = attempt(client, "arbiter", "wrong")
        assert response.status_code == 200
        assert "Please enter a correct username and password" in response.content.decode()
    locked = attempt(client, "arbiter", "wrong")
    assert locked.status_code == 429
    html = locked.content.decode()
    assert "Too many failed logins" in html
    assert "5 wrong passwords in a row for <strong>arbiter</strong>" in html
    assert "0:15:00" in html  # the cool-off
    # The right password is refused too while locked.
    assert attempt(client, "arbiter", RIGHT).status_code == 429
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_it_locks_only_that_username(client: Client, arbiter: User, other_arbiter: User) -> None:
    for _ in range(5):
        attempt(client, "arbiter", "wrong")
    response = attempt(client, "other", RIGHT)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(other_arbiter.pk)


@pytest.mark.django_db
def test_a_success_before_the_limit_starts_the_count_again(client: Client, arbiter: User) -> None:
    for _ in range(4):
        attempt(client, "arbiter", "wrong")
    assert attempt(client, "arbiter", RIGHT).status_code == 302
    client.logout()
    for _ in range(4):
        assert attempt(client, "arbiter", "wrong").status_code == 200


@pytest.mark.django_db
def test_an_administrator_unlocks_at_once(client: Client, arbiter: User) -> None:
    for _ in range(5):
        attempt(client, "arbiter", "wrong")
    call_command("axes_reset_username", "arbiter", verbosity=0)
    assert attempt(client, "arbiter", RIGHT).status_code == 302


@pytest.mark.django_db
def test_the_admin_login_is_throttled_too(client: Client) -> None:
    User.objects.create_superuser("root", password=RIGHT)
    url = reverse("admin:login")
    for _ in range(5):
        client.post(url, {"username": "root", "password": "wrong"})
    assert client.post(url, {"username": "root", "password": RIGHT}).status_code == 429
